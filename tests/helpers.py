"""Small helpers the tests share."""

from __future__ import annotations

from life2_retro.basic.dialects import Dialect
from life2_retro.programs.bugs import BUG_NAMES
from life2_retro.session import GameRun, run_game

FAITHFUL = frozenset(BUG_NAMES)
FIXED: frozenset[str] = frozenset()

QUICK_GAME = [b"1,1", b"1,5", b"5,5", b"3,2", b"3,3", b"3,4"]
"""The guide's quick game: player 2 wins after the first generation."""


def play(responses: list[bytes] | list[str], dialect: Dialect = Dialect.GWBASIC, bugs=FAITHFUL) -> GameRun:
    data = [r.encode() if isinstance(r, str) else r for r in responses]
    return run_game(data, dialect, bugs)


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
    B = 0


class InputLoop:
    """`10 DIM X(2),Y(2): 20 B=1: 30 INPUT Y(B),X(B): 40 PRINT Y(B);X(B): 50 GOTO 30` on life2's machine."""

    def __init__(self, dialect: Dialect) -> None:
        from life2_retro.basic.machine import Machine

        self.v = _Vars()
        self.m = Machine(dialect, self.v)
        self.X = [0.0] * 3
        self.Y = [0.0] * 3
        self.lines = {10: self._10, 20: self._20, 30: self._30, 40: self._40, 50: self._50}

    def _10(self):
        from life2_retro.basic.machine import NEXT_LINE

        return NEXT_LINE

    def _20(self):
        from life2_retro.basic.machine import NEXT_LINE

        self.v.B = 1
        return NEXT_LINE

    def _30(self):
        from life2_retro.basic.machine import NEXT_LINE, Input

        return Input(2, self._store, NEXT_LINE)

    def _store(self, values):
        self.Y[self.v.B], self.X[self.v.B] = values

    def _40(self):
        from life2_retro.basic.machine import NEXT_LINE

        self.m.print_(self.Y[1], self.X[1])
        return NEXT_LINE

    def _50(self):
        return 30


def input_loop(responses: list[bytes] | list[str], dialect: Dialect = Dialect.MS1978):
    """Run the INPUT loop; returns (output bytes, why it stopped)."""
    from life2_retro.driver import drive
    from life2_retro.terminals.transcript import ScriptedTerminal

    data = [r.encode("latin-1") if isinstance(r, str) else r for r in responses]
    loop = InputLoop(dialect)
    terminal = ScriptedTerminal(data)
    stop = drive(loop.m.run(loop.lines, 10), terminal)
    return bytes(terminal.output), stop
