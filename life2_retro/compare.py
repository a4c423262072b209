"""`life2 compare`: the same typed responses through PC-BASIC and through life2.

PC-BASIC runs the original listing (with our patch lines merged over it for
every bug switched off); life2 runs the same mode. Both transcripts and both
traces must be identical, byte for byte and line for line.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .basic.dialects import Dialect
from .basic.gwinput import supported_keys
from .programs.bugs import BUG_NAMES
from .programs.life2 import Life2Program
from .reference.listing import ListingError, load_listing
from .reference.patches import merge
from .reference.pcbasic_oracle import OracleRun, OracleUnavailable, run_program
from .scriptgen import Script, script
from .session import GameRun, run_in_memory
from .terminals.transcript import read_responses


@dataclass(frozen=True)
class Mismatch:
    """Where two runs first part ways."""

    what: str  # "transcript" or "trace"
    position: int
    detail: str


def first_byte_difference(ours: bytes, theirs: bytes) -> Mismatch | None:
    if ours == theirs:
        return None
    shared = min(len(ours), len(theirs))
    at = next((i for i in range(shared) if ours[i] != theirs[i]), shared)
    line = ours.count(b"\n", 0, at) + 1
    column = at - (ours.rfind(b"\n", 0, at) + 1) + 1
    detail = (
        f"byte {at} (line {line}, column {column})\n"
        f"    life2:    {ours[max(0, at - 40) : at + 40]!r}\n"
        f"    PC-BASIC: {theirs[max(0, at - 40) : at + 40]!r}"
    )
    return Mismatch("transcript", at, detail)


def first_trace_difference(ours: Sequence[int], theirs: Sequence[int]) -> Mismatch | None:
    if tuple(ours) == tuple(theirs):
        return None
    shared = min(len(ours), len(theirs))
    at = next((i for i in range(shared) if ours[i] != theirs[i]), shared)
    detail = (
        f"step {at} of {len(ours)} / {len(theirs)}\n"
        f"    life2:    ...{list(ours[max(0, at - 6) : at + 6])}\n"
        f"    PC-BASIC: ...{list(theirs[max(0, at - 6) : at + 6])}"
    )
    return Mismatch("trace", at, detail)


def differences(ours: GameRun, theirs: OracleRun) -> list[Mismatch]:
    found = [
        first_byte_difference(ours.output, theirs.output),
        first_trace_difference(ours.trace, theirs.trace),
    ]
    return [mismatch for mismatch in found if mismatch is not None]


def oracle_keys(responses: Iterable[bytes]) -> list[bytes]:
    """The keystrokes PC-BASIC gets: what reaches life2's BASIC, nothing it drops."""
    return [supported_keys(response) for response in responses]


def mode_label(bugs: frozenset[str]) -> str:
    if bugs == frozenset(BUG_NAMES):
        return "faithful"
    if not bugs:
        return "fixed"
    return "bugs on: " + (", ".join(sorted(bugs)))


# -- running many scripts ------------------------------------------------------------------------

_program: bytes = b""


def _init_worker(program: bytes) -> None:
    global _program
    _program = program


def _oracle_for(responses: Script) -> OracleRun:
    return run_program(_program, oracle_keys(responses))


def oracle_runs(program: bytes, batch: Sequence[Script], jobs: int) -> Iterable[OracleRun]:
    """PC-BASIC on every script, spread over `jobs` processes, in order."""
    if jobs <= 1:
        _init_worker(program)
        yield from map(_oracle_for, batch)
        return
    with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(program,)) as pool:
        yield from pool.map(_oracle_for, batch, chunksize=4)


@dataclass(frozen=True)
class CompareResult:
    total: int
    identical: int
    failures: list[tuple[int, list[Mismatch]]]
    seconds: float


def compare_scripts(
    program: bytes, batch: Sequence[Script], dialect: Dialect, bugs: frozenset[str], jobs: int
) -> CompareResult:
    started = time.perf_counter()
    failures: list[tuple[int, list[Mismatch]]] = []
    for index, (responses, theirs) in enumerate(zip(batch, oracle_runs(program, batch, jobs), strict=True)):
        found = differences(run_in_memory(Life2Program(dialect, bugs).run(), responses), theirs)
        if found:
            failures.append((index, found))
    return CompareResult(len(batch), len(batch) - len(failures), failures, time.perf_counter() - started)


def oracle_program(listing_path: str | None, bugs: frozenset[str]) -> bytes:
    """The listing, with the patch of every switched-off bug merged over it."""
    return merge(load_listing(listing_path), set(BUG_NAMES) - bugs)


def oracle_program_for(
    command: str, listing_path: str | None, dialect: Dialect, bugs: frozenset[str]
) -> bytes:
    """The program PC-BASIC runs for `command`, after checking that the oracle can be used at all.

    Raises OracleUnusable with the message for the user.
    """
    if dialect is not Dialect.GWBASIC:
        raise OracleUnusable(f"PC-BASIC is a GW-BASIC; {command} runs with --dialect gwbasic.")
    try:
        program = oracle_program(listing_path, bugs)
        run_program(b"10 END\n", [])  # PC-BASIC is importable
    except (ListingError, OracleUnavailable) as exc:
        raise OracleUnusable(str(exc)) from exc
    return program


class OracleUnusable(Exception):
    """The oracle cannot run: wrong dialect, no listing, or no PC-BASIC."""


def compare_command(args: argparse.Namespace, dialect: Dialect, bugs: frozenset[str]) -> int:
    try:
        program = oracle_program_for("compare", args.listing, dialect, bugs)
    except OracleUnusable as exc:
        print(f"life2 compare: {exc}", file=sys.stderr)
        return 2
    try:
        if args.input:
            batch = [read_responses(args.input)]
        else:
            batch = [script(args.seed, index) for index in range(args.generate)]
        jobs = args.jobs or os.cpu_count() or 1  # with its timer slack cut, PC-BASIC is busy, not idle
        result = compare_scripts(program, batch, dialect, bugs, min(jobs, len(batch)))
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
            f"{result.identical} of {result.total} identical ({mode_label(bugs)}, {dialect.rules.name}, "
            f"seed {args.seed}, {result.seconds:.0f} s)"
        )
    return 0 if not result.failures else 1
