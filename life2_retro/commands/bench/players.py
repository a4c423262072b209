"""`life2 bench --players`: how long each computer level takes to decide, against its budget.

A computer must answer within 100 ms on the exhibit's 2-core machine, in pure
Python. The positions are seeded mid-game boards reached by random play under
the rules model, bugs on and off in turn; every level decides on each position
in the same run, in rotating order, with the generation cache emptied before
each decision, so every figure is a cold start.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ...programs.life2.bugs import BUG_NAMES
from ...programs.life2.players import LEVELS, choose_setup, turn_move
from ...programs.life2.rules import (
    ALL_MOVES,
    Board,
    apply_turn,
    generation_masks,
    legal_moves,
    result,
    setup_board,
)

BUDGET_MS = 100.0
POSITIONS = 200


def bench_positions(count: int, seed: int) -> list[tuple[Board, int, frozenset[str]]]:
    """`count` boards (with the player to decide and the bug switches) from seeded random games."""
    rng = random.Random(seed)
    found: list[tuple[Board, int, frozenset[str]]] = []
    while len(found) < count:
        bugs = frozenset(BUG_NAMES) if len(found) % 2 else frozenset()
        squares = rng.sample(ALL_MOVES, 6)
        board = setup_board(squares[:3], squares[3:], bugs)
        for _ in range(rng.randint(1, 12)):
            if result(board) is not None:
                break
            free = legal_moves(board)
            board = apply_turn(board, rng.choice(free), rng.choice(free), bugs)
        if result(board) is None:
            found.append((board, rng.choice((1, 2)), bugs))
    return found


def _timed(decide: Callable[[], object]) -> float:
    generation_masks.cache_clear()
    start = time.perf_counter()
    decide()
    return (time.perf_counter() - start) * 1000


def bench(positions: int = POSITIONS, seed: int = 1) -> int:
    """Time every level on the same positions, and print the figures side by side."""
    boards = bench_positions(positions, seed)
    turns: dict[int, list[float]] = {level: [] for level in LEVELS}
    setups: dict[int, list[float]] = {level: [] for level in LEVELS}
    for n, (board, me, bugs) in enumerate(boards):
        order = LEVELS[n % len(LEVELS) :] + LEVELS[: n % len(LEVELS)]
        for level in order:
            rng = random.Random(n)
            turns[level].append(_timed(lambda: turn_move(level, me, board, bugs, rng)))  # noqa: B023
            setups[level].append(_timed(lambda: choose_setup(level, me, bugs, rng)))  # noqa: B023
    print(
        f"computer players: {positions} seeded mid-game positions, cold cache, budget {BUDGET_MS:g} ms a move"
    )
    print(f"{'':13}{'moves':>7}{'mean ms':>10}{'max ms':>10}{'max/budget':>12}")
    for label, times in [(f"level {level} turn", turns[level]) for level in LEVELS] + [
        (f"level {level} setup", setups[level]) for level in LEVELS
    ]:
        mean, worst = sum(times) / len(times), max(times)
        print(f"{label:13}{len(times):>7}{mean:>10.2f}{worst:>10.2f}{worst / BUDGET_MS:>12.3f}")
    return 0
