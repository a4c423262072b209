"""The driver: a Ctrl-C at a prompt is the program's key where its runtime reads one, else it ends the run."""

from __future__ import annotations

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import drive
from life2_retro.terminals.base import LineInterrupted
from life2_retro.terminals.transcript import ScriptedTerminal

from .support.helpers import FAITHFUL


class InterruptedAtTheSecondPrompt(ScriptedTerminal):
    def __init__(self, interrupt: type[BaseException]) -> None:
        super().__init__([b"1,1"])
        self.interrupt = interrupt
        self.reads = 0

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self.reads += 1
        if self.reads == 2:
            raise self.interrupt
        return super().read_line(idle_seconds)


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, LineInterrupted])
def test_ctrl_c_is_gwbasics_break_key(interrupt):
    terminal = InterruptedAtTheSecondPrompt(interrupt)
    stop = drive(Life2Program(Dialect.GWBASIC, FAITHFUL).run(), terminal, break_key=b"\x03")
    assert stop is Stop.ERROR and terminal.output.endswith(b"? \x0e\r\nBreak in 701\r\n")


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, LineInterrupted])
def test_without_a_break_key_ctrl_c_ends_the_run(interrupt):
    terminal = InterruptedAtTheSecondPrompt(interrupt)
    with pytest.raises(interrupt):
        drive(Life2Program(Dialect.MS1978, FAITHFUL).run(), terminal)
