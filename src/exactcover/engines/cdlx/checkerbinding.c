/*
 * checkerbinding.c: the binding of a checker (checker.c): Dancer.checker makes one, a search
 * of the dancer made once and used again for every check, whose count_with, thin and
 * unneeded read their givens, release the GIL for the loops of checks, and raise what the
 * engine tells.
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "binding.h"

/* A checker as a Python object: its search, and whether its checks start on the tallies
   (decided when it is made, the dancer's sets built then, with the GIL). */
typedef struct {
    PyObject_HEAD
    DancerObject *dancer; /* a reference: the search reads its arrays */
    Search s;
    int tallies;
    int busy; /* thin or unneeded running, in some thread (checker_idle) */
} CheckerObject;

static PyTypeObject CheckerType;

/* Refuse a checker busy in another thread (thin and unneeded release the GIL). */
static int
checker_idle(const CheckerObject *self)
{
    if (!self->busy)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "this checker is running in another thread");
    return -1;
}

/* The options of `given` (a sequence, else TypeError `what`), n of them, as idx in
   *options, one out of idx's range as -1 (UnknownOption then); returned, the sequence read
   (a PySequence_Fast, by which a fault is named), or NULL with an exception. */
static PyObject *
read_options(PyObject *given, const char *what, idx **options, Py_ssize_t *n)
{
    PyObject *seq = PySequence_Fast(given, what);
    if (seq == NULL)
        return NULL;
    *n = PySequence_Fast_GET_SIZE(seq);
    if ((*options = PyMem_Malloc(((size_t)*n + 1) * sizeof(idx))) == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t g = 0; g < *n; g++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, g));
        if (k == -1 && PyErr_Occurred()) {
            PyMem_Free(*options);
            Py_DECREF(seq);
            return NULL;
        }
        (*options)[g] = k < INT32_MIN || k > INT32_MAX ? -1 : (idx)k;
    }
    return seq;
}

/* Whether a signal's handler raised (Ctrl-C: KeyboardInterrupt), checked between thin's and
   unneeded's checks, which run without the GIL (taken back for the check). */
static int
signalled(void)
{
    PyGILState_STATE state = PyGILState_Ensure();
    int raised = PyErr_CheckSignals() < 0;
    PyGILState_Release(state);
    return raised;
}

/* Raise err, an UnknownOption naming the first of `seq` that is not an option as given (for
   DLX_STOPPED the handler's exception is raised already). */
static void
raise_for(CheckerObject *self, dlx_error *err, PyObject *seq, const idx *options, Py_ssize_t n)
{
    if (err->kind == DLX_STOPPED)
        return;
    for (Py_ssize_t g = 0; err->kind == DLX_UNKNOWN_OPTION && g < n; g++)
        if (options[g] < 0 || options[g] >= self->dancer->d.n_options) {
            err->facts[0] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, g));
            break;
        }
    if (err->kind == DLX_VALUE_ERROR)
        PyErr_SetString(PyExc_ValueError, err->what);
    else
        raise_failure(err);
}

/* count_with(givens, limit, max_nodes=0): (status, solutions, nodes) of a new search of the
   givens counting to `limit` solutions within max_nodes nodes (0: no bound), run on the
   checker's search and rewound (checker.c: search_count_with). */
static PyObject *
Checker_count_with(CheckerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "limit", "max_nodes", NULL};
    PyObject *given, *result = NULL;
    long long limit, max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OL|L:count_with", kwlist, &given, &limit, &max_nodes))
        return NULL;
    if (checker_idle(self) < 0)
        return NULL;
    if (limit < 1 || max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "count_with: limit must be at least 1 and max_nodes >= 0");
        return NULL;
    }
    idx *givens;
    Py_ssize_t n;
    PyObject *seq = read_options(given, "count_with: givens must be a sequence of options", &givens, &n);
    if (seq == NULL)
        return NULL;
    Run run = {max_nodes > 0 ? max_nodes : (1LL << 62), 0, limit, -1, 1};
    dlx_error err = {DLX_OK};
    long long counted[2] = {0, 0};
    int status = search_count_with(&self->s, givens, n, -1, self->tallies, &run, counted, &err);
    if (status < 0)
        raise_for(self, &err, seq, givens, n);
    else
        result = Py_BuildValue("(iLL)", status, counted[0], counted[1]);
    PyMem_Free(givens);
    Py_DECREF(seq);
    return result;
}

/* thin(solution, forced=False, max_nodes=0, group=1, grouped=0): the options of the solution
   kept (checker.c: search_thin; pydlx/checker.py says what), as a list. */
