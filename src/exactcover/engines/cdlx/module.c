/*
 * module.c: the CPython binding of the C engine, exactcover.engines._dlx: the types Dancer and
 * Search of exactcover.engines.contract, and the GIL, released while a search runs (the
 * engine touches no Python object); arguments.c parses the arguments, failures.c raises the
 * engine's failures. Everything else is in the engine's files: see dlx.h.
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

#include "binding.h"

static PyTypeObject DancerType;
static PyTypeObject SearchType;

/* A search as a Python object. */
typedef struct {
    PyObject_HEAD
    DancerObject *dancer; /* a reference: the search reads its arrays */
    Search s;
    int busy; /* running, in some thread (check_idle) */
} SearchObject;

/* contract.refuse: what one search cannot combine, the one table both engines use. */
static PyObject *Refuse;

/* The rules of the item choice by their ways' names (contract.RULES) where they search
   another tree than MRV's (contract.OTHER_TREES). */
static const char *const TREE_NAMES[N_RULES] = {NULL, "weighted", "weighted-ties", "failure-rate"};

int
refuse_named(const Dancer *d, const char *const *more, int n_more)
{
    const char *named[N_HAS + 8];
    int n = 0;
    for (int k = 0; k < n_more && n < 8; k++)
        if (more[k] != NULL)
            named[n++] = more[k];
    for (int k = 0; k < N_HAS; k++)
        if (d->has[k] != NULL)
            named[n++] = d->has[k];
    if (n < 2)
        return 0;
    PyObject *args = PyTuple_New(n);
    for (int k = 0; args != NULL && k < n; k++) {
        PyObject *name = PyUnicode_FromString(named[k]);
        if (name == NULL) {
            Py_CLEAR(args);
            break;
        }
        PyTuple_SET_ITEM(args, k, name);
    }
    PyObject *refused = args != NULL ? PyObject_Call(Refuse, args, NULL) : NULL;
    Py_XDECREF(args);
    if (refused == NULL)
        return -1;
    Py_DECREF(refused);
    return 0;
}

/* -- Dancer ------------------------------------------------------------------------------ */

static int
Dancer_init(DancerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n_primary", "n_secondary", "starts", "items", "colors", "bounds", "costs", "priority",
                             "loop", NULL};
    Py_ssize_t n_primary, n_secondary, n_starts = 0, n_entries = 0, n_colors = 0;
    PyObject *starts_obj, *items_obj, *colors_obj, *bounds_obj = NULL, *costs_obj = NULL, *priority_obj = NULL,
             *loop_obj = NULL;
    idx *starts = NULL, *items = NULL, *colors = NULL, *bounds = NULL, *priority = NULL, *loop = NULL;
    long long *costs = NULL;
    Py_ssize_t n_bounds = 0, n_costs = 0, n_priority = 0, n_loop = 0;
    dlx_error err = {DLX_OK};
    int result = -1;

    if (self->d.mem != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Dancer is initialized only once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "nnOOO|OOOO", kwlist, &n_primary, &n_secondary, &starts_obj,
                                     &items_obj, &colors_obj, &bounds_obj, &costs_obj, &priority_obj, &loop_obj))
        return -1;
    if ((starts = to_idx_array(starts_obj, &n_starts, "starts")) != NULL &&
        (items = to_idx_array(items_obj, &n_entries, "items")) != NULL &&
        (colors = to_idx_array(colors_obj, &n_colors, "colors")) != NULL &&
        (bounds_obj == NULL || (bounds = to_idx_array(bounds_obj, &n_bounds, "bounds")) != NULL) &&
        (costs_obj == NULL || (costs = to_cost_array(costs_obj, &n_costs)) != NULL) &&
        (priority_obj == NULL || (priority = to_idx_array(priority_obj, &n_priority, "priority")) != NULL) &&
        (loop_obj == NULL || (loop = to_idx_array(loop_obj, &n_loop, "loop")) != NULL)) {
        result = dancer_build(&self->d, n_primary, n_secondary, starts, n_starts, items, n_entries, colors,
                              n_colors, bounds, n_bounds, costs, n_costs, &err);
        if (result == 0)
            result = dancer_set_priority(&self->d, priority, n_priority, &err);
        if (result == 0)
            result = dancer_set_loop(&self->d, loop, n_loop, &err);
        if (result < 0)
            raise_failure(&err);
    }
    PyMem_Free(starts);
    PyMem_Free(items);
    PyMem_Free(colors);
    PyMem_Free(bounds);
    PyMem_Free(costs);
    PyMem_Free(priority);
    PyMem_Free(loop);
    return result;
}

