/*
 * _dlx.c: dancing links in C, the port of pydlx.py.
 *
 * pydlx.py is the specification. This file has the same names (Dancer, Search, hide,
 * cover, purify, commit, choose, first_option, run, ...), the same arrays (llink, rlink,
 * top, ulink, dlink, color, choice) and the same step labels (X2..X8 of Knuth's Algorithm X);
 * the data layout is drawn in pydlx.py's module docstring. A reader who understands one file
 * understands the other, and the tests check that both give the same solutions in the same
 * order with the same statistics.
 *
 * What C adds: the arrays are int32 and live in one block, so a search copies the pristine
 * matrix with one memcpy; the search runs with the GIL released (it touches no Python
 * object); the colored and uncolored cases are compiled separately so an ordinary exact cover
 * problem never reads the color array; and a second way to run the same search, on sets of
 * options instead of links, which a search moves to when a sample of its nodes says that is
 * faster (many updates per node for the number of items: pentominoes, queens, Langford
 * pairs; not sudoku). It has no
 * counterpart in pydlx because it changes nothing a caller can see but the time: see "the
 * bitset search" below, and tests/test_sets.py, which moves searches to it at every point.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>

typedef int32_t idx; /* "a pointer is an array index" */
#define IDX_MAX 0x7FFFFFFF
/* The item choice reads 2^SCAN_SHIFT LENs in the time of one update (see effort). */
#define SCAN_SHIFT 3

/* How a step treats the links, a compile-time constant in each copy of the search loop:
   COLORED, nodes may carry colors (purified nodes stay in their lists); WIDE, every change
   of an item's LEN marks its block of 64 items dirty, for choose_wide. */
#define COLORED 1
#define WIDE 2
/* Matrices with at least this many primary items (and no colors) choose their items by
   blocks (choose_wide); benchmarks/README.md has the measurement behind it. */
#define WIDE_ITEMS 1024

/* Added to LEN of an item while it is covered (see pydlx.COVERED and choose). */
#define COVERED (1 << 30)

/* The bitset search counts updates by option length: at most this many distinct lengths. */
#define MAX_CLASSES 4
/* ... and its masks (one row of n_options bits per item) take at most this many words. */
#define MAX_MASK_WORDS (1 << 21)

/* Where a search runs (Search.sets): on the links, not decided yet (before its first run),
   on sets of options, on the links while measuring whether to move to the sets, or paused
   to move there. */
enum { LINKS = -1, UNDECIDED = 0, SETS = 1, SAMPLING = 2, MOVING = 3 };

/* What Search.run returns (the same numbers as pydlx). */
enum { DONE = 0, SOLUTION = 1, PAUSED = 2, LIMIT = 3, PREFIX = 4 };
/* Where a paused search resumes: Algorithm X's step labels. */
enum { FINISHED = 0, X2 = 2, X5 = 5, X6 = 6, X7 = 7, X8 = 8 };

#if defined(__GNUC__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE static inline
#endif

#if defined(__GNUC__)
#define POPCOUNT64(x) __builtin_popcountll(x)
#define CTZ64(x) __builtin_ctzll(x)
#else /* portable versions, for compilers without the builtins */
static inline int
POPCOUNT64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int
CTZ64(uint64_t x) /* x != 0 */
{
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
#endif

/* ------------------------------------------------------------------------------------ */
/* Random: SplitMix64, bit for bit the same as pydlx.Random.                             */

static inline uint64_t
random_below(uint64_t *state, uint64_t n)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) % n;
}

/* ------------------------------------------------------------------------------------ */
/* Dancer: a compiled matrix, read-only after construction.                              */

typedef struct {
    PyObject_HEAD
    idx n_items, n_primary, n_options, n_entries;
    int has_colors;
    Py_ssize_t n_links; /* length of llink and rlink: n_items + 2 */
    Py_ssize_t n_nodes; /* length of top, ulink, dlink and color */
    idx *mem;           /* one block: llink, rlink, top, ulink, dlink, color */
    idx *llink, *rlink, *top, *ulink, *dlink, *color;
    idx *opt_start;     /* the first node of each option, and one past the last */
    /* For the bitset search (see there), built the first time a search uses it: */
    int sets;            /* 0: not yet decided; 1: built; -1: this matrix cannot use it */
    Py_ssize_t n_words;  /* 64-bit words in a set of options (bit k: option k) */
    uint64_t *masks;     /* row i, for item i = 1..n_items: the options that contain i */
    int n_classes;       /* the distinct lengths of the options, to count updates */
    idx class_length[MAX_CLASSES];
    uint64_t *classes;   /* row c: the options of length class_length[c] */
} Dancer;

static PyTypeObject DancerType;
static PyTypeObject SearchType;

/* The exception classes of exactcover.errors, which both engines raise (looked up once, when
   the module is loaded). */
static PyObject *MatrixError, *UnknownOption, *GivensClash, *GivenAndExcluded, *PrefixError;

/* Raise cls(*args), args built by Py_BuildValue's format. */
static void
raise_error(PyObject *cls, const char *format, ...)
{
    va_list va;
    va_start(va, format);
    PyObject *args = Py_VaBuildValue(format, va);
    va_end(va);
    if (args != NULL) {
        PyObject *error = PyObject_CallObject(cls, args);
        Py_DECREF(args);
        if (error != NULL) {
            PyErr_SetObject(cls, error);
            Py_DECREF(error);
        }
    }
}

/* Copy a sequence of ints (or an int32 buffer such as array('i')) into a new C array. */
static idx *
to_idx_array(PyObject *obj, Py_ssize_t *length, const char *what)
{
    idx *out;
    Py_ssize_t n, k;
    if (PyObject_CheckBuffer(obj)) {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) == 0) {
            if (view.itemsize == 4 && view.format != NULL &&
                (strcmp(view.format, "i") == 0 || strcmp(view.format, "=i") == 0)) {
                n = view.len / 4;
                out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(idx));
                if (out == NULL) {
                    PyBuffer_Release(&view);
                    PyErr_NoMemory();
                    return NULL;
                }
                memcpy(out, view.buf, (size_t)n * sizeof(idx));
                PyBuffer_Release(&view);
                *length = n;
                return out;
            }
            PyBuffer_Release(&view);
        }
        else {
            PyErr_Clear();
        }
    }
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL)
        return NULL;
    n = PySequence_Fast_GET_SIZE(seq);
    out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(idx));
    if (out == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    for (k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(seq);
            return NULL;
        }
        if (v < -IDX_MAX || v > IDX_MAX) {
            PyMem_Free(out);
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return NULL;
        }
        out[k] = (idx)v;
    }
    Py_DECREF(seq);
    *length = n;
    return out;
}

/* Reject what would corrupt the links; the messages match pydlx._check_input. */
static int
check_input(Py_ssize_t n_primary, Py_ssize_t n_secondary, const idx *starts,
            Py_ssize_t n_starts, const idx *items, Py_ssize_t n_items_, const idx *colors,
            Py_ssize_t n_colors)
{
    Py_ssize_t n = n_primary + n_secondary, k, j;
    idx *owner;
    if (n_primary < 0 || n_secondary < 0) {
        PyErr_SetString(MatrixError, "item counts must not be negative");
        return -1;
    }
    if (n_starts < 1 || starts[0] != 0 || starts[n_starts - 1] != n_items_) {
        PyErr_SetString(MatrixError, "starts must run from 0 to len(items)");
        return -1;
    }
    if (n_colors != n_items_) {
        PyErr_SetString(MatrixError, "colors must be as long as items");
        return -1;
    }
    if (n >= COVERED || n + 2 + n_items_ + n_starts >= COVERED) {
        PyErr_SetString(MatrixError, "matrix too large");
        return -1;
    }
    owner = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(idx));
    if (owner == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (j = 0; j < n; j++)
        owner[j] = -1;
    for (k = 0; k < n_starts - 1; k++) { /* all of them first: then every range is in bounds */
        if (starts[k + 1] < starts[k]) {
            PyErr_Format(MatrixError, "starts must not decrease (option %zd)", k);
            goto fail;
        }
    }
    for (k = 0; k < n_starts - 1; k++) {
        for (j = starts[k]; j < starts[k + 1]; j++) {
            idx i = items[j], c = colors[j];
            if (i < 0 || i >= n) {
                PyErr_Format(MatrixError, "option %zd has item %d out of range", k, (int)i);
                goto fail;
            }
            if (owner[i] == k) {
                PyErr_Format(MatrixError, "option %zd has item %d twice", k, (int)i);
                goto fail;
            }
            owner[i] = (idx)k;
            if (c < 0 || (c > 0 && i < n_primary)) {
                PyErr_Format(MatrixError, "option %zd has a bad color on item %d", k,
                             (int)i);
                goto fail;
            }
        }
    }
    PyMem_Free(owner);
    return 0;
fail:
    PyMem_Free(owner);
    return -1;
}

