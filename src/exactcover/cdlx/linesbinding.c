/*
 * linesbinding.c: the binding of many problems on one matrix: Dancer.solve_lines (lines.c:
 * the arguments checked, the buffers made, the GIL released while the lines are solved), and
 * Search.rewind, push, pop and count_with (a search used again: the end of search.c and of
 * lines.c).
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "binding.h"

/* The problem lines of data (not blank, not starting with '#'), counted as lines.c reads
   them: at most this many (the answers' buffer is sized by it). */
static Py_ssize_t
most_lines(const char *data, Py_ssize_t size)
{
    Py_ssize_t n = 1;
    for (const char *at = data; (at = memchr(at, '\n', (size_t)(data + size - at))) != NULL; at++)
        n++;
    return n;
}

/* Whether searches of d within `budget` can start on the tallies: its sets fit and are built
   (shared by its searches: here, with the GIL, as Search_run builds them), with the tallies'
   lists, which they have where the matrix can have tallies (tally_build). */
static int
tallies_at_hand(Dancer *d, ptrdiff_t budget)
{
    return sets_fit(d, budget) && sets_build(d) > 0 && d->bit_start != NULL;
}

/* codes (width * 256 entries, each an option, LINE_NONE or LINE_BAD) and writes (one per
   option) in range; -1 with ValueError if not. */
static int
check_codes(const Dancer *d, const idx *codes, Py_ssize_t n_codes, const idx *writes, Py_ssize_t n_writes,
            Py_ssize_t width)
{
    if (width < 1 || width > (1 << 22) || n_codes != width * 256 || n_writes != d->n_options) {
        PyErr_SetString(PyExc_ValueError, "solve_lines: codes must hold width * 256 entries and writes one per option");
        return -1;
    }
    for (Py_ssize_t k = 0; k < n_codes; k++)
        if (codes[k] < LINE_BAD || codes[k] >= d->n_options) {
            PyErr_Format(PyExc_ValueError, "solve_lines: codes[%zd] is %d, not an option, -1 or -2", k, (int)codes[k]);
            return -1;
        }
    for (Py_ssize_t k = 0; k < n_writes; k++)
        if (writes[k] < -1 || (writes[k] >= 0 && (writes[k] >> 8) >= width)) {
            PyErr_Format(PyExc_ValueError, "solve_lines: writes[%zd] is %d, not -1 or a position in the line",
                         k, (int)writes[k]);
            return -1;
        }
    return 0;
}

/* Unsupported where a line's givens are not plain covers, as in pydlx.lines. */
static int
check_dancer(const Dancer *d)
{
    dlx_error err = {DLX_UNSUPPORTED, {0}, NULL, "search each problem apart"};
    if (d->has_colors)
        err.what = "problems as lines with colors";
    else if (d->bounds != NULL)
        err.what = "problems as lines with bounds";
    else if (d->cost != NULL)
        err.what = "problems as lines with costs";
    else
        return 0;
    raise_failure(&err);
    return -1;
}

PyObject *
Dancer_solve_lines(DancerObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"data", "width", "codes", "writes", "limit", "max_nodes", "weighted", "tallies", NULL};
    Py_buffer data;
    PyObject *codes_obj, *writes_obj, *result = NULL;
    Py_ssize_t width, n_codes = 0, n_writes = 0;
    long long limit = 1, max_nodes = 0;
    int weighted = 0, tallies = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*nOO|LLpp", kwlist, &data, &width, &codes_obj, &writes_obj, &limit,
                                     &max_nodes, &weighted, &tallies))
        return NULL;
    Lines job = {0};
    idx *codes = NULL, *writes = NULL;
    PyObject *out = NULL, *status = NULL;
    if (self->d.mem == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Dancer was not initialized");
        goto done;
    }
    if (limit < 1 || limit > 253 || max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "solve_lines: limit must be 1 to 253 and max_nodes >= 0");
        goto done;
    }
    if (check_dancer(&self->d) < 0 || (codes = to_idx_array(codes_obj, &n_codes, "codes")) == NULL ||
        (writes = to_idx_array(writes_obj, &n_writes, "writes")) == NULL ||
        check_codes(&self->d, codes, n_codes, writes, n_writes, width) < 0)
        goto done;
    Py_ssize_t lines = most_lines(data.buf, data.len);
    out = PyBytes_FromStringAndSize(NULL, lines * (width + 1));
    status = PyBytes_FromStringAndSize(NULL, lines);
    if (out == NULL || status == NULL)
        goto done;
    job.data = data.buf;
    job.size = data.len;
    job.width = (idx)width;
    job.codes = codes;
    job.writes = writes;
    job.limit = limit;
    job.max_nodes = max_nodes;
    job.weighted = weighted;
    /* (where a search apart could have them, by the default tuning's budget) */
    job.tallies = tallies && tallies_at_hand(&self->d, SET_BUDGET);
    job.out = (unsigned char *)PyBytes_AS_STRING(out);
    job.status = (unsigned char *)PyBytes_AS_STRING(status);
    dlx_error err = {DLX_OK};
    ptrdiff_t done_lines;
    Py_BEGIN_ALLOW_THREADS
    done_lines = solve_lines(&self->d, &job, &err);
    Py_END_ALLOW_THREADS
    if (done_lines < 0) {
        raise_failure(&err);
        goto done;
    }
    if (_PyBytes_Resize(&out, done_lines * (width + 1)) < 0 || _PyBytes_Resize(&status, done_lines) < 0)
        goto done;
    result = Py_BuildValue("(OOLL)", out, status, job.nodes, job.solutions);
