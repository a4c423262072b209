"""`life2 watch p2life`: a random soup evolving, in a window of coloured cells or on the glass terminal.

The paper's applet, with more to do: the counts of white and black live under
the lattice, Space pauses, S (or the right arrow) steps one generation, R
reseeds with the next soup of the seed, + and - change the pace. The same
soups come back for the same --seed. On the glass terminal (`--terminal crt`)
the lattice is its 80 x 22 characters, white O and black #, drawn by
scrolling a screenful a generation as a glass teletype would.

With --screenshot it runs headless: --generations generations as fast as
they come, then the picture is saved (for the docs, and for tests).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ..automata.rules import VARIANTS, rules_for
from ..automata.soup import BOUNDARIES, check_density
from ..terminals.options import OptionError, add_flags, from_args, whole_number
from ..terminals.window.terminal import WINDOW_OPTIONS, parse_size
from .running import run_command
from .without_a_window import command_line_ways, needs_no_display

SUMMARY = "watch a random p2life soup evolve, in a window or on the glass terminal: pause, step, reseed"
VIEWS = ("window", "crt")
CRT_LATTICE = (22, 80)
"""The glass terminal's 24 rows less two for the counts, by its 80 columns."""
CRT_CHARACTERS = (" ", "O", "#")
"""Empty, white, black."""
PACES = (1, 2, 5, 10, 20, 30, 60)
"""Generations a second that + and - step through."""


def _view_options() -> dict[str, tuple[Any, ...]]:
    from ..terminals import terminal_class

    return {"window": WINDOW_OPTIONS, "crt": terminal_class("crt").OPTIONS}


def _density(text: str) -> float:
    try:
        return check_density(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a density is a number from 0 to 1, not {text!r}") from None


def _lattice(text: str) -> tuple[int, int]:
    """COLUMNSxROWS, each from 8 to 2048."""
    try:
        columns, rows = parse_size(text, minimum=(8, 8))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a lattice is COLUMNSxROWS of at least 8x8, not {text!r}") from None
    if max(columns, rows) > 2048:
        raise argparse.ArgumentTypeError(f"a lattice is at most 2048 cells a side, not {text!r}")
    return rows, columns


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("automaton", choices=["p2life"], help="the game watched")
    parser.add_argument(
        "--terminal", choices=VIEWS, default="window", help="window: coloured cells; crt: the glass terminal"
    )
    parser.add_argument(
        "--lattice", type=_lattice, metavar="CxR", help="columns x rows (default 200x140; the crt: 80x22)"
    )
    parser.add_argument(
        "--density", type=_density, default=0.5, metavar="D", help="initial density (default 0.5)"
    )
    parser.add_argument("--boundary", choices=BOUNDARIES, default="periodic", help="default periodic")
    parser.add_argument(
        "--seed", type=whole_number, default=1, metavar="S", help="the soups' seed (default 1)"
    )
    parser.add_argument("--variant", choices=list(VARIANTS), default="0", help="the paper's rule variant")
    parser.add_argument(
        "--rate",
        type=whole_number,
        choices=PACES,
        default=10,
        metavar="G",
        help="generations a second (default 10)",
    )
    needs_no_display(
        parser.add_argument(
            "--screenshot", metavar="PNG", help="headless: run --generations, save the picture, end"
        )
    )
    parser.add_argument(
        "--generations",
        type=whole_number,
        default=100,
        metavar="N",
        help="with --screenshot: how many (default 100)",
    )
    add_flags(parser.add_argument_group("the window and the glass terminal"), _view_options())


class Soup:
    """The soup on show: its engine, its number under the seed, and the pause."""

    def __init__(
        self, shape: tuple[int, int], density: float, boundary: str, seed: int, variant: str
    ) -> None:
        self.shape, self.density, self.boundary, self.seed = shape, density, boundary, seed
        self.rules = rules_for(variant)
        self.number = 0
        self.paused = False
        self.engine: Any = None
        self.new()

    def new(self) -> None:
        import numpy as np

        from ..automata.engine import Engine
        from ..automata.soup import random_soup

        rng = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(self.number,)))
        lattice = random_soup(self.shape, self.density, rng)
        self.engine = Engine(lattice, self.boundary, int(rng.integers(2**63)), self.rules)

    def reseed(self) -> None:
        self.number += 1
        self.new()

    def status(self) -> str:
        engine = self.engine
        state = "paused" if self.paused else "running"
        return (
            f"soup {self.number + 1}  generation {engine.generation}  white {engine.whites}  "
            f"black {engine.blacks}  {state}   Space pause  S step  R reseed  +/- pace  Esc quit"
        )


