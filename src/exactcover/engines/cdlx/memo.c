/*
 * memo.c: memoized counting, the port of pydlx/memo.py (read its docstring first): Algorithm
 * X on the links with a table of the counts of the states it has finished, each state a key
 * of one bit per item (set while active) and a color field per colored secondary item.
 *
 * Counts are exact: each row's count is a number of `width` 64-bit limbs (least first), the
 * width growing as a count needs it; a table entry holds a count below 2^63 itself, a larger
 * one as an offset into the arena, where it is stored as its limb count and its limbs. The
 * table is open addressing with linear probing, doubled when half full; its memory as the
 * budget counts it (the per-level arrays, the table's slots of 8 * (words + 3) bytes, 8 more
 * with the diagram, counted as the table doubles, 8 * (1 + limbs) for a large count, 12 per
 * node of the diagram) is pydlx's, so that both engines keep the same entries. Its steps are
 * Algorithm X's steps (steps.h) with four of its own.
 *
 * Specification: pydlx/memo.py
 */
#include <limits.h>
#include <string.h>

#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"

#define INLINE_LIMIT (1ULL << 63) /* a count below this fits in its entry */
#define SIZE_CAP UINT64_MAX
#define TABLE_START 1024 /* the table's first slots (pydlx.memo.TABLE_START) */

struct Memo {
    int mode, memoizing;       /* MEMO_ON or MEMO_AUTO; whether the table is still in use */
    idx words;                 /* 64-bit words in a key */
    idx *shift;                /* per item: where its color field starts (0: it has none) */
    uint64_t *keys;            /* level l's state: keys + l * words */
    unsigned char *looked;     /* per level: looked up (and missed), to be stored */
    idx rows, width;           /* rows of counts (see the steps below), limbs in each */
    uint64_t *count, *size;    /* row r: count + r * width, and the nodes it stands for */
    uint64_t *slots;           /* capacity slots: hash (0: empty), key, value, size */
    size_t capacity, entries;
    uint64_t *arena;           /* the large counts: limbs n, then n limbs */
    size_t arena_used, arena_cap;
    long long budget, used, entry_bytes, hits, lookups;
    uint64_t saved;            /* the nodes the hits stood for, less one each */
    long long decide_at;       /* MEMO_AUTO: the node count at which to decide (else -1) */
    long long limit;           /* the run's limit (0: none), which a count from the table may reach */
    int ended;                 /* a level done at its entry: the status its X7 returns (hand_up_counted's) */
    long long start_nodes, start_updates; /* where the sample began (the sets' sample too) */
    int diagram;               /* building the diagram: an entry holds its node too, and */
    idx *zdd;                  /* node k >= 2 is zdd[3(k - 2)..]: option, lo, hi */
    size_t zdd_len, zdd_cap;   /* (nodes, and room for, in idx triples) */
    idx *znode;                /* per row: the node chaining the options tried with solutions */
};

static uint64_t
sat_add(uint64_t a, uint64_t b)
{
    return a > SIZE_CAP - b ? SIZE_CAP : a + b;
}

/* Grow every row to at least `need` limbs (zero-filled); -1 when memory runs out. */
static int
widen(Memo *m, idx need)
{
    idx width = m->width * 2 > need ? m->width * 2 : need;
    uint64_t *count = dlx_calloc((size_t)m->rows * (size_t)width, sizeof(uint64_t));
    if (count == NULL)
        return -1;
    for (idx r = 0; r < m->rows; r++)
        memcpy(count + (size_t)r * width, m->count + (size_t)r * m->width, (size_t)m->width * sizeof(uint64_t));
    dlx_free(m->count);
    m->count = count;
    m->width = width;
    return 0;
}

/* Row r += the n limbs at add; -1 when memory runs out. */
static int
add_limbs(Memo *m, idx r, const uint64_t *add, idx n)
{
    if (n > m->width && widen(m, n) < 0)
        return -1;
    uint64_t *row = m->count + (size_t)r * m->width, carry = 0;
    for (idx k = 0; k < m->width && (k < n || carry); k++) {
        uint64_t a = k < n ? add[k] : 0, sum = row[k] + a;
        uint64_t next = sum < a;
        row[k] = sum + carry;
        carry = next | (row[k] < carry);
    }
    if (carry) {
        idx top = m->width;
        if (widen(m, top + 1) < 0)
            return -1;
        m->count[(size_t)r * m->width + top] = 1;
    }
    return 0;
}

