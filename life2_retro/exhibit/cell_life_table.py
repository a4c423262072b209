"""Cell Life at the exhibit's terminal: the set-up questions answered as the museum set them, ENTER
pressed by itself while computers play, a visitor's moves typed by the visitor.

Cell Life's computers are the program's own (or our levels, the config says):
no player outside the program decides anything. So the table only answers
what the program asks before the game (how many players, who is a computer,
which board), shows those answers as a person's keys would be shown, and
then, in attract mode, presses ENTER for each generation; in a visitor's game
it hands every question to the visitor. It reads the program's output as a
person would, for the round limit and the record: whose prompt is waiting,
how many generations have passed, and how the game ended.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..terminals.base import KeyHook, Terminal

_PROMPT = re.compile(rb"Generation \d+, player (\d) \(.\) <X,Y>: $")
_ASKED_AGAIN = b"Retry. x,y : "
_WINS = re.compile(rb"Player (\d) wins!")
GENERATION = b"Press ENTER to advance the generation:"


class CellLifeTable(Terminal):
    def __init__(
        self,
        terminal: Terminal,
        setup: list[bytes],
        visitor: bool,
        on_generation: Callable[[int], None] | None = None,
        on_key: KeyHook | None = None,
        idle_seconds: float | None = None,
    ) -> None:
        self.terminal = terminal
        self.setup = list(setup)
        """The answers to the questions before the game, in the order the program asks them."""
        self.visitor = visitor
        self.on_generation = on_generation
        self.on_key = on_key
        self.idle_seconds = idle_seconds
        self.generations = 0
        self.moves: list[list[object]] = []
        self._tail = b""
        self._asking = 1
        self.waiting_for: str | None = None
        """What the paper asks for last: "square" (a move), "enter" (the next generation), or None."""
        self.winner: int | str | None = None

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self._read_paper(data)
        self.terminal.write(data, on_key=on_key or self.on_key)

    def _read_paper(self, data: bytes) -> None:
        self._tail = (self._tail + data)[-400:]
        prompt = _PROMPT.search(self._tail)
        if prompt is not None:
            self._asking = int(prompt[1])
        if data:
            self.waiting_for = (
                "square"
                if prompt is not None or self._tail.endswith(_ASKED_AGAIN)
                else "enter"
                if self._tail.endswith(GENERATION + b"\r\n")
                else None
            )
        if GENERATION in data or (GENERATION in self._tail and GENERATION not in self._tail[: -len(data)]):
            self.generations += 1
            if self.on_generation is not None:
                self.on_generation(self.generations)
        if (won := _WINS.search(self._tail)) is not None:
            self.winner = int(won[1])
        elif b"Total extinction." in self._tail:
            self.winner = "extinction"
        elif b"Hybred takeover!" in self._tail:
            self.winner = "hybrids"

    def echo(self, data: bytes) -> None:
        self.terminal.echo(data)

    def notice(self, text: str) -> None:
        self.terminal.notice(text)

    def redisplay_from_here(self) -> None:
        self.terminal.redisplay_from_here()

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self.terminal.idle(seconds, on_key=on_key or self.on_key)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        if self.setup:
            answer = self.setup.pop(0)
            self.terminal.show_typing(answer)
            return answer
        if not self.visitor or self.winner is not None:
            # ENTER for the next generation when only computers play, and for the program's last
            # getchar after its ending: the exhibit shows the result for its own while
            self.terminal.show_typing(b"")
            return b""
        line = self.terminal.read_line(self.idle_seconds)
        if line is not None and self.waiting_for == "square":
            self.moves.append([self._asking, line.decode("ascii", "replace")])
        return line
