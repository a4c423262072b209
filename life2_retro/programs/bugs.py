"""Bug switches: the places where an original program does not do what its instructions say.

Each program names its own (a table of `Bug`). Every switch is on by default, so
that the program behaves as printed; `--fixed` turns them all off, and
`--bug NAME` / `--no-bug NAME` turn one on or off, the last word winning.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Bug:
    name: str
    summary: str
    patch_lines: tuple[int, ...]
    """Lines the fix replaces or adds; the patch file must hold exactly these."""


def resolve(
    bugs: Mapping[str, Bug], fixed: bool, switches: Iterable[tuple[bool, str]] = ()
) -> frozenset[str]:
    """The switches that are on: all (none when `fixed`), then each (on, name) in command-line order."""
    active = set() if fixed else set(bugs)
    for on, name in switches:
        if name not in bugs:
            raise ValueError(f"unknown bug switch {name!r}: choose from {', '.join(bugs)}")
        if on:
            active.add(name)
        else:
            active.discard(name)
    return frozenset(active)
