"""The exhibit, built from its config: the terminal made unattended, the banner, the live listing,
the game records, and the runner that joins them.

The terminal is the Teletype, the glass terminal or a real teletype on a
serial line. A window runs full screen with the pointer hidden, and only the
config's exit chord ends it.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from ..programs import program_entry
from ..terminals import open_terminal, open_window, takes
from ..terminals.base import Terminal
from ..terminals.window import WindowTerminal
from .config import ExhibitConfig
from .runner import Exhibit

KIOSK_HISTORY_LINES = 300
"""Visitors cannot scroll back: keep a page or two of paper, not weeks of it."""
LISTING_TITLE = "LIFE2 (1978) - THE PROGRAM AS IT RUNS"
ANNOTATED_TITLE = "LIFE2 - WHAT EACH LINE DOES (NO LISTING ON THIS MACHINE)"
CELL_LIFE_TITLE = "CELL LIFE (2008) - THE FUNCTION NOW RUNNING"


def build_terminal(config: ExhibitConfig, **extra: Any) -> Terminal:
    """The configured terminal, made unattended: full screen, no pointer, only the exit chord."""
    name = config.terminal
    settings = {**config.terminal_settings.get(name, {}), **extra}
    if name == "serial":
        return open_terminal(name, **settings)
    facts = takes(
        name, erase=program_entry("life2").erase_key(config.dialect), history_lines=KIOSK_HISTORY_LINES
    )
    window = open_window(name, **{"fullscreen": config.fullscreen, "size": config.size, **facts, **settings})
    window.make_kiosk(config.exit_chord)
    return window


def listing_panel_rows(config: ExhibitConfig) -> tuple[list[tuple[int, str]], str, str | None]:
    """The panel's rows: the museum's listing (checked by its SHA-256), or our annotations.

    Returns the rows, the panel's title, and why the listing is not shown (None when it is)."""
    from ..programs.life2_bugs import BUG_NAMES
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

    log = RecordLog(config.records_path, config.records_max_bytes, config.records_keep)
    _stop_cleanly_on_sigterm()
    terminal = terminal or build_terminal(config)
    with terminal:
        exhibit = Exhibit(config, terminal, log, **options)
        if isinstance(terminal, WindowTerminal):
            dress_window(config, terminal, exhibit)
        exhibit.run()


def _stop_cleanly_on_sigterm() -> None:
    """systemd stops a service with SIGTERM: end as the chord does, so the window and the port
    are given back and the game in progress is recorded as stopped by the operator."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(0)

    with contextlib.suppress(ValueError):  # not the main thread (tests): leave signals alone
        signal.signal(signal.SIGTERM, stop)


def dress_window(config: ExhibitConfig, terminal: WindowTerminal, exhibit: Exhibit) -> None:
    """The banner over the terminal and the live listing beside it."""
    from .annotations import cell_life_rows
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
        life2_panel = ListingPanel(terminal.pygame, rows, title, exhibit.variables)
        cell_rows, functions = cell_life_rows()
        cell_panel = ListingPanel(
            terminal.pygame, cell_rows, CELL_LIFE_TITLE, exhibit.variables, label="FUNCTION"
        )
        panels = {"life2": life2_panel, "cell-life": cell_panel}

        def show(game: str) -> None:
            terminal.set_side_panel(panels[game])

        def follow(entered: int | str, _program: Any) -> None:
            if isinstance(entered, int):
                life2_panel.current = entered
            else:
                cell_panel.current = functions.get(entered, cell_panel.current)
                cell_panel.where = entered

        show(exhibit.game)
        exhibit.on_game = show
        exhibit.on_line = follow
