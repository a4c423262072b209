"""PC-BASIC's 80x25 text screen: GW-BASIC prints onto it, and INPUT reads its answer back from it.

GW-BASIC has no input buffer of its own. INPUT lets the person edit the screen,
and at Enter it takes the *logical line* under the cursor: the screen rows
joined by the wrap flag a long line leaves on each row it fills. So what a
typed line becomes depends on the whole screen: the row the prompt is on, the
rows a long line scrolls away, and what earlier output left where the cursor
goes. This module keeps that screen as PC-BASIC 2.0.8 keeps it, quirks
included, because the oracle is PC-BASIC and life2 promises its bytes.

The procedures follow `pcbasic/basic/display/textscreen.py` (class TextScreen)
and the text half of `display/buffers.py` (class VideoBuffer), named in each
docstring; basic_reference/gwbasic.md ("The screen editor") gives the rules
with their line numbers. Only text mode 0 at 80 columns with code page 437 is
modelled: every character is one cell wide, and colours are left out because
nothing read back depends on them. life2 contains no PC-BASIC code.
"""

from __future__ import annotations

WIDTH = 80
HEIGHT = 25
TOP, BOTTOM = 1, 24
"""The scrolling rows. Row 25 is the function-key row, outside the scroll area (KEY OFF leaves it blank)."""

ALPHANUMERIC = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
"""What Ctrl-F and Ctrl-B count as a word (tokens.py ALPHANUMERIC)."""

_BLANK_ROW = b" " * WIDTH
_POSITIONAL = frozenset(b"\t\n\r\a\x0b\x0c\x1c\x1d\x1e\x1f")
"""Console.write acts on these instead of putting them on the screen (console.py L280)."""


class _Row:
    """One screen row (buffers.py _TextRow): its cells, how far it is written, and whether it
    continues on the next row."""

    __slots__ = ("chars", "length", "wrap")

    def __init__(self) -> None:
        self.chars = bytearray(_BLANK_ROW)
        self.length = 0
        """The last column written (0: the row is blank). Not every cell inside it need be."""
        self.wrap = False
        """The logical line goes on in the next row: a long line filled this row, or Ctrl-J split it."""


