"""`life2 --historical-speed`: each line held for what the lines before it cost the 1977 machine,
the re-creation by its cycle model, the 6502 engine by its own count."""

from __future__ import annotations

import argparse

import pytest

from life2_retro.commands.options import add_mode_options, mode_from
from life2_retro.commands.play import paced
from life2_retro.session import drive
from life2_retro.terminals.transcript import ScriptedTerminal

QUICK = [b"1,1", b"1,5", b"5,5", b"3,2", b"3,3", b"3,4"]


class IdlingTerminal(ScriptedTerminal):
    """A scripted terminal on a clock of its own: idling moves the clock, nothing sleeps."""

    def __init__(self, responses: list[bytes]) -> None:
        super().__init__(responses)
        self.now = 0.0

    def idle(self, seconds: float, on_key=None) -> None:
        self.now += seconds


@pytest.mark.parametrize("engine", ["python", "6502"])
def test_the_game_takes_the_1977_machines_time(engine, request) -> None:
    if engine == "6502":
        request.getfixturevalue("rom6502")
    parser = argparse.ArgumentParser()
    add_mode_options(parser, clock=True)
    mode = mode_from(parser.parse_args(["--dialect", "ms1978", "--engine", engine]), parser)
    program = mode.make()
    terminal = IdlingTerminal(list(QUICK))
    hz = 983_000
    drive(program.run(), terminal, paced(mode, program, terminal, hz, None, clock=lambda: terminal.now))
    # the segments up to the last line entered (575, not held), some 7.6 million cycles, at 983 kHz
    assert 7.4 < terminal.now < 7.9
