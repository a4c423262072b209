"""Finding an original program on this machine and proving it is the right one.

The originals are reference data: never part of the project. Users fetch them
from their public source; tools find each by an explicit path, its environment
variable, or a `shared/reference/` folder beside the checkout (or beside the
current folder), and check it by its SHA-256.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path


class ReferenceError(Exception):
    """The file is missing, unreadable, or not the original; the message says how to get it."""


@dataclass(frozen=True)
class ReferenceFile:
    name: str
    sha256: str
    env_var: str
    what: str
    """What it is, as messages name it: "the 1978 LIFE2 listing"."""
    how_to_get: str
    """The lines that tell a user where to fetch it and how to point life2 at it."""
    binary: bool = False
    """Checked as its bytes are (a ROM image), not as text whose line endings may differ."""

    def candidate_paths(self, explicit: str | os.PathLike[str] | None = None) -> list[Path]:
        """Where to look, in order: the option, the variable, then ../shared/reference/."""
        if explicit:
            return [Path(explicit)]
        if os.environ.get(self.env_var):
            return [Path(os.environ[self.env_var])]
        checkout = Path(__file__).resolve().parents[2]
        places = [checkout.parent / "shared" / "reference", Path.cwd().parent / "shared" / "reference"]
        return [place / self.name for place in dict.fromkeys(places)]

    def load(self, explicit: str | os.PathLike[str] | None = None) -> bytes:
        """The verified text (LF line endings), or ReferenceError saying how to get it."""
        paths = self.candidate_paths(explicit)
        for path in paths:
            if path.is_file():
                try:
                    raw = path.read_bytes()
                    text = raw if self.binary else normalise(raw)
                except OSError as exc:
                    raise ReferenceError(f"{path} cannot be read: {exc}\n\n{self.how_to_get}") from exc
                digest = hashlib.sha256(text).hexdigest()
                if digest != self.sha256:
                    raise ReferenceError(
                        f"{path} is not {self.what}: its SHA-256 is {digest}, "
                        f"expected {self.sha256}.\n\n{self.how_to_get}"
                    )
                return text
        looked = "\n".join(f"    {p}" for p in paths)
        raise ReferenceError(
            f"{self.what[0].upper() + self.what[1:]} was not found. Looked at:\n{looked}\n\n{self.how_to_get}"
        )


def normalise(raw: bytes) -> bytes:
    """LF line endings and one final newline, so a CRLF copy hashes like the original."""
    text = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return text.rstrip(b"\n") + b"\n"
