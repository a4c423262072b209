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

from ..options import Option

PARITIES = {"none": "N", "even": "E", "odd": "O", "mark": "M", "space": "S"}
FLOWS = ("none", "xonxoff", "rtscts")
BYTESIZES = (5, 6, 7, 8)
STOPBITS = (1, 1.5, 2)

PORT = Option(
    "port",
    "a serial device (/dev/ttyUSB0) or any pyserial URL: loop://, socket://HOST:PORT, rfc2217://HOST:PORT",
    required=True,
    allows="a serial device or a pyserial URL, as a string",
    metavar="PORT",
    written='"/dev/ttyUSB0"',
)
BAUD = Option(
    "baud",
    "any rate the port can do (default 110)",
    default=110,
    kind=int,
    low=50,
    high=4_000_000,
    metavar="N",
)
BYTESIZE = Option("bytesize", "data bits (default 7)", default=7, kind=int, choices=BYTESIZES)
PARITY = Option("parity", "parity bit (default even)", default="even", choices=tuple(PARITIES))
STOPBITS_OPTION = Option("stopbits", "stop bits (default 2)", default=2, kind=float, choices=STOPBITS)
FLOW = Option("flow", "flow control (default none)", default="none", choices=FLOWS)
LINE_OPTIONS = (PORT, BAUD, BYTESIZE, PARITY, STOPBITS_OPTION, FLOW)
"""A serial line: the port, and a Model 33's settings by default (110 7E2)."""


@dataclass(frozen=True)
class LineSettings:
    baud: int = BAUD.default
    bytesize: int = BYTESIZE.default
    parity: str = PARITY.default
    stopbits: float = STOPBITS_OPTION.default
    flow: str = FLOW.default

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
