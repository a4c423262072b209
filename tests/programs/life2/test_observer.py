"""The observer reads real transcripts: at every input request it must agree with the program.

The program's own state is the truth here: `Life2Program.v.B` says who is asked,
the trace says when a turn starts (line 560), when an answer was refused (750)
and when SAME COORD happened (740). The observer sees only the output bytes.
"""

from __future__ import annotations

import random

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2.bugs import ANSWERS_THAT_STOP
from life2_retro.programs.life2.observer import GameObserver
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import drive
from life2_retro.terminals.base import KeyHook, Terminal

from ...support.helpers import FAITHFUL, FIXED, QUICK_GAME, play
from .test_rules import printed_boards

JUNK = [b"A", b"3", b"1,2,3", b"2.5,1", b"0,9", b"", b"  4 , 4", b"1E1,2", b"5,-1", b"@3,3", b"3_,2"]


class Watched(Terminal):
    """Types seeded answers (squares, taken squares, junk) and checks the observer at every request."""

    def __init__(self, program: Life2Program, seed: int, feed_echo: bool, max_reads: int = 70) -> None:
        self.program = program
        self.rng = random.Random(seed)
        self.feed_echo = feed_echo
        self.max_reads = max_reads
        self.observer = GameObserver()
        self.output = bytearray()
        self.trace: list[int] = []
        self.since: list[int] = []
        self.generations = 0
        self.same_in_turn = False
        self.same_truth = False
        self.refused_truth = False
        self.reads = 0
        self.prompts_seen: list[int] = []
        self.boards: list = []
        self.read_from = 0
        self.seen_refused = self.seen_same = 0

    def on_line(self, number: int) -> None:
        self.trace.append(number)
        self.since.append(number)
        if number == 560:
            self.generations += 1
            self.same_truth, self.same_in_turn = self.same_in_turn, False
        elif number == 740:
            self.same_in_turn = True

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.output += data
        # feed in pieces of random size: lines arrive split anywhere
        while data:
            cut = self.rng.randint(1, 30)
            self.observer.feed(data[:cut])
            data = data[cut:]

    def echo(self, data: bytes) -> None:
        self.output += data
        if self.feed_echo:
            self.observer.feed(data)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        program, seen = self.program, self.observer
        if 700 in self.since:
            self.refused_truth = 750 in self.since
        self.since = []
        assert seen.prompted == program.v.B
        assert seen.asking == program.v.B
        assert seen.phase == ("turn" if 559 in self.trace else "setup")
        assert seen.round == self.generations
        assert seen.refused == self.refused_truth
        assert seen.same_coord == self.same_truth
        self.boards += printed_boards(bytes(self.output[self.read_from :]))
        self.read_from = len(self.output)
        assert seen.history == self.boards
        assert seen.board == (seen.history[-1] if seen.history else None)
        assert seen.winner is None and not seen.ended
        self.prompts_seen.append(seen.prompts)
        self.seen_refused += seen.refused
        self.seen_same += seen.same_coord
        self.reads += 1
        if self.reads > self.max_reads:
            return None
        roll = self.rng.random()
        if roll < 0.12:
            return self.rng.choice(JUNK)
        return f"{self.rng.randint(1, 5)},{self.rng.randint(1, 5)}".encode()


CASES = [(dialect, bugs, echo) for dialect in Dialect for bugs in (FAITHFUL, FIXED) for echo in (False, True)]


def case_id(case: object) -> str:
    if isinstance(case, Dialect):
        return case.rules.name
    if isinstance(case, frozenset):
        return "bugs-on" if case else "fixed"
    return "echo" if case else "no-echo"


