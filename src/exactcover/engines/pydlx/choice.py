"""Step X3's item choice and the order of an item's options, which the links' search and its
kin share (C's ``cdlx/links.c`` and ``cdlx/choice.c``): MRV with ties to the first item or,
with a seed, to a random one (SplitMix64, bit for bit as in C), priority items first, the
other rules of `contract.RULES` (the weighted choice, the weighted ties, the failure rate),
and a seeded search's shuffled options.

They are rows of one table, `CHOICES` (C's, the same names), and a search takes its row
once, as it starts (`choice_for`, `ChoiceRow.take`): its ``choose``, ``first_option`` and
``next_option`` are then the row's, and its steps on the links are MRV's in list order
(`Search.enter`) or the row's (`Search.enter_chosen`), as C compiles its steps twice.

Port: cdlx/links.c, cdlx/choice.c
"""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType
from typing import TYPE_CHECKING, NamedTuple, cast

from ..contract import RULE_FAILURE_RATE, RULE_WEIGHTED, RULE_WEIGHTED_TIES, Tuning
from .dance import SCAN_SHIFT, Links, is_wide

if TYPE_CHECKING:  # (for annotations only: dancer needs this module, through search)
    from .dancer import Dancer

__all__ = ["CHOICES", "Choice", "ChoiceRow", "Random", "Shuffle", "TRIES_MAX", "WEIGHT_MAX", "choice_for"]

_MASK = (1 << 64) - 1

#: The weighted choice's WEIGHTs stop growing here (so that C's LEN * WEIGHT fits 64 bits).
WEIGHT_MAX = 1 << 32
#: The failure-rate choice stops counting an item's tries here (so that LEN * tries, below
#: 2**53, is exact as a float, as C computes it).
TRIES_MAX = 1 << 20


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


class Shuffle:
    """A seeded search's randomness (C's ``Shuffle``): ties of the item choice go to one of the
    tied items uniformly at random, and each level's options are tried in a random order, kept
    in ``perm[base[l]:base[l + 1]]`` (first_option, next_option)."""

    def __init__(self, seed: int, n_entries: int, n_primary: int) -> None:
        self.random = Random(seed)
        self.perm = [0] * (n_entries + 1)
        self.base = [0] * (n_primary + 2)
        self.pos = [0] * (n_primary + 1)


