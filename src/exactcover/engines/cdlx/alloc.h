/*
 * alloc.h: the engine's allocator. Every file of the engine allocates through these three,
 * and alloc.c is all they depend on: CPython's raw allocator, which needs no GIL (a search
 * runs without it) and which tracemalloc sees.
 *
 * Specification: none (CPython's allocator)
 */
#ifndef EXACTCOVER_ALLOC_H
#define EXACTCOVER_ALLOC_H

#include <stddef.h>

void *dlx_malloc(size_t size);
void *dlx_calloc(size_t count, size_t size);
void dlx_free(void *p);

#endif
