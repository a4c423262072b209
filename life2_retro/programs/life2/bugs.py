"""The places where the 1978 listing does not do what its instructions say.

Each is a named switch, on by default so that the program behaves as printed.
Turning one off runs our replacement lines instead, the same lines that
`basic_reference/patches/<name>.bas` merges over the listing for the oracle.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bugs import Bug, resolve

ILLEGAL_COORDS = "illegal-coords"
SAME_COORD_DIAGONAL = "same-coord-diagonal"
FRACTIONAL_COORDS = "fractional-coords"
BLANK_EMPTY_SQUARES = "blank-empty-squares"
MISSING_LINE_800 = "missing-line-800"
ANSWERS_THAT_STOP = "answers-that-stop"

BUGS: dict[str, Bug] = {
    bug.name: bug
    for bug in (
        Bug(
            ILLEGAL_COORDS,
            "In the setup, player 2 is told ILLEGAL COORDS for player 1's squares and so learns where "
            "they are; the instructions keep both players' choices hidden and leave a square both chose "
            "empty.",
            (540, 543, 715, 721),
        ),
        Bug(
            SAME_COORD_DIAGONAL,
            "When both players name one square in a turn, line 741 empties the square one down and one to "
            "the right of it, killing any piece there; the instructions only leave the named square empty.",
            (741,),
        ),
        Bug(
            FRACTIONAL_COORDS,
            "A fractional coordinate such as 2.5 or 0.3 is accepted: it lands on the rounded (or truncated) "
            "square, on the hidden border when it comes to 0, and two fractions for one square are not seen "
            "as the same square; the instructions ask for whole coordinates 1 to 5.",
            (705, 708),
        ),
        Bug(
            BLANK_EMPTY_SQUARES,
            "Empty squares are printed as blanks; the player instructions show them as '.'.",
            (399,),
        ),
        Bug(
            MISSING_LINE_800,
            "The game ends with GOTO 800, and there is no line 800: the BASIC stops with an undefined-line "
            "error instead of ending cleanly.",
            (800,),
        ),
        Bug(
            ANSWERS_THAT_STOP,
            "In the 1978 BASIC a stray Return at a prompt stops the program (OK), and so does a number too "
            "big for it (?OV ERROR IN 701): the game is lost to a slip of the finger. The fix answers "
            "?REDO FROM START and asks again. It is the BASIC's INPUT, not a line of the listing, so it has "
            "no patch lines; GW-BASIC asks again by itself.",
            (),
        ),
    )
}

BUG_NAMES = tuple(BUGS)


def resolve_bugs(fixed: bool, switches: Iterable[tuple[bool, str]] = ()) -> frozenset[str]:
    """LIFE2's switches that are on: all (none with --fixed), then each (on, name) in order."""
    return resolve(BUGS, fixed, switches)
