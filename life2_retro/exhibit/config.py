"""exhibit.toml: what a museum sets, declared once and checked before anything starts.

Every table is a list of declared options (terminals/options.Option): the
exhibit's own ([exhibit], [attract], [records]), each stand's ([life2],
[cell-life], [p2life], stands/), and each terminal's ([teletype], [crt],
[serial]). The checks, `--check` and the example config with its
documentation (`life2 exhibit --example`, docs/exhibit.toml) all come from
those declarations, so none of them can drift from the others.

Every mistake is reported with its key and what the key allows, so whoever
sets up the kiosk can fix it from the message alone. Unknown tables and keys
are mistakes too: a misspelt key would otherwise be silently ignored for weeks.
A key an older config held elsewhere is still read, with a note saying where
it lives now. Relative paths are taken from the folder the config file is in.
"""

from __future__ import annotations

import os
import stat
import textwrap
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..terminals import offered
from ..terminals.door.address import bind_address
from ..terminals.options import Declared, Option, OptionError, Switches, from_table
from ..terminals.options import defaults as option_defaults
from ..terminals.pacing import OSI_CHALLENGER_1P_HZ
from ..terminals.serial.settings import PORT
from ..terminals.window.kiosk import KeyChord
from ..terminals.window.terminal import WINDOW_OPTIONS, parse_size
from .stands import stand_class, stand_names
from .stands.base import Stand
from .stands.settings import PATH_ALLOWS, file_path

TERMINALS = ("teletype", "crt", "serial")
PLAYERS = ("choose", "human-computer", "two-humans")
KIOSK_SMALLEST = (640, 400)
KIOSK_LARGEST = (16384, 16384)
"""SDL refuses a window wider or taller than 16384 pixels ("Window is too large")."""
TERMINAL_TABLES = offered(TERMINALS, leave_out=tuple(option.name for option in WINDOW_OPTIONS))
"""[teletype], [crt] and [serial]: what each terminal declares it takes (its OPTIONS), except the
window's size and full screen, which the kiosk sets in [exhibit]."""