static int
Dancer_init(Dancer *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n_primary", "n_secondary", "starts", "items", "colors", NULL};
    Py_ssize_t n_primary, n_secondary, n_starts = 0, n_entries = 0, n_colors = 0;
    PyObject *starts_obj, *items_obj, *colors_obj;
    idx *starts = NULL, *items = NULL, *colors = NULL;
    int result = -1;

    if (self->mem != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Dancer is initialized only once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "nnOOO", kwlist, &n_primary, &n_secondary,
                                     &starts_obj, &items_obj, &colors_obj))
        return -1;
    if ((starts = to_idx_array(starts_obj, &n_starts, "starts")) == NULL ||
        (items = to_idx_array(items_obj, &n_entries, "items")) == NULL ||
        (colors = to_idx_array(colors_obj, &n_colors, "colors")) == NULL)
        goto done;
    if (check_input(n_primary, n_secondary, starts, n_starts, items, n_entries, colors,
                    n_colors) < 0)
        goto done;
    {
        idx n = (idx)(n_primary + n_secondary), n_options = (idx)(n_starts - 1);
        Py_ssize_t size = (Py_ssize_t)n + 2 + n_entries + n_options;
        idx *llink, *rlink, *top, *ulink, *dlink, *color, *opt_start;
        idx i, k, q, spacer, head, first, last, previous;
        Py_ssize_t j;

        self->mem = PyMem_Calloc((size_t)(2 * (n + 2) + 4 * size), sizeof(idx));
        self->opt_start = PyMem_Calloc((size_t)n_options + 1, sizeof(idx));
        if (self->mem == NULL || self->opt_start == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        self->n_items = n;
        self->n_primary = (idx)n_primary;
        self->n_options = n_options;
        self->n_entries = (idx)n_entries;
        self->n_links = n + 2;
        self->n_words = n_options / 64 + 1;
        self->n_nodes = size;
        self->llink = llink = self->mem;
        self->rlink = rlink = llink + (n + 2);
        self->top = top = rlink + (n + 2);
        self->ulink = ulink = top + size;
        self->dlink = dlink = ulink + size;
        self->color = color = dlink + size;
        opt_start = self->opt_start;
        for (j = 0; j < n_entries; j++)
            if (colors[j])
                self->has_colors = 1;

        /* The item lists: primary items hang from 0, secondary ones from n + 1. */
        for (int pass = 0; pass < 2; pass++) {
            head = pass ? n + 1 : 0;
            first = pass ? (idx)n_primary + 1 : 1;
            last = pass ? n : (idx)n_primary;
            previous = head;
            for (i = first; i <= last; i++) {
                llink[i] = previous;
                rlink[previous] = i;
                previous = i;
            }
            llink[head] = previous;
            rlink[previous] = head;
        }

        /* The nodes: headers, then the options between spacers. */
        for (i = 1; i <= n; i++)
            ulink[i] = dlink[i] = i;
        spacer = n + 1; /* the first spacer */
        for (k = 0; k < n_options; k++) {
            first = spacer + 1;
            opt_start[k] = first;
            q = spacer;
            for (j = starts[k]; j < starts[k + 1]; j++) {
                idx u;
                q += 1;
                i = items[j] + 1;
                top[q] = i;
                color[q] = colors[j];
                u = ulink[i]; /* append q at the bottom of item i's list */
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
        opt_start[n_options] = spacer + 1;
    }
    result = 0;
done:
    PyMem_Free(starts);
    PyMem_Free(items);
    PyMem_Free(colors);
    return result;
}

static void
Dancer_dealloc(Dancer *self)
{
    PyMem_Free(self->mem);
    PyMem_Free(self->opt_start);
    PyMem_Free(self->masks);
    PyMem_Free(self->classes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Dancer_get_nbytes(Dancer *self, void *closure)
{
    Py_ssize_t sets = self->sets > 0 ? (self->n_items + 1 + self->n_classes) * self->n_words : 0;
    return PyLong_FromSsize_t((Py_ssize_t)sizeof(idx) *
                              (2 * self->n_links + 4 * self->n_nodes + self->n_options + 1) +
                              (Py_ssize_t)sizeof(uint64_t) * sets);
}

/* The six arrays as a dict of lists (the first two of n_links entries, the others of n_nodes),
   for tests, the sanity check (exactcover.sanity) and drawing the layout. */
static PyObject *
arrays_dict(idx *const arrays[6], Py_ssize_t n_links, Py_ssize_t n_nodes)
{
    const char *names[] = {"llink", "rlink", "top", "ulink", "dlink", "color"};
    PyObject *result = PyDict_New();
    if (result == NULL)
        return NULL;
    for (int a = 0; a < 6; a++) {
        Py_ssize_t n = a < 2 ? n_links : n_nodes;
        PyObject *list = PyList_New(n);
        if (list == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *v = PyLong_FromLong(arrays[a][k]);
            if (v == NULL) {
                Py_DECREF(list);
                Py_DECREF(result);
                return NULL;
            }
            PyList_SET_ITEM(list, k, v);
        }
        if (PyDict_SetItemString(result, names[a], list) < 0) {
            Py_DECREF(list);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(list);
    }
    return result;
}

static PyObject *
Dancer_get_arrays(Dancer *self, void *closure)
{
    idx *const arrays[6] = {self->llink, self->rlink, self->top, self->ulink, self->dlink, self->color};
    return arrays_dict(arrays, self->n_links, self->n_nodes);
}

static PyObject *Search_create(Dancer *dancer, PyObject *givens, PyObject *seed, PyObject *excluded,
                               PyObject *prefix, PyObject *tuning);

static PyObject *
Dancer_search(Dancer *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"givens", "seed", "excluded", "prefix", "tuning", NULL};
    PyObject *givens = NULL, *seed = Py_None, *excluded = NULL, *prefix = NULL, *tuning = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|OOOOO", kwlist, &givens, &seed, &excluded, &prefix, &tuning))
        return NULL;
    if (self->mem == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Dancer was not initialized");
        return NULL;
    }
    return Search_create(self, givens, seed, excluded, prefix, tuning);
}

static PyMethodDef Dancer_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Dancer_search, METH_VARARGS | METH_KEYWORDS,
     "search(givens=(), seed=None, excluded=(), prefix=(), tuning=None)\n--\n\n"
     "A new search on a private copy of the arrays, with the options excluded taken out,\n"
     "then givens chosen, then the choices of prefix replayed (the subtree under it).\n"
     "tuning: None for the calibrated choice between the links and the sets, or\n"
     "(budget, sample, floor, ratio): the largest n_primary * n_words for the sets (0:\n"
     "never), the nodes sampled before choosing, and the two lines a sample's updates per\n"
     "node must pass to move (more than floor, and more than n_primary * n_words / ratio).\n"
     "The results are the same either way; only the time differs."},
    {NULL},
};

static PyMemberDef Dancer_members[] = {
    {"n_items", T_INT, offsetof(Dancer, n_items), READONLY, "number of items"},
    {"n_primary", T_INT, offsetof(Dancer, n_primary), READONLY, "number of primary items"},
    {"n_options", T_INT, offsetof(Dancer, n_options), READONLY, "number of options"},
    {"n_entries", T_INT, offsetof(Dancer, n_entries), READONLY, "number of (option, item) pairs"},
    {"has_colors", T_INT, offsetof(Dancer, has_colors), READONLY, "whether any node has a color"},
    {NULL},
};

static PyGetSetDef Dancer_getset[] = {
    {"nbytes", (getter)Dancer_get_nbytes, NULL, "bytes used by the arrays", NULL},
    {"arrays", (getter)Dancer_get_arrays, NULL, "the pristine arrays, as lists", NULL},
    {NULL},
};

static PyTypeObject DancerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "exactcover._dlx.Dancer",
    .tp_doc = "Dancer(n_primary, n_secondary, starts, items, colors)\n--\n\n"
              "A compiled matrix: the pristine arrays, read-only, shared by every Search.",
    .tp_basicsize = sizeof(Dancer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Dancer_init,
    .tp_dealloc = (destructor)Dancer_dealloc,
    .tp_methods = Dancer_methods,
    .tp_members = Dancer_members,
    .tp_getset = Dancer_getset,
};

/* ------------------------------------------------------------------------------------ */
/* Search: one search on a Dancer, with its own copy of the links.                       */

typedef struct {
    PyObject_HEAD
    Dancer *dancer;
    idx *mem; /* this search's copy of the block (without color when uncolored) */
    idx *llink, *rlink, *top, *ulink, *dlink, *color;
    const idx *opt_start;
    idx n_items, n_primary;
    idx *choice; /* x_0, x_1, ...: one node per level */
    idx *total, *tried; /* for progress: at level l the tried[l]-th of total[l] options */
    idx level, floor;   /* the search ends when it backs up to its floor */
    int resume;
    long long nodes, updates, solutions, max_level;
    long long scanned; /* the item choice's reads, in updates' worth (see effort) */
    unsigned char *dirty; /* WIDE: per block of 64 items, whether a LEN in it changed */
    idx *block_min;       /* WIDE: per block of 64 primary items, its least LEN (if clean) */
    int seeded;
    uint64_t random;
    idx *perm, *base, *pos; /* with a seed: the shuffled options of each level */
    int busy;
    int sets;               /* LINKS, UNDECIDED, SETS or SAMPLING */
    long long sample_end;   /* SAMPLING: the node count at which to decide */
    long long sample_nodes, sample_updates; /* ... and the counts when sampling began */
    Py_ssize_t set_budget;  /* this search's tuning (Dancer.search): see "the bitset search" */
    long long sample_length;
    double set_floor, set_ratio;
    uint64_t *alive;        /* the bitset search: level l's available options (n_words each) */
    idx *option;            /* the bitset search: the option tried at each level, or -1 */
    idx *words;             /* the bitset search: the nonzero words of the set at hand */
    idx n_live;             /* ... and how many there are */
} Search;

/* -- the dance: cover and uncover, hide and unhide, purify and unpurify ---------------- */

ALWAYS_INLINE long long
hide(Search *s, idx p, const int mode)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink, *color = s->color;
    long long k = 0;
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
            if (mode & WIDE)
                s->dirty[x >> 6] = 1;
            k += 1;
        }
        q += 1;
    }
    return k;
}

