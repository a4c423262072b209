"""exhibit.toml: what a museum sets, checked before anything starts.

Every mistake is reported with its key and what the key allows, so whoever
sets up the kiosk can fix it from the message alone. Unknown tables and keys
are mistakes too: a misspelt key would otherwise be silently ignored for weeks.
Relative paths are taken from the folder the config file is in.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..basic.dialects import DIALECT_NAMES
from ..play import EFFECTS
from ..programs.bugs import BUG_NAMES
from ..screenshot import parse_size
from ..terminals.serial.settings import (
    BYTESIZES,
    FILL_AFTER_CR,
    FILL_AFTER_LF,
    FLOWS,
    PARITIES,
    STOPBITS,
    LineSettings,
)
from ..terminals.window.crt import BAUD_CHOICES, PHOSPHORS
from ..terminals.window.kiosk import KeyChord

TERMINALS = ("teletype", "crt", "serial")
PLAYERS = ("choose", "human-computer", "two-humans")
LEVELS = (1, 2, 3)
EMPTY_ANSWERS = ("ask-again", "basic")
"""What Return on an empty line does in a visitor's game: waits for a real answer, or (basic) goes to
the BASIC, which in 1978 stopped the program there."""


class ConfigError(ValueError):
    """A config mistake: the message names the key and what it allows."""


@dataclass(frozen=True)
class SerialSettings:
    port: str = ""
    baud: int = LineSettings.baud
    bytesize: int = LineSettings.bytesize
    parity: str = LineSettings.parity
    stopbits: float = LineSettings.stopbits
    flow: str = LineSettings.flow
    echo: bool = False
    uppercase: bool = False
    fill_cr: int = FILL_AFTER_CR
    fill_lf: int = FILL_AFTER_LF


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
    lines_per_second: float = 0.0
    records_path: Path = Path("life2-games.jsonl")
    records_max_bytes: int = 1_000_000
    records_keep: int = 5
    sound: bool = True
    teletype_baud: int = 110
    crt_baud: int = 1200
    phosphor: str = "p1"
    effects: frozenset[str] = frozenset(EFFECTS)
    serial: SerialSettings = field(default_factory=SerialSettings)


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
        return parse_size(str(value), minimum=(640, 400))
    except ValueError:
        raise ConfigError(
            f"{key} is {value!r}; allowed: WIDTHxHEIGHT, at least 640x400, e.g. '1280x800'"
        ) from None


def _bugs(key: str, value: Any) -> frozenset[str]:
    if value == "all":
        return frozenset(BUG_NAMES)
    if value == "none":
        return frozenset()
    if isinstance(value, list) and all(isinstance(v, str) and v in BUG_NAMES for v in value):
        return frozenset(value)
    raise ConfigError(
        f'{key} is {value!r}; allowed: "all" (the 1978 listing), "none" (as the instructions say), '
        f"or a list of switch names from: {', '.join(BUG_NAMES)}"
    )


def _levels(key: str, value: Any) -> tuple[int, int]:
    if not (
        isinstance(value, list) and len(value) == 2 and all(v in LEVELS and v is not True for v in value)
    ):
        raise ConfigError(f"{key} is {value!r}; allowed: two computer levels from 1 to 3, e.g. [2, 3]")
    return (value[0], value[1])


def _effects(key: str, value: Any) -> frozenset[str]:
    if not (isinstance(value, list) and all(v in EFFECTS for v in value)):
        raise ConfigError(f"{key} is {value!r}; allowed: a list of {', '.join(EFFECTS)}")
    return frozenset(value)


def _port(key: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{key} is {value!r}; allowed: a serial device or a pyserial URL, as a string")
    return value


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
        "lines_per_second": ("lines_per_second", _number(0, 1_000_000)),
    },
    "records": {
        "path": ("records_path", _path),
        "max_bytes": ("records_max_bytes", _number(10_000, 10**10, whole=True)),
        "keep": ("records_keep", _number(1, 1000, whole=True)),
    },
    "teletype": {
        "sound": ("sound", _boolean),
        "baud": ("teletype_baud", _number(50, 9600, whole=True)),
    },
    "crt": {
        "phosphor": ("phosphor", _one_of(tuple(PHOSPHORS))),
        "baud": ("crt_baud", _one_of(BAUD_CHOICES)),
        "effects": ("effects", _effects),
    },
}
SERIAL_SCHEMA: dict[str, Any] = {
    "port": _port,
    "baud": _number(50, 4_000_000, whole=True),
    "bytesize": _one_of(BYTESIZES),
    "parity": _one_of(tuple(PARITIES)),
    "stopbits": _one_of(STOPBITS),
    "flow": _one_of(FLOWS),
    "echo": _boolean,
    "uppercase": _boolean,
    "fill_cr": _number(0, 100, whole=True),
    "fill_lf": _number(0, 100, whole=True),
}


def parse_config(data: dict[str, Any], folder: Path = Path(".")) -> ExhibitConfig:
    """The checked config from parsed TOML; ConfigError for the first mistake."""
    tables = [*SCHEMA, "serial"]
    values: dict[str, Any] = {}
    for table, body in data.items():
        if table not in tables:
            raise ConfigError(f"[{table}] is not a table of the config; allowed: {', '.join(tables)}")
        if not isinstance(body, dict):
            raise ConfigError(f"{table} must be a table ([{table}]), not a value")
        keys = SERIAL_SCHEMA if table == "serial" else SCHEMA[table]
        for key, value in body.items():
            if key not in keys:
                raise ConfigError(f"{table}.{key} is not a key of [{table}]; allowed: {', '.join(keys)}")
            if table == "serial":
                values.setdefault("serial", {})[key] = SERIAL_SCHEMA[key](f"serial.{key}", value)
            else:
                name, check = SCHEMA[table][key]
                values[name] = check(f"{table}.{key}", value)
    if "serial" in values:
        values["serial"] = SerialSettings(**values["serial"])
    for name in ("listing_path", "records_path"):
        if name in values and not values[name].is_absolute():
            values[name] = folder / values[name]
    if "records_path" not in values:
        values["records_path"] = folder / ExhibitConfig.records_path
    config = ExhibitConfig(**values)
    if config.terminal == "serial" and not config.serial.port:
        raise ConfigError('serial.port is needed when exhibit.terminal is "serial"; allowed: a device or URL')
    return config


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
