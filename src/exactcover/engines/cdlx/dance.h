/*
 * dance.h: the dance, the port of pydlx/dance.py: hide and unhide, cover and uncover,
 * purify and unpurify, commit and uncommit, one option's other items committed and
 * uncommitted. Inline, and compiled with `mode` (COLORED, WIDE: see dlx.h) a constant, so
 * that each copy of the search's steps gets the steps it needs and no test of the others.
 *
 * Specification: pydlx/dance.py
 */
#ifndef EXACTCOVER_DANCE_H
#define EXACTCOVER_DANCE_H

#include "dlx.h"
#include "loop.h"

/* Take the other nodes of p's option out of their items' lists; count the removals. In mode
   ZEROS each primary item whose LEN falls to 0 adds one to s->scan.zeros (a local sum: a store
   to s->scan.zeros in the loop could alias top's). */
ALWAYS_INLINE long long
hide(Search *s, idx p, const int mode)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink, *color = s->links.color;
    const idx n1 = s->n_primary;
    long long k = 0;
    idx zeros = 0;
    idx q = p + 1;
    while (q != p) {
        idx x = top[q];
        if (x <= 0) { /* a spacer: wrap to the first node of the option */
            q = ulink[q];
            continue;
        }
        if (!(mode & COLORED) || color[q] >= 0) { /* a purified node stays in its list */
            idx u = ulink[q], d = dlink[q];
            dlink[u] = d;
            ulink[d] = u;
            top[x] -= 1;
            if (mode & ZEROS)
                zeros += (top[x] == 0) & (x <= n1);
            if (mode & WIDE)
                s->scan.dirty[x >> 6] = 1;
            k += 1;
        }
        q += 1;
    }
    if (mode & ZEROS)
        s->scan.zeros += zeros;
    return k;
}

/* Undo hide(p), in the reverse order. */
ALWAYS_INLINE void
unhide(Search *s, idx p, const int mode)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink, *color = s->links.color;
    const idx n1 = s->n_primary;
    idx zeros = 0;
    idx q = p - 1;
    while (q != p) {
        idx x = top[q];
        if (x <= 0) { /* a spacer: wrap to the last node of the option */
            q = dlink[q];
            continue;
        }
        if (!(mode & COLORED) || color[q] >= 0) {
            idx u = ulink[q], d = dlink[q];
            dlink[u] = q;
            ulink[d] = q;
            if (mode & ZEROS)
                zeros += (top[x] == 0) & (x <= n1);
            top[x] += 1;
            if (mode & WIDE)
                s->scan.dirty[x >> 6] = 1;
        }
        q -= 1;
    }
    if (mode & ZEROS)
        s->scan.zeros -= zeros;
}

/* Take option k's nodes out of their items' lists, every one (an option excluded: search.c's
   exclude, lines.c's leave_out); how many. In mode WIDE their items' blocks are marked
   dirty; mode ZEROS recounts at the next run. */
ALWAYS_INLINE long long
take_out(Search *s, idx k, const int mode)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    idx q = s->links.opt_start[k];
    for (; top[q] > 0; q++) {
        dlink[ulink[q]] = dlink[q];
        ulink[dlink[q]] = ulink[q];
        top[top[q]] -= 1;
        if (mode & WIDE)
            s->scan.dirty[top[q] >> 6] = 1;
    }
    return q - s->links.opt_start[k];
}

/* Undo take_out(k), in the reverse order. */
ALWAYS_INLINE void
put_back(Search *s, idx k, const int mode)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    idx q = s->links.opt_start[k];
    while (top[q] > 0)
        q++;
    while (q-- > s->links.opt_start[k]) {
        dlink[ulink[q]] = q;
        ulink[dlink[q]] = q;
        top[top[q]] += 1;
        if (mode & WIDE)
            s->scan.dirty[top[q] >> 6] = 1;
    }
}

/* Take item i off the list of active items and hide every option in its list. */
ALWAYS_INLINE void
cover(Search *s, idx i, const int mode)
{
    idx *dlink = s->links.dlink;
    long long k = 1;
    idx p = dlink[i];
    while (p != i) {
        k += hide(s, p, mode);
        p = dlink[p];
    }
    idx left = s->links.llink[i], right = s->links.rlink[i];
    s->links.rlink[left] = right;
    s->links.llink[right] = left;
    if (mode & ZEROS)
        s->scan.zeros -= s->links.top[i] == 0 && i <= s->n_primary;
    s->links.top[i] += COVERED;
    if (mode & WIDE)
        s->scan.dirty[i >> 6] = 1;
    s->updates += k;
}

