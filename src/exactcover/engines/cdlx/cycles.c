/*
 * cycles.c: the cycles of a loop's taken edges and the cuts that part them, one round of the
 * SAT solver's loop (exactcover.front.satloop): loop_cuts, with the graph's arrays checked
 * first, so that no input reads outside them.
 *
 * Specification: cycles.py
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "binding.h"

/* The numbered graph (cycles.py): edge e joins ends[2e] and ends[2e + 1], var[e] is its
   variable, vertex v's edges are incident[first[v]:first[v + 1]]. */
typedef struct {
    idx *var, *ends, *first, *incident;
    Py_ssize_t edges, vertices, n_ends, n_incident;
} Graph;

/* Each cycle's first edge and its vertices (order[start[k]:start[k + 1]]), and each
   vertex's cycle. */
typedef struct {
    idx *one, *two, *cycle, *order, *start, *firsts;
    Py_ssize_t count;
} Cycles;

static int
compare(const void *a, const void *b)
{
    idx x = *(const idx *)a, y = *(const idx *)b;
    return (x > y) - (x < y);
}

/* 0 if the arrays make a graph (every index within its array), else -1 with ValueError. */
static int
checked(const Graph *g)
{
    if (g->n_ends != 2 * g->edges || g->vertices < 0)
        return PyErr_SetString(PyExc_ValueError, "loop_cuts: ends must hold two vertices per edge"), -1;
    for (Py_ssize_t k = 0; k < g->n_ends; k++)
        if (g->ends[k] < 0 || g->ends[k] >= g->vertices)
            return PyErr_SetString(PyExc_ValueError, "loop_cuts: an edge's end is no vertex"), -1;
    for (Py_ssize_t v = 0; v < g->vertices; v++)
        if (g->first[v] < 0 || g->first[v] > g->first[v + 1] || g->first[v + 1] > g->n_incident)
            return PyErr_SetString(PyExc_ValueError, "loop_cuts: first must rise within incident"), -1;
    for (Py_ssize_t k = 0; k < g->n_incident; k++)
        if (g->incident[k] < 0 || g->incident[k] >= g->edges)
            return PyErr_SetString(PyExc_ValueError, "loop_cuts: an incident edge is no edge"), -1;
    return 0;
}

/* Whether the model takes edge e (1), not (0), or -1 with an exception. */
static int
taken(PyObject *const *model, Py_ssize_t size, idx var)
{
    if (var < 1 || var > size)
        return PyErr_SetString(PyExc_ValueError, "loop_cuts: a variable is not in the model"), -1;
    long literal = PyLong_AsLong(model[var - 1]);
    if (literal == -1 && PyErr_Occurred())
        return -1;
    return literal > 0;
}

/* The taken edges' two slots at each vertex, then the walk of each cycle (cycles.py's
   loop_cuts); -1 with ValueError where a vertex takes one edge or more than two. */
static int
walk(const Graph *g, Cycles *c, PyObject *const *model, Py_ssize_t size)
{
    for (Py_ssize_t e = 0; e < g->edges; e++) {
        int on = taken(model, size, g->var[e]);
        if (on < 0)
            return -1;
        for (int side = 0; on && side < 2; side++) {
            idx vertex = g->ends[2 * e + side];
            if (c->one[vertex] < 0)
                c->one[vertex] = (idx)e;
            else if (c->two[vertex] < 0)
                c->two[vertex] = (idx)e;
            else
                return PyErr_Format(PyExc_ValueError, "vertex %d takes more than two edges", (int)vertex), -1;
        }
    }
    Py_ssize_t placed = 0;
    for (Py_ssize_t e = 0; e < g->edges; e++) {
        idx start = g->ends[2 * e], vertex = g->ends[2 * e + 1], edge = (idx)e;
        if ((c->one[start] != e && c->two[start] != e) || c->cycle[start] >= 0)
            continue; /* (not taken, or walked) */
        c->firsts[c->count] = edge;
        c->start[c->count] = (idx)placed;
        c->order[placed++] = start;
        c->cycle[start] = (idx)c->count;
        while (vertex != start) {
            if (c->two[vertex] < 0)
                return PyErr_Format(PyExc_ValueError, "vertex %d takes one edge", (int)vertex), -1;
            if (c->cycle[vertex] >= 0) /* (not in a graph whose vertices take two edges or none) */
                return PyErr_SetString(PyExc_ValueError, "loop_cuts: a walk came back off its start"), -1;
            c->order[placed++] = vertex;
            c->cycle[vertex] = (idx)c->count;
            edge = c->one[vertex] != edge ? c->one[vertex] : c->two[vertex];
            vertex = g->ends[2 * edge] + g->ends[2 * edge + 1] - vertex;
        }
        c->count++;
    }
    c->start[c->count] = (idx)placed;
    return 0;
}

