"""`life2 bench`: life2 against PC-BASIC running the listing, measured side by side.

Machines are noisy, so every figure is a ratio of two timings taken in the
same run, interleaved script by script. PC-BASIC is timed as it is installed;
both its wall time and its CPU time are reported, since on Linux its event
cycle sleeps (see reference/pcbasic_speed.py). The oracle as the tests run
it, with those speed-ups, is timed beside it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .basic.dialects import Dialect
from .compare import OracleUnusable, mode_label, oracle_keys, oracle_program_for
from .programs.life2 import Life2Program
from .reference.pcbasic_oracle import run_program
from .scriptgen import script
from .session import run_in_memory

# A still life with both colours (found with life2's own engine): every
# generation does the same work, so per-generation times can be compared.
BENCH_BOARD = (
    ".##*.",
    "*.#.#",
    "*...#",
    "*.#.#",
    ".*##.",
)
_CODES = {".": 0, "*": 100, "#": 1000}


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float


def _timed(action: Callable[[], object]) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def _life2_per_run(responses: Sequence[bytes], dialect: Dialect, bugs: frozenset[str], repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        run_in_memory(Life2Program(dialect, bugs).run(), responses)
    return (time.perf_counter() - started) / repeat


def _run_until(program: Life2Program, start: int, stop: int) -> None:
    for event in program.run_from(start):
        if event == stop:
            return


def life2_generation_seconds(dialect: Dialect, bugs: frozenset[str], generations: int) -> float:
    """One generation: line 560 (PRINT, GOSUB 50: the neighbour pass and the board print) up to 570."""
    program = Life2Program(dialect, bugs)
    _run_until(program, 2, 500)  # the tables are READ on the way
    program.set_board([[_CODES[mark] for mark in text] for text in BENCH_BOARD])
    started = time.perf_counter()
    for _ in range(generations):
        _run_until(program, 560, 570)
    return (time.perf_counter() - started) / generations


def _pcbasic_generations_program(base: bytes, generations: int) -> bytes:
    """The listing with our own lines: load the bench board, then PRINT: GOSUB 50 that many times."""
    data = ",".join(str(_CODES[mark]) for text in BENCH_BOARD for mark in text)
    ours = (
        b"20 GOTO 9000\n"
        b"9000 FOR J=1 TO 5: FOR K=1 TO 5: READ N(J,K): NEXT K: NEXT J\n"
        + f"9010 FOR G=1 TO {generations}: PRINT: GOSUB 50: NEXT G\n".encode()
        + b"9020 END\n"
        + f"9100 DATA {data}\n".encode()
    )
    return base + ours


def pcbasic_generation_seconds(base: bytes, generations: int) -> Timing:
    """The same generations in PC-BASIC, less the cost of starting and loading the board."""
    empty = _timed(lambda: run_program(_pcbasic_generations_program(base, 0), [], quick=False))
    full = _timed(lambda: run_program(_pcbasic_generations_program(base, generations), [], quick=False))
    return Timing((full.wall - empty.wall) / generations, (full.cpu - empty.cpu) / generations)


def bench_command(args: argparse.Namespace, dialect: Dialect, bugs: frozenset[str]) -> int:
    try:
        program = oracle_program_for("bench", args.listing, dialect, bugs)
    except OracleUnusable as exc:
        print(f"life2 bench: {exc}", file=sys.stderr)
        return 2
    run_program(program, [])  # warm PC-BASIC up before anything is timed
    mode = f"{mode_label(bugs)}, {dialect.rules.name}"
    print(f"life2 bench: {args.scripts} generated scripts (seed {args.seed}), {mode}")
    oracle_wall = oracle_cpu = quick_wall = ours = 0.0
    lines = 0
    for index in range(args.scripts):
        responses = script(args.seed, index)
        keys = oracle_keys(responses)
        timing = _timed(lambda keys=keys: run_program(program, keys, quick=False))
        oracle_wall += timing.wall
        oracle_cpu += timing.cpu
        quick_wall += _timed(lambda keys=keys: run_program(program, keys)).wall
        ours += _life2_per_run(responses, dialect, bugs, repeat=10)
        lines += len(run_in_memory(Life2Program(dialect, bugs).run(), responses).trace)
    per = 1000 / args.scripts
    print(f"  {lines} BASIC lines executed in all, {lines / args.scripts:.0f} per script")
    print(f"  PC-BASIC 2.0.8: {oracle_wall * per:9.1f} ms/script wall, {oracle_cpu * per:9.1f} ms CPU")
    print(f"  the oracle:     {quick_wall * per:9.1f} ms/script wall (PC-BASIC with the tests' speed-ups)")
    print(f"  life2:          {ours * per:9.3f} ms/script")
    wall_ratio, cpu_ratio = oracle_wall / ours, oracle_cpu / ours
    print(f"  life2 is {wall_ratio:,.0f}x faster than PC-BASIC (wall), {cpu_ratio:,.0f}x (CPU); goal 100x")
    print(f"  life2 runs {lines / ours:,.0f} BASIC lines/s; PC-BASIC {lines / oracle_wall:,.0f} (wall)")
    print(
        f"  the speed-ups make the oracle {oracle_wall / quick_wall:.2f}x faster than PC-BASIC as installed"
    )

    theirs = pcbasic_generation_seconds(program, args.generations)
    mine = life2_generation_seconds(dialect, bugs, 200)
    print("generation: neighbour pass + board print (lines 560-126), a 14-piece still life")
    print(f"  PC-BASIC: {theirs.wall * 1e6:11,.0f} us/generation wall, {theirs.cpu * 1e6:,.0f} us CPU")
    print(f"  life2:    {mine * 1e6:11,.1f} us/generation")
    print(f"  ratio: {theirs.wall / mine:,.0f}x (wall), {theirs.cpu / mine:,.0f}x (CPU)")
    return 0
