"""The shapes of value a stand's table takes beyond a plain choice or range, as `Option.convert`s.

Each raises ValueError for what it does not take; the option's `allows` says
what it does take, so the message names the key and the fix.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


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


def file_path(value: Any) -> Path:
    """A path as a string; relative ones are taken from the config file's folder (config.py)."""
    if not isinstance(value, str) or not value or "\0" in value:
        raise ValueError
    return Path(value)