/* Row r += an entry's value (a count, or its place in the arena). */
static int
add_value(Memo *m, idx r, uint64_t value)
{
    if (value < INLINE_LIMIT)
        return add_limbs(m, r, &value, 1);
    const uint64_t *stored = m->arena + (value - INLINE_LIMIT);
    return add_limbs(m, r, stored + 1, (idx)stored[0]);
}

/* Words in a slot: hash, key, count, size, and with the diagram its node. */
static size_t
stride_of(const Memo *m)
{
    return (size_t)m->words + 3 + (m->diagram != 0);
}

static uint64_t
hash_key(const uint64_t *key, idx words)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (idx k = 0; k < words; k++) {
        h = (h ^ key[k]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h | 1; /* (0 marks an empty slot) */
}

/* The slot holding `key` (hash h), or the empty slot where it would go. */
static uint64_t *
find(const Memo *m, const uint64_t *key, uint64_t h)
{
    const size_t stride = stride_of(m), mask = m->capacity - 1;
    for (size_t k = (size_t)(h >> 7) & mask;; k = (k + 1) & mask) {
        uint64_t *slot = m->slots + k * stride;
        if (slot[0] == 0 || (slot[0] == h && memcmp(slot + 1, key, (size_t)m->words * sizeof(uint64_t)) == 0))
            return slot;
    }
}

/* The slot of level l's state if the table holds it, else NULL. */
static const uint64_t *
lookup(const Memo *m, idx l)
{
    const uint64_t *key = m->keys + (size_t)l * m->words;
    const uint64_t *slot = find(m, key, hash_key(key, m->words));
    return slot[0] != 0 ? slot : NULL;
}

/* Double the table; -1 when memory runs out (the table stays as it was). */
static int
grow_table(Memo *m)
{
    const size_t stride = stride_of(m), old = m->capacity;
    uint64_t *slots = m->slots;
    m->slots = dlx_calloc(old * 2 * stride, sizeof(uint64_t));
    if (m->slots == NULL) {
        m->slots = slots;
        return -1;
    }
    m->capacity = old * 2;
    for (size_t k = 0; k < old; k++)
        if (slots[k * stride] != 0)
            memcpy(find(m, slots + k * stride + 1, slots[k * stride]), slots + k * stride, stride * sizeof(uint64_t));
    dlx_free(slots);
    return 0;
}

/* Room in *array (capacity *cap elements of `size` bytes, `used` in use) for `more`
   elements, doubling it as needed; -1 when memory runs out (the array stays as it was). */
static int
room(void **array, size_t *cap, size_t used, size_t more, size_t size)
{
    if (used + more <= *cap)
        return 0;
    size_t grown = 2 * (*cap + more) > 1024 ? 2 * (*cap + more) : 1024;
    void *bigger = dlx_malloc(grown * size);
    if (bigger == NULL)
        return -1;
    if (used)
        memcpy(bigger, *array, used * size);
    dlx_free(*array);
    *array = bigger;
    *cap = grown;
    return 0;
}

/* X7: store level l's count (row r) and size under its key, if the budget allows. */
ALWAYS_INLINE void
store(Memo *m, idx l, idx r, const int mode)
{
    const uint64_t *row = m->count + (size_t)r * m->width;
    idx n = m->width;
    while (n > 0 && row[n - 1] == 0)
        n--;
    int large = n > 1 || (n == 1 && row[0] >= INLINE_LIMIT);
    if (2 * (m->entries + 1) > m->capacity) { /* the table doubles: its new half counts */
        long long more = (long long)m->capacity * m->entry_bytes;
        if (m->used + more > m->budget || grow_table(m) < 0)
            return;
        m->used += more;
    }
    uint64_t value = n ? row[0] : 0;
    if (large) {
        if (room((void **)&m->arena, &m->arena_cap, m->arena_used, (size_t)n + 1, sizeof(uint64_t)) < 0)
            return;
        value = INLINE_LIMIT + m->arena_used;
        m->arena[m->arena_used] = (uint64_t)n;
        memcpy(m->arena + m->arena_used + 1, row, (size_t)n * sizeof(uint64_t));
        m->arena_used += (size_t)n + 1;
        m->used += 8 * (1 + (long long)n);
    }
    const uint64_t *key = m->keys + (size_t)l * m->words, h = hash_key(key, m->words);
    uint64_t *slot = find(m, key, h);
    slot[0] = h;
    memcpy(slot + 1, key, (size_t)m->words * sizeof(uint64_t));
    slot[m->words + 1] = value;
    slot[m->words + 2] = m->size[r];
    if (mode & DIAGRAM)
        slot[m->words + 3] = (uint64_t)m->znode[r];
    m->entries += 1;
}

/* X5: level l + 1's state, level l's with option x's items settled (before they are). */
ALWAYS_INLINE void
child_key(Search *s, Memo *m, idx l, idx x, const int mode)
{
    const idx *top = s->links.top, *ulink = s->links.ulink, *color = s->links.color;
    uint64_t *key = m->keys + (size_t)(l + 1) * m->words;
    memcpy(key, key - m->words, (size_t)m->words * sizeof(uint64_t));
    idx q = x;
    do {
        idx j = top[q];
        if (j <= 0) {
            q = ulink[q];
            continue;
        }
        idx c = (mode & COLORED) ? color[q] : 0;
        if (c == 0)
            key[(j - 1) >> 6] ^= 1ULL << ((j - 1) & 63);
        else if (c > 0) { /* not purified yet: it will be, to this color */
            idx at = m->shift[j], b = at & 63;
            key[at >> 6] |= (uint64_t)c << b;
            if (b > 0 && ((uint64_t)c >> (64 - b)) != 0)
                key[(at >> 6) + 1] |= (uint64_t)c >> (64 - b);
        }
        q += 1;
    } while (q != x);
}

/* With the diagram, a level done (its node z, 0 if it has no solution) hands it up: the
   floor's is the root; any other is chained, with its parent's option, to the parent's row.
   -2 once the nodes (12 bytes each) pass the budget, -1 when memory runs out. */
static int
chain(Search *s, Memo *m, idx level, idx r, idx z)
{
    if (z == 0)
        return 0;
    if (r == 0) {
        m->znode[0] = z;
        return 0;
    }
    if ((m->used += 12) > m->budget)
        return -2;
    if (room((void **)&m->zdd, &m->zdd_cap, m->zdd_len, 1, 3 * sizeof(idx)) < 0)
        return -1;
    idx *node = m->zdd + 3 * m->zdd_len;
    node[0] = option_of(s, s->choice[level - 1]);
    node[1] = m->znode[r];
    node[2] = z;
    m->znode[r] = (idx)(m->zdd_len++ + 2);
    return 0;
}

/* What a level hands up when it is done, with its count `value` (below 2^63), `size` and
   diagram node `z`: into its parent's row r, and into the running total of solutions. The
   status to stop with (LIMIT, or -1/-2 from add_value or chain when memory runs out), or
   STEP_ON to go on. */
ALWAYS_INLINE int
hand_up_counted(Search *s, Memo *m, idx level, idx r, uint64_t value, uint64_t size, idx z, const int mode)
{
    m->size[r] = sat_add(m->size[r], size);
    if (value == 0)
        return STEP_ON;
    int failed = add_value(m, r, value);
    if (failed == 0 && (mode & DIAGRAM))
        failed = chain(s, m, level, r, z);
    if (failed < 0)
        return failed;
    s->solutions = value >= INLINE_LIMIT || s->solutions > LLONG_MAX - (long long)value
                       ? LLONG_MAX : s->solutions + (long long)value;
    return m->limit && s->solutions >= m->limit ? LIMIT : STEP_ON;
}

/* pydlx's Memo.memo_steps as four steps of Algorithm X's steps (steps.h, on the links, plain
   or COLORED) and its VISIT: the X2 of memo_steps is `enter` (and VISIT for a solution), its
   X5 `try_option`, X6 `try_next`, X7 `backtrack`. Row r of count and size sums the results of
   the finished children of level floor + r - 1 (row 0: the floor's own); a level's parent's
   row is level - floor. (pydlx keeps steps of its own: written as four steps there, a
   call each, it was slower; benchmarks/README.md, under loops.py, has the numbers.) */

/* X3, X4, after a look into the table: the node of the chosen item's first option, with the
   item covered and the level's row cleared; or 0, nothing covered, for a level done at its
   entry (a dead end, or a state found in the table), whose count is handed up and whose
   status backtrack returns. */
ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    Memo *m = s->memo;
    const idx r = level - s->floor, i = choose_first(s), length = s->links.top[i];
    uint64_t value = 0, size = 1; /* (a dead end's, unless found in the table) */
    idx z = 0;
    if (length > 0) {
        const uint64_t *slot = NULL;
        if ((m->looked[level] = length > 1)) {
            m->lookups += 1;
            slot = lookup(m, level);
        }
        if (slot == NULL) { /* the item's options are to be tried */
            memset(m->count + (size_t)(r + 1) * m->width, 0, (size_t)m->width * sizeof(uint64_t));
            m->size[r + 1] = 1;
            if (mode & DIAGRAM)
                m->znode[r + 1] = 0;
            s->total[level] = length;
            s->tried[level] = 1;
            cover(s, i, mode);
            return s->links.dlink[i];
        }
        m->hits += 1; /* a hit: the count and size of that state */
        value = slot[m->words + 1];
        size = slot[m->words + 2];
        z = (mode & DIAGRAM) ? (idx)slot[m->words + 3] : 0;
        m->saved = sat_add(m->saved, size - 1);
    }
    m->ended = hand_up_counted(s, m, level, r, value, size, z, mode);
    return 0;
}

