"""What each segment of LIFE2 cost Microsoft's 1977 6502 BASIC: the price list behind `--cycles`.

A segment of a line is charged two parts:

* a **base** for its class: the line, how the segment began (at the line's
  start, or resumed inside it by NEXT or RETURN), how it ended (the line that
  follows, or a RETURN), and for some lines which way an IF went. The bases are
  figures derived from measurements of the real ROM (life2_cycles.json, made by
  tools/fit_cycles.py: see basic_reference/cycles.md);
* the **value-dependent** cycles of what the line did with its numbers, counted
  from the ROM's source (basic/m6502.py): the subscripts it made integers, the
  sums it added, the comparisons, the NEXT's step, the digits typed at INPUT.
  They are read from the program's variables when the segment ends; a line that
  changed a variable on the way knows what it held before.

A line that a bug switch replaces (`_<n>_fixed`) is charged as the line it
replaces; a line only the patches add (543, 721, 800) has no measured figure
and is charged an estimate (`ADDED_LINES`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..basic.cycles import ENDED, Charge, CycleMeter
from ..basic.m6502 import element2, fadd, fin_digits, next_step, qint, relation, round_fac, subscript_multiply
from ..basic.machine import ENTERED
from .life2 import Life2Program

ADDED_LINES = {543: 1500, 721: 2600, 800: 11000}
"""Lines only the bug patches add, with no measured figure: 543 `P1=1` is charged like a short
assignment, 721 `IF P1>1 THEN RETURN` like line 720, 800 `END` like the end of a game at 574."""

UNKNOWN_SEGMENT = 2000
"""A class the figures do not hold (a path no measured game took): the line's measured mean is used,
and this where there is none."""

SubClass = str | bool | None
ClassKey = tuple[int, int, int, SubClass]
"""(line, how the segment began, the line after it or RETURNED or ENDED, which way its IFs went)."""


@dataclass(frozen=True)
class CycleFigures:
    """The derived figures: a base for each class of segment, each line's measured mean (for a class
    no measured game took), and what an INPUT costs beyond its one line."""

    bases: dict[ClassKey, float]
    line_means: dict[int, float]
    input_costs: dict[str, float]
    compiled: dict[int, Charge] = field(default_factory=dict, compare=False)
    """The meters' compiled charges (basic.cycles.CycleMeter), kept for every run priced by these."""


def _sub_from_text(text: str) -> SubClass:
    return {"-": None, "true": True, "false": False}.get(text, text)


def _sub_to_text(sub: SubClass) -> str:
    return {None: "-", True: "true", False: "false"}.get(sub, str(sub))  # type: ignore[arg-type]


def key_text(key: ClassKey) -> str:
    """A class as the figures file writes it: `line how following which-way`."""
    line, how, following, sub = key
    return f"{line} {how} {following} {_sub_to_text(sub)}"


def key_from_text(text: str) -> ClassKey:
    line, how, following, sub = text.split()
    return int(line), int(how), int(following), _sub_from_text(sub)


@cache
def load_figures() -> CycleFigures:
    """life2_cycles.json, carried by the package."""
    raw = json.loads(resources.files(__package__).joinpath("life2_cycles.json").read_text(encoding="ascii"))
    return CycleFigures(
        {key_from_text(text): value for text, value in raw["bases"].items()},
        {int(line): value for line, value in raw["line_means"].items()},
        dict(raw["input"]),
    )


@cache
def measured() -> dict:
    """osi6502_measured.json, carried by the package: the table of 60 games and the worked examples,
    as measured on the 1977 ROM (the figures the bases were fitted to, and the model's test)."""
    text = resources.files(__package__).joinpath("osi6502_measured.json").read_text(encoding="utf-8")
    return json.loads(text)


def _exit(line: int, following: int) -> int:
    """How a segment of `line` ended, as its class says it: a RETURN is a RETURN, wherever it goes;
    every segment of 700 ends as 701 begins (the waiting one is never counted)."""
    return 701 if line == 700 and following == ENDED else following


Part = Callable[["Life2Costs", int, int], tuple[SubClass, int]]
"""A line's value-dependent part: (which way its IFs went, cycles), read from the program after the
segment, given how the segment began and how it ended."""


def _cell(p: Life2Program) -> tuple[int, int, float]:
    v = p.v
    return v.J, v.K, p.N[v.J][v.K]