static void
Dancer_dealloc(DancerObject *self)
{
    dancer_free(&self->d);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* What it has that a refusal names (contract.REFUSED), as a tuple of their names. */
static PyObject *
Dancer_get_has(DancerObject *self, void *closure)
{
    PyObject *has = PyList_New(0);
    for (int k = 0; has != NULL && k < N_HAS; k++) {
        PyObject *name = self->d.has[k] != NULL ? PyUnicode_FromString(self->d.has[k]) : NULL;
        if (self->d.has[k] != NULL && (name == NULL || PyList_Append(has, name) < 0))
            Py_CLEAR(has);
        Py_XDECREF(name);
    }
    PyObject *result = has != NULL ? PyList_AsTuple(has) : NULL;
    Py_XDECREF(has);
    return result;
}

static PyObject *
Dancer_get_nbytes(DancerObject *self, void *closure)
{
    return PyLong_FromSsize_t(dancer_nbytes(&self->d));
}

/* The six arrays as a dict of lists (the first two of n_links entries, the others of n_nodes),
   for tests, the sanity check (exactcover.engines.sanity) and drawing the layout. */
static PyObject *
arrays_dict(idx *const arrays[6], ptrdiff_t n_links, ptrdiff_t n_nodes)
{
    const char *names[] = {"llink", "rlink", "top", "ulink", "dlink", "color"};
    PyObject *result = PyDict_New();
    if (result == NULL)
        return NULL;
    for (int a = 0; a < 6; a++) {
        Py_ssize_t n = a < 2 ? n_links : n_nodes;
        PyObject *list = PyList_New(n);
        if (list == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *v = PyLong_FromLong(arrays[a][k]);
            if (v == NULL) {
                Py_DECREF(list);
                Py_DECREF(result);
                return NULL;
            }
            PyList_SET_ITEM(list, k, v);
        }
        if (PyDict_SetItemString(result, names[a], list) < 0) {
            Py_DECREF(list);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(list);
    }
    return result;
}


static PyObject *
Dancer_get_arrays(DancerObject *self, void *closure)
{
    const Dancer *d = &self->d;
    idx *const arrays[6] = {d->llink, d->rlink, d->top, d->ulink, d->dlink, d->color};
    return arrays_dict(arrays, d->n_links, d->n_nodes);
}

static PyObject *Search_create(DancerObject *dancer, Start *start, PyObject *givens, PyObject *seed,
                               PyObject *excluded, PyObject *prefix);

static PyObject *
Dancer_search(DancerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "seed", "excluded", "prefix", "tuning", "best", "cutoff", "memo", "memo_bytes",
                             "diagram", NULL};
    PyObject *givens = NULL, *seed = Py_None, *excluded = NULL, *prefix = NULL, *tuning = Py_None, *cutoff = Py_None;
    Py_ssize_t best = 0;
    int memo = MEMO_OFF, diagram = 0;
    long long memo_bytes = 1LL << 30;
    Start start = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|OOOOOnOiLp", kwlist, &givens, &seed, &excluded, &prefix, &tuning,
                                     &best, &cutoff, &memo, &memo_bytes, &diagram) ||
        parse_tuning(tuning, &start.tuning) < 0)
        return NULL;
    if (diagram && memo != MEMO_ON) {
        PyErr_SetString(PyExc_ValueError, "a diagram needs memo=1");
        return NULL;
    }
    if ((memo != MEMO_OFF && memo != MEMO_ON && memo != MEMO_AUTO) || memo_bytes < 0) {
        PyErr_SetString(PyExc_ValueError, "memo must be 0, 1 or 2 and memo_bytes >= 0");
        return NULL;
    }
    if (self->d.mem == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Dancer was not initialized");
        return NULL;
    }
    if (best != 0 && (best < 0 || best > IDX_MAX || self->d.cost == NULL)) {
        PyErr_SetString(PyExc_ValueError, "best must be a positive number of solutions, on a dancer with costs");
        return NULL;
    }
    const char *more[] = {best > 0 ? "best" : NULL, memo != MEMO_OFF ? "memo" : NULL, seed != Py_None ? "seed" : NULL,
                          start.tuning.binary ? "binary" : TREE_NAMES[start.tuning.rule],
                          start.tuning.to_sets >= TO_SETS_ALWAYS ? "sets" : NULL};
    if (refuse_named(&self->d, more, 5) < 0)
        return NULL;
    start.cutoff = LLONG_MAX;
    if (cutoff != Py_None && ((start.cutoff = PyLong_AsLongLong(cutoff)) == -1 && PyErr_Occurred()))
        return NULL;
    start.best = (idx)best;
    start.memo = memo;
    start.memo_bytes = memo_bytes;
    start.diagram = diagram;
    return Search_create(self, &start, givens, seed, excluded, prefix);
}

