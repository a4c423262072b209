"""A seat for each player (issue 29): whole games with two serial seats on ptys and a telnet seat on a
real socket (127.0.0.1 only), each seat's bytes checked; a seat unplugged, dropped, and gone for good.

Each game is first run in memory on one recording terminal, as `life2` with the same options would run
it at one keyboard: that gives the program's bytes, and where in them each prompt waits. The seated
game must send every seat exactly those bytes (the echo aside, which goes to the typist's seat only,
and only if it echoes), and the test types each answer at the seat of the player the paper names.
"""

from __future__ import annotations

import os
import random
import re
import select
import socket
import termios
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

import pytest

from life2_retro.cli import top_parser
from life2_retro.commands.options import mode_from
from life2_retro.session import drive
from life2_retro.terminals.base import SeatLost, TerminalClosed
from life2_retro.terminals.window.away import CARD

from ..support.helpers import QUICK_GAME
from ..support.ptygame import PtyGame
from ..support.seating import Recorder, one_keyboard, scripted, telnet_port
from ..support.serialpty import FarEnd, Life2Process
from ..support.telnetclient import LOOPBACK, TelnetClient

FAST = "pace_baud=200000"
"""The ports keep their 110 baud; only the pacing is sped up, so a game takes a second or two."""
CODE = b"4321"
"""The telnet seats' code (code=4321): each client gives it at the door."""
QUIET_LINE = "fill_cr=0,fill_lf=0"
"""No fill characters: a seat's bytes are then the program's bytes exactly."""


# -- the seats' far ends -----------------------------------------------------------------------------


class FarLine(Protocol):
    """What a serial pty's far end (support/serialpty.py) and a telnet client (support/telnetclient.py)
    both are: bytes kept as they come, a look for more, keys typed."""

    output: bytes

    def read_available(self, wait: float = ...) -> bytes: ...
    def type(self, data: bytes) -> None: ...


class LineSeat:
    """A seat played from the far end of its line: a serial port's pty, or a telnet client."""

    def __init__(self, end: FarLine) -> None:
        self.end = end

    @property
    def output(self) -> bytes:
        return self.end.output

    def poll(self) -> None:
        self.end.read_available(0.01)

    def type(self, data: bytes) -> None:
        self.end.type(data)


class ConsoleSeat:
    """The console of the game's own process: a pty, its output as life2 wrote it (no NL -> CR NL)."""

    def __init__(self, game: PtyGame) -> None:
        self.game = game
        attrs = termios.tcgetattr(game.slave)
        attrs[1] &= ~termios.OPOST
        termios.tcsetattr(game.slave, termios.TCSANOW, attrs)

    @property
    def output(self) -> bytes:
        return self.game.output

    def poll(self) -> None:
        if select.select([self.game.master], [], [], 0.01)[0]:
            with suppress(OSError):
                self.game.output += os.read(self.game.master, 65536)

    def type(self, data: bytes) -> None:
        self.game.type(data)


class SocketSeat:
    """The far end of a serial seat whose port is pyserial's socket:// (a terminal server's port)."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.output = b""

    def poll(self) -> None:
        if select.select([self.connection], [], [], 0.01)[0]:
            self.output += self.connection.recv(65536)

    def type(self, data: bytes) -> None:
        self.connection.sendall(data)


Seat = LineSeat | ConsoleSeat | SocketSeat


def wait_for(seats: dict[int, Seat], seat: int, length: int, timeout: float = 30) -> None:
    """Until `seat` has been sent `length` bytes, reading every seat meanwhile (a seat whose bytes
    nobody reads would fill its line and hold the game up)."""
    deadline = time.monotonic() + timeout
    while len(seats[seat].output) < length:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{length} bytes not at seat {seat}: {seats[seat].output[-300:]!r}")
        for each in seats.values():
            each.poll()


def play_seated(seats: dict[int, Seat], game: Recorder, seat_of: Callable[[int], int]) -> None:
    """Each answer typed at its player's seat once the prompt has reached that seat."""
    for number, (mark, line) in enumerate(zip(game.marks, game.lines, strict=True)):
        seat = seat_of(number)
        wait_for(seats, seat, mark)
        seats[seat].type(line + b"\r")
    for seat in seats:
        wait_for(seats, seat, len(game.out))