ALWAYS_INLINE void
unhide(Search *s, idx p, const int mode)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink, *color = s->color;
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
            top[x] += 1;
            if (mode & WIDE)
                s->dirty[x >> 6] = 1;
        }
        q -= 1;
    }
}

ALWAYS_INLINE void
cover(Search *s, idx i, const int mode)
{
    idx *dlink = s->dlink;
    long long k = 1;
    idx p = dlink[i];
    while (p != i) {
        k += hide(s, p, mode);
        p = dlink[p];
    }
    idx left = s->llink[i], right = s->rlink[i];
    s->rlink[left] = right;
    s->llink[right] = left;
    s->top[i] += COVERED;
    if (mode & WIDE)
        s->dirty[i >> 6] = 1;
    s->updates += k;
}

ALWAYS_INLINE void
uncover(Search *s, idx i, const int mode)
{
    s->top[i] -= COVERED;
    if (mode & WIDE)
        s->dirty[i >> 6] = 1;
    idx left = s->llink[i], right = s->rlink[i];
    s->rlink[left] = i;
    s->llink[right] = i;
    idx *ulink = s->ulink;
    idx p = ulink[i];
    while (p != i) {
        unhide(s, p, mode);
        p = ulink[p];
    }
}

static void
purify(Search *s, idx p)
{
    idx *color = s->color, *dlink = s->dlink;
    idx c = color[p];
    idx i = s->top[p];
    long long k = 0;
    idx q = dlink[i];
    while (q != i) {
        if (color[q] != c)
            k += hide(s, q, 1);
        else if (q != p)
            color[q] = -1;
        q = dlink[q];
    }
    s->updates += k;
}

static void
unpurify(Search *s, idx p)
{
    idx *color = s->color, *ulink = s->ulink;
    idx c = color[p];
    idx i = s->top[p];
    idx q = ulink[i];
    while (q != i) {
        if (color[q] < 0)
            color[q] = c;
        else if (q != p)
            unhide(s, q, 1);
        q = ulink[q];
    }
}

ALWAYS_INLINE void
commit(Search *s, idx p, idx j, const int mode)
{
    if (!(mode & COLORED)) {
        cover(s, j, mode);
        return;
    }
    idx c = s->color[p];
    if (c == 0)
        cover(s, j, 1);
    else if (c > 0) /* (c < 0: already purified to this color) */
        purify(s, p);
}

ALWAYS_INLINE void
uncommit(Search *s, idx p, idx j, const int mode)
{
    if (!(mode & COLORED)) {
        uncover(s, j, mode);
        return;
    }
    idx c = s->color[p];
    if (c == 0)
        uncover(s, j, 1);
    else if (c > 0)
        unpurify(s, p);
}

/* -- exclusions and givens ----------------------------------------------------------------- */

/* Take the options `excluded` out of every item's list for the whole search (a repeated one
   counts once); UnknownOption or GivenAndExcluded for an option out of range or also given. */
static int
exclude(Search *s, const idx *excluded, Py_ssize_t n_excluded, const idx *givens, Py_ssize_t n_givens)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink;
    idx n_options = s->dancer->n_options;
    Py_ssize_t e, g;
    char *done;
    if (n_excluded == 0)
        return 0;
    done = PyMem_Calloc((size_t)n_options + 1, 1);
    if (done == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (e = 0; e < n_excluded; e++) {
        idx k = excluded[e];
        if (k < 0 || k >= n_options) {
            raise_error(UnknownOption, "(is)", (int)k, "excluded");
            goto fail;
        }
        for (g = 0; g < n_givens; g++)
            if (givens[g] == k) {
                raise_error(GivenAndExcluded, "(i)", (int)k);
                goto fail;
            }
        if (done[k])
            continue;
        done[k] = 1;
        for (idx q = s->opt_start[k]; top[q] > 0; q++) {
            idx u = ulink[q], d = dlink[q];
            dlink[u] = d;
            ulink[d] = u;
            top[top[q]] -= 1;
            s->updates += 1;
        }
    }
    PyMem_Free(done);
    return 0;
fail:
    PyMem_Free(done);
    return -1;
}

/* -- givens ----------------------------------------------------------------------------- */

/* Choose the options `givens` before the search; GivensClash(a, b, item) on a clash. */
static int
apply_givens(Search *s, const idx *givens, Py_ssize_t n_givens)
{
    idx *top = s->top, *color = s->color;
    const idx *opt_start = s->opt_start;
    idx n_options = s->dancer->n_options;
    Py_ssize_t g;
    idx *owner = PyMem_Malloc((size_t)(s->n_items + 2) * sizeof(idx));
    if (owner == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (idx i = 0; i < s->n_items + 2; i++)
        owner[i] = -1; /* item -> the first given that uses it */
    for (g = 0; g < n_givens; g++) {
        idx k = givens[g];
        if (k < 0 || k >= n_options) {
            raise_error(UnknownOption, "(is)", (int)k, "given");
            goto fail;
        }
        for (idx p = opt_start[k]; top[p] > 0; p++) {
            idx i = top[p];
            if (owner[i] >= 0) {
                idx o = owner[i], q = opt_start[o];
                while (top[q] != i)
                    q++;
                if (color[p] == 0 || color[q] != color[p] || o == k) {
                    raise_error(GivensClash, "(iii)", (int)(o < k ? o : k), (int)(o < k ? k : o),
                                (int)(i - 1));
                    goto fail;
                }
            }
            else {
                owner[i] = k;
            }
        }
    }
    PyMem_Free(owner);
    for (g = 0; g < n_givens; g++)
        for (idx p = opt_start[givens[g]]; top[p] > 0; p++)
            commit(s, p, top[p], 1);
    return 0;
fail:
    PyMem_Free(owner);
    return -1;
}

/* -- the search --------------------------------------------------------------------------- */

/* The first position of the smallest of len[0..n-1] (n > 0): the minimum by a loop the
   compiler vectorizes, then a scan for it. (An earlier version, written as eight lanes for
   both passes, took 13-18% longer on Langford pairs and sudoku counts.) On x86-64 with GCC
   an AVX2 clone is chosen at load time when the processor has it, the plain one otherwise. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
__attribute__((target_clones("avx2", "default")))
#endif
static idx
first_minimum(const idx *len, idx n)
{
    idx least = IDX_MAX, p;
    for (p = 0; p < n; p++) /* a min reduction: vectorized */
        least = len[p] < least ? len[p] : least;
    for (p = 0; len[p] != least; p++)
        ;
    return p;
}

/* The work a search has done, for run's work budget: its updates, and the reads of the item
   choice, which on a matrix of 10^5 or more items cost more than the updates. Counting them
   makes a chunk of work take about the same time on any matrix, so a budget, a deadline or
   Ctrl-C is seen as soon on a wide matrix as on a narrow one. */
ALWAYS_INLINE long long
effort(const Search *s)
{
    return s->updates + s->scanned;
}

/* Step X3: the active primary item with the fewest options (MRV), ties to the first in
   matrix order, or, with a seed, to a uniformly random one of the tied items. Covered items
   carry COVERED in their LEN, so the first minimum of LEN over the primary headers 1..N1 (a
   contiguous block) is the item a walk of the list of active items would find. */
