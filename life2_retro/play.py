"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

from collections.abc import Iterable

from .basic.dialects import Dialect
from .driver import drive
from .exits import run_command, trace_file
from .programs.life2 import Life2Program
from .terminals import terminal_class


def play(dialect: Dialect, bugs: Iterable[str], terminal_name: str, trace_path: str | None) -> int:
    """Play one game; returns the exit status."""

    def game() -> None:
        with trace_file(trace_path) as on_line, terminal_class(terminal_name)() as terminal:
            drive(Life2Program(dialect, bugs).run(), terminal, on_line)

    return run_command("play", game)
