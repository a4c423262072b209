"""`life2 screenshot`: a script played on a pygame terminal, and the window saved as a PNG.

It always draws offscreen (no window appears, no display is needed) and runs
on a simulated clock, so it takes seconds whatever the line speed. Unless
--baud says otherwise, the script is played as fast as it comes; the picture
at the end is the same, so a long game does not take minutes.
"""

from __future__ import annotations

import argparse

from ..terminals import WINDOW_TERMINALS, offered
from .options import add_mode_options, add_terminal_options, mode_from, terminal_settings
from .running import run_command

SUMMARY = "run a script on a pygame terminal and save what its window shows as a PNG"
SETTLE_SECONDS = 1.0
"""Frames drawn after the script ends, so afterglow fades and the print head comes to rest."""
LEAVE_OUT = ("fullscreen",)
"""A picture has a size, not a screen."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", required=True, metavar="FILE", help="one typed response per line")
    parser.add_argument("--out", required=True, metavar="PNG", help="where to save the picture")
    add_terminal_options(parser, WINDOW_TERMINALS, LEAVE_OUT)
    add_mode_options(parser, clock=True)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
    settings = terminal_settings(args, parser, offered(WINDOW_TERMINALS, LEAVE_OUT), erase=mode.erase_key)

    def shot() -> None:
        from ..session import drive
        from ..terminals import open_window
        from ..terminals.pacing import SimulatedClock
        from ..terminals.transcript import read_responses
        from ..terminals.unix_tty import for_program
        from ..terminals.window.terminal import headless

        responses = read_responses(args.input)
        headless()
        chosen = {"baud": 0, **settings, "sound": False}
        with open_window(args.terminal, clock=SimulatedClock(), script=responses, **chosen) as window:
            drive(mode.make(person=True).run(), for_program(window, mode.entry.through_a_tty))
            window.settle(SETTLE_SECONDS)
            window.save_png(args.out)

    return run_command("screenshot", shot)
