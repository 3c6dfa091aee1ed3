/*
 * reduce.c: Knuth's preprocessing (his DLX-PRE: forcing and blocking) on a private copy of
 * a dancer's links, the port of pydlx/reduce.py, which says the rules and the one place
 * where they depart from his program (an option is tried at its first node without a
 * color). The same steps in the same order, so the same options and items go, for the
 * same reasons, in the same order.
 *
 * Specification: pydlx/reduce.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"

#include <string.h>
#include <time.h>

/* What became of an option or an item (pydlx/reduce.py: KEPT ... UNUSED). */
enum { KEPT = 0, FORCED = 1, BLOCKED = 2, NO_PRIMARY = 3, UNUSED = 4 };

/* The reduction's state: its copy of the links (color is the dancer's, never written),
   each node's option, and what became of each option and item. */
typedef struct {
    const Dancer *d;
    idx *top, *ulink, *dlink;
    const idx *color;
    idx *option; /* each node's option (-1: a header or spacer) */
    idx *stamp;  /* blocks: per item, the node of the option under test that holds it */
    idx *hidden; /* blocks: the nodes taken out, in order */
    idx second;  /* the first secondary item */
    Reduced *out;
} Reducer;

/* Record what became of option k. */
static void
fate_of(Reducer *t, idx k, unsigned char why, idx by)
{
    t->out->option_fate[k] = why;
    t->out->option_by[k] = by;
    t->out->order[t->out->n_order++] = k;
}

/* Item i has no option left: a secondary one goes; a primary one ends it all. */
static void
note_empty(Reducer *t, idx i)
{
    if (i < t->second) {
        t->out->infeasible = i;
        t->out->complete = 1;
    }
    else if (t->out->item_fate[i] == KEPT) {
        t->out->item_fate[i] = UNUSED;
        t->out->item_order[t->out->n_item_order++] = i;
    }
}

/* Take node q out of its item's list. */
static inline void
take_out(Reducer *t, idx q)
{
    idx u = t->ulink[q], dd = t->dlink[q];
    t->dlink[u] = dd;
    t->ulink[dd] = u;
    t->top[t->top[q]] -= 1;
}

/* The node after q in its option, around the spacer and past the nodes shortened away. */
static inline idx
next_node(const Reducer *t, idx q)
{
    for (q++; t->top[q] <= 0; q = t->ulink[q]) {
    }
    return q;
}

/* Take each option that holds c without a color out of its other items' lists; the last
   primary item left without options then (0: none). */
static idx
hide(Reducer *t, idx c)
{
    idx emptied = 0;
    for (idx r = t->dlink[c]; r != c; r = t->dlink[r]) {
        if (t->color[r] != 0)
            continue;
        for (idx q = next_node(t, r); q != r; q = next_node(t, q)) {
            take_out(t, q);
            t->out->updates++;
            if (t->top[t->top[q]] == 0 && t->top[q] < t->second)
                emptied = t->top[q];
        }
    }
    return emptied;
}

/* Undo hide (c's options put back, in the reverse order). */
static void
unhide(Reducer *t, idx c)
{
    for (idx r = t->ulink[c]; r != c; r = t->ulink[r]) {
        if (t->color[r] != 0)
            continue;
        for (idx q = r - 1; q != r;) {
            idx i = t->top[q];
            if (i <= 0) {
                q = t->dlink[q];
                continue;
            }
            t->dlink[t->ulink[q]] = t->ulink[t->dlink[q]] = q;
            t->top[i] += 1;
            q--;
        }
    }
}

/* Take r's option out of its items' lists (node r too, if including_r), noting the items
   it leaves without options. */
static void
delete(Reducer *t, idx r, int including_r)
{
    for (idx q = next_node(t, r);; q = next_node(t, q)) {
        if (q == r && !including_r)
            break;
        take_out(t, q);
        t->out->updates++;
        if (t->top[t->top[q]] == 0)
            note_empty(t, t->top[q]);
        if (q == r)
            break;
    }
}

/* Whether r's option holds item p. */
static int
holds(const Reducer *t, idx r, idx p)
{
    for (idx q = next_node(t, r); q != r; q = next_node(t, q))
        if (t->top[q] == p)
            return 1;
    return 0;
}

