"""A C program's global variables as one piece of memory, laid out as its reference build lays them out.

An index past the end of one array lands in the next variable in memory, and a
faithful edition must land there too. So the globals live in one list of
32-bit words at their offsets in the reference build, and every access goes
through the word index C would compute. An access outside the modelled region
would touch memory whose contents are not the program's (a code pointer, the C
library's data): it raises `Unreproducible` naming the access, and the program
stops there with a notice, rather than guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

_MASK = 0xFFFFFFFF


class Unreproducible(Exception):
    """The reference build does something here that life2 cannot reproduce; the message says what."""


@dataclass(frozen=True)
class Global:
    """One global variable: where it starts, from the start of the modelled region, and its size."""

    offset: int
    size: int


@dataclass(frozen=True)
class Layout:
    """The modelled region of a build: its globals by name, and its size in bytes."""

    globals: Mapping[str, Global]
    size: int
    source: str
    """Where the layout was read: the build and the command."""

    def word(self, name: str) -> int:
        """The word index where a global starts (globals of int arrays are 4-byte aligned)."""
        offset = self.globals[name].offset
        if offset % 4:
            raise ValueError(f"{name} is not word aligned")
        return offset // 4


class Memory:
    """The modelled region as 32-bit signed words, with byte reads for char arrays."""

    def __init__(self, layout: Layout, data: Mapping[str, bytes] = {}) -> None:  # noqa: B006 - read only
        self.layout = layout
        self.words = [0] * (layout.size // 4)
        for name, raw in data.items():
            start = layout.globals[name].offset
            for i, byte in enumerate(raw):
                self.store_byte(start + i, byte)

    def check(self, word: int, what: str) -> int:
        """`word` if it lies in the region, else Unreproducible naming `what`."""
        if not 0 <= word < len(self.words):
            where = f"{-4 * word} bytes before" if word < 0 else f"{4 * (word - len(self.words))} bytes past"
            raise Unreproducible(
                f"{what} falls {where} the program's globals, where the reference build reads or writes "
                "memory that is not the program's (in every case measured it crashes there)"
            )
        return word

    def load(self, word: int, what: str) -> int:
        return self.words[self.check(word, what)]

    def store(self, word: int, value: int, what: str) -> None:
        if not -(2**31) <= value < 2**31:  # an int overflows as two's complement does on x86-64
            value &= _MASK
            value -= (value >> 31) << 32
        self.words[self.check(word, what)] = value

    def load_byte(self, offset: int, what: str) -> int:
        word = self.check(offset // 4 if offset >= 0 else -1, what)
        return (self.words[word] & _MASK) >> (8 * (offset % 4)) & 0xFF

    def store_byte(self, offset: int, value: int) -> None:
        word = self.check(offset // 4 if offset >= 0 else -1, "a byte")
        shift = 8 * (offset % 4)
        unsigned = (self.words[word] & _MASK & ~(0xFF << shift)) | ((value & 0xFF) << shift)
        self.words[word] = unsigned - ((unsigned >> 31) << 32)