ALWAYS_INLINE idx
choose(Search *s)
{
    const idx *top = s->top;
    const idx n1 = s->n_primary;
    idx best = 1, least, p;
    if (n1 > 32) { /* a long block: the vectorized scan */
        best += first_minimum(top + 1, n1);
        s->scanned += n1 >> SCAN_SHIFT;
    }
    else { /* a short one: walking the list of active items (Knuth's way) beats the call */
        const idx *rlink = s->rlink;
        idx length = IDX_MAX;
        for (p = rlink[0]; p != 0; p = rlink[p])
            if (top[p] < length) {
                best = p;
                length = top[p];
            }
    }
    least = top[best];
    if (s->seeded && least > 0) { /* (with LEN 0 any choice is the same dead end) */
        uint64_t ties = 1;
        for (p = best + 1; p <= n1; p++)
            if (top[p] == least) {
                ties += 1;
                if (random_below(&s->random, ties) == 0)
                    best = p;
            }
    }
    return best;
}

/* Whether searches of this matrix choose their items by blocks: many primary items, and no
   colors (whose purification changes LENs outside hide and unhide's loop). */
static int
is_wide(const Dancer *d)
{
    return !d->has_colors && d->n_primary >= WIDE_ITEMS;
}

/* Step X3 on a wide matrix: the same choice as choose (the first minimum of LEN over the
   primary headers; with a seed, the same random pick among the ties), found from the least
   LEN of each block of 64 items, a block being read again only when one of its LENs changed
   since the last choice (hide, unhide, cover and uncover mark it dirty). So a node costs
   n_primary/64 reads plus 64 per block that changed, instead of n_primary. Block b holds the
   items 64b..64b+63 (block 0 starts at item 1: index 0 is the root). */
static idx
choose_wide(Search *s)
{
    const idx *top = s->top;
    const idx n1 = s->n_primary, blocks = (n1 >> 6) + 1;
    unsigned char *dirty = s->dirty;
    idx *block_min = s->block_min;
    for (idx b = 0; b < blocks; b++) {
        if (!dirty[b])
            continue;
        idx lo = b == 0 ? 1 : b << 6, hi = (b << 6) + 64 <= n1 + 1 ? (b << 6) + 64 : n1 + 1;
        idx least = IDX_MAX;
        for (idx p = lo; p < hi; p++)
            least = top[p] < least ? top[p] : least;
        block_min[b] = least;
        dirty[b] = 0;
        s->scanned += 64 >> SCAN_SHIFT;
    }
    s->scanned += blocks >> SCAN_SHIFT;
    idx b = first_minimum(block_min, blocks), least = block_min[b];
    idx best = b == 0 ? 1 : b << 6;
    while (top[best] != least)
        best++;
    if (s->seeded && least > 0) { /* the ties after best, in order, as choose meets them */
        uint64_t ties = 1;
        for (idx c = b; c < blocks; c++) {
            if (block_min[c] != least)
                continue;
            idx hi = (c << 6) + 64 <= n1 + 1 ? (c << 6) + 64 : n1 + 1;
            for (idx p = c == b ? best + 1 : c << 6; p < hi; p++)
                if (top[p] == least) {
                    ties += 1;
                    if (random_below(&s->random, ties) == 0)
                        best = p;
                }
        }
    }
    return best;
}

/* The first option node of item i to try at this level (i itself if there is none). */
static idx
first_option(Search *s, idx level, idx i)
{
    if (!s->seeded)
        return s->dlink[i];
    idx *perm = s->perm, *dlink = s->dlink;
    idx start = s->base[level], end = start;
    for (idx p = dlink[i]; p != i; p = dlink[p])
        perm[end++] = p;
    for (idx a = end - 1; a > start; a--) { /* Fisher-Yates */
        idx b = start + (idx)random_below(&s->random, (uint64_t)(a - start + 1));
        idx t = perm[a];
        perm[a] = perm[b];
        perm[b] = t;
    }
    s->base[level + 1] = end;
    s->pos[level] = start;
    return end > start ? perm[start] : i;
}

/* The option node of item i to try after x (i itself when they are all tried). */
ALWAYS_INLINE idx
next_option(Search *s, idx level, idx x, idx i)
{
    if (!s->seeded)
        return s->dlink[x];
    s->pos[level] += 1;
    return s->pos[level] < s->base[level + 1] ? s->perm[s->pos[level]] : i;
}

/* -- the bitset search: the same search, on sets of options ---------------------------------

   On a small matrix the links are not the fastest way to run Algorithm X. There, each level
   keeps the set of options still available as a bitset (bit k: option k), and each item its
   static set of options (masks). Covering item j is then one AND-NOT of j's mask per word;
   LEN of an item is the population count of its mask within the level's set; and undoing is
   free, because the parent level's set is still there. Nothing about the search changes:
   an item's list, after any covers, holds exactly its available options in matrix order,
   which is the order of the set bits; so MRV picks the same item (ties to the first), the
   options are tried in the same order, and the statistics come out equal, updates included
   (a cover counts 1 plus, for each option it hides, the option's length minus 1: a
   population count per class of option length).

   Which is faster depends on the problem, and not in a way a formula predicts well: the
   links' work per node is their updates, the sets' grows with n_primary * n_words but also
   with the order of the items (13-queens: 1.34x faster on the sets in natural order, 0.84x
   in organ-pipe order, at about the same updates per node). Measured on 21 counting
   searches (`benchmarks/strategies.py --calibrate`), every search that made more than
   `set_floor` = 40 updates per node and more than n_primary * n_words / `set_ratio` (12)
   ran 1.8-3.3x faster on the sets; below either line the sets ranged from 2x faster to
   6.7x slower (sudoku: 324 items, 15 updates a node), across two runs. So a search that can use the sets
   (uncolored, no seed, n_primary * n_words at most `set_budget`, at most MAX_CLASSES option
   lengths, masks of at most MAX_MASK_WORDS) starts on the links, measures its updates per
   node over `sample_length` nodes, and moves to the sets only above both lines; from then on
   it stays there. The move needs no help from the links: each level's set follows from the
   set where the search began and the options chosen since. Both ways give the same
   solutions in the same order with the same statistics, so the choice changes only the
   time. */

/* The rule's defaults, a search's `tuning` unless it is given another (Dancer.search). */
#define SET_BUDGET (1 << 16)
#define SAMPLE_NODES 4096
#define SET_FLOOR 40.0
#define SET_RATIO 12.0

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
#define WITH_POPCNT_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define WITH_POPCNT_CLONES
#endif

/* Build the dancer's masks and length classes; 1 if it can use the bitset search, 0 if not,
   -1 (MemoryError set) if memory ran out. Called with the GIL held. */
static int
build_sets(Dancer *d)
{
    if (d->sets != 0)
        return d->sets > 0;
    d->sets = -1;
    if (d->has_colors)
        return 0;
    const Py_ssize_t W = d->n_words;
    const idx *top = d->top, *opt_start = d->opt_start;
    for (idx k = 0; k < d->n_options; k++) {
        idx length = opt_start[k + 1] - 1 - opt_start[k], c;
        for (c = 0; c < d->n_classes && d->class_length[c] != length; c++)
            ;
        if (c == d->n_classes) {
            if (c == MAX_CLASSES)
                return 0;
            d->class_length[d->n_classes++] = length;
        }
    }
    uint64_t *masks = PyMem_Calloc((size_t)(d->n_items + 1) * (size_t)W, sizeof(uint64_t));
    uint64_t *classes = PyMem_Calloc((size_t)(d->n_classes + 1) * (size_t)W, sizeof(uint64_t));
    if (masks == NULL || classes == NULL) {
        PyMem_Free(masks);
        PyMem_Free(classes);
        PyErr_NoMemory();
        d->sets = 0;
        return -1;
    }
    for (idx k = 0; k < d->n_options; k++) {
        uint64_t bit = (uint64_t)1 << (k & 63);
        idx length = opt_start[k + 1] - 1 - opt_start[k], c = 0;
        for (idx q = opt_start[k]; top[q] > 0; q++)
            masks[(size_t)top[q] * (size_t)W + (size_t)(k >> 6)] |= bit;
        while (d->class_length[c] != length)
            c++;
        classes[(size_t)c * (size_t)W + (size_t)(k >> 6)] |= bit;
    }
    d->masks = masks;
    d->classes = classes;
    d->sets = 1;
    return 1;
}

/* The number of the option of node x. */
static idx
option_of(const Search *s, idx x)
{
    const idx *top = s->top;
    while (top[x] > 0)
        x += 1;
    return -top[x] - 1;
}

/* Before a search's first run: SAMPLING if it could use the sets, LINKS if not. */
static void
start_sets(Search *s)
{
    const Dancer *d = s->dancer;
    const Py_ssize_t W = d->n_words;
    s->sets = LINKS;
    if (s->seeded || d->has_colors || d->sets < 0 || s->set_budget <= 0 ||
        (Py_ssize_t)d->n_primary * W > s->set_budget || (Py_ssize_t)(d->n_items + 1) * W > MAX_MASK_WORDS)
        return;
    s->sample_nodes = s->nodes;
    s->sample_updates = s->updates;
    s->sample_end = s->nodes + s->sample_length;
    s->sets = SAMPLING;
}

