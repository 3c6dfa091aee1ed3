"""Dancing links in pure Python: the reference engine.

This file is the specification; ``_dlx.c`` is its port to C, with the same names, the same
arrays and the same step labels. A reader who understands one understands the other. The
algorithm is Knuth's Algorithm X with dancing links, extended to secondary items and colors
(Algorithm C of TAOCP 7.2.2.1; his programs DLX1 and DLX2).

Data layout
-----------
Everything lives in flat arrays of small integers: "a pointer is an array index". Items are
numbered 1..N, primary ones first (1..N1). Two circular lists, through ``llink``/``rlink``,
hold the items still to be covered: the primary ones hang from index 0, the secondary ones
from index N+1.

Nodes live in four parallel arrays ``top``, ``ulink``, ``dlink``, ``color``:

* nodes 1..N are the item headers: ``ulink``/``dlink`` run through the item's vertical list
  of option nodes and ``top`` holds the list's length, LEN;
* then come the options, stored consecutively, each preceded and followed by a *spacer*
  node. A spacer has ``top <= 0`` (minus the number of the option before it), its ``ulink``
  is the first node of the option before it and its ``dlink`` the last node of the option
  after it, so that a walk along an option can wrap around without a left/right link;
* an ordinary node has ``top`` = its item, ``ulink``/``dlink`` = its neighbours in that
  item's list, ``color`` = 0 or a positive color (-1 while its item is purified to it).

Knuth measured this layout against the four-link one (left/right/up/down per node) and it
is also the faster one here: ``benchmarks/layout.py`` measures both in C. The example of the
seed article, X = {1, 2, 3, 4, 5}, S1 = {1, 4, 5}, S2 = {2, 5}, S3 = {2, 3}, is stored as::

    node    0 | 1  2  3  4  5 | 6 |  7  8  9 | 10 | 11 12 | 13 | 14 15 | 16
    top     0 | 1  2  1  1  2 | 0 |  1  4  5 | -1 |  2  5 | -2 |  2  3 | -3
    ulink   0 | 7 14 15  8 12 | 0 |  1  4  5 |  7 |  2  9 | 11 | 11  3 | 14
    dlink   0 | 7 11 15  8  9 | 9 |  1  4 12 | 12 | 14  5 | 15 |  2  3 |  0
              | headers (LEN) |   | S1       |    | S2    |    | S3    |

    item    0  1  2  3  4  5  6          (6 = N+1, the head of the empty secondary list)
    llink   5  0  1  2  3  4  6
    rlink   1  2  3  4  5  0  6

The search
----------
An explicit stack, ``choice[0..level-1]``, replaces recursion, so a search can stop after
any node and resume later: ``run`` does at most ``steps`` nodes, then pauses. Statistics
follow the seed article and Knuth: ``nodes`` counts entries into step X2 (the root, every
partial solution, and every complete one), ``updates`` counts link removals (an item taken
out of its list, a node taken out of its item's list).
"""

from __future__ import annotations

from collections.abc import Sequence

from .contract import DONE, LIMIT, PAUSED, PREFIX, SOLUTION, check_tuning
from .errors import GivenAndExcluded, GivensClash, MatrixError, PrefixError, UnknownOption

__all__ = ["Dancer", "Search", "DONE", "SOLUTION", "PAUSED", "LIMIT", "PREFIX"]

# What Search.run returns: the statuses of exactcover.contract, imported above.

# Where a paused search resumes: Algorithm X's step labels.
X2, X5, X6, X7, X8 = 2, 5, 6, 7, 8
_FINISHED = 0

_MASK = (1 << 64) - 1

#: Added to LEN of an item while it is covered. Nothing changes a covered item's length (every
#: option on it is hidden), so choose() can take the first minimum of the primary headers'
#: LENs, a contiguous block, instead of walking the list of active items.
COVERED = 1 << 30
#: The item choice reads 2**SCAN_SHIFT LENs in the time of one update: ``run``'s ``work``
#: counts them too, so that a chunk of work takes about as long on a matrix of 10^6 items
#: (where the choice costs more than the updates) as on a small one, and a budget, a
#: deadline or Ctrl-C is seen as soon.
SCAN_SHIFT = 3


