"""exhibit.toml: what a museum sets, checked before anything starts.

Every mistake is reported with its key and what the key allows, so whoever
sets up the kiosk can fix it from the message alone. Unknown tables and keys
are mistakes too: a misspelt key would otherwise be silently ignored for weeks.
Relative paths are taken from the folder the config file is in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..basic.dialects import DIALECT_NAMES
from ..programs.cell_life_bugs import BUG_NAMES as CELL_LIFE_BUG_NAMES
from ..programs.cell_life_players import LEVELS as CELL_LIFE_LEVELS
from ..programs.life2_bugs import BUG_NAMES
from ..terminals import offered
from ..terminals.options import OptionError, from_table
from ..terminals.pacing import OSI_CHALLENGER_1P_HZ
from ..terminals.serial.settings import PORT
from ..terminals.window.kiosk import KeyChord
from ..terminals.window.terminal import WINDOW_OPTIONS, parse_size

TERMINALS = ("teletype", "crt", "serial")
GAMES = ("life2", "cell-life")
CELL_LIFE_BOARDS = ("small", "large")
TERMINAL_TABLES = offered(TERMINALS, leave_out=tuple(option.name for option in WINDOW_OPTIONS))
"""[teletype], [crt] and [serial]: what each terminal declares it takes (its OPTIONS), except the
window's size and full screen, which the kiosk sets in [exhibit]."""
KIOSK_SMALLEST = (640, 400)
PLAYERS = ("choose", "human-computer", "two-humans")
LEVELS = (1, 2, 3)
EMPTY_ANSWERS = ("ask-again", "basic")
"""What Return on an empty line does in a visitor's game: waits for a real answer, or (basic) goes to
the BASIC, which in 1978 stopped the program there."""


class ConfigError(ValueError):
    """Config mistakes: each message names the key and what it allows. A museum fixing its file
    wants every mistake at once, not one a run."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class ExhibitConfig:
    terminal: str = "teletype"
    players: str = "choose"
    computer_level: int = 2
    idle_seconds: float = 90.0
    dialect: str = "ms1978"
    bugs: frozenset[str] = frozenset(BUG_NAMES)
    exit_chord: KeyChord = field(default_factory=lambda: KeyChord.parse("ctrl+alt+shift+q"))
    fullscreen: bool = True
    size: tuple[int, int] = (1280, 800)
    attract_levels: tuple[int, int] = (2, 3)
    banner: str = "PRESS ANY KEY TO PLAY LIFE2"
    attract_pause: float = 8.0
    attract_rounds: int = 20
    result_seconds: float = 20.0
    empty_answer: str = "ask-again"
    listing_path: Path | None = None
    panel: bool = True
    historical_speed: bool = False
    """Hold each line of the 1978 program for what it cost Microsoft's 1977 6502 BASIC."""
    clock_hz: float = OSI_CHALLENGER_1P_HZ
    """The 6502's clock for the historical speed: 983000, an OSI Challenger 1P."""
    records_path: Path = Path("life2-games.jsonl")
    records_max_bytes: int = 1_000_000
    records_keep: int = 5
    games: tuple[str, ...] = ("life2",)
    """The games attract mode shows, in turn; a visitor plays the one on show."""
    cell_life_players: int = 3
    """Cell Life's players: a visitor takes seat 1 (two visitors seats 1 and 2), computers the rest."""
    cell_life_board: str = "small"
    cell_life_bugs: frozenset[str] = frozenset(CELL_LIFE_BUG_NAMES)
    cell_life_computer: str = "c"
    """How Cell Life's computers play: c, the 2008 program's own, or our levels 1 to 3."""
    terminal_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Terminal name -> the settings its table gives, checked; the terminal's defaults for the rest."""


# -- the schema: table -> key -> (ExhibitConfig field, check) ------------------------------------


def _one_of(choices: tuple[Any, ...]) -> Any:
    def check(key: str, value: Any) -> Any:
        if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
            raise ConfigError(f"{key} is {value!r}; allowed: {', '.join(map(repr, choices))}")
        return value

    return check


def _number(low: float, high: float, whole: bool = False) -> Any:
    def check(key: str, value: Any) -> Any:
        kinds = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or not low <= value <= high:
            kind = "a whole number" if whole else "a number"
            raise ConfigError(f"{key} is {value!r}; allowed: {kind} from {low:g} to {high:g}")
        return value

    return check


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{key} is {value!r}; allowed: true or false")
    return value


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 72:
        raise ConfigError(f"{key} is {value!r}; allowed: text of 1 to 72 characters")
    return value


def _path(key: str, value: Any) -> Path:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{key} is {value!r}; allowed: a file path as a string")
    return Path(value)


def _chord(key: str, value: Any) -> KeyChord:
    try:
        return KeyChord.parse(value if isinstance(value, str) else "")
    except ValueError as exc:
        raise ConfigError(f"{key}: {exc}") from None


def _size(key: str, value: Any) -> tuple[int, int]:
    try:
        return parse_size(str(value), minimum=KIOSK_SMALLEST)
    except ValueError:
        smallest = "x".join(map(str, KIOSK_SMALLEST))
        raise ConfigError(
            f"{key} is {value!r}; allowed: WIDTHxHEIGHT, at least {smallest}, e.g. '1280x800'"
        ) from None


def _switches(names: tuple[str, ...], original: str) -> Any:
    def check(key: str, value: Any) -> frozenset[str]:
        if value == "all":
            return frozenset(names)
        if value == "none":
            return frozenset()
        if isinstance(value, list) and all(isinstance(v, str) and v in names for v in value):
            return frozenset(value)
        raise ConfigError(
            f'{key} is {value!r}; allowed: "all" ({original}), "none" (as the instructions say), '
            f"or a list of switch names from: {', '.join(names)}"
        )

    return check


