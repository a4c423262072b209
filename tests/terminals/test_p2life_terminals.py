"""p2life played through every terminal as a person plays it: the console on a pty, a serial line on a
pty, and the Teletype and the glass terminal headless, with a picture of each; the squares stay
hidden on all of them."""

from __future__ import annotations

import re
import termios

from life2_retro.programs.p2life.program import P2LifeProgram
from life2_retro.session import drive
from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype

from ..support.ptygame import PtyGame
from ..support.serialpty import start_life2, text

SETUP = [b"2,2", b"3,2", b"4,2", b"2,4", b"3,4", b"4,4"]
"""Two rows of three facing each other: the coin decides square 3,3 in the first generation."""
GAME = [*SETUP, b"hello", b"1,5", b"1,5"]
"""The setup, a word instead of a square, and a turn where both name the same square; with seed 3 the
coin gives 3,3 to white, and black's last pieces die in the second generation."""
ARGS = ("--game", "p2life", "--seed", "3")
ENDING = re.compile(
    rb"GENERATION 2\r\n(.*\r\n){7}WHITE \(O\) 3, BLACK \(#\) 0\.\r\n\r\nWHITE \(O\) IS THE WINNER\.\r\n$"
)


def assert_hidden(shown: bytes) -> None:
    """No square a player typed appears, but in the lines that tell both moves at once."""
    told = shown.replace(b"BOTH CHOSE 1,5", b"")
    for line in GAME:
        assert line not in told, line
    assert b"BOTH CHOSE 1,5: IT STAYS EMPTY." in shown


def test_a_game_on_the_console_hides_every_square_and_gives_the_terminal_back():
    game = PtyGame(*ARGS)
    try:
        before = termios.tcgetattr(game.slave)
        for number, line in enumerate(GAME, 1):
            game.read_until_count(b"? ", number)
            assert not game.echo_is_on()  # what the player types now stays off the screen
            game.type(line + b"\r")
        assert game.finish(timeout=30) == 0
        shown = game.output
        assert_hidden(shown)
        assert b"TYPE THE SQUARE AS X,Y: TWO WHOLE NUMBERS, EACH 1 TO 5. RETYPE." in shown
        assert b"THE COIN GAVE 3,3 TO WHITE (O)." in shown
        assert ENDING.search(shown.replace(b"\r\r\n", b"\r\n")), shown[-300:]  # the tty adds CR to LF
        assert termios.tcgetattr(game.slave) == before
    finally:
        game.close()


def test_a_game_on_a_serial_line_hides_the_squares_and_pads_every_carriage_return(far_end):
    proc = start_life2("--terminal", "serial", "--port", str(far_end.link), "--pace-baud", "200000", *ARGS)
    try:
        for number, line in enumerate(GAME, 1):
            far_end.read_until(b"? ", number)
            far_end.type(line + b"\r")
        assert proc.wait(timeout=30) == 0, proc.stderr
        far_end.read_available()
        sent = far_end.output
        # the mask's bare carriage returns get the fills a Model 33's carriage needs, as every CR does
        assert b"X,Y\r\0\0\n\0XXXXXX\r\0\0$$$$$$\r\0\0&&&&&&\r\0\0      \r\0\0? " in sent
        assert not re.search(rb"[^\r\0]\0*\n", sent)  # every LF after a CR
        assert re.fullmatch(rb"[ -~\r\n\0]*", sent)
        assert_hidden(text(sent))
        assert ENDING.search(text(sent))
    finally:
        proc.stop()


def paper_rows(window: Teletype) -> list[list[list[str]]]:
    """Each row on the paper, as the characters struck in each column, in order."""
    paper = window.paper
    rows = []
    for row in range(paper.first_row, paper.row + 1):
        line = paper.line(row)
        assert line is not None  # every row from the first kept to the carriage's is on the paper
        cells = line.cells
        rows.append([[strike.char for strike in cells.get(c, [])] for c in range(max(cells, default=-1) + 1)])
    return rows


def test_the_teletype_prints_the_game_and_the_keys_fall_into_the_blot(tmp_path):
    with Teletype(clock=SimulatedClock(), baud=0, sound=False, script=list(GAME), erase="_") as window:
        drive(P2LifeProgram(3).run(), window)
        window.settle(0.5)
        window.save_png(str(tmp_path / "p2life-teletype.png"))
        rows = paper_rows(window)
    printed = "\n".join("".join(column[-1] if column else " " for column in row) for row in rows)
    assert "P2LIFE" in printed and "THE COIN GAVE 3,3 TO WHITE (O)." in printed
    assert printed.rstrip().endswith("WHITE (O) IS THE WINNER.") and "GENERATION 3" not in printed
    prompts = [row for row in rows if row and row[0][-1:] == ["?"]]
    assert len(prompts) == len(GAME)
    for row, typed in zip(prompts, GAME, strict=True):
        keys = row[2 : 2 + len(typed)]
        assert "".join(column[-1] for column in keys) == typed.decode().upper()
        inside = keys[: 6 - 2]  # the blot is six wide and the prompt takes two: a square fits in it
        assert all(column[:-1] == ["X", "$", "&"] for column in inside)  # each key struck over the blot
    assert (tmp_path / "p2life-teletype.png").stat().st_size > 10_000


def test_the_glass_terminal_shows_the_game_and_never_a_typed_square(tmp_path):
    with Crt(clock=SimulatedClock(), baud=0, sound=False, script=list(GAME)) as window:
        drive(P2LifeProgram(3).run(), window)
        window.settle(0.5)
        window.save_png(str(tmp_path / "p2life-crt.png"))
        shown = "\n".join(window.screen.text())
    assert "WHITE (O) IS THE WINNER." in shown and "GENERATION 2" in shown
    assert "X,Y" in shown and "XXXXXX" not in shown and "&&&&&&" not in shown  # spaces wiped the blot
    assert_hidden(shown.encode())
    assert (tmp_path / "p2life-crt.png").stat().st_size > 5_000
