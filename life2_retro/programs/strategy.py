"""How a computer player chooses, whatever the game: the best of some choices, and a turn of
simultaneous moves solved as a zero-sum matrix game.

LIFE2's exhibit players (programs/life2/players.py) and p2life's computers
(p2life_players.py) both choose with these. Only the judging of a board is
each game's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

WIN = 1000.0
"""A won or lost game outweighs any count of pieces."""
ITERATIONS = 300
"""Fictitious-play rounds: enough to find the few squares worth mixing, bounded for the time budget."""
MIN_WEIGHT = 0.04
"""Squares fictitious play touched only in its first rounds are noise: never played."""


def score(mine: float, theirs: float) -> float:
    """A position for the player with `mine` pieces against `theirs`, when the game ends as soon as a
    side has none: a result (none left on both sides is a draw), else the difference in pieces."""
    if theirs == 0:
        return WIN + mine if mine else 0.0
    if mine == 0:
        return -WIN - theirs
    return float(mine - theirs)


Choice = TypeVar("Choice", bound=Hashable)


def best_of(choices: Iterable[Choice], value: Callable[[Choice], float], rng: random.Random) -> Choice:
    """The choice of highest value; ties are drawn at random, from the choices in their order."""
    valued = [(value(choice), choice) for choice in choices]
    top = max((v for v, _ in valued), default=None)
    return rng.choice([choice for v, choice in valued if v == top])


def solve(matrix: Sequence[Sequence[float]], iterations: int = ITERATIONS) -> list[float]:
    """The row player's mixed strategy by fictitious play: each side answers the other's play so far.

    Its empirical frequencies approach an optimal strategy of the zero-sum game
    (Robinson, 1951); a bounded number of rounds is enough to single out the
    few rows worth playing.
    """
    rows, cols = len(matrix), len(matrix[0])
    columns = [list(column) for column in zip(*matrix, strict=True)]
    row_totals = [0.0] * rows
    col_totals = [0.0] * cols
    counts = [0] * rows
    pick = max(range(rows), key=lambda i: min(matrix[i]))  # start from the safest row
    for _ in range(iterations):
        counts[pick] += 1
        col_totals = [total + x for total, x in zip(col_totals, matrix[pick], strict=True)]
        answer = min(range(cols), key=col_totals.__getitem__)
        row_totals = [total + x for total, x in zip(row_totals, columns[answer], strict=True)]
        pick = max(range(rows), key=row_totals.__getitem__)
    return [count / iterations for count in counts]


def strategy(matrix: Sequence[Sequence[float]]) -> list[float]:
    """The weights to draw my action with: a sure win if there is one, else the solved mix."""
    sure = [min(row) >= WIN for row in matrix]
    if any(sure):  # wins whatever the opponent names: nothing to mix
        return [1.0 if won else 0.0 for won in sure]
    weights = [w if w >= MIN_WEIGHT else 0.0 for w in solve(matrix)]
    return weights if any(weights) else [1.0] * len(matrix)
