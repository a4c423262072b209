"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from .basic.dialects import Dialect
from .driver import drive
from .exits import run_command, trace_file
from .programs.life2 import Life2Program
from .terminals import terminal_class


def terminal_options(args: argparse.Namespace, dialect: Dialect) -> dict[str, object]:
    """The chosen terminal's options from the command line; ValueError for one it does not take."""
    from .terminals.crt import BAUD_CHOICES, Effects  # no pygame: that comes with the window

    name = args.terminal
    given = {
        "--baud": args.baud is not None,
        "--phosphor": args.phosphor != "p1",
        "--mute": args.mute,
        "--fullscreen": args.fullscreen,
        **{f"--no-{effect}": getattr(args, f"no_{effect}") for effect in EFFECTS},
    }
    takes = {
        "console": set(),
        "teletype": {"--baud", "--mute", "--fullscreen"},
        "crt": {"--baud", "--phosphor", "--fullscreen", *(f"--no-{effect}" for effect in EFFECTS)},
    }[name]
    refused = [option for option, used in given.items() if used and option not in takes]
    if refused:
        others = "the teletype and crt terminals" if name == "console" else f"another terminal than {name}"
        raise ValueError(f"{refused[0]} is for {others}")
    if name == "console":
        return {}
    options: dict[str, object] = {"fullscreen": args.fullscreen}
    if args.baud is not None:
        allowed = (0, *BAUD_CHOICES) if name == "crt" else None
        if args.baud < 0 or (allowed is not None and args.baud not in allowed):
            choices = ", ".join(map(str, allowed)) if allowed else "a positive number, or 0"
            raise ValueError(f"--baud for the {name} is {choices} (0: as fast as it comes)")
        options["baud"] = args.baud or None
    if name == "teletype":
        options["sound"] = not args.mute
        # Backspace sends the dialect's erase: the 1978 BASIC's is '_', GW-BASIC's is BS
        options["erase"] = "\b" if dialect is Dialect.GWBASIC else "_"
    else:
        options["phosphor"] = args.phosphor
        options["effects"] = Effects(**{effect: not getattr(args, f"no_{effect}") for effect in EFFECTS})
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
