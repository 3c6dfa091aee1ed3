"""Both engines follow exactcover.engines.contract: its statuses, its compiled form, its protocols."""

from __future__ import annotations

import pytest

from exactcover import Matrix, Solver, engines
from exactcover.engines import contract


def test_engines_return_the_contract_statuses(engine):
    module = engines.get(engine)
    for status in contract.Status:
        assert getattr(module, status.name) == status


def test_a_dancer_has_the_contract_operations(engine):
    matrix = Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]})
    solver = Solver(matrix, engine)
    compiled = solver.compiled
    assert (compiled.n_primary, compiled.n_secondary) == (3, 0)
    assert list(compiled.starts) == [0, 1, 3, 5, 6] and list(compiled.items) == [0, 1, 2, 0, 1, 2]
    dancer = engines.get(engine).Dancer(*compiled.arguments())
    for attribute in ("n_items", "n_primary", "n_options", "n_entries", "has_colors", "nbytes"):
        assert getattr(dancer, attribute) == getattr(solver.dancer, attribute)
    search = dancer.search()
    assert search.run(100) == contract.SOLUTION and search.solution() == (0, 1)
    assert search.run(100, counting=True) == contract.DONE
    assert search.solutions == 2 and search.nodes > 0
    degrees, solved = dancer.search().probe(1)
    assert solved in (True, False) and all(d >= 0 for d in degrees)


#: What a search is (contract.Search), and what a checker does (contract.Checker).
SEARCH_OPERATIONS = {"run", "solution", "prefix", "fraction", "share", "probe", "solution_cost", "diagram_nodes"}
CHECKER_OPERATIONS = {"count_with", "thin", "unneeded"}


def public_methods(cls):
    return {name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}


def test_the_contract_says_what_a_search_is_and_what_a_checker_does(engine):
    """contract.Search has the operations of one search, and a checker (made by the dancer)
    those of many checks; each engine's objects have them, and the search none of the
    checker's (which served one client, the sudoku generator)."""
    assert public_methods(contract.Search) == SEARCH_OPERATIONS
    assert public_methods(contract.Checker) == CHECKER_OPERATIONS
    dancer = Solver(Matrix([1, 2], {"x": [1], "y": [2]}), engine).dancer
    search, checker = dancer.search(), dancer.checker()
    # (pydlx's costed and memoized searches add solution_cost and diagram_nodes; C's has them all)
    assert all(callable(getattr(search, name)) for name in SEARCH_OPERATIONS - {"solution_cost", "diagram_nodes"})
    assert all(callable(getattr(checker, name)) for name in CHECKER_OPERATIONS)
    assert not any(hasattr(search, name) for name in CHECKER_OPERATIONS | {"rewind", "push", "pop"})


def test_solver_numbers_options_for_the_engines():
    solver = Solver(Matrix([1, 2], {"x": [1], "y": [2]}))
    assert solver.labels == ("x", "y") and solver.option_numbers(["y"], "given") == [1]


def test_every_way_gives_the_same_search(engine):
    """`way` chooses how an engine runs one search; results and statistics are the same
    every way, in parallel too. (A count that may memoize searches another tree: memo=False
    keeps it the listing's.)"""
    import exactcover
    from problems import queens_matrix

    solver = Solver(queens_matrix(8), engine)
    seen = set()
    for way in contract.EQUAL_WAYS:
        count = solver.count(way=way, memo=False)
        seen.add((count, solver.stats.nodes, solver.stats.updates, solver.first(way=way)))
        assert list(solver.solutions(way=way, limit=3)) == list(solver.solutions(limit=3))
    assert len(seen) == 1 and next(iter(seen))[0] == 92
    weighted = set(solver.solutions(way="weighted"))  # (another tree: the same solutions, in another order)
    assert solver.count(way="weighted") == 92 and {frozenset(s) for s in weighted} == {
        frozenset(s) for s in solver.solutions()}
    assert exactcover.count(queens_matrix(8), engine=engine, jobs=2, way="sets") == 92
    with pytest.raises(ValueError, match="way must be one of"):
        solver.count(way="fortran")


