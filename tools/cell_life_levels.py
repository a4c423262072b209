"""How strong each Cell Life computer is: seeded games of two computers, fixed mode, seats swapped.

    python tools/cell_life_levels.py --games 40 [--board small|large] [--seed 0]

For each pairing it plays `--games` games (the first level in seat 1 in even
games, seat 2 in odd ones, so neither profits from moving first) and prints
how many each side won and how many had no winner. The figures in docs/cell-life.md
and in cell_life_players.py come from this script.
"""

from __future__ import annotations

import argparse
import re
import time

from life2_retro.programs.cell_life.program import CellLifeProgram
from life2_retro.session import run_in_memory

PAIRINGS = (("3", "2"), ("3", "c"), ("2", "c"), ("2", "1"), ("1", "c"))
GENERATION_LIMIT = 300
"""ENTERs given to a game: one a generation in the fixed mode. A game still going is counted undecided."""


class SeatedLevels(CellLifeProgram):
    """The program with each computer seat at its own level."""

    def __init__(self, levels: tuple[str, str], seed: int) -> None:
        super().__init__((), seed)  # fixed: one ENTER a generation, a free square for every piece
        self.levels = levels

    def compyturn(self, p: int, g: int) -> None:
        self.computer = self.levels[p]
        super().compyturn(p, g)


def play(levels: tuple[str, str], seed: int, board: str) -> int:
    """The winning seat (1 or 2), or 0."""
    answers = [b"2", b"2", b"2", b"2" if board == "large" else b"1"] + [b""] * GENERATION_LIMIT
    run = run_in_memory(SeatedLevels(levels, seed).run(), answers)
    found = re.search(rb"Player (\d) wins!", run.output)
    return int(found[1]) if found else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--board", choices=("small", "large"), default="small")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed; game k has seed + k")
    args = parser.parse_args()
    print(f"{args.games} games a pairing, {args.board} board, two players, fixed mode, seats swapped")
    for first, second in PAIRINGS:
        won = lost = undecided = 0
        started = time.perf_counter()
        for k in range(args.games):
            seat = 1 if k % 2 == 0 else 2
            levels = (first, second) if seat == 1 else (second, first)
            winner = play(levels, args.seed + k, args.board)
            if winner == seat:
                won += 1
            elif winner:
                lost += 1
            else:
                undecided += 1
        seconds = time.perf_counter() - started
        print(
            f"level {first} against level {second}: won {won}, lost {lost}, no winner {undecided}"
            f"  ({seconds:.1f} s)"
        )


if __name__ == "__main__":
    main()
