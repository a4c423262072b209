"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from .basic.dialects import Dialect
from .driver import drive
from .programs.life2 import Life2Program
from .terminals import terminal_class


def play(dialect: Dialect, bugs: Iterable[str], terminal_name: str, trace_path: str | None) -> int:
    """Play one game; returns the exit status (130 after Ctrl-C, as shells expect)."""
    trace = open(trace_path, "w", encoding="ascii") if trace_path else None  # noqa: SIM115
    on_line = None if trace is None else (lambda number: trace.write(f"{number}\n"))
    try:
        with terminal_class(terminal_name)() as terminal:
            drive(Life2Program(dialect, bugs).run(), terminal, on_line)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    finally:
        if trace is not None:
            trace.close()
    return 0
