"""The 1978 listing: where to get it, how it is checked, and its numbered lines.

The listing is reference data: it is never part of the project. Users fetch it
from its public source; tools find it by an explicit path, the LIFE2_LISTING
variable, or a `shared/reference/` folder beside the checkout (files.py).
"""

from __future__ import annotations

import os
from pathlib import Path

from .files import ReferenceError, ReferenceFile, normalise  # noqa: F401 - normalise is part of the face

LISTING_NAME = "lifefortwo-1978.bas"
LISTING_SHA256 = "305484f82f72c02682b633eddf3007e024634e11f7ec91081698ec77cd0d27e1"
ENV_VAR = "LIFE2_LISTING"
PUBLIC_SOURCE = (
    "https://raw.githubusercontent.com/coding-horror/basic-computer-games/"
    "5f664bc71d1527b6a565e803feb5d05f277349e2/56_Life_for_Two/lifefortwo.bas"
)

HOW_TO_GET = f"""\
The 1978 LIFE2 listing is needed here, and it is not part of this project.
Get it from its public source and tell life2 where it is:

    curl -o {LISTING_NAME} {PUBLIC_SOURCE}
    export {ENV_VAR}=$PWD/{LISTING_NAME}      # or pass --listing {LISTING_NAME}

Its SHA-256 (with LF line endings; a CRLF copy is accepted) must be
{LISTING_SHA256}"""


LISTING = ReferenceFile(LISTING_NAME, LISTING_SHA256, ENV_VAR, "the 1978 listing", HOW_TO_GET)
ListingError = ReferenceError
"""The listing is missing or is not the 1978 text."""


def candidate_paths(explicit: str | os.PathLike[str] | None = None) -> list[Path]:
    """Where to look, in order: the option, the variable, then ../shared/reference/."""
    return LISTING.candidate_paths(explicit)


def load_listing(explicit: str | os.PathLike[str] | None = None) -> bytes:
    """The verified listing text (LF endings), or ListingError saying how to get it."""
    return LISTING.load(explicit)


def listing_lines(text: bytes) -> dict[int, bytes]:
    """The numbered lines of a listing, keyed by number."""
    lines: dict[int, bytes] = {}
    for raw in text.splitlines():
        line = raw.strip()
        number = line.split(b" ", 1)[0]
        if number.isdigit():
            lines[int(number)] = line
    return lines
