"""The terminal you run `life2` in: two players at one keyboard, typed coordinates hidden.

On a tty the response is read with the terminal's echo off (the kernel still
handles Backspace and Ctrl-U), so the opponent cannot read the move; the prompt
and the BASIC's own newline still appear. Every way out (normal end, Ctrl-C,
Ctrl-D, SIGTERM, SIGHUP, SIGQUIT, an exception) gives the terminal back as it
was, and Ctrl-Z gives it back while the game is stopped; `fg` hides the input again
and shows the prompt that was waiting. A game in the background (after Ctrl-Z and
`bg`, or started with `&`) leaves the terminal's modes alone: the kernel would stop
it with SIGTTOU for trying, so a stopped game that is killed and continued could
never exit. Ctrl-D at a prompt ends the line, so the shell's prompt starts afresh.
A signal ends the game whenever it comes, even in the instant before a read
begins, which a plain read would sleep through (signal_wake.py).

An answer that hides nothing (a setup question's: how many players, which board)
is read with the echo on, so it shows as it is typed and stays on the screen.
Words from life2 itself, a notice (why a game stopped) or a status (the program
waits for a key without saying so), go to stderr on a line of their own, as
`life2 run` puts them: stdout holds only what the program printed.

In the ms1978 dialect the listing's mask (`XXXXXX` CR `$$$$$$` CR `&&&&&&` CR)
arrives as the bytes the BASIC sends. A modern console does what any glass
terminal does with a bare CR: the three rows overprint one screen line, the last
one stays, and the prompt overwrites its start (`? &&&&`). On paper the rows
made an ink blot that hid the typed coordinates; here they are hidden by
turning the echo off. In the gwbasic dialect each CR is followed by LF.

Only printable ASCII, CR, LF and BEL reach the host terminal; any other byte
is dropped, so nothing a player types can send a control sequence to it.
"""

from __future__ import annotations

import os
import select
import signal
import sys
from collections.abc import Callable
from contextlib import suppress
from types import FrameType
from typing import Any, BinaryIO, TextIO

from ..exits import Signalled
from .base import KeyHook, Terminal
from .signal_wake import SignalWake
from .transcript import split_line, standard_input

try:
    import termios
except ImportError:  # pragma: no cover - not a POSIX system: input is read, but cannot be hidden
    _HAS_TERMIOS = False
else:
    _HAS_TERMIOS = True

SignalHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None
"""What signal.signal takes and gives back: a function, SIG_DFL or SIG_IGN, or None (not set from Python)."""

_TAIL = 256  # bytes kept of the line being printed, to show it again after `fg`
_CHUNK = 4096  # a tty's whole line: the kernel keeps no longer one

_HELD_WHILE_CLOSING = (
    signal.SIGTERM,
    signal.SIGHUP,
    signal.SIGQUIT,
    signal.SIGTSTP,
    signal.SIGCONT,
    signal.SIGINT,
)
"""Held back while the terminal is given back: a handler that raised there would leave it half done."""

_SHOWN = bytes(range(0x20, 0x7F)) + b"\r\n\a"
_DROP = bytes(b for b in range(256) if b not in _SHOWN)


def _descriptor(stream: TextIO) -> int | None:
    """The file descriptor under `stream`; None for one in memory (a StringIO)."""
    try:
        return stream.fileno()
    except (OSError, ValueError):
        return None


def printable(data: bytes) -> str:
    """The bytes a console may show: printable ASCII, CR, LF and BEL."""
    return data.translate(None, _DROP).decode("ascii")


