"""The terminal settings on the command line: each refused with its reason, each reaching its terminal."""

from __future__ import annotations

import pytest

from ..support.helpers import life2


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (
            ["--terminal", "console", "--baud", "110"],
            "--baud is for the teletype, crt, serial and web terminals",
        ),
        (["--terminal", "teletype", "--phosphor", "p3"], "--phosphor is for the crt and web terminals"),
        (["--terminal", "console", "--mute"], "--mute is for the teletype, crt and web terminals"),
        (["--terminal", "serial", "--size", "800x600"], "--size is for the teletype and crt terminals"),
        (
            ["--terminal", "crt", "--baud", "110"],
            "--baud for the crt terminal is 110; allowed: 0 (as fast as it comes), 300, 1200, 9600",
        ),
        (
            ["--terminal", "teletype", "--baud", "-1"],
            "--baud for the teletype terminal is -1; allowed: 0 (as fast as it comes), a whole number from 50",
        ),
        (["--terminal", "teletype", "--size", "10x10"], "--size for the teletype terminal is '10x10'"),
        (
            ["screenshot", "--input", "x", "--out", "y.png", "--fullscreen"],
            "unrecognized arguments: --fullscreen",
        ),
    ],
)
def test_terminal_options_are_checked(args, problem):
    result = life2(*args)
    assert result.returncode == 2 and problem.encode() in result.stderr


def test_terminal_options_reach_the_terminal():
    from life2_retro.cli import top_parser
    from life2_retro.commands.options import mode_from, terminal_settings
    from life2_retro.terminals import TERMINALS, offered

    top = top_parser()
    args = top.parse_args(["--terminal", "crt", "--baud", "0", "--phosphor", "p4", "--no-glow"])
    options = terminal_settings(args, top, offered(list(TERMINALS)), erase=mode_from(args, top).erase_key)
    assert (
        options["baud"] == 0  # as fast as it comes
        and options["phosphor"] == "p4"
        and "glow" not in options["effects"].names()
        and len(options["effects"].names()) == len(options["effects"].all_names()) - 1
        and "erase" not in options  # the crt edits its line itself
    )
    args = top.parse_args(
        ["--terminal", "teletype", "--mute", "--dialect", "gwbasic", "--size", "800x600", "--no-curl"]
    )
    options = terminal_settings(args, top, offered(list(TERMINALS)), erase=mode_from(args, top).erase_key)
    effects = options.pop("effects")
    assert options == {"sound": False, "size": (800, 600), "erase": "\b"}
    assert effects.names() == ["strike", "baseline", "ribbon", "edge"]
