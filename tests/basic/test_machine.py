"""The line machine's control flow: what TRON shows, and BASIC's FOR/GOSUB stack rules."""

from __future__ import annotations

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.machine import END, NEXT_LINE, Machine
from life2_retro.events import Stop
from life2_retro.session import drive
from life2_retro.terminals.transcript import ScriptedTerminal


class Vars:
    I = J = 0  # noqa: E741


def run(lines, dialect=Dialect.GWBASIC, first=10):
    v = Vars()
    m = Machine(dialect, v)
    table = {number: (lambda make=make: make(m, v)) for number, make in lines.items()}
    terminal = ScriptedTerminal([])
    trace: list[int] = []
    stop = drive(m.run(table, first), terminal, trace.append)
    return trace, bytes(terminal.output), stop


def _for_then_print(m, v):  # 10 FOR I=1 TO 2: PRINT I;
    def rest():
        m.print_(v.I, end=";")
        return NEXT_LINE

    return m.for_("I", 1, 2, rest)


TWO_LOOPS = {
    10: _for_then_print,
    20: lambda m, v: m.next_("I"),  # 20 NEXT I
    30: lambda m, v: m.for_("J", 1, 2, NEXT_LINE),  # 30 FOR J=1 TO 2
    40: lambda m, v: m.next_("J"),  # 40 NEXT J
    50: lambda m, v: END,
}
"""NEXT I resumes in the middle of line 10, NEXT J at the end of line 30."""


def test_next_resuming_mid_line_is_not_traced_but_at_a_line_end_it_is():
    trace, output, stop = run(TWO_LOOPS)
    assert trace == [10, 20, 20, 30, 40, 40, 50]
    assert output == b" 1  2 " and stop is Stop.END


def test_return_drops_loops_opened_in_the_subroutine_and_resumes_after_gosub():
    trace, _, _ = run(
        {
            10: lambda m, v: m.gosub(100),
            20: lambda m, v: END,
            100: lambda m, v: m.for_("I", 1, 9, NEXT_LINE),
            110: lambda m, v: m.return_(),  # leaves the loop open: RETURN must drop it
        }
    )
    assert trace == [10, 100, 110, 20]


def test_for_on_an_open_variable_replaces_the_loop():
    def line10(m, v):
        return m.for_("I", 1, 3, NEXT_LINE)

    def line20(m, v):
        return m.for_("J", 1, 3, NEXT_LINE)

    def line30(m, v):
        return 40 if v.J == 2 else m.next_("J")  # leave the J loop by GOTO when J is 2

    def line40(m, v):
        return m.next_("I")  # NEXT I drops the open J loop

    trace, _, stop = run({10: line10, 20: line20, 30: line30, 40: line40, 50: lambda m, v: END})
    assert stop is Stop.END
    assert trace == [10, 20, 30, 30, 40, 20, 30, 30, 40, 20, 30, 30, 40, 50]


def test_errors_name_their_line_in_each_dialect():
    lines = {10: lambda m, v: 20, 20: lambda m, v: m.next_("I")}
    trace, output, stop = run(lines)
    assert stop is Stop.ERROR and output == b"NEXT without FOR in 20\r\n"
    _, output, _ = run(lines, Dialect.MS1978)
    assert output == b"\r\n?NF ERROR IN  20\r\nOK\r\n"
    _, output, _ = run({10: lambda m, v: m.return_()}, Dialect.MS1978)
    assert output == b"\r\n?RG ERROR IN  10\r\nOK\r\n"
    _, output, _ = run({10: lambda m, v: 99})
    assert output == b"Undefined line number in 10\r\n"


def test_subscripts_round_or_truncate_and_check_their_range():
    import pytest

    from life2_retro.basic.errors import BasicError

    gw, ms = Machine(Dialect.GWBASIC, Vars()), Machine(Dialect.MS1978, Vars())
    assert [gw.subscript(x, 6) for x in (0.5, 2.5, 2.49, 0.4, -0.4)] == [1, 3, 2, 0, 0]
    assert [ms.subscript(x, 6) for x in (0.5, 2.5, 2.99, 0.4)] == [0, 2, 2, 0]
    for machine, negative in ((gw, -0.5), (ms, -0.4), (gw, -1), (ms, -1)):
        with pytest.raises(BasicError, match="subscript-out-of-range"):
            machine.subscript(7, 6)
        with pytest.raises(BasicError, match="illegal-function-call"):
            machine.subscript(negative, 6)


def test_gw_basic_for_loops_that_never_run_are_refused_not_guessed():
    import pytest

    with pytest.raises(NotImplementedError):
        run({10: lambda m, v: m.for_("I", 5, 1, NEXT_LINE)})
    trace, _, _ = run({10: lambda m, v: m.for_("I", 5, 1, NEXT_LINE), 20: lambda m, v: END}, Dialect.MS1978)
    assert trace == [10, 20]  # the 1978 BASIC runs the body once


def test_running_off_the_last_line_ends_the_program():
    trace, output, stop = run({10: lambda m, v: NEXT_LINE}, Dialect.MS1978)
    assert trace == [10] and stop is Stop.END and output == b"\r\nOK\r\n"
