"""`life2 compare`: the same typed responses through the original program and through life2.

The program's reference adapter (the registry names it) runs the original:
for LIFE2, PC-BASIC runs the 1978 listing with our patch lines merged over it
for every bug switched off. life2 runs the same mode. Both transcripts and both
traces must be identical, byte for byte and line for line.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType

from ..events import Stop
from ..programs import Script
from ..reference.oracle import OracleRun, OracleUnusable
from ..session import GameRun, run_in_memory
from .options import Mode, add_mode_options, add_reference_option, mode_from, positive_int

SUMMARY = "run scripts through the original (PC-BASIC running the listing, or the C build) and life2"
CUT_SHORT = (Stop.RUNAWAY, Stop.UNREPRODUCIBLE)
"""Where life2 stops a run that the original would go on with for ever, or crash in: there its
output must be a beginning of the original's."""


@dataclass(frozen=True)
class Mismatch:
    """Where two runs first part ways."""

    what: str  # "transcript" or "trace"
    position: int
    detail: str


def first_byte_difference(ours: bytes, theirs: bytes, label: str = "PC-BASIC") -> Mismatch | None:
    if ours == theirs:
        return None
    shared = min(len(ours), len(theirs))
    at = next((i for i in range(shared) if ours[i] != theirs[i]), shared)
    line = ours.count(b"\n", 0, at) + 1
    column = at - (ours.rfind(b"\n", 0, at) + 1) + 1
    detail = (
        f"byte {at} (line {line}, column {column})\n"
        f"    {'life2:':9} {ours[max(0, at - 40) : at + 40]!r}\n"
        f"    {label + ':':9} {theirs[max(0, at - 40) : at + 40]!r}"
    )
    return Mismatch("transcript", at, detail)


def first_trace_difference(
    ours: Sequence[int], theirs: Sequence[int], label: str = "PC-BASIC"
) -> Mismatch | None:
    if tuple(ours) == tuple(theirs):
        return None
    shared = min(len(ours), len(theirs))
    at = next((i for i in range(shared) if ours[i] != theirs[i]), shared)
    detail = (
        f"step {at} of {len(ours)} / {len(theirs)}\n"
        f"    {'life2:':9} ...{list(ours[max(0, at - 6) : at + 6])}\n"
        f"    {label + ':':9} ...{list(theirs[max(0, at - 6) : at + 6])}"
    )
    return Mismatch("trace", at, detail)


def differences(ours: GameRun, theirs: OracleRun, label: str = "PC-BASIC") -> list[Mismatch]:
    """Where the two runs part ways. Where life2 cut a run short, its output must begin the original's;
    where the original was cut short, the original's must begin life2's."""
    output, their_output = ours.output, theirs.output
    cut_short = ours.stop in CUT_SHORT
    if not theirs.complete:  # only its beginning is known: that is what must agree
        shared = min(len(output), len(their_output))
        output, their_output = output[:shared], their_output[:shared]
    found = [first_byte_difference(output, their_output, label)]
    if not cut_short and not theirs.complete and len(ours.output) < len(theirs.output):
        detail = f"the original was still going when life2 ended ({ours.stop.value}, byte {len(ours.output)})"
        found.append(Mismatch("ending", len(ours.output), detail))
    if theirs.trace is not None:
        found.append(first_trace_difference(ours.trace, theirs.trace, label))
    return [mismatch for mismatch in found if mismatch is not None]


# -- running many scripts ------------------------------------------------------------------------


def oracle_runs(
    adapter: ModuleType, prepared: object, batch: Sequence[Script], jobs: int
) -> Iterable[OracleRun]:
    """The original on every script, spread over `jobs` processes, in order."""
    from concurrent.futures import ProcessPoolExecutor

    run = functools.partial(adapter.run, prepared)
    if jobs <= 1:
        yield from map(run, batch)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(run, batch, chunksize=4)


@dataclass(frozen=True)
class CompareResult:
    total: int
    identical: int
    failures: list[tuple[int, list[Mismatch]]]
    seconds: float


def compare_scripts(mode: Mode, prepared: object, batch: Sequence[Script], jobs: int) -> CompareResult:
    started = time.perf_counter()
    failures: list[tuple[int, list[Mismatch]]] = []
    adapter = mode.entry.reference_adapter()
    theirs_all = oracle_runs(adapter, prepared, batch, jobs)
    for index, (script, theirs) in enumerate(zip(batch, theirs_all, strict=True)):
        found = differences(run_in_memory(mode.make(script.seed).run(), script.lines), theirs, adapter.LABEL)
        if found:
            failures.append((index, found))
    return CompareResult(len(batch), len(batch) - len(failures), failures, time.perf_counter() - started)


def prepare(command: str, mode: Mode, reference_path: str | None) -> object:
    """What the mode's oracle runs; OracleUnusable, with the message for the user, if it cannot."""
    if mode.entry.reference is None:
        raise OracleUnusable(
            f"{mode.entry.name} is our own program: there is no original to run beside it, so {command} "
            f"has nothing to measure it against. Its tests check it against its rules instead."
        )
    return mode.entry.reference_adapter().prepare(command, reference_path, mode.runtime, mode.bugs)


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", metavar="FILE", help="one script: one typed response per line")
    source.add_argument("--generate", type=positive_int, metavar="N", help="N generated scripts")
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the generated scripts (default 1); with --input, what a C program's time() returns",
    )
    add_reference_option(parser)
    parser.add_argument("--show", type=positive_int, default=5, metavar="K", help="report at most K scripts")
    parser.add_argument(
        "--jobs", type=positive_int, metavar="J", help="runs of the original at once (default: one per core)"
    )
    add_mode_options(parser, for_oracle=True)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..terminals.transcript import read_responses

    mode = mode_from(args, parser, for_oracle=True)
    try:
        prepared = prepare("compare", mode, args.listing)
    except OracleUnusable as exc:
        print(f"life2 compare: {exc}", file=sys.stderr)
        return 2
    try:
        if args.input:
            batch = [Script(read_responses(args.input), args.seed)]
        else:
            batch = [mode.entry.script(args.seed, index) for index in range(args.generate)]
        jobs = args.jobs or os.cpu_count() or 1  # with its idle yields skipped, PC-BASIC is busy, not idle
        result = compare_scripts(mode, prepared, batch, min(jobs, len(batch)))
    except OSError as exc:
        print(f"life2 compare: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    for index, found in result.failures[: args.show]:
        name = args.input if args.input else f"script {index} of seed {args.seed}"
        print(f"{name}: differs")
        for mismatch in found:
            print(f"  {mismatch.what} differs at {mismatch.detail}")
    if args.input:
        if not result.failures:
            print("identical")
    else:
        print(
            f"{result.identical} of {result.total} identical ({mode.label}, {mode.runtime}, "
            f"seed {args.seed}, {result.seconds:.0f} s)"
        )
    return 0 if not result.failures else 1
