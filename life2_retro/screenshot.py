"""`life2 screenshot`: a script played on a pygame terminal, and the window saved as a PNG.

It always draws offscreen (no window appears, no display is needed) and runs
on a simulated clock, so it takes seconds whatever the line speed. Unless
--baud says otherwise, the script is played as fast as it comes; the picture
at the end is the same, so a long game does not take minutes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable

from .basic.dialects import Dialect
from .exits import run_command
from .programs.life2 import Life2Program
from .session import drive
from .terminals import terminal_class
from .terminals.pacing import SimulatedClock
from .terminals.transcript import read_responses

SETTLE_SECONDS = 1.0
"""Frames drawn after the script ends, so afterglow fades and the print head comes to rest."""


def headless() -> None:
    """Draw offscreen and stay silent, unless the caller chose drivers already."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def parse_size(text: str, minimum: tuple[int, int] = (320, 240)) -> tuple[int, int]:
    """`1024x768` as (width, height); ValueError for anything else or anything under `minimum`."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < minimum[0] or int(height) < minimum[1]:
        raise ValueError(f"--size must be WIDTHxHEIGHT, at least {minimum[0]}x{minimum[1]}, not {text!r}")
    return int(width), int(height)


def screenshot_command(
    args: argparse.Namespace, dialect: Dialect, bugs: Iterable[str], options: dict[str, object]
) -> int:
    try:
        size = parse_size(args.size)
        if options.get("fullscreen"):
            raise ValueError("--fullscreen makes no sense for a screenshot: use --size")
    except ValueError as exc:
        print(f"life2 screenshot: {exc}", file=sys.stderr)
        return 2

    def shot() -> None:
        responses = read_responses(args.input)
        headless()
        chosen = {"baud": None, **options, "sound": False}
        make = terminal_class(args.terminal)
        terminal = make(clock=SimulatedClock(), script=responses, size=size, **chosen)
        with terminal:
            drive(Life2Program(dialect, bugs).run(), terminal)
            terminal.settle(SETTLE_SECONDS)  # type: ignore[attr-defined]
            terminal.save_png(args.out)  # type: ignore[attr-defined]

    return run_command("screenshot", shot)
