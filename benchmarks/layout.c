/*
 * layout.c: the two dancing-links layouts, measured side by side (see layout.py).
 *
 *   fourlink  the seed article's layout: every node has left, right, up, down and col;
 *             columns have a size; options are circular left/right lists.
 *   knuth     Knuth's DLX1 layout (the one the engine uses): nodes have top, ulink, dlink;
 *             options are stored consecutively between spacer nodes, so walking an option
 *             is p + 1 instead of following a link.
 *
 * Both count all solutions with the same algorithm (recursive Algorithm X, the item with
 * the fewest options first, ties to the first) and report the same node count, so only the
 * layout differs. Input on stdin: "n_primary n_secondary n_options", then one line per
 * option: "k item item ..." with items numbered from 0, primary first.
 *   structs   Knuth's layout with each node's fields side by side (an array of structs),
 *             so that one node is one cache access.
 * Usage: layout fourlink|knuth|structs REPEATS < matrix.txt
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int n_primary, n_secondary, n_options, n_entries;
static int *opt_start, *opt_items;
static long long nodes, solutions;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* ---- the four-link layout ------------------------------------------------------------ */

static int *L, *R, *U, *D, *C, *S;

static void
fl_build(void)
{
    int n = n_primary + n_secondary, size = n + 1 + n_entries, x = n + 1;
    L = malloc(size * sizeof(int)); R = malloc(size * sizeof(int));
    U = malloc(size * sizeof(int)); D = malloc(size * sizeof(int));
    C = malloc(size * sizeof(int)); S = calloc(n + 1, sizeof(int));
    for (int i = 0; i <= n; i++) {
        U[i] = D[i] = C[i] = i;
        L[i] = i; R[i] = i;
    }
    for (int i = 1; i <= n_primary; i++) { /* primary columns in the header list */
        L[i] = i - 1; R[i - 1] = i; R[i] = 0; L[0] = i;
    }
    for (int k = 0; k < n_options; k++) {
        int first = x;
        for (int j = opt_start[k]; j < opt_start[k + 1]; j++, x++) {
            int c = opt_items[j] + 1;
            C[x] = c; U[x] = U[c]; D[x] = c; D[U[c]] = x; U[c] = x; S[c]++;
            L[x] = x - 1; R[x] = x + 1;
        }
        if (x > first) { L[first] = x - 1; R[x - 1] = first; }
    }
}

static void
fl_cover(int c)
{
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--;
        }
}

static void
fl_uncover(int c)
{
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            S[C[j]]++; U[D[j]] = j; D[U[j]] = j;
        }
    L[R[c]] = c; R[L[c]] = c;
}

static void
fl_search(void)
{
    nodes++;
    if (R[0] == 0) { solutions++; return; }
    int best = R[0];
    for (int c = R[best]; c != 0; c = R[c])
        if (S[c] < S[best]) best = c;
    fl_cover(best);
    for (int r = D[best]; r != best; r = D[r]) {
        for (int j = R[r]; j != r; j = R[j]) fl_cover(C[j]);
        fl_search();
        for (int j = L[r]; j != r; j = L[j]) fl_uncover(C[j]);
    }
    fl_uncover(best);
}

/* ---- Knuth's layout ------------------------------------------------------------------ */

static int *llink, *rlink, *top, *ulink, *dlink;

static void
kn_build(void)
{
    int n = n_primary + n_secondary, size = n + 2 + n_entries + n_options;
    llink = calloc(n + 2, sizeof(int)); rlink = calloc(n + 2, sizeof(int));
    top = calloc(size, sizeof(int)); ulink = calloc(size, sizeof(int));
    dlink = calloc(size, sizeof(int));
    for (int i = 0; i <= n + 1; i++) llink[i] = rlink[i] = i;
    for (int i = 1; i <= n_primary; i++) {
        llink[i] = i - 1; rlink[i - 1] = i; rlink[i] = 0; llink[0] = i;
    }
    for (int i = 1; i <= n; i++) ulink[i] = dlink[i] = i;
    int spacer = n + 1;
    for (int k = 0; k < n_options; k++) {
        int first = spacer + 1, q = spacer;
        for (int j = opt_start[k]; j < opt_start[k + 1]; j++) {
            int i = opt_items[j] + 1;
            q++;
            top[q] = i; ulink[q] = ulink[i]; dlink[q] = i; dlink[ulink[i]] = q; ulink[i] = q;
            top[i]++;
        }
        dlink[spacer] = q;
        spacer = q + 1;
        top[spacer] = -(k + 1);
        ulink[spacer] = first;
    }
}

static void
kn_hide(int p)
{
    for (int q = p + 1; q != p;) {
        int x = top[q];
        if (x <= 0) { q = ulink[q]; continue; }
        int u = ulink[q], d = dlink[q];
        dlink[u] = d; ulink[d] = u; top[x]--;
        q++;
    }
}

