/*
 * dancer.c: a compiled matrix, the port of pydlx/dancer.py: the input checked, then the
 * arrays of the layout drawn in pydlx's docstring built in one block, which every search
 * copies with one memcpy.
 *
 * Specification: pydlx/dancer.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fail with MatrixError(message). */
static int
matrix_error(dlx_error *err, const char *format, ...)
{
    va_list va;
    va_start(va, format);
    vsnprintf(err->message, sizeof err->message, format, va);
    va_end(va);
    err->kind = DLX_MATRIX_ERROR;
    return -1;
}

/* Reject what would corrupt the links; the messages match pydlx's check_input. */
static int
check_input(ptrdiff_t n_primary, ptrdiff_t n_secondary, const idx *starts, ptrdiff_t n_starts, const idx *items,
            ptrdiff_t n_entries, const idx *colors, ptrdiff_t n_colors, dlx_error *err)
{
    ptrdiff_t n = n_primary + n_secondary, k, j;
    if (n_primary < 0 || n_secondary < 0)
        return matrix_error(err, "item counts must not be negative");
    if (n_starts < 1 || starts[0] != 0 || starts[n_starts - 1] != n_entries)
        return matrix_error(err, "starts must run from 0 to len(items)");
    if (n_colors != n_entries)
        return matrix_error(err, "colors must be as long as items");
    if (n >= COVERED || n + 2 + n_entries + n_starts >= COVERED)
        return matrix_error(err, "matrix too large");
    for (k = 0; k < n_starts - 1; k++) /* all of them first: then every range is in bounds */
        if (starts[k + 1] < starts[k])
            return matrix_error(err, "starts must not decrease (option %td)", k);
    idx *owner = dlx_malloc((size_t)(n ? n : 1) * sizeof(idx));
    if (owner == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    for (j = 0; j < n; j++)
        owner[j] = -1;
    int result = 0;
    for (k = 0; k < n_starts - 1 && result == 0; k++) {
        for (j = starts[k]; j < starts[k + 1]; j++) {
            idx i = items[j], c = colors[j];
            if (i < 0 || i >= n) {
                result = matrix_error(err, "option %td has item %d out of range", k, (int)i);
                break;
            }
            if (owner[i] == k) {
                result = matrix_error(err, "option %td has item %d twice", k, (int)i);
                break;
            }
            owner[i] = (idx)k;
            if (c < 0 || (c > 0 && i < n_primary)) {
                result = matrix_error(err, "option %td has a bad color on item %d", k, (int)i);
                break;
            }
        }
    }
    dlx_free(owner);
    return result;
}

/* The item lists: primary items hang from 0, secondary ones from n + 1. */
static void
link_items(Dancer *d)
{
    idx n = d->n_items, *llink = d->llink, *rlink = d->rlink;
    for (int pass = 0; pass < 2; pass++) {
        idx head = pass ? n + 1 : 0, first = pass ? d->n_primary + 1 : 1, last = pass ? n : d->n_primary;
        idx previous = head;
        for (idx i = first; i <= last; i++) {
            llink[i] = previous;
            rlink[previous] = i;
            previous = i;
        }
        llink[head] = previous;
        rlink[previous] = head;
    }
}

/* The nodes: headers, then the options between spacers. */
static void
link_options(Dancer *d, const idx *starts, const idx *items, const idx *colors)
{
    idx n = d->n_items, *top = d->top, *ulink = d->ulink, *dlink = d->dlink, *color = d->color;
    for (idx i = 1; i <= n; i++)
        ulink[i] = dlink[i] = i;
    idx spacer = n + 1; /* the first spacer */
    for (idx k = 0; k < d->n_options; k++) {
        idx first = spacer + 1, q = spacer;
        d->opt_start[k] = first;
        for (idx j = starts[k]; j < starts[k + 1]; j++) {
            idx i = items[j] + 1;
            q += 1;
            top[q] = i;
            color[q] = colors[j];
            idx u = ulink[i]; /* append q at the bottom of item i's list */
            ulink[q] = u;
            dlink[q] = i;
            dlink[u] = q;
            ulink[i] = q;
            top[i] += 1;
        }
        dlink[spacer] = q; /* the last node of option k */
        spacer = q + 1;
        top[spacer] = -(k + 1);
        ulink[spacer] = first; /* the first node of option k */
    }
    d->opt_start[d->n_options] = spacer + 1;
}

/* Bounds for every primary item or none, each 0 <= lo <= hi with hi >= 1 (the messages
   match pydlx's check_bounds); into d->bounds unless all are 1..1. */
static int
set_bounds(Dancer *d, ptrdiff_t n_primary, const idx *bounds, ptrdiff_t n_bounds, dlx_error *err)
{
    int trivial = 1;
    if (n_bounds != 0 && n_bounds != 2 * n_primary)
        return matrix_error(err, "bounds must hold lo and hi for every primary item, or be empty");
    for (ptrdiff_t k = 0; k < n_bounds; k += 2) {
        if (!(0 <= bounds[k] && bounds[k] <= bounds[k + 1]) || bounds[k + 1] < 1)
            return matrix_error(err, "item %td has bad bounds %d..%d", k / 2, (int)bounds[k], (int)bounds[k + 1]);
        trivial &= bounds[k] == 1 && bounds[k + 1] == 1;
    }
    if (trivial)
        return 0;
    d->bounds = dlx_malloc((size_t)n_bounds * sizeof(idx));
    if (d->bounds == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    memcpy(d->bounds, bounds, (size_t)n_bounds * sizeof(idx));
    d->has[HAS_BOUNDS] = "bounds";
    return 0;
}

/* Costs for every option or none, none negative (the messages match pydlx's); 1 if some
   option costs something, 0 if not, -1 if not costs. */
static int
check_costs(ptrdiff_t n_options, const long long *costs, ptrdiff_t n_costs, dlx_error *err)
{
    int some = 0;
    if (n_costs != 0 && n_costs != n_options)
        return matrix_error(err, "costs must hold a cost for every option, or be empty");
    for (ptrdiff_t k = 0; k < n_costs; k++) {
        if (costs[k] < 0)
            return matrix_error(err, "option %td has a negative cost", k);
        some |= costs[k] != 0;
    }
    return some;
}

/* Build d (zeroed by the caller) from the compiled form of exactcover.engines.contract.Compiled. */
int
dancer_build(Dancer *d, ptrdiff_t n_primary, ptrdiff_t n_secondary, const idx *starts, ptrdiff_t n_starts,
             const idx *items, ptrdiff_t n_entries, const idx *colors, ptrdiff_t n_colors, const idx *bounds,
             ptrdiff_t n_bounds, const long long *costs, ptrdiff_t n_costs, dlx_error *err)
{
    int costed;
    if (check_input(n_primary, n_secondary, starts, n_starts, items, n_entries, colors, n_colors, err) < 0 ||
        (costed = check_costs(n_starts - 1, costs, n_costs, err)) < 0 || set_bounds(d, n_primary, bounds, n_bounds, err) < 0)
        return -1;
    idx n = (idx)(n_primary + n_secondary), n_options = (idx)(n_starts - 1);
    ptrdiff_t size = (ptrdiff_t)n + 2 + n_entries + n_options;
    d->mem = dlx_calloc((size_t)(2 * (n + 2) + 4 * size), sizeof(idx));
    d->opt_start = dlx_calloc((size_t)n_options + 1, sizeof(idx));
    if (d->mem == NULL || d->opt_start == NULL) {
        dancer_free(d);
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    d->n_items = n;
    d->n_primary = (idx)n_primary;
    d->n_options = n_options;
    d->n_entries = (idx)n_entries;
    d->n_links = n + 2;
    d->n_words = n_options / 64 + 1;
    d->n_nodes = size;
    d->llink = d->mem;
    d->rlink = d->llink + (n + 2);
    d->top = d->rlink + (n + 2);
    d->ulink = d->top + size;
    d->dlink = d->ulink + size;
    d->color = d->dlink + size;
    for (ptrdiff_t j = 0; j < n_entries; j++)
        if (colors[j]) {
            d->has_colors = 1;
            d->has[HAS_COLORS] = "colors";
        }
    link_items(d);
    link_options(d, starts, items, colors);
    if (costed && costs_prepare(d, costs) < 0) { /* taxes, net costs, sorted lists */
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    return 0;
}

/* Mark the primary items of d that have priority: flags[i - 1] for item i, n of them (0:
   none has, and d keeps none). 0; -1 if memory ran out or n is not n_primary. */
int
dancer_set_priority(Dancer *d, const idx *flags, ptrdiff_t n, dlx_error *err)
{
    int any = 0;
    for (ptrdiff_t k = 0; k < n; k++)
        any |= flags[k] != 0;
    if (!any)
        return 0;
    if (n != d->n_primary)
        return matrix_error(err, "priority must hold a flag for every primary item, or be empty");
    d->priority = dlx_calloc((size_t)d->n_primary + 1, 1);
    if (d->priority == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    for (ptrdiff_t k = 0; k < n; k++)
        d->priority[k + 1] = flags[k] != 0;
    d->has[HAS_PRIORITY] = "priority";
    return 0;
}

void
dancer_free(Dancer *d)
{
    dlx_free(d->priority);
    d->priority = NULL;
    dlx_free(d->loop_ends);
    d->loop_ends = NULL;
    dlx_free(d->mem);
    dlx_free(d->opt_start);
    dlx_free(d->masks);
    dlx_free(d->classes);
    dlx_free(d->conflicts);
    dlx_free(d->opt_items);
    dlx_free(d->rank);
    dlx_free(d->ranked);
    dlx_free(d->bit_start);
    dlx_free(d->bit_items);
    dlx_free(d->mask_span);
    dlx_free(d->lanes);
    d->lanes = NULL;
    sets_tints_free(d);
    dlx_free(d->bounds);
    dlx_free(d->cost);
    d->mem = d->opt_start = d->bounds = NULL;
    d->cost = NULL;
    d->masks = d->classes = d->conflicts = d->opt_items = NULL;
    d->rank = d->ranked = NULL;
    d->bit_start = d->bit_items = NULL;
    memset(d->has, 0, sizeof d->has);
}

/* The bytes of the arrays, and of the bitset way's tables once built. */
ptrdiff_t
dancer_nbytes(const Dancer *d)
{
    ptrdiff_t tints = d->same != NULL ? d->n_tints + 1 : 0; /* (and the row of none) */
    ptrdiff_t sets = d->tables > 0 ? (d->n_items + 1 + d->n_classes + d->n_options + tints) * d->n_words +
                                       d->n_options * d->item_words : 0;
    return (ptrdiff_t)sizeof(idx) * (2 * d->n_links + 4 * d->n_nodes + d->n_options + 1 +
                                     (d->bounds != NULL ? 2 * d->n_primary : 0) +
                                     (d->same != NULL ? d->n_nodes : 0) +
                                     (d->tables > 0 && d->rank != NULL ? 2 * d->n_options : 0) +
                                     (d->bit_start != NULL ? d->n_options + 1 + d->n_nodes + 1 : 0)) +
           (ptrdiff_t)sizeof(long long) * (d->cost != NULL ? d->n_nodes : 0) +
           (ptrdiff_t)sizeof(uint64_t) * sets;
}
