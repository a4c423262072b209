"""The segments only LIFE2's bug patches make (--fixed), priced from the measured ones they resemble.

The measured table ran the listing as printed: it has no line 543, 721 or 800,
its GOTO 800 ends in ?US ERROR, and its coordinates are never tested for a
fraction. A patch's segment is therefore priced from the measured class that
does the same work, plus or minus what the ROM's source says differs (counted
in basic/m6502.py). These are derivations, not measurements: cycles.md says how
far each can be trusted.
"""

from __future__ import annotations

from ...basic.cycles import ENDED, RETURNED
from ...basic.m6502 import OK, READY, error_message, fin_digits, relation, round_fac
from .cycle_parts import ClassKey

VARIABLE_PLACE = 34
"""PTRGET passing one more simple variable in the table (see cycles.md, line 125)."""

PLACES = {"M": 1, "O1": 2, "M2": 3, "M3": 4, "J": 5, "K": 6, "B": 7, "P1": 8, "K1": 9}
"""The simple variables in the order the listing first uses them (10, 14, 505, 510, 511, 519, 535),
the order PTRGET searches them."""

COLON = 110
"""NEWSTT (L2138-2176) going on after a colon to a LET: ISCNTC's call, OLDTXT kept, the ':' seen,
GONE's CHRGET and dispatch (GONE3 to LET)."""
LINE = 130
"""What a one-statement line adds to its statement: the end of NEWSTT after CURLIN is set, GONE's
dispatch, and the next line's NEWSTT up to the store into CURLIN."""
END_STATEMENT = 105 + 58
"""800 END: GONE's dispatch of a statement token (CHRGET, STMDSP pushed, CHRGET), and END (L2228-2250)
up to JMP READY: OLDTXT and OLDLIN kept, NEWSTT's return popped, no BREAK."""
FOUND = 87 - 8
"""GOTO 800 when line 800 exists: QFOUND (L2405-2412) and NEWSTT up to CURLIN, where the listing as
printed took BCC USERR and JMP ERROR instead."""
THIRD_TEST = 200
"""INT(X(B)) in the fractional-coords patch's third test (INT is QINT and FLOAT, L5644, L5575),
beyond a test like the second (an estimate from the counts of QINT and FLOAT)."""


def _let(variable: str, digit: str, value: float) -> float:
    """LET `variable`=`digit` less the same LET's fixed part: where PTRGET finds the variable, FIN of
    the digit, MOVMF's ROUND of the value."""
    return VARIABLE_PLACE * PLACES[variable] + fin_digits(digit) + round_fac(value)


def patch_bases(bases: dict[ClassKey, float]) -> dict[ClassKey, float]:
    """The patches' classes, from `bases` (the measured classes' fitted bases); a class whose model
    is missing (a fit in progress) is left out."""
    derived: dict[ClassKey, float] = {}

    def like(key: ClassKey, model: ClassKey, plus: float = 0) -> None:
        if model in bases:
            derived[key] = bases[model] + plus

    # a line that goes on to the patch's line does what it did going on to the next one
    like((542, 0, 543, None), (542, 0, 559, None))
    like((720, 0, 721, None), (720, 0, 725, None))
    # 721 IF P1>1 THEN RETURN: 720's return when B is 1, with P1 one place after B; its relation is
    # counted (a part), so 720's (B was 1 when it returned, 2 when it went on) comes out
    after_b = VARIABLE_PLACE * (PLACES["P1"] - PLACES["B"])
    like((721, 0, RETURNED, None), (720, 0, RETURNED, None), after_b - relation(1, 1))
    like((721, 0, 725, None), (720, 0, 725, None), after_b - relation(2, 1))
    # 543 P1=1: one of line 90's three LETs (K=0: M2=0: M3=0), as a line of its own
    if (90, 0, 99, None) in bases:
        lets = bases[(90, 0, 99, None)] - LINE - 2 * COLON - sum(_let(v, "0", 0) for v in ("K", "M2", "M3"))
        derived[(543, 0, 559, None)] = LINE + lets / 3 + _let("P1", "1", 1)
    # GOTO 800 finds 800 END: the measured endings less their error message and OK, which END's READY
    # prints instead
    for line in (574, 575):
        ending = -error_message(b"US", line) - READY - OK + FOUND
        like((line, 0, 800, None), (line, 0, ENDED, None), ending)
    derived[(800, 0, ENDED, None)] = END_STATEMENT + READY + OK
    # fractional-coords: a coordinate within 1 to 5 but not whole fails the third test
    for line, then in ((705, 706), (708, 710)):
        if (line, 0, then, "second") in bases and (line, 0, then, "first") in bases:
            second = bases[(line, 0, then, "second")]
            derived[(line, 0, then, None)] = 2 * second - bases[(line, 0, then, "first")] + THIRD_TEST
    return derived