/* Undo cover(i). */
ALWAYS_INLINE void
uncover(Search *s, idx i, const int mode)
{
    s->links.top[i] -= COVERED;
    if (mode & ZEROS)
        s->scan.zeros += s->links.top[i] == 0 && i <= s->n_primary;
    if (mode & WIDE)
        s->scan.dirty[i >> 6] = 1;
    idx left = s->links.llink[i], right = s->links.rlink[i];
    s->links.rlink[left] = i;
    s->links.llink[right] = i;
    idx *ulink = s->links.ulink;
    idx p = ulink[i];
    while (p != i) {
        unhide(s, p, mode);
        p = ulink[p];
    }
}

/* Node p's item is secondary and p has a color: hide the options of p's item that have
   another color, and mark those of p's color (but p) as purified (-1). */
static inline void
purify(Search *s, idx p)
{
    idx *color = s->links.color, *dlink = s->links.dlink;
    idx c = color[p];
    idx i = s->links.top[p];
    long long k = 0;
    idx q = dlink[i];
    while (q != i) {
        if (color[q] != c)
            k += hide(s, q, COLORED);
        else if (q != p)
            color[q] = -1;
        q = dlink[q];
    }
    s->updates += k;
}

/* Undo purify(p). */
static inline void
unpurify(Search *s, idx p)
{
    idx *color = s->links.color, *ulink = s->links.ulink;
    idx c = color[p];
    idx i = s->links.top[p];
    idx q = ulink[i];
    while (q != i) {
        if (color[q] < 0)
            color[q] = c;
        else if (q != p)
            unhide(s, q, COLORED);
        q = ulink[q];
    }
}

/* Commit node p of item j: cover j, purify it to p's color, or nothing if it is already.
   1; in mode LOOP, 0 with nothing done if p puts an edge into the loop that it refuses. */
ALWAYS_INLINE int
commit(Search *s, idx p, idx j, const int mode)
{
    if (!(mode & COLORED)) {
        cover(s, j, mode);
        return 1;
    }
    idx c = s->links.color[p];
    if (c == 0)
        cover(s, j, mode);
    else if (c > 0) { /* (c < 0: already purified to this color) */
        if ((mode & LOOP) && loop_edge(s, j, c) && !loop_add(s, j))
            return 0;
        purify(s, p);
    }
    return 1;
}

/* Undo commit(p, j). */
ALWAYS_INLINE void
uncommit(Search *s, idx p, idx j, const int mode)
{
    if (!(mode & COLORED)) {
        uncover(s, j, mode);
        return;
    }
    idx c = s->links.color[p];
    if (c == 0)
        uncover(s, j, mode);
    else if (c > 0) {
        unpurify(s, p);
        if ((mode & LOOP) && loop_edge(s, j, c))
            loop_delete(s, j);
    }
}

/* Uncommit the items of option node x's option from the one before node `from` back to the
   one after x, in the reverse order of commit_others. */
ALWAYS_INLINE void
uncommit_back(Search *s, idx x, idx from, const int mode)
{
    const idx *top = s->links.top, *dlink = s->links.dlink;
    idx p = from - 1;
    while (p != x) {
        idx j = top[p];
        if (j <= 0) {
            p = dlink[p];
        }
        else {
            uncommit(s, p, j, mode);
            p -= 1;
        }
    }
}

/* Commit the items of option node x other than its own item, in order (step X5). 1; in mode
   LOOP, 0 if the loop refused one of its edges, with what was committed of it undone. */
ALWAYS_INLINE int
commit_others(Search *s, idx x, const int mode)
{
    const idx *top = s->links.top, *ulink = s->links.ulink;
    idx p = x + 1;
    while (p != x) {
        idx j = top[p];
        if (j <= 0) {
            p = ulink[p];
        }
        else if (commit(s, p, j, mode) || !(mode & LOOP)) {
            p += 1;
        }
        else {
            uncommit_back(s, x, p, mode);
            return 0;
        }
    }
    return 1;
}

/* Undo commit_others(x): uncommit them in the reverse order (step X6). */
ALWAYS_INLINE void
uncommit_others(Search *s, idx x, const int mode)
{
    uncommit_back(s, x, x, mode);
}

#endif
