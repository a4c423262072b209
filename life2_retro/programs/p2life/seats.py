"""Whose turn each of p2life's prompts is, for a game with a seat a player (`--seat`).

The program names the side before its squares: `WHITE (O): PLACE 3 PIECES.`
heads white's setup, `BLACK (#) X,Y` asks black's move. White is player 1 and
black player 2; a refused square is asked again of the same side.
"""

from __future__ import annotations

from ...events import PromptTurns

SEATS = 2


def turns() -> PromptTurns:
    return PromptTurns(rb"(WHITE|BLACK) \(.\)(?:: PLACE| X,Y)", {b"WHITE": 1, b"BLACK": 2})
