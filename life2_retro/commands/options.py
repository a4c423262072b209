"""The options several commands share: which program, in which mode, on which terminal.

The program and its bug switches come from the program registry, a terminal's
settings from the terminal's own declaration (terminals/options.py). Nothing
here knows a rule of any game or a detail of any terminal.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..basic.dialects import DIALECT_NAMES
from ..programs import DEFAULT_PROGRAM, PROGRAMS, Program, ProgramEntry, Setting, program_entry
from ..terminals import WINDOW_TERMINALS, offered, takes, terminal_class
from ..terminals.options import Offered, OptionError, add_flags, from_args, from_words, shown, whole_number


def positive_int(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


# -- the program and its mode ----------------------------------------------------------------------


class _Switch(argparse.Action):
    """--bug NAME / --no-bug NAME, kept in command-line order: the last word on a switch wins."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        earlier = getattr(namespace, self.dest, None) or []
        switches = [*earlier, (option_string == "--bug", values)]
        setattr(namespace, self.dest, switches)


def bug_help() -> str:
    """Every program's bug switches, one paragraph each, under the program's name (a program of our
    own has none, and is left out)."""
    return "\n".join(
        f" {entry.name}:\n"
        + "\n".join(
            textwrap.fill(bug.summary, 100, initial_indent=f"  {name:21}", subsequent_indent=" " * 23)
            for name, bug in entry.bugs.items()
        )
        for entry in PROGRAMS.values()
        if entry.bugs
    )


def add_reference_option(parser: argparse.ArgumentParser) -> None:
    """--listing: where the original is, for the commands that run it beside life2."""
    parser.add_argument(
        "--listing",
        metavar="PATH",
        help="the original, checked by its SHA-256: the 1978 listing, or with --game cell-life its C source",
    )


def add_mode_options(parser: argparse.ArgumentParser, clock: bool = False) -> None:
    """--game, --dialect, --fixed and the bug switches; the dialect defaults to the product's, the
    1978 BASIC, in every command (compare and bench too: where its oracle cannot run, they say so);
    `clock` (the commands that play a game): --seed, what a seeded program's clock or dice give,
    --computer, and the settings each program offers."""
    dialect = PROGRAMS[DEFAULT_PROGRAM].runtimes[0]
    group = parser.add_argument_group("mode")
    group.add_argument(
        "--game",
        choices=list(PROGRAMS),
        default=DEFAULT_PROGRAM,
        help=f"the program (default {DEFAULT_PROGRAM})",
    )
    group.add_argument(
        "--dialect",
        choices=DIALECT_NAMES,
        help=f"ms1978: the 1978 Microsoft BASIC; gwbasic: exactly what PC-BASIC does (default {dialect})",
    )
    if clock:
        with_levels = [entry for entry in PROGRAMS.values() if entry.computer_levels]
        group.add_argument(
            "--computer",
            metavar="LEVEL",
            help="; ".join(f"{entry.name}: {entry.computer_help}" for entry in with_levels),
        )
        seeded = [entry for entry in PROGRAMS.values() if entry.seeded]
        group.add_argument(
            "--seed",
            type=whole_number,
            metavar="N",
            help="; ".join(f"{entry.name}: {entry.seed_help}" for entry in seeded) + " (default: the clock)",
        )
        for setting, entries in program_settings().items():
            group.add_argument(
                setting.flag,
                type=whole_number if setting.kind is int else setting.kind,
                metavar=setting.metavar,
                help=f"{', '.join(entries)}: {setting.help}",
            )
    group.add_argument(
        "--fixed", action="store_true", help="turn every original bug off: play as the instructions say"
    )
    names = [name for entry in PROGRAMS.values() for name in entry.bugs]
    switch_help = {"--bug": "turn one bug on", "--no-bug": "turn one bug off (all are on unless --fixed)"}
    for flag, text in switch_help.items():
        group.add_argument(flag, action=_Switch, dest="switches", metavar="NAME", choices=names, help=text)


def program_settings() -> dict[Setting, list[str]]:
    """Every setting a program offers (the first declaration of a name stands for it), with the
    programs that offer it."""
    found: dict[str, tuple[Setting, list[str]]] = {}
    for entry in PROGRAMS.values():
        for setting in entry.settings:
            found.setdefault(setting.name, (setting, []))[1].append(entry.name)
    return dict(found.values())


