"""Small helpers the tests share."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.machine import NEXT_LINE, Input, Machine, Position
from life2_retro.basic.printer import PrintItem
from life2_retro.commands.options import Mode
from life2_retro.events import Stop
from life2_retro.programs import PROGRAMS
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import GameRun, drive, run_in_memory
from life2_retro.terminals.transcript import ScriptedTerminal

FAITHFUL = frozenset(BUG_NAMES)
FIXED: frozenset[str] = frozenset()

QUICK_GAME = [b"1,1", b"1,5", b"5,5", b"3,2", b"3,3", b"3,4"]
"""A quick game: player 2 wins after the first generation."""

CHUNKS = 10
"""Parts a long differential test is cut into, so that parallel workers share it."""


def chunk(items: Sequence, part: int, parts: int = CHUNKS) -> list:
    """Part `part` of `parts` of `items`: contiguous, and together all of them in order."""
    size = -(-len(items) // parts)
    return list(items[part * size : (part + 1) * size])


def oracle_jobs(batch: int) -> int:
    """Processes for one batch of the original's runs: one under pytest-xdist, whose workers already
    keep every core busy; otherwise one per core."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return 1
    return max(1, min(os.cpu_count() or 1, batch))


def life2_mode(dialect: Dialect = Dialect.GWBASIC, bugs=FAITHFUL) -> Mode:
    """LIFE2 on a dialect with these bugs on, as the commands name it."""
    return Mode(PROGRAMS["life2"], dialect.rules.name, frozenset(bugs))


def play(responses: list[bytes] | list[str], dialect: Dialect = Dialect.GWBASIC, bugs=FAITHFUL) -> GameRun:
    data = [r.encode() if isinstance(r, str) else r for r in responses]
    return run_in_memory(Life2Program(dialect, bugs).run(), data)


def boards(output: bytes) -> list[list[str]]:
    """Every board printed in a transcript, as five rows of five cells (' ', '*', '#', '.')."""
    lines = output.replace(b"\r\n", b"\n").split(b"\n")
    found = []
    for i, line in enumerate(lines):
        if line == b" 0  1  2  3  4  5  0 " and i + 6 < len(lines) and lines[i + 6].startswith(b" 0  1"):
            rows = [lines[i + r].decode("latin-1") for r in range(1, 6)]
            found.append(["".join(row[3 + 3 * c + 1] for c in range(5)) for row in rows])
    return found


class _Vars:
    I = 0  # noqa: E741 - BASIC's name


class InputLoop:
    """`10 DIM P(2),Q(2): 20 I=1: 30 INPUT P(I),Q(I): 40 PRINT ...: 50 GOTO 30` on life2's machine.

    `show` turns the two values into line 40's PRINT items.
    """

    def __init__(self, dialect: Dialect, show: Callable[[float, float], list[PrintItem]]) -> None:
        self.v = _Vars()
        self.m = Machine(dialect, self.v)
        self.P = [0.0] * 3
        self.Q = [0.0] * 3
        self.show = show
        self.lines = {10: self._10, 20: self._20, 30: self._30, 40: self._40, 50: self._50}

    def _10(self) -> Position:
        return NEXT_LINE

    def _20(self) -> Position:
        self.v.I = 1
        return NEXT_LINE

    def _30(self) -> Position:
        return Input(2, self._store, NEXT_LINE)

    def _store(self, values: Sequence[float]) -> None:
        self.P[self.v.I], self.Q[self.v.I] = values

    def _40(self) -> Position:
        self.m.print_(*self.show(self.P[1], self.Q[1]))
        return NEXT_LINE

    def _50(self) -> Position:
        return 30


def input_loop(
    responses: list[bytes] | list[str],
    dialect: Dialect = Dialect.MS1978,
    show: Callable[[float, float], list[PrintItem]] = lambda p, q: [p, q],
) -> tuple[bytes, Stop]:
    """Run the INPUT loop to the end of the responses: (output bytes, why it stopped)."""
    data = [r.encode("latin-1") if isinstance(r, str) else r for r in responses]
    loop = InputLoop(dialect, show)
    terminal = ScriptedTerminal(data)
    stop = drive(loop.m.run(loop.lines, 10), terminal)
    return bytes(terminal.output), stop


def without_a_display(**extra: str) -> dict[str, str]:
    """The environment of a machine with no display (and no sound), for a command run in it."""
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "XDG_RUNTIME_DIR")
    return {**{k: v for k, v in os.environ.items() if k not in hidden}, **extra}


def life2(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    """`python -m life2_retro ARGS`, as a user runs it, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "life2_retro", *args],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=timeout,
        check=False,
    )
