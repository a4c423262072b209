"""LIFE2 by Brian Wyvill, as printed in Basic Computer Games (1978), line by line.

Hold the listing beside this file: every numbered line is a method `_<number>`,
and a line that goes on after a FOR or a GOSUB has its rest in `_<number>_rest`.
Each method does what its line does and returns where execution goes next (see
`basic.machine`). Replacement lines for a fixed bug sit right after the line they
replace, named `_<number>_fixed`, and are used only when that switch is off.

The program does no I/O: PRINT goes to the machine's printer and INPUT is a
request that the driver answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from ...basic.dialects import DEFAULT_DIALECT, Dialect
from ...basic.machine import END, NEXT_LINE, Input, Machine, Position
from ...basic.numbers import add_single
from ...basic.printer import CR, Tab
from ...events import Run
from .bugs import ANSWERS_THAT_STOP, BUG_NAMES, BUGS

DATA: Mapping[int, tuple[int, ...]] = {
    8: (3, 102, 103, 120, 130, 121, 112, 111, 12),
    9: (21, 30, 1020, 1030, 1011, 1021, 1003, 1002, 1012),
    13: (-1, 0, 1, 0, 0, -1, 0, 1, -1, -1, 1, -1, -1, 1, 1, 1),
}
"""The listing's DATA lines by number: the neighbour codes that mean "alive next generation"
(lines 8 and 9: player 1's, then player 2's) and the eight neighbour offsets (line 13). See
basic_reference/life2-notes.md for how the codes work."""


class Scalars:
    """The listing's simple variables; BASIC starts them all at 0.

    They are Python ints: the listing only ever gives them whole numbers (constants, counts, and FOR
    loops that start and step by whole numbers), and as ints they index the arrays directly."""

    __slots__ = ("B", "J", "K", "K1", "M", "M2", "M3", "O1", "P1")
    B: int
    J: int
    K: int
    K1: int
    M: int
    M2: int
    M3: int
    O1: int
    P1: int

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, 0)


class Life2Program:
    """One run of LIFE2 under a dialect, with a set of original bugs switched on."""

    FIRST_LINE = 2
    REDISPLAY_LINES = frozenset({90, 520})
    """Where a full picture of the game begins, for a terminal that lost its line and shows it
    again: line 90 prints the board; in the setup, line 520 heads a player's three pieces."""

    def __init__(self, dialect: Dialect = DEFAULT_DIALECT, bugs: Iterable[str] = BUG_NAMES) -> None:
        self.bugs = frozenset(bugs)
        self.v = Scalars()
        self.m = Machine(dialect, self.v, stopping_answers=ANSWERS_THAT_STOP in self.bugs)
        # 7 DIM: arrays hold 0 until set, subscripts run from 0
        self.N: list[list[float]] = [[0] * 7 for _ in range(7)]
        self.K: list[float] = [0] * 19
        self.A: list[float] = [0] * 17
        self.X: list[float] = [0] * 3
        self.Y: list[float] = [0] * 3
        for line in sorted(DATA):
            self.m.data(*DATA[line])
        self.lines = self._line_table()

    def run(self) -> Run:
        """The program as a generator of trace lines, output and input requests."""
        return self.run_from(self.FIRST_LINE)

    def run_from(self, line: int) -> Run:
        """The program entered at `line`, with whatever its variables hold (GOTO from direct mode,
        as the generation bench does after it has set a board)."""
        return self.m.run(self.lines, line, self.REDISPLAY_LINES)

    def set_board(self, codes: Sequence[Sequence[float]]) -> None:
        """N(J,K) for J, K = 1..5: a row of codes per printed row (100 a `*`, 1000 a `#`, 0 empty),
        what a READ loop into N would store."""
        for row, values in enumerate(codes, start=1):
            for column, code in enumerate(values, start=1):
                self.N[row][column] = code

    def variables(self) -> dict[str, float]:
        """A snapshot of the simple variables and the two players' squares, as BASIC names them."""
        snapshot: dict[str, float] = {name: getattr(self.v, name) for name in Scalars.__slots__}
        for player in (1, 2):
            snapshot[f"X({player})"] = self.X[player]
            snapshot[f"Y({player})"] = self.Y[player]
        return snapshot

    def _line_table(self) -> dict[int, Callable[[], Position]]:
        table = {
            int(name[1:]): getattr(self, name)
            for name in dir(self)
            if name.startswith("_") and name[1:].isdigit()
        }
        for bug in BUGS.values():
            if bug.name not in self.bugs:
                for number in bug.patch_lines:
                    table[number] = getattr(self, f"_{number}_fixed")
        return table

    # -- helpers for array elements whose subscripts are computed --------------------------------

    def _sub(self, value: float, dim: int = 6) -> int:
        return self.m.subscript(value, dim)

    def _cell(self, b: float) -> tuple[int, int]:
        """The element N(X(B),Y(B)) names."""
        i = self._sub(b, 2)
        return self._sub(self.X[i]), self._sub(self.Y[i])

    # -- 2-20: title, tables ---------------------------------------------------------------------

    def _2(self) -> Position:
        self.m.print_(Tab(33), "LIFE2")
        return NEXT_LINE

    def _4(self) -> Position:
        self.m.print_(Tab(15), "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY")
        return NEXT_LINE

    def _6(self) -> Position:
        for _ in range(3):
            self.m.print_()
        return NEXT_LINE

    def _7(self) -> Position:
        return NEXT_LINE  # DIM: the arrays were made when the program was loaded

    def _8(self) -> Position:
        return NEXT_LINE  # DATA

    def _9(self) -> Position:
        return NEXT_LINE  # DATA

    def _10(self) -> Position:
        return self.m.for_("M", 1, 18, self._10_rest)

    def _10_rest(self) -> Position:
        self.K[self.v.M] = self.m.read()
        return self.m.next_("M")

    def _13(self) -> Position:
        return NEXT_LINE  # DATA

    def _14(self) -> Position:
        return self.m.for_("O1", 1, 16, self._14_rest)

    def _14_rest(self) -> Position:
        self.A[self.v.O1] = self.m.read()
        return self.m.next_("O1")

    def _20(self) -> Position:
        return 500

    # -- 50-65: count every live square into its neighbours --------------------------------------

    def _50(self) -> Position:
        return self.m.for_("J", 1, 5, NEXT_LINE)

    def _51(self) -> Position:
        return self.m.for_("K", 1, 5, NEXT_LINE)

    def _55(self) -> Position:
        if self.N[self.v.J][self.v.K] > 99:
            return self.m.gosub(200)
        return NEXT_LINE

    def _60(self) -> Position:
        return self.m.next_("K")

    def _65(self) -> Position:
        return self.m.next_("J")

    # -- 90-126: print the board, deciding each square's fate on the way --------------------------

    def _90(self) -> Position:
        v = self.v
        v.K = 0
        v.M2 = 0
        v.M3 = 0
        return NEXT_LINE

    def _99(self) -> Position:
        return self.m.for_("J", 0, 6, self._99_rest)

    def _99_rest(self) -> Position:
        self.m.print_()
        return NEXT_LINE

    def _100(self) -> Position:
        return self.m.for_("K", 0, 6, NEXT_LINE)

    def _101(self) -> Position:
        if self.v.J != 0 and self.v.J != 6:
            return 105
        return NEXT_LINE

    def _102(self) -> Position:
        if self.v.K == 6:
            self.m.print_(0, end=";")
            return 125
        return NEXT_LINE

    def _103(self) -> Position:
        self.m.print_(self.v.K, end=";")
        return 120

    def _105(self) -> Position:
        if self.v.K != 0 and self.v.K != 6:
            return 110
        return NEXT_LINE

    def _106(self) -> Position:
        if self.v.J == 6:
            self.m.print_(0)
            return 126
        return NEXT_LINE

    def _107(self) -> Position:
        self.m.print_(self.v.J, end=";")
        return 120

    def _110(self) -> Position:
        return self.m.gosub(300)

    def _120(self) -> Position:
        return self.m.next_("K")

    def _125(self) -> Position:
        return self.m.next_("J")

    def _126(self) -> Position:
        return self.m.return_()

    # -- 200-239: add this square's owner code to its eight neighbours ----------------------------

    def _200(self) -> Position:
        v = self.v
        v.B = 1
        if self.N[v.J][v.K] > 999:
            v.B = 10
        return NEXT_LINE

    def _220(self) -> Position:
        return self.m.for_("O1", 1, 15, NEXT_LINE, step=2)

    def _230(self) -> Position:
        v, A = self.v, self.A
        row = self._sub(v.J + A[v.O1])
        col = self._sub(v.K + A[v.O1 + 1])
        self.N[row][col] += v.B
        return NEXT_LINE

    def _231(self) -> Position:
        return self.m.next_("O1")

    def _239(self) -> Position:
        return self.m.return_()

    # -- 300-399: look the square's code up in the table of survivors and births ------------------

    def _300(self) -> Position:
        if self.N[self.v.J][self.v.K] < 3:
            return 399
        return NEXT_LINE

    def _305(self) -> Position:
        return self.m.for_("O1", 1, 18, NEXT_LINE)

    def _310(self) -> Position:
        v = self.v
        if self.N[v.J][v.K] == self.K[v.O1]:
            return 350
        return NEXT_LINE

    def _315(self) -> Position:
        return self.m.next_("O1")

    def _320(self) -> Position:
        return 399

    def _350(self) -> Position:
        if self.v.O1 > 9:
            return 360
        return NEXT_LINE

    def _351(self) -> Position:
        v = self.v
        self.N[v.J][v.K] = 100
        v.M2 += 1
        self.m.print_(" * ", end=";")
        return NEXT_LINE

    def _355(self) -> Position:
        return self.m.return_()

    def _360(self) -> Position:
        v = self.v
        self.N[v.J][v.K] = 1000
        v.M3 += 1
        self.m.print_(" # ", end=";")
        return NEXT_LINE

    def _365(self) -> Position:
        return self.m.return_()

    def _399(self) -> Position:
        self.N[self.v.J][self.v.K] = 0
        self.m.print_("   ", end=";")
        return self.m.return_()

    def _399_fixed(self) -> Position:
        """blank-empty-squares: an empty square shows as a dot."""
        self.N[self.v.J][self.v.K] = 0
        self.m.print_(" . ", end=";")
        return self.m.return_()

    # -- 500-542: clear the board, each player places three pieces -------------------------------

    def _500(self) -> Position:
        self.m.print_(Tab(10), "U.B. LIFE GAME")
        return NEXT_LINE

    def _505(self) -> Position:
        self.v.M2 = 0
        self.v.M3 = 0
        return NEXT_LINE

    def _510(self) -> Position:
        return self.m.for_("J", 1, 5, NEXT_LINE)

    def _511(self) -> Position:
        return self.m.for_("K", 1, 5, NEXT_LINE)

    def _515(self) -> Position:
        self.N[self.v.J][self.v.K] = 0
        return NEXT_LINE

    def _516(self) -> Position:
        return self.m.next_("K")

    def _517(self) -> Position:
        return self.m.next_("J")

    def _519(self) -> Position:
        return self.m.for_("B", 1, 2, self._519_rest)

    def _519_rest(self) -> Position:
        v = self.v
        v.P1 = 3
        if v.B == 2:
            v.P1 = 30
        return NEXT_LINE

    def _520(self) -> Position:
        self.m.print_()
        self.m.print_("PLAYER", self.v.B, " - 3 LIVE PIECES.")
        return NEXT_LINE

    def _535(self) -> Position:
        return self.m.for_("K1", 1, 3, self._535_rest)

    def _535_rest(self) -> Position:
        return self.m.gosub(700)

    def _540(self) -> Position:
        row, col = self._cell(self.v.B)
        self.N[row][col] = self.v.P1
        return self.m.next_("K1")

    def _540_fixed(self) -> Position:
        """illegal-coords: a setup piece adds its code, so a square both chose holds 33, which is empty."""
        row, col = self._cell(self.v.B)
        self.N[row][col] += self.v.P1
        return self.m.next_("K1")

    def _542(self) -> Position:
        return self.m.next_("B")

    def _543_fixed(self) -> Position:
        """illegal-coords: after the setup, any piece makes a square occupied."""
        self.v.P1 = 1
        return NEXT_LINE

    # -- 559-596: generations and turns ------------------------------------------------------------

    def _559(self) -> Position:
        return self.m.gosub(90)

    def _560(self) -> Position:
        self.m.print_()
        return self.m.gosub(50)

    def _570(self) -> Position:
        if self.v.M2 == 0 and self.v.M3 == 0:
            return 574
        return NEXT_LINE

    def _571(self) -> Position:
        if self.v.M3 == 0:
            self.v.B = 1
            return 575
        return NEXT_LINE

    def _572(self) -> Position:
        if self.v.M2 == 0:
            self.v.B = 2
            return 575
        return NEXT_LINE

    def _573(self) -> Position:
        return 580

    def _574(self) -> Position:
        self.m.print_()
        self.m.print_("A DRAW")
        return 800

    def _575(self) -> Position:
        self.m.print_()
        self.m.print_("PLAYER", self.v.B, "IS THE WINNER")
        return 800

    def _580(self) -> Position:
        return self.m.for_("B", 1, 2, self._580_rest)

    def _580_rest(self) -> Position:
        self.m.print_()
        self.m.print_()
        self.m.print_("PLAYER", self.v.B, end=";")
        return self.m.gosub(700)

    def _581(self) -> Position:
        if self.v.B == 99:
            return 560
        return NEXT_LINE

    def _582(self) -> Position:
        return self.m.next_("B")

    def _586(self) -> Position:
        row, col = self._cell(1)
        self.N[row][col] = 100
        row, col = self._cell(2)
        self.N[row][col] = 1000
        return NEXT_LINE

    def _596(self) -> Position:
        return 560

    # -- 700-750: ask for a square and check it ------------------------------------------------------

    def _700(self) -> Position:
        self.m.print_("X,Y")
        # the mask: three rows of six characters struck over one another, CR between
        self.m.print_("XXXXXX", CR, "$$$$$$", CR, "&&&&&&", end=";")
        return NEXT_LINE

    def _701(self) -> Position:
        self.m.print_(CR, end=";")
        return Input(2, self._701_store, NEXT_LINE)

    def _701_store(self, values: Sequence[float]) -> None:
        b = self._sub(self.v.B, 2)
        self.Y[b] = values[0]
        self.X[b] = values[1]

    def _705(self) -> Position:
        x = self.X[self._sub(self.v.B, 2)]
        if x <= 5 and x > 0:
            return 708
        return NEXT_LINE

    def _705_fixed(self) -> Position:
        """fractional-coords: X must also be a whole number."""
        x = self.X[self._sub(self.v.B, 2)]
        if x <= 5 and x > 0 and x == int(x):
            return 708
        return NEXT_LINE

    def _706(self) -> Position:
        return 750

    def _708(self) -> Position:
        y = self.Y[self._sub(self.v.B, 2)]
        if y <= 5 and y > 0:
            return 715
        return NEXT_LINE

    def _708_fixed(self) -> Position:
        """fractional-coords: Y must also be a whole number."""
        y = self.Y[self._sub(self.v.B, 2)]
        if y <= 5 and y > 0 and y == int(y):
            return 715
        return NEXT_LINE

    def _710(self) -> Position:
        return 750

    def _715(self) -> Position:
        row, col = self._cell(self.v.B)
        if self.N[row][col] != 0:
            return 750
        return NEXT_LINE

    def _715_fixed(self) -> Position:
        """illegal-coords: only a square holding at least this player's own code is taken."""
        row, col = self._cell(self.v.B)
        if self.N[row][col] >= self.v.P1:
            return 750
        return NEXT_LINE

    def _720(self) -> Position:
        if self.v.B == 1:
            return self.m.return_()
        return NEXT_LINE

    def _721_fixed(self) -> Position:
        """illegal-coords: in the setup, player 2 is not compared with player 1's last piece."""
        if self.v.P1 > 1:
            return self.m.return_()
        return NEXT_LINE

    def _725(self) -> Position:
        if self.X[1] == self.X[2] and self.Y[1] == self.Y[2]:
            return 740
        return NEXT_LINE

    def _730(self) -> Position:
        return self.m.return_()

    def _740(self) -> Position:
        self.m.print_("SAME COORD.  SET TO 0")
        return NEXT_LINE

    def _741(self) -> Position:
        b = self._sub(self.v.B, 2)
        row = self._sub(add_single(self.X[b], 1, self.m.dialect))
        col = self._sub(add_single(self.Y[b], 1, self.m.dialect))
        self.N[row][col] = 0
        self.v.B = 99
        return self.m.return_()

    def _741_fixed(self) -> Position:
        """same-coord-diagonal: empty the square both players named (it is empty already)."""
        row, col = self._cell(self.v.B)
        self.N[row][col] = 0
        self.v.B = 99
        return self.m.return_()

    def _750(self) -> Position:
        self.m.print_("ILLEGAL COORDS. RETYPE")
        return 700

    def _800_fixed(self) -> Position:
        """missing-line-800: the line the listing jumps to, ending the program."""
        return END

    def _999(self) -> Position:
        return END


def make_program(
    runtime: str, bugs: Iterable[str], seed: int | None = None, person: bool = False
) -> Life2Program:
    """The registry's way in: one run of LIFE2 on a BASIC dialect (it has no clock to seed, and its
    INPUT ends the run at the end of input whoever types)."""
    return Life2Program(Dialect.named(runtime), bugs)


def erase_key(runtime: str) -> str:
    """The dialect's erase key, for a keyboard's Backspace."""
    return Dialect.named(runtime).rules.erase


def break_key(runtime: str) -> bytes | None:
    """What Ctrl-C at a prompt is to the dialect's INPUT: a key (GW-BASIC), or None (it stops life2)."""
    return Dialect.named(runtime).rules.break_key


def breaks_between_statements(runtime: str) -> bool:
    """Both BASICs look for Ctrl-C before each statement and stop with BREAK (Machine.run)."""
    return True
