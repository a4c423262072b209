"""`life2 run`: a script of typed responses in, exactly the original's bytes out.

This is the interface testers and museums script against, so it stays stable:
one response per input line (LF, CRLF or CR ends a line), stdout gets only
what the program sends (for LIFE2 the BASIC's echo included), the trace file
one line number (or C function) per line. A run that life2 had to stop, where
the original would go on for ever or crash, says why on stderr and exits 3.

LF is this file format's line end, which the 1978 BASIC itself would ignore
(GETLN ends a line at CR alone, after clearing bit 7: so 0x8D ends one too);
keys after the file's last line end are echoed and never taken, as the 1978
BASIC waits for a Return that never comes (basic_reference/ms1978.md E7, E8).
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

ENDS = """\
input:
  each line of FILE is an answer typed with its Return: LF, CR or CR LF ends it.
  LF is this file's line end; the 1978 BASIC itself would ignore it. In ms1978
  the BASIC clears bit 7 first, so 0x8D ends a line too (0x8D LF counts once,
  as CR LF does), and keys after the last line end are echoed but never taken:
  their Return never came, and the run ends as when the input runs out.
  (gwbasic takes them as a last answer.) Both engines (--engine python and
  6502, the real 1977 BASIC) get the same keys from the file: each line's
  own, then one Return (docs/1977-interpreter.md).

exit status:
  0    the run ended where the program did, or where the input ran out:
       at its end or an error (ms1978: the output ends with OK; gwbasic: with
       the error's message), at an empty answer (ms1978: OK), or waiting at
       INPUT when the input ran out (the output ends with the
       prompt, ? or ??, and the echo of any unfinished line). The two ends of
       the 1978 BASIC, waiting at INPUT or at OK, share 0: the last bytes of
       the output tell them apart (OK CR LF, or a prompt)
  2    a file could not be read or written (said on stderr), or the options
       were wrong
  3    life2 stopped a run the original would never end: it would print or
       ask for ever, or crash (said on stderr)
  130  interrupted with Ctrl-C
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = ENDS
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
