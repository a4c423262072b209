"""`--seat N=TERMINAL[,SETTING=VALUE...]`: a seat's settings read from its terminal's declaration, and
every way to write a seat wrongly refused with its reason."""

from __future__ import annotations

import pytest

from life2_retro.cli import top_parser
from life2_retro.commands.options import mode_from, seats_from
from life2_retro.terminals import terminal_class
from life2_retro.terminals.options import OptionError, from_words

from ..support.helpers import life2


def test_a_serial_seats_settings_are_read_by_the_terminals_own_declaration():
    options = terminal_class("serial").OPTIONS
    words = [
        "port=/dev/ttyUSB0",
        "baud=300",
        "stopbits=1.5",
        "parity=none",
        "echo=yes",
        "fill-cr=0",
        "flow=xonxoff",
    ]
    assert from_words(words, options, "seat 1") == {
        "port": "/dev/ttyUSB0",
        "baud": 300,
        "stopbits": 1.5,
        "parity": "none",
        "echo": True,
        "fill_cr": 0,
        "flow": "xonxoff",
    }


def test_a_windows_switches_are_a_list_joined_by_plus():
    chosen = from_words(["effects=glow+bloom", "phosphor=p4"], terminal_class("crt").OPTIONS, "seat 2")
    assert set(chosen["effects"].names()) == {"glow", "bloom"}  # the two named on, the rest off
    assert chosen["phosphor"] == "p4"
    nothing = from_words(["effects="], terminal_class("crt").OPTIONS, "seat 2")
    assert nothing["effects"].names() == []


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        (["port=x", "baud=fast"], "baud for seat 1 is 'fast'; allowed: a whole number from 50 to 4000000"),
        (["port=x", "parity=even-ish"], "parity for seat 1 is 'even-ish'; allowed: 'none', 'even'"),
        (["port=x", "echo=maybe"], "echo for seat 1 is 'maybe'; allowed: true or false"),
        (["port=x", "colour=green"], "'colour=green' is no setting of seat 1; its settings: port, baud"),
        (["port=x", "baud"], "baud for seat 1 needs a value: baud=VALUE"),
        (["baud=300"], "port=... is needed for seat 1"),
    ],
)
def test_a_wrong_setting_is_refused_with_what_is_allowed(words, problem):
    with pytest.raises(OptionError, match=None) as refused:
        from_words(words, terminal_class("serial").OPTIONS, "seat 1")
    assert problem in str(refused.value)


def seats(*words: str):
    parser = top_parser()
    args = parser.parse_args(list(words))
    return seats_from(args, parser, mode_from(args, parser), erase="_")


