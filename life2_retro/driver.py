"""Connecting a running program to a terminal: the only loop that does I/O for a game."""

from __future__ import annotations

from collections.abc import Callable, Collection

from .basic.events import INPUT_REQUEST, Echo, Run, Stop
from .terminals.base import Terminal


def drive(
    run: Run,
    terminal: Terminal,
    on_line: Callable[[int], None] | None = None,
    redisplay_lines: Collection[int] = (),
) -> Stop:
    """Feed the program's events to the terminal until the program stops.

    `redisplay_lines` are where the program begins a full picture of the game;
    entering one tells the terminal (see Terminal.redisplay_from_here).
    """
    try:
        event = next(run)
        while True:
            kind = type(event)
            if kind is int:
                if redisplay_lines and event in redisplay_lines:
                    terminal.redisplay_from_here()
                if on_line is not None:
                    on_line(event)
            elif kind is bytes:
                terminal.write(event)
            elif kind is Echo:
                terminal.echo(event)
            elif event is INPUT_REQUEST:
                event = run.send(terminal.read_line())
                continue
            else:
                raise TypeError(f"a program yielded {event!r}, which is no event")
            event = next(run)
    except StopIteration as stop:
        return stop.value
