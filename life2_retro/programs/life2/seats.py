"""Whose turn each of LIFE2's prompts is, for a game with a seat a player (`--seat`).

Every prompt of the listing asks for one player's square, and the program names
the player first: `PLAYER 1  - 3 LIVE PIECES.` heads the setup's three prompts
(line 520), `PLAYER 2 ` each move (line 570). A refused square (`ILLEGAL
COORDS. RETYPE`, `?REDO FROM START`) is asked again of the same player.
"""

from __future__ import annotations

from ...events import PromptTurns

SEATS = 2


def turns() -> PromptTurns:
    return PromptTurns(rb"PLAYER *(\d)")
