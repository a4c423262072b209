"""Where bytes meet people; terminals know nothing of the rules.

Terminals plug in by name, the way pyserial picks a URL handler from its
scheme: each is one small module with one class, imported only when chosen, so
a terminal's libraries load only when that terminal is used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .base import Terminal
from .options import Offered

if TYPE_CHECKING:  # the window terminals' module is imported only when a window is opened
    from .window.terminal import PygameTerminal

TERMINALS: dict[str, tuple[str, str]] = {
    "console": ("life2_retro.terminals.console", "ConsoleTerminal"),
    "teletype": ("life2_retro.terminals.window.teletype", "Teletype"),
    "crt": ("life2_retro.terminals.window.crt", "Crt"),
    "serial": ("life2_retro.terminals.serial.terminal", "SerialTerminal"),
    "telnet": ("life2_retro.terminals.telnet.terminal", "TelnetTerminal"),
    "web": ("life2_retro.terminals.web.seat", "WebSeat"),
}
WINDOW_TERMINALS = ["teletype", "crt"]
"""The terminals that are pygame windows (window/)."""


def terminal_class(name: str) -> type[Terminal]:
    """The class registered under `name`."""
    try:
        module_name, class_name = TERMINALS[name]
    except KeyError:
        raise ValueError(f"unknown terminal {name!r}: choose from {', '.join(TERMINALS)}") from None
    chosen: type[Terminal] = getattr(import_module(module_name), class_name)  # TERMINALS names classes
    return chosen


def offered(names: tuple[str, ...] | list[str], leave_out: tuple[str, ...] = ()) -> Offered:
    """Each named terminal with the options it declares, less those named in `leave_out`."""
    return {
        name: tuple(option for option in terminal_class(name).OPTIONS if option.name not in leave_out)
        for name in names
    }


def open_terminal(name: str, **settings: Any) -> Terminal:
    """The terminal registered under `name`, made with `settings` (see its OPTIONS)."""
    return terminal_class(name)(**settings)


def open_window(name: str, **settings: Any) -> PygameTerminal:
    """A window terminal: one whose picture can be drawn, saved and shared (window/__init__.py)."""
    from .window.terminal import PygameTerminal

    terminal = open_terminal(name, **settings)
    if not isinstance(terminal, PygameTerminal):
        terminal.close()
        raise ValueError(f"the {name} terminal is not a window: choose from {', '.join(WINDOW_TERMINALS)}")
    return terminal


def takes(name: str, **facts: Any) -> dict[str, Any]:
    """Of `facts` a caller knows (the erase key of the program's runtime, how much paper a kiosk
    keeps), those the named terminal declares it takes."""
    declared = {option.name for option in terminal_class(name).OPTIONS}
    return {key: value for key, value in facts.items() if key in declared}
