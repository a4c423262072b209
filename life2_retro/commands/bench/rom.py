"""`life2 bench --dialect ms1978`: the 1977 interpreter beside the re-creation on the same scripts.

The 6502 engine's speed is its emulated cycles per CPU-second: how many of the 1977 machine's
cycles (1 MHz: a million a second) it runs in a second of this CPU. The re-creation's rate is given
the same way, as the machine's cycles of each game over the re-creation's own CPU time for it: the
two are then a ratio taken side by side (each the best of three runs, in CPU time, which other work
on the machine does not change). The rate of the py65 core (the engine where no C compiler
is found) is measured on the first script alone: it takes seconds a game.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from ...programs import Program, ProgramUnavailable, Script
from ...session import run_in_memory
from ..options import Mode
from .machine import describe

PY65_SCRIPTS = 1


Maker = Callable[[int | None], Program]


def _cpu_seconds(make: Maker, script: Script, repeat: int) -> float:
    """CPU seconds of one run of `script` on what `make` makes (the best of `repeat`)."""
    spent = []
    for _ in range(repeat):
        program = make(script.seed)
        start = time.process_time()
        run_in_memory(program.run(), script.lines)
        spent.append(time.process_time() - start)
    return min(spent)


def bench(mode: Mode, scripts: int, seed: int, rom_path: str | None, listing_path: str | None) -> int:
    from ...reference.life2_rom import rom_program

    def engine(seed: int | None) -> Program:
        return rom_program(mode.runtime, mode.bugs, rom_path, "auto", listing_path)

    try:
        rom_program(mode.runtime, mode.bugs, rom_path, "auto", listing_path)  # loaded before timing
    except ProgramUnavailable as exc:
        print(f"life2 bench: {exc}", file=sys.stderr)
        return 2
    print(
        f"life2 bench: {scripts} generated scripts (seed {seed}), life2 {mode.label}, ms1978, "
        "beside the 1977 BASIC"
    )
    print(f"  on {describe()}")
    cycles = engine_cpu = ours_cpu = 0.0
    for index in range(scripts):
        script = mode.entry.script(seed, index, hostile=True)
        program = rom_program(mode.runtime, mode.bugs, rom_path, "auto", listing_path)
        run_in_memory(program.run(), script.lines)
        cycles += program.machine_cycles
        engine_cpu += _cpu_seconds(engine, script, 3)
        ours_cpu += _cpu_seconds(mode.make, script, 3)
    report = [
        f"  {cycles / scripts:,.0f} cycles of the 1977 machine a script ({cycles / scripts / 1e6:.1f} s at "
        "1 MHz)",
        f"  {'6502 engine:':22} {cycles / engine_cpu:14,.0f} emulated cycles per CPU-second "
        f"({engine_cpu / scripts * 1e3:.2f} ms CPU a script; our C core)",
        f"  {'life2 (re-creation):':22} {cycles / ours_cpu:14,.0f} cycles' worth per CPU-second "
        f"({ours_cpu / scripts * 1e3:.2f} ms CPU a script)",
        f"  the re-creation is {engine_cpu / ours_cpu:,.2f}x as fast as the engine (CPU); "
        f"the engine runs {cycles / engine_cpu / 1e6:,.0f}x the 1977 machine's 1 MHz",
    ]
    try:
        script = mode.entry.script(seed, 0, hostile=True)
        program = rom_program(mode.runtime, mode.bugs, rom_path, "py65", listing_path)
        start = time.process_time()
        run_in_memory(program.run(), script.lines)
        spent = time.process_time() - start
        report.append(
            f"  {'6502 engine on py65:':22} {program.machine_cycles / spent:14,.0f} emulated cycles per "
            f"CPU-second (script 0 alone)"
        )
    except ProgramUnavailable as exc:
        report.append(f"  (py65 not timed: {exc})")
    print("\n".join(report))
    return 0
