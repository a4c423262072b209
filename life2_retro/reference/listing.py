"""Finding the 1978 listing on this machine and proving it is the right one.

The listing is reference data: it is never part of the project. Users fetch it
from its public source; tools find it by an explicit path, the LIFE2_LISTING
variable, or a `shared/reference/` folder beside the checkout.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

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


class ListingError(Exception):
    """The listing is missing or is not the 1978 text."""


def candidate_paths(explicit: str | os.PathLike[str] | None = None) -> list[Path]:
    """Where to look, in order: the option, the variable, then ../shared/reference/."""
    if explicit:
        return [Path(explicit)]
    if os.environ.get(ENV_VAR):
        return [Path(os.environ[ENV_VAR])]
    checkout = Path(__file__).resolve().parents[2]
    places = [checkout.parent / "shared" / "reference", Path.cwd().parent / "shared" / "reference"]
    return [place / LISTING_NAME for place in dict.fromkeys(places)]


def normalise(raw: bytes) -> bytes:
    """LF line endings and one final newline, so a CRLF copy hashes like the original."""
    text = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return text.rstrip(b"\n") + b"\n"


def load_listing(explicit: str | os.PathLike[str] | None = None) -> bytes:
    """The verified listing text (LF endings), or ListingError saying how to get it."""
    paths = candidate_paths(explicit)
    for path in paths:
        if path.is_file():
            try:
                text = normalise(path.read_bytes())
            except OSError as exc:
                raise ListingError(f"{path} cannot be read: {exc}\n\n{HOW_TO_GET}") from exc
            digest = hashlib.sha256(text).hexdigest()
            if digest != LISTING_SHA256:
                raise ListingError(
                    f"{path} is not the 1978 listing: its SHA-256 is {digest}, "
                    f"expected {LISTING_SHA256}.\n\n{HOW_TO_GET}"
                )
            return text
    looked = "\n".join(f"    {p}" for p in paths)
    raise ListingError(f"The listing was not found. Looked at:\n{looked}\n\n{HOW_TO_GET}")


def listing_lines(text: bytes) -> dict[int, bytes]:
    """The numbered lines of a listing, keyed by number."""
    lines: dict[int, bytes] = {}
    for raw in text.splitlines():
        line = raw.strip()
        number = line.split(b" ", 1)[0]
        if number.isdigit():
            lines[int(number)] = line
    return lines