static void
kn_unhide(int p)
{
    for (int q = p - 1; q != p;) {
        int x = top[q];
        if (x <= 0) { q = dlink[q]; continue; }
        int u = ulink[q], d = dlink[q];
        dlink[u] = q; ulink[d] = q; top[x]++;
        q--;
    }
}

static void
kn_cover(int i)
{
    for (int p = dlink[i]; p != i; p = dlink[p]) kn_hide(p);
    int l = llink[i], r = rlink[i];
    rlink[l] = r; llink[r] = l;
}

static void
kn_uncover(int i)
{
    int l = llink[i], r = rlink[i];
    rlink[l] = i; llink[r] = i;
    for (int p = ulink[i]; p != i; p = ulink[p]) kn_unhide(p);
}

static void
kn_search(void)
{
    nodes++;
    if (rlink[0] == 0) { solutions++; return; }
    int best = rlink[0];
    for (int p = rlink[best]; p != 0; p = rlink[p])
        if (top[p] < top[best]) best = p;
    kn_cover(best);
    for (int x = dlink[best]; x != best; x = dlink[x]) {
        for (int p = x + 1; p != x;) {
            int j = top[p];
            if (j <= 0) p = ulink[p]; else { kn_cover(j); p++; }
        }
        kn_search();
        for (int p = x - 1; p != x;) {
            int j = top[p];
            if (j <= 0) p = dlink[p]; else { kn_uncover(j); p--; }
        }
    }
    kn_uncover(best);
}

/* ---- Knuth's layout, the node fields side by side (array of structs) -------------------- */

typedef struct { int top, up, down, pad; } node;
static node *nd;

static void
ks_build(void)
{
    kn_build();
    int n = n_primary + n_secondary, size = n + 2 + n_entries + n_options;
    nd = calloc(size, sizeof(node));
    for (int k = 0; k < size; k++) { nd[k].top = top[k]; nd[k].up = ulink[k]; nd[k].down = dlink[k]; }
}

static void
ks_cover(int i)
{
    for (int p = nd[i].down; p != i; p = nd[p].down)
        for (int q = p + 1; q != p;) {
            int x = nd[q].top;
            if (x <= 0) { q = nd[q].up; continue; }
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = d; nd[d].up = u; nd[x].top--;
            q++;
        }
    int l = llink[i], r = rlink[i];
    rlink[l] = r; llink[r] = l;
}

static void
ks_uncover(int i)
{
    int l = llink[i], r = rlink[i];
    rlink[l] = i; llink[r] = i;
    for (int p = nd[i].up; p != i; p = nd[p].up)
        for (int q = p - 1; q != p;) {
            int x = nd[q].top;
            if (x <= 0) { q = nd[q].down; continue; }
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = q; nd[d].up = q; nd[x].top++;
            q--;
        }
}

static void
ks_search(void)
{
    nodes++;
    if (rlink[0] == 0) { solutions++; return; }
    int best = rlink[0];
    for (int p = rlink[best]; p != 0; p = rlink[p])
        if (nd[p].top < nd[best].top) best = p;
    ks_cover(best);
    for (int x = nd[best].down; x != best; x = nd[x].down) {
        for (int p = x + 1; p != x;) {
            int j = nd[p].top;
            if (j <= 0) p = nd[p].up; else { ks_cover(j); p++; }
        }
        ks_search();
        for (int p = x - 1; p != x;) {
            int j = nd[p].top;
            if (j <= 0) p = nd[p].down; else { ks_uncover(j); p--; }
        }
    }
    ks_uncover(best);
}

int
main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "fourlink") && strcmp(argv[1], "knuth") && strcmp(argv[1], "structs"))) {
        fprintf(stderr, "usage: layout fourlink|knuth|structs REPEATS < matrix.txt\n");
        return 2;
    }
    int repeats = atoi(argv[2]), fourlink = !strcmp(argv[1], "fourlink"), structs = !strcmp(argv[1], "structs");
    if (scanf("%d %d %d", &n_primary, &n_secondary, &n_options) != 3) return 2;
    opt_start = malloc((n_options + 1) * sizeof(int));
    int capacity = 1024;
    opt_items = malloc(capacity * sizeof(int));
    for (int k = 0; k < n_options; k++) {
        int m;
        if (scanf("%d", &m) != 1) return 2;
        opt_start[k] = n_entries;
        for (int j = 0; j < m; j++) {
            if (n_entries == capacity) opt_items = realloc(opt_items, (capacity *= 2) * sizeof(int));
            if (scanf("%d", &opt_items[n_entries++]) != 1) return 2;
        }
    }
    opt_start[n_options] = n_entries;
    if (fourlink) fl_build(); else if (structs) ks_build(); else kn_build();
    for (int r = 0; r < repeats; r++) {
        nodes = solutions = 0;
        double t = now();
        if (fourlink) fl_search(); else if (structs) ks_search(); else kn_search();
        printf("%.6f %lld %lld\n", now() - t, nodes, solutions);
    }
    return 0;
}
