"""A window terminal's picture effects: on/off switches, each declared once as a field.

A terminal subclasses EffectSet with one boolean field per effect. From that
one list come the command line's `--no-NAME` flags, the exhibit config's
`effects = [...]` and the keys that toggle them while playing (`switches`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Self

from ..options import Switches


@dataclass
class EffectSet:
    """Every field is a bool: is that effect on."""

    @classmethod
    def all_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def only(cls, names: frozenset[str]) -> Self:
        """These effects on, the others off."""
        return cls(**{name: name in names for name in cls.all_names()})

    def names(self) -> list[str]:
        """The effects that are on, in declaration order."""
        return [name for name in self.all_names() if getattr(self, name)]

    def toggle(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))

    def keep_only(self, names: frozenset[str]) -> None:
        """These effects on, the others off, in this same set (the view holds it too)."""
        for name in self.all_names():
            setattr(self, name, name in names)


def switches(effects: type[EffectSet]) -> Switches:
    """The option that carries a terminal's effects: a `--no-NAME` flag each, a list in the config."""
    return Switches("effects", effects.all_names(), "turn the {} off", make=effects.only)


def function_key(pygame: Any, key: int) -> int | None:
    """2 for F2, 12 for F12; None for any other key."""
    return key - pygame.K_F1 + 1 if pygame.K_F1 <= key <= pygame.K_F15 else None
