"""The exhibit, built from its config: the terminal made unattended, the banner, the live listing,
the game records, and the runner that joins them.

The terminal is the Teletype, the glass terminal or a real teletype on a
serial line. A window runs full screen with the pointer hidden, and only the
config's exit chord ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..exits import ending_on_signals
from ..terminals import open_terminal, open_window, takes
from ..terminals.base import Terminal
from ..terminals.window import WindowTerminal
from .config import ExhibitConfig
from .runner import Exhibit
from .stands.base import Panel

if TYPE_CHECKING:
    from .records import RecordLog

KIOSK_HISTORY_LINES = 300
"""Visitors cannot scroll back: keep a page or two of paper, not weeks of it."""


def build_terminal(config: ExhibitConfig, **extra: Any) -> Terminal:
    """The configured terminal, made unattended: full screen, no pointer, only the exit chord. Each
    game sets its own erase key when it starts (Exhibit.play)."""
    name = config.terminal
    settings = {**config.terminal_settings.get(name, {}), **extra}
    if name == "serial":
        return open_terminal(name, **settings)
    facts = takes(name, history_lines=KIOSK_HISTORY_LINES)
    window = open_window(name, **{"fullscreen": config.fullscreen, "size": config.size, **facts, **settings})
    window.make_kiosk(config.exit_chord)
    return window


def run_exhibit(config: ExhibitConfig, terminal: Terminal | None = None, **options: Any) -> None:
    """Build everything the config asks for and run until the operator's chord."""
    import sys

    from .records import RecordLog

    for note in config.notes:
        print(f"life2 exhibit: note: {note}", file=sys.stderr)
    log = RecordLog(config.records_path, config.records_max_bytes, config.records_keep)
    # systemd stops a service with SIGTERM, a closed terminal sends SIGHUP: either ends the exhibit
    # as the chord does (the window and the port given back, the game in progress recorded as
    # stopped by the operator), with 128 + N as every command (exits.py)
    with ending_on_signals():
        _run(config, terminal, log, options)


def _run(config: ExhibitConfig, terminal: Terminal | None, log: RecordLog, options: dict[str, Any]) -> None:
    terminal = terminal or build_terminal(config)
    with terminal:
        exhibit = Exhibit(config, terminal, log, **options)
        if isinstance(terminal, WindowTerminal):
            dress_window(config, terminal, exhibit)
        exhibit.run()


def dress_window(config: ExhibitConfig, terminal: WindowTerminal, exhibit: Exhibit) -> None:
    """The banner over the terminal and, beside it, the panel of the game on show."""
    from .banner import Banner

    banner = Banner(terminal.pygame, config.banner(exhibit.game), terminal.clock.now)
    terminal.overlay = banner

    def show_banner(on: bool) -> None:
        banner.on = on

    exhibit.show_banner = show_banner
    panels: dict[str, Panel | None] = {}
    if config.panel:
        for name, stand in exhibit.stands.items():
            panels[name] = stand.panel(terminal.pygame, lambda: exhibit.current)

    def show(game: str) -> None:
        banner.text = config.banner(game).upper()
        if config.panel:
            terminal.set_side_panel(panels[game])

    def follow(entered: int | str, _program: Any) -> None:
        panel = panels.get(exhibit.game)
        if panel is not None:
            panel.follow(entered)

    show(exhibit.game)
    exhibit.on_game = show
    exhibit.on_line = follow