def searches_of_every_kind(solver: Solver) -> None:
    """Counts, firsts, an abandoned iterator, budget stops, a split and its subtrees, probes,
    seeds, givens, exclusions, every way (each at most 5,000 nodes)."""
    from exactcover import BudgetExceeded

    def budgeted(question, **search):
        try:
            question(max_nodes=5_000, **search)
        except BudgetExceeded:
            pass

    for way in contract.WAYS:
        budgeted(solver.count, way=way)
        budgeted(solver.first, way=way, seed=None if way in contract.OTHER_TREES else 3)
        stream = solver.solutions(way=way, max_nodes=5_000)
        next(stream, None)
        del stream
        budgeted(solver.count, way=way, givens=[solver.labels[0]])
        budgeted(solver.count, way=way, exclude=[solver.labels[0]])
    split = solver.split(1)
    for prefix in split.prefixes[:3]:
        budgeted(solver.count, prefix=prefix, way="sets")
    solver.estimate(30, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("problem", ["queens", "pentominoes", "colored"])
def test_no_search_changes_the_compiled_arrays(engine, problem):
    """Every kind of search works on its own copy: the dancer's arrays stay as they were
    (for pentominoes, with the move to the sets among them)."""
    import sys
    from pathlib import Path

    from problems import queens_matrix

    if problem == "queens":
        matrix = queens_matrix(7)
    elif problem == "pentominoes":
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
        from pentominoes import Pentominoes, encode

        matrix = encode(Pentominoes(width=15, height=4))
    else:
        matrix = Matrix(["a", "b", "c"], {"x": {"a": None, "s": "red"}, "y": {"b": None, "s": "red"},
                                          "z": {"c": None, "s": "blue"}, "w": ["a", "b", "c"]}, secondary=["s"])
    solver = Solver(matrix, engine)
    before = solver.dancer.arrays
    searches_of_every_kind(solver)
    assert solver.dancer.arrays == before


def test_what_a_search_cannot_combine_is_one_table_both_engines_use(module):
    """Every pair of `contract.REFUSED` is refused by both engines with the table's words: a
    search with both things, or an operation (a checker, problems as lines, a reduction) on a
    matrix that has the thing; each thing alone is not, and each operation takes a plain
    matrix and one with what the table does not name for it."""
    from exactcover import Unsupported
    from exactcover.engines.contract import REFUSED, SAID

    def dancer(*things):
        return module.Dancer(2, 1, [0, 1, 3], [0, 1, 2], [0, 0, 1 if "colors" in things else 0],
                             [1, 2, 1, 1] if "bounds" in things else [],
                             costs=[3, 4] if {"best", "costs"} & set(things) else [],
                             priority=[0, 1] if "priority" in things else [],
                             loop=[1, 0, 2, 0, 1] if "loop" in things else [])

    operations = {"checker": lambda d: d.checker(), "reduce": lambda d: d.reduce(),
                  "lines": lambda d: d.solve_lines(b"0\n", 1, [-1] * 256, [-1, -1])}
    asked = {"best": {"best": 1}, "memo": {"memo": contract.MEMO_ON}, "seed": {"seed": 7},
             "sets": {"tuning": contract.Tuning.of("sets")},
             **{way: {"tuning": contract.Tuning.of(way)} for way in contract.OTHER_TREES}}
    for thing, keywords in asked.items():
        dancer(thing).search(**keywords)
    for thing in ("bounds", "priority", "loop", "colors", "costs"):
        assert dancer(thing).has == (thing,)
        dancer(thing).search()
    for operation, run in operations.items():
        run(dancer())
        for thing in ("colors", "bounds", "costs", "loop", "priority"):
            if (operation, thing) not in REFUSED:
                run(dancer(thing))
    with pytest.raises(Unsupported):  # (a loop's count is never memoized: the plan leaves its memo off)
        dancer("loop").search(memo=contract.MEMO_AUTO)
    for (first, second), instead in REFUSED.items():
        with pytest.raises(Unsupported) as refused:
            if first in operations:
                operations[first](dancer(second))
            else:
                keywords = {k: v for thing in (first, second) if thing in asked for k, v in asked[thing].items()}
                dancer(first, second).search(**keywords)
        assert (refused.value.what, refused.value.instead) == (f"{SAID[first]} with {SAID[second]}", instead), \
            (first, second)