/* p forces c: c goes from the options that hold p, and the others that hold c go. */
static void
force(Reducer *t, idx c, idx p)
{
    for (idx r = t->dlink[c], following; r != c; r = following) {
        following = t->dlink[r];
        if (holds(t, r, p)) { /* node r: a spacer now */
            t->top[r] = 0;
            t->ulink[r] = r + 1;
            t->dlink[r] = r - 1;
        }
        else {
            fate_of(t, t->option[r], FORCED, c);
            delete(t, r, 0);
        }
    }
    t->top[c] = 0;
    t->ulink[c] = t->dlink[c] = c;
    t->out->item_fate[c] = FORCED;
    t->out->item_by[c] = p;
    t->out->item_order[t->out->n_item_order++] = c;
}

/* The primary item outside option r (whose node r's item is hidden) that r leaves without
   options, if any (0: none): each of r's other items hidden against r (its options that
   clash with r taken out of their other lists), then put back. */
static idx
blocks(Reducer *t, idx r)
{
    idx blocked = 0;
    ptrdiff_t n_hidden = 0;
    for (idx q = next_node(t, r); q != r; q = next_node(t, q))
        t->stamp[t->top[q]] = r;
    for (idx q = next_node(t, r); q != r && !blocked; q = next_node(t, q)) {
        idx x = t->color[q], item = t->top[q];
        for (idx p = t->dlink[item]; p != item && !blocked; p = t->dlink[p]) {
            if (x > 0 && t->color[p] == x) /* (p does not clash with r) */
                continue;
            for (idx qq = next_node(t, p); qq != p; qq = next_node(t, qq)) {
                idx i = t->top[qq];
                if (t->top[i] == 1 && i < t->second && t->stamp[i] != r) {
                    blocked = i;
                    break;
                }
                take_out(t, qq);
                t->hidden[n_hidden++] = qq;
            }
        }
    }
    t->out->updates += n_hidden;
    while (n_hidden > 0) {
        idx qq = t->hidden[--n_hidden];
        t->dlink[t->ulink[qq]] = t->ulink[t->dlink[qq]] = qq;
        t->top[t->top[qq]] += 1;
    }
    return blocked;
}

/* Whether node r is the first surviving node of its option without a color (the node at
   which the option is tried). */
static int
first_uncolored(const Reducer *t, idx r)
{
    for (idx q = r - 1;; q--) {
        if (t->top[q] > 0) {
            if (t->color[q] == 0)
                return 0;
        }
        else if (t->dlink[q] != q - 1) /* the spacer before the option */
            return 1;
    }
}

/* Item c's turn: forcing, else blocking; whether it removed anything (-1: out of memory). */
static int
turn(Reducer *t, idx c, idx *blocked, idx *by)
{
    idx p = hide(t, c), n = 0;
    if (p) {
        unhide(t, c);
        force(t, c, p);
        return 1;
    }
    for (idx r = t->dlink[c]; r != c; r = t->dlink[r])
        if (t->color[r] == 0 && first_uncolored(t, r) && (p = blocks(t, r)) != 0) {
            blocked[n] = r;
            by[n++] = p;
        }
    unhide(t, c);
    for (idx k = 0; k < n; k++) {
        fate_of(t, t->option[blocked[k]], BLOCKED, by[k]);
        delete(t, blocked[k], 1);
    }
    return n > 0;
}

/* Take out the options that hold no primary item (never chosen by a search). */
static void
drop_options_without_primary(Reducer *t)
{
    const idx *starts = t->d->opt_start;
    for (idx k = 0; k < t->d->n_options; k++) {
        idx q, end = starts[k + 1] - 1;
        for (q = starts[k]; q < end && t->top[q] >= t->second; q++) {
        }
        if (q < end)
            continue;
        fate_of(t, k, NO_PRIMARY, 0);
        for (q = starts[k]; q < end; q++)
            take_out(t, q);
    }
}

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The rules, in rounds until one changes nothing, at most `rounds` (0: no bound), stopping
   between two items' turns after `seconds` (0: no bound) or when `stop` says so. */