def test_seat_1_is_the_terminal_option_unless_a_seat_names_it():
    first, second = seats("--seat", "2=telnet,port=2323")
    assert (first.player, first.terminal, dict(first.settings)) == (1, "console", {})
    assert (second.player, second.terminal, dict(second.settings)) == (2, "telnet", {"port": 2323, "seat": 2})
    first, second = seats("--seat", "2=serial,port=/dev/b", "--seat", "1=serial,port=/dev/a,baud=300")
    assert first.terminal == second.terminal == "serial" and first.settings["baud"] == 300
    assert seats() == []  # without --seat, nothing changes


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--seat", "3=telnet,port=2323"], "--seat 3: the game has seats 1 to 2"),
        (["--game", "cell-life", "--seat", "5=telnet,port=2323"], "--seat 5: the game has seats 1 to 4"),
        (["--seat", "2=telnet"], "port=... is needed for the telnet terminal at seat 2"),
        (["--seat", "2=paper,port=2323"], "--seat 2=paper: no such terminal; choose from console, teletype"),
        (["--seat", "2:telnet"], "write it as N=TERMINAL[,SETTING=VALUE...], as 2=telnet,port=2323"),
        (["--seat", "1=console", "--seat", "2=console"], "only one seat can be the console"),
        (
            ["--seat", "1=teletype", "--seat", "2=crt"],
            "only one seat can be a window (pygame opens one a process)",
        ),
        (["--seat", "2=telnet,port=2323", "--seat", "2=telnet,port=2"], "--seat 2 is given twice"),
        (["--seat", "1=telnet,port=2323", "--terminal", "crt"], "--seat 1 names the first seat's terminal"),
        (
            ["--seat", "1=telnet,port=2323", "--baud", "300"],
            "--baud is for the teletype, crt, serial and web terminals",
        ),
        (["--away-for", "5"], "--away-for is for a game with seats: give --seat too"),
        (
            ["--seat", "2=telnet,port=2323", "--away-for", "0"],
            "a number of seconds above 0, at most 86400, not '0'",
        ),
        (["--seat", "2=telnet,port=2323,bind"], "bind for the telnet terminal at seat 2 needs a value"),
        (["--seat", "\u00b2=telnet,port=2323"], "write it as N=TERMINAL[,SETTING=VALUE...]"),
        (
            ["--seat", "2" * 4301 + "=telnet,port=2323"],
            "--seat 222222... (4301 figures): the game has seats 1 to 2",
        ),
        (
            ["--seat", "0002=telnet,port=2323,code=x!"],
            "code for the telnet terminal at seat 2 is 'x!'; allowed: letters",
        ),
        (
            ["--seat", "1=telnet,port=2323", "--seat", "2=telnet,port=2323"],
            "--seat 2: port 2323 is seat 1's already; give each seat a port of its own",
        ),
        (
            ["--seat", "2=telnet,port=2323,bind=999.1.1.1"],
            "bind for the telnet terminal at seat 2 is '999.1.1.1'; allowed: an IP address of this machine",
        ),
        (
            ["--seat", "2=telnet,port=2323,bind=example.invalid"],
            "bind for the telnet terminal at seat 2 is 'example.invalid'; allowed: an IP address",
        ),
    ],
)
def test_a_seat_written_wrongly_is_a_usage_error(args, problem):
    result = life2(*args)
    assert result.returncode == 2 and problem.encode() in result.stderr, result.stderr
    assert b"Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--seats", "teletype,paper"], "'paper' is no window; choose from teletype, crt"),
        (["--seats", "teletype"], "--seats for life2 names 1; allowed: 2 to 2"),
        (["--seats", "teletype,crt,crt"], "--seats for life2 names 3; allowed: 2 to 2"),
        (["--seats", "teletype,crt", "--crop", "0,0,10,10"], "--crop is for one window"),
        (
            ["--seats", "teletype,teletype", "--phosphor", "p3"],
            "--phosphor is for the crt terminal, and no seat",
        ),
    ],
)
def test_a_picture_of_seats_written_wrongly_is_a_usage_error(args, problem, tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("1,1\n")
    result = life2("screenshot", "--input", str(script), "--out", str(tmp_path / "x.png"), *args)
    assert result.returncode == 2 and problem.encode() in result.stderr, result.stderr


def test_a_picture_of_four_cell_life_seats_is_allowed_and_five_are_not(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("2\n")
    result = life2(
        "screenshot",
        "--game",
        "cell-life",
        "--input",
        str(script),
        "--out",
        str(tmp_path / "x.png"),
        "--seats",
        "crt,crt,crt,crt,crt",
    )
    assert result.returncode == 2 and b"--seats for cell-life names 5; allowed: 2 to 4" in result.stderr


def test_no_code_is_refused_for_a_seat_offered_to_the_network():
    """code=none lets the first connection sit down: on a bind other than loopback, one line and status 2,
    before anything listens."""
    result = life2("--seat", "2=telnet,port=0,bind=0.0.0.0,code=none", timeout=20)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert result.stderr.decode().strip().splitlines()[-1] == (
        "life2 play: code=none is for a seat on this machine only, and bind=0.0.0.0 offers it to the "
        "network: leave code out (life2 makes one) or give one"
    )
    assert b"waiting for" not in result.stderr