class ConfigError(ValueError):
    """Config mistakes: each message names the key and what it allows. A museum fixing its file
    wants every mistake at once, not one a run."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# -- the exhibit's own tables ------------------------------------------------------------------------


def _games(value: Any) -> tuple[str, ...]:
    if isinstance(value, list) and value and all(isinstance(v, str) and v in stand_names() for v in value):
        return tuple(value)
    raise ValueError


def _chord(value: Any) -> KeyChord:
    return KeyChord.parse(value if isinstance(value, str) else "")


def window_size(value: Any) -> tuple[int, int]:
    """`1280x800` as (width, height), from KIOSK_SMALLEST to KIOSK_LARGEST; ValueError otherwise."""
    width, height = parse_size(value if isinstance(value, str) else "", minimum=KIOSK_SMALLEST)
    if width > KIOSK_LARGEST[0] or height > KIOSK_LARGEST[1]:
        raise ValueError("larger than a window can be")
    return width, height


def _size_of(size: tuple[int, int]) -> str:
    return "x".join(map(str, size))


def _banner(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 72:
        raise ValueError
    return value


EXHIBIT: tuple[Option, ...] = (
    Option("terminal", "teletype, crt (windows), or serial (a real Teletype)", "teletype", choices=TERMINALS),
    Option(
        "games",
        "the games attract mode shows in turn; a visitor plays the one on show",
        ("life2",),
        convert=_games,
        allows=f"a list of one game or more, in turn, from {', '.join(stand_names())}",
        written='["life2"]',
    ),
    Option(
        "players",
        "choose (visitors pick on the terminal), human-computer, or two-humans",
        "choose",
        choices=PLAYERS,
    ),
    Option(
        "idle_seconds", "a visitor's game left alone this long is abandoned", 90.0, float, low=10, high=86_400
    ),
    Option(
        "result_seconds", "how long a finished game stays before attract mode", 20.0, float, low=0, high=600
    ),
    Option(
        "exit_chord",
        "the operator's keys that end the exhibit: two modifiers or more and a key",
        KeyChord.parse("ctrl+alt+shift+q"),
        convert=_chord,
        allows="modifiers and one key joined by '+', e.g. 'ctrl+alt+shift+q'",
        written='"ctrl+alt+shift+q"',
    ),
    Option("fullscreen", "the window takes the whole screen", True, bool),
    Option(
        "size",
        "the window when fullscreen is false",
        (1280, 800),
        convert=window_size,
        allows=f"WIDTHxHEIGHT, from {_size_of(KIOSK_SMALLEST)} to {_size_of(KIOSK_LARGEST)}, e.g. '1280x800'",
        written='"1280x800"',
    ),
    Option("panel", "the panel beside the paper: the live listing, or the game's rules", True, bool),
)
ATTRACT: tuple[Option, ...] = (
    Option(
        "banner",
        "the banner over the computers' game; without it each game has its own (PRESS ANY KEY TO PLAY ...)",
        None,
        convert=_banner,
        allows="text of 1 to 72 characters",
        written='"PRESS ANY KEY TO PLAY"',
    ),
    Option("pause_seconds", "the pause between two computers' games", 8.0, float, low=0, high=3600),
    Option("max_rounds", "a computers' game longer than this starts afresh", 20, int, low=1, high=10_000),
)
RECORDS: tuple[Option, ...] = (
    Option(
        "path",
        "the game records, one JSON line a game",
        Path("life2-games.jsonl"),
        convert=file_path,
        allows=PATH_ALLOWS,
        written='"life2-games.jsonl"',
    ),
    Option("max_bytes", "the log rotates at this size", 1_000_000, int, low=10_000, high=10**10),
    Option("keep", "rotated logs kept", 5, int, low=1, high=1000),
)


def _port(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= 65535:
        raise ValueError
    return value


def _bind(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError
    try:
        return bind_address(value)
    except ValueError:
        raise ValueError from None


WEB_PLAYERS = ("choose", "human-computer", "two-humans")
WEB: tuple[Option, ...] = (
    Option(
        "bind",
        "the address `life2 serve` listens on (127.0.0.1: this machine only, behind a web server that "
        "passes the museum's address on; 0.0.0.0 or :: offers it to the network)",
        "127.0.0.1",
        convert=_bind,
        allows="an IP address of this machine, as 127.0.0.1, ::1, 0.0.0.0 or ::, or localhost",
        written='"127.0.0.1"',
    ),
    Option(
        "port",
        "the port it listens on",
        8033,
        convert=_port,
        allows="a port number from 0 to 65535",
        written="8033",
    ),
    Option(
        "games",
        "the programs a visitor may choose from",
        tuple(stand_names()),
        convert=_games,
        allows=f"a list of one game or more from {', '.join(stand_names())}",
        written=f"[{', '.join(repr(name).replace(chr(39), chr(34)) for name in stand_names())}]",
    ),
    Option(
        "players",
        "what a visitor may choose: a game against the computer, one with a friend (a link to share), "
        "or either (choose)",
        "choose",
        choices=WEB_PLAYERS,
    ),
    Option(
        "look",
        "the terminal the page draws: teletype (paper) or crt (a glass terminal)",
        "teletype",
        choices=("teletype", "crt"),
    ),
    Option(
        "baud",
        "the line's speed in the page (110: a Model 33)",
        110,
        int,
        low=50,
        high=9600,
        zero="as fast as it comes",
    ),
    Option(
        "phosphor",
        "the glass terminal's phosphor: p1 green, p3 amber, p4 white",
        "p1",
        choices=("p1", "p3", "p4"),
    ),
    Option(
        "max_games",
        "games at once, at most; a visitor past it is asked to come back later",
        1000,
        int,
        low=1,
        high=100_000,
    ),
    Option(
        "idle_seconds",
        "a game whose prompt is left alone this long ends, and its memory is freed",
        600.0,
        float,
        low=10,
        high=86_400,
    ),
    Option(
        "away_seconds",
        "a game whose pages are all closed this long ends; a reload within it keeps the game",
        120.0,
        float,
        low=5,
        high=86_400,
    ),
    Option(
        "pages_per_address",
        "pages open at once from one address (a school's all come from one)",
        16,
        int,
        low=1,
        high=10_000,
    ),
    Option(
        "code_wait",
        "seconds a page has to knock (give a code or choose a game) before it is closed",
        60.0,
        float,
        low=1,
        high=3600,
    ),
    Option(
        "stall",
        "seconds a page may leave its output untaken, or go unheard, before it is away",
        20.0,
        float,
        low=1,
        high=3600,
    ),
)
OWN_TABLES: dict[str, tuple[Option, ...]] = {
    "exhibit": EXHIBIT,
    "attract": ATTRACT,
    "records": RECORDS,
    "web": WEB,
}
"""The exhibit's own tables; a key's field in ExhibitConfig is the key, or `table_key` outside [exhibit]."""


def _field(table: str, key: str) -> str:
    return key if table == "exhibit" else f"{table}_{key}"


def _default(table: str, key: str) -> Any:
    return next(option.default for option in OWN_TABLES[table] if option.name == key)


MOVED: dict[tuple[str, str], tuple[str, str]] = {("listing", "panel"): ("exhibit", "panel")}
"""Keys an older config held elsewhere -> where they live now (each stand adds its own)."""
RETIRED = {
    ("listing", "lines_per_second"): "listing.lines_per_second is gone: the historical speed now holds each "
    "line for the 6502 cycles it cost the 1977 BASIC; set life2.historical_speed = true, and "
    f"life2.clock_hz for the clock (default {OSI_CHALLENGER_1P_HZ}, an OSI Challenger 1P)",
}
"""Keys an older config may hold that nothing replaces as they were, and what to write instead."""


@dataclass(frozen=True)
class ExhibitConfig:
    terminal: str = _default("exhibit", "terminal")
    games: tuple[str, ...] = _default("exhibit", "games")
    """The games attract mode shows, in turn; a visitor plays the one on show."""
    players: str = _default("exhibit", "players")
    idle_seconds: float = _default("exhibit", "idle_seconds")
    result_seconds: float = _default("exhibit", "result_seconds")
    exit_chord: KeyChord = _default("exhibit", "exit_chord")
    fullscreen: bool = _default("exhibit", "fullscreen")
    size: tuple[int, int] = _default("exhibit", "size")
    panel: bool = _default("exhibit", "panel")
    attract_banner: str | None = _default("attract", "banner")
    attract_pause_seconds: float = _default("attract", "pause_seconds")
    attract_max_rounds: int = _default("attract", "max_rounds")
    records_path: Path = _default("records", "path")
    records_max_bytes: int = _default("records", "max_bytes")
    records_keep: int = _default("records", "keep")
    web_bind: str = _default("web", "bind")
    web_port: int = _default("web", "port")
    web_games: tuple[str, ...] = _default("web", "games")
    web_players: str = _default("web", "players")
    web_look: str = _default("web", "look")
    web_baud: int = _default("web", "baud")
    web_phosphor: str = _default("web", "phosphor")
    web_max_games: int = _default("web", "max_games")
    web_idle_seconds: float = _default("web", "idle_seconds")
    web_away_seconds: float = _default("web", "away_seconds")
    web_pages_per_address: int = _default("web", "pages_per_address")
    web_code_wait: float = _default("web", "code_wait")
    web_stall: float = _default("web", "stall")
    stand_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Game name -> the keys its table gives, checked; the stand's defaults for the rest."""
    terminal_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Terminal name -> the settings its table gives, checked; the terminal's defaults for the rest."""
    notes: tuple[str, ...] = ()
    """What the operator should know that is no mistake (a key read from its old place)."""
    finds_references: bool = True
    """Whether the stands may show the originals the config does not name (Stand.finds_references);
    no key of the config: `--screenshot` turns it off."""

    def settings_of(self, game: str) -> dict[str, Any]:
        """Every key of the game's table: as the config gives it, or the stand's default."""
        declared = stand_class(game).OPTIONS
        return {**option_defaults(declared), **self.stand_settings.get(game, {})}

    def stand(self, game: str) -> Stand:
        return stand_class(game)(self.settings_of(game), self.finds_references)

    def banner(self, game: str) -> str:
        return self.attract_banner or stand_class(game).BANNER


