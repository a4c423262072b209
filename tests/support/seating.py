"""Seated games for tests: the game as one keyboard would have it (its bytes, and where each prompt
waits), to compare each seat's bytes with."""

from __future__ import annotations

import time
from collections.abc import Callable

from life2_retro.cli import top_parser
from life2_retro.commands.options import mode_from
from life2_retro.session import drive
from life2_retro.terminals.base import KeyHook, Terminal
from life2_retro.terminals.unix_tty import for_program

from .ptygame import PtyGame
from .serialpty import Life2Process
from .telnetclient import listening_port


class Recorder(Terminal):
    """What one terminal is sent, the echo kept apart, and where each prompt waits."""

    def __init__(self, answer: Callable[[bytes], bytes]) -> None:
        self.answer = answer
        self.out = bytearray()
        self.marks: list[int] = []
        self.lines: list[bytes] = []

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.out += data

    def echo(self, data: bytes) -> None:
        """Kept apart: a seat shows it only to the player who typed it."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self.marks.append(len(self.out))
        line = self.answer(bytes(self.out))
        self.lines.append(line)
        return line


def one_keyboard(options: list[str], answer: Callable[[bytes], bytes]) -> Recorder:
    parser = top_parser()
    mode = mode_from(parser.parse_args(options), parser)
    recorder = Recorder(answer)
    drive(mode.make(person=True).run(), for_program(recorder, mode.entry.through_a_tty))
    return recorder


def scripted(lines: list[bytes]) -> Callable[[bytes], bytes]:
    answers = iter(lines)
    return lambda _output: next(answers)


def telnet_port(proc: Life2Process | PtyGame, timeout: float = 20) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        errors = (
            proc.errors(until=b"port ", timeout=0.5).decode() if isinstance(proc, PtyGame) else proc.stderr
        )
        port = listening_port(errors)
        if port is not None:
            return port
        time.sleep(0.05)
    raise TimeoutError("the telnet seat never said its port")