@pytest.fixture
def far_ends(tmp_path):
    ends = [FarEnd(tmp_path / f"ttySEAT{number}") for number in (1, 2)]
    yield ends
    for end in ends:
        end.close()


def serial_seat(number: int, end: FarEnd, *more: str) -> str:
    return ",".join([f"{number}=serial", f"port={end.link}", QUIET_LINE, FAST, *more])


LIFE2_TURNS = [1, 1, 1, 2, 2, 2]
"""LIFE2's quick game: player 1 places three pieces, then player 2 (after that the game is over)."""


# -- whole games ---------------------------------------------------------------------------------------


def test_life2_between_a_console_and_a_telnet_client():
    """Done when: a LIFE2 game between a console and a telnet client plays to its end. Both see the
    program's bytes exactly, the mask lines included; neither sees the other's keys; the console is
    told on stderr whose turn it is while it waits."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = PtyGame(*options, "--seat", "2=telnet,port=0,code=4321", stderr_apart=True)
    try:
        console = ConsoleSeat(proc)
        client = TelnetClient(telnet_port(proc), code=CODE)
        play_seated({1: console, 2: LineSeat(client)}, game, lambda n: LIFE2_TURNS[n])
        assert proc.finish() == 0
        client.read_until_closed()
        errors = proc.errors(until=b"(to its end)", timeout=5).decode()  # all of it: the game has ended
    finally:
        proc.close()
    assert b"XXXXXX\r$$$$$$\r&&&&&&\r? " in game.out and b"PLAYER 2 IS THE WINNER" in game.out
    assert console.output == bytes(game.out)
    assert client.output == bytes(game.out)
    # the client was asked for character at a time with no local echo, before anything else
    assert client.raw.startswith(b"\xff\xfb\x01\xff\xfb\x03")
    # a bare CR (the mask) went as CR NUL, a CR LF as it is
    assert b"XXXXXX\r\0$$$$$$\r\0&&&&&&\r\0? " in client.raw and b"\r\0\n" not in client.raw
    assert errors.count("seat 1: waiting for player 2") == 3 and "Traceback" not in errors


def test_life2_with_two_serial_seats_each_echoing_its_own_keys_only(far_ends, processes):
    """Two serial seats on ptys, each echoing: a player's keys come back at their own seat, right
    after their own prompt, and nowhere else; the rest of each transcript is the program's bytes."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(
        *options,
        "--seat",
        serial_seat(1, far_ends[0], "echo=true"),
        "--seat",
        serial_seat(2, far_ends[1], "echo=true"),
    )
    seats = {number: LineSeat(end) for number, end in zip((1, 2), far_ends, strict=True)}
    typed = {1: 0, 2: 0}
    for number, (mark, line) in enumerate(zip(game.marks, game.lines, strict=True)):
        player = LIFE2_TURNS[number]
        wait_for(seats, player, mark + typed[player])
        seats[player].type(line + b"\r")
        typed[player] += len(line)
    for player in seats:
        wait_for(seats, player, len(game.out) + typed[player])
    assert proc.wait(timeout=20) == 0
    for player, seat in seats.items():
        expected = bytearray()
        start = 0
        for number, mark in enumerate(game.marks):
            expected += game.out[start:mark]
            if LIFE2_TURNS[number] == player:
                expected += game.lines[number]  # the echo of this seat's own keys
            start = mark
        expected += game.out[start:]
        assert seat.output == bytes(expected), player