class Choice(Links):
    """The item choice and the options' order of a search on the links (`Search`'s base)."""

    # (Search's: the state these read, made by Search.__init__)
    n_primary: int
    scanned: int
    shuffle: Shuffle | None
    weight: list[int] | None
    tries: list[int] | None
    fails: list[int] | None
    tuning: Tuning
    dancer: Dancer
    level: int
    floor: int
    choice: list[int]

    def choose(self) -> int:
        """Step X3: the active primary item with the fewest options (MRV), ties to the first
        in matrix order (with a seed: `choose_seeded`).

        The list of active items is walked, as in Knuth's programs: in Python a step of the
        walk costs about what a step of ``min`` over all the primary LENs does (C's block
        scan), and a search has covered most items at most of its nodes.
        """
        top, rlink = self.top, self.rlink
        self.scanned += self.n_primary >> SCAN_SHIFT
        best = i = rlink[0]
        least = top[i]
        if least:
            i = rlink[i]
            while i:
                if top[i] < least:
                    best, least = i, top[i]
                    if not least:
                        break
                i = rlink[i]
        return best

    def choose_seeded(self) -> int:
        """Step X3 of a seeded search: MRV, ties to a uniformly random one of the tied items."""
        top, rlink, shuffle = self.top, self.rlink, cast(Shuffle, self.shuffle)
        best = Choice.choose(self)
        least = top[best]
        if least == 0:  # (with LEN 0 any choice is the same dead end)
            return best
        ties = 1
        i = rlink[best]
        while i:
            if top[i] == least:
                ties += 1
                if shuffle.random.below(ties) == 0:
                    best = i
            i = rlink[i]
        return best

    def choose_priority(self) -> int:
        """Step X3 on a matrix with priority items (Knuth's DLX2-SHARP): the active primary item
        of the least key, ties to the first in matrix order (with a seed:
        `choose_priority_seeded`). An item's key is its LEN if LEN is 0 or 1 or the item has
        priority, else its LEN past every LEN: so an item with no option or one comes first,
        then the priority items by MRV, then the others by MRV."""
        return self.priority_choice(None)

    def choose_priority_seeded(self) -> int:
        """`choose_priority` with ties to a uniformly random one of the tied items."""
        return self.priority_choice(self.shuffle)

    def priority_choice(self, shuffle: Shuffle | None) -> int:
        top, rlink, first = self.top, self.rlink, self.dancer.priority
        past = 1 << 40  # (more than any LEN: C adds IDX_MAX)
        self.scanned += self.n_primary >> SCAN_SHIFT

        def key(p: int) -> int:
            return top[p] if top[p] <= 1 or first[p] else top[p] + past

        best = i = rlink[0]
        least = key(i)
        i = rlink[i]
        while i and least > 0:
            k = key(i)
            if k < least:
                best, least = i, k
            i = rlink[i]
        if shuffle is not None and least > 0:
            ties = 1
            i = rlink[best]
            while i:
                if key(i) == least:
                    ties += 1
                    if shuffle.random.below(ties) == 0:
                        best = i
                i = rlink[i]
        return best

    def choose_weighted(self) -> int:
        """Step X3 with the weighted choice: the first active primary item without options,
        whose WEIGHT then grows by one; else the first with one option (a forced move, never
        put off); else the one of least LEN / WEIGHT, ties to the first in matrix order.

        So the items that have ended branches are chosen sooner: Boussemart et al.'s dom/wdeg
        (2004), an item being a constraint. WEIGHTs stop growing at 2**32.
        """
        top, rlink, weight = self.top, self.rlink, cast("list[int]", self.weight)
        self.scanned += self.n_primary >> SCAN_SHIFT
        best = rlink[0]
        least, w = top[best], weight[best]
        i = rlink[best]
        while i and least:
            length = top[i]
            if length < least if length < 2 else least >= 2 and length * w < least * weight[i]:
                best, least, w = i, length, weight[i]
            i = rlink[i]
        if not least and w < WEIGHT_MAX:
            weight[best] = w + 1
        return best

    def first_dead_or_forced(self) -> int:
        """The first active primary item without options if any, else the first with one if
        any, else the first active item: where the rules other than MRV and the weighted
        choice start."""
        top, rlink = self.top, self.rlink
        self.scanned += self.n_primary >> SCAN_SHIFT if self.n_primary > 32 else 0
        forced = 0
        i = rlink[0]
        while i:
            if top[i] == 0:
                return i
            if top[i] == 1 and not forced:
                forced = i
            i = rlink[i]
        return forced or rlink[0]

    def choose_weighted_ties(self) -> int:
        """Step X3 with the weighted ties (Knuth's SSXCC3): the first active primary item
        without options (its WEIGHT then grows by one, as in `choose_weighted`), else the
        one with the fewest options, ties to the heaviest, then to the first."""
        top, rlink, weight = self.top, self.rlink, cast("list[int]", self.weight)
        best = self.first_dead_or_forced()
        if top[best] == 0:
            if weight[best] < WEIGHT_MAX:
                weight[best] += 1
            return best
        best = rlink[0]
        i = rlink[best]
        while i:
            if top[i] < top[best] or (top[i] == top[best] and weight[i] > weight[best]):
                best = i
            i = rlink[i]
        self.scanned += self.n_primary >> SCAN_SHIFT
        return best

    def choose_by_failure_rate(self) -> int:
        """Step X3 with the failure rate (Li, Yin and Li's FRB, CP 2021, as in Knuth's
        ssxcc-frb0 change file).

        First the option tried at the level above (a forced move's too, as in Knuth's)
        counts as one more try of its item, and as a failure if it left an item without
        options. Then
        the first active primary item without options, else the first with one, else the
        one of least LEN / rate, where an item's rate is (failures + 1/2) / tries (tries
        from 1), ties to the first: compared as LEN * tries / (2 * failures + 1), a float
        (C's double, exact while LEN * tries stays below 2**53: tries stop at `TRIES_MAX`).
        """
        top, rlink = self.top, self.rlink
        tries, fails = cast("list[int]", self.tries), cast("list[int]", self.fails)
        best = self.first_dead_or_forced()
        level = self.level
        if level > self.floor:
            above = top[self.choice[level - 1]]
            if tries[above] < TRIES_MAX:
                tries[above] += 1
                fails[above] += top[best] == 0
        if top[best] <= 1:
            return best
        score = top[best] * tries[best] / (2 * fails[best] + 1)
        i = rlink[best]  # (best is the first active item here)
        while i:
            t = top[i] * tries[i] / (2 * fails[i] + 1)
            if t < score:
                best, score = i, t
            i = rlink[i]
        self.scanned += self.n_primary >> SCAN_SHIFT
        return best

    def start_shuffle(self, seed: int | None) -> None:
        """A seeded search's randomness, and room for each level's options shuffled."""
        self.shuffle = Shuffle(cast(int, seed), self.dancer.n_entries, self.n_primary)

    def start_weights(self, seed: int | None = None) -> None:
        """The weighted rules' WEIGHTs, all 1 (at the start, and when the search is rewound)."""
        self.weight = [1] * (self.n_primary + 1)

    def start_failures(self, seed: int | None = None) -> None:
        """The failure rate's tries, all 1, and failures, all 0 (at the start, and rewound)."""
        n = self.n_primary + 1
        self.tries, self.fails = [1] * n, [0] * n

    def first_listed(self, level: int, i: int) -> int:
        """The first option node of item i to try at ``level`` (i itself if there is none), in
        list order."""
        return self.dlink[i]

    def next_listed(self, level: int, x: int, i: int) -> int:
        """The option node of item i to try after x (i itself when they are all tried), in list
        order."""
        return self.dlink[x]

    def first_shuffled(self, level: int, i: int) -> int:
        """`first_listed` in a seeded search: item i's options shuffled into this level's part
        of perm (Fisher-Yates), the first of them."""
        shuffle, dlink = cast(Shuffle, self.shuffle), self.dlink
        perm = shuffle.perm
        start = shuffle.base[level]
        end = start
        p = dlink[i]
        while p != i:
            perm[end] = p
            end += 1
            p = dlink[p]
        for a in range(end - 1, start, -1):  # Fisher-Yates
            b = start + shuffle.random.below(a - start + 1)
            perm[a], perm[b] = perm[b], perm[a]
        shuffle.base[level + 1] = end
        shuffle.pos[level] = start
        return perm[start] if end > start else i

    def next_shuffled(self, level: int, x: int, i: int) -> int:
        """`next_listed` in a seeded search: the next of this level's shuffled options."""
        shuffle = cast(Shuffle, self.shuffle)
        shuffle.pos[level] += 1
        return shuffle.perm[shuffle.pos[level]] if shuffle.pos[level] < shuffle.base[level + 1] else i

    # (a search's own, its row's once it takes it: ChoiceRow.take)
    first_option = first_listed
    next_option = next_listed
    choose_plain = choose