class Random:
    """SplitMix64: a tiny generator whose output both engines reproduce bit for bit."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (``n > 0``)."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n


class Dancer:
    """A compiled matrix: the pristine arrays, read-only, shared by every `Search` on it.

    ``starts`` has one entry per option plus one: option k covers
    ``items[starts[k]:starts[k + 1]]``, items numbered from 0, primary ones first;
    ``colors`` runs parallel to ``items`` (0 = no color, else a positive color number).
    """

    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        starts: Sequence[int],
        items: Sequence[int],
        colors: Sequence[int],
    ) -> None:
        n_options = len(starts) - 1
        _check_input(n_primary, n_secondary, starts, items, colors)
        n = n_primary + n_secondary
        self.n_items = n
        self.n_primary = n_primary
        self.n_options = n_options
        self.n_entries = len(items)
        self.has_colors = any(colors)

        # The item lists: primary items hang from 0, secondary ones from n + 1.
        llink = [0] * (n + 2)
        rlink = [0] * (n + 2)
        for head, first, last in ((0, 1, n_primary), (n + 1, n_primary + 1, n)):
            previous = head
            for i in range(first, last + 1):
                llink[i] = previous
                rlink[previous] = i
                previous = i
            llink[head] = previous
            rlink[previous] = head

        # The nodes: headers, then the options between spacers.
        size = n + 2 + len(items) + n_options
        top = [0] * size
        ulink = [0] * size
        dlink = [0] * size
        color = [0] * size
        for i in range(1, n + 1):
            ulink[i] = dlink[i] = i
        opt_start = [0] * (n_options + 1)
        spacer = n + 1  # the first spacer
        for k in range(n_options):
            first = spacer + 1
            opt_start[k] = first
            q = spacer
            for j in range(starts[k], starts[k + 1]):
                q += 1
                i = items[j] + 1
                top[q] = i
                color[q] = colors[j]
                u = ulink[i]  # append q at the bottom of item i's list
                ulink[q] = u
                dlink[q] = i
                dlink[u] = q
                ulink[i] = q
                top[i] += 1
            dlink[spacer] = q  # the last node of option k
            spacer = q + 1
            top[spacer] = -(k + 1)
            ulink[spacer] = first  # the first node of option k
        opt_start[n_options] = spacer + 1
        self.llink, self.rlink = llink, rlink
        self.top, self.ulink, self.dlink, self.color = top, ulink, dlink, color
        self.opt_start = opt_start

    @property
    def arrays(self) -> dict[str, list[int]]:
        """The pristine arrays, as lists (copies), by name: what no search may change."""
        names = ("llink", "rlink", "top", "ulink", "dlink", "color")
        return {name: list(getattr(self, name)) for name in names}

    @property
    def nbytes(self) -> int:
        """Bytes the C engine uses for these arrays (4 per array entry)."""
        return 4 * (2 * len(self.llink) + 4 * len(self.top) + len(self.opt_start))

    def search(self, givens: Sequence[int] = (), seed: int | None = None, excluded: Sequence[int] = (),
               prefix: Sequence[int] = (), tuning: tuple[int, int, float, float] | None = None) -> Search:
        """A new search on a private copy of the arrays, with the options ``excluded`` taken
        out, then ``givens`` chosen, then the choices of ``prefix`` replayed: the search is
        then the subtree under that prefix. ``tuning`` is checked as the C engine checks it
        and has no other effect: this engine searches on the links only."""
        check_tuning(tuning)
        return Search(self, givens, seed, excluded, prefix)


def _check_input(n_primary, n_secondary, starts, items, colors) -> None:
    """Reject what would corrupt the links; the messages match the C engine's."""
    if n_primary < 0 or n_secondary < 0:
        raise MatrixError("item counts must not be negative")
    n = n_primary + n_secondary
    if len(starts) < 1 or starts[0] != 0 or starts[-1] != len(items):
        raise MatrixError("starts must run from 0 to len(items)")
    if len(colors) != len(items):
        raise MatrixError("colors must be as long as items")
    if n + 2 + len(items) + len(starts) >= COVERED:
        raise MatrixError("matrix too large")
    for k in range(len(starts) - 1):  # all of them first: then every range is in bounds
        if starts[k + 1] < starts[k]:
            raise MatrixError(f"starts must not decrease (option {k})")
    owner = [-1] * n
    for k in range(len(starts) - 1):
        for j in range(starts[k], starts[k + 1]):
            i, c = items[j], colors[j]
            if not 0 <= i < n:
                raise MatrixError(f"option {k} has item {i} out of range")
            if owner[i] == k:
                raise MatrixError(f"option {k} has item {i} twice")
            owner[i] = k
            if c < 0 or (c > 0 and i < n_primary):
                raise MatrixError(f"option {k} has a bad color on item {i}")


