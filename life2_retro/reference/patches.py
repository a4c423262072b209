"""Our BASIC replacement lines, merged over the listing as typing them into BASIC would.

Each fixed bug has a file `patches/<switch>.bas`. Lines that start with a line
number are BASIC; every other line is a note for people and is ignored. Typing
a numbered line into BASIC replaces the line of that number or adds it, and
that is all a merge does.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

from .listing import listing_lines


def patch_folder() -> Traversable:
    """The top-level `basic_reference/patches/`: in a checkout (an editable install) where it is,
    in a wheel as `basic_patches` beside this module (pyproject.toml maps it there)."""
    installed = resources.files(__package__) / "basic_patches"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "basic_reference" / "patches"


def patch_text(switch: str) -> bytes:
    """The patch file for one bug switch."""
    path = patch_folder() / f"{switch}.bas"
    if not path.is_file():
        raise FileNotFoundError(f"no BASIC patch for bug switch {switch!r}")
    return path.read_bytes()


def patch_lines(switch: str) -> dict[int, bytes]:
    """The numbered lines of a patch."""
    return listing_lines(patch_text(switch))


def merge(listing: bytes, switches_off: Iterable[str]) -> bytes:
    """The listing with the patches of every switched-off bug typed over it."""
    lines = listing_lines(listing)
    for switch in sorted(switches_off):
        lines.update(patch_lines(switch))
    return b"".join(lines[number] + b"\n" for number in sorted(lines))
