"""A glass teletype's screen as data: 80 columns by 24 rows, scrolling, no cursor addressing.

It behaves like the paper it replaced: characters go where the cursor is, CR
takes it to column 0 (where the next characters overwrite what is there), LF
moves down a row and scrolls at the bottom, a character past column 80 wraps
to a new row. BEL is handed back as "bell" for the terminal to sound. Other
control characters do nothing.
"""

from __future__ import annotations

COLUMNS, ROWS = 80, 24


class GlassScreen:
    def __init__(self, columns: int = COLUMNS, rows: int = ROWS) -> None:
        self.columns = columns
        self.rows = rows
        self.cells: list[list[str]] = [[" "] * columns for _ in range(rows)]
        self.row = 0
        self.column = 0
        self.version = 0
        """Counts changes, so a renderer can tell when to draw again."""

    def text(self) -> list[str]:
        return ["".join(row) for row in self.cells]

    def receive(self, data: bytes) -> list[str]:
        """Take what the line delivers; returns "bell" for each BEL (for the sound)."""
        sounds: list[str] = []
        for byte in data:
            byte &= 0x7F
            if byte == 0x0D:
                self.column = 0
            elif byte == 0x0A:
                self._line_feed()
            elif byte == 0x08:
                self.column = max(0, self.column - 1)
            elif byte == 0x07:
                sounds.append("bell")
            elif 0x20 <= byte < 0x7F:
                if self.column >= self.columns:
                    self.column = 0
                    self._line_feed()
                self.cells[self.row][self.column] = chr(byte)
                self.column += 1
            else:
                continue
            self.version += 1
        return sounds

    def _line_feed(self) -> None:
        if self.row + 1 < self.rows:
            self.row += 1
        else:
            del self.cells[0]
            self.cells.append([" "] * self.columns)
