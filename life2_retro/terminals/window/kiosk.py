"""An unattended terminal: what visitors can press, and the operator's way out.

At a museum anyone can touch the keyboard. Only typing works: a response, or
any typing key to wake the exhibit from attract mode. Esc, Alt-F4, function
keys and mouse clicks do nothing. The operator leaves
with a chord of at least two modifiers and a key, which nobody presses by
accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MODIFIERS = ("ctrl", "alt", "shift", "meta")
KEYS = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    *(f"f{n}" for n in range(1, 13)),
    "end",
    "home",
    "delete",
    "insert",
    "backspace",
)
"""Keys a chord may end with, by pygame's own names for them."""


@dataclass(frozen=True)
class KeyChord:
    key: str
    """pygame's name for the key: "q", "f12", "end"."""
    modifiers: frozenset[str]

    @classmethod
    def parse(cls, text: str) -> KeyChord:
        """`ctrl+alt+shift+q`: modifiers, then one key; ValueError saying what is allowed."""
        parts = [part.strip().lower() for part in text.split("+")]
        *modifiers, key = parts
        unknown = [m for m in modifiers if m not in MODIFIERS]
        if unknown or not key or key in MODIFIERS:
            raise ValueError(
                f"{text!r} is not a key chord: write modifiers ({', '.join(MODIFIERS)}) and one key, "
                "joined by '+', e.g. 'ctrl+alt+shift+q'"
            )
        if key not in KEYS:
            raise ValueError(
                f"{text!r} ends with {key!r}: the key is a letter, a digit, f1 to f12, "
                "end, home, delete, insert or backspace"
            )
        if len(set(modifiers)) < 2:
            raise ValueError(f"{text!r} has fewer than two modifiers: a visitor could press it by chance")
        return cls(key, frozenset(modifiers))

    def matches(self, event: Any, pygame: Any) -> bool:
        """Is this KEYDOWN the chord? Lock keys (Caps, Num) do not matter; other modifiers do."""
        if pygame.key.name(event.key).lower() != self.key:
            return False
        masks = {
            "ctrl": pygame.KMOD_CTRL,
            "alt": pygame.KMOD_ALT,
            "shift": pygame.KMOD_SHIFT,
            "meta": pygame.KMOD_META | pygame.KMOD_GUI,
        }
        return all(bool(event.mod & mask) == (name in self.modifiers) for name, mask in masks.items())


def is_typing(event: Any, pygame: Any) -> bool:
    """Does this KEYDOWN type something: a character, Space, Return or Backspace, with no Ctrl,
    Alt or logo key held? Only such a key wakes an exhibit; Esc, F1-F12 and Alt-F4 wake nobody."""
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI):
        return False
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE):
        return True
    text = getattr(event, "unicode", "")
    return len(text) == 1 and " " <= text <= "~"
