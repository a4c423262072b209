"""The shapes of value a stand's table takes beyond a plain choice or range, as `Option.convert`s.

Each raises ValueError for what it does not take; the option's `allows` says
what it does take, so the message names the key and the fix.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...terminals.options import Option


def switches(names: Sequence[str]) -> Callable[[Any], frozenset[str]]:
    """Bug switches: "all", "none", or a list of their names."""

    def convert(value: Any) -> frozenset[str]:
        if value == "all":
            return frozenset(names)
        if value == "none":
            return frozenset()
        if isinstance(value, list) and all(isinstance(v, str) and v in names for v in value):
            return frozenset(value)
        raise ValueError

    return convert


def whole(value: Any) -> int:
    """A whole number as TOML writes it (3), or as a string ("3"): TOML keeps them apart, and a
    museum should not have to."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 6:
        return int(value)
    raise ValueError


def attract_levels(levels: Sequence[int]) -> Callable[[Any], tuple[int, int]]:
    """The two levels of attract mode's computers, as a list of two."""

    def convert(value: Any) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2):
            raise ValueError
        first, second = (whole(v) for v in value)
        if first not in levels or second not in levels:
            raise ValueError
        return first, second

    return convert


NAME_MAX = 255
PATH_MAX = 4095
"""The longest name of one file or folder, and of a whole path, in bytes, that Linux takes: a
longer one is refused by every call that is given it ("File name too long")."""
PATH_ALLOWS = (
    f"a file path as a string, each name in it at most {NAME_MAX} bytes and the whole at most {PATH_MAX}"
)


def file_path(value: Any) -> Path:
    """A path as a string; relative ones are taken from the config file's folder (config.py)."""
    if not isinstance(value, str) or not value or "\0" in value:
        raise ValueError
    encoded = os.fsencode(value)
    if len(encoded) > PATH_MAX or any(len(part) > NAME_MAX for part in encoded.split(b"/")):
        raise ValueError
    return Path(value)


# -- the options more than one stand declares ------------------------------------------------------------


def bug_switches(names: Sequence[str], kept: str, original: str) -> Option:
    """`bugs`: the original's bugs kept (`kept` says whose), all of them as `original` has them by
    default."""
    return Option(
        "bugs",
        f"{kept}: all of them, none, or a list",
        frozenset(names),
        convert=switches(names),
        allows=f'"all" ({original}), "none", or a list of switch names from: ' + ", ".join(names),
        written='"all"',
    )


def opponent_level(levels: Sequence[int], said: str) -> Option:
    """`computer_level`: the visitor's opponent, at one of `levels` (`said` names them)."""
    return Option("computer_level", f"the visitor's opponent: {said}", 2, int, choices=tuple(levels))


def attract_levels_of(levels: Sequence[int], whose: str = "") -> Option:
    """`attract_levels`: the two computers that play each other while nobody does."""
    return Option(
        "attract_levels",
        f"the two computers that play each other in attract mode{whose}",
        (2, 3),
        convert=attract_levels(levels),
        allows=f"two computer levels from {min(levels)} to {max(levels)}, e.g. [2, 3]",
        written="[2, 3]",
    )


def levels_said(settings: dict[str, Any]) -> str:
    """How `--check` names a stand's computers: the visitor's opponent and attract mode's two."""
    attract = "/".join(map(str, settings["attract_levels"]))
    return f"the computer at level {settings['computer_level']}, attract levels {attract}"