/* Cycle k's cut against cycle other (cycles.py's loop_cuts), as a new list; NULL with an
   exception. `crossing` has room for every incident edge. */
static PyObject *
cut(const Graph *g, const Cycles *c, Py_ssize_t k, Py_ssize_t other, idx *crossing)
{
    Py_ssize_t n = 0, m = 0;
    for (idx i = c->start[k]; i < c->start[k + 1]; i++) {
        idx vertex = c->order[i];
        for (idx j = g->first[vertex]; j < g->first[vertex + 1]; j++) {
            idx e = g->incident[j];
            if (c->cycle[g->ends[2 * e] + g->ends[2 * e + 1] - vertex] != k)
                crossing[n++] = g->var[e];
        }
    }
    qsort(crossing, (size_t)n, sizeof(idx), compare);
    for (Py_ssize_t i = 0; i < n; i++)
        if (m == 0 || crossing[i] != crossing[m - 1])
            crossing[m++] = crossing[i]; /* (each variable once) */
    PyObject *clause = PyList_New(2 + m);
    for (Py_ssize_t i = 0; clause != NULL && i < 2 + m; i++) {
        idx literal = i == 0 ? -g->var[c->firsts[k]] : i == 1 ? -g->var[c->firsts[other]] : crossing[i - 2];
        PyObject *value = PyLong_FromLong(literal);
        if (value == NULL)
            Py_CLEAR(clause);
        else
            PyList_SET_ITEM(clause, i, value);
    }
    return clause;
}

/* The cuts of every cycle, each against the longest other; [] for one cycle or none. */
static PyObject *
cuts(const Graph *g, const Cycles *c)
{
    PyObject *found = PyList_New(0);
    if (found == NULL || c->count < 2)
        return found;
    Py_ssize_t longest = 0, second = -1;
    for (Py_ssize_t k = 1; k < c->count; k++) {
        idx length = c->start[k + 1] - c->start[k];
        if (length > c->start[longest + 1] - c->start[longest]) {
            second = longest;
            longest = k;
        }
        else if (second < 0 || length > c->start[second + 1] - c->start[second])
            second = k;
    }
    idx *crossing = PyMem_Malloc((size_t)(g->n_incident ? g->n_incident : 1) * sizeof(idx));
    if (crossing == NULL) {
        Py_DECREF(found);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; found != NULL && k < c->count; k++) {
        PyObject *clause = cut(g, c, k, longest != k ? longest : second, crossing);
        if (clause == NULL || PyList_Append(found, clause) < 0)
            Py_CLEAR(found);
        Py_XDECREF(clause);
    }
    PyMem_Free(crossing);
    return found;
}

static PyObject *
loop_cuts(const Graph *g, PyObject *model)
{
    PyObject *fast = PySequence_Fast(model, "loop_cuts: the model must be a sequence");
    if (fast == NULL)
        return NULL;
    Py_ssize_t n = g->vertices ? g->vertices : 1;
    Cycles c = {PyMem_Malloc((size_t)(6 * n + 1) * sizeof(idx)), NULL, NULL, NULL, NULL, NULL, 0};
    PyObject *found = NULL;
    if (c.one == NULL) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    c.two = c.one + n;
    c.cycle = c.two + n;
    c.order = c.cycle + n;
    c.start = c.order + n;      /* (a cycle has a vertex: at most n of them, and the end) */
    c.firsts = c.start + n + 1; /* (n more) */
    for (Py_ssize_t v = 0; v < 3 * n; v++)
        c.one[v] = -1;
    if (walk(g, &c, PySequence_Fast_ITEMS(fast), PySequence_Fast_GET_SIZE(fast)) == 0)
        found = cuts(g, &c);
    PyMem_Free(c.one);
    Py_DECREF(fast);
    return found;
}

PyObject *
dlx_loop_cuts(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *model, *var, *ends, *first, *incident, *found = NULL;
    if (!PyArg_ParseTuple(args, "OOOOO:loop_cuts", &model, &var, &ends, &first, &incident))
        return NULL;
    Graph g = {NULL, NULL, NULL, NULL, 0, 0, 0, 0};
    Py_ssize_t n_first = 0;
    if ((g.var = to_idx_array(var, &g.edges, "var")) != NULL &&
        (g.ends = to_idx_array(ends, &g.n_ends, "ends")) != NULL &&
        (g.first = to_idx_array(first, &n_first, "first")) != NULL &&
        (g.incident = to_idx_array(incident, &g.n_incident, "incident")) != NULL) {
        g.vertices = n_first - 1;
        if (checked(&g) == 0)
            found = loop_cuts(&g, model);
    }
    PyMem_Free(g.var);
    PyMem_Free(g.ends);
    PyMem_Free(g.first);
    PyMem_Free(g.incident);
    return found;
}