def cell_life_answers(seed: int) -> Callable[[bytes], bytes]:
    """A player's answers, read off the paper: four players, the first two human, the small board,
    squares at random (seeded), and Return to advance each generation."""
    rng = random.Random(seed)
    asked_at = [0]

    def answer(output: bytes) -> bytes:
        since = output[asked_at[0] :]
        asked_at[0] = len(output)
        if b"How many players?" in since:
            return b"4"
        human = re.findall(rb"Player (\d), \(1\) human", since)
        if human:
            return b"1" if int(human[-1]) <= 2 else b"2"
        if b"large game?" in since:
            return b"1"
        if b"<X,Y>" in since or b"Retry" in since:
            return f"{rng.randint(1, 5)},{rng.randint(1, 5)}".encode()
        return b""

    return answer


def cell_life_turns(game: Recorder) -> list[int]:
    """The seat each prompt is answered at, as the players read it: a move at the seat of the player
    the prompt names, a square asked again at the same one, anything else at the first seat."""
    seats, start, last = [], 0, 1
    for mark in game.marks:
        since = game.out[start:mark]
        named = re.findall(rb"Generation \d+, player (\d)", since)
        if named:
            last = int(named[-1])
        elif b"Retry" not in since:
            last = 1
        seats.append(last)
        start = mark
    return seats


def test_cell_life_with_two_serial_seats_and_two_computers(far_ends, processes):
    """Done when: a Cell Life game with two serial seats and two computers plays to its end."""
    options = ["--game", "cell-life", "--seed", "3"]
    game = one_keyboard(options, cell_life_answers(3))
    turns = cell_life_turns(game)
    assert b"Player 4 wins!" in game.out and {1, 2} <= set(turns) and b"Computer Player 3" in game.out
    proc = processes(*options, "--seat", serial_seat(1, far_ends[0]), "--seat", serial_seat(2, far_ends[1]))
    seats = {number: LineSeat(end) for number, end in zip((1, 2), far_ends, strict=True)}
    play_seated(seats, game, lambda n: turns[n])
    assert proc.wait(timeout=30) == 0
    for seat in seats.values():
        assert seat.output == bytes(game.out)
    assert "Traceback" not in proc.stderr


def p2life_turns(game: Recorder) -> list[int]:
    """The seat each prompt is answered at, as the players read it: white's (1) or black's (2), by the
    side the program last named before a square."""
    sides = []
    for mark in game.marks:
        named = re.findall(rb"(WHITE|BLACK) \(.\)(?:: PLACE| X,Y)", game.out[:mark])
        sides.append(1 if named[-1] == b"WHITE" else 2)
    return sides


def test_p2life_with_a_serial_seat_and_a_telnet_seat(far_ends, processes):
    """White at a serial line, black at a telnet client: a whole game, a square refused and asked again
    of the same side, to black's win."""
    options = ["--game", "p2life", "--seed", "18", "--rounds", "3"]
    rng = random.Random(18)
    game = one_keyboard(options, lambda _output: f"{rng.randint(1, 5)},{rng.randint(1, 5)}".encode())
    turns = p2life_turns(game)
    assert turns == [1, 1, 1, 2, 2, 2, 1, 1, 2, 2] and b"BLACK (#) IS THE WINNER." in game.out
    proc = processes(*options, "--seat", serial_seat(1, far_ends[0]), "--seat", "2=telnet,port=0,code=4321")
    client = TelnetClient(telnet_port(proc), code=CODE)
    seats: dict[int, Seat] = {1: LineSeat(far_ends[0]), 2: LineSeat(client)}
    play_seated(seats, game, lambda n: turns[n])
    assert proc.wait(timeout=30) == 0
    assert far_ends[0].output == bytes(game.out) and client.output == bytes(game.out)


# -- nothing but the keys: control bytes stop at the seat that typed them ------------------------------


