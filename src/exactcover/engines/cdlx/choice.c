/*
 * choice.c: the item choice's table, the port of pydlx/choice.py: one row per way of choosing
 * the item to branch on and of ordering its options, chosen once when a search starts
 * (choice_for), as ways.c chooses the way. MRV's own choice in list order ("mrv") is
 * compiled into the steps on the links (links.c: choose, choose_wide); every other row is
 * called by the steps compiled in mode CHOSEN: MRV with a seed's random ties and shuffled
 * options, priority items first (Knuth's DLX2-SHARP; with a seed or not), and the rules
 * (the weighted choice, the weighted ties, the failure rate). Here too the rows' state (a
 * seed's randomness, WEIGHTs, tries and failures).
 *
 * Specification: pydlx/choice.py
 */
#include "dlx.h"
#include "ways.h"

/* Step X3 with the weighted choice (pydlx/choice.py: choose_weighted): the first active
   primary item without options, whose WEIGHT then grows by one; else the first with one
   option (a forced move, never put off); else the one of least LEN / WEIGHT, ties to the
   first in matrix order. So the items that have ended branches are
   chosen sooner: Boussemart et al.'s dom/wdeg, an item being a constraint. */
static idx
choose_weighted(Search *s, idx enough)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    const idx n1 = s->n_primary;
    long long *weight = s->weights.weight;
    idx best = rlink[0];
    if (n1 > 32) { /* the first item of LEN 0 or 1, if any, by choose's vectorized scan */
        idx first = 1 + scan_minimum(top + 1, n1, enough);
        s->scanned += n1 >> SCAN_SHIFT;
        if (top[first] <= 1)
            best = first;
    }
    long long len = top[best], w = weight[best];
    for (idx p = rlink[best]; p != 0 && len > 0; p = rlink[p]) {
        long long l = top[p];
        if (l < 2 ? l < len : len >= 2 && l * w < len * weight[p]) {
            best = p;
            len = l;
            w = weight[p];
        }
    }
    s->scanned += n1 >> SCAN_SHIFT;
    if (len == 0 && w < WEIGHT_MAX)
        weight[best] = w + 1;
    return best;
}

/* The first active primary item of LEN 0 if any, else the first of LEN 1 if any, else the
   first active one (by choose's vectorized scan on a long block of items, else a walk):
   where the other rules start. */
static idx
first_dead_or_forced(Search *s)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    const idx n1 = s->n_primary;
    idx forced = 0;
    if (n1 > 32) {
        idx first = 1 + scan_minimum(top + 1, n1, 0);
        s->scanned += n1 >> SCAN_SHIFT;
        return top[first] <= 1 ? first : rlink[0];
    }
    for (idx p = rlink[0]; p != 0; p = rlink[p]) {
        if (top[p] == 0)
            return p;
        if (top[p] == 1 && forced == 0)
            forced = p;
    }
    return forced != 0 ? forced : rlink[0];
}

/* Step X3 with the weighted ties (pydlx/choice.py: choose_weighted_ties; Knuth's SSXCC3): the
   first active primary item without options (its WEIGHT then grows by one, as in
   choose_weighted), else the fewest options, ties to the heaviest, then to the first. */
static idx
choose_weighted_ties(Search *s)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    long long *weight = s->weights.weight;
    idx best = first_dead_or_forced(s);
    if (top[best] == 0) {
        if (weight[best] < WEIGHT_MAX)
            weight[best] += 1;
        return best;
    }
    best = rlink[0];
    for (idx p = rlink[best]; p != 0; p = rlink[p]) /* (in matrix order: a tie stays with the first) */
        if (top[p] < top[best] || (top[p] == top[best] && weight[p] > weight[best]))
            best = p;
    s->scanned += s->n_primary >> SCAN_SHIFT;
    return best;
}

/* An item's failure-rate score: LEN / rate, where the rate is (failures + 1/2) / tries, as
   LEN * tries / (2 * failures + 1) in a double, exact as pydlx computes it while LEN * tries
   stays below 2^53 (tries stop at TRIES_MAX). */
