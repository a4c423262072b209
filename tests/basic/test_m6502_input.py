"""INPUT's steps, walked as INLIN and FIN take the keys (basic/m6502_input.py); their prices are
measured on the 6502 engine (tests/osi/test_cycle_meter.py holds the totals against it)."""

from __future__ import annotations

import pytest

from life2_retro.basic import m6502_input
from life2_retro.basic.dialects import Dialect
from life2_retro.basic.m6502_input import BUFFER_KEYS, PRICES, STEPS, input_steps, typed_cycles
from life2_retro.basic.msinput import edit_ms1978_line
from life2_retro.basic.printer import make_printer


def steps_of(*lines: tuple[bytes, bytes]) -> dict[str, int]:
    typed = [
        (prompt, keys, edit_ms1978_line(keys, make_printer(Dialect.MS1978)).buffer) for prompt, keys in lines
    ]
    return dict(input_steps(typed, 2)[0])


def test_every_step_has_its_measured_price() -> None:
    assert set(PRICES) == set(STEPS)


@pytest.mark.parametrize("answer", [b"1,1", b"3,4", b"01,5", b"0,0", b"00,100", b"123456,7", b"10,20"])
def test_a_plain_pair_is_priced_as_its_walk(answer: bytes) -> None:
    steps, counted = input_steps([(b"? ", answer, answer)], 2)
    walked = counted + sum(PRICES.get(step, 0) * times for step, times in steps.items())
    assert m6502_input._plain_pair_cycles(answer) == walked
    assert typed_cycles([(b"? ", answer, answer)], 2) == walked


def test_the_keys_inlin_keeps_drops_erases_and_refuses() -> None:
    steps = steps_of((b"? ", b"\x01\x0f1_2@3,\x0f4" + b"5" * 80))
    assert steps["drop"] == 1 and steps["ctrl_o"] == 2 and steps["kill"] == 1 and steps["erase"] == 1
    assert steps["keep"] == 2 + BUFFER_KEYS and steps["full"] == 80 + 3 - BUFFER_KEYS
    # echoed while Ctrl-O held the output back: 1 _ 2 @ 3 and the comma, and the kill's CR LF
    assert steps["held_printing"] == 6 and steps["held_control"] == 2


def test_the_echo_wraps_at_the_margin_after_the_prompt() -> None:
    # OUTDO sends CR LF before a printing character at column 72: the prompt's 2 and 70 keys fill the
    # line, the 71st goes on the next
    assert steps_of((b"? ", b"1," + b"1" * 68)).get("wrap", 0) == 0
    assert steps_of((b"? ", b"1," + b"1" * 69))["wrap"] == 1
    assert steps_of((b"? ", b"1"), (b"?? ", b"1" * 69)).get("wrap", 0) == 0
    assert steps_of((b"? ", b"1"), (b"?? ", b"1" * 70))["wrap"] == 1


def test_the_statement_asks_again_for_more_and_stops() -> None:
    assert steps_of((b"? ", b"x"), (b"? ", b"1,2"))["again"] == 1
    assert steps_of((b"? ", b"1"), (b"?? ", b"2"))["more"] == 1
    assert steps_of((b"? ", b""))["empty"] == 1
    assert steps_of((b"? ", b"1,2,3"))["extra"] == 1


def test_fin_scales_by_its_decimals_and_exponent() -> None:
    assert steps_of((b"? ", b"1.25,2"))["divide"] == 2
    assert steps_of((b"? ", b"1E3,2"))["times_ten"] == 3
    overflow = steps_of((b"? ", b"1E39"))
    assert overflow["overflow"] == 1 and overflow["overflow_scaling"] == 1
    tiny = steps_of((b"? ", b"1E-40,2"))
    assert tiny["divide"] + tiny["divide_zero"] == 40 and tiny["divide_zero"] >= 1
