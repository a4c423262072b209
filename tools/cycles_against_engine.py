"""The re-creation's cycle meter beside the 6502 engine's own count, over many scripts.

`life2 run --cycles` prices each segment from the measured figures; the 6502 engine (Microsoft's
1977 BASIC on the emulated 6502) counts its cycles. This plays seeded scripts on both and prints
the distribution of the meter's error on the whole run: the worst, the median and the mean of
|error|, and the scripts past the goal (0.1% on hostile scripts, 0.01% on legal games).

    python tools/cycles_against_engine.py --hostile 1000 --legal 300 [--seed 1] [--jobs 2]

Needs the ROM (../shared/reference/ or $LIFE2_ROM).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from life2_retro.programs import PROGRAMS  # noqa: E402
from life2_retro.programs.life2.bugs import BUG_NAMES  # noqa: E402
from life2_retro.programs.life2.cycles import count_cycles  # noqa: E402
from life2_retro.programs.life2.scripts import hostile_script, legal_game  # noqa: E402
from life2_retro.session import run_in_memory  # noqa: E402

FAITHFUL = frozenset(BUG_NAMES)
GOALS = {"hostile": 0.001, "legal": 0.0001}


def error_of(keys: list[bytes]) -> tuple[int, int]:
    """(the meter's total, the engine's) for one script."""
    from life2_retro.reference.life2_rom import rom_program

    program = PROGRAMS["life2"].make("ms1978", FAITHFUL)
    meter = count_cycles(program)
    ours = run_in_memory(program.run(), keys)
    rom = rom_program("ms1978", FAITHFUL, None)
    theirs = run_in_memory(rom.run(), keys)
    return meter.total(ours.stop), rom.meter.total(theirs.stop)


def _one(job: tuple[str, int, int]) -> tuple[str, int, int, int]:
    kind, seed, index = job
    keys = hostile_script(seed, index) if kind == "hostile" else legal_game(seed, index)
    mine, machine = error_of(keys)
    return kind, index, mine, machine


def report(kind: str, results: list[tuple[int, int, int]], seed: int) -> None:
    errors = [(mine - machine) / machine for _, mine, machine in results]
    magnitudes = sorted(abs(error) for error in errors)
    worst = max(range(len(errors)), key=lambda n: abs(errors[n]))
    past = [index for (index, _, _), error in zip(results, errors, strict=True) if abs(error) > GOALS[kind]]
    median, mean = statistics.median(magnitudes), statistics.fmean(magnitudes)
    print(
        f"{kind} scripts (seed {seed}): {len(results)}; worst {errors[worst]:+.4%} "
        f"(script {results[worst][0]}), median |error| {median:.4%}, mean |error| {mean:.4%}; "
        f"past {GOALS[kind]:.2%}: {len(past)}" + (f" (scripts {past[:20]})" if past else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hostile", type=int, default=1000, help="generated hostile scripts")
    parser.add_argument("--legal", type=int, default=300, help="generated legal games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [("hostile", args.seed, n) for n in range(args.hostile)] + [
        ("legal", args.seed, n) for n in range(args.legal)
    ]
    results: dict[str, list[tuple[int, int, int]]] = {"hostile": [], "legal": []}
    with ProcessPoolExecutor(args.jobs) as pool:
        for kind, index, mine, machine in pool.map(_one, jobs, chunksize=8):
            results[kind].append((index, mine, machine))
    for kind, found in results.items():
        if found:
            report(kind, found, args.seed)


if __name__ == "__main__":
    main()
