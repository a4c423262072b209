"""A Teletype Model 33's paper and carriage, as data: what was struck where, and with how much ink.

Facts (Teletype Bulletin 310B): 72 characters a line at 10 to the inch, 6
lines to the inch, on 8 1/2-inch paper. A carriage return alone leaves the
paper where it is, so later characters strike over earlier ones. Past column
72 the carriage stays put, and every further character strikes the last
column. The margin bell rings as the 71st character prints. The Model 33
prints the 64 codes from space to underscore; lower case prints as capitals.

Nothing here draws: a renderer reads the strikes (and the log of new ones).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .font import teletype_char

COLUMNS = 72
BELL_COLUMN = 71
"""The margin bell rings as the character in this column (counting from 1) is printed."""
CHARACTERS_PER_INCH = 10
LINES_PER_INCH = 6
PAPER_INCHES = 8.5


@dataclass(frozen=True, slots=True)
class Strike:
    """One blow of the type on the ribbon and paper."""

    char: str
    ink: float
    """How much ink this blow leaves: the hammer's blow is much the same every time (0.95 to 1)."""
    dx: float
    dy: float
    """How far the type box landed off its place, in 64ths of an inch."""
    seed: int
    """Seeds the dot-by-dot variation of the blow."""


@dataclass(slots=True)
class Line:
    cells: dict[int, list[Strike]] = field(default_factory=dict)


class PaperRoll:
    """The printed history and the carriage of one Teletype.

    `receive` takes the bytes the line delivers and returns what the machine
    did, for sound: "print" (a character or space), "return", "feed", "bell".
    """

    def __init__(self, seed: int = 33, max_lines: int = 5000) -> None:
        self._random = random.Random(seed)
        self.max_lines = max_lines
        self.lines: list[Line] = [Line()]
        self.first_row = 0
        """The row number of lines[0]: old lines are let go after max_lines."""
        self.column = 0
        self.log: list[tuple[int, int, Strike, int]] = []
        """Every strike in order, as (row, column, strike, blows before it in that cell)."""

    @property
    def row(self) -> int:
        """The row the print head is on."""
        return self.first_row + len(self.lines) - 1

    def line(self, row: int) -> Line | None:
        index = row - self.first_row
        return self.lines[index] if 0 <= index < len(self.lines) else None

    def receive(self, data: bytes) -> list[str]:
        sounds: list[str] = []
        for byte in data:
            byte &= 0x7F  # the parity bit is the line's business, not the printer's
            if byte == 0x0D:
                self.column = 0
                sounds.append("return")
            elif byte == 0x0A:
                self._feed()
                sounds.append("feed")
            elif byte == 0x07:
                sounds.append("bell")
            else:
                char = teletype_char(chr(byte))
                if char:
                    sounds.extend(self.strike(char))
        return sounds

    def strike(self, char: str) -> list[str]:
        """Print one character (a space moves the carriage and strikes nothing)."""
        sounds = ["print"]
        column = min(self.column, COLUMNS - 1)
        if char != " ":
            strike = Strike(
                char,
                ink=self._random.uniform(0.95, 1.0),
                dx=self._random.uniform(-0.25, 0.25),
                dy=self._random.uniform(-0.2, 0.2),
                seed=self._random.getrandbits(32),
            )
            cell = self.lines[-1].cells.setdefault(column, [])
            cell.append(strike)
            self.log.append((self.row, column, strike, len(cell) - 1))
        if column + 1 == BELL_COLUMN and self.column < COLUMNS:
            sounds.append("bell")
        self.column = min(self.column + 1, COLUMNS)
        return sounds

    def _feed(self) -> None:
        self.lines.append(Line())
        if len(self.lines) > self.max_lines:
            drop = len(self.lines) - self.max_lines
            del self.lines[:drop]
            self.first_row += drop
            if self.log and self.log[0][0] < self.first_row:  # rows only grow: the oldest come first
                self.log = [entry for entry in self.log if entry[0] >= self.first_row]

    def take_log(self) -> list[tuple[int, int, Strike, int]]:
        """The strikes since the last call."""
        new, self.log = self.log, []
        return new