# -- reading a config ------------------------------------------------------------------------------------


def tables() -> dict[str, Sequence[Declared]]:
    """Every table a config may hold, by name, in the order the documentation gives them."""
    stands = {name: stand_class(name).OPTIONS for name in stand_names()}
    return {**OWN_TABLES, **stands, **TERMINAL_TABLES}


def moved_keys() -> dict[tuple[str, str], tuple[str, str]]:
    found = dict(MOVED)
    for name in stand_names():
        for old, key in stand_class(name).MOVED.items():
            found[old] = (name, key)
    return found


def parse_config(data: Mapping[str, Any], folder: Path = Path(".")) -> ExhibitConfig:
    """The checked config from parsed TOML; ConfigError with every mistake found."""
    known = tables()
    moved = moved_keys()
    old_tables = {table for table, _ in [*moved, *RETIRED]} - set(known)
    given: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    notes: list[str] = []
    for table, body in data.items():
        if table not in known and table not in old_tables:
            problems.append(f"[{table}] is not a table of the config; allowed: {', '.join(known)}")
            continue
        if not isinstance(body, dict):
            problems.append(f"{table} must be a table ([{table}]), not a value")
            continue
        for key, value in body.items():
            where, (new_table, new_key) = f"{table}.{key}", moved.get((table, key), (table, key))
            try:
                if (table, key) in RETIRED:
                    raise ConfigError(RETIRED[(table, key)])
                if new_table not in known:
                    raise ConfigError(f"{where} is not a key of the config; allowed: {', '.join(known)}")
                if (new_table, new_key) != (table, key):
                    if new_key in data.get(new_table, {}):
                        raise ConfigError(
                            f"{where} and {new_table}.{new_key} are the same key: keep {new_table}.{new_key}"
                        )
                    notes.append(
                        f"{where} is now {new_table}.{new_key}: it was read from its old place; move it"
                    )
                checked = from_table({new_key: value}, new_table, known[new_table], where)
                given.setdefault(new_table, {}).update(checked)
            except (ConfigError, OptionError) as exc:
                problems.append(str(exc))
    for game in stand_names():
        stand = stand_class(game)
        if game in given:
            problems += stand.problems({**option_defaults(stand.OPTIONS), **given[game]})
    if given.get("exhibit", {}).get("terminal") == "serial" and "port" not in given.get("serial", {}):
        problems.append(f'serial.port is needed when exhibit.terminal is "serial"; allowed: {PORT.allowed()}')
    if problems:
        raise ConfigError(*problems)
    for body in given.values():  # relative paths are the config file's
        for key, value in body.items():
            if isinstance(value, Path) and not value.is_absolute():
                body[key] = folder / value
    own = {_field(table, key): value for table in OWN_TABLES for key, value in given.get(table, {}).items()}
    own.setdefault("records_path", folder / ExhibitConfig.records_path)
    return ExhibitConfig(
        **own,
        stand_settings={name: given[name] for name in stand_names() if name in given},
        terminal_settings={name: given[name] for name in TERMINAL_TABLES if name in given},
        notes=tuple(notes),
    )