/* Move a search paused at the end of its sample (at step X2 of its level) to the sets, with
   the GIL held. The set where it began is read off the links: an option was available there
   unless it was excluded (then none of its nodes is linked) or one of its items had been
   covered before (by givens or a prefix: covered now, and not by an option chosen since).
   Each level's set then follows from the one below and the option chosen there; the items'
   list is as the links left it. On MemoryError the search stays on the links. */
static void
move_to_sets(Search *s)
{
    Dancer *d = s->dancer;
    const idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink;
    unsigned char *since = NULL;
    s->sets = LINKS;
    if (build_sets(d) <= 0)
        goto done;
    const Py_ssize_t W = d->n_words;
    s->alive = PyMem_Calloc((size_t)(d->n_primary + 2) * (size_t)W, sizeof(uint64_t));
    s->option = PyMem_Calloc((size_t)d->n_primary + 1, sizeof(idx));
    s->words = PyMem_Calloc((size_t)W, sizeof(idx));
    since = PyMem_Calloc((size_t)d->n_items + 1, 1);
    if (s->alive == NULL || s->option == NULL || s->words == NULL || since == NULL)
        goto done;
    for (idx level = s->floor; level < s->level; level++) {
        idx x = s->choice[level], k = option_of(s, x);
        s->option[level] = k;
        for (idx q = s->opt_start[k]; top[q] > 0; q++)
            since[top[q]] = 1;
    }
    uint64_t *set = s->alive + (size_t)s->floor * (size_t)W;
    for (idx k = 0; k < d->n_options; k++) {
        int linked = 0, free = 1;
        for (idx q = s->opt_start[k]; top[q] > 0; q++) {
            linked |= dlink[ulink[q]] == q;
            free &= top[top[q]] < COVERED || since[top[q]];
        }
        if (free && (linked || s->opt_start[k + 1] - 1 == s->opt_start[k])) /* (or empty) */
            set[k >> 6] |= (uint64_t)1 << (k & 63);
    }
    for (idx level = s->floor; level < s->level; level++, set += W) {
        idx k = s->option[level];
        memcpy(set + W, set, (size_t)W * sizeof(uint64_t));
        for (idx q = s->opt_start[k]; top[q] > 0; q++) {
            const uint64_t *mask = d->masks + (size_t)top[q] * (size_t)W;
            for (Py_ssize_t w = 0; w < W; w++)
                set[W + w] &= ~mask[w];
        }
    }
    s->sets = SETS;
done:
    PyErr_Clear();
    PyMem_Free(since);
}

/* Cover item j in a level's set, whose nonzero words are words[0..n-1]: count the updates
   the links would have made (1, and for each option hidden its length minus 1), mark j
   covered, and, if `take`, take its options out of the set (X4 leaves them: they are the
   ones to try). */
ALWAYS_INLINE void
cover_in(Search *s, uint64_t *set, const idx *words, idx n, idx j, const int take)
{
    const Dancer *d = s->dancer;
    const Py_ssize_t W = d->n_words;
    const uint64_t *mask = d->masks + (size_t)j * (size_t)W;
    long long k = 1;
    if (d->n_classes == 1) {
        long long hidden = 0;
        for (idx t = 0; t < n; t++) {
            idx w = words[t];
            uint64_t gone = set[w] & mask[w];
            hidden += POPCOUNT64(gone);
            if (take)
                set[w] ^= gone;
        }
        k += hidden * (d->class_length[0] - 1);
    }
    else {
        for (idx t = 0; t < n; t++) {
            idx w = words[t];
            uint64_t gone = set[w] & mask[w];
            if (gone == 0)
                continue;
            for (int c = 0; c < d->n_classes; c++)
                k += (long long)POPCOUNT64(gone & d->classes[(size_t)c * (size_t)W + (size_t)w]) *
                     (d->class_length[c] - 1);
            if (take)
                set[w] ^= gone;
        }
    }
    idx left = s->llink[j], right = s->rlink[j]; /* as cover() does, for the items' list */
    s->rlink[left] = right;
    s->llink[right] = left;
    s->updates += k;
}

/* Put item j back on the items' list (the sets need no undoing). */
ALWAYS_INLINE void
uncover_set(Search *s, idx j)
{
    idx left = s->llink[j], right = s->rlink[j];
    s->rlink[left] = j;
    s->llink[right] = j;
}

/* Step X3 on sets: the first active primary item with the fewest available options. Only
   the set's nonzero words are read. A first pass looks for an item with none left (most
   nodes are such dead ends), which stops at an item's first word in common with the set;
   then the counts, which stop at the first item with one option (none has fewer). */
ALWAYS_INLINE idx
choose_set(Search *s, const uint64_t *set, idx *length)
{
    const Dancer *d = s->dancer;
    const Py_ssize_t W = d->n_words;
    const idx *rlink = s->rlink;
    idx *words = s->words, n = 0, best = 0, least = IDX_MAX, i, k;
    for (Py_ssize_t w = 0; w < W; w++) {
        words[n] = (idx)w;
        n += set[w] != 0;
    }
    s->n_live = n; /* for the count of i's cover that follows */
    for (i = rlink[0]; i != 0; i = rlink[i]) {
        const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
        for (k = 0; k < n && (set[words[k]] & mask[words[k]]) == 0; k++)
            ;
        if (k == n) {
            *length = 0;
            return i;
        }
    }
    for (i = rlink[0]; i != 0; i = rlink[i]) {
        const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
        idx c = 0;
        for (k = 0; k < n; k++)
            c += (idx)POPCOUNT64(set[words[k]] & mask[words[k]]);
        if (c < least) {
            best = i;
            least = c;
            if (c == 1)
                break;
        }
    }
    *length = least;
    return best;
}

/* The first option after `after` (-1: the first of all) in set & mask, or -1. */
ALWAYS_INLINE idx
next_in(const uint64_t *set, const uint64_t *mask, Py_ssize_t W, idx after)
{
    Py_ssize_t w = (after + 1) >> 6;
    if (w >= W)
        return -1;
    uint64_t word = set[w] & mask[w] & (~(uint64_t)0 << ((after + 1) & 63));
    while (word == 0) {
        if (++w == W)
            return -1;
        word = set[w] & mask[w];
    }
    return (idx)(w * 64 + CTZ64(word));
}

/* The node of option k on item i's list. */
ALWAYS_INLINE idx
node_of(const Search *s, idx k, idx i)
{
    idx q = s->opt_start[k];
    while (s->top[q] != i)
        q++;
    return q;
}

/* Commit option node x, chosen for its item i at a level whose set is `set`, into the next
   level's set: take out i's options, then cover the option's other items in the links'
   order (x + 1, ..., wrapping at the spacer), so that the items' list is restored alike. */
ALWAYS_INLINE void
commit_set(Search *s, uint64_t *set, idx x)
{
    const idx *top = s->top;
    const Py_ssize_t W = s->dancer->n_words;
    const uint64_t *mask = s->dancer->masks + (size_t)top[x] * (size_t)W;
    uint64_t *next = set + W;
    idx *words = s->words, n = 0;
    for (Py_ssize_t w = 0; w < W; w++) {
        next[w] = set[w] & ~mask[w];
        words[n] = (idx)w;
        n += next[w] != 0;
    }
    for (idx p = x + 1; p != x;) {
        if (top[p] <= 0) {
            p = s->ulink[p];
        }
        else {
            cover_in(s, next, words, n, top[p], 1);
            p += 1;
        }
    }
}

/* Undo commit_set: the option's other items back on the items' list, in reverse order. */
ALWAYS_INLINE void
uncommit_set(Search *s, idx x)
{
    const idx *top = s->top;
    for (idx p = x - 1; p != x;) {
        if (top[p] <= 0) {
            p = s->dlink[p];
        }
        else {
            uncover_set(s, top[p]);
            p -= 1;
        }
    }
}

/* Steps X3 and X4 at a level: choose the item i (its options stay in the level's set, to be
   tried; X5 takes them out of the next level's), count its cover, and return the node of
   its first option (i itself if there is none). */
