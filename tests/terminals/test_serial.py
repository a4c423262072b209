"""The serial teletype, on real pseudo-terminals and pyserial's loop://, and `life2 terminal` on a line."""

from __future__ import annotations

import re
import termios
import time

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.terminals.base import LineInterrupted
from life2_retro.terminals.serial.discipline import LineDiscipline, LineOutput
from life2_retro.terminals.serial.link import LAST_RETRY, SerialLink
from life2_retro.terminals.serial.settings import LineSettings
from life2_retro.terminals.serial.terminal import SerialTerminal

from ..support.helpers import QUICK_GAME, boards, life2, play
from ..support.ptygame import PtyGame
from ..support.serialpty import FarEnd, NullModem, start_life2, text

FAST = ("--pace-baud", "200000")
"""The port keeps its 110 baud; only the pacing of the writes is sped up, so a game takes a second."""


def even_parity(byte: int) -> int:
    """The byte as a Model 33 sends it: 7 data bits and an even parity bit on top."""
    return byte | (0x80 if bin(byte).count("1") % 2 else 0)


@pytest.fixture
def serial_game(far_end, processes):
    """`life2 --terminal serial --port PATH ARGS`, with its far end; killed if a test leaves it running."""
    return lambda *args: processes("--terminal", "serial", "--port", str(far_end.link), *args)


def type_game(far_end: FarEnd, responses, typed=lambda move: move + b"\r") -> None:
    for number, move in enumerate(responses, 1):
        far_end.read_until(b"? ", number)
        far_end.type(typed(move))


def console_transcript(responses: list[bytes]) -> bytes:
    """What the console shows for these responses, typed at a real tty (the echo hidden)."""
    game = PtyGame()
    try:
        attrs = termios.tcgetattr(game.slave)
        attrs[1] &= ~termios.OPOST  # the bytes as life2 wrote them, without the tty's NL -> CR NL
        termios.tcsetattr(game.slave, termios.TCSANOW, attrs)
        for number, move in enumerate(responses, 1):
            game.read_until_count(b"? ", number)
            game.type(move + b"\r")
        game.read_until(b"OK\r\n")
        assert game.finish() == 0
        return game.output
    finally:
        game.close()


# -- a whole game on the line --------------------------------------------------------------------


def test_a_whole_game_over_a_pty_at_110_baud_equals_the_console(far_end, serial_game):
    proc = serial_game(*FAST)
    far_end.read_until(b"? ")
    attrs = termios.tcgetattr(far_end.slave)
    # the port is set as a Model 33 wants it: 110 baud, two stop bits (a Linux pty keeps CS8 and no
    # parity whatever it is told, so those two cannot be read back here)
    assert attrs[4] == attrs[5] == termios.B110 and attrs[2] & termios.CSTOPB
    type_game(far_end, QUICK_GAME)
    assert proc.wait(timeout=30) == 0
    far_end.read_available()
    sent = far_end.output
    assert b"X,Y\r\0\0\n\0XXXXXX\r\0\0$$$$$$" in sent  # 2 fills after CR, 1 after LF
    assert not re.search(rb"[\r\n][^\0]", sent)
    assert text(sent) == console_transcript(QUICK_GAME)
    assert b"PLAYER 2 IS THE WINNER" in sent


def test_nothing_typed_is_echoed_unless_asked(far_end, serial_game):
    proc = serial_game(*FAST)
    type_game(far_end, QUICK_GAME[:2])
    far_end.read_until(b"? ", 3)
    assert proc.poll() is None
    for move in QUICK_GAME[:2]:
        assert move not in far_end.output


def test_echo_on_request_lands_on_the_blot(far_end, serial_game):
    serial_game(*FAST, "--echo")
    type_game(far_end, [b"1,1", b"1,5"])
    far_end.read_until(b"? ", 3)
    # the keys come back right after the prompt, on the line the mask was struck on
    assert b"&&&&&&\r\0\0? 1,1\r\0\0\n\0" in far_end.output


def test_noisy_typing_plays_the_same_game(far_end, serial_game):
    """Parity bits on every key, noise, RUBOUTs, backspaces and line kills: the game is the same."""
    serial_game(*FAST)

    def noisy(move: bytes) -> bytes:
        keys = b"\x01\x1b[A9\x7f\x02" + b"4,4\x15" + b"22@" + move.lower() + b"x\x08\x0a\x9b\x9c" + b"\r"
        return bytes(even_parity(key) if key < 0x80 else key for key in keys)

    type_game(far_end, QUICK_GAME, noisy)
    far_end.read_until(b"OK\r")
    assert text(far_end.output) == console_transcript(QUICK_GAME)