static PyMethodDef Dancer_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Dancer_search, METH_VARARGS | METH_KEYWORDS,
     "search(givens=(), seed=None, excluded=(), prefix=(), tuning=None, best=0, cutoff=None,\n"
     "       memo=0, memo_bytes=1 << 30, diagram=False)\n--\n\n"
     "A new search on a private copy of the arrays, with the options excluded taken out,\n"
     "then givens chosen, then the choices of prefix replayed (the subtree under it).\n"
     "tuning: how it runs, a contract.Tuning (None: the defaults, the calibrated choice\n"
     "between the links and the sets).\n"
     "memo (1, or 2 to decide from a sample): a counting search that memoizes the counts\n"
     "of its states in a table of at most memo_bytes (see pydlx.memo)."},
    {"checker", (PyCFunction)(void (*)(void))Dancer_checker, METH_VARARGS | METH_KEYWORDS,
     "checker(tuning=None)\n--\n\nA checker of this matrix's problems with givens: one search used again\n"
     "for every check (count_with, thin, unneeded; see pydlx.checker). Not with colors, bounds or a loop."},
    {"reduce", (PyCFunction)(void (*)(void))Dancer_reduce, METH_VARARGS | METH_KEYWORDS,
     "reduce(rounds=0, seconds=0.0)\n--\n\nKnuth's preprocessing of this matrix's problem (see pydlx.reduce): what\n"
     "became of each option and item, as contract.Reduced's fields."},
    {"solve_lines", (PyCFunction)(void (*)(void))Dancer_solve_lines, METH_VARARGS | METH_KEYWORDS,
     "solve_lines(data, width, codes, writes, limit=1, max_nodes=0, weighted=False, tallies=False)\n--\n\n"
     "Every problem of data, a line of symbols each (see pydlx.lines): (answers, statuses,\n"
     "nodes, solutions); with tallies, on the sets with tallies where the matrix can have them."},
    {NULL},
};

#define DANCER_FIELD(name) (offsetof(DancerObject, d) + offsetof(Dancer, name))

static PyMemberDef Dancer_members[] = {
    {"n_items", T_INT, DANCER_FIELD(n_items), READONLY, "number of items"},
    {"n_primary", T_INT, DANCER_FIELD(n_primary), READONLY, "number of primary items"},
    {"n_options", T_INT, DANCER_FIELD(n_options), READONLY, "number of options"},
    {"n_entries", T_INT, DANCER_FIELD(n_entries), READONLY, "number of (option, item) pairs"},
    {"has_colors", T_INT, DANCER_FIELD(has_colors), READONLY, "whether any node has a color"},
    {NULL},
};

static PyGetSetDef Dancer_getset[] = {
    {"has", (getter)Dancer_get_has, NULL, "what it has that a refusal names (contract.REFUSED)", NULL},
    {"nbytes", (getter)Dancer_get_nbytes, NULL, "bytes used by the arrays", NULL},
    {"arrays", (getter)Dancer_get_arrays, NULL, "the pristine arrays, as lists", NULL},
    {NULL},
};