ALWAYS_INLINE idx
enter_set(Search *s, idx level)
{
    const Py_ssize_t W = s->dancer->n_words;
    uint64_t *set = s->alive + (size_t)level * (size_t)W;
    idx least, i = choose_set(s, set, &least);
    idx k = next_in(set, s->dancer->masks + (size_t)i * (size_t)W, W, -1);
    s->total[level] = least;
    s->tried[level] = 1;
    cover_in(s, set, s->words, s->n_live, i, 0);
    s->option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* The node of the next option of the level's item (the item itself after the last). */
ALWAYS_INLINE idx
next_set(Search *s, idx level)
{
    const Py_ssize_t W = s->dancer->n_words;
    idx i = s->top[s->choice[level]];
    idx k = next_in(s->alive + (size_t)level * (size_t)W, s->dancer->masks + (size_t)i * (size_t)W, W,
                    s->option[level]);
    s->option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* -- Knuth's sanity check (built with -DEXACTCOVER_SANITY: tools/asan.sh) ------------------

   The invariants of exactcover.sanity, checked in C at step X2 of searches on the links
   (every node of small matrices, every 4096th of larger ones): the lists of active items
   and every item's list of nodes doubly linked, TOP of each node its item, LEN the length
   of the list (plus COVERED exactly for the items off the active lists). A broken one is a
   bug in this file: it prints the invariant and aborts, which fails the sanitizer run. */
#ifdef EXACTCOVER_SANITY
static void
insane(const char *what, long long where)
{
    fprintf(stderr, "exactcover._dlx: sanity check failed: %s (%lld)\n", what, where);
    abort();
}

static void
sanity(const Search *s)
{
    const idx n = s->n_items, n1 = s->n_primary;
    const idx *llink = s->llink, *rlink = s->rlink, *top = s->top, *ulink = s->ulink, *dlink = s->dlink;
    const Py_ssize_t size = s->dancer->n_nodes;
    long long active = 0;
    for (int list = 0; list < 2; list++) {
        idx head = list ? n + 1 : 0, p = head, count = 0;
        while (rlink[p] != head) {
            idx q = rlink[p];
            if (llink[q] != p || q < 1 || q > n || (q <= n1) != (list == 0) || top[q] >= COVERED)
                insane("an active item's links", q);
            if (++count > n)
                insane("the list of active items does not close", head);
            p = q;
        }
        if (llink[head] != p)
            insane("the list of active items", head);
        active += count;
    }
    long long off = 0;
    for (idx i = 1; i <= n; i++) {
        idx p = i, length = 0;
        while (dlink[p] != i) {
            idx q = dlink[p];
            if (ulink[q] != p || q <= n + 1 || q >= size || top[q] != i)
                insane("an item's list of nodes", i);
            if (++length > size)
                insane("an item's list does not close", i);
            p = q;
        }
        if (ulink[i] != p || top[i] % COVERED != length)
            insane("an item's length", i);
        off += top[i] >= COVERED;
    }
    if (active + off != n)
        insane("items neither active nor covered", n - active - off);
}

#define SANITY_CHECK(s) \
    do { \
        if ((s)->dancer->n_nodes <= 4096 || ((s)->nodes & 4095) == 0) \
            sanity(s); \
    } while (0)
#else
#define SANITY_CHECK(s) ((void)0)
#endif

/* -- running the search: Algorithm X's steps, on the links or the sets -------------------- */

/* Steps X2..X8, resumable: `state` and `level` say where the search stands. Compiled four
   times: on the links without colors, with colors (mode COLORED), on a wide matrix (WIDE),
   and on the sets. */
ALWAYS_INLINE int
run_search(Search *s, long long steps, long long work, int counting, long long limit, long long depth,
           const int mode, const int sets)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink, *rlink = s->rlink;
    idx *choice = s->choice;
    const idx n = s->n_items;
    const long long stop = s->nodes + steps;
    const long long work_stop = work ? effort(s) + work : -1;
    int state = s->resume, status;
    idx level = s->level; /* a local: an int32 field could alias the int32 arrays */
    idx x, p, j, i;

    for (;;) {
        switch (state) {
        case X2: /* [Enter level l.] */
            if (!sets)
                SANITY_CHECK(s);
            if (level == depth && rlink[0] != 0) { /* a subtree to hand out */
                state = X8;
                status = PREFIX;
                goto out;
            }
            if (s->nodes >= stop || (work_stop >= 0 && effort(s) >= work_stop)) {
                status = PAUSED;
                goto out;
            }
            s->nodes += 1;
            if (level > s->max_level)
                s->max_level = level;
            if (rlink[0] == 0) { /* every primary item is covered: visit the solution */
                s->solutions += 1;
                state = X8;
                if (!counting) {
                    status = SOLUTION;
                    goto out;
                }
                if (limit && s->solutions >= limit) {
                    status = LIMIT;
                    goto out;
                }
                continue;
            }
            if (sets) { /* X3 and X4 on the sets */
                choice[level] = enter_set(s, level);
            }
            else {
                i = (mode & WIDE) ? choose_wide(s) : choose(s); /* X3 [Choose i.] */
                s->total[level] = top[i];
                s->tried[level] = 1;
                cover(s, i, mode); /* X4 [Cover i.] */
                choice[level] = first_option(s, level, i);
            }
            state = X5;
            continue;
        case X5: /* [Try x_l.] */
            x = choice[level];
            if (x <= n) { /* back at the header: every option of the item was tried */
                state = X7;
                continue;
            }
            if (sets) {
                commit_set(s, s->alive + (size_t)level * (size_t)s->dancer->n_words, x);
            }
            else {
                p = x + 1;
                while (p != x) { /* commit the items of option x other than i */
                    j = top[p];
                    if (j <= 0) {
                        p = ulink[p];
                    }
                    else {
                        commit(s, p, j, mode);
                        p += 1;
                    }
                }
            }
            level += 1;
            state = X2;
            continue;
        case X6: /* [Try again.] */
            x = choice[level];
            if (sets) {
                uncommit_set(s, x);
                choice[level] = next_set(s, level);
            }
            else {
                p = x - 1;
                while (p != x) { /* uncommit them, in the reverse order */
                    j = top[p];
                    if (j <= 0) {
                        p = dlink[p];
                    }
                    else {
                        uncommit(s, p, j, mode);
                        p -= 1;
                    }
                }
                choice[level] = next_option(s, level, x, top[x]);
            }
            s->tried[level] += 1;
            state = X5;
            continue;
        case X7: /* [Backtrack.] */
            if (sets)
                uncover_set(s, choice[level]);
            else
                uncover(s, choice[level], mode);
            state = X8;
            continue;
        case X8: /* [Leave level l.] */
            if (level == s->floor) {
                state = FINISHED;
                continue;
            }
            level -= 1;
            state = X6;
            continue;
        default: /* FINISHED */
            status = DONE;
            goto out;
        }
    }
out:
    s->level = level;
    s->resume = state;
    return status;
}

static int
run_plain(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    return run_search(s, steps, work, counting, limit, depth, 0, 0);
}

static int
run_colored(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    return run_search(s, steps, work, counting, limit, depth, COLORED, 0);
}

static int
run_wide(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    return run_search(s, steps, work, counting, limit, depth, WIDE, 0);
}

/* The links search for this matrix: with colors, on a wide matrix, or plain. */
static int
run_links(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    if (s->dancer->has_colors)
        return run_colored(s, steps, work, counting, limit, depth);
    if (s->dirty != NULL)
        return run_wide(s, steps, work, counting, limit, depth);
    return run_plain(s, steps, work, counting, limit, depth);
}

WITH_POPCNT_CLONES
static int
run_sets(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    return run_search(s, steps, work, counting, limit, depth, 0, 1);
}

/* Search.run without the GIL: on the links or the sets; while SAMPLING, on the links up to
   the end of the sample, where it either goes on on the links or pauses as MOVING (its
   caller moves it to the sets, with the GIL, and calls again with what is left). */
static int
run_any(Search *s, long long steps, long long work, int counting, long long limit, long long depth)
{
    if (s->sets == SAMPLING && steps > s->sample_end - s->nodes) {
        const long long stop = s->nodes + steps, work_stop = effort(s) + work;
        const Py_ssize_t W = s->dancer->n_words;
        int status = run_links(s, s->sample_end - s->nodes, work, counting, limit, depth);
        if (status != PAUSED || s->nodes < s->sample_end)
            return status;
        long long nodes = s->nodes - s->sample_nodes, updates = s->updates - s->sample_updates;
        double per_node = (double)updates / (double)(nodes > 0 ? nodes : 1);
        if (per_node > s->set_floor && per_node * s->set_ratio > (double)s->dancer->n_primary * (double)W) {
            s->sets = MOVING;
            return PAUSED;
        }
        s->sets = LINKS;
        steps = stop - s->nodes;
        if (work && (work = work_stop - effort(s)) <= 0)
            return PAUSED;
    }
    if (s->sets == SETS)
        return run_sets(s, steps, work, counting, limit, depth);
    return run_links(s, steps, work, counting, limit, depth);
}

/* Commit the items of option node x other than its own item; uncommit them in reverse. */
static void
commit_others(Search *s, idx x)
{
    for (idx p = x + 1; p != x;) {
        idx j = s->top[p];
        if (j <= 0) {
            p = s->ulink[p];
        }
        else {
            commit(s, p, j, 1);
            p += 1;
        }
    }
}

static void
uncommit_others(Search *s, idx x)
{
    for (idx p = x - 1; p != x;) {
        idx j = s->top[p];
        if (j <= 0) {
            p = s->dlink[p];
        }
        else {
            uncommit(s, p, j, 1);
            p -= 1;
        }
    }
}

/* Choose the option nodes of `prefix`, level by level, as the search did when it reached
   them (their updates are not counted again); the search is then confined to that subtree.
   PrefixError for a node that is not an option node of an active primary item. */
static int
replay(Search *s, const idx *prefix, Py_ssize_t n_prefix)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink;
    long long updates = s->updates;
    Py_ssize_t size = s->dancer->n_nodes;
    for (Py_ssize_t k = 0; k < n_prefix; k++) {
        idx x = prefix[k], i = (x > s->n_items + 1 && x < size) ? top[x] : 0, level = s->level, count = 1;
        if (i <= 0 || i > s->n_primary || top[i] >= COVERED || dlink[ulink[x]] != x || level > s->n_primary) {
            raise_error(PrefixError, "(in)", (int)x, k);
            return -1;
        }
        s->total[level] = top[i];
        for (idx p = dlink[i]; p != x; p = dlink[p])
            count++;
        s->tried[level] = count;
        cover(s, i, 1);
        commit_others(s, x);
        s->choice[level] = x;
        s->level += 1;
    }
    s->floor = s->level;
    s->max_level = s->level;
    s->updates = updates;
    return 0;
}

