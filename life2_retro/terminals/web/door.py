"""A network seat's door: nothing of the game before the seat's code, and one holder at a time.

This is the door as the web seat needs it: a code (given, or a short one
made here, easy to read out), a few tries a connection, a wait per address
that grows with each wrong code (so a script cannot guess a code in the time
of a game), and the seat held by one page at a time. It is written against
no transport: the server asks it, and does what it says.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

TRIES_PER_CONNECTION = 3
"""Wrong codes a page may send before it is closed."""
FIRST_WAIT = 0.5
"""Seconds an address waits after its first wrong code; each further one doubles it."""
LONGEST_WAIT = 60.0
ADDRESSES_KEPT = 4096
"""Addresses whose wrong codes are remembered at most: a flood from many cannot grow the table."""
CODE_DIGITS = 4


def new_code() -> str:
    """Four digits: easy to read out over a phone and to type, and 10,000 of them with the tries
    limited as above take a guesser longer than a game lasts (a wait of a minute after eight)."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def seat_code(given: str | None, bind: str) -> str | None:
    """The code a seat asks for: the one given, a new one, or None for `none` (loopback only)."""
    if given is None or given == "":
        return new_code()
    if given.lower() == "none":
        if not is_loopback(bind):
            raise ValueError(f"code=none offers the seat to anyone who reaches {bind}: give a code")
        return None
    if not (given.isascii() and given.isalnum() and len(given) <= 32):
        raise ValueError(f"code {given!r}: letters and digits, 32 at most")
    return given


@dataclass
class _Misses:
    count: int = 0
    until: float = 0.0


class Door:
    """The codes that open seats, and the addresses that got them wrong."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._misses: dict[str, _Misses] = {}

    def wait_for(self, address: str) -> float:
        """Seconds before `address` may try a code again (0: now)."""
        misses = self._misses.get(address)
        return 0.0 if misses is None else max(0.0, misses.until - self.clock())

    def opens(self, code: str | None, given: str, address: str) -> bool:
        """Whether `given` is the seat's `code` (None: the seat has none); a wrong one makes the
        address wait longer before its next try."""
        if code is None or hmac.compare_digest(code.upper().encode(), given.strip().upper().encode()):
            self._misses.pop(address, None)
            return True
        if address not in self._misses and len(self._misses) >= ADDRESSES_KEPT:
            self._misses.pop(next(iter(self._misses)))  # the oldest goes: the table stays bounded
        misses = self._misses.setdefault(address, _Misses())
        misses.count += 1
        misses.until = self.clock() + min(LONGEST_WAIT, FIRST_WAIT * 2 ** (misses.count - 1))
        return False
