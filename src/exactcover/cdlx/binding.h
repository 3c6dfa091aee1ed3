/*
 * binding.h: what the files of the CPython binding (module.c, arguments.c, linesbinding.c)
 * share.
 *
 * Specification: none (the CPython binding)
 */
#ifndef EXACTCOVER_BINDING_H
#define EXACTCOVER_BINDING_H

#include "dlx.h"

/* module.c: a compiled matrix as a Python object, and the engine's failures raised. */
typedef struct {
    PyObject_HEAD
    Dancer d;
} DancerObject;
void raise_failure(const dlx_error *err);

/* module.c: a search as a Python object, and the refusal to touch one running elsewhere. */
typedef struct {
    PyObject_HEAD
    DancerObject *dancer; /* a reference: the search reads its arrays */
    Search s;
    int busy; /* running, in some thread (check_idle) */
} SearchObject;
int check_idle(const SearchObject *self);

/* linesbinding.c: Search.rewind, push and pop. */
PyObject *Search_rewind(SearchObject *self, PyObject *ignored);
PyObject *Search_push(SearchObject *self, PyObject *const *args, Py_ssize_t n);
PyObject *Search_pop(SearchObject *self, PyObject *const *args, Py_ssize_t n);
PyObject *Search_count_with(SearchObject *self, PyObject *args, PyObject *kwds);
PyObject *Search_thin(SearchObject *self, PyObject *args, PyObject *kwds);
PyObject *Search_unneeded(SearchObject *self, PyObject *args, PyObject *kwds);

/* lines.c's binding (linesbinding.c): Dancer.solve_lines. */
PyObject *Dancer_solve_lines(DancerObject *self, PyObject *args, PyObject *kwds);

/* arguments.c: new arrays (PyMem_Free them) from sequences or buffers of ints; NULL with an
   exception set on failure. */
idx *to_idx_array(PyObject *obj, Py_ssize_t *length, const char *what);
long long *to_cost_array(PyObject *obj, Py_ssize_t *length);
/* Dancer.search's arguments as the engine takes them (the arrays for PyMem_Free), and its
   tuning; -1 with an exception set on failure. arguments_import looks up contract.Tuning
   when the module is loaded. */
int parse_start(Start *start, PyObject *givens, PyObject *seed, PyObject *excluded, PyObject *prefix);
int parse_tuning(PyObject *obj, Tuning *tuning);
int arguments_import(PyObject *contract);

#endif
