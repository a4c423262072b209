"""Our own line-by-line annotations of LIFE2, for the live listing panel.

The panel shows the 1978 listing beside the paper, with the executing line
highlighted. The listing is reference data that the project never holds (see
`reference.listing`), so a museum without a copy of it would have nothing
to show. These annotations stand in for it: one short description per line
number, in our own words, of what that line does in the game, not how the BASIC
says it. Each fits the panel's width (`WIDTH`).

The numbers are those of `Life2Program.lines`, with every bug switch on (the
listing's own lines) and with every switch off (which adds our patch lines 543,
721 and 800; see `life2_retro.programs.bugs`). Where a fix replaces a line, its
annotation describes what both versions have in common.
"""

from __future__ import annotations

from collections.abc import Iterable

WIDTH = 44
"""The most characters an annotation or a heading may have: the panel's width."""

HEADING = 0
"""The line number given to a section heading's row in `annotated_listing`; BASIC lines start at 1."""

SECTIONS: dict[int, str] = {
    2: "TITLE AND TABLES",
    50: "COUNTING NEIGHBOURS",
    90: "PRINTING THE BOARD",
    200: "COUNTING: ONE PIECE MARKS ITS NEIGHBOURS",
    300: "THE SURVIVAL TABLE LOOKUP",
    500: "SETUP",
    559: "GENERATIONS AND TURNS",
    700: "ASKING FOR A SQUARE",
    800: "THE END OF THE PROGRAM",
}
"""Headings for the blocks of lines, keyed by the first line of each block.

A block runs up to the next heading's line. Line 800 exists only when the
`missing-line-800` fix is on; without it the last block holds line 999 alone.
"""

ANNOTATIONS: dict[int, str] = {
    # title and tables
    2: "TITLE: THE GAME'S NAME, CENTRED",
    4: "TITLE: THE PUBLISHER'S CREDIT LINE",
    6: "TITLE: THREE BLANK LINES BELOW IT",
    7: "MAKE ROOM: BOARD, TABLES, PLAYERS' MOVES",
    8: "TABLE: CODES THAT GIVE A * NEXT ROUND",
    9: "TABLE: CODES THAT GIVE A # NEXT ROUND",
    10: "LOAD THE 18 CODES THAT MEAN ALIVE NEXT",
    13: "TABLE: THE EIGHT NEIGHBOUR DIRECTIONS",
    14: "LOAD THE EIGHT NEIGHBOUR DIRECTIONS",
    20: "SKIP AHEAD TO START A NEW GAME",
    # counting neighbours
    50: "COUNT: VISIT EVERY ROW OF THE BOARD",
    51: "COUNT: ...AND EVERY SQUARE IN THAT ROW",
    55: "COUNT: A PIECE HERE TELLS ITS NEIGHBOURS",
    60: "COUNT: ON TO THE NEXT SQUARE",
    65: "COUNT: NEXT ROW; AFTER THE LAST, PRINT",
    # printing the board
    90: "BOARD: BOTH PIECE TALLIES START AT ZERO",
    99: "BOARD: A FRESH PRINTED LINE FOR EACH ROW",
    100: "BOARD: WALK ACROSS THE ROW, EDGE TO EDGE",
    101: "BOARD: INNER ROWS SKIP THE NUMBER STRIP",
    102: "BOARD: TOP/BOTTOM STRIP ENDS WITH A ZERO",
    103: "BOARD: COLUMN NUMBER ALONG TOP/BOTTOM",
    105: "BOARD: A PLAYED SQUARE GOES TO BE DECIDED",
    106: "BOARD: NEVER RUNS (ROW 6 LEFT AT 102)",
    107: "BOARD: ROW NUMBER IN EACH SIDE MARGIN",
    110: "BOARD: DECIDE THIS SQUARE AND SHOW IT",
    120: "BOARD: NEXT SQUARE ALONG THE ROW",
    125: "BOARD: NEXT ROW DOWN",
    126: "BOARD: PRINTED; BACK TO WHOEVER ASKED",
    # one piece marks its neighbours
    200: "NEIGHBOURS: A * GIVES 1 EACH, A # GIVES 10",
    220: "NEIGHBOURS: TRY EACH OF 8 DIRECTIONS",
    230: "NEIGHBOURS: ADD THE OWNER'S MARK THERE",
    231: "NEIGHBOURS: ON TO THE NEXT DIRECTION",
    239: "NEIGHBOURS: BACK TO THE COUNTING PASS",
    # the survival table lookup
    300: "FATE: TOO FEW NEIGHBOURS, SQUARE EMPTIES",
    305: "FATE: SEARCH THE 18 ALIVE-NEXT CODES",
    310: "FATE: A MATCH MEANS A PIECE IS HERE NEXT",
    315: "FATE: TRY THE NEXT CODE",
    320: "FATE: NO MATCH, THE SQUARE EMPTIES",
    350: "FATE: THE TABLE'S SECOND HALF IS FOR #",
    351: "FATE: A * IS HERE; TALLY IT AND SHOW IT",
    355: "FATE: SQUARE DECIDED, BACK TO THE BOARD",
    360: "FATE: A # IS HERE; TALLY IT AND SHOW IT",
    365: "FATE: DECIDED, BACK TO THE BOARD PRINT",
    399: "FATE: NOBODY HERE; CLEAR IT, SHOW EMPTY",
    # setup
    500: "SETUP: THE GAME'S OWN HEADING",
    505: "SETUP: NO PIECES TALLIED YET",
    510: "SETUP: GO DOWN THE ROWS TO CLEAR THEM",
    511: "SETUP: ...AND ACROSS EACH ROW",
    515: "SETUP: EMPTY THIS SQUARE",
    516: "SETUP: NEXT SQUARE",
    517: "SETUP: NEXT ROW",
    519: "SETUP: EACH PLAYER, WITH A HIDDEN MARK",
    520: "SETUP: TELL THE PLAYER TO PLACE THREE",
    535: "SETUP: ASK THREE TIMES FOR A SQUARE",
    540: "SETUP: MARK THE SQUARE, THEN THE NEXT ONE",
    542: "SETUP: NOW THE OTHER PLAYER",
    543: "SETUP OVER: ANY PIECE NOW FILLS A SQUARE",
    # generations and turns
    559: "FIRST BOARD: HIDDEN MARKS BECOME PIECES",
    560: "GENERATION: COUNT, DECIDE, PRINT BOARD",
    570: "END CHECK: BOARD BARE? THEN A DRAW",
    571: "END CHECK: NO # LEFT, PLAYER 1 WINS",
    572: "END CHECK: NO * LEFT, PLAYER 2 WINS",
    573: "BOTH STILL ON THE BOARD: PLAY A TURN",
    574: "DECLARE A DRAW, JUMP TO THE END",
    575: "DECLARE THE WINNER, JUMP TO THE END",
    580: "TURN: EACH PLAYER NAMES ONE SQUARE",
    581: "TURN: A CLASH VOIDS IT; NEXT GENERATION",
    582: "TURN: NOW THE OTHER PLAYER",
    586: "TURN: PUT BOTH NEW PIECES ON THE BOARD",
    596: "TURN: ON TO THE NEXT GENERATION",
    # asking for a square
    700: "ASK: PROMPT, THEN A MASK TO HIDE THE REPLY",
    701: "ASK: READ THE COLUMN, THEN THE ROW",
    705: "ASK: IS THE ROW ON THE BOARD?",
    706: "ASK: ROW OFF THE BOARD, REFUSE IT",
    708: "ASK: IS THE COLUMN ON THE BOARD?",
    710: "ASK: COLUMN OFF THE BOARD, REFUSE IT",
    715: "ASK: REFUSE A SQUARE ALREADY TAKEN",
    720: "ASK: PLAYER 1 NEEDS NO MORE CHECKS",
    721: "ASK: IN THE SETUP, NOR DOES PLAYER 2",
    725: "ASK: DID BOTH NAME THE SAME SQUARE?",
    730: "ASK: TWO DIFFERENT SQUARES, ALL WELL",
    740: "CLASH: SAY NEITHER PIECE WILL BE PLACED",
    741: "CLASH: EMPTY A SQUARE, VOID THE TURN",
    750: "REFUSE THE SQUARE AND ASK AGAIN",
    # the end of the program
    800: "STOP: WHERE THE WINNER/DRAW LINES JUMP",
    999: "STOP: THE LAST LINE, NEVER REACHED",
}
"""What each line does in the game, keyed by line number."""


