"""What a command can do when no window can be opened, read from what the command itself accepts.

A pygame window needs a display, and what to do without one depends on the
command: `life2` plays on the console or a serial line, `life2 watch` saves a
picture headless, `life2 exhibit` runs on a serial teletype set in its config,
`life2 terminal` can only be run where there is a display. Each way offered is
read from the command's own parser (its --terminal choices, the options marked
as needing no display) or its config's terminals, never written out command by
command, so the advice cannot offer what the command would refuse.
"""

from __future__ import annotations

import argparse
import weakref
from collections.abc import Iterable, Mapping, Sequence

from ..terminals import TERMINALS, WINDOW_TERMINALS, terminal_class
from ..terminals.options import Declared, Option

_HEADLESS: weakref.WeakSet[argparse.Action] = weakref.WeakSet()
"""The options marked by `needs_no_display`."""


def needs_no_display(action: argparse.Action) -> argparse.Action:
    """Marks an option that does its work without a window (`life2 watch --screenshot`), so the
    advice offers it."""
    _HEADLESS.add(action)
    return action


def _windowless(names: Iterable[str]) -> list[str]:
    """Of the terminals named, those that draw no window (a name that is no terminal is a window)."""
    return [name for name in names if name in TERMINALS and name not in WINDOW_TERMINALS]


def _required(options: Sequence[Declared]) -> list[Option]:
    return [option for option in options if isinstance(option, Option) and option.required]


def command_line_ways(parser: argparse.ArgumentParser) -> list[str]:
    """Each way the command line offers to do without a window: a --terminal choice that draws none,
    with what that terminal cannot do without, and every option marked as needing no display."""
    ways = []
    for action in parser._actions:  # argparse keeps no public list of a parser's options
        if "--terminal" in action.option_strings and action.choices is not None:
            for name in _windowless(action.choices):
                terminal = terminal_class(name)
                required = _required(terminal.OPTIONS)
                needed = "".join(f" {option.cli_flag} {option.metavar or 'VALUE'}" for option in required)
                ways.append(f"--terminal {name}{needed} ({terminal.DESCRIPTION})")
        if action in _HEADLESS:
            ways.append(f"{action.option_strings[0]} {action.metavar or 'VALUE'} ({action.help})")
    return ways


def config_ways(key: str, tables: Mapping[str, Sequence[Declared]], config: str) -> list[str]:
    """Each way a config file offers: `key` set to a terminal of `tables` that draws no window, with
    the keys of its table it cannot do without."""
    ways = []
    for name in _windowless(tables):
        needed = "".join(f" and {name}.{option.name}" for option in _required(tables[name]))
        ways.append(f'{key} = "{name}"{needed} in {config} ({terminal_class(name).DESCRIPTION})')
    return ways


def said(ways: Sequence[str]) -> str:
    """The ways, as the end of the no-window message."""
    return f"; without a window: {' or '.join(ways)}" if ways else ""