/* -- the Python side of Search ------------------------------------------------------------ */

static PyObject *
Search_create(Dancer *dancer, PyObject *givens_obj, PyObject *seed, PyObject *excluded_obj, PyObject *prefix_obj,
              PyObject *tuning)
{
    Py_ssize_t set_budget = SET_BUDGET;
    long long sample_length = SAMPLE_NODES;
    double set_floor = SET_FLOOR, set_ratio = SET_RATIO;
    if (tuning != Py_None) {
        if (!PyTuple_Check(tuning) ||
            !PyArg_ParseTuple(tuning, "nLdd", &set_budget, &sample_length, &set_floor, &set_ratio)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "tuning must be None or (budget, sample, floor, ratio)");
            return NULL;
        }
        if (set_budget < 0 || sample_length < 1 || !(set_ratio > 0)) {
            PyErr_SetString(PyExc_ValueError, "tuning: budget must be >= 0, sample >= 1 and ratio > 0");
            return NULL;
        }
    }
    Search *s;
    idx *givens = NULL, *excluded = NULL, *prefix = NULL;
    Py_ssize_t n_givens = 0, n_excluded = 0, n_prefix = 0;
    Py_ssize_t links = dancer->n_links, size = dancer->n_nodes;
    Py_ssize_t copied = 2 * links + (dancer->has_colors ? 4 : 3) * size;

    s = PyObject_New(Search, &SearchType);
    if (s == NULL)
        return NULL;
    Py_INCREF(dancer);
    s->dancer = dancer;
    s->mem = NULL;
    s->choice = s->perm = s->base = s->pos = s->total = s->tried = NULL;
    s->level = s->floor = 0;
    s->resume = X2;
    s->nodes = s->updates = s->solutions = s->max_level = s->scanned = 0;
    s->seeded = seed != NULL && seed != Py_None;
    s->random = 0;
    s->busy = 0;
    s->sets = UNDECIDED;
    s->sample_end = s->sample_nodes = s->sample_updates = 0;
    s->set_budget = set_budget;
    s->sample_length = sample_length;
    s->set_floor = set_floor;
    s->set_ratio = set_ratio;
    s->alive = NULL;
    s->dirty = NULL;
    s->block_min = NULL;
    s->option = NULL;
    s->words = NULL;
    s->n_live = 0;
    s->n_items = dancer->n_items;
    s->n_primary = dancer->n_primary;
    s->opt_start = dancer->opt_start;

    if (s->seeded) {
        unsigned long long v = PyLong_AsUnsignedLongLongMask(seed);
        if (v == (unsigned long long)-1 && PyErr_Occurred())
            goto fail;
        s->random = (uint64_t)v;
    }
    s->mem = PyMem_Malloc((size_t)copied * sizeof(idx));
    s->choice = PyMem_Calloc((size_t)dancer->n_primary + 1, sizeof(idx));
    s->total = PyMem_Calloc((size_t)dancer->n_primary + 1, sizeof(idx));
    s->tried = PyMem_Calloc((size_t)dancer->n_primary + 1, sizeof(idx));
    if (s->mem == NULL || s->choice == NULL || s->total == NULL || s->tried == NULL)
        goto nomemory;
    if (is_wide(dancer)) {
        s->dirty = PyMem_Malloc((size_t)(dancer->n_items >> 6) + 1);
        s->block_min = PyMem_Calloc((size_t)(dancer->n_primary >> 6) + 1, sizeof(idx));
        if (s->dirty == NULL || s->block_min == NULL)
            goto nomemory;
        /* Every block dirty: the givens and a prefix, replayed below, change LENs without
           marking them. Nothing else does between runs (a probe restores every LEN). */
        memset(s->dirty, 1, (size_t)(dancer->n_items >> 6) + 1);
    }
    memcpy(s->mem, dancer->mem, (size_t)copied * sizeof(idx));
    s->llink = s->mem;
    s->rlink = s->llink + links;
    s->top = s->rlink + links;
    s->ulink = s->top + size;
    s->dlink = s->ulink + size;
    /* An uncolored matrix never writes its colors: share the pristine ones. */
    s->color = dancer->has_colors ? s->dlink + size : dancer->color;
    if (s->seeded) {
        s->perm = PyMem_Calloc((size_t)dancer->n_entries + 1, sizeof(idx));
        s->base = PyMem_Calloc((size_t)dancer->n_primary + 2, sizeof(idx));
        s->pos = PyMem_Calloc((size_t)dancer->n_primary + 1, sizeof(idx));
        if (s->perm == NULL || s->base == NULL || s->pos == NULL)
            goto nomemory;
    }
    if (givens_obj != NULL && (givens = to_idx_array(givens_obj, &n_givens, "givens")) == NULL)
        goto fail;
    if (excluded_obj != NULL && (excluded = to_idx_array(excluded_obj, &n_excluded, "excluded")) == NULL)
        goto fail;
    if (prefix_obj != NULL && (prefix = to_idx_array(prefix_obj, &n_prefix, "prefix")) == NULL)
        goto fail;
    if (exclude(s, excluded, n_excluded, givens, n_givens) < 0 || apply_givens(s, givens, n_givens) < 0 ||
        replay(s, prefix, n_prefix) < 0)
        goto fail;
    PyMem_Free(givens);
    PyMem_Free(excluded);
    PyMem_Free(prefix);
    return (PyObject *)s;
nomemory:
    PyErr_NoMemory();
fail:
    PyMem_Free(givens);
    PyMem_Free(excluded);
    PyMem_Free(prefix);
    Py_DECREF(s);
    return NULL;
}

static void
Search_dealloc(Search *s)
{
    PyMem_Free(s->mem);
    PyMem_Free(s->choice);
    PyMem_Free(s->perm);
    PyMem_Free(s->base);
    PyMem_Free(s->pos);
    PyMem_Free(s->total);
    PyMem_Free(s->tried);
    PyMem_Free(s->alive);
    PyMem_Free(s->option);
    PyMem_Free(s->words);
    PyMem_Free(s->dirty);
    PyMem_Free(s->block_min);
    Py_XDECREF(s->dancer);
    PyObject_Free(s);
}

static PyObject *
Search_run(Search *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"steps", "work", "counting", "limit", "depth", NULL};
    long long steps, work = 0, limit = 0, depth = -1;
    int counting = 0, status;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "L|LpLL", kwlist, &steps, &work, &counting,
                                     &limit, &depth))
        return NULL;
    if (steps < 0 || work < 0 || limit < 0) {
        PyErr_SetString(PyExc_ValueError, "steps, work and limit must not be negative");
        return NULL;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running in another thread");
        return NULL;
    }
    if (s->sets == UNDECIDED)
        start_sets(s);
    const long long stop = s->nodes + steps, work_stop = effort(s) + work;
    s->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = run_any(s, steps, work, counting, limit, depth);
    Py_END_ALLOW_THREADS
    if (s->sets == MOVING) { /* the sample says the sets: move, and go on with the rest */
        int budget_left = 1;
        move_to_sets(s);
        steps = stop - s->nodes;
        if (work) {
            work = work_stop - effort(s);
            budget_left = work > 0;
        }
        if (steps > 0 && budget_left) {
            Py_BEGIN_ALLOW_THREADS
            status = run_any(s, steps, work, counting, limit, depth);
            Py_END_ALLOW_THREADS
        }
    }
    s->busy = 0;
    return PyLong_FromLong(status);
}

/* A tuple of ints from values[0..n-1], each mapped to its option number if as_options. */
static PyObject *
idx_tuple(const Search *s, const idx *values, idx n, int as_options)
{
    PyObject *result = PyTuple_New(n);
    if (result == NULL)
        return NULL;
    for (idx k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(as_options ? option_of(s, values[k]) : values[k]);
        if (v == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, v);
    }
    return result;
}