def _compare_cell(constant: float) -> Part:
    """55 IF N(J,K)>99 THEN GOSUB 200 and 300 IF N(J,K)<3 THEN 399: each runs for every square of
    every board, so finding N(J,K) costs the same each board (in the base); what the square holds
    varies. A RETURN into 55 does nothing more."""
    costs_by_value: dict[float, int] = {}

    def part(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
        if how != ENTERED:
            return None, 0
        p = costs.program
        v = p.v
        n = p.N[v.J][v.K]
        cycles = costs_by_value.get(n)
        if cycles is None:
            cycles = costs_by_value[n] = relation(n, constant)
        return None, cycles

    return part


def _which_owner(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """200 B=1: IF N(J,K)>999 THEN B=10: B tells which way the IF went."""
    p = costs.program
    j, k, n = _cell(p)
    return p.v.B == 10, element2(j, k) + relation(n, 999)


def _neighbour_subscripts(j: int, k: int, o1: int, a1: float, a2: float) -> int:
    """J+A(O1) and K+A(O1+1) as subscripts of N: A's subscripts, both sums, QINT and UMULT."""
    row, column = j + a1, k + a2
    return (
        qint(o1)
        + round_fac(j)
        + fadd(j, a1)
        + qint(row)
        + round_fac(o1)
        + fadd(o1, 1)
        + qint(o1 + 1)
        + round_fac(k)
        + fadd(k, a2)
        + qint(column)
        + subscript_multiply(column)
    )


@cache
def _add_to_neighbour(j: int, k: int, o1: int, a1: float, a2: float, old: float, b: float) -> int:
    new = old + b
    return 2 * _neighbour_subscripts(j, k, o1, a1, a2) + round_fac(old) + fadd(old, b) + round_fac(new)


def _neighbour(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """230 N(J+A(O1),K+A(O1+1))=N(J+A(O1),K+A(O1+1))+B: the element found twice, B added."""
    p = costs.program
    v = p.v
    o1 = v.O1
    a1, a2 = p.A[o1], p.A[o1 + 1]
    new = p.N[int(v.J + a1)][int(v.K + a2)]
    return None, _add_to_neighbour(v.J, v.K, o1, a1, a2, new - v.B, v.B)


def _next(var: str, step: float, limit: float) -> Part:
    """NEXT var: its step and test, for the value the variable had before."""

    def part(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        after = getattr(p.v, var)
        return None, next_step(after - step, step, limit)

    return part


def _if_n_is_code(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """310 IF N(J,K)=K(O1) THEN 350."""
    p = costs.program
    j, k, n = _cell(p)
    o1 = p.v.O1
    return None, element2(j, k) + qint(o1) + relation(n, p.K[o1])


def _if_o1_over_9(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    p = costs.program
    return None, relation(p.v.O1, 9)


def _count_up(var: str) -> Part:
    """351/360 N(J,K)=100 or 1000: M2 or M3 one up (the counter holds its new value)."""

    def part(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        j, k, _ = _cell(p)
        after = getattr(p.v, var)
        return None, element2(j, k) + round_fac(after - 1) + fadd(after - 1, 1) + round_fac(after)

    return part


def _store_cell(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """399 N(J,K)=0 ..., 515 N(J,K)=0."""
    p = costs.program
    j, k, _ = _cell(p)
    return None, element2(j, k)


def _first_time(line: int) -> Part:
    """511 and 535: the first FOR K (FOR K1) of a run makes its variable, moving the arrays up."""

    def part(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
        if how == ENTERED and line not in costs.first_done:
            costs.first_done.add(line)
            return "first", 0
        return None, 0

    return part


def _place_piece(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """540 N(X(B),Y(B))=P1: NEXT K1."""
    p = costs.program
    b = p.v.B
    x, y = p.X[int(b)], p.Y[int(b)]
    return None, 2 * qint(b) + element2(x, y) + next_step(p.v.K1 - 1, 1, 3)


def _both_zero(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """570 IF M2=0 THEN IF M3=0 THEN 574."""
    p = costs.program
    m2, m3 = p.v.M2, p.v.M3
    cycles = relation(m2, 0)
    if m2 != 0:
        return "first", cycles
    cycles += relation(m3, 0)
    return ("second" if m3 != 0 else None), cycles


def _new_pieces(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """586 N(X(1),Y(1))=100: N(X(2),Y(2))=1000."""
    p = costs.program
    cycles = 0
    for b in (1, 2):
        cycles += 2 * qint(b) + element2(p.X[b], p.Y[b])
    return None, cycles


def _in_range(array: str) -> Part:
    """705 IF X(B)<=5 THEN IF X(B)>0 THEN 708 (708: the same with Y)."""

    def part(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        b = p.v.B
        value = getattr(p, array)[int(b)]
        cycles = qint(b) + relation(value, 5)
        if not value <= 5:
            return "first", cycles
        cycles += qint(b) + relation(value, 0)
        return ("second" if not value > 0 else None), cycles

    return part


def _square_taken(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """715 IF N(X(B),Y(B))<>0 THEN 750."""
    p = costs.program
    b = p.v.B
    x, y = p.X[int(b)], p.Y[int(b)]
    return None, 2 * qint(b) + element2(x, y) + relation(p.N[int(x)][int(y)], 0)


def _same_square(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """725 IF X(1)=X(2) THEN IF Y(1)=Y(2) THEN 740."""
    p = costs.program
    x1, x2, y1, y2 = p.X[1], p.X[2], p.Y[1], p.Y[2]
    cycles = qint(1) + qint(2) + relation(x1, x2)
    if x1 != x2:
        return "first", cycles
    cycles += qint(1) + qint(2) + relation(y1, y2)
    return ("second" if y1 != y2 else None), cycles


def _diagonal(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """741 N(X(B)+1,Y(B)+1)=0: B=99: RETURN (B was 2: only player 2's turn gets here)."""
    p = costs.program
    x, y = p.X[2], p.Y[2]
    sums = round_fac(x) + fadd(x, 1) + round_fac(y) + fadd(y, 1)
    return None, 2 * qint(2) + sums + element2(x + 1, y + 1)


def _input(costs: Life2Costs, how: int, following: int) -> tuple[SubClass, int]:
    """701 PRINT CHR$(13);: INPUT Y(B),X(B): the typed lines, and the two values stored."""
    p = costs.program
    b = p.v.B
    return None, 2 * qint(b) + round_fac(p.Y[int(b)]) + round_fac(p.X[int(b)]) + costs.take_typed()


PARTS: dict[int, Part] = {
    55: _compare_cell(99),
    200: _which_owner,
    300: _compare_cell(3),
    350: _if_o1_over_9,
    351: _count_up("M2"),
    360: _count_up("M3"),
    399: _store_cell,
    511: _first_time(511),
    535: _first_time(535),
    540: _place_piece,
    570: _both_zero,
    586: _new_pieces,
    701: _input,
    705: _in_range("X"),
    708: _in_range("Y"),
    715: _square_taken,
    725: _same_square,
    741: _diagonal,
}
"""The lines whose cycles depend on the numbers of the game in hand, segment by segment.

Lines that run with the same numbers on every board (the counting pass's loops, the printing of
the board and its border) have none: a board costs them the same every time, and their bases are
fitted to it. The two inner loops have theirs too, counted whole when the loop ends (LOOPS)."""

WAYS = frozenset({200, 511, 535, 570, 705, 708, 725})
"""The lines whose part also says which way their IFs went (the rest always answer None)."""

LOOP_PARTS: dict[int, Part] = {
    230: _neighbour,
    231: _next("O1", 2, 15),
    310: _if_n_is_code,
    315: _next("O1", 1, 18),
}
"""The inner loops' lines, segment by segment: what LOOPS adds up at each loop's end."""

INPUT_CHARACTER = 146
"""INLIN for one kept character (m6502.asm L1710-1740, OSI build): GETLN's wait loop and
filters, the store, and the echo through OUTDO (L2818-2833) up to the monitor's own routines."""
INPUT_SPACE = 21
"""CHRGET passing a space (L961-975): one more turn of its loop."""


def typed_line_cycles(buffer: bytes) -> int:
    """The value-dependent cycles of one typed line: INLIN per character, and FIN on each value's
    digits (the base holds a line of three characters, `3,4`)."""
    text = buffer.decode("ascii", "replace")
    cycles = INPUT_CHARACTER * (len(buffer) - 3) + INPUT_SPACE * text.count(" ")
    for value in text.split(","):
        digits = value.strip().lstrip("+-").strip()
        end = 0
        while end < len(digits) and (digits[end].isdigit() or digits[end] == " "):
            end += 1
        cycles += fin_digits(digits[:end].replace(" ", ""))
    return cycles


def _loop_codes(costs: Life2Costs, last: int, taken: bool) -> int:
    """305-320 for one square: O1 from 1 to `last`, N(J,K) against each code K(O1), ending at 350 when
    `taken` (the last matched) or at 320 after NEXT O1 left the loop."""
    p = costs.program
    v = p.v
    n = p.N[v.J][v.K]
    key = (v.J, v.K, n, last, taken)
    cycles = _LOOP_MEMO.get(key)
    if cycles is None:
        square = element2(v.J, v.K)
        cycles = sum(square + qint(o1) + relation(n, p.K[o1]) for o1 in range(1, last + 1))
        cycles += sum(next_step(o1, 1, 18) for o1 in range(1, last if taken else last + 1))
        _LOOP_MEMO[key] = cycles
    return cycles


_LOOP_MEMO: dict[tuple[int, int, float, int, bool], int] = {}
"""The loops' sums by what they depend on (the codes K(O1) are the listing's DATA, the same in every
run): a game meets the same squares and counts again and again."""


def _code_found(costs: Life2Costs) -> int:
    return _loop_codes(costs, costs.program.v.O1, True)


def _no_code(costs: Life2Costs) -> int:
    return _loop_codes(costs, 18, False)


def _neighbours(costs: Life2Costs) -> int:
    """220-231 for one live square: each of the eight neighbours found and added to, NEXT O1 each time."""
    p = costs.program
    v = p.v
    j, k, b = v.J, v.K, v.B
    n, a = p.N, p.A
    cycles = NEXT_O1_BY_TWO
    for o1 in range(1, 16, 2):
        a1, a2 = a[o1], a[o1 + 1]
        new = n[int(j + a1)][int(k + a2)]
        cycles += _add_to_neighbour(j, k, o1, a1, a2, new - b, b)
    return cycles


NEXT_O1_BY_TWO = sum(next_step(o1, 2, 15) for o1 in range(1, 16, 2))

LOOPS: dict[tuple[int, int], Callable[[Life2Costs], int]] = {
    (310, 350): _code_found,
    (315, 320): _no_code,
    (231, 239): _neighbours,
}
"""The inner loops' value-dependent cycles, charged whole with the segment that ends each loop: the
same sum as LOOP_PARTS segment by segment, at one reading of the variables a loop."""


class Life2Costs:
    """LIFE2's price list for one run (basic.cycles.LineCosts)."""

    def __init__(self, program: Life2Program, figures: CycleFigures | None = None) -> None:
        self.program = program
        self.figures = figures or load_figures()
        self.compiled = self.figures.compiled
        self.first_done: set[int] = set()
        self._typed: list[tuple[bytes, bytes]] = []

    def typed(self, prompt: bytes, buffer: bytes) -> None:
        self._typed.append((prompt, buffer))

    def take_typed(self) -> int:
        """The cycles of the lines typed since the last INPUT, beyond one plain line: each line's
        characters and digits, and the pass that asked again (?REDO FROM START) or for more (??)."""
        typed, self._typed = self._typed, []
        extra = self.figures.input_costs
        cycles = 0
        for n, (prompt, buffer) in enumerate(typed):
            if n:
                cycles += extra["more" if prompt.startswith(b"??") else "again"]
            cycles += typed_line_cycles(buffer)
        return cycles

    def base(self, key: ClassKey) -> int:
        """A class's base: the figures', else the line's measured mean, else an estimate."""
        base = self.figures.bases.get(key)
        if base is None:
            line = key[0]
            base = ADDED_LINES.get(line) or self.figures.line_means.get(line, UNKNOWN_SEGMENT)
        return round(base)

    def describe(self, line: int, how: int, following: int) -> tuple[ClassKey, int]:
        """A segment's class and value-dependent cycles, segment by segment: what the figures are
        fitted with (tools/fit_cycles.py). `compile` charges the same in total."""
        part = PARTS.get(line) or LOOP_PARTS.get(line)
        sub, cycles = part(self, how, following) if part is not None else (None, 0)
        return (line, how, _exit(line, following), sub), cycles

    def compile(self, line: int, how: int, following: int) -> Charge:
        exit_ = _exit(line, following)
        part = PARTS.get(line)
        if part is not None and line not in WAYS:
            base = self.base((line, how, exit_, None))
            return lambda costs: base + part(costs, how, following)[1]  # type: ignore[arg-type]
        if part is not None:
            bases: dict[SubClass, int] = {}

            def charge(costs: Life2Costs) -> int:  # type: ignore[misc]
                sub, cycles = part(costs, how, following)
                base = bases.get(sub)
                if base is None:
                    base = bases[sub] = costs.base((line, how, exit_, sub))
                return base + cycles

            return charge  # type: ignore[return-value]
        base = self.base((line, how, exit_, None))
        loop = LOOPS.get((line, exit_))
        if loop is None:
            return base
        return lambda costs: base + loop(costs)  # type: ignore[arg-type]


def count_cycles(program: Life2Program, figures: CycleFigures | None = None) -> CycleMeter:
    """A meter on `program`'s machine: from its run on, every segment is charged (ms1978 only)."""
    meter = CycleMeter(Life2Costs(program, figures))
    program.m.count_segments(meter)
    return meter
