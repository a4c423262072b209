"""`life2 exhibit`: the museum kiosk, built from its config (exhibit/build.py).

`--check` validates the config and the files it names, and stops; `--stats`
summarizes the game records; `--example` prints a config with every key and
what it allows (docs/exhibit.toml is that); `--screenshot` runs the exhibit
headless on a simulated clock and saves its window, the same to the pixel for
the same config and seed, at the config's window size or at `--size`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..exhibit.stands import stand_names
from ..terminals.options import whole_number
from .running import run_command
from .without_a_window import command_line_ways, config_ways, needs_no_display

if TYPE_CHECKING:
    from ..exhibit.config import ExhibitConfig

SUMMARY = "the museum kiosk: attract mode, computer opponents, the live listing (--config FILE)"
SCREENSHOT_FRAME = 1 / 20
"""Simulated seconds a frame moves on in a screenshot: the paper and the glow as a person sees them."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config", default="exhibit.toml", metavar="FILE", help="the exhibit's config (default exhibit.toml)"
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="summarize the game records, then stop")
    what.add_argument(
        "--check", action="store_true", help="check the config and the files it names, then stop"
    )
    what.add_argument(
        "--example", action="store_true", help="print a config with every key at its default, then stop"
    )
    needs_no_display(
        what.add_argument(
            "--screenshot",
            metavar="PNG",
            help="headless: attract mode on a simulated clock, its window saved as a picture",
        )
    )
    shot = parser.add_argument_group("--screenshot")
    shot.add_argument(
        "--game",
        choices=stand_names(),
        help="the game on show, with the config's settings for it (default: the config's first)",
    )
    shot.add_argument(
        "--terminal", choices=("teletype", "crt"), help="the window the picture is of (default: the config's)"
    )
    shot.add_argument(
        "--baud",
        type=whole_number,
        metavar="N",
        help="the terminal's speed for the picture: boards on paper in seconds, not minutes (default: the "
        "config's)",
    )
    shot.add_argument(
        "--seconds",
        type=_seconds,
        default=60.0,
        metavar="S",
        help="simulated seconds of attract mode before the picture (default 60)",
    )
    shot.add_argument(
        "--seed", type=whole_number, default=1, help="the exhibit's seed: its computers' dice (default 1)"
    )
    shot.add_argument(
        "--size",
        type=_size,
        metavar="WxH",
        help="the window the picture is of, e.g. 1920x1080 (default: the config's size)",
    )


def _size(text: str) -> tuple[int, int]:
    """A window size the exhibit's config would allow."""
    from ..exhibit.config import window_size

    try:
        return window_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc) or f"{text!r} is not WIDTHxHEIGHT") from None


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 24 * 3600:
        raise argparse.ArgumentTypeError(f"a number of seconds from 0 to 86400, not {text!r}")
    return seconds


def loaded_or_said(command: str, load: Callable[[], ExhibitConfig]) -> ExhibitConfig | None:
    """The config `load` makes, its notes said on stderr; None when it has mistakes, each said in a line
    as `life2 COMMAND: ...` (the exhibit and `life2 serve` read one config the same way)."""
    from ..exhibit.config import ConfigError

    try:
        config = load()
    except ConfigError as exc:
        for problem in exc.problems:
            print(f"life2 {command}: {problem}", file=sys.stderr)
        return None
    for note in config.notes:
        print(f"life2 {command}: note: {note}", file=sys.stderr)
    return config


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..exhibit.config import TERMINAL_TABLES, check_files, example_config, load_config

    if args.example:
        sys.stdout.write(example_config())
        return 0
    config = loaded_or_said("exhibit", lambda: load_config(args.config))
    if config is None:
        return 2
    if args.stats:
        from ..exhibit.records import stats_command

        return stats_command(str(config.records_path))
    if args.check:
        problems = check_files(config)
        for problem in problems:
            print(f"life2 exhibit: {problem}", file=sys.stderr)
        if problems:
            return 2
        print(f"{args.config}: valid")
        print(f"  exhibit: the {config.terminal}, players {config.players}, records {config.records_path}")
        for game in config.games:
            print(f"  {game}: {config.stand(game).summary()}")
        return 0
    if args.screenshot:
        if (args.terminal or config.terminal) not in ("teletype", "crt"):
            parser.error(
                f"--screenshot: the exhibit's terminal is {config.terminal}: a picture needs --terminal "
                "teletype or crt"
            )
        return run_command("exhibit", lambda: _screenshot(config, args))
    from ..exhibit.build import run_exhibit

    ways = config_ways("exhibit.terminal", TERMINAL_TABLES, args.config) + command_line_ways(parser)
    return run_command("exhibit", lambda: run_exhibit(config), ways)


def _screenshot(config: object, args: argparse.Namespace) -> None:
    import dataclasses
    import tempfile
    from pathlib import Path

    from ..exhibit.config import ExhibitConfig
    from ..exhibit.simulated import CONFIG_BAUD, picture_at

    assert isinstance(config, ExhibitConfig)
    with tempfile.TemporaryDirectory(prefix="life2-exhibit-") as folder:
        games = config.games if args.game is None else (args.game,)
        shown = dataclasses.replace(
            config,
            games=games,
            terminal=args.terminal or config.terminal,
            fullscreen=False,
            size=args.size or config.size,
            records_path=Path(folder) / "records.jsonl",
            finds_references=False,
        )
        baud = CONFIG_BAUD if args.baud is None else args.baud
        picture_at(shown, args.screenshot, args.seconds, SCREENSHOT_FRAME, args.seed, baud)