static PyTypeObject DancerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "exactcover.engines._dlx.Dancer",
    .tp_doc = "Dancer(n_primary, n_secondary, starts, items, colors)\n--\n\n"
              "A compiled matrix: the pristine arrays, read-only, shared by every Search.",
    .tp_basicsize = sizeof(DancerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Dancer_init,
    .tp_dealloc = (destructor)Dancer_dealloc,
    .tp_methods = Dancer_methods,
    .tp_members = Dancer_members,
    .tp_getset = Dancer_getset,
};

/* -- Search ------------------------------------------------------------------------------ */

/* A new Search on `dancer`: `start` as Dancer_search filled it, with the arrays and the seed
   parsed from the arguments. */
static PyObject *
Search_create(DancerObject *dancer, Start *start, PyObject *givens, PyObject *seed, PyObject *excluded,
              PyObject *prefix)
{
    dlx_error err = {DLX_OK};
    SearchObject *self = NULL;
    if (parse_start(start, givens, seed, excluded, prefix) < 0)
        goto done;
    self = PyObject_New(SearchObject, &SearchType);
    if (self == NULL)
        goto done;
    Py_INCREF(dancer);
    self->dancer = dancer;
    memset(&self->s, 0, sizeof self->s);
    self->busy = 0;
    if (search_init(&self->s, &dancer->d, start, &err) < 0) {
        raise_failure(&err);
        Py_CLEAR(self);
    }
done:
    PyMem_Free((void *)start->givens);
    PyMem_Free((void *)start->excluded);
    PyMem_Free((void *)start->prefix);
    return (PyObject *)self;
}

static void
Search_dealloc(SearchObject *self)
{
    search_release(&self->s);
    Py_XDECREF(self->dancer);
    PyObject_Free(self);
}

static int
check_idle(const SearchObject *self)
{
    if (!self->busy)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
    return -1;
}

static PyObject *
Search_run(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"steps", "work", "counting", "limit", "depth", NULL};
    Search *s = &self->s;
    Run run = {0, 0, 0, -1, 0};
    int status;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "L|LpLL", kwlist, &run.steps, &run.work, &run.counting,
                                     &run.limit, &run.depth))
        return NULL;
    if (run.steps < 0 || run.work < 0 || run.limit < 0) {
        PyErr_SetString(PyExc_ValueError, "steps, work and limit must not be negative");
        return NULL;
    }
    if (check_idle(self) < 0)
        return NULL;
    dlx_error err = {DLX_OK};
    if (search_takes(s, &run, &err) < 0) {
        raise_failure(&err);
        return NULL;
    }
    const long long stop = s->nodes + run.steps, work_stop = effort(s) + run.work;
    const int budgeted = run.work != 0;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = search_run(s, &run);
    Py_END_ALLOW_THREADS
    if (search_moving(s)) { /* the dancer's sets are shared: built with the GIL, then on */
        sets_build(&self->dancer->d);
        run.steps = stop - s->nodes;
        if (budgeted)
            run.work = work_stop - effort(s);
        if (run.steps > 0 && (!budgeted || run.work > 0)) {
            Py_BEGIN_ALLOW_THREADS
            status = search_run(s, &run);
            Py_END_ALLOW_THREADS
        }
        else {
            sets_move(s);
        }
    }
    self->busy = 0;
    if (status == -2) {
        PyErr_SetString(PyExc_MemoryError, "the diagram needs more memory than memo_bytes allows");
        return NULL;
    }
    if (status < 0)
        return PyErr_NoMemory();
    return PyLong_FromLong(status);
}

/* A tuple of ints from values[0..n-1], each mapped to its option number if as_options. */
static PyObject *
idx_tuple(const Search *s, const idx *values, idx n, int as_options)
{
    PyObject *result = PyTuple_New(n);
    if (result == NULL)
        return NULL;
    for (idx k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(as_options ? option_of(s, values[k]) : values[k]);
        if (v == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, v);
    }
    return result;
}

