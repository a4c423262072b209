"""`life2 exhibit`: the museum kiosk, built from its config (exhibit/build.py).

`--check` validates the config and stops; `--stats` summarizes the game records.
"""

from __future__ import annotations

import argparse
import sys

from .running import run_command
from .without_a_window import config_ways

SUMMARY = "the museum kiosk: attract mode, computer opponents, the live listing (--config FILE)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config", default="exhibit.toml", metavar="FILE", help="the exhibit's config (default exhibit.toml)"
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="summarize the game records, then stop")
    what.add_argument("--check", action="store_true", help="check the config, then stop")


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..exhibit.build import listing_panel_rows, run_exhibit
    from ..exhibit.config import TERMINAL_TABLES, ConfigError, load_config

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        for problem in exc.problems:
            print(f"life2 exhibit: {problem}", file=sys.stderr)
        return 2
    if args.stats:
        from ..exhibit.records import stats_command

        return stats_command(str(config.records_path))
    if args.check:
        summary = f"{config.terminal}, players {config.players}, records {config.records_path}"
        _, _, why_not = listing_panel_rows(config)
        if why_not is not None and config.listing_path is not None:
            print(f"life2 exhibit: listing.path: {why_not}", file=sys.stderr)
            return 2
        panel = "the listing" if why_not is None else "our notes"
        print(f"{args.config}: valid ({summary}; the panel shows {panel})")
        return 0
    ways = config_ways("exhibit.terminal", TERMINAL_TABLES, args.config)
    return run_command("exhibit", lambda: run_exhibit(config), ways)
