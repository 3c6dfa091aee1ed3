/*
 * loop.h: Knuth's loop constraint (DLX2-LOOP, with Rory Molinari's ideas), the port of
 * pydlx/loop.py: the paths that a search's edges of the loop's color make, an edge put in
 * (loop_add, which may refuse it) and taken out (loop_delete), inline for dance.h's commit in
 * mode LOOP. loop.c makes and frees the state and checks a dancer's loop.
 *
 * Specification: pydlx/loop.py
 */
#ifndef EXACTCOVER_LOOP_H
#define EXACTCOVER_LOOP_H

#include "dlx.h"

/* Put edge e into the paths: 0, with nothing changed, if it would give a vertex a third
   edge, close a cycle while other paths remain, or come after the cycle has closed. */
static inline int
loop_add(Search *s, idx e)
{
    Loop *l = &s->loop;
    if (l->closed)
        return 0;
    const idx u = s->dancer->loop_ends[2 * e], v = s->dancer->loop_ends[2 * e + 1];
    idx *mate = l->mate;
    unsigned char *inner = l->inner;
    const idx mu = mate[u], mv = mate[v];
    if ((mu && inner[u]) || (mv && inner[v])) /* a third edge at u or v */
        return 0;
    if (!mu) {
        if (!mv) { /* a new path u-v */
            mate[u] = v;
            mate[v] = u;
            l->frags += 1;
        }
        else { /* the path that ends at v now ends at u */
            mate[u] = mv;
            mate[mv] = u;
            inner[v] = 1;
        }
    }
    else if (!mv) { /* the path that ends at u now ends at v */
        mate[v] = mu;
        mate[mu] = v;
        inner[u] = 1;
    }
    else if (mu == v) { /* u and v end the same path: the cycle closes, if it is the only one */
        if (l->frags != 1)
            return 0;
        l->closed = e;
    }
    else { /* two paths become one */
        mate[mu] = mv;
        mate[mv] = mu;
        inner[u] = inner[v] = 1;
        l->frags -= 1;
    }
    return 1;
}

/* Undo loop_add(s, e), the last edge added that is still in. (A vertex made inner keeps its
   old mate: so the paths come apart again.) */
static inline void
loop_delete(Search *s, idx e)
{
    Loop *l = &s->loop;
    const idx u = s->dancer->loop_ends[2 * e], v = s->dancer->loop_ends[2 * e + 1];
    idx *mate = l->mate;
    unsigned char *inner = l->inner;
    const idx mu = mate[u], mv = mate[v];
    if (mu == mv) { /* e had extended a path at one end */
        if (mate[mu] == v) {
            mate[mu] = u;
            mate[v] = 0;
            inner[u] = 0;
        }
        else {
            mate[mu] = v;
            mate[u] = 0;
            inner[v] = 0;
        }
    }
    else if (mu == v) { /* e was a path of its own, or closed the cycle */
        if (l->closed == e)
            l->closed = 0;
        else {
            mate[u] = mate[v] = 0;
            l->frags -= 1;
        }
    }
    else { /* e had joined two paths */
        mate[mu] = u;
        mate[mv] = v;
        inner[u] = inner[v] = 0;
        l->frags += 1;
    }
}

/* Whether node p of item j, of color c > 0, puts an edge into the loop. */
ALWAYS_INLINE int
loop_edge(const Search *s, idx j, idx c)
{
    return c == s->dancer->loop_color && s->dancer->loop_ends[2 * j] != 0;
}

/* The mode of a commit made outside the search's loop (the givens, a prefix, a probe):
   COLORED, and LOOP on a dancer with a loop. */
static inline int
commit_mode(const Search *s)
{
    return s->loop.mate != NULL ? COLORED | LOOP : COLORED;
}

/* Whether a solution may end here: the search keeps no loop, or its chosen edges have closed
   their cycle, or (if the loop may be empty) there are none. */
static inline int
loop_complete(const Search *s)
{
    return s->loop.mate == NULL || s->loop.closed != 0 || (s->dancer->loop_empty && s->loop.frags == 0);
}

int loop_start(Search *s);
void loop_free(Search *s);

#endif