class CrtView:
    """The soup as text on the glass terminal: one screenful a generation, the counts at the foot."""

    def __init__(self, crt: Any) -> None:
        from ..terminals.window.keyboard import CommandKeyboard

        self.crt = crt
        self.keys: list[str] = []
        crt.use_keyboard(CommandKeyboard(self.keys.append))

    def show(self, cells: Any, status: str) -> None:
        rows = ["".join(CRT_CHARACTERS[state] for state in row) for row in cells.tolist()]
        words = status.split("   ")
        rows += [words[0][:80], words[-1][:80]]
        self.crt.write(b"".join(b"\r\n" + row.encode("ascii") for row in rows))

    def frame(self, wait: bool = True) -> list[str]:
        self.crt.frame()
        keys, self.keys[:] = list(self.keys), []
        return keys

    def save_png(self, path: str) -> None:
        self.crt.settle(0.5)
        self.crt.save_png(path)


class Watcher:
    """What the keys do to the soup, and when its next generation is due."""

    def __init__(self, soup: Soup, rate: int) -> None:
        self.soup = soup
        self.pace = PACES.index(rate)
        self.due = time.monotonic()

    def press(self, key: str) -> bool:
        """One key by its pygame name; True if it changed what is shown."""
        soup = self.soup
        if key == "space":
            soup.paused = not soup.paused
        elif key in ("s", "right"):
            soup.paused = True
            soup.engine.step()
        elif key == "r":
            soup.reseed()
        elif key in ("+", "=", "[+]"):
            self.pace = min(self.pace + 1, len(PACES) - 1)
        elif key in ("-", "[-]"):
            self.pace = max(self.pace - 1, 0)
        else:
            return False
        return True

    def tick(self, keys: list[str], flat_out: bool = False) -> bool:
        """The keys of a frame, then a generation if one is due (every frame when `flat_out`); True if
        there is something new to show."""
        changed = any([self.press(key) for key in keys])
        now = time.monotonic()
        if not self.soup.paused and (flat_out or now >= self.due):
            self.soup.engine.step()
            self.due = max(self.due + 1 / PACES[self.pace], now)
            changed = True
        return changed


def watch(view: Any, soup: Soup, rate: int, generations: int | None = None) -> None:
    """Show the soup until the window closes (or, headless, for `generations` as fast as they come)."""
    watcher = Watcher(soup, rate)
    view.show(soup.engine.lattice, soup.status())
    while generations is None or soup.engine.generation < generations:
        if watcher.tick(view.frame(wait=generations is None), flat_out=generations is not None):
            view.show(soup.engine.lattice, soup.status())


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .extras import ENGINE_MODULES, require_extra

    if not require_extra("watch", "p2life's engine", "study", ENGINE_MODULES):
        return 2
    try:
        settings = from_args(args, args.terminal, _view_options())
    except OptionError as exc:
        parser.error(str(exc))
    if args.terminal == "crt" and args.lattice not in (None, CRT_LATTICE):
        parser.error("the glass terminal shows 80x22 cells: leave out --lattice")
    if args.generations < 1:
        parser.error(f"--generations is a whole number of at least 1, not {args.generations}")
    shape = CRT_LATTICE if args.terminal == "crt" else args.lattice or (140, 200)
    headless = args.screenshot is not None

    def session() -> None:
        from ..terminals.window.terminal import headless as offscreen

        if headless:
            offscreen()
        soup = Soup(shape, args.density, args.boundary, args.seed, args.variant)
        with _open_view(args.terminal, settings, headless) as opened:
            view = CrtView(opened) if args.terminal == "crt" else opened
            watch(view, soup, args.rate, args.generations if headless else None)
            if headless:
                view.save_png(args.screenshot)

    return run_command("watch", session, command_line_ways(parser))


def _open_view(name: str, settings: dict[str, Any], headless: bool) -> Any:
    if name == "window":
        from ..terminals.window.lattice import LatticeWindow

        return LatticeWindow(**settings)
    from ..terminals import open_window
    from ..terminals.pacing import SimulatedClock

    chosen = {"baud": 0, **settings}
    if headless:
        chosen.update(clock=SimulatedClock(), sound=False)
    return open_window("crt", **chosen)
