"""The program registry: a name gives the program, its runtimes, its switches, scripts and reference."""

from __future__ import annotations

import pytest

from life2_retro import reference
from life2_retro.basic.dialects import DEFAULT_DIALECT, DIALECT_NAMES
from life2_retro.programs import DEFAULT_PROGRAM, PROGRAMS, program_entry
from life2_retro.programs.life2.bugs import BUGS
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import run_in_memory

from ..support.helpers import QUICK_GAME, play


def test_life2_is_registered_with_its_dialects_and_switches():
    entry = program_entry(DEFAULT_PROGRAM)
    assert entry is PROGRAMS["life2"]
    assert entry.runtimes[0] == DEFAULT_DIALECT.rules.name and set(entry.runtimes) == set(DIALECT_NAMES)
    assert entry.bugs is BUGS and entry.oracle_runtime == "gwbasic"
    assert entry.oracle_runtime == reference.adapter_of("life2").RUNTIME


def test_a_program_made_through_the_registry_is_the_program():
    made = PROGRAMS["life2"].make("gwbasic", frozenset(BUGS))
    assert isinstance(made, Life2Program)
    assert run_in_memory(made.run(), QUICK_GAME) == play(QUICK_GAME)


def test_the_registry_refuses_what_a_program_does_not_have():
    entry = PROGRAMS["life2"]
    with pytest.raises(ValueError, match="life2 runs on ms1978, gwbasic, not 'c89'"):
        entry.make("c89", frozenset())
    with pytest.raises(ValueError, match="unknown bug switch 'no-such'"):
        entry.resolve_bugs(False, [(True, "no-such")])
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        program_entry("chess")


def test_scripts_come_from_the_registry_and_repeat():
    entry = PROGRAMS["life2"]
    assert entry.script(1, 0) == entry.script(1, 0) and entry.script(1, 0) != entry.script(1, 1)


def test_the_program_marks_its_redisplay_points_as_events():
    from life2_retro.events import REDISPLAY

    events = list(Life2Program().run_from(2))  # no input: it stops at the first prompt
    marks = [events[i + 1] for i, event in enumerate(events) if event is REDISPLAY]
    assert marks == [520]  # the first player's setup heading, the line after the mark


def test_the_variables_snapshot_names_them_as_basic_does():
    program = Life2Program()
    run_in_memory(program.run(), QUICK_GAME[:3])
    shown = program.variables()
    # player 1's third setup square, 5,5, is in X(1) and Y(1); the prompt now waits for player 2
    assert shown["B"] == 2 and shown["X(1)"] == 5 and shown["Y(1)"] == 5
    assert set(shown) >= {"M2", "M3", "X(2)", "Y(2)"}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_every_program_module_offers_what_the_registry_asks_of_it(name):
    entry = PROGRAMS[name]
    module = entry.load()
    for function in ("make_program", "erase_key", "break_key"):
        assert callable(getattr(module, function, None)), f"{entry.module} has no {function}"
    runtime = entry.runtimes[0]
    assert isinstance(entry.erase_key(runtime), str)
    assert entry.break_key(runtime) is None or isinstance(entry.break_key(runtime), bytes)
