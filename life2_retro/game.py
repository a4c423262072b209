"""One game of LIFE2 run against a list of responses, every byte and line kept: the fast path.

`life2 run`, `compare`, `bench` and the tests all need "these responses in,
these bytes and this trace out"; this is the one place that does it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .basic.dialects import DEFAULT_DIALECT, Dialect
from .basic.events import Stop
from .driver import drive
from .programs.bugs import BUG_NAMES
from .programs.life2 import Life2Program
from .terminals.transcript import ScriptedTerminal


@dataclass(frozen=True)
class GameRun:
    output: bytes
    trace: tuple[int, ...]
    stop: Stop


def run_game(
    responses: Sequence[bytes], dialect: Dialect = DEFAULT_DIALECT, bugs: Iterable[str] = BUG_NAMES
) -> GameRun:
    """LIFE2 under `dialect` with `bugs` on, fed `responses`, every byte and line kept."""
    terminal = ScriptedTerminal(list(responses))
    trace: list[int] = []
    stop = drive(Life2Program(dialect, bugs).run(), terminal, trace.append)
    return GameRun(bytes(terminal.output), tuple(trace), stop)
