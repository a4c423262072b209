"""How life2 ends: one rule for its exit status, whatever the terminal or the command.

    0        the game or the command ended as it meant to: the program's end, Esc or a window
             closed, the exhibit's exit chord, a BASIC that took Ctrl-C as its own BREAK key
    2        an error, said in one line on stderr
    130      Ctrl-C, wherever it was typed: the console, a window, a telnet or serial seat
    128 + N  signal N (SIGTERM 143, SIGHUP 129, SIGQUIT 131 at the console), after the same clean
             shutdown a Ctrl-C gets: the terminal given back, the window and the ports closed, the
             other seats told, the exhibit's game recorded, a study's finished runs written

A closed ssh session or terminal window sends SIGHUP; `kill`, `timeout`, systemd and batch systems
send SIGTERM. Left to their default, either would end life2 where it stood: a tty left without its
echo, a table half written, a window's library taking SIGTERM for a click on its close button
(exit 0). So every command runs with both raising `Signalled`, a SystemExit whose status is
128 + N, from wherever the main thread is; the `with` blocks on the way out do the shutdown.
Only the first signal raises: a second one would break off the very clean-up the first began.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as a shell gives a command Ctrl-C ended."""
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""The signals every command ends on cleanly (the console adds SIGQUIT, console.py)."""


def status_of(signum: int) -> int:
    """The status a shell gives a command signal `signum` ended: 128 + N."""
    return 128 + signum


class Signalled(SystemExit):
    """A signal ends life2: a SystemExit (nothing on the way swallows it) whose code is 128 + N."""

    def __init__(self, signum: int) -> None:
        super().__init__(status_of(signum))
        self.signum = signum


def no_library_signal_handlers() -> None:
    """SDL (under pygame) turns SIGINT and SIGTERM into a QUIT event, a click on the window's close:
    the game would end with 0, or an exhibit ignore it. Python's handlers are to have them."""
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


_holding: list[list[int]] = []
"""The signals each `signals_held` block now running has held back, innermost last."""


@contextmanager
def signals_held() -> Iterator[None]:
    """A signal that comes while the block runs raises Signalled as the block ends, not inside it.

    For imports of libraries that swallow what is raised inside them: `import pygame` imports
    NumPy, whose start-up lost a Signalled raised there (a SIGTERM sent just after `life2
    terminal` started was taken, and the window went on for good, found under load). Only a
    block that ends normally raises: one that raised already ends the command anyway."""
    held: list[int] = []
    _holding.append(held)
    try:
        yield
    finally:
        _holding.remove(held)
    if held:
        raise Signalled(held[0])


@contextmanager
def ending_on_signals(then_ignored: bool = False) -> Iterator[None]:
    """SIGTERM and SIGHUP raise Signalled in the main thread while the block runs.

    A signal the process was started ignoring (nohup) stays ignored; outside the main thread (a
    test calling a command) nothing is changed. `then_ignored`: the block is the whole program,
    and its status is made when it ends. Python's own exit, which for a study takes some tenths of
    a second (its libraries' clean-up), would give the signals their defaults back, and one that
    came then ended the process by the signal itself (status -2 and no word, after its table was
    written): Ctrl-C, SIGTERM and SIGHUP are ignored from then on instead."""
    no_library_signal_handlers()
    received: list[int] = []
    armed = [True]

    def end(signum: int, _frame: FrameType | None) -> None:
        if received or not armed[0]:
            return  # already ending; or the block is over, and its handlers going
        received.append(signum)
        if _holding:
            _holding[-1].append(signum)  # raised as that block ends (signals_held)
            return
        raise Signalled(signum)

    previous: dict[signal.Signals, Callable[[int, FrameType | None], Any] | int | signal.Handlers | None] = {}
    with suppress(ValueError):  # not the main thread
        for caught in ENDING_SIGNALS:
            if signal.getsignal(caught) is not signal.SIG_IGN:
                previous[caught] = signal.signal(caught, end)
    try:
        yield
    finally:
        armed[0] = False
        if then_ignored and previous:
            for signum in (signal.SIGINT, *ENDING_SIGNALS):
                signal.signal(signum, signal.SIG_IGN)
        else:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
