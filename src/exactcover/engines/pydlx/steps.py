"""Where a paused search resumes: the step labels of Algorithm X (X2..X8, Knuth's), which
every loop of the engine shares, in a module of their own below `search`, so that a loop
that is not `Search.steps` (`fused`, and the units' loops of bounds, costs and memo) reads
them without importing the search. C keeps the same numbers in dlx.h.

Port: cdlx/dlx.h
"""

__all__ = ["FINISHED", "X2", "X5", "X6", "X7", "X8"]

#: Algorithm X's steps a search stops and resumes at (X2: enter a level; X5: try an option;
#: X6: try the next; X7: backtrack; X8: leave the level); FINISHED: the search is done.
X2, X5, X6, X7, X8 = 2, 5, 6, 7, 8
FINISHED = 0