def test_control_sequences_typed_at_one_seat_reach_no_other_seat_and_not_the_program():
    """The console types ESC before its squares and the telnet player ESC sequences and an 8-bit CSI
    inside theirs: the game plays as if the squares alone were typed, and no seat is sent an ESC."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = PtyGame(*options, "--seat", "2=telnet,port=0,code=4321,echo=true", stderr_apart=True)
    try:
        console = ConsoleSeat(proc)
        client = TelnetClient(telnet_port(proc), code=CODE)
        seats: dict[int, Seat] = {1: console, 2: LineSeat(client)}
        for number, (mark, line) in enumerate(zip(game.marks, game.lines, strict=True)):
            player = LIFE2_TURNS[number]
            wait_for(seats, player, mark + (len(b"".join(game.lines[3:number])) if player == 2 else 0))
            if player == 1:
                console.type(b"\x1b" + line + b"\r")
            else:
                # ESC, and the 8-bit CSI: each would start a control sequence at a terminal
                client.type(b"\x1b" + line[:1] + b"\x1b\x9b" + line[1:] + b"\r")
        assert proc.finish() == 0
        client.read_until_closed()
    finally:
        proc.close()
    assert console.output == bytes(game.out)  # no key of the telnet player's, and no ESC
    assert b"\x1b" not in client.raw and b"\x9b" not in client.raw
    assert client.output.replace(b"3,2", b"").replace(b"3,3", b"").replace(b"3,4", b"") == bytes(game.out)


# -- a seat that goes away -------------------------------------------------------------------------------


def notice(text: str) -> bytes:
    """A word from life2 at a serial or telnet seat: on a line of its own."""
    return b"\r\n" + text.encode() + b"\r\n"


AWAY = "player 2's seat went away: the game waits for it (30 s at most)"
BACK = "player 2's seat is back: the game goes on"


def _player_2_unplugged_at_their_prompt(
    far_ends: list[FarEnd], processes: Callable[..., Life2Process], away_for: str
) -> tuple[Recorder, Life2Process, dict[int, Seat]]:
    """Two serial seats, `--away-for away_for`: player 1 types their three squares, and player 2's
    adapter is pulled out at their first prompt. The game in memory, life2, and the seats."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(
        *options,
        "--away-for",
        away_for,
        "--seat",
        serial_seat(1, far_ends[0]),
        "--seat",
        serial_seat(2, far_ends[1]),
    )
    seats: dict[int, Seat] = {number: LineSeat(end) for number, end in zip((1, 2), far_ends, strict=True)}
    for number in range(3):
        wait_for(seats, 1, game.marks[number])
        seats[1].type(game.lines[number] + b"\r")
    wait_for(seats, 2, game.marks[3])
    far_ends[1].unplug()
    return game, proc, seats


def test_a_serial_seat_unplugged_and_plugged_back_holds_the_game_and_loses_nothing(far_ends, processes):
    """Player 2's adapter is pulled out at their first prompt: player 1 is told the game waits; once it
    is back, player 2 is shown their setup so far and the prompt, player 1 is told, and the game ends
    as it would have: nothing else is sent to player 1, nothing is lost."""
    game, proc, seats = _player_2_unplugged_at_their_prompt(far_ends, processes, "30")
    expected_away = bytes(game.out[: game.marks[3]]) + notice(AWAY)
    wait_for({1: seats[1]}, 1, len(expected_away))
    time.sleep(0.5)
    far_ends[1].plug()
    far_ends[1].output = b""
    wait_for(seats, 1, len(expected_away) + len(notice(BACK)))
    wait_for(seats, 2, 4)
    while not far_ends[1].output.endswith(b"? "):
        far_ends[1].read_available(0.05)
    replay = far_ends[1].output
    assert replay.startswith(b"\r\n") and b"PLAYER 2  - 3 LIVE PIECES." in replay and replay.count(b"? ") == 1
    seen_before = len(replay)
    for number in range(3, 6):
        mark = seen_before + game.marks[number] - game.marks[3]
        wait_for(seats, 2, mark)
        seats[2].type(game.lines[number] + b"\r")
    assert proc.wait(timeout=20) == 0
    for seat in seats.values():
        seat.poll()
    assert seats[1].output == expected_away + notice(BACK) + bytes(game.out[game.marks[3] :])
    assert seats[2].output == replay + bytes(game.out[game.marks[3] :])
    assert "went away" in proc.stderr and "is back" in proc.stderr and "Traceback" not in proc.stderr


