"""The terminal you run `life2` in: two players at one keyboard, typed coordinates hidden.

On a tty the response is read with the terminal's echo off (the kernel still
handles Backspace and Ctrl-U), so the opponent cannot read the move; the prompt
and the BASIC's own newline still appear. Every way out (normal end, Ctrl-C,
Ctrl-D, SIGTERM, SIGHUP, an exception, Ctrl-Z) gives the terminal back as it was.

A modern console cannot strike one character over another, so this one keeps
the characters struck in each column of the current line and shows a column
struck by different characters as a blot, as the paper would: the 1978 mask
(`XXXXXX` CR `$$$$$$` CR `&&&&&&` CR) comes out as a dark bar with the prompt
in it. In the gwbasic dialect CR is followed by LF, so nothing overstrikes.
"""

from __future__ import annotations

import os
import signal
import sys
from contextlib import suppress
from typing import BinaryIO, TextIO

from .base import Terminal

BLOT = "\u2593"
"""Dark shade: what a column struck by different characters looks like."""
FALLBACK_BLOT = "#"

try:
    import termios
except ImportError:  # pragma: no cover - not a POSIX system: input is read, but cannot be hidden
    termios = None  # type: ignore[assignment]


class OverstrikeLine:
    """The glyphs shown on the current line, so a struck column can become a blot."""

    def __init__(self, blot: str) -> None:
        self.blot = blot
        self.cells: list[str] = []
        self.column = 0

    def render(self, data: bytes) -> str:
        """The text that shows `data` on a console, overstrikes composed."""
        shown: list[str] = []
        cells = self.cells
        for byte in data:
            if byte == 0x0D:
                shown.append("\r")
                self.column = 0
            elif byte == 0x0A:
                shown.append("\n")
                cells.clear()
                self.column = 0
            elif byte == 0x07:
                shown.append("\a")
            elif 0x20 <= byte < 0x7F:
                column = self.column
                while len(cells) <= column:
                    cells.append(" ")
                struck = chr(byte)
                before = cells[column]
                if struck == " " or before == struck:
                    glyph = before if struck == " " else struck
                elif before == " ":
                    glyph = struck
                else:
                    glyph = self.blot
                cells[column] = glyph
                shown.append(glyph)
                self.column = column + 1
            # other control bytes and 8-bit bytes never reach the host terminal
        return "".join(shown)


class ConsoleTerminal(Terminal):
    """stdin and stdout of this process; hides typed input when stdin is a tty."""

    name = "console"

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> None:
        self._in = stdin if stdin is not None else sys.stdin.buffer
        self._out = stdout if stdout is not None else sys.stdout
        self._fd = self._in.fileno()
        self.is_tty = os.isatty(self._fd) and termios is not None
        encoding = getattr(self._out, "encoding", None) or "ascii"
        try:
            BLOT.encode(encoding)
            blot = BLOT
        except (UnicodeEncodeError, LookupError):
            blot = FALLBACK_BLOT
        self._line = OverstrikeLine(blot)
        self._saved: list | None = None
        self._old_handlers: dict[int, object] = {}
        self._pending: list[bytes] = []
        if self.is_tty:
            self._saved = termios.tcgetattr(self._fd)
            self._install_signal_handlers()
            self._hide_input()

    # -- output ------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self._out.write(self._line.render(data))
        self._out.flush()

    def echo(self, data: bytes) -> None:
        """The BASIC's echo of the typed line: hidden from the opponent at a tty."""
        if not self.is_tty:
            self.write(data)

    # -- input -------------------------------------------------------------------------------

    def read_line(self) -> bytes | None:
        if not self._pending:
            self._out.flush()
            line = self._in.readline()
            if not line:
                return None
            if line.endswith(b"\n"):
                line = line[:-1]
            if line.endswith(b"\r"):
                line = line[:-1]
            self._pending = line.split(b"\r")
        return self._pending.pop(0)

    # -- the tty -----------------------------------------------------------------------------

    def _hide_input(self) -> None:
        attrs = termios.tcgetattr(self._fd)
        attrs[3] &= ~(termios.ECHO | termios.ECHONL)
        termios.tcsetattr(self._fd, termios.TCSADRAIN, attrs)

    def _restore(self) -> None:
        if self._saved is not None:
            with suppress(termios.error, OSError):
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)

    def _install_signal_handlers(self) -> None:
        def leave(signum: int, _frame: object) -> None:
            raise SystemExit(128 + signum)

        def suspend(signum: int, _frame: object) -> None:
            # give the shell a sane terminal while we are stopped, hide input again after
            self._restore()
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTSTP)

        def resume(_signum: int, _frame: object) -> None:
            signal.signal(signal.SIGTSTP, suspend)
            self._hide_input()

        for signum, handler in (
            (signal.SIGTERM, leave),
            (signal.SIGHUP, leave),
            (signal.SIGTSTP, suspend),
            (signal.SIGCONT, resume),
        ):
            with suppress(ValueError, OSError):  # not the main thread: leave signals alone
                self._old_handlers[signum] = signal.signal(signum, handler)

    def close(self) -> None:
        self._restore()
        for signum, handler in self._old_handlers.items():
            with suppress(ValueError, OSError, TypeError):
                signal.signal(signum, handler)  # type: ignore[arg-type]
        self._old_handlers.clear()
        with suppress(OSError, ValueError):
            self._out.flush()
