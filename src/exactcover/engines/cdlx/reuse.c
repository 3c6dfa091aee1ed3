/*
 * reuse.c: a search used again, the port of pydlx/reuse.py: rewound to its floor as a new
 * search of the same givens, and givens pushed and popped there, last in first out (the
 * givens pushed are this file's unit, Search.pushed). lines.c checks puzzles on such a search.
 *
 * Specification: pydlx/reuse.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"
#include "tally.h"

#include <string.h>

/* Refuse what a search used again cannot do. */
static int
unsupported(dlx_error *err, const char *what, const char *instead)
{
    err->kind = DLX_UNSUPPORTED;
    err->what = what;
    err->instead = instead;
    return -1;
}

/* Room for `room` givens pushed in all (solve_lines makes it first, so that a push never
   fails for memory); -1 if memory ran out. */
int
pushed_reserve(Search *s, idx room)
{
    if (s->pushed == NULL && (s->pushed = dlx_calloc(1, sizeof(Pushed))) == NULL)
        return -1;
    Pushed *p = s->pushed;
    if (room <= p->room)
        return 0;
    idx *more = dlx_malloc((size_t)room * sizeof(idx));
    if (more == NULL)
        return -1;
    if (p->n > 0)
        memcpy(more, p->option, (size_t)p->n * sizeof(idx));
    dlx_free(p->option);
    p->option = more;
    p->room = room;
    return 0;
}

/* Room for one more (an option without items may be pushed again and again: room grows by
   n_primary, all a matrix can take but for empty options). */
static int
room_for_one(Search *s)
{
    idx n = pushed_count(s), room = s->pushed != NULL ? s->pushed->room : 0;
    return n < room ? 0 : pushed_reserve(s, room + s->n_primary + 16);
}


/* Refuse to rewind a search that is not a plain one on the links (its other state would
   have to be rewound too), or one with a prefix (its choices sit above its givens). A search
   that moved to the sets at its floor (solve_lines) has the links as they were there. */
int
search_reusable(const Search *s, dlx_error *err)
{
    if (!(s->ways.row->takes & TAKES_REWIND))
        return unsupported(err, "rewinding a search with colors, a loop, bounds, costs, memo or binary branching",
                           "start a new search");
    if (!sets_rewindable(s))
        return unsupported(err, "rewinding a search on the sets", "search with way='links'");
    if (s->floor != 0)
        return unsupported(err, "rewinding a search of a subtree (a prefix)", "start a new search");
    return 0;
}

/* Undo the search's path back to its floor: a new search of the same givens. */
int
search_rewind(Search *s, dlx_error *err)
{
    const int mode = s->ways.row->mode;
    if (search_reusable(s, err) < 0)
        return -1;
    for (idx l = s->level; way_of(s)->on_links && l-- > s->floor;) {
        uncommit_others(s, s->choice[l], mode);
        uncover(s, s->links.top[s->choice[l]], mode);
    }
    s->level = 0;
    s->resume = X2;
    s->nodes = s->updates = s->solutions = s->max_level = s->scanned = 0;
    sets_rewind(s);
    s->ways.choice->reset(s);
    return 0;
}

/* Choose option k as one more given, at the floor of a rewound (or unrun) search. */
int
search_push(Search *s, idx k, dlx_error *err)
{
    const int mode = s->ways.row->mode;
    const idx *top = s->links.top;
    if (search_reusable(s, err) < 0)
        return -1;
    if (s->level != 0 || s->resume != X2 || !way_of(s)->on_links)
        return unsupported(err, "pushing a given into a search under way", "rewind it first");
    if (k < 0 || k >= s->dancer->n_options) {
        err->what = "given";
        return dlx_fail(err, DLX_UNKNOWN_OPTION, k, 0, 0);
    }
    idx first = s->links.opt_start[k];
    for (idx p = first; top[p] > 0; p++)
        if (top[top[p]] >= COVERED) {
            err->what = "it shares an item with a given";
            return dlx_fail(err, DLX_NOT_PUSHED, k, top[p] - 1, 0);
        }
    if (top[first] > 0 && s->links.dlink[s->links.ulink[first]] != first) { /* (items active: only an exclusion unlinks it) */
        err->what = "it is excluded";
        return dlx_fail(err, DLX_NOT_PUSHED, k, -1, 0);
    }
    if (room_for_one(s) < 0) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    for (idx p = first; top[p] > 0; p++)
        cover(s, top[p], mode);
    s->pushed->option[s->pushed->n++] = k;
    return 0;
}

/* Undo the last search_push: the option it pushed, or -1 if none is left. */
int
search_pop(Search *s)
{
    const int mode = s->ways.row->mode;
    if (pushed_count(s) == 0 || s->level != 0 || s->resume != X2 || !way_of(s)->on_links)
        return -1;
    idx k = s->pushed->option[--s->pushed->n], first = s->links.opt_start[k], last = first - 1; /* (none if empty) */
    while (s->links.top[last + 1] > 0)
        last++;
    for (idx q = last; q >= first; q--)
        uncover(s, s->links.top[q], mode);
    return k;
}

/* Push n givens (search_push, in order); -1 if one shares an item
   with one before it or repeats one (those pushed are then popped). */
static int
push_givens(Search *s, const idx *givens, ptrdiff_t n)
{
    dlx_error ignored = {DLX_OK};
    for (ptrdiff_t g = 0; g < n; g++)
        if (search_push(s, givens[g], &ignored) < 0) {
            while (g-- > 0)
                search_pop(s);
            return -1;
        }
    return 0;
}

/* Start a rewound search (or an unrun one) with givens: on the sets with tallies
   (tally_enter) if *tallies, else pushed on the links (and so if memory ran out for the sets:
   *tallies is then 0, and the caller goes on without them). 0; nonzero if a given shares an
   item with one before it. (A line of solve_lines, a check of checker.c.) */
int
search_enter(Search *s, int *tallies, const idx *givens, ptrdiff_t n)
{
    if (*tallies) {
        int entered = tally_enter(s, givens, n);
        if (entered >= 0)
            return entered;
        *tallies = 0;
    }
    return push_givens(s, givens, n);
}
