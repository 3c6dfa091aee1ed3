/*
 * binding.h: what the files of the CPython binding (module.c, arguments.c, failures.c,
 * linesbinding.c, checkerbinding.c, reducebinding.c, cycles.c) share.
 *
 * Specification: none (the CPython binding)
 */
#ifndef EXACTCOVER_BINDING_H
#define EXACTCOVER_BINDING_H

#include "engine.h"

/* module.c: a compiled matrix as a Python object. */
typedef struct {
    PyObject_HEAD
    Dancer d;
} DancerObject;

/* failures.c: the engine's failures raised as exceptions (their classes looked up in
   contract when the module is loaded: -1 if one is missing). */
void raise_failure(const dlx_error *err);
int failures_import(PyObject *contract);

/* module.c: contract.refuse asked for what d has (Dancer.has) and the names in more (NULL
   for none; an operation's first, "checker", "lines" or "reduce"): 0, or -1 with Unsupported
   set. (One thing alone is never refused: the table is asked only for two or more.) */
int refuse_named(const Dancer *d, const char *const *more, int n_more);

/* lines.c's binding (linesbinding.c): Dancer.solve_lines. */
PyObject *Dancer_solve_lines(DancerObject *self, PyObject *args, PyObject *kwds);

/* checker.c's binding (checkerbinding.c): Dancer.checker, and the Checker type readied and
   added to the module (-1 on failure). */
PyObject *Dancer_checker(DancerObject *dancer, PyObject *args, PyObject *kwds);
int checker_ready(PyObject *module);

/* reduce.c's binding (reducebinding.c): Dancer.reduce. */
PyObject *Dancer_reduce(DancerObject *self, PyObject *args, PyObject *kwds);

/* cycles.c: the module's loop_cuts (a round of the SAT solver's loop). */
PyObject *dlx_loop_cuts(PyObject *module, PyObject *args);

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
