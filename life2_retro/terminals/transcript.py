"""Scripted input and exact output: the terminal behind `life2 run` and the tests.

Every byte the BASIC sends is kept, the echo included, so the transcript is the
BASIC's own output stream. GW-BASIC's echo can hold any byte that was typed
(and a Break adds 0x0E), so when `life2 run` writes to a terminal rather than a
file or a pipe, control and 8-bit bytes are shown as `cat -v` shows them
(`^N`, `M-^B`) and none of them acts on that terminal.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from ..events import RawInput, UnfinishedLine
from .base import KeyHook, Terminal


def standard_input() -> BinaryIO:
    """sys.stdin's byte stream, or an OSError when the process was started without one."""
    if sys.stdin is None:
        raise OSError("there is no standard input (it was closed)")
    return sys.stdin.buffer


def split_line(line: bytes) -> list[bytes]:
    """The responses in one line read up to LF: a CR ends a response too, CRLF counts once.

    A line with no end at all (the last of the input, its Return never typed) gives its last
    response as an UnfinishedLine, which the 1978 BASIC echoes but never takes as an answer."""
    ended = line.endswith((b"\n", b"\r"))
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    responses = line.split(b"\r")
    if not ended:
        responses[-1] = UnfinishedLine(responses[-1])
    return responses


_AS_THEY_ARE = frozenset(range(0x20, 0x7F)) | {0x07, 0x08, 0x09, 0x0A, 0x0D}


def _visible_byte(byte: int) -> bytes:
    if byte in _AS_THEY_ARE:
        return bytes([byte])
    meta = b"M-" if byte >= 0x80 else b""
    byte &= 0x7F
    if byte >= 0x20 and byte != 0x7F:
        return meta + bytes([byte])
    return meta + b"^" + bytes([byte ^ 0x40])


_VISIBLE = [_visible_byte(byte) for byte in range(256)]


def visible(data: bytes) -> bytes:
    """`data` safe for a terminal to show: printable ASCII, CR, LF, Tab, BS and BEL as they are,
    every other byte in `cat -v` notation."""
    return b"".join(_VISIBLE[byte] for byte in data)


def read_responses(path: str) -> list[bytes]:
    """A script file: one response per line, CR, LF or CRLF ending each. Each is a whole answer,
    the last one too, ended or not: the lines a typist types, each with its Return."""
    with open(path, "rb") as handle:
        return [bytes(response) for line in handle for response in split_line(line)]


class TranscriptTerminal(Terminal):
    """Reads responses from a file, one per line; writes everything to a byte stream.

    With `raw`, each read hands over the file's next line exactly as it is, its newline (or
    carriage return) included: what a C program's stdin reads from the file."""

    def __init__(self, responses: BinaryIO, output: BinaryIO, raw: bool = False) -> None:
        self._responses = responses
        self._output = output
        self._pending: list[bytes] = []
        self.raw = raw
        self._to_a_terminal = _is_a_terminal(output)

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self._output.write(visible(data) if self._to_a_terminal else data)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        if self.raw:
            self._output.flush()
            chunk = self._responses.readline()
            return RawInput(chunk) if chunk else None
        if not self._pending:
            self._output.flush()  # a piped reader sees the prompt before we wait
            line = self._responses.readline()
            if not line:
                return None
            self._pending = split_line(line)
        return self._pending.pop(0)

    def notice(self, text: str) -> None:
        """On stderr: stdout holds only the program's own bytes."""
        self._output.flush()
        print(f"life2: {text}", file=sys.stderr)

    def close(self) -> None:
        self._output.flush()


def _is_a_terminal(stream: BinaryIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False


class ScriptedTerminal(Terminal):
    """Responses from a list, output collected in memory: the fast path for tests and benchmarks."""

    def __init__(self, responses: list[bytes]) -> None:
        self._responses = iter(responses)
        self.output = bytearray()
        self.notices: list[str] = []
        self.statuses: list[str] = []

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.output += data

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        return next(self._responses, None)

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def status(self, text: str) -> None:
        self.statuses.append(text)
