"""The contract between a running program and the place its bytes meet people.

A terminal knows nothing of LIFE2's rules. It takes the bytes a BASIC sends,
hands back one typed line at a time, and decides what the host's echo of that
line looks like on it: a transcript keeps it, a console hides it from the
opponent, a paper teletype strikes it over the ink blot.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Self


class TerminalClosed(Exception):
    """The person at the terminal ended the game: closed its window, or pressed Esc."""


class OperatorExit(TerminalClosed):
    """An unattended terminal's operator pressed the exit chord: the exhibit ends."""


class IdleTimeout(Exception):
    """Nobody typed for `idle_seconds` at a prompt; the half-typed line is gone."""


class Terminal(ABC):
    """One output device and keyboard, chosen by name from the registry.

    Two hooks serve an unattended exhibit; other uses leave them unset. With
    `idle_seconds` set, `read_line` raises IdleTimeout when nobody types for that
    long. `on_key_while_busy` is called when a key arrives while no line is being
    read (a visitor arriving during attract mode); it may raise to stop the output.
    """

    idle_seconds: float | None = None
    on_key_while_busy: Callable[[], None] | None = None

    @abstractmethod
    def write(self, data: bytes) -> None:
        """Bytes the BASIC sends (prompts, boards, messages)."""

    def echo(self, data: bytes) -> None:
        """The host's echo of a typed response. By default it is shown like any output."""
        self.write(data)

    @abstractmethod
    def read_line(self) -> bytes | None:
        """One typed response without its line ending; None when no more input can come."""

    def redisplay_from_here(self) -> None:
        """The program begins a full picture of the game (a board): a terminal that may have to
        show it again after losing its line keeps the output from here on (see redisplay.py)."""

    def idle(self, seconds: float) -> None:
        """Let time pass with the terminal still alive (keys are noticed, windows redrawn)."""
        time.sleep(seconds)

    def stop_output(self) -> None:
        """Drop whatever is still to be printed (a visitor arrived: the computers' game is over)."""

    def discard_input(self) -> None:
        """Forget whatever was typed and not yet read (a game abandoned, a visitor's first key)."""

    def show_typing(self, data: bytes) -> None:
        """Keys a computer player types at the prompt: shown only where a person's keys would be
        (a half-duplex Teletype prints them onto the blot); by default nowhere."""

    def bell(self) -> None:
        self.write(b"\a")

    def close(self) -> None:
        """Give back whatever the terminal took (tty modes, windows, ports)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
