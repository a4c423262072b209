"""The exhibit's stands: one for each game a museum can show, by name.

Stands plug in as terminals and programs do: a name maps to the module that
holds the stand, imported when a config names the game. A stand is what
differs from game to game at the exhibit (base.py): how it makes its game
through the program registry and seats the computers and the visitors, the
welcome, the record's fields, the side panel and what it shows, and its own
table of the config, declared once. The runner knows none of it.

Adding a program to the museum is a stand module and a line here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Stand

STANDS: dict[str, str] = {
    "life2": "life2_retro.exhibit.stands.life2",
    "cell-life": "life2_retro.exhibit.stands.cell_life",
    "p2life": "life2_retro.exhibit.stands.p2life",
}
"""Game name (the program registry's) -> the module whose `STAND` is its stand class."""


def stand_names() -> tuple[str, ...]:
    """The games an exhibit can show, in the order the config's documentation gives them."""
    return tuple(STANDS)


def stand_class(name: str) -> type[Stand]:
    """The stand registered under `name`; ValueError naming the others."""
    try:
        module = STANDS[name]
    except KeyError:
        raise ValueError(f"no stand for the game {name!r}: choose from {', '.join(STANDS)}") from None
    stand: type[Stand] = import_module(module).STAND
    return stand
