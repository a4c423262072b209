"""Whose turn each prompt is, read by each program's seats.py: a game in memory with a seat a player,
each seat given only its own player's answers (a prompt read at the wrong seat would find none), and
the program's echo of a line seen at the seat that typed it, nowhere else."""

from __future__ import annotations

import random
import re

from life2_retro.programs import PROGRAMS
from life2_retro.session import drive
from life2_retro.terminals.base import KeyHook, Terminal
from life2_retro.terminals.seats import Seats
from life2_retro.terminals.unix_tty import for_program


class SeatAt(Terminal):
    """One player's seat: their own answers only, and everything it is sent."""

    def __init__(self, answers: list[bytes]) -> None:
        self.answers = list(answers)
        self.out = bytearray()
        self.echoed = bytearray()
        self.statuses: list[str] = []

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.out += data

    def echo(self, data: bytes) -> None:
        self.echoed += data

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        return self.answers.pop(0) if self.answers else None

    def status(self, text: str) -> None:
        self.statuses.append(text)


def seated_game(
    name: str, answers: dict[int, list[bytes]], seed: int | None = None, **settings
) -> dict[int, SeatAt]:
    entry = PROGRAMS[name]
    most, turns = entry.seating()
    seats = {player: SeatAt(lines) for player, lines in answers.items()}
    program = entry.make(entry.runtimes[0], entry.resolve_bugs(False), seed, True, **settings)
    stop = drive(program.run(), for_program(Seats(seats, turns, 10), entry.through_a_tty))
    assert stop.name == "END" or stop.name == "ERROR"
    assert all(not seat.answers for seat in seats.values())  # every answer read, each at its own seat
    return seats


def test_life2_asks_each_square_at_its_players_seat_a_refused_one_again_there():
    seats = seated_game(
        "life2",
        {1: [b"1,1", b"1,1", b"9,9", b"1,5", b"5,5"], 2: [b"3,2", b"1,1", b"3,3", b"3,4"]},
    )
    assert seats[1].out == seats[2].out and b"PLAYER 2 IS THE WINNER" in seats[1].out
    assert seats[1].out.count(b"ILLEGAL COORDS") == 3  # its own 1,1 again and 9,9; player 2's 1,1
    assert bytes(seats[1].echoed) == b"1,11,19,91,55,5" and bytes(seats[2].echoed) == b"3,21,13,33,4"
    assert seats[1].statuses == ["seat 1: waiting for player 2"] * 4
    assert seats[2].statuses == ["seat 2: waiting for player 1"] * 5


def test_p2life_asks_white_at_seat_1_and_black_at_seat_2():
    seats = seated_game(
        "p2life",
        {1: [b"1,1", b"1,2", b"2,1", b"3,3"], 2: [b"4,4", b"4,5", b"5,4", b"3,3"]},
        seed=1,
        rounds=1,
    )
    assert seats[1].out == seats[2].out and b"BOTH CHOSE 3,3" in seats[1].out


def test_cell_life_asks_the_setup_at_seat_1_and_each_move_at_its_players_seat():
    """Three players, the third the computer: a move's prompt is read at the seat of the player it
    names; the setup's questions and each Return to advance a generation at seat 1."""
    from life2_retro.reference import original_words

    entry = PROGRAMS["cell-life"]
    words = original_words(entry.name, entry.text_from_original)
    most, turns = entry.seating()
    rng = random.Random(7)
    reads: list[tuple[int, bytes]] = []
    setup = iter([b"3", b"1", b"1", b"2", b"1"])

    class Player(SeatAt):
        def __init__(self, number: int) -> None:
            super().__init__([])
            self.number = number
            self.asked_at = 0

        def read_line(self, idle_seconds: float | None = None) -> bytes | None:
            since = bytes(self.out[self.asked_at :])
            self.asked_at = len(self.out)
            reads.append((self.number, since))
            if b"<X,Y>" in since or b"Retry" in since:
                return f"{rng.randint(1, 5)},{rng.randint(1, 5)}".encode()
            return next(setup, b"")

    seats = {1: Player(1), 2: Player(2)}
    program = entry.make("c", entry.resolve_bugs(False), 7, True, words=words)
    drive(program.run(), for_program(Seats(seats, turns, 10), True))
    assert most == 4 and seats[1].out == seats[2].out and b"Computer Player 3" in seats[1].out
    assert re.search(rb"Player \d wins!|Total extinction|Hybred takeover", seats[1].out)
    last_named = 1
    for seat, since in reads:
        prompt = since.rstrip().splitlines()[-1]  # the line the player reads the question on
        named = re.search(rb"Generation \d+, player (\d)", prompt)
        if named:
            last_named = int(named[1])
            assert seat == last_named, since[-80:]
        elif b"Retry" in prompt:
            assert seat == last_named
        else:
            assert seat == 1, since[-80:]  # a question to no one player
    assert {seat for seat, _ in reads} == {1, 2}
