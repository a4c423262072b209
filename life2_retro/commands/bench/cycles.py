"""`life2 bench --cycles`: what pricing a run in 6502 cycles costs, a run with --cycles against one without.

Both are `life2 run`'s work in process (the program driven to a transcript kept
in memory), on the same scripts, timed interleaved script by script and round
by round, so the machine's noise falls on both alike; each script's figure is
its fastest round, in the process's CPU time (a shared machine's other work
does not count). The scripts are the worked examples measured on the 1977 ROM
and generated ones (moves, squares taken, words, fractions, long lines). Timed
beside them: a meter doing nothing, the floor of any meter the machine calls
for every segment; and the meter that charges every segment as it ends (the
oracle the board passes priced whole are tested by, and what --cycles cost
before them). Last, the whole command as a user runs it, Python's start
included, on the longest worked example, in the CPU time of the child process:
the median of pairs run one after the other.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ...programs import Script
from ...programs.life2.program import Life2Program
from ...session import drive
from ...terminals.transcript import ScriptedTerminal
from ..options import Mode

ROUNDS = 5
WHOLE_PAIRS = 21
"""Runs of the whole command each way: its ratio is the median of as many pairs."""


class _Nothing:
    """A meter that is told every segment and does nothing with it."""

    def segment(self, line: int, how: int) -> None:
        pass

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        pass


def _run(mode: Mode, script: Script, meter: str) -> float:
    program = mode.make(script.seed)
    counter = None
    if meter in ("cycles", "by segment"):
        counter = mode.entry.count_cycles(program, mode.runtime, by_segment=meter == "by segment")
    elif meter == "nothing":
        assert isinstance(program, Life2Program)  # bench checked: only LIFE2 has cycle figures
        program.m.count_segments(_Nothing())
    terminal = ScriptedTerminal(list(script.lines))
    started = time.process_time()
    stop = drive(program.run(), terminal)
    if counter is not None:
        counter.total(stop)
    return time.process_time() - started


def _scripts(mode: Mode, count: int, seed: int) -> list[tuple[str, Script]]:
    examples = [("example", Script([r.encode() for r in game["responses"]])) for game in measured_games()]
    return examples + [("generated", mode.entry.script(seed, index)) for index in range(count)]


def bench(mode: Mode, scripts: int, seed: int) -> int:
    mode.entry.check_cycles(mode.runtime)
    chosen = _scripts(mode, scripts, seed)
    kinds = ("without", "nothing", "cycles", "by segment")
    best: dict[str, list[float]] = {kind: [float("inf")] * len(chosen) for kind in kinds}
    for round_ in range(ROUNDS):
        for n, (_, script) in enumerate(chosen):
            order = kinds if (n + round_) % 2 else kinds[::-1]
            for kind in order:
                best[kind][n] = min(best[kind][n], _run(mode, script, kind))
    print(
        f"life2 bench --cycles: {len(chosen)} scripts ({len(chosen) - scripts} worked examples, {scripts} "
        f"generated, seed {seed}), {mode.entry.name}, {mode.label}, {mode.runtime}; the best of {ROUNDS} "
        "interleaved rounds each, in CPU time"
    )
    print(f"  {'':22}{'ms/script':>10}{'ratio':>8}")
    total = {kind: sum(times) for kind, times in best.items()}
    per = 1000 / len(chosen)
    labels = {
        "without": "without --cycles",
        "nothing": "a meter doing nothing",
        "cycles": "with --cycles",
        "by segment": "segment by segment",
    }
    for kind in kinds:
        print(f"  {labels[kind]:22}{total[kind] * per:>10.3f}{total[kind] / total['without']:>8.3f}")
    for group in ("example", "generated"):
        picked = [n for n, (name, _) in enumerate(chosen) if name == group]
        if picked:
            ratio = _ratio(best, picked)
            print(f"  {group + ' scripts:':22}{'':10}{ratio:>8.3f}")
    overhead = total["cycles"] / total["without"] - 1
    print(f"  --cycles costs {100 * overhead:.1f}% of a run's work (the goal: under 10%)")
    longest = max(measured_games(), key=lambda game: game["segment_cycles"])
    plain, metered, ratio = _whole_command(longest["responses"])
    print(
        f"  the whole `life2 run` on the longest worked example, Python's start included, the median of "
        f"{WHOLE_PAIRS} pairs: {plain * 1000:.0f} ms without, {metered * 1000:.0f} ms with, {ratio:.3f} "
        "(the goal: under 1.05)"
    )
    return 0


def measured_games() -> list[dict[str, Any]]:
    from ...programs.life2.cycles import measured

    games: list[dict[str, Any]] = measured()["games"]
    return games


def _whole_command(responses: list[str]) -> tuple[float, float, float]:
    """`python -m life2_retro run` each way, in WHOLE_PAIRS pairs run one after the other (which goes
    first alternating), in the child's CPU time (user and system): the median time each way, and the
    median of the pairs' ratios. A command of a tenth of a second is at the mercy of the machine's
    other work: the best of a few runs each way swung by 2% from one call to the next."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "moves.txt"
        script.write_text("\n".join(responses) + "\n", encoding="ascii")
        command = [sys.executable, "-m", "life2_retro", "run", "--input", str(script)]
        times: dict[bool, list[float]] = {False: [], True: []}
        for pair in range(WHOLE_PAIRS):
            for cycles in (False, True) if pair % 2 else (True, False):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run(command + ["--cycles"] * cycles, capture_output=True, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                times[cycles].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    ratios = [metered / plain for plain, metered in zip(times[False], times[True], strict=True)]
    return statistics.median(times[False]), statistics.median(times[True]), statistics.median(ratios)


def _ratio(best: dict[str, list[float]], picked: list[int]) -> float:
    def total(kind: str) -> float:
        return sum(best[kind][n] for n in picked)

    return total("cycles") / total("without")