def test_ctrl_c_stops_the_game_cleanly(far_end, serial_game):
    proc = serial_game(*FAST)
    far_end.read_until(b"? ")
    far_end.type(b"\x83")  # Ctrl-C with its parity bit
    assert proc.wait(timeout=10) == 130  # as Ctrl-C at the console (exits.py); it was 0
    far_end.read_available()
    assert far_end.output.endswith(b"\r\0\0\n\0")
    assert "Traceback" not in proc.stderr and "stopped the game from the line" in proc.stderr


def test_ctrl_c_at_a_gwbasic_prompt_is_the_basics_break(far_end, serial_game):
    proc = serial_game(*FAST, "--dialect", "gwbasic")
    far_end.read_until(b"? ")
    far_end.type(b"1,\x83")
    assert proc.wait(timeout=10) == 0
    far_end.read_available()
    assert text(far_end.output).endswith(b"? \r\n\r\nBreak in 701\r\n")  # the line's CR LF, then the BASIC's
    assert "Traceback" not in proc.stderr


def test_ctrl_c_stops_the_output_at_once(far_end, serial_game):
    """At the real 110 baud: Ctrl-C during the title stops the printing there (a pty cannot carry a
    BREAK; the BREAK's marking is tested below, and leads to the same place)."""
    proc = serial_game()
    far_end.read_until(b"  ")
    far_end.type(b"\x03")
    started = time.monotonic()
    far_end.read_until(b"\r\0\0\n\0")
    stopped_in = time.monotonic() - started
    assert proc.wait(timeout=10) == 130
    far_end.read_available(0.3)
    # the title's 33 spaces take 3.3 s before LIFE2 is struck: it never is
    assert stopped_in < 1.5 and b"LIFE2" not in far_end.output, (stopped_in, far_end.output)
    assert far_end.output.endswith(b"\r\0\0\n\0")


def test_the_kernel_is_asked_to_mark_a_break_and_a_plain_nul_is_noise(far_end, serial_game):
    """On a serial device the port is set to PARMRK, so a BREAK comes as 0xFF 0 0 and a NUL (a fill
    character echoed back, a burst of noise) is only noise: the game goes on."""
    proc = serial_game(*FAST)
    far_end.read_until(b"? ")
    assert termios.tcgetattr(far_end.slave)[0] & termios.PARMRK
    far_end.type(b"\x00\x00\x80")
    type_game(far_end, QUICK_GAME)
    far_end.read_until(b"OK\r")
    assert proc.wait(timeout=10) == 0


# -- unplugging ------------------------------------------------------------------------------------


def replug(far_end: FarEnd, pause: float = 0.0) -> None:
    far_end.unplug()
    time.sleep(pause)
    far_end.plug()
    far_end.output = b""


LONGER_GAME = [b"2,2", b"2,3", b"3,2", b"5,5", b"5,4", b"4,5", b"1,5", b"5,1"]
"""A setup, then one turn: player 1 plays 1,5 and player 2 plays 5,1."""


def test_a_pty_closed_and_reopened_mid_game_resumes_it(far_end, serial_game):
    proc = serial_game(*FAST)
    type_game(far_end, LONGER_GAME[:7])
    far_end.read_until(b"? ", 8)  # player 2's prompt in the first turn
    board_before = boards(text(far_end.output))[-1]
    replug(far_end, pause=0.5)
    far_end.read_until(b"PLAYER 2 X,Y\r\0\0\n\0XXXXXX\r\0\0$$$$$$\r\0\0&&&&&&\r\0\0? ")
    replay = text(far_end.output)
    # the board, player 1's prompt (nothing of the move) and player 2's
    assert boards(replay) == [board_before] and replay.startswith(b"\r\n") and replay.count(b"? ") == 2
    far_end.type(LONGER_GAME[7] + b"\r")
    far_end.read_until(b"? ", 3)
    assert proc.poll() is None
    expected = play(LONGER_GAME, Dialect.MS1978).output
    assert boards(text(far_end.output))[-1] == boards(expected)[-1]
    proc.stop()
    messages = proc.stderr
    assert "went away" in messages and "is back" in messages and "Traceback" not in messages


