"""A serial line's settings, with a Model 33's as the defaults.

A Model 33 sends 11 units a character at 110 baud: one start bit, seven data
bits, even parity and two stop bits (Teletype Bulletin 310B), so exactly ten
characters a second. Other terminals on a serial line want other settings;
every one pyserial can set is allowed, and a wrong one is refused with the
option's name and what it takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PARITIES = {"none": "N", "even": "E", "odd": "O", "mark": "M", "space": "S"}
FLOWS = ("none", "xonxoff", "rtscts")
BYTESIZES = (5, 6, 7, 8)
STOPBITS = (1, 1.5, 2)
FILL_AFTER_CR = 2
FILL_AFTER_LF = 1
"""NULs after CR and after LF by default: time for a Model 33's carriage to return and its paper to feed."""


@dataclass(frozen=True)
class LineSettings:
    baud: int = 110
    bytesize: int = 7
    parity: str = "even"
    stopbits: float = 2
    flow: str = "none"

    def __post_init__(self) -> None:
        if not isinstance(self.baud, int) or self.baud < 1:
            raise ValueError(f"--baud must be a whole number of bits a second, 1 or more, not {self.baud!r}")
        if self.bytesize not in BYTESIZES:
            raise ValueError(f"--bytesize takes {', '.join(map(str, BYTESIZES))}, not {self.bytesize!r}")
        if self.parity not in PARITIES:
            raise ValueError(f"--parity takes {', '.join(PARITIES)}, not {self.parity!r}")
        if self.stopbits not in STOPBITS:
            raise ValueError(f"--stopbits takes 1, 1.5 or 2, not {self.stopbits!r}")
        if self.flow not in FLOWS:
            raise ValueError(f"--flow takes {', '.join(FLOWS)}, not {self.flow!r}")

    @property
    def bits_per_character(self) -> float:
        """Units on the line for one character: start, data, parity and stop bits."""
        return 1 + self.bytesize + (self.parity != "none") + self.stopbits

    @property
    def characters_per_second(self) -> float:
        return self.baud / self.bits_per_character

    def pyserial(self) -> dict[str, Any]:
        """The keyword arguments pyserial's port attributes take."""
        return {
            "baudrate": self.baud,
            "bytesize": self.bytesize,
            "parity": PARITIES[self.parity],
            "stopbits": self.stopbits,
            "xonxoff": self.flow == "xonxoff",
            "rtscts": self.flow == "rtscts",
        }

    def describe(self) -> str:
        """As people write it: 110 7E2."""
        stop = f"{self.stopbits:g}"
        return f"{self.baud} {self.bytesize}{PARITIES[self.parity]}{stop}"
