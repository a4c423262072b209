"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from .basic.dialects import Dialect
from .driver import drive
from .exits import run_command, trace_file
from .programs.life2 import Life2Program
from .terminals import terminal_class


def terminal_options(args: argparse.Namespace) -> dict[str, object]:
    """The chosen terminal's options from the command line; ValueError for one it does not take."""
    name = args.terminal
    options: dict[str, object] = {}
    crt_only = [f"--no-{e}" for e in EFFECTS if getattr(args, f"no_{e}")] + (
        ["--phosphor"] if args.phosphor != "p1" else []
    )
    if name == "console":
        given = crt_only + ["--baud"] * (args.baud is not None) + ["--mute"] * args.mute
        given += ["--fullscreen"] * args.fullscreen
        if given:
            raise ValueError(f"{given[0]} is for the teletype and crt terminals")
        return options
    if args.baud is not None:
        if args.baud < 0:
            raise ValueError("--baud must be 0 (unlimited) or more")
        options["baud"] = args.baud or None
    options["fullscreen"] = args.fullscreen
    if name == "teletype":
        if crt_only:
            raise ValueError(f"{crt_only[0]} is for the crt terminal")
        options["sound"] = not args.mute
    else:
        if args.mute:
            raise ValueError("--mute is for the teletype terminal")
        from .terminals.crt import Effects

        options["phosphor"] = args.phosphor
        options["effects"] = Effects(**{e: not getattr(args, f"no_{e}") for e in EFFECTS})
    return options


EFFECTS = ("scanlines", "glow", "persistence", "vignette")


def play(
    dialect: Dialect,
    bugs: Iterable[str],
    terminal_name: str,
    trace_path: str | None,
    options: dict[str, object] | None = None,
) -> int:
    """Play one game; returns the exit status."""

    def game() -> None:
        with trace_file(trace_path) as on_line, terminal_class(terminal_name)(**(options or {})) as terminal:
            drive(Life2Program(dialect, bugs).run(), terminal, on_line)

    return run_command("play", game)