static PyObject *
Checker_thin(CheckerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"solution", "forced", "max_nodes", "group", "grouped", NULL};
    PyObject *given, *result = NULL;
    int forced = 0;
    long long max_nodes = 0;
    Py_ssize_t group = 1, grouped = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|pLnn:thin", kwlist, &given, &forced, &max_nodes, &group,
                                     &grouped))
        return NULL;
    if (checker_idle(self) < 0)
        return NULL;
    if (max_nodes < 0 || group < 1 || grouped < 0) {
        PyErr_SetString(PyExc_ValueError, "thin: max_nodes and grouped must be >= 0 and group >= 1");
        return NULL;
    }
    idx *solution, *kept;
    Py_ssize_t n;
    PyObject *seq = read_options(given, "thin: the solution must be a sequence of options", &solution, &n);
    if (seq == NULL)
        return NULL;
    if ((kept = PyMem_Malloc(((size_t)n + 1) * sizeof(idx))) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    dlx_error err = {DLX_OK};
    ptrdiff_t n_kept;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    n_kept = search_thin(&self->s, solution, n, self->tallies, forced, max_nodes, group, grouped, signalled, kept, &err);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (n_kept < 0) {
        raise_for(self, &err, seq, solution, n);
        goto done;
    }
    if ((result = PyList_New(n_kept)) == NULL)
        goto done;
    for (ptrdiff_t g = 0; g < n_kept; g++)
        PyList_SET_ITEM(result, g, PyLong_FromLong(kept[g])); /* (small ints: cannot fail) */
done:
    PyMem_Free(solution);
    PyMem_Free(kept);
    Py_DECREF(seq);
    return result;
}

/* unneeded(givens, max_nodes=0): the position of the first given the checker does without, or
   None (checker.c: search_unneeded). */
static PyObject *
Checker_unneeded(CheckerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "max_nodes", NULL};
    PyObject *given, *result = NULL;
    long long max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|L:unneeded", kwlist, &given, &max_nodes))
        return NULL;
    if (checker_idle(self) < 0)
        return NULL;
    if (max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "unneeded: max_nodes must be >= 0");
        return NULL;
    }
    idx *givens;
    Py_ssize_t n;
    PyObject *seq = read_options(given, "unneeded: givens must be a sequence of options", &givens, &n);
    if (seq == NULL)
        return NULL;
    dlx_error err = {DLX_OK};
    ptrdiff_t g;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    g = search_unneeded(&self->s, givens, n, self->tallies, max_nodes, signalled, &err);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (g < 0)
        raise_for(self, &err, seq, givens, n);
    else
        result = g < n ? PyLong_FromSsize_t(g) : (Py_INCREF(Py_None), Py_None);
    PyMem_Free(givens);
    Py_DECREF(seq);
    return result;
}

/* Dancer.checker(tuning=None): a checker of the dancer's problems (pydlx/checker.py), its
   search made with no givens; Unsupported for a matrix with colors, bounds or a loop. */
PyObject *
Dancer_checker(DancerObject *dancer, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"tuning", NULL};
    PyObject *tuning = Py_None;
    Start start = {NULL};
    dlx_error err = {DLX_OK};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:checker", kwlist, &tuning) ||
        parse_tuning(tuning, &start.tuning) < 0)
        return NULL;
    if (dancer->d.mem == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Dancer was not initialized");
        return NULL;
    }
    static const char *const checker[] = {"checker"}; /* (with colors, bounds or a loop: not rewound) */
    if (refuse_named(&dancer->d, checker, 1) < 0)
        return NULL;
    CheckerObject *self = PyObject_New(CheckerObject, &CheckerType);
    if (self == NULL)
        return NULL;
    Py_INCREF(dancer);
    self->dancer = dancer;
    memset(&self->s, 0, sizeof self->s);
    self->busy = 0;
    start.cutoff = LLONG_MAX;
    if (search_init(&self->s, &dancer->d, &start, &err) < 0) {
        raise_failure(&err);
        Py_DECREF(self);
        return NULL;
    }
    self->tallies = tally_at_hand(&dancer->d, self->s.tuning.set_budget);
    return (PyObject *)self;
}

static void
Checker_dealloc(CheckerObject *self)
{
    search_release(&self->s);
    Py_XDECREF(self->dancer);
    PyObject_Free(self);
}

static PyMethodDef Checker_methods[] = {
    {"count_with", (PyCFunction)(void (*)(void))Checker_count_with, METH_VARARGS | METH_KEYWORDS,
     "count_with(givens, limit, max_nodes=0)\n--\n\n(status, solutions, nodes) of a new search of the\n"
     "givens counting to limit (see pydlx.checker.Checker.count_with)."},
    {"thin", (PyCFunction)(void (*)(void))Checker_thin, METH_VARARGS | METH_KEYWORDS,
     "thin(solution, forced=False, max_nodes=0, group=1, grouped=0)\n--\n\nThe options of a solution kept\n"
     "when each is dropped where the matrix still has that one solution (see pydlx.checker)."},
    {"unneeded", (PyCFunction)(void (*)(void))Checker_unneeded, METH_VARARGS | METH_KEYWORDS,
     "unneeded(givens, max_nodes=0)\n--\n\nThe position of the first given the checker does without,\n"
     "or None (see pydlx.checker)."},
    {NULL},
};

static PyTypeObject CheckerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "exactcover.engines._dlx.Checker",
    .tp_doc = "A checker of a dancer's problems with givens (Dancer.checker; see pydlx.checker).",
    .tp_basicsize = sizeof(CheckerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Checker_dealloc,
    .tp_methods = Checker_methods,
};

int
checker_ready(PyObject *module)
{
    if (PyType_Ready(&CheckerType) < 0)
        return -1;
    Py_INCREF(&CheckerType);
    return PyModule_AddObject(module, "Checker", (PyObject *)&CheckerType);
}