static int
run(Reducer *t, int rounds, double seconds, int (*stop)(void *), void *context, dlx_error *err)
{
    const Dancer *d = t->d;
    double deadline = seconds > 0 ? now() + seconds : 0;
    idx *blocked = dlx_malloc(((size_t)d->n_options + 1) * 2 * sizeof(idx));
    if (blocked == NULL)
        return dlx_fail(err, DLX_NO_MEMORY, 0, 0, 0);
    drop_options_without_primary(t);
    for (idx c = 1; c <= d->n_items; c++)
        if (t->top[c] == 0)
            note_empty(t, c);
    int result = 0;
    while (!t->out->infeasible && (rounds == 0 || t->out->rounds < rounds) && result == 0) {
        t->out->rounds++;
        int changed = 0;
        for (idx c = 1; c <= d->n_items && !t->out->infeasible; c++) {
            int stopped = stop != NULL && stop(context);
            if (stopped || (deadline > 0 && now() >= deadline)) {
                result = stopped ? dlx_fail(err, DLX_STOPPED, 0, 0, 0) : 1;
                break;
            }
            if (t->top[c])
                changed |= turn(t, c, blocked, blocked + d->n_options + 1);
        }
        if (result == 0 && !changed && !t->out->infeasible)
            t->out->complete = 1;
        if (!changed)
            break;
    }
    dlx_free(blocked);
    return result < 0 ? -1 : 0;
}

/* Reduce d's problem into *out (reduced_free frees it): 0, or -1 with err set (no memory,
   or DLX_STOPPED when `stop` said so). */
int
dancer_reduce(const Dancer *d, int rounds, double seconds, int (*stop)(void *), void *context, Reduced *out,
              dlx_error *err)
{
    size_t nodes = (size_t)d->n_nodes, items = (size_t)d->n_items + 1, options = (size_t)d->n_options + 1;
    memset(out, 0, sizeof *out);
    Reducer t = {d, dlx_malloc(3 * nodes * sizeof(idx)), NULL, NULL, d->color, dlx_malloc(nodes * sizeof(idx)),
                 dlx_calloc(items, sizeof(idx)), dlx_malloc(((size_t)d->n_entries + 1) * sizeof(idx)),
                 d->n_primary + 1, out};
    out->option_fate = dlx_calloc(options, 1);
    out->item_fate = dlx_calloc(items, 1);
    out->option_by = dlx_calloc(options, sizeof(idx));
    out->item_by = dlx_calloc(items, sizeof(idx));
    out->order = dlx_malloc(options * sizeof(idx));
    out->item_order = dlx_malloc(items * sizeof(idx));
    int result;
    if (t.top == NULL || t.option == NULL || t.stamp == NULL || t.hidden == NULL || out->option_fate == NULL ||
        out->item_fate == NULL || out->option_by == NULL || out->item_by == NULL || out->order == NULL ||
        out->item_order == NULL)
        result = dlx_fail(err, DLX_NO_MEMORY, 0, 0, 0);
    else {
        t.ulink = t.top + nodes;
        t.dlink = t.ulink + nodes;
        memcpy(t.top, d->top, nodes * sizeof(idx));
        memcpy(t.ulink, d->ulink, nodes * sizeof(idx));
        memcpy(t.dlink, d->dlink, nodes * sizeof(idx));
        for (size_t q = 0; q < nodes; q++)
            t.option[q] = -1;
        for (idx k = 0; k < d->n_options; k++)
            for (idx q = d->opt_start[k]; q < d->opt_start[k + 1] - 1; q++)
                t.option[q] = k;
        result = run(&t, rounds, seconds, stop, context, err);
    }
    dlx_free(t.top);
    dlx_free(t.option);
    dlx_free(t.stamp);
    dlx_free(t.hidden);
    if (result < 0)
        reduced_free(out);
    return result;
}

void
reduced_free(Reduced *out)
{
    dlx_free(out->option_fate);
    dlx_free(out->item_fate);
    dlx_free(out->option_by);
    dlx_free(out->item_by);
    dlx_free(out->order);
    dlx_free(out->item_order);
    memset(out, 0, sizeof *out);
}