static PyObject *
Search_solution(Search *s, PyObject *Py_UNUSED(ignored))
{
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    return idx_tuple(s, s->choice, s->level, 1);
}

static PyObject *
Search_prefix(Search *s, PyObject *Py_UNUSED(ignored))
{
    return idx_tuple(s, s->choice, s->level, 0);
}

static PyObject *
Search_fraction(Search *s, PyObject *Py_UNUSED(ignored))
{
    double done = 0.0, share = 1.0;
    if (s->resume == FINISHED)
        return PyFloat_FromDouble(1.0);
    for (idx level = s->floor; level < s->level; level++) {
        share /= s->total[level];
        done += (s->tried[level] - 1) * share;
    }
    return PyFloat_FromDouble(done);
}

static PyObject *
Search_share(Search *s, PyObject *Py_UNUSED(ignored))
{
    double share = 1.0;
    for (idx level = s->floor; level < s->level; level++)
        share /= s->total[level];
    return PyFloat_FromDouble(share);
}

static PyObject *
Search_probe(Search *s, PyObject *arg)
{
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    uint64_t random;
    idx *top = s->top, *dlink = s->dlink, *path, *degrees, depth = 0, solved;
    long long updates = s->updates;
    int seeded = s->seeded;
    PyObject *result = NULL, *tuple;
    if (seed == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    random = (uint64_t)seed;
    path = PyMem_Calloc((size_t)s->n_primary + 1, sizeof(idx));
    degrees = PyMem_Calloc((size_t)s->n_primary + 1, sizeof(idx));
    if (path == NULL || degrees == NULL) {
        PyMem_Free(path);
        PyMem_Free(degrees);
        return PyErr_NoMemory();
    }
    if (s->sets == SETS) { /* the same walk on the sets (the links are not the current state) */
        const Py_ssize_t W = s->dancer->n_words;
        idx level = s->level, i, k, least;
        while (s->rlink[0] != 0) {
            uint64_t *set = s->alive + (size_t)level * (size_t)W;
            const uint64_t *mask;
            i = choose_set(s, set, &least);
            degrees[depth] = least;
            if (least == 0) {
                depth++;
                break;
            }
            mask = s->dancer->masks + (size_t)i * (size_t)W;
            k = next_in(set, mask, W, -1);
            for (uint64_t r = random_below(&random, (uint64_t)least); r > 0; r--)
                k = next_in(set, mask, W, k);
            cover_in(s, set, s->words, s->n_live, i, 0);
            path[depth] = node_of(s, k, i);
            commit_set(s, set, path[depth++]);
            level++;
        }
        solved = s->rlink[0] == 0;
        for (idx d = solved ? depth : depth - 1; d-- > 0;) {
            uncommit_set(s, path[d]);
            uncover_set(s, top[path[d]]);
        }
        goto done;
    }
    s->seeded = 0; /* ties go to the first item, as in the search */
    while (s->rlink[0] != 0) {
        idx i = choose(s), x = dlink[i];
        degrees[depth] = top[i];
        if (top[i] == 0) {
            depth++;
            break;
        }
        for (uint64_t r = random_below(&random, (uint64_t)top[i]); r > 0; r--)
            x = dlink[x];
        cover(s, i, 1);
        commit_others(s, x);
        path[depth++] = x;
    }
    solved = s->rlink[0] == 0;
    for (idx k = solved ? depth : depth - 1; k-- > 0;) {
        uncommit_others(s, path[k]);
        uncover(s, top[path[k]], 1);
    }
done:
    s->seeded = seeded;
    s->updates = updates;
    tuple = idx_tuple(s, degrees, depth, 0);
    if (tuple != NULL)
        result = Py_BuildValue("(NO)", tuple, solved ? Py_True : Py_False);
    PyMem_Free(path);
    PyMem_Free(degrees);
    return result;
}

static PyMethodDef Search_methods[] = {
    {"prefix", (PyCFunction)Search_prefix, METH_NOARGS,
     "The option nodes chosen at levels 0..level-1 (after PREFIX: the subtree's prefix)."},
    {"share", (PyCFunction)Search_share, METH_NOARGS,
     "The part of the tree under the current node: 1 / (total_1 ... total_L) (see pydlx)."},
    {"fraction", (PyCFunction)Search_fraction, METH_NOARGS,
     "Knuth's estimate of the part of this search's tree already finished (see pydlx)."},
    {"probe", (PyCFunction)Search_probe, METH_O,
     "probe(seed)\n--\n\nKnuth's random probe from the current state (see pydlx): ((d_0, ...), solved)."},
    {"run", (PyCFunction)(void (*)(void))Search_run, METH_VARARGS | METH_KEYWORDS,
     "run(steps, work=0, counting=False, limit=0)\n--\n\n"
     "Search on, for at most `steps` more nodes (and, if `work`, until about that many more\n"
     "updates), with the GIL released. Returns DONE, SOLUTION, PAUSED or LIMIT."},
    {"solution", (PyCFunction)Search_solution, METH_NOARGS,
     "The options chosen at levels 0..level-1 (after SOLUTION: the solution found)."},
    {NULL},
};

static PyObject *
Search_get_arrays(Search *s, void *closure)
{
    idx *const arrays[6] = {s->llink, s->rlink, s->top, s->ulink, s->dlink, s->color};
    return arrays_dict(arrays, s->dancer->n_links, s->dancer->n_nodes);
}

static PyGetSetDef Search_getset[] = {
    {"arrays", (getter)Search_get_arrays, NULL, "this search's arrays now, as lists (on the links)", NULL},
    {NULL},
};

static PyMemberDef Search_members[] = {
    {"n_items", T_INT, offsetof(Search, n_items), READONLY, "number of items"},
    {"n_primary", T_INT, offsetof(Search, n_primary), READONLY, "number of primary items"},
    {"nodes", T_LONGLONG, offsetof(Search, nodes), READONLY, "entries into step X2"},
    {"updates", T_LONGLONG, offsetof(Search, updates), READONLY, "link removals"},
    {"solutions", T_LONGLONG, offsetof(Search, solutions), READONLY, "solutions visited"},
    {"max_level", T_LONGLONG, offsetof(Search, max_level), READONLY, "deepest level entered"},
    {"level", T_INT, offsetof(Search, level), READONLY, "current level"},
    {"floor", T_INT, offsetof(Search, floor), READONLY, "the level the search ends at (a prefix's length)"},
    {"sets", T_INT, offsetof(Search, sets), READONLY,
     "where it runs: 1 on sets of options, -1 on the links, 2 on the links while measuring\n"
     "which is faster, 0 before its first run (see \"the bitset search\" in _dlx.c)"},
    {NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "exactcover._dlx.Search",
    .tp_doc = "One search on a Dancer: its own copy of the links, resumable at any node.\n"
              "Made by Dancer.search().",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_members = Search_members,
    .tp_getset = Search_getset,
};

/* ------------------------------------------------------------------------------------ */

static PyMethodDef module_methods[] = {
    {NULL},
};

static struct PyModuleDef dlx_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "exactcover._dlx",
    .m_doc = "Dancing links in C: the port of exactcover.pydlx (read that file first).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dlx(void)
{
    PyObject *m;
    if (PyType_Ready(&DancerType) < 0 || PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *errors = PyImport_ImportModule("exactcover.errors");
    if (errors == NULL)
        return NULL;
    MatrixError = PyObject_GetAttrString(errors, "MatrixError");
    UnknownOption = PyObject_GetAttrString(errors, "UnknownOption");
    GivensClash = PyObject_GetAttrString(errors, "GivensClash");
    GivenAndExcluded = PyObject_GetAttrString(errors, "GivenAndExcluded");
    PrefixError = PyObject_GetAttrString(errors, "PrefixError");
    Py_DECREF(errors);
    if (MatrixError == NULL || UnknownOption == NULL || GivensClash == NULL || GivenAndExcluded == NULL ||
        PrefixError == NULL)
        return NULL;
    m = PyModule_Create(&dlx_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&DancerType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Dancer", (PyObject *)&DancerType) < 0 ||
        PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddIntConstant(m, "DONE", DONE) < 0 ||
        PyModule_AddIntConstant(m, "SOLUTION", SOLUTION) < 0 ||
        PyModule_AddIntConstant(m, "PAUSED", PAUSED) < 0 ||
        PyModule_AddIntConstant(m, "LIMIT", LIMIT) < 0 ||
        PyModule_AddIntConstant(m, "PREFIX", PREFIX) < 0 ||
        PyModule_AddObject(m, "DEFAULT_TUNING",
                           Py_BuildValue("(nLdd)", (Py_ssize_t)SET_BUDGET, (long long)SAMPLE_NODES, SET_FLOOR,
                                         SET_RATIO)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
