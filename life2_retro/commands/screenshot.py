"""`life2 screenshot`: a script played on a pygame terminal, and the window saved as a PNG.

It always draws offscreen (no window appears, no display is needed) and runs
on a simulated clock, so it takes seconds whatever the line speed. Unless
--baud says otherwise, the script is played as fast as it comes; the picture
at the end is the same, so a long game does not take minutes. The effects'
randomness is seeded, so the same script makes the same picture to the pixel.
`--crop` keeps one part of the window at full size, to show the detail.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..terminals import WINDOW_TERMINALS, offered
from ..terminals.options import whole_number
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
    parser.add_argument(
        "--crop",
        type=_crop,
        metavar="X,Y,W,H",
        help="save only this part of the window (pixels from its top left), at full size",
    )
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
            if args.crop is not None:
                _keep(window.pygame, args.out, args.crop)

    return run_command("screenshot", shot)


def _crop(text: str) -> tuple[int, int, int, int]:
    """`X,Y,W,H` as four whole numbers, the width and height at least 1."""
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Y,WIDTH,HEIGHT in pixels")
    x, y, w, h = (whole_number(p) for p in parts)
    if min(w, h) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Y,WIDTH,HEIGHT in pixels")
    return x, y, w, h


def _keep(pygame: Any, path: str, crop: tuple[int, int, int, int]) -> None:
    """The saved picture cut down to `crop` (clipped to the picture)."""
    from ..terminals.window.display import TerminalUnavailable

    picture = pygame.image.load(path)
    area = pygame.Rect(crop).clip(picture.get_rect())
    if area.width == 0 or area.height == 0:
        size = f"{picture.get_width()}x{picture.get_height()}"
        raise TerminalUnavailable(f"--crop {','.join(map(str, crop))} is outside the {size} picture")
    pygame.image.save(picture.subsurface(area), path)
