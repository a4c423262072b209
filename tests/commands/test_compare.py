"""The comparison itself: it must see a difference wherever there is one."""

from __future__ import annotations

from life2_retro.basic.dialects import Dialect
from life2_retro.commands.compare import compare_scripts, first_byte_difference, first_trace_difference
from life2_retro.programs import Script
from life2_retro.reference.life2 import oracle_program

from ..support.helpers import FAITHFUL, FIXED, QUICK_GAME, life2_mode


def test_first_byte_difference_names_byte_line_and_column():
    assert first_byte_difference(b"AB\r\nCD", b"AB\r\nCD") is None
    found = first_byte_difference(b"AB\r\nCX", b"AB\r\nCD")
    assert found is not None and found.position == 5 and "line 2, column 2" in found.detail
    shorter = first_byte_difference(b"AB", b"ABC")
    assert shorter is not None and shorter.position == 2


def test_first_trace_difference_names_the_step():
    assert first_trace_difference([1, 2, 3], (1, 2, 3)) is None
    found = first_trace_difference([1, 2, 4], [1, 2, 3])
    assert found is not None and found.position == 2
    assert first_trace_difference([1, 2], [1, 2, 3]).position == 2


def test_a_fixed_life2_differs_from_the_unpatched_listing(listing, oracle):
    """life2 --fixed against the plain listing must be reported as different, transcript and trace."""
    result = compare_scripts(
        life2_mode(Dialect.GWBASIC, FIXED), oracle_program(None, FAITHFUL), [Script(QUICK_GAME)], 1
    )
    assert result.identical == 0
    ((index, found),) = result.failures
    assert index == 0 and {m.what for m in found} == {"transcript", "trace"}


def test_a_script_pcbasic_fails_on_is_neither_identical_nor_different(listing, oracle):
    batch = [Script([b"&H-18000,2"]), Script(QUICK_GAME)]
    result = compare_scripts(life2_mode(Dialect.GWBASIC, FAITHFUL), oracle_program(None, FAITHFUL), batch, 1)
    assert result.identical == 1 and not result.failures
    ((index, why),) = result.original_failed
    assert index == 0 and why.startswith("struct.error")
