/*
 * failures.c: the engine's failures (a dlx_error) raised as the exceptions of
 * exactcover.errors, for every file of the binding. Its own file, below them all, so that
 * module.c, which readies the other files' types, and those files, which raise, do not
 * need each other.
 *
 * Specification: none (the CPython binding)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdarg.h>

#include "binding.h"

/* The exception classes of exactcover.errors, which both engines raise (looked up once, when
   the module is loaded). */
static PyObject *MatrixError, *UnknownOption, *GivensClash, *GivensBreakLoop, *GivenAndExcluded, *PrefixError,
    *Unsupported;

/* Raise cls(*args), args built by Py_BuildValue's format. */
static void
raise_error(PyObject *cls, const char *format, ...)
{
    va_list va;
    va_start(va, format);
    PyObject *args = Py_VaBuildValue(format, va);
    va_end(va);
    if (args != NULL) {
        PyObject *error = PyObject_CallObject(cls, args);
        Py_DECREF(args);
        if (error != NULL) {
            PyErr_SetObject(cls, error);
            Py_DECREF(error);
        }
    }
}

/* Raise what the engine told in err. */
void
raise_failure(const dlx_error *err)
{
    const long long *f = err->facts;
    switch (err->kind) {
    case DLX_MATRIX_ERROR:
        PyErr_SetString(MatrixError, err->message);
        break;
    case DLX_UNKNOWN_OPTION:
        raise_error(UnknownOption, "(Ls)", f[0], err->what);
        break;
    case DLX_GIVENS_CLASH:
        raise_error(GivensClash, "(LLL)", f[0], f[1], f[2]);
        break;
    case DLX_GIVENS_BREAK_LOOP:
        raise_error(GivensBreakLoop, "(LL)", f[0], f[1]);
        break;
    case DLX_GIVEN_AND_EXCLUDED:
        raise_error(GivenAndExcluded, "(L)", f[0]);
        break;
    case DLX_PREFIX_ERROR:
        raise_error(PrefixError, "(LL)", f[0], f[1]);
        break;
    case DLX_NOT_PUSHED:
        if (f[1] >= 0)
            PyErr_Format(PyExc_ValueError, "option %lld cannot be pushed: %s (item %lld)", f[0], err->what, f[1]);
        else
            PyErr_Format(PyExc_ValueError, "option %lld cannot be pushed: %s", f[0], err->what);
        break;
    case DLX_UNSUPPORTED:
        raise_error(Unsupported, "(ss)", err->what, err->instead);
        break;
    case DLX_STOPPED: /* (the caller's stop raised: its exception is set) */
        break;
    default:
        PyErr_NoMemory();
    }
}

/* The exception classes, looked up in contract (which imports them from exactcover.errors)
   when the module is loaded; -1 if one is missing. */
int
failures_import(PyObject *contract)
{
    MatrixError = PyObject_GetAttrString(contract, "MatrixError");
    UnknownOption = PyObject_GetAttrString(contract, "UnknownOption");
    GivensClash = PyObject_GetAttrString(contract, "GivensClash");
    GivensBreakLoop = PyObject_GetAttrString(contract, "GivensBreakLoop");
    GivenAndExcluded = PyObject_GetAttrString(contract, "GivenAndExcluded");
    PrefixError = PyObject_GetAttrString(contract, "PrefixError");
    Unsupported = PyObject_GetAttrString(contract, "Unsupported");
    return MatrixError && UnknownOption && GivensClash && GivensBreakLoop && GivenAndExcluded && PrefixError && Unsupported
               ? 0
               : -1;
}