def section_of(line: int) -> int:
    """The key in SECTIONS of the block that holds `line`."""
    return max(first for first in SECTIONS if first <= line)


def annotated_listing(lines: Iterable[int] | None = None) -> list[tuple[int, str]]:
    """The panel's rows in line order: (line number, annotation), with section headings.

    A heading is a row numbered `HEADING` (0), placed just before the first line
    of its block. `lines` chooses the lines to show, such as the keys of a
    program's line table so that a faithful run does not list the patch lines;
    by default every annotated line is shown. A heading whose block has none of
    the chosen lines is left out.
    """
    chosen = sorted(set(ANNOTATIONS if lines is None else lines))
    rows: list[tuple[int, str]] = []
    current: int | None = None
    for line in chosen:
        section = section_of(line)
        if section != current:
            rows.append((HEADING, SECTIONS[section]))
            current = section
        rows.append((line, ANNOTATIONS[line]))
    return rows


CELL_LIFE_FUNCTIONS: tuple[tuple[str, str], ...] = (
    ("main", "MAIN: THE RULES, THE TABLES, A GAME"),
    ("intro", "INTRO: PRINT THE RULES OF THE GAME"),
    ("init", "INIT: SEED RAND() WITH THE CLOCK"),
    ("init", "INIT: BUILD THE SURVIVAL AND BIRTH CODES"),
    ("play", "PLAY: ASK WHO PLAYS, ON WHICH BOARD"),
    ("getint", "GETINT: READ A NUMBER, ASK AGAIN IF BAD"),
    ("print_bd", "PRINT_BD: THE BOARD, ITS NUMBERS, THE KEY"),
    ("getxy", "GETXY: READ A SQUARE AS X,Y"),
    ("compyturn", "COMPYTURN: THE COMPUTER CHOOSES A SQUARE"),
    ("generation", "GENERATION: COUNT NEIGHBOURS, DECIDE FATES"),
)
"""Our own words for each function of Cell Life the trace names, in the order a game meets them
(the C program is reference data, never shown). `init` has two rows: the second is its larger part."""


def cell_life_rows() -> tuple[list[tuple[int, str]], dict[str, int]]:
    """The panel's rows for Cell Life, and the row each traced function highlights."""
    rows = [(HEADING, "CELL LIFE (LARSON, 2008), FUNCTION BY FUNCTION")]
    where: dict[str, int] = {}
    for number, (function, text) in enumerate(CELL_LIFE_FUNCTIONS, start=1):
        rows.append((number, text))
        where.setdefault(function, number)
    return rows, where
