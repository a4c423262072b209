"""Scripted input and exact output: the terminal behind `life2 run` and the tests.

Every byte the BASIC sends is kept, the echo included, so the transcript is the
BASIC's own output stream.
"""

from __future__ import annotations

from typing import BinaryIO

from .base import Terminal


def split_responses(data: bytes) -> list[bytes]:
    """One typed response per line; a CRLF line ending counts as one ending."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


class TranscriptTerminal(Terminal):
    """Reads responses from a file, one per line; writes everything to a byte stream."""

    name = "transcript"

    def __init__(self, responses: BinaryIO, output: BinaryIO) -> None:
        self._responses = responses
        self._output = output

    def write(self, data: bytes) -> None:
        self._output.write(data)

    def read_line(self) -> bytes | None:
        line = self._responses.readline()
        if not line:
            return None
        if line.endswith(b"\n"):
            line = line[:-1]
            if line.endswith(b"\r"):
                line = line[:-1]
        return line

    def close(self) -> None:
        self._output.flush()


class ScriptedTerminal(Terminal):
    """Responses from a list, output collected in memory: the fast path for tests and benchmarks."""

    name = "scripted"

    def __init__(self, responses: list[bytes]) -> None:
        self._responses = iter(responses)
        self.output = bytearray()

    def write(self, data: bytes) -> None:
        self.output += data

    def read_line(self) -> bytes | None:
        return next(self._responses, None)
