"""Segments as the 1977 ROM has them: where the machine says each begins, and what the meter counts.

A segment is a stretch during which CURLIN holds one line: it begins when a line
is entered at its start or resumed inside (NEXT, RETURN), and ends when CURLIN
changes. Each test runs a few lines on the ms1978 machine with a meter that
keeps what it is told.
"""

from __future__ import annotations

import pytest

from life2_retro.basic.cycles import ENDED, RETURNED, CycleMeter, torn_cycles
from life2_retro.basic.dialects import Dialect
from life2_retro.basic.machine import (
    END,
    ENTERED,
    NEXT_LINE,
    RESUMED_BY_NEXT,
    RESUMED_BY_RETURN,
    Input,
    Machine,
)
from life2_retro.events import Stop
from life2_retro.session import drive
from life2_retro.terminals.transcript import ScriptedTerminal

from .test_machine import TWO_LOOPS


class Vars:
    I = J = 0  # noqa: E741


class Kept:
    """A meter that keeps the segments and the typed lines it is told of."""

    def __init__(self) -> None:
        self.segments: list[tuple[int, int]] = []
        self.lines: list[tuple[bytes, bytes]] = []

    def segment(self, line: int, how: int) -> None:
        self.segments.append((line, how))

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        self.lines.append((prompt, buffer))


def run(lines, answers=(), first=10, meter=None):
    v = Vars()
    m = Machine(Dialect.MS1978, v)
    meter = meter or Kept()
    m.count_segments(meter)
    table = {number: (lambda make=make: make(m, v)) for number, make in lines.items()}
    trace: list[int] = []
    stop = drive(m.run(table, first), ScriptedTerminal(list(answers)), trace.append)
    return meter, trace, stop


def test_a_for_and_its_next_in_one_line_are_one_segment():
    def line10(m, v):  # 10 FOR I=1 TO 3: NEXT I
        return m.for_("I", 1, 3, lambda: m.next_("I"))

    meter, trace, _ = run({10: line10, 20: lambda m, v: END})
    assert meter.segments == [(10, ENTERED), (20, ENTERED)]


def test_next_resuming_in_another_line_begins_a_segment_there_that_tron_does_not_show():
    meter, trace, _ = run(TWO_LOOPS)
    assert trace == [10, 20, 20, 30, 40, 40, 50]
    # NEXT J comes back to the end of line 30 (a segment of 30), then NEWSTT goes on to 40
    assert meter.segments == [
        (10, ENTERED),
        (20, ENTERED),
        (10, RESUMED_BY_NEXT),
        (20, ENTERED),
        (30, ENTERED),
        (40, ENTERED),
        (30, RESUMED_BY_NEXT),
        (40, ENTERED),
        (50, ENTERED),
    ]


def test_return_resumes_in_the_line_of_its_gosub():
    meter, trace, _ = run(
        {
            10: lambda m, v: m.gosub(100, lambda: m.print_("BACK") or NEXT_LINE),  # 10 GOSUB 100: PRINT
            20: lambda m, v: m.gosub(100),  # 20 GOSUB 100
            30: lambda m, v: END,
            100: lambda m, v: m.return_(),  # 100 RETURN
        }
    )
    assert trace == [10, 100, 20, 100, 30]
    assert meter.segments == [
        (10, ENTERED),
        (100, ENTERED),
        (10, RESUMED_BY_RETURN),
        (20, ENTERED),
        (100, ENTERED),
        (20, RESUMED_BY_RETURN),
        (30, ENTERED),
    ]


def test_an_error_ends_in_the_segment_of_its_line():
    meter, trace, stop = run({10: lambda m, v: 20, 20: lambda m, v: 800})  # 20 GOTO 800: no 800
    assert stop is Stop.ERROR
    assert meter.segments == [(10, ENTERED), (20, ENTERED)]


def test_the_typed_lines_reach_the_meter_after_their_prompts():
    def line10(m, v):  # 10 INPUT I,J
        return Input(2, lambda values: None, NEXT_LINE)

    meter, _, stop = run({10: line10, 20: lambda m, v: END}, answers=[b"HELLO", b"3", b"4"])
    assert stop is Stop.END
    assert meter.lines == [(b"? ", b"HELLO"), (b"? ", b"3"), (b"?? ", b"4")]


def test_only_the_1978_basic_has_segments():
    with pytest.raises(ValueError, match="ms1978"):
        Machine(Dialect.GWBASIC, Vars()).count_segments(Kept())


# -- the meter ----------------------------------------------------------------------------------


class Flat:
    """A price list: every segment of line n costs n cycles; a line ending the program costs 1000."""

    def __init__(self) -> None:
        self.compiled: dict = {}
        self.asked: list[tuple[int, int, int]] = []

    def compile(self, line: int, how: int, following: int):
        self.asked.append((line, how, following))
        return 1000 if following == ENDED else line

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        pass

    def pending(self) -> int:
        return 0


def test_the_meter_charges_each_segment_as_the_next_begins_and_the_last_only_when_stopped():
    costs = Flat()
    meter = CycleMeter(costs)
    meter.segment(10, ENTERED)
    meter.segment(100, ENTERED)
    meter.segment(10, RESUMED_BY_RETURN)
    meter.segment(20, ENTERED)
    assert meter.cycles == 10 + 100 + 10
    assert (100, ENTERED, RETURNED) in costs.asked  # a RETURN is a RETURN, wherever it goes
    assert meter.total(Stop.INPUT_ENDED) == 120  # the segment waiting at INPUT is not counted
    assert meter.total(Stop.ERROR) == 1120  # the one that printed the last message is
    assert meter.segments_done(Stop.INPUT_ENDED) == 3 and meter.segments_done(Stop.END) == 4


def test_a_change_of_both_bytes_of_curlin_passes_through_a_half_written_line():
    # 110 is 0x006E and 300 is 0x012C: CURLIN holds 0x002C (44) between them, for 10 cycles after
    # NEWSTT; coming back by RETURN it holds 0x016E (366) for 7; 300 to 305 changes the low byte only
    assert torn_cycles(110, 300, ENTERED) == 10
    assert torn_cycles(300, 110, RESUMED_BY_RETURN) == 7
    assert torn_cycles(300, 305, ENTERED) == 0
    assert torn_cycles(511, 515, ENTERED) == 10  # 0x01FF to 0x0203 (259 between)
    meter = CycleMeter(Flat())
    for line, how in [(110, ENTERED), (300, ENTERED), (305, ENTERED), (110, RESUMED_BY_RETURN)]:
        meter.segment(line, how)
    assert meter.segments == 3 + 2  # two half-written ones; their cycles are the next segment's
    assert meter.cycles == 110 + 300 + 305
