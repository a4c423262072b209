"""`life2 compare`: the same typed responses through the original program and through life2.

The program's reference adapter (the registry names it) runs the original:
for LIFE2, PC-BASIC runs the 1978 listing with our patch lines merged over it
for every bug switched off. life2 runs the same mode. Both transcripts and both
traces must be identical, byte for byte and line for line.

The original can fail on a script where life2 does not: PC-BASIC 2.0.8 itself
raises a Python exception on a few inputs (`&H-10001,2` gives `struct.error`).
Such a script proves nothing either way; it is counted apart, with the reason,
and never shown as a traceback.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from ..events import Stop
from ..programs import Script
from ..reference import adapter_of, has_original
from ..reference.oracle import OracleRun, OracleUnusable
from ..session import GameRun, run_in_memory
from ..terminals.options import whole_number
from .options import Mode, add_mode_options, add_reference_option, mode_from, positive_int

SUMMARY = (
    "run scripts through the original (PC-BASIC running the listing, with --dialect gwbasic; or the C build) "
    "and life2"
)
ORIGINAL_FAILED = 3
"""The exit status when nothing differs but the original failed on some script (1: some differ)."""
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
    ours: Sequence[int | str], theirs: Sequence[int | str], label: str = "PC-BASIC"
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
    """The scripts that differ, with where."""
    seconds: float
    original_failed: list[tuple[int, str]] = field(default_factory=list)
    """The scripts the original's own software failed on, with why: neither identical nor different."""


def life2_differences(
    mode: Mode, script: Script, theirs: OracleRun, label: str, cycles: bool = False
) -> list[Mismatch]:
    """Where life2 parts from the original on one script; a crash of life2 is a difference too.
    `cycles`: the two counts of 6502 cycles in program lines must agree too (the original on the
    1977 machine, life2 priced by its cycle model)."""
    log: list[tuple[int, int]] = []
    try:
        program = mode.make(script.seed)
        meter = mode.entry.count_cycles(program, mode.runtime, log=log) if cycles else None
        ours = run_in_memory(program.run(), script.lines)
    except Exception as exc:  # noqa: BLE001 - reported as what it is, not as a traceback
        return [Mismatch("run", 0, f"life2 itself failed: {type(exc).__name__}: {exc}")]
    found = differences(ours, theirs, label)
    if meter is not None and theirs.cycles is not None:
        mine = meter.total(ours.stop)
        if mine != theirs.cycles:
            detail = (
                f"the total: life2 {mine:,}, {label} {theirs.cycles:,} "
                f"({(mine - theirs.cycles) / theirs.cycles:+.2%})"
            )
            parted = first_segment_difference(segment_cycles(log, mine), theirs.segments or (), ours.trace)
            if parted is not None:
                detail += f"\n    {parted}, {label} {parted.theirs:,}"
            found.append(Mismatch("cycles", 0, detail))
    return found


def segment_cycles(log: Sequence[tuple[int, int]], total: int) -> list[tuple[int, int]]:
    """Each segment's line and its cycles, from a meter's log (line, cycles before it) and its total."""
    ends = [cycles for _, cycles in log[1:]] + [total]
    return [(line, end - start) for (line, start), end in zip(log, ends, strict=True)]


@dataclass(frozen=True)
class SegmentParting:
    """The first segment whose cycles differ on the two sides."""

    index: int
    line: int
    ours: int
    theirs: int
    parted: int = 1
    """How many segments part in all (of `segments`, the machine's, half-written ones merged)."""
    segments: int = 0

    def __str__(self) -> str:
        return (
            f"{self.parted:,} of {self.segments:,} segments part, the first at segment {self.index} "
            f"(line {self.line}): life2 {self.ours:,}"
        )


def first_segment_difference(
    ours: Sequence[tuple[int, int]], theirs: Sequence[tuple[int, int]], trace: Sequence[int | str]
) -> SegmentParting | None:
    """Where the segments' cycles first part. The machine's half-written CURLIN values (a line not
    in the program's trace) are put into the segment before them, where the cycle model charges
    them (it prices a segment with the way it ended: basic/cycles.py)."""
    lines = set(trace)
    merged: list[tuple[int, int]] = []
    for line, cycles in theirs:
        if line not in lines and merged:
            merged[-1] = (merged[-1][0], merged[-1][1] + cycles)
        else:
            merged.append((line, cycles))
    parted = [
        index for index, (mine, machine) in enumerate(zip(ours, merged, strict=False)) if mine != machine
    ]
    if not parted:
        return None
    first = parted[0]
    return SegmentParting(first, merged[first][0], ours[first][1], merged[first][1], len(parted), len(merged))


def oracle_label(adapter: ModuleType, prepared: object) -> str:
    """How reports name the original's side: the prepared oracle's own label (the 6502), else the
    adapter's (PC-BASIC)."""
    label: str = getattr(prepared, "label", adapter.LABEL)
    return label


