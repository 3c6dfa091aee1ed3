/*
 * loop.c: a dancer's loop constraint checked and kept (dancer_set_loop), and a search's
 * paths made and freed (loop_start, loop_free); loop.h has what the dance calls.
 *
 * Specification: pydlx/loop.py
 */
#include <stdio.h>

#include "dlx.h"
#include "engine.h"
#include "loop.h"

static int
loop_error(dlx_error *err, const char *format, long long a, long long b, long long c)
{
    err->kind = DLX_MATRIX_ERROR;
    snprintf(err->message, sizeof err->message, format, a, b, c);
    return -1;
}

/* Give d the loop of loop[0..n-1] (contract.Compiled.loop: the color, 1 if it may be empty
   else 0, then (edge, u, v) per edge, items from 0; n = 0: none): MatrixError, in pydlx's
   words, unless each edge is a secondary item named once and its ends two different items
   that are not edges. */
int
dancer_set_loop(Dancer *d, const idx *loop, ptrdiff_t n, dlx_error *err)
{
    if (n == 0)
        return 0;
    const idx items = d->n_items;
    if (loop[0] < 0 || n % 3 != 2 || (loop[1] != 0 && loop[1] != 1))
        return loop_error(err, "loop must hold a color >= 0, 0 or 1 (may it be empty), then three items (edge, u, v) for each edge",
                          0, 0, 0);
    idx *ends = dlx_calloc(2 * ((size_t)items + 2), sizeof(idx));
    if (ends == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    int result = 0;
    for (ptrdiff_t k = 2; k < n && result == 0; k += 3) { /* the edges, marked by a 1 */
        const idx e = loop[k];
        if (e < d->n_primary || e >= items)
            result = loop_error(err, "loop: edge %lld is not a secondary item", e, 0, 0);
        else if (ends[2 * e + 2] != 0)
            result = loop_error(err, "loop: an edge is named twice", 0, 0, 0);
        else
            ends[2 * e + 2] = 1;
    }
    for (ptrdiff_t k = 2; k < n && result == 0; k += 3) {
        const idx e = loop[k], u = loop[k + 1], v = loop[k + 2];
        if (u < 0 || u >= items || v < 0 || v >= items || u == v || ends[2 * u + 2] || ends[2 * v + 2])
            result = loop_error(err, "loop: edge %lld must join two different items that are not edges, not %lld and %lld",
                                e, u, v);
    }
    if (result < 0) {
        dlx_free(ends);
        return -1;
    }
    for (ptrdiff_t k = 2; k < n; k += 3) { /* (the links number items from 1) */
        ends[2 * loop[k] + 2] = loop[k + 1] + 1;
        ends[2 * loop[k] + 3] = loop[k + 2] + 1;
    }
    d->loop_ends = ends;
    d->loop_color = loop[0];
    d->loop_empty = loop[1];
    d->has[HAS_LOOP] = "loop";
    return 0;
}

/* The paths of a new search on a dancer with a loop: none yet. -1 if memory ran out. */
int
loop_start(Search *s)
{
    const size_t n = (size_t)s->dancer->n_items + 2;
    s->loop.mate = dlx_calloc(n, sizeof(idx));
    s->loop.inner = dlx_calloc(n, 1);
    s->loop.frags = s->loop.closed = 0;
    return s->loop.mate == NULL || s->loop.inner == NULL ? -1 : 0;
}

void
loop_free(Search *s)
{
    dlx_free(s->loop.mate);
    dlx_free(s->loop.inner);
    s->loop.mate = NULL;
    s->loop.inner = NULL;
}