def test_a_serial_seat_that_stays_away_ends_the_game_after_its_timeout(far_ends, processes):
    """--away-for 1: player 2's adapter is pulled out at their prompt and stays out; player 1 is told
    the game waits, then that it ends, and life2 ends with one line and status 2. It ends no sooner
    than the timeout, and within a few seconds of it even on a loaded machine (the wait is looked at
    every 50 ms; the bound is generous for a shared 2-core machine)."""
    game, proc, seats = _player_2_unplugged_at_their_prompt(far_ends, processes, "1")
    unplugged = time.monotonic()
    status = proc.wait(timeout=20)
    took = time.monotonic() - unplugged
    seats[1].poll()
    gone = "player 2's seat did not come back within 1 s: the game ends"
    away = "player 2's seat went away: the game waits for it (1 s at most)"
    assert status == 2 and 1.0 <= took < 6.0
    assert seats[1].output == bytes(game.out[: game.marks[3]]) + notice(away) + notice(gone)
    assert f"life2 play: {gone}" in proc.stderr and "Traceback" not in proc.stderr


def test_a_telnet_player_who_drops_and_connects_again_goes_on_where_they_were(far_ends, processes):
    """The telnet player's connection drops at their prompt: player 1 (on a serial seat) is told; a
    new connection is offered the same negotiation, shown the setup so far and the waiting prompt,
    and plays the game to its end."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(
        *options,
        "--away-for",
        "30",
        "--seat",
        serial_seat(1, far_ends[0]),
        "--seat",
        "2=telnet,port=0,code=4321",
    )
    port = telnet_port(proc)
    first = TelnetClient(port, code=CODE)
    seats: dict[int, Seat] = {1: LineSeat(far_ends[0]), 2: LineSeat(first)}
    for number in range(3):
        wait_for(seats, 1, game.marks[number])
        seats[1].type(game.lines[number] + b"\r")
    wait_for(seats, 2, game.marks[3])
    first.close()
    expected_away = bytes(game.out[: game.marks[3]]) + notice(AWAY)
    wait_for({1: seats[1]}, 1, len(expected_away))
    again = TelnetClient(port, code=CODE)
    seats[2] = LineSeat(again)
    again.read_until(b"? ")
    assert again.raw.startswith(b"\xff\xfb\x01\xff\xfb\x03")
    replay = again.output
    assert replay.startswith(b"\r\n") and b"PLAYER 2  - 3 LIVE PIECES." in replay and replay.count(b"? ") == 1
    for number in range(3, 6):
        wait_for(seats, 2, len(replay) + game.marks[number] - game.marks[3])
        seats[2].type(game.lines[number] + b"\r")
    assert proc.wait(timeout=20) == 0
    again.read_until_closed()
    seats[1].poll()
    assert seats[1].output == expected_away + notice(BACK) + bytes(game.out[game.marks[3] :])
    assert again.output == replay + bytes(game.out[game.marks[3] :])


def test_a_telnet_seat_nobody_comes_back_to_ends_the_game_after_its_timeout(far_ends, processes):
    """The telnet player drops while player 1 is at their prompt: the drop is seen when the game next
    sends player 2 a byte (player 1's move, here), then the game waits --away-for 1 and ends."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(
        *options,
        "--away-for",
        "1",
        "--seat",
        serial_seat(1, far_ends[0]),
        "--seat",
        "2=telnet,port=0,code=4321",
    )
    client = TelnetClient(telnet_port(proc), code=CODE)
    seats: dict[int, Seat] = {1: LineSeat(far_ends[0]), 2: LineSeat(client)}
    wait_for(seats, 2, game.marks[0])
    client.close()
    seats[1].type(game.lines[0] + b"\r")
    typed = time.monotonic()
    status = proc.wait(timeout=20)
    took = time.monotonic() - typed
    seats[1].poll()
    gone = "player 2's seat did not come back within 1 s: the game ends"
    away = "player 2's seat went away: the game waits for it (1 s at most)"
    assert status == 2 and 1.0 <= took < 6.0
    # player 1 saw the game up to the write that found player 2 gone, then the two notices
    before, told, after = seats[1].output.partition(notice(away))
    assert told and after == notice(gone)
    assert game.out.startswith(before) and game.marks[0] < len(before) <= game.marks[1]
    assert f"life2 play: {gone}" in proc.stderr and "Traceback" not in proc.stderr


