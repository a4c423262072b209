"""Where Cell Life (Larson, 2008) does not do what its own text, the seed's rules or plain sense say.

Each is a named switch, on by default so that the program behaves as its
reference build does. `basic_reference/cell-life-bugs.md` gives, for each, what
the program does, what it should do, and our fix.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bugs import Bug, resolve

RETRY_LOOPS = "retry-loops"
TWO_GETCHARS = "two-getchars"
COMPUTER_FIRST_MOVE = "computer-first-move"
SETUP_SEARCH = "setup-search"
LARGE_BOARD_OVERFLOW = "large-board-overflow"
HYBRID_TAKEOVER = "hybrid-takeover"
TENS_LINE = "tens-line"
ABSENT_PLAYERS = "absent-players"
FINAL_NEWLINE = "final-newline"
LAST_GETCHAR = "last-getchar"

BUGS: dict[str, Bug] = {
    bug.name: bug
    for bug in (
        Bug(
            RETRY_LOOPS,
            "A letter, or the end of input, where a number is asked for makes scanf fail again and again "
            "without reading anything, and the retry message is printed for ever; the fix asks again "
            "for a whole new line.",
            (),
        ),
        Bug(
            TWO_GETCHARS,
            "'Press ENTER' reads two characters: after a move it takes the newline left over and one more, "
            "and in a game of computers it waits for two ENTERs; the fix waits for one line.",
            (),
        ),
        Bug(
            COMPUTER_FIRST_MOVE,
            "A computer's first piece goes at rand() % (width - 1) + 1 for both coordinates: never in the "
            "last column, on the large board past the last row, and onto another player's piece, which "
            "it replaces; the fix takes a free square of the board.",
            (),
        ),
        Bug(
            SETUP_SEARCH,
            "For its second and third pieces a computer looks for its own piece in columns and rows 0 to "
            "width - 1 only; when it finds none it builds on an uninitialised position (the reference build "
            "crashes), and when its piece has no free neighbour it loops for ever; the fix searches the "
            "whole board and falls back to a free square.",
            (),
        ),
        Bug(
            LARGE_BOARD_OVERFLOW,
            "The large game (25x18) loops past the board's 26x19 array, so its writes land in the neighbour "
            "offsets, the populations and the survival tables (players 1 and 2 are counted dead after every "
            "generation), and the computer's search copies the board with its indices swapped; the fix "
            "gives the board room for its border and copies it whole.",
            (),
        ),
        Bug(
            HYBRID_TAKEOVER,
            "winner() never returns 5, so 'Hybred takeover!' is never printed: a board left to hybrids "
            "is called a total extinction.",
            (),
        ),
        Bug(
            TENS_LINE,
            "The tens digits over and under the columns are one column off: column 10 has none and column "
            "20 shows a 1.",
            (),
        ),
        Bug(
            ABSENT_PLAYERS,
            "The board's key calls players who are not in the game DEAD.",
            (),
        ),
        Bug(
            FINAL_NEWLINE,
            "The last line, the winner or the extinction, has no newline, so the next prompt joins it.",
            (),
        ),
        Bug(
            LAST_GETCHAR,
            "After the result, main() waits for one more key with no word saying so: at a console the game "
            "seems to hang; the fix ends the program when the game is decided.",
            (),
        ),
    )
}

BUG_NAMES = tuple(BUGS)


def resolve_bugs(fixed: bool, switches: Iterable[tuple[bool, str]] = ()) -> frozenset[str]:
    return resolve(BUGS, fixed, switches)