class ConsoleTerminal(Terminal):
    """stdin and stdout of this process; hides typed input when stdin is a tty."""

    DESCRIPTION = "this terminal, typed coordinates hidden"
    HOST_KEYBOARD = True

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> None:
        self._in: BinaryIO = stdin if stdin is not None else standard_input()
        self._out = stdout if stdout is not None else sys.stdout
        self._fd = self._in.fileno()
        self._out_fd = _descriptor(self._out)
        self.is_tty = os.isatty(self._fd) and _HAS_TERMIOS
        self._saved: list[Any] | None = termios.tcgetattr(self._fd) if self.is_tty else None
        self._old_handlers: dict[int, SignalHandler] = {}
        self._wake: SignalWake | None = None  # at a tty: reads wait where a signal cannot be missed
        self._typed = b""  # read from the tty and not yet a whole line, or after one
        self._pending: list[bytes] = []
        self._tail = b""  # what has been printed since the last newline
        self._away = False  # stopped, or in the background, since the input was last hidden
        self._writing = False
        self._show_again = False
        self._showing = False  # an answer that hides nothing is being read: the echo is on
        self._shown_echoed = False  # the last shown answer came from the tty, echoed with its Return
        self._told_to_stop = False  # a signal ends the game: what it could not print stays unprinted

    def __enter__(self) -> ConsoleTerminal:
        if self.is_tty:
            try:
                self._install_signal_handlers()
                self._set_echo()
            except BaseException:  # a signal came while the terminal was being taken: give it back
                self.close()
                raise
        return self

    # -- output ------------------------------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        shown = printable(data)
        self._writing = True  # a `fg` now shows the line again once it holds these bytes
        try:
            self._until_printable()
            self._out.write(shown)
            self._out.flush()
            line_start = shown.rfind("\n") + 1
            tail = shown[line_start:].encode("ascii")
            self._tail = (tail if line_start else self._tail + tail)[-_TAIL:]
        finally:
            self._writing = False
        if self._show_again:
            self._show_line_again()

    def _show_line_again(self) -> None:
        """After `fg` the shell has had the line: print the one being printed (a prompt) again."""
        self._show_again = False
        if self._tail:
            self._until_printable()
            self._out.write(self._tail.decode("ascii"))
            self._out.flush()

    def _until_printable(self) -> None:
        """Wait until the terminal takes output, where a signal still ends the game (signal_wake.py)."""
        if self._wake is not None and self._out_fd is not None:
            self._wake.wait_writable(self._out_fd)

    def echo(self, data: bytes) -> None:
        """The BASIC's echo of the typed line: hidden from the opponent at a tty."""
        if not self.is_tty:
            self.write(data)

    def notice(self, text: str) -> None:
        """On stderr, on a line of its own: stdout holds only the program's bytes."""
        self._say(text)

    def status(self, text: str) -> None:
        """On stderr, as a notice is: the console has no other place a person would look."""
        self._say(text)

    def _say(self, text: str) -> None:
        self._out.flush()
        fresh_line = "\n" if self._tail else ""  # the program's line is not ended: start a new one
        self._tail = b""
        sys.stderr.write(f"{fresh_line}life2: {text}\n")
        sys.stderr.flush()

    # -- input -------------------------------------------------------------------------------

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        if not self._pending:
            self._out.flush()
            line = self._typed_line() if self._wake is not None else self._in.readline()
            if not line:
                if self.is_tty and self._tail:
                    self.write(b"\r\n")  # Ctrl-D: the shell's prompt goes on a line of its own
                return None
            self._pending = split_line(line)
        return self._pending.pop(0)

    def _typed_line(self) -> bytes:
        """A line from the tty as `readline` gives it (up to its LF, or what was typed before the
        end of input), each read begun only when it will not wait: see signal_wake.py."""
        assert self._wake is not None
        try:
            while (end := self._typed.find(b"\n") + 1) == 0:
                self._wake.wait_readable(self._fd)
                chunk = os.read(self._fd, _CHUNK)
                if not chunk:  # the end of input (Ctrl-D): the line so far, or nothing
                    end = len(self._typed)
                    break
                self._typed += chunk
        except BaseException:  # Ctrl-C, say: the half-typed line is gone, as it is from `readline`
            self._typed = b""
            raise
        line, self._typed = self._typed[:end], self._typed[end:]
        return line

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        """At a tty, with the echo on: the answer shows as it is typed, and its Return ends the line."""
        if not self.is_tty:
            return self.read_line(idle_seconds)
        typed_before = bool(self._pending)  # typed ahead, unseen: nothing of it is on the screen
        self._showing = True
        self._set_echo()
        try:
            line = self.read_line(idle_seconds)
        finally:
            self._showing = False
            self._set_echo()
        self._shown_echoed = line is not None and not typed_before
        if self._shown_echoed:
            self._tail = b""  # the echoed Return began a new line
        return line

    @property
    def echoes_shown_lines(self) -> bool:
        return self._shown_echoed

    # -- the tty -----------------------------------------------------------------------------

    def _in_foreground(self) -> bool:
        """Whether this process may change the terminal's modes: from a background job the kernel
        stops it with SIGTTOU instead."""
        try:
            return os.tcgetpgrp(self._fd) == os.getpgrp()
        except OSError:  # not our controlling terminal (no job control applies), or hung up
            return True

    def _set_echo(self) -> None:
        """Typed input hidden, or shown while an answer that hides nothing is read."""
        if not self._in_foreground():
            self._away = True
            return
        with suppress(termios.error, OSError):  # a hung-up terminal has nothing left to hide
            attrs = termios.tcgetattr(self._fd)
            if self._showing:
                attrs[3] |= termios.ECHO
            else:
                attrs[3] &= ~(termios.ECHO | termios.ECHONL)
            termios.tcsetattr(self._fd, termios.TCSANOW, attrs)

    def _restore(self) -> None:
        # TCSANOW: only the echo changes, which waits for no output; TCSADRAIN would wait for ever
        # on a terminal whose output is stopped (Ctrl-S) while another process writes to it
        if self._saved is not None and self._in_foreground():
            with suppress(termios.error, OSError):
                termios.tcsetattr(self._fd, termios.TCSANOW, self._saved)

    def _install_signal_handlers(self) -> None:
        def leave(signum: int, _frame: object) -> None:
            self._told_to_stop = True
            raise Signalled(signum)

        def suspend(_signum: int, _frame: object) -> None:
            # give the shell a sane terminal while we are stopped
            self._restore()
            self._away = True
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTSTP)
            # back (or never stopped: an orphaned process group ignores the stop): hide again;
            # SIGCONT's handler shows the waiting prompt
            signal.signal(signal.SIGTSTP, suspend)
            self._set_echo()

        def resume(_signum: int, _frame: object) -> None:
            signal.signal(signal.SIGTSTP, suspend)
            if self._in_foreground() and self._away:  # `fg`; after `bg` a read stops the game again
                self._away = False
                self._set_echo()
                self._show_again = True
                if not self._writing:  # else `write` shows it when its bytes are in the line
                    self._show_line_again()

        wake = SignalWake()
        if not wake.install():  # not the main thread: leave signals alone
            wake.close()
            return
        self._wake = wake
        for signum, handler in (
            (signal.SIGTERM, leave),
            (signal.SIGHUP, leave),
            (signal.SIGQUIT, leave),
            (signal.SIGTSTP, suspend),
            (signal.SIGCONT, resume),
        ):
            if signal.getsignal(signum) is signal.SIG_IGN:
                continue  # nohup, or a shell without job control: keep it ignored
            self._old_handlers[signum] = signal.signal(signum, handler)

    def close(self) -> None:
        held = self._hold_signals()
        try:
            # handlers first, so that no SIGCONT can hide input again after the terminal is restored
            for signum, handler in self._old_handlers.items():
                with suppress(ValueError, OSError, TypeError):
                    signal.signal(signum, handler)
            self._old_handlers.clear()
            if self._wake is not None:
                self._wake.close()
                self._wake = None
            self._restore()
        finally:
            # a signal that came meanwhile finds the old ways now: SIGTERM's default ends the process
            if held is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if self._told_to_stop:
            self._end_the_line()
            self._drop_unprinted()
        with suppress(OSError, ValueError):
            self._out.flush()

    def _end_the_line(self) -> None:
        """A signal came mid-line (at a prompt, `? `): a newline, so that the shell's prompt starts a
        line of its own, as after Ctrl-C or Ctrl-D. Only if the terminal takes it at once: one whose
        output is stopped (Ctrl-S) would hold the game here for ever."""
        if not self._tail or self._out_fd is None:
            return
        self._tail = b""
        with suppress(OSError, ValueError):
            if select.select([], [self._out_fd], [], 0)[1]:
                os.write(self._out_fd, b"\n")

    def _drop_unprinted(self) -> None:
        """Bytes still to be printed when a signal ends the game are those of a write it interrupted,
        which waited for a terminal that took nothing (output stopped with Ctrl-S): flushing them would
        wait as long, here or as Python exits, so they go nowhere instead."""
        with suppress(OSError, ValueError):  # no descriptor (a StringIO), or a closed one
            nowhere = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(nowhere, self._out.fileno())
            finally:
                os.close(nowhere)

    def _hold_signals(self) -> set[int | signal.Signals] | None:
        """Hold back the signals while the terminal is given back; the mask to go back to (None
        where nothing is ours to give back: no tty, or not the main thread)."""
        if self._wake is None:
            return None
        return signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_WHILE_CLOSING)
