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
from collections.abc import Sequence
from typing import Any

from ..terminals import WINDOW_TERMINALS, offered, takes
from ..terminals.base import KeyHook, Terminal
from ..terminals.options import Declared, OptionError, Switches, from_args, whole_number
from .options import Mode, add_mode_options, add_terminal_options, mode_from, terminal_settings
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
    parser.add_argument(
        "--seats",
        metavar="TERMINAL,TERMINAL[,...]",
        help="a player at each of these windows (life2 --seat), side by side in one picture: the same "
        "game at every seat, each showing its own player's keys only; each takes the settings given "
        "that its terminal declares",
    )
    add_terminal_options(parser, WINDOW_TERMINALS, LEAVE_OUT)
    add_mode_options(parser, clock=True)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
    if args.seats is not None:
        args.seats = _seat_terminals(args.seats, parser)
        try:
            most, _ = mode.entry.seating()
        except ValueError as exc:
            parser.error(str(exc))
        if not 2 <= len(args.seats) <= most:
            parser.error(f"--seats for {mode.entry.name} names {len(args.seats)}; allowed: 2 to {most}")
        if args.crop is not None:
            parser.error("--crop is for one window: leave it out with --seats")
        each = _each_seats_settings(args, parser, args.seats, erase=mode.erase_key)
        return run_command("screenshot", lambda: seats_shot(args, mode, each))
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


def _seat_terminals(text: str, parser: argparse.ArgumentParser) -> list[str]:
    """`--seats teletype,crt`: window terminals, one a seat."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in WINDOW_TERMINALS]
    if unknown:
        parser.error(f"--seats: {unknown[0]!r} is no window; choose from {', '.join(WINDOW_TERMINALS)}")
    return names


def _each_seats_settings(
    args: argparse.Namespace, parser: argparse.ArgumentParser, names: list[str], **runtime_facts: Any
) -> dict[str, dict[str, Any]]:
    """Each seat terminal's settings: of the flags given, those its declaration takes, checked by it;
    a flag no seat's terminal takes is a usage error, as it is for one window."""
    every = offered(WINDOW_TERMINALS, LEAVE_OUT)
    seated = {name: every[name] for name in names}
    taken = {name: _dests(options) for name, options in seated.items()}
    for name, options in every.items():
        for dest in _dests(options) - set().union(*taken.values()):
            if getattr(args, dest, None) is not None:
                parser.error(f"--{dest.replace('_', '-')} is for the {name} terminal, and no seat has one")
    settings = {}
    for name in seated:
        only = argparse.Namespace(
            **{k: v for k, v in vars(args).items() if k in taken[name] or k not in _all_dests()}
        )
        try:
            settings[name] = {**from_args(only, name, {name: seated[name]}), **takes(name, **runtime_facts)}
        except OptionError as exc:
            parser.error(str(exc))
    return settings


def _dests(options: Sequence[Declared]) -> set[str]:
    """The argparse destinations of a terminal's flags."""
    found = set()
    for option in options:
        if isinstance(option, Switches):
            found |= {f"no_{feature}" for feature in option.features}
        elif not option.internal:
            found.add(option.dest)
    return found


def _all_dests() -> set[str]:
    return set().union(*(_dests(options) for options in offered(WINDOW_TERMINALS, LEAVE_OUT).values()))


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


SEAT_GAP = 24
"""Pixels between two seats' windows in a picture of them side by side."""
SEAT_GROUND = (40, 40, 40)
"""What shows between them: a dark desk."""


class _Typist(Terminal):
    """A seat nobody watches in a picture of another: it types its player's lines when asked, and
    keeps nothing; `taken` hears which seat read each line (the seats share one script)."""

    def __init__(self, number: int, lines: list[bytes], taken: list[int] | None = None) -> None:
        self.number = number
        self.lines = lines
        self.taken = taken

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """Nobody looks at this seat."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        if self.taken is not None:
            self.taken.append(self.number)
        return self.lines.pop(0) if self.lines else None


def seats_shot(args: argparse.Namespace, mode: Mode, settings: dict[str, dict[str, Any]]) -> None:
    """Each seat's window in turn, the same game at each, then the pictures side by side.

    Which player types which line is known only as the game goes (the program's prompts say it), so
    the script is first played in memory with one script shared by all the seats; then each seat's
    window is given its own player's lines and the others type theirs unseen."""
    import os
    import tempfile

    from ..session import drive
    from ..terminals import open_window
    from ..terminals.pacing import SimulatedClock
    from ..terminals.seats import Seats
    from ..terminals.transcript import read_responses
    from ..terminals.unix_tty import for_program
    from ..terminals.window.terminal import headless

    responses = read_responses(args.input)
    numbers = range(1, len(args.seats) + 1)
    shared = list(responses)
    taken: list[int] = []
    _, turns = mode.entry.seating()
    typists: dict[int, Terminal] = {number: _Typist(number, shared, taken) for number in numbers}
    drive(mode.make(person=True).run(), for_program(Seats(typists, turns, 1.0), mode.entry.through_a_tty))
    # a read past the end of the script (the game ending there) takes no line
    own = {n: [line for line, seat in zip(responses, taken, strict=False) if seat == n] for n in numbers}
    headless()
    pictures = []
    with tempfile.TemporaryDirectory() as folder:
        for number, name in zip(numbers, args.seats, strict=True):
            chosen = {"baud": 0, **settings[name], "sound": False}
            with open_window(name, clock=SimulatedClock(), script=own[number], **chosen) as window:
                others: dict[int, Terminal] = {n: _Typist(n, list(own[n])) for n in numbers if n != number}
                _, turns = mode.entry.seating()
                seated = Seats({number: window, **others}, turns, 1.0)
                drive(mode.make(person=True).run(), for_program(seated, mode.entry.through_a_tty))
                window.settle(SETTLE_SECONDS)
                path = os.path.join(folder, f"seat{number}.png")
                window.save_png(path)
                pictures.append(path)
        _side_by_side(pictures, args.out)


def _side_by_side(paths: list[str], out: str) -> None:
    import pygame

    images = [pygame.image.load(path) for path in paths]
    width = sum(image.get_width() for image in images) + SEAT_GAP * (len(images) + 1)
    height = max(image.get_height() for image in images) + 2 * SEAT_GAP
    picture = pygame.Surface((width, height))
    picture.fill(SEAT_GROUND)
    x = SEAT_GAP
    for image in images:
        picture.blit(image, (x, SEAT_GAP))
        x += image.get_width() + SEAT_GAP
    pygame.image.save(picture, out)
