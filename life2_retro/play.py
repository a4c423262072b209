"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .basic.dialects import Dialect
from .exits import run_command, trace_file
from .programs.life2 import Life2Program
from .session import drive
from .terminals import terminal_class
from .terminals.serial.settings import FILL_AFTER_CR, FILL_AFTER_LF, LineSettings

if TYPE_CHECKING:
    from .terminals.window.crt import Effects

EFFECTS = ("scanlines", "glow", "persistence", "vignette")


SERIAL_OPTIONS = (
    "--port",
    "--bytesize",
    "--parity",
    "--stopbits",
    "--flow",
    "--echo",
    "--uppercase",
    "--fill-cr",
    "--fill-lf",
    "--pace-baud",
)
TAKES = {
    "console": set(),
    "teletype": {"--baud", "--mute", "--fullscreen"},
    "crt": {"--baud", "--phosphor", "--fullscreen", *(f"--no-{effect}" for effect in EFFECTS)},
    "serial": {"--baud", *SERIAL_OPTIONS},
}


def _given(args: argparse.Namespace) -> dict[str, bool]:
    """Which terminal options the command line set."""
    serial_given = {
        option: getattr(args, option[2:].replace("-", "_"), None) not in (None, False)
        for option in SERIAL_OPTIONS
    }
    return {
        "--baud": args.baud is not None,
        "--phosphor": args.phosphor != "p1",
        "--mute": args.mute,
        "--fullscreen": args.fullscreen,
        **{f"--no-{effect}": getattr(args, f"no_{effect}") for effect in EFFECTS},
        **serial_given,
    }


def terminal_options(args: argparse.Namespace, dialect: Dialect) -> dict[str, object]:
    """The chosen terminal's options from the command line; ValueError for one it does not take."""
    from .terminals.window.crt import BAUD_CHOICES  # no pygame: that comes with the window

    name = args.terminal
    refused = [option for option, used in _given(args).items() if used and option not in TAKES[name]]
    if refused:
        users = [other for other, takes in TAKES.items() if refused[0] in takes]
        named = users[0] if len(users) == 1 else f"{', '.join(users[:-1])} and {users[-1]}"
        raise ValueError(f"{refused[0]} is for the {named} terminal{'s' * (len(users) > 1)}")
    if name == "console":
        return {}
    if name == "serial":
        return serial_options(args)
    options: dict[str, object] = {"fullscreen": args.fullscreen}
    if args.baud is not None:
        allowed = (0, *BAUD_CHOICES) if name == "crt" else None
        if args.baud < 0 or (allowed is not None and args.baud not in allowed):
            choices = ", ".join(map(str, allowed)) if allowed else "a positive number, or 0"
            raise ValueError(f"--baud for the {name} is {choices} (0: as fast as it comes)")
        options["baud"] = args.baud or None
    if name == "teletype":
        options["sound"] = not args.mute
        options["erase"] = dialect.rules.erase
    else:
        options["phosphor"] = args.phosphor
        options["effects"] = effects_from(args)
    return options


def effects_from(args: argparse.Namespace) -> Effects:
    """The glass terminal's effects: each on unless its --no- option is given."""
    from .terminals.window.crt import Effects

    return Effects(**{effect: not getattr(args, f"no_{effect}") for effect in EFFECTS})


def line_settings(args: argparse.Namespace) -> LineSettings:
    """The serial line's settings from the command line, Model 33 defaults for what is not given."""
    defaults = LineSettings()
    return LineSettings(
        baud=defaults.baud if args.baud is None else args.baud,
        bytesize=args.bytesize or defaults.bytesize,
        parity=args.parity or defaults.parity,
        stopbits=args.stopbits or defaults.stopbits,
        flow=args.flow or defaults.flow,
    )


def serial_options(args: argparse.Namespace) -> dict[str, object]:
    if not args.port:
        raise ValueError("--terminal serial needs --port (a device such as /dev/ttyUSB0, or a pyserial URL)")
    settings = line_settings(args)
    fills = {"--fill-cr": args.fill_cr, "--fill-lf": args.fill_lf}
    for option, count in fills.items():
        if count is not None and not 0 <= count <= 100:
            raise ValueError(f"{option} is a count of fill characters from 0 to 100, not {count}")
    if args.pace_baud is not None and args.pace_baud < 1:
        raise ValueError("--pace-baud must be 1 or more")
    return {
        "port": args.port,
        **{name: getattr(settings, name) for name in ("baud", "bytesize", "parity", "stopbits", "flow")},
        "echo": args.echo,
        "uppercase": args.uppercase,
        "fill_after_cr": FILL_AFTER_CR if args.fill_cr is None else args.fill_cr,
        "fill_after_lf": FILL_AFTER_LF if args.fill_lf is None else args.fill_lf,
        "pace_baud": args.pace_baud,
    }


def play(
    dialect: Dialect,
    bugs: Iterable[str],
    terminal_name: str,
    trace_path: str | None,
    options: dict[str, object] | None = None,
) -> int:
    """Play one game; returns the exit status."""

    def game() -> None:
        with trace_file(trace_path) as on_line, terminal_class(terminal_name)(**(options or {})) as terminal:
            drive(Life2Program(dialect, bugs).run(), terminal, on_line)
            linger = getattr(terminal, "linger", None)
            if linger is not None:  # a window: the last board stays until the player is done
                linger()

    return run_command("play", game)