def test_a_hundred_unplug_and_replug_cycles(far_end, serial_game):
    """17 cycles at each of the six setup prompts: each time the player's prompt comes back, and the
    game ends as an uninterrupted one does."""
    proc = serial_game(*FAST)
    cycles, waits = 0, []
    for number, move in enumerate(QUICK_GAME):
        far_end.read_until(b"? ")
        for _ in range(17):
            replug(far_end)
            started = time.monotonic()
            # the replay: this player's setup so far, ending at the prompt now waiting
            far_end.read_until(b"? ", number % 3 + 1)
            waits.append(time.monotonic() - started)
            assert far_end.output.startswith(b"\r\0\0\n\0") and b"3 LIVE PIECES" in far_end.output
            cycles += 1
        far_end.output = b""
        far_end.type(move + b"\r")
    far_end.read_until(b"OK\r")
    assert proc.wait(timeout=30) == 0
    assert b"PLAYER 2 IS THE WINNER" in far_end.output
    messages = proc.stderr
    assert cycles == 102 and messages.count("went away") == 102 and messages.count("is back") == 102
    print(
        f"\n{cycles} unplug/replug cycles: back in {min(waits):.3f}-{max(waits):.3f} s, "
        f"mean {sum(waits) / len(waits):.3f} s"
    )


def test_a_port_away_for_hours_is_still_tried_every_few_seconds(tmp_path):
    """The wait between tries doubles up to LAST_RETRY and stays there. A port unplugged for an hour
    and a half has failed some 1,100 tries, 5 s apart; the 1,024th doubling would be past any float
    (OverflowError, and the exhibit would stop with a traceback), so the doubling must stop too."""
    said = []
    link = SerialLink(str(tmp_path / "ttyUSB9"), LineSettings(), log=said.append)
    link._tries = 1100  # the failed tries of 90 minutes away (the count is the link's own)
    assert link.try_reopen() is False
    assert link.retry_delay() == LAST_RETRY and not link.is_open


# -- the line discipline, through pyserial's loop:// -----------------------------------------------


def loop_terminal(**options) -> SerialTerminal:
    return SerialTerminal("loop://", fill_cr=0, fill_lf=0, **options)


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        (b"1,1\r", b"1,1"),
        (bytes(even_parity(b) for b in b"3,4\r"), b"3,4"),
        (b"a,b\r", b"A,B"),
        (b"\n1,\n2\r\n", b"1,2"),
        (b"12\x7f,2\r", b"1,2"),
        (b"12\x08,2\r", b"1,2"),
        (b"9,9\x151,1\r", b"1,1"),
        (b"9,9@2,2\r", b"2,2"),
        (b"\x01\x1b[1;5H\x7e\x9f1,1\r", b"[1;5H~1,1"),
        (b"\x001,\x801\r", b"1,1"),
        (b"X" * 100 + b"\r", b"X" * 72),
        (b"\x7f\x7f1\r", b"1"),
    ],
)
def test_the_line_discipline(typed, line):
    with loop_terminal() as terminal:
        terminal.link.port.write(typed)
        assert terminal.read_line() == line


def test_a_full_line_rings_the_bell_once_and_echo_shows_the_keys():
    discipline = LineDiscipline(echo=True)
    keyed = discipline.feed(b"1,x\x7f2" + b"7" * 80 + b"\x15")
    assert keyed.echo == b"1,X_2" + b"7" * 69 + b"\a" + b"@\r" and keyed.lines == []
    assert LineDiscipline().feed(b"1" * 300).echo == b"\a"  # the bell even without echo, and once
    held = LineDiscipline()
    assert held.feed(b"1" * 73).echo == b"\a" and held.feed(b"1" * 72).echo == b""  # still full
    assert held.feed(b"\x7f22").echo == b"\a"  # room for one, then full again: a new bell
    keyed = LineDiscipline().feed(b"1,1\r2,2\r3")
    assert keyed.lines == [b"1,1", b"2,2"] and keyed.echo == b""


@pytest.mark.parametrize("key", [b"\x03", b"\x83"])
def test_ctrl_c_interrupts(key):
    with loop_terminal() as terminal:
        terminal.link.port.write(b"1," + key + b"1\r")
        with pytest.raises(LineInterrupted):
            terminal.read_line()


@pytest.mark.parametrize(
    ("reads", "interrupted", "line"),
    [
        ([b"1,\xff\x00\x001\r"], True, None),  # a BREAK
        ([b"1,\xff", b"\x00", b"\x001\r"], True, None),  # a BREAK split across reads
        ([b"1,\xff\xff1\r"], False, b"11"),  # 0xFF, doubled by the kernel: RUBOUT with even parity
        ([b"1,\xff\x00\xb11\r"], False, b"1,1"),  # a character with a parity error: noise
        ([b"1,\x001\r"], False, b"1,1"),  # a NUL: noise
    ],
)
def test_the_kernels_marking_tells_a_break_from_noise(reads, interrupted, line):
    discipline = LineDiscipline(marked=True)
    results = [discipline.feed(data) for data in reads]
    assert any(r.interrupted for r in results) is interrupted
    if line is not None:
        assert [line] == [got for r in results for got in r.lines]


