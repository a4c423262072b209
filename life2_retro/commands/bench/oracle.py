"""`life2 bench`: life2 against the original program on the same generated scripts, side by side.

Machines are noisy, so every figure is a ratio of two timings taken in the
same run, interleaved script by script, in wall time and in CPU time (which
another process on the machine does not change; the original's includes the
processes it starts). The original is timed as it is installed. Where the
reference adapter has speed-ups for the tests (PC-BASIC's,
reference/pcbasic_speed.py), the oracle with them is timed beside it. The
adapter may add a report of its own (LIFE2: one generation).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from ...programs import Script
from ...reference import adapter_of
from ...reference.oracle import OracleUnusable
from ...session import run_in_memory
from ..options import Mode
from .machine import describe


def _per_run(mode: Mode, script: Script, repeat: int) -> tuple[float, float]:
    """Wall and CPU seconds of one run of life2 (in this process, which starts none)."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        run_in_memory(mode.make(script.seed).run(), script.lines)
    return (time.perf_counter() - wall) / repeat, (time.process_time() - cpu) / repeat


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of one call (the CPU of child processes included)."""
    import os

    wall, start = time.perf_counter(), os.times()
    action()
    end = os.times()
    cpu = (end.user + end.system + end.children_user + end.children_system) - (
        start.user + start.system + start.children_user + start.children_system
    )
    return time.perf_counter() - wall, cpu


def bench(mode: Mode, reference_path: str | None, scripts: int, seed: int, generations: int) -> int:
    from ..compare import prepare

    try:
        prepared = prepare("bench", mode, reference_path)
    except OracleUnusable as exc:
        print(f"life2 bench: {exc}", file=sys.stderr)
        return 2
    adapter = adapter_of(mode.entry.name)
    sped_up = getattr(adapter, "SPED_UP", False)
    label = adapter.LABEL
    adapter.run(prepared, Script([], 1), as_installed=True)  # warm the oracle up before anything is timed
    print(
        f"life2 bench: {scripts} generated scripts (seed {seed}), "
        f"{mode.entry.name}, {mode.label}, {mode.runtime}"
    )
    print(f"  on {describe()}")
    oracle_wall = oracle_cpu = quick_wall = ours = ours_cpu = 0.0
    lines = 0
    for index in range(scripts):
        script = mode.entry.script(seed, index)
        wall, cpu = _timed(partial(adapter.run, prepared, script, as_installed=True))
        oracle_wall += wall
        oracle_cpu += cpu
        if sped_up:
            quick_wall += _timed(partial(adapter.run, prepared, script))[0]
        wall, cpu = _per_run(mode, script, repeat=10 if sped_up else 2)
        ours += wall
        ours_cpu += cpu
        lines += len(run_in_memory(mode.make(script.seed).run(), script.lines).trace)
    per = 1000 / scripts
    report = [
        f"  {lines} lines executed in all, {lines / scripts:.0f} per script",
        f"  {adapter.ORACLE + ':':15} {oracle_wall * per:9.1f} ms/script wall, "
        f"{oracle_cpu * per:9.1f} ms CPU",
    ]
    if sped_up:
        report.append(
            f"  {'the oracle:':15} {quick_wall * per:9.1f} ms/script wall ({label} with the tests' speed-ups)"
        )
    report += [
        f"  {'life2:':15} {ours * per:9.3f} ms/script wall, {ours_cpu * per:9.3f} ms CPU",
        f"  life2 is {oracle_wall / ours:,.2f}x as fast as {label} (wall), "
        f"{oracle_cpu / ours_cpu:,.2f}x (CPU)",
        f"  life2 runs {lines / ours:,.0f} lines/s; {label} {lines / oracle_wall:,.0f} (wall)",
    ]
    if sped_up:
        report.append(
            f"  the speed-ups make the oracle {oracle_wall / quick_wall:.2f}x faster than {label} "
            "as installed"
        )
    print("\n".join(report))
    extra = getattr(adapter, "extra_report", None)
    if extra is not None:
        print("\n".join(extra(prepared, mode.runtime, mode.bugs, generations)))
    return 0
