"""Keeping what a terminal that lost its line needs to be shown again.

A terminal knows nothing of the rules, so it cannot tell a board from a
message. The program can: it marks where a full picture of the game begins
(LIFE2 marks the board), and the driver passes the mark on. A terminal that
may lose its line keeps the output since the last mark, and after the line
comes back it prints that again: the board, then the prompt now waiting.
"""

from __future__ import annotations

from .base import Terminal

REDISPLAY_LIMIT = 2000
"""Bytes kept at most (cut at a line end): at 10 characters a second, over three minutes of paper."""


class RedisplayingTerminal(Terminal):
    def __init__(self) -> None:
        self._since_mark = bytearray()

    def redisplay_from_here(self) -> None:
        self._since_mark.clear()

    def remember(self, data: bytes) -> None:
        kept = self._since_mark
        kept += data
        if len(kept) > REDISPLAY_LIMIT:
            cut = kept.find(b"\n", len(kept) - REDISPLAY_LIMIT)
            del kept[: cut + 1 if cut >= 0 else len(kept) - REDISPLAY_LIMIT]

    def redisplay(self) -> bytes:
        """The output since the last mark, up to and including what is waiting now."""
        return bytes(self._since_mark)