def test_the_echo_and_the_bell_go_out_while_the_player_types(far_end, tmp_path):
    with SerialTerminal(str(far_end.link), echo=True, pace_baud=9600) as terminal:
        far_end.type(b"1,1")
        terminal.idle(0.3)
        assert text(far_end.read_available()) == b"1,1"
        far_end.type(b"2" * 80)
        terminal.idle(0.3)
        assert text(far_end.read_available()) == b"2" * 69 + b"\a"


def test_output_fills_folds_and_never_sends_control_codes():
    output = LineOutput(fill_after_cr=2, fill_after_lf=1, uppercase=True)
    assert output.shape(b"ok\r\nX\x1b[2J\nY\a\x85") == b"OK\r\0\0\n\0X[2J\r\0\0\n\0Y\a"
    assert LineOutput(0, 0).shape(b"a\rb") == b"a\rb"  # a bare CR stays bare: the mask overprints


def test_writes_are_never_faster_than_the_line():
    """1200 baud 8N1 is 10 units a character: 120 a second. 60 characters take at least half a second."""
    with loop_terminal(baud=1200, bytesize=8, parity="none", stopbits=1) as terminal:
        started = time.monotonic()
        terminal.write(b"A" * 60)
        seconds = time.monotonic() - started
    assert seconds >= 60 / 120 - 0.011, seconds


def test_model_33_settings():
    settings = LineSettings()
    assert settings.describe() == "110 7E2" and settings.bits_per_character == 11
    assert settings.characters_per_second == 10.0
    assert LineSettings(9600, 8, "none", 1).bits_per_character == 10


# -- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--terminal", "serial"], "--port is needed for the serial terminal"),
        (["--terminal", "console", "--port", "loop://"], "--port is for the serial and telnet terminals"),
        (["--terminal", "teletype", "--echo"], "--echo is for the serial and telnet terminals"),
        (["--terminal", "serial", "--port", "loop://", "--parity", "weird"], "--parity: invalid choice"),
        (["--terminal", "serial", "--port", "loop://", "--bytesize", "9"], "--bytesize: invalid choice"),
        (
            ["--terminal", "serial", "--port", "loop://", "--baud", "0"],
            "--baud for the serial terminal is 0; allowed: a whole number from 50 to 4000000",
        ),
        (
            ["--terminal", "serial", "--port", "loop://", "--fill-cr", "-1"],
            "--fill-cr for the serial terminal is -1; allowed: a whole number from 0 to 100",
        ),
        (["terminal"], "--port is needed"),
        (["terminal", "--port", "loop://", "--quiet", "0"], "--quiet: a number of seconds above 0, not '0'"),
        (
            ["terminal", "--port", "loop://", "--quiet", "inf"],
            "--quiet: a number of seconds above 0, not 'inf'",
        ),
    ],
)
def test_serial_options_are_checked(args, problem):
    result = life2(*args)
    assert result.returncode == 2 and problem.encode() in result.stderr, result.stderr


def test_a_port_that_is_not_there_is_one_clear_line(tmp_path):
    for args in (["--terminal", "serial"], ["terminal"]):
        result = life2(*args, "--port", str(tmp_path / "ttyUSB9"))
        assert result.returncode == 2 and b"Traceback" not in result.stderr
        assert b"cannot open the line" in result.stderr and result.stderr.count(b"\n") == 1


# -- life2 terminal --------------------------------------------------------------------------------


def paper_text(paper) -> list[str]:
    """Each printed row of a PaperRoll, the last character struck in each column."""
    rows = []
    for line in paper.lines:
        width = max(line.cells, default=-1) + 1
        rows.append("".join(line.cells[c][-1].char if c in line.cells else " " for c in range(width)))
    return rows