def _nothing(search: Choice, seed: int | None = None) -> None:
    """A row without state of its own."""


class ChoiceRow(NamedTuple):
    """A way of choosing the item to branch on and ordering its options, a row of `CHOICES`
    (C's ``struct Choice``, the same names): its state made (``start``, from the seed) and
    made again when the search is rewound (``reset``); step X3 (``choose``); the first option
    to try and the one after (``first``, ``next``); its choice without a seed, in matrix
    order (``plain``: memo, binary branching, the probes); whether the steps call this row
    (``chosen``) or are MRV's in list order; whether it is seeded; whether a search with it
    may move to the sets; what a refused random probe says (a probe follows MRV's tree;
    empty: it takes one)."""

    name: str
    start: Callable[[Choice, int | None], None]
    reset: Callable[[Choice, int | None], None]
    choose: Callable[[Choice], int]
    first: Callable[[Choice, int, int], int]
    next: Callable[[Choice, int, int, int], int]
    plain: Callable[[Choice], int]
    chosen: bool
    seeded: bool
    sets: bool
    unprobed: str = ""

    def take(self, search: Choice, seed: int | None) -> None:
        """Make this row ``search``'s item choice, its state made."""
        search.choose = MethodType(self.choose, search)  # type: ignore[method-assign]
        search.first_option = MethodType(self.first, search)  # type: ignore[method-assign]
        search.next_option = MethodType(self.next, search)  # type: ignore[method-assign]
        search.choose_plain = MethodType(self.plain, search)  # type: ignore[method-assign]
        self.start(search, seed)


_C = Choice
_MRV = ChoiceRow("mrv", _nothing, _nothing, _C.choose, _C.first_listed, _C.next_listed, _C.choose, chosen=False,
                 seeded=False, sets=True)
_SEEDED = ChoiceRow("mrv seeded", _C.start_shuffle, _nothing, _C.choose_seeded, _C.first_shuffled, _C.next_shuffled,
                    _C.choose, chosen=True, seeded=True, sets=False)
_RULE = _MRV._replace(chosen=True)

#: The rows, by name, in C's order ("mrv seeded wide" is C's choice on the blocks of a wide
#: matrix: here the same as "mrv seeded").
CHOICES: dict[str, ChoiceRow] = {row.name: row for row in (
    _MRV,
    _SEEDED,
    _SEEDED._replace(name="mrv seeded wide"),
    _RULE._replace(name="priority", choose=_C.choose_priority, plain=_C.choose_priority, sets=False),
    _SEEDED._replace(name="priority seeded", choose=_C.choose_priority_seeded, plain=_C.choose_priority),
    _RULE._replace(name="weighted", start=_C.start_weights, reset=_C.start_weights, choose=_C.choose_weighted,
                   unprobed="random probes of a search with the weighted choice"),
    _RULE._replace(name="weighted ties", start=_C.start_weights, reset=_C.start_weights,
                   choose=_C.choose_weighted_ties, unprobed="random probes of a search with the weighted ties"),
    _RULE._replace(name="failure rate", start=_C.start_failures, reset=_C.start_failures,
                   choose=_C.choose_by_failure_rate, unprobed="random probes of a search with the failure-rate choice"),
)}


def choice_for(dancer: Dancer, seed: int | None, tuning: Tuning) -> ChoiceRow:
    """The row a search starts with (C's choice_for): priority items first (the plan has
    refused the rules with them), a rule, or MRV; with a seed or not."""
    seeded = seed is not None
    if dancer.priority:
        return CHOICES["priority seeded" if seeded else "priority"]
    rule = {RULE_WEIGHTED: "weighted", RULE_WEIGHTED_TIES: "weighted ties", RULE_FAILURE_RATE: "failure rate"}
    if tuning.rule in rule:
        return CHOICES[rule[tuning.rule]]
    return CHOICES["mrv" if not seeded else "mrv seeded wide" if is_wide(dancer) else "mrv seeded"]
