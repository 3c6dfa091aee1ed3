/*
 * alloc.c: the engine's allocator (alloc.h), CPython's raw one. The only file of the engine
 * proper that includes Python.h; it calls nothing else of CPython and holds no state.
 *
 * Specification: none (CPython's allocator)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "alloc.h"

void *
dlx_malloc(size_t size)
{
    return PyMem_RawMalloc(size);
}

void *
dlx_calloc(size_t count, size_t size)
{
    return PyMem_RawCalloc(count, size);
}

void
dlx_free(void *p)
{
    PyMem_RawFree(p);
}
