"""A seat's code: made to be read out and typed, checked in constant time, and guessed slowly.

A made code is six digits, shown in two groups of three (`482 915`): digits
are on every keyboard, a Teletype's included, and read out alike in any
language. What is typed is compared without its spaces and dashes and without
regard to case. Each wrong code makes the next try from the same address wait
twice as long as the last (half a second, then 1, 2, 4 ... at most 5 minutes),
so a script at one address tries some 20 codes in the first hour of a game
out of a million. An IPv6 address counts by its /64, the block one machine is
usually given.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections import OrderedDict

CODE_DIGITS = 6
FIRST_WAIT = 0.5
"""Seconds the first wrong code from an address makes its next try wait; each one after doubles it."""
LONGEST_WAIT = 300.0
REMEMBERED = 256
"""Addresses whose wrong codes are kept at most (the oldest forgotten first)."""
LONGEST_CODE = 32
"""Characters a code set with `code=` may hold."""


def make_code() -> str:
    digits = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))
    return f"{digits[:3]} {digits[3:]}"


def code_setting(text: str) -> str:
    """A code as `code=` writes it: letters, digits, spaces and dashes, up to 32 (`none` for no code);
    ValueError otherwise."""
    written = text.strip()
    if not written or len(written) > LONGEST_CODE or not written.isascii():
        raise ValueError(text)
    if not all(char.isalnum() or char in " -" for char in written) or not _bare(written):
        raise ValueError(text)
    return written


def _bare(code: str) -> bytes:
    return code.upper().replace(" ", "").replace("-", "").encode("ascii", "replace")


def matches(typed: bytes, code: str) -> bool:
    """Whether a typed line is the code (spaces, dashes and case aside), in time that does not say how
    much of it was right."""
    return hmac.compare_digest(typed.upper().replace(b" ", b"").replace(b"-", b""), _bare(code))


def block_of(host: str) -> str:
    """What a wrong code is counted against: the address, or an IPv6 address's /64."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return host


class Penalties:
    """The wait each address has earned with wrong codes."""

    def __init__(self, first: float = FIRST_WAIT, longest: float = LONGEST_WAIT) -> None:
        self.first = first
        self.longest = longest
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()
        """Block -> (wrong codes so far, the time before which it is not asked again)."""

    def left(self, host: str, now: float) -> float:
        """Seconds before a connection from `host` may be asked for the code."""
        _, until = self._wrong.get(block_of(host), (0, 0.0))
        return max(0.0, until - now)

    def wrong(self, host: str, now: float) -> float:
        """A wrong code from `host`: the wait it earns, in seconds."""
        block = block_of(host)
        count, _ = self._wrong.pop(block, (0, 0.0))
        wait = min(self.longest, self.first * 2.0**count)
        self._wrong[block] = (count + 1, now + wait)
        while len(self._wrong) > REMEMBERED:
            self._wrong.popitem(last=False)
        return wait

    def right(self, host: str) -> None:
        self._wrong.pop(block_of(host), None)