static PyObject *
Search_solution(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    const Search *s = &self->s;
    if (check_idle(self) < 0)
        return NULL;
    idx *chosen = PyMem_Malloc(((size_t)s->level + 1) * sizeof(idx));
    if (chosen == NULL)
        return PyErr_NoMemory();
    PyObject *result = idx_tuple(s, chosen, search_solution(s, chosen), 1);
    PyMem_Free(chosen);
    return result;
}

static PyObject *
Search_prefix(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    Search *s = &self->s;
    idx *chosen = PyMem_Malloc(((size_t)s->level + 1) * sizeof(idx));
    if (chosen == NULL)
        return PyErr_NoMemory();
    search_prefix(s, chosen);
    PyObject *result = idx_tuple(s, chosen, s->level, 0);
    PyMem_Free(chosen);
    return result;
}

static PyObject *
Search_fraction(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyFloat_FromDouble(search_fraction(&self->s));
}

static PyObject *
Search_share(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyFloat_FromDouble(search_share(&self->s));
}

static PyObject *
Search_solution_cost(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromLongLong(costs_solution(&self->s));
}

static PyObject *
Search_probe(SearchObject *self, PyObject *arg)
{
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    PyObject *result = NULL;
    int solved;
    if ((seed == (unsigned long long)-1 && PyErr_Occurred()) || check_idle(self) < 0)
        return NULL;
    const char *unprobed = search_unprobed(&self->s);
    if (unprobed != NULL) { /* (a probe follows MRV's tree) */
        dlx_error err = {DLX_UNSUPPORTED, {0}, unprobed, "probe one with way='auto'"};
        raise_failure(&err);
        return NULL;
    }
    idx *degrees = PyMem_Calloc(search_levels(self->s.dancer), sizeof(idx));
    idx depth = degrees == NULL ? -1 : search_probe(&self->s, (uint64_t)seed, degrees, &solved);
    if (depth < 0) {
        PyMem_Free(degrees);
        return PyErr_NoMemory();
    }
    PyObject *tuple = idx_tuple(&self->s, degrees, depth, 0);
    if (tuple != NULL)
        result = Py_BuildValue("(NO)", tuple, solved ? Py_True : Py_False);
    PyMem_Free(degrees);
    return result;
}

/* After a search with the diagram is done: (root, its nodes as bytes of int32 triples). */
static PyObject *
Search_diagram(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    idx root;
    const idx *nodes;
    size_t n;
    if (check_idle(self) < 0)
        return NULL;
    if (memo_diagram(&self->s, &root, &nodes, &n) < 0) {
        PyErr_SetString(PyExc_ValueError, "this search builds no diagram");
        return NULL;
    }
    return Py_BuildValue("(iy#)", (int)root, n ? (const char *)nodes : "", (Py_ssize_t)(3 * n * sizeof(idx)));
}

static PyMethodDef Search_methods[] = {
    {"diagram_nodes", (PyCFunction)Search_diagram, METH_NOARGS,
     "After a search with diagram=True: (root, nodes), the nodes as bytes of int32 (option, lo, hi)\n"
     "triples for nodes 2, 3, ... (0 and 1 are the terminals; see pydlx.memo)."},
    {"prefix", (PyCFunction)Search_prefix, METH_NOARGS,
     "The option nodes chosen at levels 0..level-1 (after PREFIX: the subtree's prefix)."},
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "The part of the tree under the current node: 1 / (total_1 ... total_L) (see pydlx)."},
    {"fraction", (PyCFunction)Search_fraction, METH_NOARGS,
     "Knuth's estimate of the part of this search's tree already finished (see pydlx)."},
    {"probe", (PyCFunction)Search_probe, METH_O,
     "probe(seed)\n--\n\nKnuth's random probe from the current state (see pydlx): ((d_0, ...), solved)."},
    {"run", (PyCFunction)(void (*)(void))Search_run, METH_VARARGS | METH_KEYWORDS,
     "run(steps, work=0, counting=False, limit=0, depth=-1)\n--\n\n"
     "Search on, for at most `steps` more nodes (and, if `work`, until about that much more\n"
     "effort), with the GIL released. Returns DONE, SOLUTION, PAUSED, LIMIT or PREFIX."},
    {"solution", (PyCFunction)Search_solution, METH_NOARGS,
     "The options chosen at levels 0..level-1 (after SOLUTION: the solution found)."},
    {"solution_cost", (PyCFunction)Search_solution_cost, METH_NOARGS,
     "In a search for the k best, after SOLUTION: the solution's cost (see pydlx.costs)."},
    {NULL},
};