@pytest.mark.parametrize(("dialect", "bugs", "feed_echo"), CASES, ids=case_id)
def test_the_observer_agrees_with_the_program_at_every_prompt(dialect, bugs, feed_echo):
    endings = set()
    refused = same = 0
    for seed in range(60):
        program = Life2Program(dialect, bugs)
        watched = Watched(program, seed, feed_echo)
        stop = drive(program.run(), watched, watched.on_line)
        seen = watched.observer
        seen.stopped(stop)
        output = bytes(watched.output)
        assert watched.prompts_seen == list(range(1, len(watched.prompts_seen) + 1))  # one count a prompt
        assert seen.prompted == (program.v.B if stop is Stop.INPUT_ENDED else None)  # nobody answered it
        assert seen.history == printed_boards(output)
        if b"IS THE WINNER" in output:
            assert seen.winner == int(output.split(b"IS THE WINNER")[0][-2:-1]) and seen.ended
            assert seen.phase == "over"
            endings.add("winner")
        elif b"A DRAW" in output:
            assert seen.winner == "draw" and seen.ended and seen.phase == "over"
            endings.add("draw")
        elif stop is Stop.INPUT_ENDED:
            assert not seen.ended and seen.winner is None
            endings.add("input-ended")
        else:
            assert seen.ended and seen.winner is None and seen.phase == "over" and seen.stopped_by is stop
            endings.add(f"stopped-{stop.value}")
        refused += watched.seen_refused
        same += watched.seen_same
    assert refused > 20 and same > 3, (refused, same)  # both were seen, and checked against the program
    expected = {"winner", "draw"}
    if dialect is Dialect.MS1978 and ANSWERS_THAT_STOP in bugs:
        expected.add("stopped-empty-input")  # an empty answer stops the 1978 BASIC with OK
    assert expected <= endings, endings


def test_whole_transcripts_in_one_piece():
    for dialect in Dialect:
        for bugs in (FAITHFUL, FIXED):
            seen = GameObserver()
            run = play(QUICK_GAME, dialect, bugs)
            seen.feed(run.output)
            assert seen.ended  # the winner's line ends the game on paper
            seen.stopped(run.stop)
            assert seen.winner == 2 and seen.ended and seen.phase == "over"
            assert len(seen.history) == 2 and seen.populations == (0, 6)
            # GOTO 800, which does not exist, or END with the fix
            assert seen.stopped_by is (Stop.ERROR if bugs == FAITHFUL else Stop.END)


@pytest.mark.parametrize("dialect", list(Dialect))
def test_the_mask_and_the_prompt_as_each_dialect_sends_them(dialect):
    seen = GameObserver()
    head = b"\r\nPLAYER 1  - 3 LIVE PIECES.\r\nX,Y\r\n"
    seen.feed(head)
    assert seen.prompted is None and seen.phase == "setup"
    mask = b"XXXXXX\r$$$$$$\r&&&&&&\r? " if dialect is Dialect.MS1978 else b"XXXXXX\r\n$$$$$$\r\n&&&&&&\r\n? "
    seen.feed(mask)
    assert seen.prompted == 1 and seen.round == 0 and seen.prompts == 1
    seen.feed(b"")
    assert seen.prompts == 1  # the same prompt, still waiting
    seen.feed(b"\r\n")
    assert seen.prompted is None and seen.asking == 1


def test_a_turn_a_refusal_and_same_coord():
    seen = GameObserver()
    board = (
        b"\r\n 0  1  2  3  4  5  0 \r\n"
        + b"".join(f" {j}  .  *  .  .  .  {j} \r\n".encode() for j in range(1, 6))
        + b" 0  1  2  3  4  5  0 "
    )
    seen.feed(board)
    assert seen.board is None  # the last line of the board is not finished yet
    seen.feed(b"\r\n\r\n\r\nPLAYER 1 X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? ")
    assert seen.board is not None and seen.board[0] == (0, 1, 0, 0, 0)
    assert seen.phase == "turn" and seen.round == 1 and seen.prompted == 1 and not seen.refused
    seen.feed(b"\r\nILLEGAL COORDS. RETYPE\r\nX,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? ")
    assert seen.prompted == 1 and seen.refused and seen.round == 1
    seen.feed(b"\r\n?REDO FROM START\r\n? ")
    assert seen.prompted == 1 and seen.refused
    seen.feed(b"\r\n\r\n\r\nPLAYER 2 X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? ")
    assert seen.prompted == 2 and not seen.refused and seen.round == 1
    seen.feed(b"\r\nSAME COORD.  SET TO 0\r\n\r\n" + board)
    assert not seen.same_coord
    seen.feed(b"\r\n\r\n\r\nPLAYER 1 X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? ")
    assert seen.same_coord and seen.round == 2 and seen.prompts == 5


def test_what_a_visitor_types_is_not_read_as_the_program():
    seen = GameObserver()
    seen.feed(b"\r\nPLAYER 1  - 3 LIVE PIECES.\r\nX,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? ")
    seen.feed(b"A DRAW")  # the echo of a visitor's answer
    assert seen.prompted is None
    seen.feed(b"\r\n?REDO FROM START\r\n? ")
    assert seen.winner is None and not seen.ended and seen.prompted == 1
