"""Make programs/life2/cycle_tables.py: the cycle figures as Python, and the prices the board passes share.

    python tools/make_cycle_tables.py [--check]

`life2 run --cycles` in a fresh process priced every count, square and sum of
its first game for the first time (some 5 ms, most of it FCOMP of new counts
against the 18 codes) and imported the json module to read cycles.json (some
1.5 ms): half as much again as the rest of the meter, against some 90 ms for the
whole command. The module this writes carries both made in advance: the figures
of cycles.json (tools/fit_cycles.py's output, which stays the figures' source),
and what cycle_passes.fill_in_advance prices from them for every count a square
can hold in a game. The suite makes the text again and requires it unchanged
(tests/programs/life2/test_cycles.py); fit_cycles.py --write runs this too.
--check says whether the carried module is up to date (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from life2_retro.programs.life2.cycle_passes import PassMemo, fill_in_advance
from life2_retro.programs.life2.cycles import Life2Costs, read_figures
from life2_retro.programs.life2.program import Life2Program

CODES_A_LINE = 100

TABLES = Path(__file__).resolve().parents[1] / "life2_retro" / "programs" / "life2" / "cycle_tables.py"

HEAD = '''\
"""LIFE2's cycle figures as the meter reads them, and what the board passes share in every game, priced.

MADE by tools/make_cycle_tables.py from cycles.json (tools/fit_cycles.py's figures) and the counts of
basic/m6502.py: do not edit it, make it again (the suite makes it and compares). A module rather than
the json file, and the passes' prices made in advance rather than in each process's first game: both
cost `life2 run --cycles` more than the rest of its meter (cycle_passes.fill_in_advance says what is
priced, and for which counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cycle_parts import ClassKey
    from .cycle_passes import Neighbours
    from .cycle_walks import PrintedCount
'''


def _literal(value: object) -> str:
    """A value as ruff formats it (a string in double quotes)."""
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, tuple):
        inside = ", ".join(_literal(item) for item in value)
        return f"({inside},)" if len(value) == 1 else f"({inside})"
    return repr(value)


def _table(name: str, kind: str, what: str, entries: dict[object, object]) -> str:
    lines = [f"{name}: {kind} = {{"]
    lines += [f"    {_literal(key)}: {_literal(value)}," for key, value in entries.items()]
    return "\n".join(lines) + f'\n}}\n"""{what}"""\n'


def _row(name: str, what: str, values: tuple[object, ...], kind: str = "tuple[int, ...]") -> str:
    lines = [f"{name}: {kind} = ("]
    lines += [f"    {_literal(value)}," for value in values]
    return "\n".join(lines) + f'\n)\n"""{what}"""\n'


def _codes(name: str, what: str, made: tuple[bytes, tuple[object, ...]], kind: str) -> str:
    codes, prices = made
    lines = [f"{name}_CODES = ("]
    lines += [
        f'    b"{codes[start : start + CODES_A_LINE].decode("ascii")}"'
        for start in range(0, len(codes), CODES_A_LINE)
    ]
    lines += [")", f'"""{what}: a code a count (cycle_passes.in_advance)."""', ""]
    lines += [f"{name}_PRICES: tuple[{kind}, ...] = ("]
    lines += [f"    {_literal(price)}," for price in prices]
    return "\n".join(lines) + '\n)\n"""The prices the codes stand for, in the order of the codes."""\n'


def text() -> str:
    """The module, from cycles.json and the pricing functions as they are now."""
    figures = read_figures()
    costs = Life2Costs(Life2Program(), figures)
    memo = PassMemo()
    fill_in_advance(costs, memo)
    parts = [
        HEAD,
        _table(
            "BASES",
            "dict[ClassKey, float]",
            "cycles.json's bases.",
            dict(sorted(figures.bases.items(), key=str)),
        ),
        _table(
            "PATCHED",
            "dict[ClassKey, float]",
            "The classes only the bug patches make (cycle_patches.patch_bases).",
            dict(sorted(figures.patched.items(), key=str)),
        ),
        _table(
            "LINE_MEANS",
            "dict[int, float]",
            "cycles.json's line means.",
            dict(sorted(figures.line_means.items())),
        ),
        _table(
            "INPUT_COSTS",
            "dict[str, int]",
            "cycles.json's INPUT costs.",
            dict(sorted(figures.input_costs.items())),
        ),
        _table(
            "OPENINGS",
            "dict[bool, tuple[int, int]]",
            "2-517 by whether 511's FOR K is the first.",
            memo.openings,
        ),
        _table(
            "FRAMES",
            "dict[int, tuple[int, int]]",
            "The passes' frames, by the pass's first line.",
            memo.frames,
        ),
        _codes(
            "PRINTED",
            "300-399 by the square's count, but for finding the square",
            memo.printed_made,
            "PrintedCount",
        ),
        _codes(
            "LIVE",
            "55 GOSUB 200 by a live square's count, less finding squares",
            memo.live_made,
            "tuple[int, int]",
        ),
        _codes("EMPTY", "55 by the count of a square that is not alive", memo.empty_made, "tuple[int, int]"),
        _codes("SUMS_OF_1", "1 added to a neighbour, by what it held", memo.sums_made[1], "int"),
        _codes("SUMS_OF_10", "10 added to a neighbour, likewise", memo.sums_made[10], "int"),
        _table("COUNTERS", "dict[int, int]", "M2 or M3 one up, by the count it reaches.", memo.counters),
        _row("FINDING", "N(J,K) found, for each inner square, row by row.", memo.finding),
        _row("LIVE_PLACES", "A live square's neighbours found, and the square, likewise.", memo.live_places),
        _row(
            "NEIGHBOURS",
            "Each inner square's neighbours inside the board and on the border (cycle_walks.neighbours).",
            memo.neighbours,
            "Neighbours",
        ),
    ]
    return "\n\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="only say whether the carried module is up to date"
    )
    args = parser.parse_args()
    made = text()
    if args.check:
        current = TABLES.read_text(encoding="utf-8") == made
        print(f"{TABLES.name} is {'up to date' if current else 'out of date: make it again'}")
        return 0 if current else 1
    TABLES.write_text(made, encoding="utf-8")
    print(f"wrote {TABLES.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
