"""How strong each p2life computer is: seeded games of two computers, colours swapped.

    python tools/p2life_levels.py --games 40 [--board 5] [--variant 0] [--rounds 60] [--seed 0]

For each pairing it plays `--games` games (the first level white in even games,
black in odd ones, so neither profits from the colour) and prints how many each
side won and how many were drawn. A game still going after `--rounds` rounds is
decided on the counts, as `life2 --rounds` decides it. The figures in docs/p2life.md
and in p2life_players.py come from this script.
"""

from __future__ import annotations

import argparse
import re
import time

from life2_retro.programs.p2life.program import P2LifeProgram
from life2_retro.session import run_in_memory

PAIRINGS = (("3", "2"), ("3", "1"), ("2", "1"))


def play(white: str, black: str, seed: int, board: int, variant: str, rounds: int) -> str:
    """`WHITE`, `BLACK` or `DRAW`."""
    program = P2LifeProgram(seed, board, variant, rounds, computer=f"{white},{black}")
    found = re.search(rb"^(WHITE|BLACK) \(.\) IS THE WINNER", run_in_memory(program.run(), []).output, re.M)
    return found[1].decode() if found else "DRAW"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--board", type=int, default=5)
    parser.add_argument("--variant", default="0")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed; game k has seed + k")
    args = parser.parse_args()
    print(
        f"{args.games} games a pairing, {args.board} by {args.board}, variant {args.variant}, "
        f"at most {args.rounds} rounds, colours swapped"
    )
    for first, second in PAIRINGS:
        won = lost = drawn = 0
        started = time.perf_counter()
        for k in range(args.games):
            colour = "WHITE" if k % 2 == 0 else "BLACK"
            levels = (first, second) if colour == "WHITE" else (second, first)
            winner = play(*levels, args.seed + k, args.board, args.variant, args.rounds)
            if winner == colour:
                won += 1
            elif winner == "DRAW":
                drawn += 1
            else:
                lost += 1
        seconds = time.perf_counter() - started
        print(
            f"level {first} against level {second}: won {won}, lost {lost}, drawn {drawn}  ({seconds:.1f} s)"
        )


if __name__ == "__main__":
    main()