/* X5: the next level's state (child_key), then x's other items committed. */
ALWAYS_INLINE void
try_option(Search *s, idx level, idx x, const int mode)
{
    child_key(s, s->memo, level, x, mode);
    commit_others(s, x, mode);
}

/* X6: x given back; the next option's node (the item after the last). */
ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    (void)level;
    uncommit_others(s, x, mode);
    return s->links.dlink[x];
}

/* X7: the item back; the level's count known, stored if it was looked up (and the table has
   room), and handed up. After a level done at its entry (i = 0), its status. */
ALWAYS_INLINE int
backtrack(Search *s, idx level, idx i, const int mode)
{
    Memo *m = s->memo;
    const idx r = level - s->floor;
    if (i == 0)
        return m->ended;
    uncover(s, i, mode);
    if (m->looked[level])
        store(m, level, r + 1, mode);
    if (add_limbs(m, r, m->count + (size_t)(r + 1) * m->width, m->width) < 0)
        return -1;
    m->size[r] = sat_add(m->size[r], m->size[r + 1]);
    const int failed = (mode & DIAGRAM) ? chain(s, m, level, r, m->znode[r + 1]) : 0;
    return failed < 0 ? failed : STEP_ON;
}

/* A solution: a count of 1 handed up. */
ALWAYS_INLINE int
visit_memo(Search *s, idx level, const int mode)
{
    return hand_up_counted(s, s->memo, level, level - s->floor, 1, 1, 1, mode);
}