done:
    Py_XDECREF(out);
    Py_XDECREF(status);
    PyMem_Free(codes);
    PyMem_Free(writes);
    PyBuffer_Release(&data);
    return result;
}

/* -- a search used again ------------------------------------------------------------------ */

PyObject *
Search_rewind(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    dlx_error err = {DLX_OK};
    if (check_idle(self) < 0)
        return NULL;
    if (search_rewind(&self->s, &err) < 0) {
        raise_failure(&err);
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Push one option (a Python int); -1 with the error set if it cannot be. */
static int
push_one(SearchObject *self, PyObject *option)
{
    dlx_error err = {DLX_OK};
    long k = PyLong_AsLong(option);
    if (k == -1 && PyErr_Occurred())
        return -1;
    if (k < INT32_MIN || k > INT32_MAX)
        k = -1; /* (out of range: UnknownOption says so) */
    if (search_push(&self->s, (idx)k, &err) < 0) {
        if (err.kind == DLX_UNKNOWN_OPTION)
            err.facts[0] = PyLong_AsLongLong(option);
        raise_failure(&err);
        return -1;
    }
    return 0;
}

/* Push the options in turn, all or none: on a failure the ones pushed are popped again. */
PyObject *
Search_push(SearchObject *self, PyObject *const *args, Py_ssize_t n)
{
    if (check_idle(self) < 0)
        return NULL;
    for (Py_ssize_t a = 0; a < n; a++)
        if (push_one(self, args[a]) < 0) {
            while (a-- > 0)
                search_pop(&self->s);
            return NULL;
        }
    Py_RETURN_NONE;
}

/* Pop `count` (default 1) givens: the last one popped; IndexError, and none popped, if
   fewer are pushed or the search is under way. */
PyObject *
Search_pop(SearchObject *self, PyObject *const *args, Py_ssize_t n)
{
    long count = 1;
    if (n > 1)
        return PyErr_Format(PyExc_TypeError, "pop() takes at most 1 argument (%zd given)", n);
    if (n == 1 && (count = PyLong_AsLong(args[0])) == -1 && PyErr_Occurred())
        return NULL;
    if (check_idle(self) < 0)
        return NULL;
    if (count < 1)
        return PyErr_Format(PyExc_ValueError, "pop: count must be at least 1, not %ld", count);
    if (count > pushed_count(&self->s) || self->s.level != 0 || self->s.resume != X2) {
        PyErr_SetString(PyExc_IndexError, "pop: fewer givens pushed, or the search is under way (rewind it first)");
        return NULL;
    }
    idx k = -1;
    while (count-- > 0)
        k = search_pop(&self->s);
    return PyLong_FromLong(k);
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
raise_for(SearchObject *self, dlx_error *err, PyObject *seq, const idx *options, Py_ssize_t n)
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
   givens counting to `limit` solutions within max_nodes nodes (0: no bound), run on this
   search and rewound (lines.c: search_count_with); on the sets with tallies from the floor
   where its tuning lets it use the sets and the matrix can have tallies (the dancer's sets
   built here, with the GIL). */
PyObject *
Search_count_with(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "limit", "max_nodes", NULL};
    PyObject *given, *result = NULL;
    long long limit, max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OL|L:count_with", kwlist, &given, &limit, &max_nodes))
        return NULL;
    if (check_idle(self) < 0)
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
    int tallies = tallies_at_hand(&self->dancer->d, self->s.tuning.set_budget);
    Run run = {max_nodes > 0 ? max_nodes : (1LL << 62), 0, limit, -1, 1};
    dlx_error err = {DLX_OK};
    long long counted[2] = {0, 0};
    int status = search_count_with(&self->s, givens, n, -1, tallies, &run, counted, &err);
    if (status < 0)
        raise_for(self, &err, seq, givens, n);
    else
        result = Py_BuildValue("(iLL)", status, counted[0], counted[1]);
    PyMem_Free(givens);
    Py_DECREF(seq);
    return result;
}

/* thin(solution, forced=False, max_nodes=0, group=1, grouped=0): the options of the solution
   kept (thin.c: search_thin; pydlx/thin.py says what), as a list. */
PyObject *
Search_thin(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"solution", "forced", "max_nodes", "group", "grouped", NULL};
    PyObject *given, *result = NULL;
    int forced = 0;
    long long max_nodes = 0;
    Py_ssize_t group = 1, grouped = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|pLnn:thin", kwlist, &given, &forced, &max_nodes, &group,
                                     &grouped))
        return NULL;
    if (check_idle(self) < 0)
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
    int tallies = tallies_at_hand(&self->dancer->d, self->s.tuning.set_budget);
    dlx_error err = {DLX_OK};
    ptrdiff_t n_kept;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    n_kept = search_thin(&self->s, solution, n, tallies, forced, max_nodes, group, grouped, signalled, kept, &err);
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

/* unneeded(givens, max_nodes=0): the position of the first given the search does without, or
   None (thin.c: search_unneeded). */
PyObject *
Search_unneeded(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "max_nodes", NULL};
    PyObject *given, *result = NULL;
    long long max_nodes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|L:unneeded", kwlist, &given, &max_nodes))
        return NULL;
    if (check_idle(self) < 0)
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
    int tallies = tallies_at_hand(&self->dancer->d, self->s.tuning.set_budget);
    dlx_error err = {DLX_OK};
    ptrdiff_t g;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    g = search_unneeded(&self->s, givens, n, tallies, max_nodes, signalled, &err);
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