class Search:
    """One search on a `Dancer`: its own copy of the links, resumable at any node."""

    def __init__(self, dancer: Dancer, givens: Sequence[int] = (), seed: int | None = None,
                 excluded: Sequence[int] = (), prefix: Sequence[int] = ()):
        self.n_items = dancer.n_items
        self.n_primary = dancer.n_primary
        self.llink = dancer.llink[:]
        self.rlink = dancer.rlink[:]
        self.top = dancer.top[:]
        self.ulink = dancer.ulink[:]
        self.dlink = dancer.dlink[:]
        self.color = dancer.color[:]
        self.colored = dancer.has_colors  # without colors no node is ever purified
        self.opt_start = dancer.opt_start
        self.choice = [0] * (dancer.n_primary + 1)  # x_0, x_1, ...: one node per level
        # For progress: at level l the search tries the tried[l]-th of total[l] options.
        self.total = [0] * (dancer.n_primary + 1)
        self.tried = [0] * (dancer.n_primary + 1)
        self.level = self.floor = 0  # the search ends when it backs up to its floor
        self.resume = X2
        self.nodes = self.updates = self.solutions = self.max_level = 0
        self.scanned = 0  # the item choice's reads, in updates' worth (see run's work)
        # With a seed: ties in the choice of an item are broken at random and the options
        # of the chosen item are tried in a random order, kept in perm[base[l]:base[l+1]].
        self.random = None if seed is None else Random(seed)
        if self.random is not None:
            self.perm = [0] * (dancer.n_entries + 1)
            self.base = [0] * (dancer.n_primary + 2)
            self.pos = [0] * (dancer.n_primary + 1)
        self.exclude(excluded, givens)
        self.apply_givens(givens)
        self.replay(prefix)

    # -- the dance: cover and uncover, hide and unhide, purify and unpurify ---------------

    def hide(self, p: int) -> int:
        """Take the other nodes of p's option out of their items' lists; count removals."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        k = 0
        q = p + 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: wrap to the first node of the option
                q = ulink[q]
                continue
            if color[q] >= 0:  # a purified node stays in its list
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                top[x] -= 1
                k += 1
            q += 1
        return k

    def unhide(self, p: int) -> None:
        """Undo `hide`, in the reverse order."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: wrap to the last node of the option
                q = dlink[q]
                continue
            if color[q] >= 0:
                u, d = ulink[q], dlink[q]
                dlink[u] = q
                ulink[d] = q
                top[x] += 1
            q -= 1

    def cover(self, i: int) -> None:
        """Remove item i from its list and hide every option that covers it.

        (The loop inside is `hide`, written out: a call per option costs Python dearly.)
        """
        top, ulink, dlink, color, colored = self.top, self.ulink, self.dlink, self.color, self.colored
        k = 1
        p = dlink[i]
        while p != i:
            q = p + 1  # hide(p)
            while q != p:
                x = top[q]
                if x <= 0:
                    q = ulink[q]
                    continue
                if not colored or color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = d
                    ulink[d] = u
                    top[x] -= 1
                    k += 1
                q += 1
            p = dlink[p]
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = right
        self.llink[right] = left
        top[i] += COVERED
        self.updates += k

    def uncover(self, i: int) -> None:
        """Undo `cover`, in the reverse order (the loop inside is `unhide`, written out)."""
        top, ulink, dlink, color, colored = self.top, self.ulink, self.dlink, self.color, self.colored
        top[i] -= COVERED
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = i
        self.llink[right] = i
        p = ulink[i]
        while p != i:
            q = p - 1  # unhide(p)
            while q != p:
                x = top[q]
                if x <= 0:
                    q = dlink[q]
                    continue
                if not colored or color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = q
                    ulink[d] = q
                    top[x] += 1
                q -= 1
            p = ulink[p]

    def purify(self, p: int) -> None:
        """Keep only the options that give p's item p's color; mark those as settled."""
        color, dlink = self.color, self.dlink
        c = color[p]
        i = self.top[p]
        k = 0
        q = dlink[i]
        while q != i:
            if color[q] != c:
                k += self.hide(q)
            elif q != p:
                color[q] = -1
            q = dlink[q]
        self.updates += k

    def unpurify(self, p: int) -> None:
        """Undo `purify`, in the reverse order."""
        color, ulink = self.color, self.ulink
        c = color[p]
        i = self.top[p]
        q = ulink[i]
        while q != i:
            if color[q] < 0:
                color[q] = c
            elif q != p:
                self.unhide(q)
            q = ulink[q]

    def commit(self, p: int, j: int) -> None:
        """Settle item j, covered by node p of a chosen option."""
        c = self.color[p]
        if c == 0:
            self.cover(j)
        elif c > 0:  # (c < 0: already purified to this color)
            self.purify(p)

    def uncommit(self, p: int, j: int) -> None:
        """Undo `commit`."""
        c = self.color[p]
        if c == 0:
            self.uncover(j)
        elif c > 0:
            self.unpurify(p)

    def commit_others(self, x: int) -> None:
        """Commit the items of option node x other than its own item (step X5's loop, which
        `run` writes out for speed)."""
        top, ulink = self.top, self.ulink
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
            else:
                self.commit(p, j)
                p += 1

    def uncommit_others(self, x: int) -> None:
        """Undo `commit_others`, in the reverse order."""
        top, dlink = self.top, self.dlink
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
            else:
                self.uncommit(p, j)
                p -= 1

    # -- exclusions and givens -----------------------------------------------------------------

    def exclude(self, excluded: Sequence[int], givens: Sequence[int]) -> None:
        """Take the options ``excluded`` out of every item's list for the whole search (a
        repeated one counts once). UnknownOption or GivenAndExcluded (option numbers) for
        an option out of range or also given."""
        n_options = len(self.opt_start) - 1
        top, ulink, dlink = self.top, self.ulink, self.dlink
        chosen = set(givens)
        done: set[int] = set()
        for k in excluded:
            if not 0 <= k < n_options:
                raise UnknownOption(k, "excluded")
            if k in chosen:
                raise GivenAndExcluded(k)
            if k in done:
                continue
            done.add(k)
            q = self.opt_start[k]
            while top[q] > 0:
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                top[top[q]] -= 1
                self.updates += 1
                q += 1

    # -- givens -----------------------------------------------------------------------------

    def apply_givens(self, givens: Sequence[int]) -> None:
        """Choose the options ``givens`` before the search; GivensClash(a, b, item) on a clash.

        Two givens clash when they share an item, unless both give it the same color. The
        error names the two option numbers (a <= b, equal for a repeated given) and the item
        number (from 0). UnknownOption for an option number out of range.
        """
        n_options = len(self.opt_start) - 1
        top, color, opt_start = self.top, self.color, self.opt_start
        owner: dict[int, int] = {}  # item -> the first given that uses it
        for k in givens:
            if not 0 <= k < n_options:
                raise UnknownOption(k, "given")
            p = opt_start[k]
            while top[p] > 0:
                i = top[p]
                if i in owner:
                    o = owner[i]
                    q = opt_start[o]
                    while top[q] != i:
                        q += 1
                    if color[p] == 0 or color[q] != color[p] or o == k:
                        raise GivensClash(min(o, k), max(o, k), i - 1)
                else:
                    owner[i] = k
                p += 1
        for k in givens:
            p = opt_start[k]
            while top[p] > 0:
                self.commit(p, top[p])
                p += 1

    def replay(self, prefix: Sequence[int]) -> None:
        """Choose the option nodes of ``prefix``, level by level, as the search did when it
        reached them (their updates are not counted again); the search is then confined to
        that subtree. PrefixError for a node that is not an option node of an active primary
        item."""
        top, ulink, dlink, n1 = self.top, self.ulink, self.dlink, self.n_primary
        updates = self.updates
        for position, x in enumerate(prefix):
            i = top[x] if self.n_items + 1 < x < len(top) else 0
            if not 0 < i <= n1 or top[i] >= COVERED or dlink[ulink[x]] != x:
                raise PrefixError(x, position)
            level = self.level
            self.total[level] = top[i]
            k, p = 1, dlink[i]
            while p != x:
                k, p = k + 1, dlink[p]
            self.tried[level] = k
            self.cover(i)
            self.commit_others(x)
            self.choice[level] = x
            self.level += 1
        self.floor = self.max_level = self.level
        self.updates = updates

    def prefix(self) -> tuple[int, ...]:
        """The option nodes chosen at levels 0..level-1 (after PREFIX: the subtree's prefix)."""
        return tuple(self.choice[: self.level])

    def share(self) -> float:
        """The part of the tree under the current node, if every choice at each level were as
        large as every other: 1 / (total_1 ... total_L)."""
        share = 1.0
        for level in range(self.floor, self.level):
            share /= self.total[level]
        return share

    def fraction(self) -> float:
        """Knuth's estimate of the part of this search's tree already finished: the sum over
        the levels l of (tried_l - 1) / (total_1 ... total_l). It never decreases, and is 1.0
        once the search is over. (Knuth adds half the current leaf's share, 1 / (2 total_1
        ... total_L); that term makes the estimate dip whenever the search goes deeper, so it
        is left out.)"""
        if self.resume == _FINISHED:
            return 1.0
        done, share = 0.0, 1.0
        for level in range(self.floor, self.level):
            share /= self.total[level]
            done += (self.tried[level] - 1) * share
        return done

    def probe(self, seed: int) -> tuple[tuple[int, ...], bool]:
        """Knuth's random probe: from the current state, choose the item as the search would
        and one of its d options uniformly at random, level after level, until a solution or
        a dead end; then undo it all. Returns (d_0, d_1, ..., d_L) and whether it ended in a
        solution."""
        random, top, dlink = Random(seed), self.top, self.dlink
        saved_random, self.random = self.random, None  # ties go to the first item, as in the search
        updates = self.updates
        degrees, path = [], []
        while self.rlink[0] != 0:
            i = self.choose()
            degrees.append(top[i])
            if top[i] == 0:
                break
            x = dlink[i]
            for _ in range(random.below(top[i])):
                x = dlink[x]
            self.cover(i)
            self.commit_others(x)
            path.append(x)
        solved = self.rlink[0] == 0
        for x in reversed(path):
            self.uncommit_others(x)
            self.uncover(top[x])
        self.random, self.updates = saved_random, updates
        return tuple(degrees), solved

    # -- the search -------------------------------------------------------------------------

    def choose(self) -> int:
        """Step X3: the active primary item with the fewest options (MRV), ties to the first
        in matrix order, or, with a seed, to a uniformly random one of the tied items.

        Covered items carry COVERED in their LEN, so the first minimum of LEN over all the
        primary headers 1..N1 is the item the list walk of Knuth's programs would find.
        """
        top, n1, random = self.top, self.n_primary, self.random
        self.scanned += n1 >> SCAN_SHIFT
        least = min(top[1 : n1 + 1])
        best = top.index(least, 1)
        if random is not None and least > 0:  # (with LEN 0 any choice is the same dead end)
            ties = 1
            for p in range(best + 1, n1 + 1):
                if top[p] == least:
                    ties += 1
                    if random.below(ties) == 0:
                        best = p
        return best

    def first_option(self, level: int, i: int) -> int:
        """The first option node of item i to try at ``level`` (i itself if there is none)."""
        if self.random is None:
            return self.dlink[i]
        perm, dlink = self.perm, self.dlink
        start = self.base[level]
        end = start
        p = dlink[i]
        while p != i:
            perm[end] = p
            end += 1
            p = dlink[p]
        for a in range(end - 1, start, -1):  # Fisher-Yates
            b = start + self.random.below(a - start + 1)
            perm[a], perm[b] = perm[b], perm[a]
        self.base[level + 1] = end
        self.pos[level] = start
        return perm[start] if end > start else i

    def next_option(self, level: int, x: int, i: int) -> int:
        """The option node of item i to try after x (i itself when they are all tried)."""
        if self.random is None:
            return self.dlink[x]
        self.pos[level] += 1
        return self.perm[self.pos[level]] if self.pos[level] < self.base[level + 1] else i

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Search on, for at most ``steps`` more nodes (and, if ``work``, until about that many
        more updates). Returns DONE, SOLUTION, PAUSED, LIMIT or PREFIX.

        With ``counting``, solutions are counted, not returned, until ``limit`` (0: none).
        With ``depth`` >= 0, the search splits: a node at that level that is not a solution is
        not entered (nor counted); PREFIX is returned with ``prefix()`` naming it.
        """
        top, ulink, dlink, rlink, choice, color = self.top, self.ulink, self.dlink, self.rlink, self.choice, self.color
        cover, uncover = self.cover, self.uncover
        n = self.n_items
        stop = self.nodes + steps
        work_stop = self.updates + self.scanned + work if work else -1
        state = self.resume
        while True:
            if state == X2:  # [Enter level l.]
                if self.level == depth and rlink[0] != 0:  # a subtree to hand out
                    state = X8
                    status = PREFIX
                    break
                if self.nodes >= stop or 0 <= work_stop <= self.updates + self.scanned:
                    status = PAUSED
                    break
                self.nodes += 1
                if self.level > self.max_level:
                    self.max_level = self.level
                if rlink[0] == 0:  # every primary item is covered: visit the solution
                    self.solutions += 1
                    state = X8
                    if not counting:
                        status = SOLUTION
                        break
                    if limit and self.solutions >= limit:
                        status = LIMIT
                        break
                    continue
                i = self.choose()  # X3 [Choose i.]
                self.total[self.level], self.tried[self.level] = top[i], 1
                cover(i)  # X4 [Cover i.]
                choice[self.level] = self.first_option(self.level, i)
                state = X5
            elif state == X5:  # [Try x_l.]
                x = choice[self.level]
                if x <= n:  # back at the header: every option of the item was tried
                    state = X7
                    continue
                p = x + 1
                while p != x:  # commit the items of option x other than i
                    j = top[p]
                    if j <= 0:
                        p = ulink[p]
                    else:
                        if color[p] == 0:  # commit(p, j)
                            cover(j)
                        elif color[p] > 0:
                            self.purify(p)
                        p += 1
                self.level += 1
                state = X2
            elif state == X6:  # [Try again.]
                x = choice[self.level]
                p = x - 1
                while p != x:  # uncommit them, in the reverse order
                    j = top[p]
                    if j <= 0:
                        p = dlink[p]
                    else:
                        if color[p] == 0:  # uncommit(p, j)
                            uncover(j)
                        elif color[p] > 0:
                            self.unpurify(p)
                        p -= 1
                choice[self.level] = self.next_option(self.level, x, top[x])
                self.tried[self.level] += 1
                state = X5
            elif state == X7:  # [Backtrack.]
                uncover(choice[self.level])
                state = X8
            elif state == X8:  # [Leave level l.]
                if self.level == self.floor:
                    state = _FINISHED
                    continue
                self.level -= 1
                state = X6
            else:  # _FINISHED
                status = DONE
                break
        self.resume = state
        return status

    def option_of(self, x: int) -> int:
        """The number of the option that node x belongs to."""
        top = self.top
        while top[x] > 0:
            x += 1
        return -top[x] - 1

    def solution(self) -> tuple[int, ...]:
        """The options chosen at levels 0..level-1 (after SOLUTION: the solution found)."""
        return tuple(self.option_of(self.choice[k]) for k in range(self.level))
