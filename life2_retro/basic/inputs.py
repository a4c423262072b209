"""INPUT: the prompt, a typed line, numbers out of it, and every re-prompt.

Each dialect has its own line editor (which typed characters reach the BASIC,
what the host echoes) and its own number scanner: msinput for the 1978 BASIC,
gwinput for GW-BASIC. This module is the statement around them.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..events import INPUT_REQUEST, Echo, Event, Stop
from .dialects import Dialect
from .editing import EditedLine
from .errors import BasicError
from .gwinput import GwLineEditor, scan_gw_response
from .msinput import MsCursor, edit_ms1978_line, scan_ms1978_number, typed_lines
from .printer import Printer, ScreenPrinter

InputRun = Generator[Event, bytes | None, list[float] | Stop]
LineRead = Generator[Event, bytes | None, EditedLine | None]


class InputStatement:
    """One INPUT statement for numeric variables, run under a dialect's rules."""

    def __init__(self, dialect: Dialect, printer: Printer, stopping_answers: bool = True) -> None:
        self.dialect = dialect
        self.printer = printer
        self.stopping_answers = stopping_answers
        """The 1978 BASIC stops the program at an empty answer or a number too big for it (I7, I10);
        False asks again, with the message of any other unreadable answer."""
        self.on_typed: Callable[[bytes, bytes, bytes], None] | None = None
        """Told each line typed: the prompt that asked for it, the keys, and the line they left in the
        buffer (a cycle model charges for them)."""
        self._keyboard: list[tuple[bytes, bool]] = []
        """The 1978 BASIC's lines typed and not yet read (msinput.typed_lines)."""

    def run(self, count: int) -> InputRun:
        """Yield prompts, echo and input requests; return the values, or why the program stops."""
        if self.dialect is Dialect.GWBASIC:
            assert isinstance(self.printer, ScreenPrinter)
            return self._gwbasic(count, GwLineEditor(self.printer))
        return self._ms1978(count)

    def _flush(self) -> bytes:
        data = bytes(self.printer.out)
        self.printer.out.clear()
        return data

    def _read(self, prompt: bytes, edit: Callable[[bytes], EditedLine]) -> LineRead:
        """Prompt, wait for a line, echo it, end the line: the same in both dialects."""
        self.printer.write_raw(prompt)
        yield self._flush()
        typed = yield INPUT_REQUEST
        if typed is None:
            return None
        line = edit(typed)
        if self.on_typed is not None:
            self.on_typed(prompt, typed, line.buffer)
        if line.echo:
            yield Echo(line.echo)
        self.printer.newline()
        return line

    def _ms1978_line(self, prompt: bytes) -> LineRead:
        """QINLIN (m6502.asm L2941-2947) and INLIN: the prompt, then one line from the keyboard.

        Keys a terminal handed over as one line may hold more than one line for the BASIC (a 0x8D
        ends one, msinput.typed_lines): the ones after the first wait for the next read, as keys
        typed ahead would. A line the input ended in is echoed and never taken (None): INLIN
        leaves only on a Return."""
        printer = self.printer
        printer.write_raw(prompt)
        yield self._flush()
        if not self._keyboard:
            typed = yield INPUT_REQUEST
            if typed is None:
                return None
            self._keyboard.extend(typed_lines(typed))
        keys, finished = self._keyboard.pop(0)
        line = edit_ms1978_line(keys, printer)
        if finished and self.on_typed is not None:
            self.on_typed(prompt, keys, line.buffer)
        if line.echo:
            yield Echo(line.echo)
        if not finished:
            self._keyboard.clear()
            return None
        printer.newline()  # FININL falls into CRDO (L2705-2711)
        return line

    def _ms1978(self, count: int) -> InputRun:
        printer = self.printer
        while True:  # GETAGN: the whole statement starts again after ?REDO FROM START (I4)
            printer.resume_output()  # INPUT: `LSR CNTWFL`, each time the statement runs (E6)
            line = yield from self._ms1978_line(b"? ")
            if line is None:
                return Stop.INPUT_ENDED
            if not line.buffer:
                if self.stopping_answers:  # an empty answer stops the program, without BREAK (I7)
                    printer.resume_output()  # ENDCON (L2244-2245)
                    printer.write_raw(self.dialect.rules.ready)
                    yield self._flush()
                    return Stop.EMPTY_INPUT
                printer.write_raw(b"?REDO FROM START\r\n")
                continue
            cursor = MsCursor(line.buffer)
            values: list[float] = []
            for _ in range(count):
                if cursor.got() in (0, ord(":")):  # too few values: ?? and one more line (I5)
                    more = yield from self._ms1978_line(b"?? ")
                    if more is None:
                        return Stop.INPUT_ENDED
                    cursor = MsCursor(more.buffer)
                cursor.get()  # past the comma
                try:
                    values.append(scan_ms1978_number(cursor))
                except BasicError:  # ?OV ERROR (I10)
                    if self.stopping_answers:
                        raise
                    break
                if cursor.got() not in (0, ord(":"), ord(",")):
                    break
            else:
                if cursor.got() != 0:  # (I6)
                    printer.write_raw(b"?EXTRA IGNORED\r\n")
                return values
            printer.write_raw(b"?REDO FROM START\r\n")

    def _gwbasic(self, count: int, editor: GwLineEditor) -> InputRun:
        while True:
            line = yield from self._read(b"? ", editor.edit)
            if line is None:
                return Stop.INPUT_ENDED
            values = scan_gw_response(line.buffer, count, self.printer)
            if values is not None:
                return values
            self.printer.write_raw(b"?Redo from start\r\n")
