"""A compiled matrix, read-only once built: the arrays of the layout drawn in the package's
docstring, which every `Search` copies. Its C port is ``cdlx/dancer.c``.

Port: cdlx/dancer.c
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import Any

from ..contract import RULES, MatrixError, Reduced, ToSets, Tuning, refuse
from .checker import Checker
from .costs import prepare
from .dance import COVERED
from .loop import check_loop, loop_ends
from .memo import DEFAULT_MEMO_BYTES, MEMO_AUTO, MEMO_OFF, MEMO_ON
from .reduce import Reducer
from .search import Search
from .tables import Tables

#: The longest option whose nodes get the tuples of `Dancer.the_rest`.
SHORT_OPTION = 32

__all__ = ["Dancer", "check_input"]


#: The rules of the item choice by their ways' names where they search another tree than
#: MRV's (contract.OTHER_TREES), as a refusal names them.
TREE_NAMES = (None, *RULES[1:])

class Dancer:
    """A compiled matrix: the pristine arrays, read-only, shared by every `Search` on it.

    ``starts`` has one entry per option plus one: option k covers
    ``items[starts[k]:starts[k + 1]]``, items numbered from 0, primary ones first;
    ``colors`` runs parallel to ``items`` (0 = no color, else a positive color number);
    ``bounds``, if not empty, holds lo and hi for each primary item in turn (multiplicities:
    the searches then run Algorithm M, `bounds.Bounds`).
    """

    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        starts: Sequence[int],
        items: Sequence[int],
        colors: Sequence[int],
        bounds: Sequence[int] = (),
        costs: Sequence[int] = (),
        priority: Sequence[int] = (),
        loop: Sequence[int] = (),
    ) -> None:
        n_options = len(starts) - 1
        check_input(n_primary, n_secondary, starts, items, colors)
        check_bounds(n_primary, bounds)
        #: lo, hi of each primary item in turn; empty when every item is covered exactly once.
        self.bounds = [] if all(b == 1 for b in bounds) else list(bounds)
        if costs and len(costs) != n_options:
            raise MatrixError("costs must hold a cost for every option, or be empty")
        if any(c < 0 for c in costs):
            raise MatrixError(f"option {next(k for k, c in enumerate(costs) if c < 0)} has a negative cost")
        self.has_costs = any(costs)
        if any(priority) and len(priority) != n_primary:
            raise MatrixError("priority must hold a flag for every primary item, or be empty")
        #: Per item 0..n_primary, whether it has priority (choice.Choice.choose_priority);
        #: empty when none has.
        self.priority: list[bool] = [False, *map(bool, priority)] if any(priority) else []
        wrong = check_loop(n_primary, n_primary + n_secondary, list(loop))
        if wrong:
            raise MatrixError(wrong)
        #: With a loop constraint (loop.Loop): per item in the links' numbering, the two ends
        #: of an edge at 2i and 2i + 1 (0, 0: not an edge), the loop's color, and whether a
        #: solution may have no edge of that color; empty, 0 and False without one.
        self.loop_ends = loop_ends(n_primary + n_secondary, list(loop)) if loop else []
        self.loop_color = loop[0] if loop else 0
        self.loop_empty = bool(loop) and loop[1] == 1
        self.tax = 0  # with costs (costs.prepare): the primary items' tax, and each node's net cost
        self.cost: list[int] = []
        n = n_primary + n_secondary
        self.n_items = n
        self.n_primary = n_primary
        self.n_options = n_options
        self.n_entries = len(items)
        self.has_colors = any(colors)
        # The bitset way's tables (tables.build), made the first time a search moves there:
        self.tables = Tables.NOT_BUILT
        self.tables_as_c = False  # (whether the C engine would have built them: tables.build)
        self.masks: list[int] = []
        self.classes: list[tuple[int, int]] = []
        self.conflicts: list[int] = []
        self.rank: list[int] | None = None  # (tables.rank_options: each option's bit, None: its number)
        self.ranked: list[int] | None = None  # (... and each bit's option)
        self.same: list[int] = []  # (with colors: per node of a color, the options giving its item that color)
        self.n_tints = 0  # (... and how many pairs of an item and a color there are)
        self.bit_items: list[tuple[int, ...]] | None = None  # (sets.bit_items, if it can have tallies)
        self.tally_fields: tuple[list[int], list[int], list[int]] | None = None  # (tally.fields, once made)
        self._rest: list[tuple[int, ...]] | None = None  # (the_rest, made the first time)
        self._short: bool | None = None  # (short, likewise)
        self._other_items: list[tuple[int, ...]] | None = None  # (other_items, likewise)
        self._memo: tuple[Any, ...] | None = None  # (memo.tables, likewise)

        llink, rlink = item_lists(n_primary, n)
        top, ulink, dlink, color, opt_start = node_lists(n_primary, n_secondary, starts, items, colors)
        self.llink, self.rlink = llink, rlink
        self.top, self.ulink, self.dlink, self.color = top, ulink, dlink, color
        self.opt_start = opt_start
        if self.has_costs:  # taxes, net costs, and every list sorted by them (costs.prepare)
            prepare(self, costs)
        #: What it has that a refusal names (contract.REFUSED), in C's order (dlx.h: HAS_*).
        self.has = tuple(name for name, present in (
            ("colors", self.has_colors), ("bounds", self.bounds), ("costs", self.has_costs),
            ("loop", self.loop_ends), ("priority", self.priority)) if present)

    def reduce(self, rounds: int = 0, seconds: float = 0.0) -> Reduced:
        """Knuth's preprocessing of this matrix's problem (`reduce.Reducer`), at most
        ``rounds`` rounds and about ``seconds`` (0: no bound); Unsupported with bounds or a loop."""
        if rounds < 0 or seconds < 0:
            raise ValueError("rounds and seconds must not be negative")
        refuse("reduce", *self.has)
        t = Reducer(self)
        t.run(rounds, seconds)
        return Reduced(bytes(t.option_fate), t.option_by, t.order, bytes(t.item_fate), t.item_by, t.item_order,
                       t.infeasible, t.rounds, t.complete, t.updates)

    def the_rest(self) -> list[tuple[int, ...]]:
        """Per node, the other nodes of its option in the order a walk from it meets them
        (right, wrapping at the spacer): what `Links.cover_plain` and `commit_others_plain`
        loop over without looking for spacers. Empty when some option is longer than
        SHORT_OPTION (the tuples would take (length - 1) entries per node) or has colors."""
        if self._rest is None:
            self._rest = self.rotations(range(len(self.top))) if self.short() else []
        return self._rest

    def short(self) -> bool:
        """Whether `the_rest` is not empty (no colors, no option longer than SHORT_OPTION),
        known without making it."""
        if self._short is None:
            starts = self.opt_start
            self._short = not self.has_colors and all(
                starts[k + 1] - starts[k] <= SHORT_OPTION + 1 for k in range(self.n_options))
        return self._short

    def other_items(self) -> list[tuple[int, ...]]:
        """Per node, the items of `the_rest`'s nodes (for the bitset way); empty as it is."""
        if self._other_items is None:
            self._other_items = self.rotations(self.top) if self.short() else []
        return self._other_items

    def rotations(self, values: Sequence[int]) -> list[tuple[int, ...]]:
        """Per node q, ``values`` at the other nodes of its option, from q's right, wrapping
        at the spacer (a zip of `columns` per position: a few times faster than a tuple per
        node made in Python, which a small search's start-up would feel)."""
        rotated: list[tuple[int, ...]] = [()] * len(self.top)
        for first, stop, columns in self.columns(values):
            length = len(columns)
            for j in range(length if length > 1 else 0):  # (an option of one node: () for it)
                rotated[first + j : stop : length + 1] = zip(*(columns[(j + t) % length] for t in range(1, length)))
        return rotated

    def rows(self, values: Sequence[int]) -> list[tuple[int, ...]]:
        """Per option, ``values`` at its nodes (a zip of `columns`)."""
        rows: list[tuple[int, ...]] = []
        for first, stop, columns in self.columns(values):
            rows += zip(*columns) if columns else [()] * (stop - first)
        return rows

    def columns(self, values: Sequence[int]) -> Iterator[tuple[int, int, list[Sequence[int]]]]:
        """The options in runs of one length, each as its first node, the node past its last
        option's spacer, and per position in an option the ``values`` at that position of
        each option of the run: a run's nodes lie at a fixed stride, so each is one slice."""
        starts, n, k = self.opt_start, self.n_options, 0
        while k < n:
            first, length = starts[k], starts[k + 1] - 1 - starts[k]
            end = k + 1  # (the run: options k .. end - 1)
            while end < n and starts[end + 1] - starts[end] == length + 1:
                end += 1
            yield first, starts[end], [values[first + t : starts[end] : length + 1] for t in range(length)]
            k = end

    @property
    def arrays(self) -> dict[str, list[int]]:
        """The pristine arrays, as lists (copies), by name: what no search may change."""
        names = ("llink", "rlink", "top", "ulink", "dlink", "color")
        return {name: list(getattr(self, name)) for name in names}

    @property
    def nbytes(self) -> int:
        """Bytes the C engine uses for these arrays (4 per array entry), and for the bitset
        way's tables once built (8 per word)."""
        words, built = 0, self.tables == Tables.BUILT and self.tables_as_c
        if built:  # masks, classes, conflicts, colors; each option's primary items
            tints = self.n_tints + 1 if self.has_colors else 0  # (and C's row of none)
            words = ((self.n_items + 1 + len(self.classes) + self.n_options + tints) * (self.n_options // 64 + 1)
                     + self.n_options * (self.n_primary // 64 + 1))
        words += len(self.top) if self.has_costs else 0  # (a net cost per node)
        tinted = len(self.top) if built and self.has_colors else 0  # (the sets: a row per colored node)
        tinted += 2 * self.n_options if built and self.rank is not None else 0  # (and the ranks)
        tinted += self.n_options + len(self.top) + 2 if built and self.bit_items is not None else 0  # (C's bit lists)
        return 4 * (2 * len(self.llink) + 4 * len(self.top) + len(self.opt_start) + len(self.bounds) + tinted) + 8 * words

    def search(self, givens: Sequence[int] = (), seed: int | None = None, excluded: Sequence[int] = (),
               prefix: Sequence[int] = (), tuning: Tuning | None = None,
               best: int = 0, cutoff: int | None = None, memo: int = MEMO_OFF,
               memo_bytes: int = DEFAULT_MEMO_BYTES, diagram: bool = False) -> Search:
        """A new search on a private copy of the arrays, with the options ``excluded`` taken
        out, then ``givens`` chosen, then the choices of ``prefix`` replayed: the search is
        then the subtree under that prefix. ``tuning`` (a `contract.Tuning`; None: the
        defaults) says how it runs, as in the C engine (`Search.run`). With ``best``
        = k on a dancer with costs, a search for the k cheapest solutions (`costs.Costs`),
        cheaper than ``cutoff`` if given. With ``memo`` (MEMO_ON, or MEMO_AUTO to decide from
        a sample), a counting search that memoizes the counts of its states in a table of at
        most ``memo_bytes`` (`memo.Memo`); with ``diagram`` too (and MEMO_ON), one that also
        builds the diagram of its solutions (`Search.diagram_nodes`). A tuning's ``rule``
        other than MRV chooses its items otherwise (`choice.Choice`; not with bounds, costs,
        memo or a seed)."""
        if tuning is not None and not isinstance(tuning, Tuning):
            raise TypeError(f"tuning must be None or a contract.Tuning, not {type(tuning).__name__}")
        if memo not in (MEMO_OFF, MEMO_ON, MEMO_AUTO) or memo_bytes < 0:
            raise ValueError("memo must be 0, 1 or 2 and memo_bytes >= 0")
        if diagram and memo != MEMO_ON:
            raise ValueError("a diagram needs memo=1")
        if best and (best < 0 or not self.has_costs):
            raise ValueError("best must be a positive number of solutions, on a dancer with costs")
        tuning = Tuning() if tuning is None else tuning
        refuse(*self.has, "best" if best else None, "memo" if memo else None, "seed" if seed is not None else None,
               "binary" if tuning.binary else TREE_NAMES[tuning.rule],
               "sets" if tuning.to_sets in (ToSets.ALWAYS, ToSets.TALLIES) else None)
        return Search(self, givens, seed, excluded, prefix, tuning, best=best, cutoff=cutoff, memo=memo,
                      memo_bytes=memo_bytes, diagram=diagram)

    def checker(self, tuning: Tuning | None = None) -> Checker:
        """A checker of this matrix's problems with givens (`checker.Checker`): its checks
        run as ``tuning`` says (None: the defaults). Unsupported with colors, bounds or a loop."""
        if tuning is not None and not isinstance(tuning, Tuning):
            raise TypeError(f"tuning must be None or a contract.Tuning, not {type(tuning).__name__}")
        return Checker(self, tuning)

    def solve_lines(self, data: bytes, width: int, codes: Sequence[int], writes: Sequence[int],
                    limit: int = 1, max_nodes: int = 0, weighted: bool = False,
                    tallies: bool = False) -> tuple[bytes, bytes, int, int]:
        """Every problem of ``data``, a line of symbols each (`lines.solve_lines`): (answers,
        statuses, nodes, solutions)."""
        from .lines import solve_lines

        return solve_lines(self, data, width, codes, writes, limit, max_nodes, weighted, tallies)


def check_bounds(n_primary: int, bounds: Sequence[int]) -> None:
    """Bounds for every primary item or none, each 0 <= lo <= hi with hi >= 1 (the messages
    match the C engine's)."""
    if len(bounds) not in (0, 2 * n_primary):
        raise MatrixError("bounds must hold lo and hi for every primary item, or be empty")
    for k in range(0, len(bounds), 2):
        if not 0 <= bounds[k] <= bounds[k + 1] or bounds[k + 1] < 1:
            raise MatrixError(f"item {k // 2} has bad bounds {bounds[k]}..{bounds[k + 1]}")


def check_input(n_primary: int, n_secondary: int, starts: Sequence[int], items: Sequence[int],
                colors: Sequence[int], every_entry: bool = False) -> None:
    """Reject what would corrupt the links; the messages match the C engine's. Without colors
    and ``every_entry`` it does not look for an item twice in an option (`Dancer` does, as it
    links the nodes, and then calls it with ``every_entry``)."""
    if n_primary < 0 or n_secondary < 0:
        raise MatrixError("item counts must not be negative")
    n = n_primary + n_secondary
    if len(starts) < 1 or starts[0] != 0 or starts[-1] != len(items):
        raise MatrixError("starts must run from 0 to len(items)")
    if len(colors) != len(items):
        raise MatrixError("colors must be as long as items")
    if n + 2 + len(items) + len(starts) >= COVERED:
        raise MatrixError("matrix too large")
    if any(map(operator.gt, starts, starts[1:])):  # all of them first: then every range is in bounds
        k = next(k for k in range(len(starts) - 1) if starts[k + 1] < starts[k])
        raise MatrixError(f"starts must not decrease (option {k})")
    if not every_entry and (not items or (0 <= min(items) and max(items) < n)) and not any(colors):
        return  # (the loop below, per entry, runs only to name what is wrong; `Dancer` finds an item twice)
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


def item_lists(n_primary: int, n: int) -> tuple[list[int], list[int]]:
    """The items' doubly linked lists (llink, rlink): the primary items hang from 0, the
    secondary ones from n + 1."""
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
    return llink, rlink


def node_lists(n_primary: int, n_secondary: int, starts: Sequence[int], items: Sequence[int],
               colors: Sequence[int]) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """The nodes (top, ulink, dlink, color) and each option's first node (opt_start): the
    items' headers, then the options between spacers, each node at the bottom of its item's
    list."""
    n, n_options = n_primary + n_secondary, len(starts) - 1
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
            if u >= first:  # (i twice in option k: check_input names it)
                check_input(n_primary, n_secondary, starts, items, colors, every_entry=True)
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
    return top, ulink, dlink, color, opt_start
