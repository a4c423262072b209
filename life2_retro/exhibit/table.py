"""A game table: the exhibit's terminal as a program sees it, with some seats taken by computers.

To the program it is just a terminal. Its output goes on to the real terminal,
and the table reads it as a person at the paper would (`read_paper`): whose
prompt is waiting, the rounds played, how the game ended. When the program
asks for a line, the stand's table decides who answers (`read_line`): a
visitor at the real terminal, or a computer.

In attract mode a key struck while the game prints brings a visitor
(`on_key`); in a visitor's game a prompt left alone for `idle_seconds` ends it.
Everything else is passed on as it came.
"""

from __future__ import annotations

from abc import abstractmethod

from ..terminals.base import KeyHook, Terminal


class Table(Terminal):
    reads_first = True
    """Whether the table reads the output before the terminal shows it (the LIFE2 and Cell Life
    stands: their round limits cut a game before the board past the limit prints), or after (the
    p2life stand: its panel changes when the paper has printed what it shows, not a whole board
    earlier, which at 110 baud is half a minute)."""

    def __init__(
        self, terminal: Terminal, on_key: KeyHook | None = None, idle_seconds: float | None = None
    ) -> None:
        self.terminal = terminal
        self.on_key = on_key
        """Called when a key is struck while the game prints (attract mode: a visitor arrived)."""
        self.idle_seconds = idle_seconds
        """How long a visitor's prompt waits before the game is abandoned (None: for ever)."""
        self.moves: list[list[object]] = []
        """[player number, what was typed], in the order typed: the record's moves."""

    def read_paper(self, data: bytes) -> None:
        """The program's output, as the people at the table see it (before the terminal shows it)."""

    @abstractmethod
    def read_line(self, idle_seconds: float | None = None) -> bytes | None: ...

    def read_visitor(self) -> bytes | None:
        """A line from the visitor at the real terminal, waiting `idle_seconds` at most."""
        return self.terminal.read_line(self.idle_seconds)

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        if self.reads_first:
            self.read_paper(data)
        self.terminal.write(data, on_key=on_key or self.on_key)
        if not self.reads_first:
            self.read_paper(data)

    def echo(self, data: bytes) -> None:
        self.terminal.echo(data)

    def notice(self, text: str) -> None:
        self.terminal.notice(text)

    def redisplay_from_here(self) -> None:
        self.terminal.redisplay_from_here()

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self.terminal.idle(seconds, on_key=on_key or self.on_key)

    def show_typing(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """A computer's move typed at the prompt; a visitor's key meanwhile wakes the exhibit as it
        does while the program prints (a key dropped there went unanswered)."""
        self.terminal.show_typing(data, on_key=on_key or self.on_key)
