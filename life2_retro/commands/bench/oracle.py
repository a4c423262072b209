"""`life2 bench`: life2 against the original program on the same generated scripts, side by side.

Machines are noisy, so every figure is a ratio of two timings taken in the
same run, interleaved script by script. The oracle is timed as it is
installed, wall and CPU time; the oracle as the tests run it (with the
speed-ups of reference/pcbasic_speed.py) is timed beside it. The program's
reference adapter may add a report of its own (LIFE2: one generation).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from ...reference.oracle import OracleUnusable
from ...session import run_in_memory
from ..options import Mode


def _per_run(mode: Mode, responses: Sequence[bytes], repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        run_in_memory(mode.make().run(), responses)
    return (time.perf_counter() - started) / repeat


def bench(mode: Mode, reference_path: str | None, scripts: int, seed: int, generations: int) -> int:
    from ..compare import prepare

    try:
        prepared = prepare("bench", mode, reference_path)
    except OracleUnusable as exc:
        print(f"life2 bench: {exc}", file=sys.stderr)
        return 2
    adapter = mode.entry.reference_adapter()
    timed = adapter.timed
    adapter.run(prepared, [], as_installed=True)  # warm the oracle up before anything is timed
    print(f"life2 bench: {scripts} generated scripts (seed {seed}), {mode.label}, {mode.runtime}")
    oracle_wall = oracle_cpu = quick_wall = ours = 0.0
    lines = 0
    for index in range(scripts):
        responses = mode.entry.script(seed, index)
        timing = timed(lambda responses=responses: adapter.run(prepared, responses, as_installed=True))
        oracle_wall += timing.wall
        oracle_cpu += timing.cpu
        quick_wall += timed(lambda responses=responses: adapter.run(prepared, responses)).wall
        ours += _per_run(mode, responses, repeat=10)
        lines += len(run_in_memory(mode.make().run(), responses).trace)
    per = 1000 / scripts
    label = adapter.LABEL
    report = [
        f"  {lines} lines executed in all, {lines / scripts:.0f} per script",
        f"  {adapter.ORACLE + ':':15} {oracle_wall * per:9.1f} ms/script wall, "
        f"{oracle_cpu * per:9.1f} ms CPU",
        f"  {'the oracle:':15} {quick_wall * per:9.1f} ms/script wall ({label} with the tests' speed-ups)",
        f"  {'life2:':15} {ours * per:9.3f} ms/script",
        f"  life2 is {oracle_wall / ours:,.0f}x faster than {label} (wall), {oracle_cpu / ours:,.0f}x (CPU); "
        "goal 100x",
        f"  life2 runs {lines / ours:,.0f} lines/s; {label} {lines / oracle_wall:,.0f} (wall)",
        f"  the speed-ups make the oracle {oracle_wall / quick_wall:.2f}x faster than {label} as installed",
    ]
    print("\n".join(report))
    for line in adapter.generation_report(prepared, mode.runtime, mode.bugs, generations):
        print(line)
    return 0
