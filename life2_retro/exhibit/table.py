"""The game table: one terminal, two seats, each taken by a visitor or a computer.

To the program it is just a terminal. Its output goes to the real terminal
and to the observer, which reads it as a player at the paper would. When the
program asks for a line, the table asks whoever the prompt is for: a visitor
types at the real terminal; a computer answers from the move it committed for
this round, decided before any visitor's input of the round was read. So a
computer never sees a move it should not: it knows only what was printed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..terminals.base import KeyHook, Terminal
from .observer import GameObserver


class Computer(Protocol):
    name: str

    def commit(self, observer: GameObserver) -> None: ...

    def answer(self, observer: GameObserver) -> bytes: ...


class GameTable(Terminal):
    def __init__(
        self,
        terminal: Terminal,
        seats: dict[int, Computer | None],
        on_answer: Callable[[int, bytes], None] | None = None,
        ask_again_when_empty: bool = False,
        on_key: KeyHook | None = None,
        idle_seconds: float | None = None,
    ) -> None:
        self.terminal = terminal
        self.seats = seats
        """Player number -> the computer in that seat, or None for a visitor."""
        self.observer = GameObserver()
        self.moves: list[list[object]] = []
        self.on_answer = on_answer
        self.ask_again_when_empty = ask_again_when_empty
        """A visitor's Return on an empty line is not passed on (the 1978 BASIC would stop)."""
        self.on_key = on_key
        """Called when a key is struck while the game prints (attract mode: a visitor arrived)."""
        self.idle_seconds = idle_seconds
        """How long a visitor's prompt waits before the game is abandoned (None: for ever)."""
        self._last_prompted = 1

    @property
    def computers(self) -> list[Computer]:
        return [player for player in self.seats.values() if player is not None]

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.observer.feed(data)
        self.terminal.write(data, on_key=on_key or self.on_key)

    def echo(self, data: bytes) -> None:
        self.terminal.echo(data)

    def redisplay_from_here(self) -> None:
        self.terminal.redisplay_from_here()

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self.terminal.idle(seconds, on_key=on_key or self.on_key)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        number = self.observer.prompted or self._last_prompted
        self._last_prompted = number
        for computer in self.computers:  # every computer decides before anyone's input is read
            computer.commit(self.observer)
        player = self.seats.get(number)
        if player is None:
            line = self.terminal.read_line(self.idle_seconds)
            while line is not None and self.ask_again_when_empty and not line.strip():
                line = self.terminal.read_line(self.idle_seconds)
            if line is None:
                return None
        else:
            line = player.answer(self.observer)
            self.terminal.show_typing(line)
        self.moves.append([number, line.decode("ascii", "replace")])
        if self.on_answer is not None:
            self.on_answer(number, line)
        return line