static PyObject *
Search_get_arrays(SearchObject *self, void *closure)
{
    const Search *s = &self->s;
    idx *const arrays[6] = {s->links.llink, s->links.rlink, s->links.top, s->links.ulink, s->links.dlink, s->links.color};
    return arrays_dict(arrays, s->dancer->n_links, s->dancer->n_nodes);
}

/* The solutions counted so far: while memoizing, exact (any size), from the rows. */
static PyObject *
Search_get_solutions(SearchObject *self, void *closure)
{
    const Search *s = &self->s;
    if (!memo_active(s))
        return PyLong_FromLongLong(s->solutions);
    uint64_t *limbs = PyMem_Malloc(((size_t)memo_width(s) + 1) * sizeof(uint64_t));
    if (limbs == NULL)
        return PyErr_NoMemory();
    PyObject *total = PyLong_FromLong(0), *shift = PyLong_FromLong(64);
    for (idx k = memo_total(s, limbs); k-- > 0 && total != NULL && shift != NULL;) {
        PyObject *limb = PyLong_FromUnsignedLongLong(limbs[k]), *shifted = PyNumber_Lshift(total, shift);
        Py_SETREF(total, shifted != NULL && limb != NULL ? PyNumber_Or(shifted, limb) : NULL);
        Py_XDECREF(shifted);
        Py_XDECREF(limb);
    }
    Py_XDECREF(shift);
    PyMem_Free(limbs);
    return total;
}

/* memo_hits, memo_lookups, memo_entries, memoizing: the table's statistics. */
static PyObject *
Search_get_memo(SearchObject *self, void *closure)
{
    long long hits, lookups, entries;
    int memoizing;
    memo_stats(&self->s, &hits, &lookups, &entries, &memoizing);
    switch ((int)(intptr_t)closure) {
    case 0:
        return PyLong_FromLongLong(hits);
    case 1:
        return PyLong_FromLongLong(lookups);
    case 2:
        return PyLong_FromLongLong(entries);
    default:
        return PyBool_FromLong(memoizing);
    }
}

static PyObject *
Search_get_tallied(SearchObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(sets_tallied(&self->s));
}

static PyObject *
Search_get_way_name(SearchObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(way_name(&self->s));
}

static PyObject *
Search_get_choice_name(SearchObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(choice_name(&self->s));
}

static PyGetSetDef Search_getset[] = {
    {"arrays", (getter)Search_get_arrays, NULL, "this search's arrays now, as lists (on the links)", NULL},
    {"solutions", (getter)Search_get_solutions, NULL, "solutions visited (or counted, memoizing)", NULL},
    {"memo_hits", (getter)Search_get_memo, NULL, "states found in the table", (void *)0},
    {"memo_lookups", (getter)Search_get_memo, NULL, "states looked up", (void *)1},
    {"memo_entries", (getter)Search_get_memo, NULL, "states stored", (void *)2},
    {"memoizing", (getter)Search_get_memo, NULL, "whether the search uses its table now", (void *)3},
    {"tallied", (getter)Search_get_tallied, NULL,
     "whether it runs on the sets with tallies (tally.h), or will when it moves", NULL},
    {"way_name", (getter)Search_get_way_name, NULL, "the way it runs on now: its row of ways.c's table", NULL},
    {"choice_name", (getter)Search_get_choice_name, NULL, "its item choice: its row of choice.c's table", NULL},
    {NULL},
};

#define SEARCH_FIELD(name) (offsetof(SearchObject, s) + offsetof(Search, name))