def compare_scripts(
    mode: Mode, prepared: object, batch: Sequence[Script], jobs: int, cycles: bool = False
) -> CompareResult:
    started = time.perf_counter()
    failures: list[tuple[int, list[Mismatch]]] = []
    original_failed: list[tuple[int, str]] = []
    adapter = adapter_of(mode.entry.name)
    theirs_all = oracle_runs(adapter, prepared, batch, jobs)
    for index, (script, theirs) in enumerate(zip(batch, theirs_all, strict=True)):
        if theirs.failed is not None:
            original_failed.append((index, theirs.failed))
            continue
        found = life2_differences(mode, script, theirs, oracle_label(adapter, prepared), cycles)
        if found:
            failures.append((index, found))
    identical = len(batch) - len(failures) - len(original_failed)
    return CompareResult(len(batch), identical, failures, time.perf_counter() - started, original_failed)


def prepare(command: str, mode: Mode, reference_path: str | None, rom_path: str | None = None) -> object:
    """What the mode's oracle runs; OracleUnusable, with the message for the user, if it cannot."""
    if not has_original(mode.entry.name):
        raise OracleUnusable(
            f"{mode.entry.name} is our own program: there is no original to run beside it, so {command} "
            f"has nothing to measure it against. Its tests check it against its rules instead."
        )
    rom = {"rom_path": rom_path} if rom_path else {}
    return adapter_of(mode.entry.name).prepare(command, reference_path, mode.runtime, mode.bugs, **rom)


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", metavar="FILE", help="one script: one typed response per line")
    source.add_argument("--generate", type=positive_int, metavar="N", help="N generated scripts")
    parser.add_argument(
        "--editing",
        action="store_true",
        help="with --generate: scripts of editing keys (Backspace, Esc, the cursor and control keys, "
        "lines up to 2,500 characters) for GW-BASIC's screen editor",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=1,
        help="seed of the generated scripts (default 1); with --input, what a C program's time() returns",
    )
    add_reference_option(parser)
    parser.add_argument(
        "--rom",
        metavar="PATH",
        help="with --dialect ms1978: Microsoft's 1977 6502 BASIC, the original's interpreter "
        "(else $LIFE2_ROM, else ../shared/reference/)",
    )
    parser.add_argument(
        "--cycles",
        action="store_true",
        help="with --dialect ms1978: the 6502 cycles spent in program lines must agree too (the 1977 "
        "machine's own count beside life2's cycle model)",
    )
    parser.add_argument("--show", type=positive_int, default=5, metavar="K", help="report at most K scripts")
    parser.add_argument(
        "--jobs", type=positive_int, metavar="J", help="runs of the original at once (default: one per core)"
    )
    add_mode_options(parser)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..terminals.transcript import read_responses

    mode = mode_from(args, parser, for_oracle=True)
    if args.editing and (args.input or mode.entry.editing_scripts is None):
        parser.error("--editing goes with --generate, for life2 (GW-BASIC's screen editor)")
    if args.cycles:
        try:
            mode.entry.check_cycles(mode.runtime)
        except ValueError as exc:
            parser.error(f"--cycles: {exc}")
    try:
        prepared = prepare("compare", mode, args.listing, args.rom)
    except OracleUnusable as exc:
        print(f"life2 compare: {exc}", file=sys.stderr)
        return 2
    try:
        if args.input:
            batch = [Script(read_responses(args.input), args.seed)]
        elif args.editing:
            batch = [mode.entry.editing_script(args.seed, index) for index in range(args.generate)]
        else:
            hostile = getattr(prepared, "takes_any_key", False)  # the real 1977 BASIC: any key at all
            batch = [mode.entry.script(args.seed, index, hostile) for index in range(args.generate)]
        jobs = args.jobs or os.cpu_count() or 1  # with its idle yields skipped, PC-BASIC is busy, not idle
        result = compare_scripts(mode, prepared, batch, min(jobs, len(batch)), args.cycles)
    except OSError as exc:
        print(f"life2 compare: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    label = oracle_label(adapter_of(mode.entry.name), prepared)

    def name(index: int) -> str:
        return args.input if args.input else f"script {index} of seed {args.seed}"

    for index, found in result.failures[: args.show]:
        print(f"{name(index)}: differs")
        for mismatch in found:
            print(
                f"  {mismatch.what} differs at {mismatch.detail}"
                if mismatch.what != "run"
                else f"  {mismatch.detail}"
            )
    for index, why in result.original_failed[: args.show]:
        print(f"{name(index)}: {label} failed ({why}); nothing to compare")
    if args.input:
        if result.identical:
            print("identical")
    else:
        counts = [f"{result.identical} of {result.total} identical"]
        if result.failures:
            counts.append(f"{len(result.failures)} differ")
        if result.original_failed:
            counts.append(f"{len(result.original_failed)} where {label} failed")
        what = [mode.label, mode.runtime, *(["editing scripts"] if args.editing else [])]
        print(f"{', '.join(counts)} ({', '.join(what)}, seed {args.seed}, {result.seconds:.0f} s)")
    if result.failures:
        return 1
    return ORIGINAL_FAILED if result.original_failed else 0
