/*
 * linesbinding.c: the binding of many problems on one matrix: Dancer.solve_lines (lines.c:
 * the arguments checked, the buffers made, the GIL released while the lines are solved).
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
    static const char *const lines_of[] = {"lines"}; /* (a line's givens are plain covers) */
    if (refuse_named(&self->d, lines_of, 1) < 0 || (codes = to_idx_array(codes_obj, &n_codes, "codes")) == NULL ||
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
    job.tallies = tallies && tally_at_hand(&self->d, SET_BUDGET);
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
