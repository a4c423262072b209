"""A typed line after a BASIC's line editor: what the BASIC keeps, and what the host echoed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EditedLine:
    buffer: bytes
    """The characters the BASIC keeps, to be scanned for numbers."""
    echo: bytes
    """What the host sent back while the line was typed (hidden by terminals that hide input)."""
