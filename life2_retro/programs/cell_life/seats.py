"""Whose turn each of Cell Life's prompts is, for a game with a seat a player (`--seat`).

A move's prompt names its player (`Generation 0, player 2 (X) <X,Y>: `), and a
refused square (`Invalad location. Retry.`) is asked again of the same one. The
setup's questions (how many players, which of them the computer plays, which
board), `Press ENTER to advance the generation` and the last key after the
result ask no player in particular: the first seat answers them, as whoever
sat at the one keyboard in 2008 did. Up to four players; the computer takes
those the setup gives it, and a human player without a seat of their own plays
at the first seat.
"""

from __future__ import annotations

from ...events import PromptTurns

SEATS = 4


def turns() -> PromptTurns:
    return PromptTurns(
        rb"Generation \d+, player (\d)|How many players\?|\(2\) computer\?|Small or \(2\) large game\?"
        rb"|Press ENTER|Total extinction\.|Hybred takeover!|Player \d wins!"
    )