LARGEST_CONFIG = 1 << 20
"""Bytes a config may have: the example with every key is some 10 KB; a file far bigger is no config
(`/dev/zero` would be read until memory ran out)."""


def read_config_bytes(path: Path) -> bytes:
    """A config's bytes: a regular file of at most LARGEST_CONFIG bytes. Opened without waiting (a
    named pipe would wait for a writer for ever) and looked at before it is read."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
    except OSError:
        os.close(descriptor)
        raise
    if not regular:
        os.close(descriptor)
        raise ConfigError(f"{path}: not a config: it is not a regular file")
    with open(descriptor, "rb") as handle:
        data = handle.read(LARGEST_CONFIG + 1)
    if len(data) > LARGEST_CONFIG:
        raise ConfigError(f"{path}: not a config: it is larger than {LARGEST_CONFIG:,} bytes")
    return data


def load_config(path: str | Path) -> ExhibitConfig:
    path = Path(path)
    try:
        data = tomllib.loads(read_config_bytes(path).decode("utf-8"))
    except ConfigError:
        raise
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except (ValueError, UnicodeDecodeError) as exc:  # TOMLDecodeError, and a number past int()'s limit
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"{path}: not a config: its values are nested too deeply to read") from None
    return parse_config(data, path.resolve().parent)


# -- what only the files can tell ---------------------------------------------------------------------


def check_files(config: ExhibitConfig) -> list[str]:
    """What `--check` finds beyond the keys: the records' file can be written, and each game's own
    files (a listing) can be read. The run itself would go on without them, unrecorded or with our
    notes, so only the check can say so before the museum opens."""
    problems = []
    records = config.records_path
    wrong = None
    try:
        if records.is_dir():
            wrong = "a folder"
        elif not records.parent.is_dir():
            wrong = "in no folder that exists"
        elif not os.access(records if records.exists() else records.parent, os.W_OK):
            wrong = "which the exhibit may not write"
    except OSError as exc:  # taken from the config's folder, a path can grow too long
        wrong = f"which cannot be looked at ({exc.strerror or exc})"
    if wrong is not None:
        problems.append(
            f"records.path is {str(records)!r}, {wrong}; allowed: a file path the exhibit can write"
        )
    for game in dict.fromkeys([*config.games, *config.web_games]):  # life2 serve's games too
        problems += config.stand(game).check()
    return problems


# -- the documentation ------------------------------------------------------------------------------------


def example_config() -> str:
    """Every table and key with its default and what it allows, as a config file: docs/exhibit.toml."""
    lines = [
        "# life2 exhibit: every key of the config, at its default. Made by `life2 exhibit --example`;",
        "# `life2 exhibit --config FILE --check` checks a config. Relative paths are taken from its folder.",
        "# A table may be left out, and so may a key: its default is what is written here.",
    ]
    titles = {name: stand_class(name).TITLE for name in stand_names()}
    for table, options in tables().items():
        shown = [option for option in options if _documented(option)]
        if not shown:
            continue
        commented = table == "serial"
        lines.append("")
        if table in titles:
            lines += _comment(f"{titles[table]}.", "")
        if commented:
            lines.append('# Only with exhibit.terminal = "serial": a real Teletype on a serial line.')
        lines.append(("# " if commented else "") + f"[{table}]")
        for option in shown:
            off = commented or option.default is None
            lines += _comment(_help(option), "# " if commented else "")
            lines.append(f"{'# ' if off else ''}{option.name} = {_written(option)}")
    return "\n".join(lines) + "\n"


def _comment(text: str, prefix: str) -> list[str]:
    lines = textwrap.wrap(text, 96 - len(prefix), break_on_hyphens=False)
    return [f"{prefix}# {line}" for line in lines]


def _documented(option: Declared) -> bool:
    return not option.hidden and not (isinstance(option, Option) and option.internal)


def _help(option: Declared) -> str:
    """What a key is for, and what it allows unless the words say it already."""
    if isinstance(option, Switches):
        return f"{option.name}: those on, of {', '.join(option.features)}"
    said = option.help.rstrip(".")
    if option.negated:
        return f"true or false; {option.cli_flag} on the command line: {said}"
    named = option.choices and all(str(choice) in said for choice in option.choices)
    if named or not (option.allows or option.choices or option.low is not None):
        return said
    return f"{said} (allowed: {option.allowed()})"


def _written(option: Declared) -> str:
    if isinstance(option, Switches):
        return "[" + ", ".join(f'"{feature}"' for feature in option.features) + "]"
    if option.written is not None:
        return option.written
    return _toml(option.default if option.default is not None else "")


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