#define ALL_COVERED(s) ((s)->links.rlink[0] == 0)
#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity(s))
#define VISIT(s, run, level) visit_memo(s, level, mode) /* (run_steps's mode) */

#include "steps.h"

static int
memo_plain(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

static int
memo_colored(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED);
}

static int
memo_with_diagram(Search *s, const Run *run)
{
    return run_steps(s, run, DIAGRAM);
}

static int
memo_with_diagram_colored(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED | DIAGRAM);
}

/* Whether the sample's hits stood for at least MEMO_GAIN times the nodes it visited. */
static int
memo_pays(const Search *s)
{
    uint64_t visited = s->nodes > 0 ? (uint64_t)s->nodes : 1;
    return s->memo->saved >= (uint64_t)(MEMO_GAIN - 1) * visited;
}

/* Whether the hits so far stood for less than 1 / MEMO_HOPELESS of the nodes visited: at
   MEMO_GLANCE nodes, far from what would keep the table at the sample's end (memo.py's
   workloads: at most 0.14 where the table is dropped, at least 3.9 where it is kept). */
static int
memo_hopeless(const Search *s)
{
    uint64_t visited = s->nodes > 0 ? (uint64_t)s->nodes : 1;
    return s->memo->saved < (visited + MEMO_HOPELESS - 1) / MEMO_HOPELESS; /* (saved * HOPELESS < visited) */
}

