"""`life2 run`: a script of typed responses in, exactly the original's bytes out.

This is the interface testers and museums script against, so it stays stable:
one response per input line (LF, CRLF or CR ends a line), stdout gets only
what the program sends (for LIFE2 the BASIC's echo included), the trace file
one line number (or C function) per line. A run that life2 had to stop, where
the original would go on for ever or crash, says why on stderr and exits 3.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack

from ..events import Stop
from .options import add_mode_options, mode_from
from .running import run_command, trace_file

CUT_SHORT = (Stop.RUNAWAY, Stop.UNREPRODUCIBLE)
STOPPED_SHORT = 3
"""The exit status of a run life2 stopped where the original would print for ever or crash."""

SUMMARY = "run a script of typed responses; write exactly the bytes the BASIC sends"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--input", required=True, metavar="FILE", help="one typed response per line ('-' is stdin)"
    )
    parser.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    parser.add_argument(
        "--cycles",
        action="store_true",
        help="last on stderr, '6502 cycles: N': what Microsoft's 1977 6502 BASIC spent in the program's "
        "lines, from line 2 to where it stopped (life2, ms1978)",
    )
    add_mode_options(parser, clock=True)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
    if args.cycles:
        try:
            mode.entry.check_cycles(mode.runtime)
        except ValueError as exc:
            parser.error(f"--cycles: {exc}")
    stopped: list[Stop] = []
    cycles: list[int] = []

    def script() -> None:
        from ..session import drive
        from ..terminals.transcript import TranscriptTerminal, standard_input

        with ExitStack() as stack:
            stdin = args.input == "-"
            responses = standard_input() if stdin else stack.enter_context(open(args.input, "rb"))
            on_line = stack.enter_context(trace_file(args.trace))
            raw = mode.entry.through_a_tty  # a C program's stdin reads the file as it is
            program = mode.make()
            meter = mode.entry.count_cycles(program, mode.runtime) if args.cycles else None
            with TranscriptTerminal(responses, sys.stdout.buffer, raw=raw) as terminal:
                stopped.append(drive(program.run(), terminal, on_line))
            if meter is not None:
                cycles.append(meter.total(stopped[0]))

    status = run_command("run", script)
    if cycles:
        sys.stdout.flush()
        print(f"6502 cycles: {cycles[0]}", file=sys.stderr)
    return STOPPED_SHORT if status == 0 and stopped and stopped[0] in CUT_SHORT else status