def test_life2_terminal_plays_a_game_with_life2_on_a_null_modem(tmp_path):
    """The Teletype window on one pty, the game on another, the two joined: the paper ends with the
    final board, and the screenshot is saved."""
    from life2_retro.terminals.pacing import SimulatedClock
    from life2_retro.terminals.serial.link import SerialLink
    from life2_retro.terminals.serial.settings import LineSettings
    from life2_retro.terminals.window.on_line import LineTerminal, ScriptedTypist
    from life2_retro.terminals.window.teletype import Teletype

    cable = NullModem()
    game = start_life2("--terminal", "serial", "--port", cable.a, "--baud", "9600")
    link = SerialLink(cable.b, LineSettings(baud=9600))
    link.open()
    try:

        class AtThePrompt(ScriptedTypist):
            """Types each line once the prompt has come and the line is quiet: on a loaded machine
            the game can pause longer than `quiet` in the middle of a board."""

            def step(self, display, keyboard) -> bool:
                prompts = sum(row.startswith("?") for row in paper_text(display.paper))
                if self.lines and prompts <= len(QUICK_GAME) - len(self.lines):
                    return True
                return super().step(display, keyboard)

        typist = AtThePrompt(QUICK_GAME, quiet=0.4)
        with Teletype(clock=SimulatedClock(), sound=False, baud=None) as display:
            line = LineTerminal(display, link, local_echo=True, typist=typist)
            deadline = time.monotonic() + 60
            while line.step() or game.poll() is None:  # every line typed; then the game's last words
                assert time.monotonic() < deadline, paper_text(display.paper)[-10:]
            while line.step() and display.throttle.pending:
                pass
            display.save_png(str(tmp_path / "final.png"))
            paper = paper_text(display.paper)
        assert game.wait(timeout=10) == 0
    finally:
        game.stop()
        link.close()
        cable.close()
    expected = play(QUICK_GAME, Dialect.MS1978).output.decode().split("\r\n")
    final_board = [row.rstrip() for row in expected[-12:-5]]
    assert final_board[0] == final_board[-1] == " 0  1  2  3  4  5  0"
    assert (
        paper[-12:-5] == final_board
        and "PLAYER 2 IS THE WINNER" in paper
        and (tmp_path / "final.png").stat().st_size > 10_000
    )


def test_life2_terminal_on_loop_prints_its_own_keys(tmp_path):
    """On loop:// every key comes straight back: the CRT (no local echo) shows what it typed once."""
    script = tmp_path / "keys.txt"
    script.write_bytes(b"HELLO\n")
    shot = tmp_path / "loop.png"
    result = life2(
        "terminal",
        "--port",
        "loop://",
        "--terminal",
        "crt",
        "--baud",
        "9600",
        "--input",
        str(script),
        "--quiet",
        "0.2",
        "--screenshot",
        str(shot),
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 1000


def test_bench_line_measures_the_pace_at_the_far_end(monkeypatch, capsys):
    from life2_retro.commands.bench import line as line_bench

    monkeypatch.setattr(line_bench, "RUNS", ((9600, 300),))
    assert line_bench.bench() == 0
    ratio = float(capsys.readouterr().out.split("ratio")[-1])
    assert 0.5 < ratio <= 1.0 + 1e-6, ratio  # never faster than the line


@pytest.mark.parametrize(("name", "local_echo"), [("teletype", True), ("crt", False), ("crt", True)])
def test_life2_terminal_sends_each_key_and_shows_it_only_with_local_echo(far_end, name, local_echo):
    """Keys struck in the window go down the line one by one (a Model 33 sends capitals, RUBOUT for
    Backspace, control codes with Ctrl); the window shows them only with local echo."""
    import pygame

    from life2_retro.terminals import terminal_class
    from life2_retro.terminals.pacing import SimulatedClock
    from life2_retro.terminals.serial.link import SerialLink
    from life2_retro.terminals.window.on_line import LineTerminal

    link = SerialLink(str(far_end.link), LineSettings())
    link.open()
    try:
        with terminal_class(name)(clock=SimulatedClock(), sound=False, baud=None) as display:
            line = LineTerminal(display, link, local_echo=local_echo)
            far_end.type(b"READY\r\n")
            for _ in range(10):  # READY is printed, and the keys go on the next line
                line.step()
            for event in (
                pygame.event.Event(pygame.TEXTINPUT, text="3,q"),
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"),
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_LCTRL, unicode="\x03"),
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"),
            ):
                pygame.event.post(event)
            for _ in range(30):
                line.step()
            shown = (
                "\n".join(paper_text(display.paper))
                if name == "teletype"
                else "\n".join(display.screen.text())
            )
    finally:
        link.close()
    far_end.read_available(0.2)
    capital = b"Q" if name == "teletype" else b"q"
    assert far_end.output == b"3," + capital + b"\x7f\x03\r"
    assert "READY" in shown
    assert (("3," + capital.decode()) in shown) is local_echo