/* The table's memory, and what only the memoized steps use. */
static void
drop_table(Memo *m)
{
    dlx_free(m->slots);
    dlx_free(m->arena);
    dlx_free(m->keys);
    dlx_free(m->looked);
    dlx_free(m->count);
    dlx_free(m->size);
    dlx_free(m->shift);
    dlx_free(m->zdd);
    dlx_free(m->znode);
    m->zdd = m->znode = NULL;
    m->zdd_len = m->zdd_cap = 0;
    m->slots = m->arena = m->keys = m->count = m->size = NULL;
    m->looked = NULL;
    m->shift = NULL;
    m->memoizing = 0;
}

/* Memo.run: the memoized steps, and with MEMO_AUTO the decision at the glance (memo_hopeless:
   drop the table) or at the sample's end: keep the table, or drop it and go on as a plain
   search (whose running total, below 2^63, is the solutions counted so far; a wide
   search's item choice reads every block again), which decides at its next run whether to
   move to the sets from the same sample. */
static int
run_memo_with(Search *s, const Run *run, int (*steps)(Search *, const Run *))
{
    Memo *m = s->memo;
    Run rest = *run;
    m->limit = run->limit;
    if (s->nodes >= m->decide_at)
        return steps(s, &rest);
    if (rest.steps > m->decide_at - s->nodes)
        rest.steps = m->decide_at - s->nodes;
    int status = steps(s, &rest);
    if (status != PAUSED || s->nodes < m->decide_at)
        return status;
    if (s->nodes - m->start_nodes < MEMO_SAMPLE && !memo_hopeless(s)) { /* (the glance: sample on) */
        m->decide_at = m->start_nodes + MEMO_SAMPLE;
        return PAUSED;
    }
    if (!memo_pays(s) && s->solutions < LLONG_MAX)
        drop_table(m); /* (handed over: ways.c's run decides on the sets, from memo_sample) */
    return PAUSED;
}

/* The memoized count's runs (rows of ways.c's table), without colors and with, each without
   the diagram and with it. */
int
run_memo(Search *s, const Run *run)
{
    return run_memo_with(s, run, memo_plain);
}

int
run_memo_colored(Search *s, const Run *run)
{
    return run_memo_with(s, run, memo_colored);
}

int
run_memo_diagram(Search *s, const Run *run)
{
    return run_memo_with(s, run, memo_with_diagram);
}

int
run_memo_diagram_colored(Search *s, const Run *run)
{
    return run_memo_with(s, run, memo_with_diagram_colored);
}

/* Where each colored secondary item's field starts, as pydlx's memo.tables lays them out;
   the key's length in bits. */
static idx
layout(const Dancer *d, idx *shift)
{
    idx bits = d->n_items;
    for (ptrdiff_t q = d->n_items + 2; q < d->n_nodes; q++)
        if (d->top[q] > 0 && d->color[q] > shift[d->top[q]])
            shift[d->top[q]] = d->color[q]; /* (first each item's largest color) */
    for (idx j = 1; j <= d->n_items; j++) {
        if (shift[j] == 0)
            continue;
        idx width = 0;
        while ((shift[j] >> width) != 0)
            width++;
        shift[j] = bits;
        bits += width;
    }
    return bits;
}

/* A memoizing counting search from the state at s's floor (after its givens and prefix),
   with `budget` bytes for its table; -1 when memory runs out. */
