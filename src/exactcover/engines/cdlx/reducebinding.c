/*
 * reducebinding.c: the binding of Knuth's preprocessing (reduce.c): Dancer.reduce, which
 * runs it with the GIL held (checking for Ctrl-C between two items' turns) and returns what
 * it found as the tuple that contract.Reduced names.
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "binding.h"

/* reduce.c's stop: whether a signal's handler raised (Ctrl-C: KeyboardInterrupt). */
static int
interrupted(void *context)
{
    (void)context;
    return PyErr_CheckSignals() < 0;
}

/* A list of the n ints of `values`, or NULL with an exception. */
static PyObject *
int_list(const idx *values, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    for (Py_ssize_t k = 0; list != NULL && k < n; k++) {
        PyObject *value = PyLong_FromLong(values[k]);
        if (value == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, value);
    }
    return list;
}

PyObject *
Dancer_reduce(DancerObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"rounds", "seconds", NULL};
    int rounds = 0;
    double seconds = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|id:reduce", keywords, &rounds, &seconds))
        return NULL;
    if (rounds < 0 || seconds < 0) {
        PyErr_SetString(PyExc_ValueError, "rounds and seconds must not be negative");
        return NULL;
    }
    if (self->d.mem == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Dancer was not initialized");
        return NULL;
    }
    static const char *const reduce[] = {"reduce"};
    if (refuse_named(&self->d, reduce, 1) < 0)
        return NULL;
    Reduced out;
    dlx_error err = {0};
    if (dancer_reduce(&self->d, rounds, seconds, interrupted, NULL, &out, &err) < 0) {
        raise_failure(&err);
        return NULL;
    }
    const Dancer *d = &self->d;
    PyObject *result = Py_BuildValue(
        "(y#NNy#NNiiOL)", (const char *)out.option_fate, (Py_ssize_t)d->n_options,
        int_list(out.option_by, d->n_options), int_list(out.order, out.n_order), (const char *)out.item_fate,
        (Py_ssize_t)d->n_items + 1, int_list(out.item_by, (Py_ssize_t)d->n_items + 1),
        int_list(out.item_order, out.n_item_order), (int)out.infeasible, out.rounds,
        out.complete ? Py_True : Py_False, out.updates);
    reduced_free(&out);
    return result;
}