def test_ctrl_c_at_one_seat_ends_the_game_and_the_others_are_told(far_ends, processes):
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(*options, "--seat", serial_seat(1, far_ends[0]), "--seat", serial_seat(2, far_ends[1]))
    seats = {number: LineSeat(end) for number, end in zip((1, 2), far_ends, strict=True)}
    for number in range(3):
        wait_for(seats, 1, game.marks[number])
        seats[1].type(game.lines[number] + b"\r")
    wait_for(seats, 2, game.marks[3])
    seats[2].type(b"3,\x03")
    assert proc.wait(timeout=20) == 130  # Ctrl-C, wherever it is typed (exits.py); it was 0
    seats[1].poll()
    assert seats[1].output == bytes(game.out[: game.marks[3]]) + notice("player 2 ended the game at seat 2")
    assert "Traceback" not in proc.stderr


def test_ctrl_c_at_a_waiting_telnet_seat_ends_the_game_when_the_game_next_writes_to_it(far_ends, processes):
    """Player 2 presses Ctrl-C while player 1 is at their prompt: the telnet seat reads it with the next
    bytes it is sent (player 1's move), and the game ends there, player 1 told who ended it."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = processes(*options, "--seat", serial_seat(1, far_ends[0]), "--seat", "2=telnet,port=0,code=4321")
    client = TelnetClient(telnet_port(proc), code=CODE)
    seats: dict[int, Seat] = {1: LineSeat(far_ends[0]), 2: LineSeat(client)}
    wait_for(seats, 2, game.marks[0])
    client.type(b"\x03")
    seats[1].type(game.lines[0] + b"\r")
    assert proc.wait(timeout=20) == 130
    seats[1].poll()
    before, told, after = seats[1].output.partition(notice("player 2 ended the game at seat 2"))
    assert told and after == b"" and game.out.startswith(before)
    assert "Traceback" not in proc.stderr


# -- a window at a seat ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.create_server((LOOPBACK, 0)) as probe:
        port: int = probe.getsockname()[1]
        return port


def paper_text(window: Any) -> str:
    """What the Teletype's paper shows, the last character struck in each place."""
    return "\n".join(
        "".join(
            line.cells[c][-1].char if c in line.cells else " " for c in range(max(line.cells, default=-1) + 1)
        )
        for line in window.paper.lines
    )


def test_a_teletype_window_and_a_telnet_client_the_window_told_whose_turn_in_its_caption():
    """Player 1 at the drawn Teletype (headless, its keys scripted), player 2 at a telnet client: the
    paper shows player 1's keys struck on their blots and none of player 2's, the client gets the
    program's bytes, and while player 2 thinks the window's caption says whose turn it is."""
    from life2_retro.programs import PROGRAMS
    from life2_retro.terminals import open_window
    from life2_retro.terminals.pacing import SimulatedClock
    from life2_retro.terminals.seats import Seats
    from life2_retro.terminals.telnet.terminal import TelnetTerminal

    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    port = free_port()
    seen: list[bytes] = []

    def player_2() -> None:
        client = TelnetClient(port)
        for number in range(3, 6):
            client.read_until(b"? ", number + 1)
            client.type(QUICK_GAME[number] + b"\r")
        seen.append(client.read_until_closed())

    typist = threading.Thread(target=player_2, daemon=True)
    typist.start()
    parser = top_parser()
    mode = mode_from(parser.parse_args(options), parser)
    window = open_window("teletype", clock=SimulatedClock(), script=QUICK_GAME[:3], baud=0, sound=False)
    captions: list[str] = []
    shown = window.display.caption
    window.display.caption = lambda text: (captions.append(text), shown(text))[1]
    _, turns = PROGRAMS["life2"].seating()
    with Seats({1: window, 2: TelnetTerminal(port, code="none")}, turns, 10) as seats:
        drive(mode.make(person=True).run(), seats)
        paper = paper_text(window)
    typist.join(timeout=20)
    assert seen == [bytes(game.out)]
    assert "PLAYER 2 IS THE WINNER" in paper
    assert all(
        f"?&{move.decode()}&" in paper for move in QUICK_GAME[:3]
    )  # struck on the blots (a space strikes nothing)
    assert not any(move.decode() in paper for move in QUICK_GAME[3:])  # player 2's keys: nowhere
    assert captions.count(f"{window.title} - seat 1: waiting for player 2") == 3


