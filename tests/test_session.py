"""The driver: a Ctrl-C at a prompt is the program's key where its runtime reads one, else it ends the run."""

from __future__ import annotations

import os
import signal

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


# -- Ctrl-C while the program runs: BREAK at the next line, as the BASICs look before each statement


class CtrlCOnAWrite(ScriptedTerminal):
    """A real SIGINT to this process while the terminal writes the `nth` output (counting from 1),
    as Ctrl-C typed at a console while the program prints; `times` of them."""

    def __init__(self, responses: list[bytes], nth: int, times: int = 1) -> None:
        super().__init__(responses)
        self.nth = nth
        self.times = times
        self.writes = 0

    def write(self, data: bytes, on_key=None) -> None:
        self.writes += 1
        if self.writes == self.nth:
            for _ in range(self.times):
                os.kill(os.getpid(), signal.SIGINT)
        super().write(data)


TITLE = b"LIFE2\r\n"


@pytest.mark.parametrize(
    ("dialect", "spaces", "message"),
    [
        # the OSI ROM (in an emulator), Ctrl-C found by ISCNTC at NEWSTT before line 4
        (Dialect.MS1978, 33, b"\r\nBREAK IN  2\r\nOK\r\n"),
        # PC-BASIC 2.0.8 (a Ctrl-C key event queued as line 2 starts): ^C where the cursor is
        (Dialect.GWBASIC, 32, b"^C\r\nBreak in 2\r\n"),
    ],
)
def test_ctrl_c_while_the_title_prints_breaks_before_the_next_line(dialect, spaces, message):
    terminal = CtrlCOnAWrite([], nth=1)
    stop = drive(Life2Program(dialect, FAITHFUL).run(), terminal, breaks=True)
    assert stop is Stop.BREAK
    assert bytes(terminal.output) == b" " * spaces + TITLE + message


def test_the_break_names_the_line_run_last_and_the_trace_stops_there():
    """Line 700's mask is being printed: the break comes before line 701 runs (the ROM's CURLIN is
    still 700 at NEWSTT), so the trace ends at 700 and nothing of 701 is printed."""
    trace: list[int | str] = []
    terminal = CtrlCOnAWrite([], nth=0)
    program = Life2Program(Dialect.MS1978, FAITHFUL).run()

    def on_line(number):
        trace.append(number)
        if number == 700:
            terminal.nth = terminal.writes + 1  # the next write is line 700's output

    stop = drive(program, terminal, on_line, breaks=True)
    assert stop is Stop.BREAK and trace[-1] == 700
    # the ROM (in an emulator, Ctrl-C after the &&&&&&): the same bytes
    assert bytes(terminal.output).endswith(b"X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r\nBREAK IN  700\r\nOK\r\n")


def test_a_second_ctrl_c_before_the_break_ends_the_run():
    """The way out when the first one cannot be taken (output stopped with Ctrl-S, say)."""
    terminal = CtrlCOnAWrite([], nth=1, times=2)
    with pytest.raises(KeyboardInterrupt):
        drive(Life2Program(Dialect.MS1978, FAITHFUL).run(), terminal, breaks=True)


@pytest.mark.parametrize(("dialect", "break_key"), [(Dialect.MS1978, None), (Dialect.GWBASIC, b"\x03")])
def test_ctrl_c_while_the_prompt_prints_is_typed_at_the_prompt(dialect, break_key):
    """The prompt's own write: no line starts before the INPUT reads, so the prompt has it."""
    terminal = CtrlCOnAWrite([b"1,1"], nth=0)
    run = Life2Program(dialect, FAITHFUL).run()
    prompts = [0]

    def on_line(number):
        if number == 701:
            prompts[0] += 1
            if prompts[0] == 2:
                terminal.nth = terminal.writes + 2  # line 701's CR, then its prompt

    if break_key is None:
        with pytest.raises(KeyboardInterrupt):
            drive(run, terminal, on_line, break_key, breaks=True)
    else:
        assert drive(run, terminal, on_line, break_key, breaks=True) is Stop.ERROR
        assert terminal.output.endswith(b"? \x0e\r\nBreak in 701\r\n")


def test_without_breaks_ctrl_c_ends_the_run_as_before():
    """`life2 run`, and programs without a BREAK (Cell Life, p2life): Ctrl-C is KeyboardInterrupt."""
    with pytest.raises(KeyboardInterrupt):
        drive(Life2Program(Dialect.MS1978, FAITHFUL).run(), CtrlCOnAWrite([], nth=1))