static inline double
failure_score(const Search *s, idx p)
{
    return (double)((long long)s->links.top[p] * s->weights.tries[p]) / (double)(2 * s->weights.fails[p] + 1);
}

/* Step X3 with the failure rate (pydlx/choice.py: choose_by_failure_rate; Li, Yin and Li's
   FRB, as in Knuth's ssxcc-frb0 change file). First the option tried at the level above
   (a forced move's too, as there) counts as one more try of its item, and as a failure if
   it left an item without options. Then the first active primary item without options, else the first
   with one, else the one of least failure_score, ties to the first. */
static idx
choose_by_failure_rate(Search *s, idx level)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    idx best = first_dead_or_forced(s);
    if (level > s->floor) {
        idx above = top[s->choice[level - 1]];
        if (s->weights.tries[above] < TRIES_MAX) {
            s->weights.tries[above] += 1;
            s->weights.fails[above] += top[best] == 0;
        }
    }
    if (top[best] <= 1)
        return best;
    double score = failure_score(s, best);
    for (idx p = rlink[best]; p != 0; p = rlink[p]) { /* (best is the first active item here) */
        double t = failure_score(s, p);
        if (t < score) {
            best = p;
            score = t;
        }
    }
    s->scanned += s->n_primary >> SCAN_SHIFT;
    return best;
}

/* The rules as rows of CHOICES (below) call them. */
static idx
choose_weighted_row(Search *s, idx level, idx enough)
{
    (void)level;
    return choose_weighted(s, enough);
}

static idx
choose_weighted_ties_row(Search *s, idx level, idx enough)
{
    (void)level, (void)enough;
    return choose_weighted_ties(s);
}

static idx
choose_by_failure_rate_row(Search *s, idx level, idx enough)
{
    (void)enough;
    return choose_by_failure_rate(s, level);
}

/* An item's key for the choice with priority items: its LEN if LEN is 0 or 1 or it has
   priority, else LEN past every LEN (Knuth's DLX2-SHARP). */
static inline long long
priority_key(const Search *s, idx p)
{
    const idx len = s->links.top[p];
    return len <= 1 || s->dancer->priority[p] ? (long long)len : (long long)len + IDX_MAX;
}

/* Step X3 on a matrix with priority items (pydlx/choice.py: choose_priority): the active
   primary item of the least key (priority_key), ties to the first in matrix order, or, with
   a seed (`seeded`, a constant where it is inlined), to a uniformly random one of the tied
   items; so an item with no option or one comes first, then the priority items by MRV,
   then the others by MRV. */
ALWAYS_INLINE idx
priority_choice(Search *s, const int seeded)
{
    const idx *rlink = s->links.rlink;
    idx best = rlink[0];
    long long least = priority_key(s, best);
    s->scanned += s->n_primary >> SCAN_SHIFT;
    for (idx p = rlink[best]; p != 0 && least > 0; p = rlink[p]) {
        const long long key = priority_key(s, p);
        if (key < least) {
            best = p;
            least = key;
        }
    }
    if (seeded && least > 0) {
        uint64_t ties = 1;
        for (idx p = rlink[best]; p != 0; p = rlink[p])
            if (priority_key(s, p) == least) {
                ties += 1;
                if (random_below(&s->shuffle->random, ties) == 0)
                    best = p;
            }
    }
    return best;
}

static idx
choose_priority(Search *s)
{
    return priority_choice(s, 0);
}

static idx
choose_priority_row(Search *s, idx level, idx enough)
{
    (void)level, (void)enough;
    return priority_choice(s, 0);
}

static idx
choose_priority_seeded(Search *s, idx level, idx enough)
{
    (void)level, (void)enough;
    return priority_choice(s, 1);
}

/* first_option in a seeded search: item i's options shuffled into this level's part of perm
   (Fisher-Yates), the first of them. */
