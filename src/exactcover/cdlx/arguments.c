/*
 * arguments.c: the CPython binding's argument parsing (module.c has the rest): sequences
 * and buffers of ints into C arrays, and Dancer.search's arguments into the engine's Start.
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "binding.h"

/* Copy a sequence of ints (or an int32 buffer such as array('i')) into a new C array. */
idx *
to_idx_array(PyObject *obj, Py_ssize_t *length, const char *what)
{
    idx *out;
    Py_ssize_t n, k;
    if (PyObject_CheckBuffer(obj)) {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) == 0) {
            if (view.itemsize == 4 && view.format != NULL &&
                (strcmp(view.format, "i") == 0 || strcmp(view.format, "=i") == 0)) {
                n = view.len / 4;
                out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(idx));
                if (out == NULL) {
                    PyBuffer_Release(&view);
                    PyErr_NoMemory();
                    return NULL;
                }
                memcpy(out, view.buf, (size_t)n * sizeof(idx));
                PyBuffer_Release(&view);
                *length = n;
                return out;
            }
            PyBuffer_Release(&view);
        }
        else {
            PyErr_Clear();
        }
    }
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL)
        return NULL;
    n = PySequence_Fast_GET_SIZE(seq);
    out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(idx));
    if (out == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    for (k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(seq);
            return NULL;
        }
        if (v < -IDX_MAX || v > IDX_MAX) {
            PyMem_Free(out);
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return NULL;
        }
        out[k] = (idx)v;
    }
    Py_DECREF(seq);
    *length = n;
    return out;
}


/* Copy a sequence of ints (or an int64 buffer such as array('q')) into a new C array of
   costs; the engine checks them (MatrixError for a negative one). */
long long *
to_cost_array(PyObject *obj, Py_ssize_t *length)
{
    PyObject *seq = PySequence_Fast(obj, "costs");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    long long *out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(long long));
    if (out == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        out[k] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, k));
        if (out[k] == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    *length = n;
    return out;
}

/* Dancer.search's tuning: None for the defaults, or (budget, sample, floor, ratio). */
static int
parse_tuning(PyObject *obj, Tuning *tuning)
{
    Py_ssize_t budget = SET_BUDGET;
    long long sample = SAMPLE_NODES;
    double floor = SET_FLOOR, ratio = SET_RATIO;
    if (obj != Py_None) {
        if (!PyTuple_Check(obj) || !PyArg_ParseTuple(obj, "nLdd", &budget, &sample, &floor, &ratio)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "tuning must be None or (budget, sample, floor, ratio)");
            return -1;
        }
        if (budget < 0 || sample < 0 || !(ratio > 0)) {
            PyErr_SetString(PyExc_ValueError, "tuning: budget must be >= 0, sample >= 0 and ratio > 0");
            return -1;
        }
    }
    tuning->set_budget = budget;
    tuning->sample = sample;
    tuning->floor = floor;
    tuning->ratio = ratio;
    return 0;
}

/* The arguments of Dancer.search as the engine takes them (the arrays for PyMem_Free). */
int
parse_start(Start *start, PyObject *givens, PyObject *seed, PyObject *excluded, PyObject *prefix,
            PyObject *tuning)
{
    Py_ssize_t n;
    if (parse_tuning(tuning, &start->tuning) < 0)
        return -1;
    start->seeded = seed != NULL && seed != Py_None;
    if (start->seeded) {
        unsigned long long v = PyLong_AsUnsignedLongLongMask(seed);
        if (v == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        start->seed = (uint64_t)v;
    }
    if (givens != NULL) {
        if ((start->givens = to_idx_array(givens, &n, "givens")) == NULL)
            return -1;
        start->n_givens = n;
    }
    if (excluded != NULL) {
        if ((start->excluded = to_idx_array(excluded, &n, "excluded")) == NULL)
            return -1;
        start->n_excluded = n;
    }
    if (prefix != NULL) {
        if ((start->prefix = to_idx_array(prefix, &n, "prefix")) == NULL)
            return -1;
        start->n_prefix = n;
    }
    return 0;
}