_bugs = _switches(BUG_NAMES, "the 1978 listing")


def _cell_life_computer(key: str, value: Any) -> str:
    """ "c", or a level written as a number or a string: TOML keeps 3 and "3" apart, and a museum
    should not have to."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in CELL_LIFE_LEVELS:
        raise ConfigError(
            f'{key} is {value!r}; allowed: "c" (the 2008 program\'s own), or our levels 1, 2, 3'
        )
    return str(value)


def _games(key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, list) and value and all(v in GAMES for v in value):
        return tuple(value)
    raise ConfigError(
        f"{key} is {value!r}; allowed: a list of one game or more, in turn, from {', '.join(GAMES)}"
    )


def _levels(key: str, value: Any) -> tuple[int, int]:
    if not (
        isinstance(value, list) and len(value) == 2 and all(v in LEVELS and v is not True for v in value)
    ):
        raise ConfigError(f"{key} is {value!r}; allowed: two computer levels from 1 to 3, e.g. [2, 3]")
    return (value[0], value[1])


SCHEMA: dict[str, dict[str, tuple[str, Any]]] = {
    "exhibit": {
        "terminal": ("terminal", _one_of(TERMINALS)),
        "players": ("players", _one_of(PLAYERS)),
        "computer_level": ("computer_level", _one_of(LEVELS)),
        "idle_seconds": ("idle_seconds", _number(10, 86_400)),
        "dialect": ("dialect", _one_of(DIALECT_NAMES)),
        "bugs": ("bugs", _bugs),
        "exit_chord": ("exit_chord", _chord),
        "fullscreen": ("fullscreen", _boolean),
        "size": ("size", _size),
        "result_seconds": ("result_seconds", _number(0, 600)),
        "empty_answer": ("empty_answer", _one_of(EMPTY_ANSWERS)),
        "games": ("games", _games),
    },
    "cell-life": {
        "players": ("cell_life_players", _number(2, 4, whole=True)),
        "board": ("cell_life_board", _one_of(CELL_LIFE_BOARDS)),
        "bugs": ("cell_life_bugs", _switches(CELL_LIFE_BUG_NAMES, "the program as printed")),
        "computer": ("cell_life_computer", _cell_life_computer),
    },
    "attract": {
        "levels": ("attract_levels", _levels),
        "banner": ("banner", _text),
        "pause_seconds": ("attract_pause", _number(0, 3600)),
        "max_rounds": ("attract_rounds", _number(1, 10_000, whole=True)),
    },
    "listing": {
        "path": ("listing_path", _path),
        "panel": ("panel", _boolean),
        "historical_speed": ("historical_speed", _boolean),
        "clock_hz": ("clock_hz", _number(10_000, 1_000_000_000)),
    },
    "records": {
        "path": ("records_path", _path),
        "max_bytes": ("records_max_bytes", _number(10_000, 10**10, whole=True)),
        "keep": ("records_keep", _number(1, 1000, whole=True)),
    },
}


RETIRED = {
    ("listing", "lines_per_second"): "listing.lines_per_second is gone: the historical speed now holds each "
    "line for the 6502 cycles it cost the 1977 BASIC; set listing.historical_speed = true, and "
    f"listing.clock_hz for the clock (default {OSI_CHALLENGER_1P_HZ}, an OSI Challenger 1P)",
}
"""Keys an older config may hold, and what replaced them."""


def parse_config(data: dict[str, Any], folder: Path = Path(".")) -> ExhibitConfig:
    """The checked config from parsed TOML; ConfigError with every mistake found."""
    tables = [*SCHEMA, *TERMINAL_TABLES]
    values: dict[str, Any] = {}
    terminals: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for table, body in data.items():
        if table not in tables:
            problems.append(f"[{table}] is not a table of the config; allowed: {', '.join(tables)}")
            continue
        if not isinstance(body, dict):
            problems.append(f"{table} must be a table ([{table}]), not a value")
            continue
        for key, value in body.items():
            try:
                if table in TERMINAL_TABLES:
                    terminals.setdefault(table, {}).update(
                        from_table({key: value}, table, TERMINAL_TABLES[table])
                    )
                    continue
                if (table, key) in RETIRED:
                    raise ConfigError(RETIRED[(table, key)])
                if key not in SCHEMA[table]:
                    allowed = ", ".join(SCHEMA[table])
                    raise ConfigError(f"{table}.{key} is not a key of [{table}]; allowed: {allowed}")
                name, check = SCHEMA[table][key]
                values[name] = check(f"{table}.{key}", value)
            except (ConfigError, OptionError) as exc:
                problems.append(str(exc))
    if values.get("historical_speed") and values.get("dialect", ExhibitConfig.dialect) != "ms1978":
        problems.append(
            'listing.historical_speed needs exhibit.dialect = "ms1978": the cycles are those of the 1977 '
            "6502 BASIC"
        )
    if values.get("terminal") == "serial" and "port" not in terminals.get("serial", {}):
        problems.append(f'serial.port is needed when exhibit.terminal is "serial"; allowed: {PORT.allowed()}')
    if problems:
        raise ConfigError(*problems)
    for name in ("listing_path", "records_path"):
        if name in values and not values[name].is_absolute():
            values[name] = folder / values[name]
    if "records_path" not in values:
        values["records_path"] = folder / ExhibitConfig.records_path
    return ExhibitConfig(**values, terminal_settings=terminals)


def load_config(path: str | Path) -> ExhibitConfig:
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    return parse_config(data, path.resolve().parent)
