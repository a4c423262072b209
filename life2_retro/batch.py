"""`life2 run`: a script of typed responses in, exactly the BASIC's bytes out.

This is the interface testers and museums script against, so it stays stable:
one response per input line (LF, CRLF or CR ends a line), stdout gets only
what the BASIC sends (echo included), the trace file one line number per line.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from contextlib import ExitStack
from typing import BinaryIO, TextIO

from .basic.dialects import Dialect
from .driver import drive
from .programs.life2 import Life2Program
from .terminals.transcript import TranscriptTerminal


def run_script(
    responses: BinaryIO, output: BinaryIO, trace: TextIO | None, dialect: Dialect, bugs: Iterable[str]
) -> None:
    """Run one game from a stream of responses to a stream of output bytes."""
    on_line = None if trace is None else (lambda number: trace.write(f"{number}\n"))
    with TranscriptTerminal(responses, output) as terminal:
        drive(Life2Program(dialect, bugs).run(), terminal, on_line)


def run_script_file(input_path: str, trace_path: str | None, dialect: Dialect, bugs: Iterable[str]) -> int:
    """The `life2 run` command; returns the exit status."""
    try:
        with ExitStack() as stack:
            stdin = input_path == "-"
            responses = sys.stdin.buffer if stdin else stack.enter_context(open(input_path, "rb"))
            trace = stack.enter_context(open(trace_path, "w", encoding="ascii")) if trace_path else None
            run_script(responses, sys.stdout.buffer, trace, dialect, bugs)
    except BrokenPipeError:
        # the reader went away (life2 run ... | head): stop quietly, as a Unix filter does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        print(f"life2 run: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0
