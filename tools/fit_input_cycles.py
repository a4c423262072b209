"""Measure what INPUT costs on the 1977 ROM, step by step (basic/m6502_input.py's PRICES).

Plays generated scripts (the hostile ones, and a set of hand-made answers for the rare steps) on
the 6502 engine and on the re-creation side by side, takes every INPUT segment (line 701) of both,
and solves the ROM's cycles of each for the price of each step of m6502_input.input_steps (least
squares; the cycles the source counts are taken off first). Prints the prices, rounded, and what
is left over: the greatest and mean error of a segment priced by them.

    python tools/fit_input_cycles.py [--scripts N] [--seed S]

Needs the ROM (../shared/reference/ or $LIFE2_ROM) and NumPy.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from life2_retro.basic import m6502_input  # noqa: E402
from life2_retro.basic.m6502 import OUTDO_CONTROL, OUTDO_HELD, OUTDO_PRINTING  # noqa: E402
from life2_retro.programs import PROGRAMS  # noqa: E402
from life2_retro.programs.life2 import cycle_parts  # noqa: E402
from life2_retro.programs.life2.bugs import BUG_NAMES  # noqa: E402
from life2_retro.programs.life2.cycles import count_cycles  # noqa: E402
from life2_retro.programs.life2.scripts import hostile_script  # noqa: E402
from life2_retro.session import run_in_memory  # noqa: E402

FAITHFUL = frozenset(BUG_NAMES)
Typed = list[tuple[bytes, bytes, bytes]]

HAND_MADE: list[list[bytes]] = [
    [b"1,1", answer, b"2,2"]
    for answer in (
        b"1,2",
        b"x",
        b"1",
        b"",
        b"1E39",
        b"1E-39,2",
        b"1E38,2",
        b"1.0000001,2",
        b".99,2",
        b"1,2" + b"9" * 69,
        b"1,2" + b"0" * 69,
        b"\x0f1,2",
        b"1,2\x0f",
        b"1_1,2",
        b"__1,2",
        b"1@1,2",
        b"\x01\x021,2",
        b"1,2,3",
        b"-1,2",
        b"+1,2",
        b"1E1,2",
        b"1E+0,2",
        b"1E-0,2",
        b"1 , 2",
        b"   1,2",
        b"1" * 80,
        b"@",
        b"_",
        b"\x0f",
        b"\x0f1",
        b"1.5,2.5",
        b"0.0001,2",
        b"12345678,2",
    )
] + [[b"1,1", b"1", b"\x0f2", b"2,2"], [b"1,1", b"x", b"y", b"1,2"], [b"1,1", b"1", b"", b"2,2"]]


RECORDED: list[tuple[int, Typed]] = []
"""The INPUT segments the re-creation priced in the script in hand: (value parts, lines typed)."""


_INPUT_PART = cycle_parts.PARTS[701]


def _recording(costs: Any, how: int, following: int) -> tuple[Any, int]:
    """701's part, recorded: the stored values' own cycles, and the lines typed."""
    RECORDED.append((cycle_parts.stored_cycles(costs), list(costs._typed)))
    return _INPUT_PART(costs, how, following)


def segments_of(keys: list[bytes]) -> list[tuple[int, int, int, Typed]]:
    """Each INPUT segment of one script: (ROM cycles, the re-creation's value parts, its count of
    values, the lines typed at it). The value parts are the stored numbers' own (701's part less
    the typed lines)."""
    from life2_retro.reference.life2_rom import rom_program

    RECORDED.clear()
    program = PROGRAMS["life2"].make("ms1978", FAITHFUL)
    meter = count_cycles(program, by_segment=True)
    ours = run_in_memory(program.run(), keys)
    meter.total(ours.stop)
    recorded = list(RECORDED)
    rom = rom_program("ms1978", FAITHFUL, None)
    theirs = run_in_memory(rom.run(), keys)
    if theirs.output != ours.output:
        raise SystemExit(f"the two sides' transcripts differ on {keys!r}")
    machine = rom.meter.by_line.get(701, [])
    return [(spent, parts, 2, typed) for spent, (parts, typed) in zip(machine, recorded, strict=False)]


def held_cycles(steps: Counter[str]) -> int:
    """What the output Ctrl-O held back within the INPUT saved: the printer counts it in a run
    (programs/life2/cycles.py), the walk here."""
    return (
        -(OUTDO_PRINTING - OUTDO_HELD) * steps["held_printing"]
        - (OUTDO_CONTROL - OUTDO_HELD) * steps["held_control"]
    )


def fit(rows: Sequence[tuple[int, int, int, Typed]]) -> tuple[dict[str, float], float]:
    import numpy as np

    names = ["base", *m6502_input.STEPS]
    matrix = []
    target = []
    for spent, parts, count, typed in rows:
        steps, counted = m6502_input.input_steps(typed, count)
        matrix.append([1.0] + [float(steps[name]) for name in m6502_input.STEPS])
        target.append(spent - parts - counted - held_cycles(steps))
    a, b = np.array(matrix), np.array(target, dtype=float)
    used = a.any(axis=0)
    solution, *_ = np.linalg.lstsq(a[:, used], b, rcond=None)
    prices = dict.fromkeys(names, 0.0)
    for name, value in zip([n for n, u in zip(names, used, strict=True) if u], solution, strict=True):
        prices[name] = float(value)
    base = prices.pop("base")
    return prices, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scripts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--write", action="store_true", help="write the prices into the package")
    parser.add_argument("--show", type=int, default=0, help="the SHOW worst segments")
    args = parser.parse_args()
    cycle_parts.PARTS[701] = _recording
    for step in m6502_input.STEPS:
        m6502_input.PRICES.setdefault(step, 0)
    rows: list[tuple[int, int, int, Typed]] = []
    for keys in HAND_MADE:
        rows += segments_of(keys)
    for index in range(args.scripts):
        rows += segments_of(hostile_script(args.seed, index))
    prices, base = fit(rows)
    print(f"{len(rows)} INPUT segments; base {base:.1f}")
    for name, value in prices.items():
        print(f"  {name:16} {value:10.1f}")
    m6502_input.PRICES.clear()
    m6502_input.PRICES.update(
        {name: round(value) for name, value in prices.items() if name not in m6502_input.HELD}
    )
    m6502_input._one_line.cache_clear()
    errors = []
    worst: tuple[float, Typed] = (0.0, [])
    for spent, parts, count, typed in rows:
        error = round(base) + parts + m6502_input.typed_cycles(typed, count) - spent
        error += held_cycles(m6502_input.input_steps(typed, count)[0])
        errors.append(abs(error))
        if abs(error) > abs(worst[0]):
            worst = (error, typed)

    def error_of(row: tuple[int, int, int, Typed]) -> int:
        spent, parts, count, typed = row
        held = held_cycles(m6502_input.input_steps(typed, count)[0])
        return round(base) + parts + m6502_input.typed_cycles(typed, count) + held - spent

    for row in sorted(rows, key=lambda row: -abs(error_of(row)))[: args.show]:
        spent, _, count, typed = row
        steps, _ = m6502_input.input_steps(typed, count)
        error = error_of(row)
        print(f"  {error:+7.0f} {spent:8} {typed!r} {dict(steps)}")
    print(f"rounded: worst {worst[0]:+.0f} on {worst[1]!r}, mean |error| {sum(errors) / len(errors):.1f}")
    if args.write:
        write(m6502_input.PRICES, round(base))


def write(prices: dict[str, int], base: int) -> None:
    """The prices into m6502_input.PRICES, the base into cycle_parts.INPUT_BASE."""
    import re

    root = Path(__file__).resolve().parent.parent / "life2_retro"
    module = root / "basic" / "m6502_input.py"
    lines = "".join(f'    "{name}": {value},\n' for name, value in prices.items())
    text = re.sub(
        r"(# measured: begin[^\n]*\n).*?(    # measured: end)",
        lambda match: match.group(1) + lines + match.group(2),
        module.read_text(encoding="utf-8"),
        flags=re.S,
    )
    module.write_text(text, encoding="utf-8")
    parts = root / "programs" / "life2" / "cycle_parts.py"
    text = re.sub(r"INPUT_BASE = -?\d+", f"INPUT_BASE = {base}", parts.read_text(encoding="utf-8"))
    parts.write_text(text, encoding="utf-8")
    print(f"written: {module.name}, {parts.name}")


if __name__ == "__main__":
    main()
