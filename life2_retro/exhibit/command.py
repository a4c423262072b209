"""`life2 exhibit`: the kiosk, built from its config.

The terminal is the Teletype, the glass terminal or a real teletype on a
serial line. A pygame terminal runs full screen with the pointer hidden, and
only the config's exit chord ends it. `--check` validates the config and
stops; `--stats` summarizes the game records.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from ..basic.dialects import Dialect
from ..exits import run_command
from ..terminals.base import Terminal
from .config import EFFECTS, ConfigError, ExhibitConfig, load_config

KIOSK_HISTORY_LINES = 300
LISTING_TITLE = "LIFE2 (1978) - THE PROGRAM AS IT RUNS"
ANNOTATED_TITLE = "LIFE2 - WHAT EACH LINE DOES (NO LISTING ON THIS MACHINE)"


def exhibit_command(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"life2 exhibit: {exc}", file=sys.stderr)
        return 2
    if args.stats:
        from .records import stats_command

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
    return run_command("exhibit", lambda: run_exhibit(config))


def build_terminal(config: ExhibitConfig, **extra: Any) -> Terminal:
    """The configured terminal, made unattended: full screen, no pointer, only the exit chord."""
    from ..terminals import terminal_class
    from ..terminals.window.crt import Effects

    if config.terminal == "serial":
        s = config.serial
        return terminal_class("serial")(
            s.port,
            baud=s.baud,
            bytesize=s.bytesize,
            parity=s.parity,
            stopbits=s.stopbits,
            flow=s.flow,
            echo=s.echo,
            uppercase=s.uppercase,
            fill_after_cr=s.fill_cr,
            fill_after_lf=s.fill_lf,
            **extra,
        )
    options: dict[str, Any] = {"fullscreen": config.fullscreen, "size": config.size, "sound": config.sound}
    if config.terminal == "teletype":
        options["baud"] = config.teletype_baud
        # visitors cannot scroll back: keep a page or two of paper, not weeks of it
        options["history_lines"] = KIOSK_HISTORY_LINES
        options["erase"] = Dialect.named(config.dialect).rules.erase
    else:
        options["baud"] = config.crt_baud
        options["phosphor"] = config.phosphor
        options["effects"] = Effects(**{name: name in config.effects for name in EFFECTS})
    terminal = terminal_class(config.terminal)(**{**options, **extra})
    terminal.make_kiosk(config.exit_chord)  # type: ignore[attr-defined]
    return terminal


def listing_panel_rows(config: ExhibitConfig) -> tuple[list[tuple[int, str]], str, str | None]:
    """The panel's rows: the museum's listing (checked by its SHA-256), or our annotations.

    Returns the rows, the panel's title, and why the listing is not shown (None when it is)."""
    from ..programs.bugs import BUG_NAMES
    from ..reference.listing import ListingError, load_listing
    from ..reference.patches import patch_lines
    from .annotations import annotated_listing
    from .panel import listing_rows

    if config.listing_path is not None:
        try:
            listing = load_listing(config.listing_path)
        except ListingError as exc:
            return annotated_listing(), ANNOTATED_TITLE, str(exc).splitlines()[0]
        patched: dict[int, bytes] = {}
        for switch in BUG_NAMES:
            if switch not in config.bugs:
                patched.update(patch_lines(switch))
        return listing_rows(listing, patched), LISTING_TITLE, None
    return annotated_listing(), ANNOTATED_TITLE, "no listing path in the config"


def run_exhibit(config: ExhibitConfig, terminal: Terminal | None = None, **options: Any) -> None:
    """Build everything the config asks for and run until the operator's chord."""
    from .records import RecordLog
    from .runner import Exhibit

    log = RecordLog(config.records_path, config.records_max_bytes, config.records_keep)
    _stop_cleanly_on_sigterm()
    terminal = terminal or build_terminal(config)
    with terminal:
        exhibit = Exhibit(config, terminal, log, **options)
        if hasattr(terminal, "set_side_panel"):
            _dress_window(config, terminal, exhibit)
        exhibit.run()


def _stop_cleanly_on_sigterm() -> None:
    """systemd stops a service with SIGTERM: end as the chord does, so the window and the port
    are given back and the game in progress is recorded as stopped by the operator."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(0)

    with contextlib.suppress(ValueError):  # not the main thread (tests): leave signals alone
        signal.signal(signal.SIGTERM, stop)


def _dress_window(config: ExhibitConfig, terminal: Any, exhibit: Any) -> None:
    """The banner over the terminal and the live listing beside it."""
    from .banner import Banner
    from .panel import ListingPanel

    banner = Banner(terminal.pygame, config.banner, terminal.clock.now)
    terminal.overlay = banner

    def show_banner(on: bool) -> None:
        banner.on = on

    exhibit.show_banner = show_banner
    if config.panel:
        rows, title, why_not = listing_panel_rows(config)
        if why_not is not None and config.listing_path is not None:
            print(f"life2 exhibit: the panel shows our annotations: {why_not}", file=sys.stderr)
        panel = ListingPanel(terminal.pygame, rows, title, exhibit.variables)
        terminal.set_side_panel(panel)

        def follow(number: int, _program: Any) -> None:
            panel.current = number

        exhibit.on_line = follow