static PyMemberDef Search_members[] = {
    {"n_items", T_INT, SEARCH_FIELD(n_items), READONLY, "number of items"},
    {"n_primary", T_INT, SEARCH_FIELD(n_primary), READONLY, "number of primary items"},
    {"nodes", T_LONGLONG, SEARCH_FIELD(nodes), READONLY, "entries into step X2"},
    {"updates", T_LONGLONG, SEARCH_FIELD(updates), READONLY, "link removals"},
    {"scanned", T_LONGLONG, SEARCH_FIELD(scanned), READONLY, "the item choice's reads, in updates' worth"},
    {"max_level", T_LONGLONG, SEARCH_FIELD(max_level), READONLY, "deepest level entered"},
    {"level", T_INT, SEARCH_FIELD(level), READONLY, "current level"},
    {"floor", T_INT, SEARCH_FIELD(floor), READONLY, "the level the search ends at (a prefix's length)"},
    {"where", T_INT, SEARCH_FIELD(ways.where), READONLY,
     "where it runs: 1 on sets of options, -1 on the links, 2 on the links while measuring\n"
     "which is faster, 0 before its first run (see ways.c)"},
    {NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "exactcover.engines._dlx.Search",
    .tp_doc = "One search on a Dancer: its own copy of the links, resumable at any node.\n"
              "Made by Dancer.search().",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_members = Search_members,
    .tp_getset = Search_getset,
};

/* -- the module ---------------------------------------------------------------------------- */

static PyObject *
dlx_lanes(PyObject *module, PyObject *args)
{
    (void)module;
    int allow = -1;
    if (!PyArg_ParseTuple(args, "|p", &allow))
        return NULL;
    return PyBool_FromLong(lanes_allow(allow));
}

static PyMethodDef dlx_methods[] = {
    {"lanes", dlx_lanes, METH_VARARGS,
     "lanes([allow]): whether the bitset way's item choice counts the options of eight items at\n"
     "once (lanes.c), for the dancers whose tables are built from now on: if the processor can\n"
     "(AVX-512 VPOPCNTDQ) and it is allowed. lanes(False) turns that off, lanes(True) back on\n"
     "(the results are the same either way: the tests run both)."},
    {"loop_cuts", dlx_loop_cuts, METH_VARARGS,
     "loop_cuts(model, var, ends, first, incident)\n--\n\nThe cuts for a SAT model whose loop's taken edges\n"
     "make more than one cycle (see exactcover.engines.cycles)."},
    {NULL},
};

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "exactcover.engines._dlx",
    .m_doc = "Dancing links in C: the port of exactcover.engines.pydlx (read that first).",
    .m_size = -1,
    .m_methods = dlx_methods,
};

/* The exception classes engines raise, refuse and Tuning, from exactcover.engines.contract; -1 if one is
   missing. */
static int
import_errors(void)
{
    PyObject *errors = PyImport_ImportModule("exactcover.engines.contract");
    if (errors == NULL)
        return -1;
    int failures = failures_import(errors);
    Refuse = PyObject_GetAttrString(errors, "refuse");
    int tuning = arguments_import(errors);
    Py_DECREF(errors);
    return failures == 0 && Refuse && tuning == 0 ? 0 : -1;
}

PyMODINIT_FUNC
PyInit__dlx(void)
{
    if (PyType_Ready(&DancerType) < 0 || PyType_Ready(&SearchType) < 0 || import_errors() < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dlx_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&DancerType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Dancer", (PyObject *)&DancerType) < 0 || checker_ready(m) < 0 ||
        PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddIntConstant(m, "DONE", DONE) < 0 || PyModule_AddIntConstant(m, "SOLUTION", SOLUTION) < 0 ||
        PyModule_AddIntConstant(m, "PAUSED", PAUSED) < 0 || PyModule_AddIntConstant(m, "LIMIT", LIMIT) < 0 ||
        PyModule_AddIntConstant(m, "PREFIX", PREFIX) < 0 || PyModule_AddIntConstant(m, "ZEROS_ITEMS", ZEROS_ITEMS) < 0 ||
        PyModule_AddObject(m, "TALLIES", Py_BuildValue("(ddii)", TALLY_FLOOR, TALLY_LINE, TALLY_COVERED, MAX_TALLY)) < 0 ||
        PyModule_AddObject(m, "DEFAULT_TUNING",
                           Py_BuildValue("(nLdd)", (Py_ssize_t)SET_BUDGET, (long long)SAMPLE_NODES, SET_FLOOR,
                                         SET_RATIO)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
