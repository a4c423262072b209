"""Measure LIFE2's segment bases on the 6502 engine (cycles.json), segment by segment.

tools/fit_cycles.py derived the bases from a table of 60 games' segments (counts, means, extremes):
what the reference data held before the ROM itself could run here. With the 6502 engine (Microsoft's
1977 BASIC on the emulated 6502, osi/) every segment of every game can be measured, so each class's
base is measured directly: the games are played on both sides, the segments lined up one for one
(the half-written CURLIN values put into the segment before them, where the meter charges them),
and a class's base is the mean of its segments' measured cycles less the cycles m6502.py counts
for their numbers. It prints, for each class whose measured segments spread beyond what the counts
explain, the spread; and writes cycles.json and cycle_tables.py with --write.

    python tools/fit_cycles_on_engine.py [--games 200] [--scripts 200] [--seed 1] [--write]

The INPUT line (701) is measured step by step instead (tools/fit_input_cycles.py). Needs the ROM.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fit_cycles import FIGURES, TABLE, Recording  # noqa: E402

from life2_retro.basic.cycles import CycleMeter  # noqa: E402
from life2_retro.events import Stop  # noqa: E402
from life2_retro.programs.life2.bugs import BUG_NAMES  # noqa: E402
from life2_retro.programs.life2.cycles import key_text, read_figures  # noqa: E402
from life2_retro.programs.life2.program import Life2Program  # noqa: E402
from life2_retro.programs.life2.scripts import legal_game, script  # noqa: E402
from life2_retro.session import run_in_memory  # noqa: E402

LINES = set(Life2Program().lines)
"""The listing's lines; CURLIN's other values are half written."""


def segments(keys: list[bytes]) -> list[tuple[tuple, int, int]] | None:
    """Each segment of one script: (its class, the cycles counted for its numbers, the ROM's cycles);
    None when the two sides' segments do not line up."""
    from life2_retro.reference.life2_rom import rom_program

    program = Life2Program()
    recording = Recording(program)
    recording.meter = CycleMeter(recording)
    program.m.count_segments(recording)
    stop = run_in_memory(program.run(), keys).stop
    if stop is not Stop.INPUT_ENDED:
        recording.meter.total(stop)
    rom = rom_program("ms1978", frozenset(BUG_NAMES), None)
    run_in_memory(rom.run(), keys)
    merged: list[tuple[int, int]] = []
    for line, cycles in rom.meter.in_order:
        if line not in LINES and merged:
            merged[-1] = (merged[-1][0], merged[-1][1] + cycles)
        else:
            merged.append((line, cycles))
    ours = recording.segments
    if len(ours) != len(merged) or any(
        key[0] != line for (key, _), (line, _) in zip(ours, merged, strict=True)
    ):
        return None
    return [(key, counted, cycles) for (key, counted), (_, cycles) in zip(ours, merged, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="legal games (scripts.legal_game)")
    parser.add_argument(
        "--scripts",
        type=int,
        default=200,
        help="generated scripts (scripts.script: words, fractions, long lines)",
    )
    parser.add_argument("--seed", type=int, default=1977)
    parser.add_argument("--write", action="store_true", help="write cycles.json and cycle_tables.py")
    args = parser.parse_args()
    scripts = [legal_game(args.seed, n) for n in range(args.games)]
    scripts += [script(args.seed, n) for n in range(args.scripts)]
    measured: dict[tuple, list[int]] = defaultdict(list)
    skipped = 0
    for keys in scripts:
        found = segments(keys)
        if found is None:
            skipped += 1
            continue
        for key, counted, cycles in found:
            measured[key].append(cycles - counted)
    figures = read_figures()
    bases = dict(figures.bases)
    print(f"{len(scripts) - skipped} scripts lined up ({skipped} not); {len(measured)} classes measured")
    for key, values in sorted(measured.items(), key=str):
        if key[0] == 701:
            continue
        base = statistics.fmean(values)
        spread = max(values) - min(values)
        old = bases.get(key)
        if spread > 2 or old is None or abs(old - base) > 20:
            was = f"{old:10.1f}" if old is not None else "       new"
            print(f"  {key_text(key):16} {len(values):6} was {was} now {base:10.1f} spread {spread}")
        bases[key] = base
    if args.write:
        write(bases, figures.input_costs)


def write(bases: dict[tuple, float], extra: dict[str, int]) -> None:
    import json

    figures = {
        "what": "LIFE2's segment classes and their base cycles on Microsoft's 6502 BASIC (OSI, 1977); "
        "a segment costs its class's base plus the cycles basic/m6502.py counts for its numbers",
        "source": "measured by tools/fit_cycles_on_engine.py on the 6502 engine (the 1977 ROM on the "
        "emulated 6502), segment by segment; classes no measured game took keep tools/fit_cycles.py's "
        "figure, derived from the table in osi6502_measured.json",
        "bases": {key_text(key): round(float(value), 1) for key, value in sorted(bases.items(), key=str)},
        "line_means": {line: t["mean_cycles"] for line, t in TABLE.items()},
        "input": extra,
    }
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n", encoding="ascii")
    from make_cycle_tables import TABLES, text

    TABLES.write_text(text(), encoding="utf-8")
    print(f"written: {FIGURES.name}, {TABLES.name}")


if __name__ == "__main__":
    main()