def _window_at_seat_2(
    script: list[bytes], away_for: float, player_1: Callable[[TelnetClient, Any], None], seen: list[bytes]
) -> Any:
    """Player 1 at a telnet client (`player_1` plays them, given the window to post its events to),
    player 2 at a headless Teletype window typing `script`: the game run once, the window returned,
    what player 1 saw put in `seen`; whatever ended the game is raised."""
    from life2_retro.programs import PROGRAMS
    from life2_retro.terminals import open_window
    from life2_retro.terminals.pacing import SimulatedClock
    from life2_retro.terminals.seats import Seats
    from life2_retro.terminals.telnet.terminal import TelnetTerminal

    options = ["--dialect", "ms1978"]
    port = free_port()
    window = open_window("teletype", clock=SimulatedClock(), script=script, baud=0, sound=False)

    def play() -> None:
        client = TelnetClient(port)
        try:
            player_1(client, window)
        finally:
            seen.append(client.read_until_closed())

    typist = threading.Thread(target=play, daemon=True)
    typist.start()
    parser = top_parser()
    mode = mode_from(parser.parse_args(options), parser)
    _, turns = PROGRAMS["life2"].seating()
    try:
        with Seats({1: TelnetTerminal(port, code="none"), 2: window}, turns, away_for) as seats:
            drive(mode.make(person=True).run(), seats)
            window.pygame.event.post(window.pygame.event.Event(window.pygame.QUIT))
            seats.linger()  # the game is over: closing the window now closes it, at a seat too
    finally:
        typist.join(timeout=20)
    return window


def _post(window: Any, kind: int, **attributes: Any) -> None:
    window.pygame.event.post(window.pygame.event.Event(kind, **attributes))


