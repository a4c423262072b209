"""Where bytes meet people; terminals know nothing of the rules.

Terminals plug in by name, the way pyserial picks a URL handler from its
scheme: each is one small module with one class, imported only when chosen, so
a terminal's libraries load only when that terminal is used.
"""

from __future__ import annotations

from importlib import import_module

from .base import Terminal

TERMINALS: dict[str, tuple[str, str]] = {
    "console": ("life2_retro.terminals.console", "ConsoleTerminal"),
    "teletype": ("life2_retro.terminals.window.teletype", "Teletype"),
    "crt": ("life2_retro.terminals.window.crt", "Crt"),
    "serial": ("life2_retro.terminals.serial.terminal", "SerialTerminal"),
}
PYGAME_TERMINALS = ("teletype", "crt")


def terminal_class(name: str) -> type[Terminal]:
    """The class registered under `name`."""
    try:
        module_name, class_name = TERMINALS[name]
    except KeyError:
        raise ValueError(f"unknown terminal {name!r}: choose from {', '.join(TERMINALS)}") from None
    return getattr(import_module(module_name), class_name)
