"""Scripted input and exact output: the terminal behind `life2 run` and the tests.

Every byte the BASIC sends is kept, the echo included, so the transcript is the
BASIC's own output stream.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from ..events import RawInput
from .base import KeyHook, Terminal


def standard_input() -> BinaryIO:
    """sys.stdin's byte stream, or an OSError when the process was started without one."""
    if sys.stdin is None:
        raise OSError("there is no standard input (it was closed)")
    return sys.stdin.buffer


def split_line(line: bytes) -> list[bytes]:
    """The responses in one line read up to LF: a CR ends a response too, CRLF counts once."""
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    return line.split(b"\r")


def read_responses(path: str) -> list[bytes]:
    """A script file: one response per line, CR, LF or CRLF ending each."""
    with open(path, "rb") as handle:
        return [response for line in handle for response in split_line(line)]


class TranscriptTerminal(Terminal):
    """Reads responses from a file, one per line; writes everything to a byte stream.

    With `raw`, each read hands over the file's next line exactly as it is, its newline (or
    carriage return) included: what a C program's stdin reads from the file."""

    def __init__(self, responses: BinaryIO, output: BinaryIO, raw: bool = False) -> None:
        self._responses = responses
        self._output = output
        self._pending: list[bytes] = []
        self.raw = raw

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self._output.write(data)

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


class ScriptedTerminal(Terminal):
    """Responses from a list, output collected in memory: the fast path for tests and benchmarks."""

    def __init__(self, responses: list[bytes]) -> None:
        self._responses = iter(responses)
        self.output = bytearray()
        self.notices: list[str] = []

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.output += data

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        return next(self._responses, None)

    def notice(self, text: str) -> None:
        self.notices.append(text)
