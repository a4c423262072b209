"""`life2 run`: a script of typed responses in, exactly the BASIC's bytes out.

This is the interface testers and museums script against, so it stays stable:
one response per input line (LF, CRLF or CR ends a line), stdout gets only
what the BASIC sends (echo included), the trace file one line number per line.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from contextlib import ExitStack
from typing import BinaryIO

from .basic.dialects import Dialect
from .exits import LineHook, run_command, standard_input, trace_file
from .programs.life2 import Life2Program
from .session import drive
from .terminals.transcript import TranscriptTerminal


def run_script(
    responses: BinaryIO, output: BinaryIO, on_line: LineHook | None, dialect: Dialect, bugs: Iterable[str]
) -> None:
    """Run one game from a stream of responses to a stream of output bytes."""
    with TranscriptTerminal(responses, output) as terminal:
        drive(Life2Program(dialect, bugs).run(), terminal, on_line)


def run_script_file(input_path: str, trace_path: str | None, dialect: Dialect, bugs: Iterable[str]) -> int:
    """The `life2 run` command; returns the exit status."""

    def script() -> None:
        with ExitStack() as stack:
            stdin = input_path == "-"
            responses = standard_input() if stdin else stack.enter_context(open(input_path, "rb"))
            on_line = stack.enter_context(trace_file(trace_path))
            run_script(responses, sys.stdout.buffer, on_line, dialect, bugs)  # type: ignore[arg-type]

    return run_command("run", script)