static idx
first_shuffled(Search *s, idx level, idx i)
{
    idx *perm = s->shuffle->perm, *dlink = s->links.dlink;
    idx start = s->shuffle->base[level], end = start;
    for (idx p = dlink[i]; p != i; p = dlink[p])
        perm[end++] = p;
    for (idx a = end - 1; a > start; a--) { /* Fisher-Yates */
        idx b = start + (idx)random_below(&s->shuffle->random, (uint64_t)(a - start + 1));
        idx t = perm[a];
        perm[a] = perm[b];
        perm[b] = t;
    }
    s->shuffle->base[level + 1] = end;
    s->shuffle->pos[level] = start;
    return end > start ? perm[start] : i;
}

/* next_option in a seeded search: the next of this level's shuffled options. */
static idx
next_shuffled(Search *s, idx level, idx x, idx i)
{
    (void)x;
    s->shuffle->pos[level] += 1;
    return s->shuffle->pos[level] < s->shuffle->base[level + 1] ? s->shuffle->perm[s->shuffle->pos[level]] : i;
}

/* The options in list order, as a choice row gives them. */
static idx
first_listed(Search *s, idx level, idx i)
{
    (void)level;
    return s->links.dlink[i];
}

static idx
next_listed(Search *s, idx level, idx x, idx i)
{
    (void)level, (void)i;
    return s->links.dlink[x];
}

/* A seeded search's randomness: its state, and room for each level's options shuffled. */
static int
shuffle_start(Search *s, const Start *start)
{
    const Dancer *d = s->dancer;
    Shuffle *t = s->shuffle = dlx_calloc(1, sizeof(Shuffle));
    if (t == NULL)
        return -1;
    t->random = start->seed;
    t->perm = dlx_calloc((size_t)d->n_entries + 1, sizeof(idx));
    t->base = dlx_calloc((size_t)d->n_primary + 2, sizeof(idx));
    t->pos = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    return t->perm == NULL || t->base == NULL || t->pos == NULL ? -1 : 0;
}

static void
shuffle_free(Search *s)
{
    if (s->shuffle == NULL)
        return;
    dlx_free(s->shuffle->perm);
    dlx_free(s->shuffle->base);
    dlx_free(s->shuffle->pos);
    dlx_free(s->shuffle);
    s->shuffle = NULL;
}

/* The state of a rule of the item choice: the weighted rules' WEIGHTs (choose_weighted,
   choose_weighted_ties; tally.c on the sets), all 1, or the failure rate's tries, all 1, and
   failures, all 0; made, and reset (a search rewound). (What a rule cannot combine with, the
   plan has refused: contract.REFUSED.) */
static int
weights_start(Search *s, const Start *start)
{
    const size_t n = (size_t)s->dancer->n_primary + 1;
    s->weights.rule = start->tuning.rule;
    s->weights.weight = dlx_malloc(n * sizeof(long long));
    if (s->weights.weight == NULL)
        return -1;
    for (idx i = 0; i <= s->n_primary; i++)
        s->weights.weight[i] = 1;
    return 0;
}

static int
failures_start(Search *s, const Start *start)
{
    const size_t n = (size_t)s->dancer->n_primary + 1;
    s->weights.rule = start->tuning.rule;
    s->weights.tries = dlx_malloc(n * sizeof(long long));
    s->weights.fails = dlx_malloc(n * sizeof(long long));
    if (s->weights.tries == NULL || s->weights.fails == NULL)
        return -1;
    for (idx i = 0; i <= s->n_primary; i++) {
        s->weights.tries[i] = 1;
        s->weights.fails[i] = 0;
    }
    return 0;
}

static void
weights_reset(Search *s)
{
    for (idx i = 0; i <= s->n_primary; i++)
        s->weights.weight[i] = 1;
}

static void
failures_reset(Search *s)
{
    for (idx i = 0; i <= s->n_primary; i++) {
        s->weights.tries[i] = 1;
        s->weights.fails[i] = 0;
    }
}

/* A choice without state to reset. */
static void
nothing_to_reset(Search *s)
{
    (void)s;
}

static void
weights_free(Search *s)
{
    dlx_free(s->weights.weight);
    dlx_free(s->weights.tries);
    dlx_free(s->weights.fails);
    s->weights.weight = s->weights.tries = s->weights.fails = NULL;
}