class TextScreen:
    """The screen, its cursor, and the editing operations INPUT's keys call.

    Rows and columns count from 1, as in PC-BASIC. Row numbers index a Python list
    the way PC-BASIC's do (`rows[row - 1]`), so the same out-of-range rows behave
    the same: row 0 is row 25.
    """

    def __init__(self) -> None:
        self.rows = [_Row() for _ in range(HEIGHT)]
        self.row = 1
        self.col = 1
        self.overflow = False
        """The cursor has written column 80 of a row that does not wrap: it is "at column 81",
        shown on 80, until the next character moves it on (TextScreen.overflow)."""

    # -- the rows (VideoBuffer) ---------------------------------------------------------------

    def _at(self, row: int) -> _Row:
        return self.rows[row - 1]

    def wraps(self, row: int) -> bool:
        return self.rows[row - 1].wrap

    def set_wrap(self, row: int, wrap: bool) -> None:
        self.rows[row - 1].wrap = wrap

    def length(self, row: int) -> int:
        return self.rows[row - 1].length

    def char(self, row: int, col: int) -> int:
        """VideoBuffer.get_char: `chars[col - 1]`, so column 0 is column 80."""
        return self.rows[row - 1].chars[col - 1]

    def _put(self, row: int, col: int, byte: int) -> None:
        """put_char_attr with adjust_end: the row's length grows to cover the cell."""
        line = self.rows[row - 1]
        line.chars[col - 1] = byte
        if col > line.length:
            line.length = col

    def _insert_cell(self, row: int, col: int, byte: int) -> int:
        """insert_char_attr: the row shifts right from `col`; the cell pushed off column 80 is returned."""
        line = self.rows[row - 1]
        chars = line.chars
        chars.insert(col - 1, byte)
        popped = chars.pop()
        line.length = min(line.length + 1, WIDTH) if line.length >= col else col
        return popped

    def _delete_cell(self, row: int, col: int, fill: int | None = None) -> None:
        """delete_char_attr: within the row's length the cells after `col` shift left and `fill`
        (a blank by default) comes in at the end; only a blank fill shortens the row."""
        line = self.rows[row - 1]
        if line.length < col:
            return
        end = line.length
        chars = line.chars
        chars[col - 1 : end] = chars[col:end] + bytes([0x20 if fill is None else fill])
        if fill is None:
            line.length = max(end - 1, 0)

    def _clear_from(self, row: int, col: int) -> None:
        """clear_row_from (and clear_rows for one row): blanks to the end of the row, the length
        cut back to before `col`, the wrap gone."""
        line = self.rows[row - 1]
        line.chars[col - 1 :] = _BLANK_ROW[col - 1 :]
        line.length = min(line.length, col - 1)
        line.wrap = False

    def _scroll_rows_up(self, from_row: int, to_row: int) -> None:
        """VideoBuffer.scroll_up: `from_row` goes, the rows below it up to `to_row` move up, a blank
        row comes in at `to_row`. A wrap from the row above into the one removed is kept only if
        that row wrapped on (with `from_row` 1, "the row above" is row 25 itself: list index -1)."""
        rows = self.rows
        rows.insert(to_row, _Row())
        if rows[from_row - 2].wrap:
            rows[from_row - 2].wrap = rows[from_row - 1].wrap
        del rows[from_row - 1]

    def _scroll_rows_down(self, from_row: int, to_row: int) -> None:
        """VideoBuffer.scroll_down, exactly as its list operations do it: a blank row goes in at
        `from_row` and the row that is then at index `to_row - 1` is deleted. That is the old row
        `to_row - 1`, not `to_row`: PC-BASIC's character rows lose the second-to-last row of the
        area and keep the last. A blank row below a wrapping row wraps too, so the line stays joined."""
        rows = self.rows
        rows.insert(from_row - 1, _Row())
        del rows[to_row - 1]
        if rows[from_row - 2].wrap:
            rows[from_row - 1].wrap = True

    # -- cursor and scrolling (TextScreen) ------------------------------------------------------

    def scroll(self, from_row: int = TOP) -> None:
        """TextScreen.scroll: the area from `from_row` moves up one row; the cursor follows if below it."""
        self._scroll_rows_up(from_row, BOTTOM)
        if self.row > from_row:
            self.row -= 1

    def scroll_down(self, from_row: int) -> None:
        """TextScreen.scroll_down: make room at `from_row`; the cursor follows if at or below it."""
        self._scroll_rows_down(from_row, BOTTOM)
        if self.row >= from_row:
            self.row += 1

    def _settle(self, scroll_ok: bool) -> None:
        """_wrap_around_and_scroll_as_needed: a column past either edge moves to the next or the
        previous row; a row below the area scrolls it (if allowed) and the cursor stays on the
        bottom row; a row above it stays on the top row. (The bottom row is never allowed here:
        only LOCATE allows it, and LIFE2 has no LOCATE.)"""
        if self.col > WIDTH:
            if self.row < BOTTOM or scroll_ok:
                self.col -= WIDTH
                self.row += 1
            else:
                self.col = WIDTH
        elif self.col < 1:
            if self.row > TOP:
                self.col += WIDTH
                self.row -= 1
            else:
                self.col = 1
        if self.row > BOTTOM:
            if scroll_ok:
                self.scroll()
            self.row = BOTTOM
        elif self.row < TOP:
            self.row = TOP

    def set_pos(self, row: int, col: int, scroll_ok: bool = True) -> None:
        """TextScreen.set_pos. Overflow is cleared only by a column left of 80, so a move to
        column 80 or beyond keeps it (a Tab from the overflow position keeps it on the next row)."""
        if col < WIDTH:
            self.overflow = False
        self.row, self.col = row, col
        self._settle(scroll_ok)

    def newline(self, wrap: bool) -> None:
        """TextScreen.newline: the row ends (joined to the next with `wrap`), the cursor goes down."""
        self.set_wrap(self.row, wrap)
        self.set_pos(self.row + 1, 1)

    # -- writing ---------------------------------------------------------------------------------

    def _consume_overflow(self, scroll_down: bool) -> None:
        """_consume_overflow_before_write: from the overflow position the character goes to the
        next row, which this row now wraps into (in the editor, a blank row is opened for it)."""
        if self.overflow:
            self.col += 1
            self.overflow = False
        if self.col > WIDTH:
            if self.row < HEIGHT:
                if not self.wraps(self.row):
                    if scroll_down and self.row < BOTTOM:
                        self.scroll_down(self.row + 1)
                    self.set_wrap(self.row, True)
                self.row, self.col = self.row + 1, 1
            else:
                self.col = WIDTH

    def write_char(self, byte: int, scroll_down: bool) -> None:
        """TextScreen.write_char: put one character at the cursor and move on. On column 80 the
        cursor moves to the next row only if this row already wraps; otherwise it overflows."""
        self._consume_overflow(scroll_down)
        self._settle(scroll_ok=True)
        self._put(self.row, self.col, byte)
        if self.col < WIDTH:
            self.col += 1
        elif self.wraps(self.row):
            self.row += 1
            self.col = 1
        else:
            self.overflow = True
        self._settle(scroll_ok=True)

    def write_chars(self, data: bytes | bytearray, scroll_down: bool) -> None:
        """TextScreen.write_chars, with a quick way for a run that stays inside the row: each of
        its characters would only be put and step the cursor right."""
        if not data:
            return
        end = self.col + len(data)
        if not self.overflow and end <= WIDTH and TOP <= self.row <= BOTTOM and self.col >= 1:
            line = self.rows[self.row - 1]
            line.chars[self.col - 1 : end - 1] = data
            if end - 1 > line.length:
                line.length = end - 1
            self.col = end
            return
        for byte in data:
            self.write_char(byte, scroll_down)

    def write(self, data: bytes) -> bytes:
        """Console.write: PRINT's bytes onto the screen; returns what goes to the output stream
        (each CR as CR LF). The cursor row stops wrapping first; the line-moving control
        characters act instead of being shown; every other byte, BS and NUL included, is a character."""
        if not data:
            return b""
        self.set_wrap(self.row, False)
        if not _POSITIONAL.intersection(data):
            self.write_chars(data, scroll_down=False)
            return data
        run = bytearray()
        for byte in data:
            if byte not in _POSITIONAL:
                run.append(byte)
                continue
            self.write_chars(run, scroll_down=False)
            run.clear()
            if byte == 0x09:  # to the next multiple of 8, as spaces
                self.write_chars(b" " * (8 - (self.col - 1) % 8), scroll_down=False)
            elif byte in (0x0A, 0x0D):
                self.newline(wrap=False)
            elif byte == 0x0B:
                self.set_pos(1, 1, scroll_ok=False)
            elif byte == 0x0C:
                self.clear_view()
            elif byte == 0x1C:
                self.set_pos(self.row, self.col + 1, scroll_ok=False)
            elif byte == 0x1D:
                self.set_pos(self.row, self.col - 1, scroll_ok=False)
            elif byte == 0x1E:
                self.set_pos(self.row - 1, self.col, scroll_ok=False)
            elif byte == 0x1F:
                self.set_pos(self.row + 1, self.col, scroll_ok=False)
            # BEL (0x07) only beeps
        self.write_chars(run, scroll_down=False)
        return data.replace(b"\r", b"\r\n")

    # -- logical lines -----------------------------------------------------------------------------

    def find_start_of_line(self, row: int) -> int:
        while row > 1 and self.wraps(row - 1):
            row -= 1
        return row

    def find_end_of_line(self, row: int) -> int:
        while row <= HEIGHT and self.wraps(row):
            row += 1
        return row

    def logical_line(self, from_row: int, left: int, right: int) -> bytes:
        """get_logical_line / get_text: the rows of the logical line around `from_row`, each up to
        its length, an LF after a row that wraps before column 80 (a Ctrl-J), from column `left`
        of the first row; a one-row line also stops at column `right` (inclusive)."""
        start, stop = self.find_start_of_line(from_row), self.find_end_of_line(from_row)
        pieces = []
        for row in range(start, min(stop, HEIGHT) + 1):  # get_text reads the 25 rows there are
            line = self.rows[row - 1]
            text = bytes(line.chars[: line.length])
            if line.wrap and line.length < WIDTH:
                text += b"\n"
            pieces.append(text)
        if start == stop:
            pieces[0] = pieces[0][left - 1 : min(len(pieces[0]), right)]
        else:
            pieces[0] = pieces[0][left - 1 :]
        return b"".join(pieces)

    # -- the editor's keys -----------------------------------------------------------------------------

    def up(self) -> None:
        self.set_pos(self.row - 1, self.col, scroll_ok=False)

    def down(self) -> None:
        self.set_pos(self.row + 1, self.col, scroll_ok=False)

    def incr_pos(self) -> None:
        self.set_pos(self.row, self.col + 1, scroll_ok=False)

    def decr_pos(self) -> None:
        """From the overflow position, left goes back to column 80 itself."""
        if self.overflow:
            self.col += 1
            self.overflow = False
        self.set_pos(self.row, self.col - 1, scroll_ok=False)

    def move_to_end(self) -> None:
        """END (Ctrl-N), and what Enter does before its new line: after the last character of the
        logical line, in the overflow position if that row is full."""
        row = self.find_end_of_line(self.row)
        length = self.length(row)
        if length == WIDTH:
            self.set_pos(row, length)
            self.overflow = True
        else:
            self.set_pos(row, length + 1)

    def clear_view(self) -> None:
        """Ctrl-L (clear_view): the scroll area blank, the cursor home."""
        for row in range(TOP, BOTTOM + 1):
            self._clear_from(row, 1)
        self.set_pos(TOP, 1)

    def delete_char(self) -> None:
        """DEL (delete_fullchar, _delete_at): the character at the cursor goes, and the rest of the
        logical line closes up across the rows."""
        self._delete_at(self.row, self.col)

    def _delete_at(self, row: int, col: int, remove_depleted: bool = False) -> None:
        line = self._at(row)
        if not line.wrap:  # the last row of the line
            if col > line.length:
                return
            self._delete_cell(row, col)
            if remove_depleted and line.length == 0:
                self.scroll(row)
        elif line.length == WIDTH:  # a full row: the next row's first character moves up
            below = self._at(row + 1)
            fill = None if below.length == 0 else below.chars[0]
            self._delete_cell(row, col, fill)
            self._delete_at(row + 1, 1, remove_depleted=True)
        elif col < line.length or (remove_depleted and col == line.length):
            self._delete_cell(row, col)  # a row ended by Ctrl-J closes up by itself
        elif remove_depleted and line.length == 0:
            self.scroll(row)
        else:
            # at or past the end of a Ctrl-J row: the next row's text is pulled up, one cell at a
            # time. PC-BASIC reads the cell as get_char(row + 1, 0), which is column 80 of that row.
            for newcol in range(col, WIDTH + 1):
                if self.length(row + 1) == 0:
                    break
                self._put(row, newcol, self.char(row + 1, 0))
                self._delete_at(row + 1, 1, remove_depleted=True)

    def backspace(self, prompt_row: int, furthest_left: int) -> None:
        """TextScreen.backspace: step left (not past the prompt, nor past the start of the logical
        line), then delete at the cursor; at the prompt's edge it deletes without stepping."""
        start_row = self.find_start_of_line(self.row)
        if (self.col != furthest_left or self.row != prompt_row) and (self.col > 1 or self.row > start_row):
            self.decr_pos()
        self.delete_char()

    def insert_chars(self, data: bytes) -> None:
        """Typing in insert mode (insert_fullchars): each character pushes the line right."""
        for byte in data:
            if self._insert_at(self.row, self.col, byte):
                self.set_pos(self.row, self.col + 1, scroll_ok=False)

    def _insert_at(self, row: int, col: int, byte: int) -> bool:
        """_insert_at: the character goes in; what a full row pushes out goes on into the next row,
        opened for it if the row did not wrap. When the line reaches the bottom its start scrolls
        up; once it reaches the top too, the character is dropped (False)."""
        if self.length(row) < WIDTH:
            self._insert_cell(row, col, byte)
            if self.wraps(row) and self.length(row) == WIDTH:
                self.scroll_down(row + 1)
            return True
        if not self.wraps(row) and row < BOTTOM:
            self.scroll_down(row + 1)
            self.set_wrap(row, True)
        if row >= BOTTOM:
            if self.find_start_of_line(self.row) <= TOP:
                return False
            self.scroll()
            row -= 1
        popped = self._insert_cell(row, col, byte)
        return self._insert_at(row + 1, 1, popped)

    def line_feed(self) -> None:
        """Ctrl-J (TextScreen.line_feed): inside the text, the rest of the row moves to a new row
        of the same logical line and the cursor stays; at its end, a new row is opened below."""
        if self.col < self.length(self.row):
            row, col = self.row, self.col
            self.insert_chars(b" " * (WIDTH - col + 1))
            self.set_pos(row, col, scroll_ok=False)
            self._at(self.row).length = self.col - 1
            self.set_wrap(self.row, True)
            return
        if self.find_end_of_line(self.row) >= BOTTOM:
            if self.find_start_of_line(self.row) > TOP:
                self.scroll()
            else:
                return
        if self.row < HEIGHT:
            self.scroll_down(self.row + 1)
        self.set_wrap(self.row, True)
        self.set_pos(self.row + 1, 1)

    def clear_line(self, start_row: int, start_col: int, quirky_scrolling: bool = False) -> None:
        """Esc and Ctrl-E (clear_line): blank from the position to the end of the logical line and
        scroll away its other rows. With INPUT's Esc on the prompt's line, the second row is only
        blanked, not scrolled away (PC-BASIC's "input anomaly")."""
        end_row = self.find_end_of_line(start_row)
        self._clear_from(start_row, start_col)
        scroll_row = start_row
        if quirky_scrolling and end_row > start_row:
            self._clear_from(start_row + 1, 1)
            scroll_row = start_row + 1
        for row in range(end_row, scroll_row, -1):
            self.scroll(row)
        self.set_pos(start_row, start_col)

    def tab(self, overwrite: bool) -> None:
        """Tab: to the next multiple of 8 plus 1. In overwrite mode the cursor only moves (across
        the right edge it lands on the next row, which it does not join); in insert mode spaces go in."""
        target = 9 + 8 * ((self.col - 1) // 8)
        if overwrite:
            self.set_pos(self.row, target, scroll_ok=False)
        else:
            self.insert_chars(b" " * (target - self.col))

    def skip_word_right(self) -> None:
        """Ctrl-F: past the letters and digits under the cursor, then to the next one; nowhere if none."""
        row, col = self.row, self.col
        for wanted in (False, True):
            while (self.char(row, col) in ALPHANUMERIC) != wanted:
                col += 1
                if col > WIDTH:
                    if row >= BOTTOM:
                        return
                    row, col = row + 1, 1
        self.set_pos(row, col)

    def skip_word_left(self) -> None:
        """Ctrl-B: back to the start of the previous word; nowhere if there is none."""
        row, col = self.row, self.col
        while True:
            col -= 1
            if col < 1:
                if row <= TOP:
                    return
                row, col = row - 1, WIDTH
            if self.char(row, col) in ALPHANUMERIC:
                break
        while True:
            last_row, last_col = row, col
            col -= 1
            if col < 1:
                if row <= TOP:
                    break
                row, col = row - 1, WIDTH
            if self.char(row, col) not in ALPHANUMERIC:
                break
        self.set_pos(last_row, last_col)