int
memo_start(Search *s, int mode, long long budget, int diagram)
{
    const Dancer *d = s->dancer;
    Memo *m = s->memo = dlx_calloc(1, sizeof(Memo));
    if (m == NULL || (m->shift = dlx_calloc((size_t)d->n_items + 1, sizeof(idx))) == NULL)
        return -1;
    m->mode = mode;
    m->memoizing = 1;
    m->words = (layout(d, m->shift) + 63) / 64;
    m->diagram = diagram;
    m->entry_bytes = 8 * ((long long)m->words + 3 + (diagram != 0));
    m->budget = budget;
    size_t levels = search_levels(d);
    /* Every array counts against the budget: the per-level ones and the table's first
       slots now, each doubling of the table as it comes; a table whose start alone passes
       the budget is not started, and the count goes on without (pydlx.memo.fixed_bytes). */
    m->capacity = TABLE_START;
    m->used = 8 * (long long)levels * ((long long)m->words + 3) + (long long)m->capacity * m->entry_bytes;
    if (m->used > budget && !diagram) {
        drop_table(m);
        return 0;
    }
    m->decide_at = mode == MEMO_AUTO ? s->nodes + MEMO_GLANCE : -1;
    m->start_nodes = s->nodes;
    m->start_updates = s->updates;
    m->rows = (idx)levels + 1;
    m->width = 2;
    m->keys = dlx_calloc(levels * (size_t)m->words, sizeof(uint64_t));
    m->looked = dlx_calloc(levels, 1);
    m->count = dlx_calloc((size_t)m->rows * (size_t)m->width, sizeof(uint64_t));
    m->size = dlx_calloc((size_t)m->rows, sizeof(uint64_t));
    m->slots = dlx_calloc(m->capacity * ((size_t)m->words + 3 + (diagram != 0)), sizeof(uint64_t));
    m->znode = diagram ? dlx_calloc((size_t)m->rows, sizeof(idx)) : NULL;
    if (m->keys == NULL || m->looked == NULL || m->count == NULL || m->size == NULL || m->slots == NULL ||
        (diagram && m->znode == NULL))
        return -1;
    uint64_t *key = m->keys + (size_t)s->level * m->words;
    for (idx i = 1; i <= d->n_items; i++)
        if (s->links.top[i] < COVERED)
            key[(i - 1) >> 6] |= 1ULL << ((i - 1) & 63);
    return 0;
}

void
memo_free(Search *s)
{
    if (s->memo != NULL) {
        drop_table(s->memo);
        dlx_free(s->memo);
        s->memo = NULL;
    }
}

/* While memoizing, the exact count so far: rows 0..level - floor summed into out (room for
   width + 1 limbs), the number of limbs returned. */
idx
memo_total(const Search *s, uint64_t *out)
{
    const Memo *m = s->memo;
    idx n = m->width + 1;
    memset(out, 0, (size_t)n * sizeof(uint64_t));
    for (idx r = 0; r <= s->level - s->floor; r++) {
        const uint64_t *row = m->count + (size_t)r * m->width;
        uint64_t carry = 0;
        for (idx k = 0; k < n; k++) {
            uint64_t a = k < m->width ? row[k] : 0, sum = out[k] + a;
            uint64_t next = sum < a;
            out[k] = sum + carry;
            carry = next | (out[k] < carry);
        }
    }
    return n;
}

/* After a search with the diagram is done: its root and its nodes (option, lo, hi each, for
   nodes 2, 3, ...); 0, or -1 if the search builds no diagram. */
int
memo_diagram(const Search *s, idx *root, const idx **nodes, size_t *n)
{
    const Memo *m = s->memo;
    if (m == NULL || !m->diagram || !m->memoizing)
        return -1;
    *root = m->znode[0];
    *nodes = m->zdd;
    *n = m->zdd_len;
    return 0;
}

int
memo_active(const Search *s)
{
    return s->memo != NULL && s->memo->memoizing;
}

/* The nodes and updates when the count began: the sample a count handed over decides on. */
void
memo_sample(const Search *s, long long *nodes, long long *updates)
{
    *nodes = s->memo->start_nodes;
    *updates = s->memo->start_updates;
}

idx
memo_width(const Search *s)
{
    return s->memo->width;
}

void
memo_stats(const Search *s, long long *hits, long long *lookups, long long *entries, int *memoizing)
{
    const Memo *m = s->memo;
    *hits = m ? m->hits : 0;
    *lookups = m ? m->lookups : 0;
    *entries = m ? (long long)m->entries : 0;
    *memoizing = m ? m->memoizing : 0;
}