/* The rows (pydlx/choice.py's CHOICES, the same names). "mrv" is MRV in list order, which
   the steps compile in; its row serves the other files (choose_first) and a rewind. */
static const Choice CHOICES[] = {
    {.name = "mrv", .reset = nothing_to_reset, .choose = NULL, .first = first_listed, .next = next_listed,
     .plain = choose_plain, .chosen = 0, .seeded = 0, .sets = 1},
    {.name = "mrv seeded", .start = shuffle_start, .reset = nothing_to_reset, .choose = choose_seeded,
     .first = first_shuffled, .next = next_shuffled, .plain = choose_plain, .chosen = 1, .seeded = 1, .sets = 0},
    {.name = "mrv seeded wide", .start = shuffle_start, .reset = nothing_to_reset, .choose = choose_wide_seeded,
     .first = first_shuffled, .next = next_shuffled, .plain = choose_plain, .chosen = 1, .seeded = 1, .sets = 0},
    {.name = "priority", .reset = nothing_to_reset, .choose = choose_priority_row, .first = first_listed,
     .next = next_listed, .plain = choose_priority, .chosen = 1, .seeded = 0, .sets = 0},
    {.name = "priority seeded", .start = shuffle_start, .reset = nothing_to_reset, .choose = choose_priority_seeded,
     .first = first_shuffled, .next = next_shuffled, .plain = choose_priority, .chosen = 1, .seeded = 1, .sets = 0},
    {.name = "weighted", .start = weights_start, .reset = weights_reset, .choose = choose_weighted_row,
     .first = first_listed, .next = next_listed, .plain = choose_plain, .chosen = 1, .seeded = 0, .sets = 1,
     .unprobed = "random probes of a search with the weighted choice"},
    {.name = "weighted ties", .start = weights_start, .reset = weights_reset, .choose = choose_weighted_ties_row,
     .first = first_listed, .next = next_listed, .plain = choose_plain, .chosen = 1, .seeded = 0, .sets = 1,
     .unprobed = "random probes of a search with the weighted ties"},
    {.name = "failure rate", .start = failures_start, .reset = failures_reset, .choose = choose_by_failure_rate_row,
     .first = first_listed, .next = next_listed, .plain = choose_plain, .chosen = 1, .seeded = 0, .sets = 1,
     .unprobed = "random probes of a search with the failure-rate choice"},
};
enum { BY_MRV, BY_MRV_SEEDED, BY_MRV_SEEDED_WIDE, BY_PRIORITY, BY_PRIORITY_SEEDED, BY_WEIGHTS, BY_WEIGHTED_TIES,
       BY_FAILURE_RATE };

/* The row a search starts with: priority items first (their rule takes no other: the plan
   has refused the rules with them), a rule, or MRV; with a seed or not. */
static const Choice *
choice_for(const Dancer *d, const Start *start)
{
    if (d->priority != NULL)
        return &CHOICES[start->seeded ? BY_PRIORITY_SEEDED : BY_PRIORITY];
    switch (start->tuning.rule) {
    case RULE_WEIGHTED:
        return &CHOICES[BY_WEIGHTS];
    case RULE_WEIGHTED_TIES:
        return &CHOICES[BY_WEIGHTED_TIES];
    case RULE_FAILURE_RATE:
        return &CHOICES[BY_FAILURE_RATE];
    default:
        return &CHOICES[!start->seeded ? BY_MRV : is_wide(d) ? BY_MRV_SEEDED_WIDE : BY_MRV_SEEDED];
    }
}

/* The item choice of a new search, chosen once, and its state: 0, or -1 if memory ran out;
   and freed (whatever row made it). */
int
choice_start(Search *s, const Start *start)
{
    s->ways.choice = choice_for(s->dancer, start);
    return s->ways.choice->start != NULL ? s->ways.choice->start(s, start) : 0;
}

const char *
choice_name(const Search *s)
{
    return s->ways.choice->name;
}

void
choice_free(Search *s)
{
    weights_free(s);
    shuffle_free(s);
}