def test_a_window_closed_at_a_seat_holds_the_game_until_a_key_brings_its_player_back(tmp_path):
    """Player 2 closes the Teletype window while player 1 (telnet) thinks: player 1 is told the game
    waits, the window shows the page dimmed under a card saying how to come back, a key brings player
    2 back, player 1 is told, and the game plays on to its end with the program's bytes unchanged."""
    game = one_keyboard(["--dialect", "ms1978"], scripted(QUICK_GAME))
    pictures: list[Any] = []

    def player_1(client: TelnetClient, window: Any) -> None:
        def look() -> None:  # the window as the last away frame drew it
            if window._away:
                pictures[:] = [window.surface.copy()]

        window.frame_hooks.append(look)
        client.read_until(b"? ")
        _post(window, window.pygame.QUIT)
        client.read_until(b"the game waits for it")
        drawn = window.frames
        deadline = time.monotonic() + 20
        while window.frames < drawn + 5 and time.monotonic() < deadline:  # a few frames of the card
            time.sleep(0.01)
        _post(window, window.pygame.KEYDOWN, key=window.pygame.K_a, mod=0, unicode="a", scancode=4)
        client.read_until(b"is back")
        for number in range(3):
            if number:
                client.read_until(b"? ", number + 1)
            client.type(QUICK_GAME[number] + b"\r")

    seen: list[bytes] = []
    window = _window_at_seat_2(QUICK_GAME[3:], 600, player_1, seen)
    first = game.marks[0]
    away = notice("player 2's seat went away: the game waits for it (600 s at most)")
    back = notice("player 2's seat is back: the game goes on")
    assert seen == [bytes(game.out[:first]) + away + back + bytes(game.out[first:])]
    assert "PLAYER 2 IS THE WINNER" in paper_text(window)
    assert pictures, "no frame was drawn while player 2 was away"
    picture = pictures[0]
    picture_file = tmp_path / "away.png"
    window.pygame.image.save(picture, str(picture_file))
    width, height = picture.get_size()
    middle = [picture.get_at((width // 2, y))[:3] for y in range(height // 8, height * 3 // 8)]
    assert middle.count(CARD) > len(middle) / 2, picture_file  # the card, high in the window
    assert max(picture.get_at((width // 20, height - height // 20))[:3]) < 140, (
        picture_file
    )  # the page, dimmed


def test_a_window_closed_again_while_away_ends_the_game_naming_its_seat():
    """The window is kept drawn and read while player 1 thinks, so its close is seen at once."""
    frames_while_thinking: list[int] = []

    def player_1(client: TelnetClient, window: Any) -> None:
        client.read_until(b"? ")
        time.sleep(0.3)  # thinking, while the window at seat 2 waits
        frames_while_thinking.append(window.frames)
        _post(window, window.pygame.QUIT)
        client.read_until(b"the game waits for it")
        _post(window, window.pygame.QUIT)

    seen: list[bytes] = []
    with pytest.raises(TerminalClosed):
        _window_at_seat_2([], 600, player_1, seen)
    assert frames_while_thinking and frames_while_thinking[0] > 1
    assert seen and seen[0].endswith(
        notice("player 2's seat went away: the game waits for it (600 s at most)")
        + notice("player 2 ended the game at seat 2")
    )


def test_a_window_left_closed_longer_than_the_game_waits_ends_it():
    def player_1(client: TelnetClient, window: Any) -> None:
        client.read_until(b"? ")
        _post(window, window.pygame.QUIT)

    seen: list[bytes] = []
    with pytest.raises(SeatLost, match="did not come back within 2 s"):
        _window_at_seat_2([], 2, player_1, seen)  # two seconds of the window's simulated clock
    assert seen and seen[0].endswith(
        notice("player 2's seat went away: the game waits for it (2 s at most)")
        + notice("player 2's seat did not come back within 2 s: the game ends")
    )


def test_a_serial_seat_on_pyserials_socket_url_plays_as_a_port_does(far_ends, processes):
    """pyserial's socket:// (and rfc2217://) URLs reach terminal servers; a seat keeps them: here the
    'terminal server' is a socket the test listens on at 127.0.0.1."""
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    with socket.create_server((LOOPBACK, 0)) as server:
        port = server.getsockname()[1]
        proc = processes(
            *options,
            "--seat",
            serial_seat(1, far_ends[0]),
            "--seat",
            f"2=serial,port=socket://{LOOPBACK}:{port},{QUIET_LINE},{FAST}",
        )
        server.settimeout(20)
        connection, _ = server.accept()
    with connection:
        seats: dict[int, Seat] = {1: LineSeat(far_ends[0]), 2: SocketSeat(connection)}
        play_seated(seats, game, lambda n: LIFE2_TURNS[n])
        assert proc.wait(timeout=20) == 0
    assert seats[1].output == seats[2].output == bytes(game.out)


def test_ctrl_c_at_the_console_seat_ends_the_game_and_the_telnet_player_is_told():
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = PtyGame(*options, "--seat", "2=telnet,port=0,code=4321", stderr_apart=True)
    try:
        console = ConsoleSeat(proc)
        client = TelnetClient(telnet_port(proc), code=CODE)
        wait_for({1: console, 2: LineSeat(client)}, 1, game.marks[0])
        proc.wait_until_reading()
        console.type(b"\x03")
        assert proc.finish() == 130  # as a shell expects of Ctrl-C
        client.read_until_closed()
    finally:
        proc.close()
    assert client.output == bytes(game.out[: game.marks[0]]) + b"\r\nplayer 1 ended the game at seat 1\r\n"
