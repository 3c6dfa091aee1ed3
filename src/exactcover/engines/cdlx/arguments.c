/*
 * arguments.c: the CPython binding's argument parsing (module.c has the rest): sequences
 * and buffers of ints into C arrays, and Dancer.search's arguments into the engine's Start
 * (its tuning, a contract.Tuning, into the engine's Tuning).
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

/* contract.Tuning, the one value a tuning may be (looked up when the module is loaded); and
   the one parsed last, with what it said: a Tuning is frozen, and the library hands the same
   few to every search (contract.Tuning.of), so most searches need not read one again. */
static PyObject *TuningClass, *LastTuning;
static Tuning LastParsed;

int
arguments_import(PyObject *contract)
{
    TuningClass = PyObject_GetAttrString(contract, "Tuning");
    return TuningClass == NULL ? -1 : 0;
}

/* One attribute of a tuning as a long long or a double; -1 with the error set on failure. */
static int
read_number(PyObject *obj, const char *name, long long *whole, double *real)
{
    PyObject *value = PyObject_GetAttrString(obj, name);
    if (value == NULL)
        return -1;
    if (whole != NULL)
        *whole = PyLong_AsLongLong(value);
    else
        *real = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return PyErr_Occurred() ? -1 : 0;
}

/* Dancer.search's tuning, a contract.Tuning (None: the defaults), into the engine's Tuning:
   the one place the binding reads it. */
int
parse_tuning(PyObject *obj, Tuning *tuning)
{
    Tuning defaults = {TO_SETS_IF_PAYS, SAMPLE_NODES, SET_BUDGET, SET_FLOOR, SET_RATIO, 0};
    long long to_sets, budget, rule, binary;
    *tuning = defaults;
    if (obj == Py_None)
        return 0;
    if (obj == LastTuning) {
        *tuning = LastParsed;
        return 0;
    }
    int is_tuning = PyObject_IsInstance(obj, TuningClass);
    if (is_tuning <= 0) {
        if (is_tuning == 0)
            PyErr_Format(PyExc_TypeError, "tuning must be None or a contract.Tuning, not %s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (read_number(obj, "to_sets", &to_sets, NULL) < 0 || read_number(obj, "sample", &tuning->sample, NULL) < 0 ||
        read_number(obj, "set_budget", &budget, NULL) < 0 || read_number(obj, "floor", NULL, &tuning->floor) < 0 ||
        read_number(obj, "ratio", NULL, &tuning->ratio) < 0 || read_number(obj, "rule", &rule, NULL) < 0 ||
        read_number(obj, "binary", &binary, NULL) < 0)
        return -1;
    if (to_sets < TO_SETS_NEVER || to_sets > TO_SETS_TALLIES || tuning->sample < 0 || budget < 0 ||
        !(tuning->ratio > 0) || rule < RULE_MRV || rule >= N_RULES) { /* (contract.Tuning checks them: this
                                                                            one was changed behind its back) */
        PyErr_SetString(PyExc_ValueError, "tuning: to_sets, sample, budget, ratio or rule out of range");
        return -1;
    }
    tuning->to_sets = (int)to_sets;
    tuning->set_budget = budget > PTRDIFF_MAX ? PTRDIFF_MAX : (ptrdiff_t)budget;
    tuning->rule = (int)rule;
    tuning->binary = binary != 0;
    Py_INCREF(obj);
    Py_XSETREF(LastTuning, obj);
    LastParsed = *tuning;
    return 0;
}

/* The arguments of Dancer.search as the engine takes them (the arrays for PyMem_Free). */
int
parse_start(Start *start, PyObject *givens, PyObject *seed, PyObject *excluded, PyObject *prefix)
{
    Py_ssize_t n;
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

