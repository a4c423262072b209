"""The telnet terminal: its protocol as data (RFC 854, 857, 858), and a game over a real socket on
127.0.0.1 with a client that agrees to character-at-a-time and no local echo."""

from __future__ import annotations

import socket

import pytest

from life2_retro.terminals.telnet.protocol import (
    DO,
    DONT,
    EC,
    ECHO,
    EL,
    IAC,
    IP,
    OFFER,
    SB,
    SE,
    SUPPRESS_GO_AHEAD,
    WILL,
    WONT,
    TelnetReader,
    to_client,
)

from ..support.helpers import QUICK_GAME, life2
from ..support.seating import one_keyboard, scripted, telnet_port
from ..support.serialpty import start_life2
from ..support.telnetclient import TelnetClient

NAWS, TTYPE = 31, 24


def command(*parts: int) -> bytes:
    return bytes([IAC, *parts])


def test_the_offer_is_echo_and_suppress_go_ahead():
    assert command(WILL, ECHO) + command(WILL, SUPPRESS_GO_AHEAD) == OFFER


@pytest.mark.parametrize(
    ("client", "reply"),
    [
        (command(DO, ECHO) + command(DO, SUPPRESS_GO_AHEAD), b""),  # agreed: an answer is not answered
        (command(DONT, ECHO), command(WONT, ECHO)),  # refused: the server stops echoing, and says so
        (command(DONT, ECHO) + command(DONT, ECHO), command(WONT, ECHO)),  # once, not a loop
        (command(DONT, ECHO) + command(DO, ECHO), command(WONT, ECHO) + command(WILL, ECHO)),
        (command(WILL, SUPPRESS_GO_AHEAD), command(DO, SUPPRESS_GO_AHEAD)),
        (command(WILL, SUPPRESS_GO_AHEAD) * 2, command(DO, SUPPRESS_GO_AHEAD)),
        (
            command(WILL, SUPPRESS_GO_AHEAD) + command(WONT, SUPPRESS_GO_AHEAD),
            command(DO, 3) + command(DONT, 3),
        ),
        (command(WILL, NAWS) + command(WILL, TTYPE), command(DONT, NAWS) + command(DONT, TTYPE)),
        (command(DO, TTYPE), command(WONT, TTYPE)),
        (command(WONT, NAWS) + command(DONT, NAWS), b""),  # already off: nothing to say
    ],
)
def test_negotiation_is_answered_once_and_only_echo_and_go_ahead_are_ever_on(client, reply):
    assert TelnetReader().feed(client).reply == reply


@pytest.mark.parametrize(
    ("reads", "keys"),
    [
        ([b"3,4\r\0"], b"3,4\r"),  # a Return as RFC 854 sends it in character mode
        ([b"3,4\r\n"], b"3,4\r"),  # and in line mode
        ([b"3,4\r", b"\0", b"5\r", b"\n"], b"3,4\r5\r"),  # split between reads
        ([b"3,4\n"], b"3,4\r"),  # a raw client's bare LF
        ([b"3,4\r\r\0"], b"3,4\r\r"),  # two Returns
        ([b"3" + command(IAC) + b",4\r\0"], b"3,4\r"),  # IAC IAC is the data byte 0xFF: not ASCII, dropped
        ([b"3" + command(SB, NAWS, 0, 80, IAC, IAC, 24) + command(SE) + b",4\r\0"], b"3,4\r"),
        ([b"3", bytes([IAC]), bytes([WILL]), bytes([NAWS]) + b",4\r\0"], b"3,4\r"),  # a command split up
        ([b"3,4" + command(EC) + command(EL)], b"3,4\x7f\x15"),  # Erase Character, Erase Line
        ([command(IP)], b"\x03"),  # Interrupt Process is Ctrl-C
        ([b"3\xe9,4\x9b\r\0"], b"3,4\r"),  # nothing outside 7-bit ASCII
    ],
)
def test_what_a_client_types_becomes_keys(reads, keys):
    reader = TelnetReader()
    assert b"".join(reader.feed(read).keys for read in reads) == keys


def test_a_bare_cr_goes_to_the_client_as_cr_nul_and_a_newline_as_cr_lf():
    assert to_client(b"XXXXXX\r$$$$$$\r&&&&&&\r? ") == b"XXXXXX\r\0$$$$$$\r\0&&&&&&\r\0? "
    assert to_client(b"X,Y\r\n") == b"X,Y\r\n" and to_client(b"\r") == b"\r\0"


# -- over a real socket ---------------------------------------------------------------------------------


@pytest.mark.parametrize("echo", [False, True])
def test_a_whole_game_at_one_telnet_client(echo):
    """`life2 --terminal telnet --port 0`: the client gets the program's bytes exactly (with --echo its
    keys too), whether it sends CR NUL or CR LF."""
    game = one_keyboard(["--dialect", "ms1978"], scripted(QUICK_GAME))
    proc = start_life2(
        "--dialect", "ms1978", "--terminal", "telnet", "--port", "0", "--code", "4321", *(["--echo"] * echo)
    )
    try:
        client = TelnetClient(telnet_port(proc), code=b"4321")
        typed = 0
        for number, (mark, line) in enumerate(zip(game.marks, game.lines, strict=True)):
            client.read_until(b"? ", number + 1)
            assert len(client.output) == mark + typed
            client.type(line + (b"\r\0" if number % 2 else b"\r\n"))
            typed += len(line) * echo
        assert proc.wait(timeout=20) == 0
        client.read_until_closed()
    finally:
        proc.stop()
    expected = bytearray()
    start = 0
    for mark, line in zip(game.marks, game.lines, strict=True):
        expected += game.out[start:mark] + line * echo
        start = mark
    assert client.output == bytes(expected + game.out[start:])
    assert client.commands == [(WILL, ECHO), (WILL, SUPPRESS_GO_AHEAD)]  # no answer to its agreement


def test_a_port_in_use_is_one_clear_line():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = life2("--terminal", "telnet", "--port", str(port))
    assert result.returncode == 2
    assert (
        result.stderr.decode()
        .strip()
        .endswith(f"cannot listen on 127.0.0.1 port {port}: Address already in use")
    )
    assert b"Traceback" not in result.stderr


def test_a_port_out_of_range_is_a_usage_error():
    result = life2("--terminal", "telnet", "--port", "70000")
    assert result.returncode == 2
    assert (
        b"--port for the telnet terminal is '70000'; allowed: a port number from 0 to 65535" in result.stderr
    )