@dataclass(frozen=True)
class Mode:
    """What a command runs: a program, its runtime and the bug switches that are on."""

    entry: ProgramEntry
    runtime: str
    bugs: frozenset[str]
    seed: int | None = None
    """What the program's clock gives (--seed); None: the real clock, for a program that reads it."""
    computer: str | None = None
    """Its computers' level (--computer); None: the program's own."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """What else the program was asked for (p2life's --board, --variant, --rounds)."""

    def make(self, seed: int | None = None, person: bool = False) -> Program:
        """One run; `person`: at a terminal, where the end of input (Ctrl-D) ends the game."""
        from ..reference import make_program, original_words

        seed = self.seed if seed is None else seed
        words = original_words(self.entry.name, self.entry.text_from_original)
        return make_program(
            self.entry, self.runtime, self.bugs, seed, person, self.computer, words, **self.settings
        )

    @property
    def erase_key(self) -> str:
        """What a keyboard's Backspace should send to this runtime's line editor."""
        return self.entry.erase_key(self.runtime)

    @property
    def break_key(self) -> bytes | None:
        """What Ctrl-C at a prompt is to this runtime: a key for its editor, or None (it stops life2)."""
        return self.entry.break_key(self.runtime)

    @property
    def breaks_between_statements(self) -> bool:
        """Whether Ctrl-C while the program runs gives its BREAK at the next statement."""
        return self.entry.breaks_between_statements(self.runtime)

    @property
    def label(self) -> str:
        """As reports say it: `faithful`, `fixed` or the switches that are on."""
        if self.bugs == frozenset(self.entry.bugs):
            return "faithful"
        if not self.bugs:
            return "fixed"
        return "bugs on: " + (", ".join(sorted(self.bugs)))


def mode_from(args: argparse.Namespace, parser: argparse.ArgumentParser, for_oracle: bool = False) -> Mode:
    """The mode the options name; a usage error for a runtime, switch or setting the program does not
    have. `for_oracle`: the command runs the original beside life2, and its --seed is its scripts',
    not a program's clock."""
    entry = program_entry(args.game)
    runtime = args.dialect or entry.runtimes[0]
    if args.dialect and len(entry.runtimes) == 1:
        parser.error(f"{entry.name} has no dialects: it runs on its own runtime ({entry.runtimes[0]})")
    seed = getattr(args, "seed", None) if not for_oracle else None
    if seed is not None and not entry.seeded:
        parser.error(
            f"{entry.name} uses no clock: --seed is for "
            + ", ".join(name for name, other in PROGRAMS.items() if other.seeded)
        )
    if args.switches and not entry.bugs:
        parser.error(f"{entry.name} has no bug switches: it is our own program, with no original to follow")
    computer = getattr(args, "computer", None)
    settings = {}
    for setting, offered_by in program_settings().items():
        value = getattr(args, setting.name, None)
        if value is not None:
            if entry.name not in offered_by:
                parser.error(f"{setting.flag} is for {', '.join(offered_by)}")
            settings[setting.name] = value
    try:
        if computer is not None:
            entry.check_computer(computer)
        for setting in entry.settings:
            if setting.name in settings:
                setting.check(settings[setting.name])
        bugs = entry.resolve_bugs(args.fixed, args.switches or [])
        return Mode(entry, entry.check_runtime(runtime), bugs, seed, computer, settings)
    except ValueError as exc:
        parser.error(str(exc))


# -- the terminal ------------------------------------------------------------------------------------


def add_terminal_options(
    parser: argparse.ArgumentParser, names: tuple[str, ...] | list[str], leave_out: tuple[str, ...] = ()
) -> None:
    """--terminal NAME and every setting the named terminals declare (less `leave_out`)."""
    group = parser.add_argument_group("terminal")
    described = "; ".join(f"{name}: {terminal_class(name).DESCRIPTION}" for name in names)
    group.add_argument("--terminal", default=names[0], choices=list(names), help=described)
    add_flags(group, offered(names, leave_out))


def terminal_settings(
    args: argparse.Namespace, parser: argparse.ArgumentParser, choices: Offered, **runtime_facts: Any
) -> dict[str, Any]:
    """The chosen terminal's constructor keywords; a usage error for a setting it does not take.
    `runtime_facts` (the erase key) go to the terminal only if it declares them."""
    try:
        settings = from_args(args, args.terminal, choices)
    except OptionError as exc:
        parser.error(str(exc))
    return {**settings, **takes(args.terminal, **runtime_facts)}


# -- seats: a terminal for each player ---------------------------------------------------------------

AWAY_FOR = 120.0
"""Seconds a game waits for a seat whose line went away (or window closed), by default: time to plug
a cable back in."""


@dataclass(frozen=True)
class Seat:
    """One player's terminal, as `--seat N=TERMINAL[,SETTING=VALUE...]` names it."""

    player: int
    terminal: str
    settings: Mapping[str, Any]


def add_seat_options(parser: argparse.ArgumentParser, names: tuple[str, ...] | list[str]) -> None:
    """--seat (again for each player) and --away-for."""
    group = parser.add_argument_group("seats (a terminal for each player)")
    group.add_argument(
        "--seat",
        action="append",
        metavar="N=TERMINAL[,SETTING=VALUE...]",
        help=f"player N plays at a terminal of their own ({', '.join(names)}), with that terminal's "
        "settings by name: --seat 2=telnet,port=2323 or --seat 1=serial,port=/dev/ttyUSB0,baud=300; "
        "a player without one, and every question to no one player, is at seat 1, which is "
        "--terminal unless a --seat 1 names it",
    )
    group.add_argument(
        "--away-for",
        type=away_seconds,
        default=None,
        metavar="SECONDS",
        help="how long the game waits for a seat whose line went away or whose window was closed, "
        f"before it ends (default {AWAY_FOR:g})",
    )


def away_seconds(text: str) -> float:
    """A wait above 0 and at most a day (`inf`, `nan` and a number of 5,000 figures are not)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 24 * 3600:  # nan too: it compares false with everything
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, at most 86400, not {text!r}")
    return value


def seats_from(
    args: argparse.Namespace, parser: argparse.ArgumentParser, mode: Mode, **runtime_facts: Any
) -> list[Seat]:
    """The seats --seat names, seat 1 from --terminal when none names it; none without --seat. A
    usage error for a seat number, terminal or setting that is not to be had."""
    if not args.seat:
        if args.away_for is not None:
            parser.error("--away-for is for a game with seats: give --seat too")
        return []
    try:
        most, _ = mode.entry.seating()
    except ValueError as exc:
        parser.error(str(exc))
    seats: dict[int, Seat] = {}
    for written in args.seat:
        seat = _seat(written, most, parser, runtime_facts)
        if seat.player in seats:
            parser.error(f"--seat {seat.player} is given twice")
        seats[seat.player] = seat
    if 1 not in seats:
        seats[1] = Seat(
            1, args.terminal, terminal_settings(args, parser, offered([args.terminal]), **runtime_facts)
        )
    else:
        try:
            named = from_args(args, args.terminal, offered(offered_terminals()))
        except OptionError as exc:
            parser.error(str(exc))
        if args.terminal != "console" or named:
            parser.error("--seat 1 names the first seat's terminal: leave --terminal and its settings out")
    _one_port_a_seat(seats, parser)
    if [seat.terminal for seat in seats.values()].count("console") > 1:
        parser.error("only one seat can be the console: this terminal has one keyboard")
    if sum(seat.terminal in WINDOW_TERMINALS for seat in seats.values()) > 1:
        parser.error(
            "only one seat can be a window (pygame opens one a process): seat the other player at "
            "`life2 terminal` on a serial line"
        )
    return [seats[number] for number in sorted(seats)]


def _seat(written: str, most: int, parser: argparse.ArgumentParser, runtime_facts: Mapping[str, Any]) -> Seat:
    number, equals, spec = written.partition("=")
    words = spec.split(",")
    name = words[0].strip()
    figures = number.strip()
    if not equals or not (figures.isascii() and figures.isdigit()) or not name:
        parser.error(
            f"--seat {shown(written)}: write it as N=TERMINAL[,SETTING=VALUE...], as 2=telnet,port=2323"
        )
    figures = figures.lstrip("0") or "0"
    if len(figures) > 3 or not 1 <= int(figures) <= most:  # a seat number has a figure or two
        said = figures if len(figures) <= 6 else f"{figures[:6]}... ({len(figures)} figures)"
        parser.error(f"--seat {said}: the game has seats 1 to {most}")
    player = int(figures)
    if name not in offered_terminals():
        parser.error(
            f"--seat {player}={name}: no such terminal; choose from {', '.join(offered_terminals())}"
        )
    try:
        settings = from_words(
            words[1:], terminal_class(name).OPTIONS, f"the {name} terminal at seat {player}"
        )
    except OptionError as exc:
        parser.error(str(exc))
    return Seat(player, name, {**settings, **takes(name, **runtime_facts, seat=player)})


def _one_port_a_seat(seats: Mapping[int, Seat], parser: argparse.ArgumentParser) -> None:
    """Two seats of one kind on one port (a TCP port, a serial device) would have the second fail
    once the first has its player: refused before anything starts. Port 0 is any free one."""
    taken: dict[tuple[str, str], int] = {}
    for number in sorted(seats):
        seat = seats[number]
        port = seat.settings.get("port")
        if port is None or port == 0:
            continue
        first = taken.setdefault((seat.terminal, str(port)), number)
        if first != number:
            parser.error(
                f"--seat {number}: port {port} is seat {first}'s already; give each seat a port of its own"
            )


def offered_terminals() -> list[str]:
    from ..terminals import TERMINALS

    return list(TERMINALS)
