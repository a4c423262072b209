"""Cell Life ver 2008Dec05 by Joseph Larson, function by function, as its reference build plays it.

Hold the C program beside this file: each of its functions is a method of the
same name, doing what it does in the same order, so that the same seed and the
same typed lines give the same bytes. The reference build is gcc 12 at -O0 on
x86-64 with glibc; where C leaves a result to the machine, the method does what
that build does, and says so:

* the globals live in one piece of memory laid out as the build lays them out
  (`LAYOUT`, from `nm -n`), so that the large game's writes past the board land
  where the build's land (libc/memory.py);
* `getint`'s `t` keeps its value from one call to the next (its stack slot is
  not touched in between), and before the first call it holds the upper half of
  a stack address, 0x7ffX: out of any range asked for;
* `play`'s `x` and `y` start as 5 and 2: init's `p` and `v` were last in those
  stack slots;
* `1 << -1` is `1 << 31` (the shift count is masked to five bits): negative.

Where the build does something that cannot be reproduced (it reads a code
address left on its stack, or loops for ever without a word), the run stops
with a notice. Each bug switch is in cell_life_bugs.py; with one off, its
method takes the fixed path.

The program does no I/O: printf and scanf are the C runtime's (libc/stdio.py),
and a driver connects it to a terminal.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Generator, Iterable
from typing import TypeVar

from ...events import Event, Notice, Run, Status, Stop
from ...libc.memory import Global, Layout, Memory, Unreproducible
from ...libc.rand import GlibcRandom
from ...libc.stdio import CStdio, EndOfInput, Runaway
from .bugs import (
    ABSENT_PLAYERS,
    BUG_NAMES,
    COMPUTER_FIRST_MOVE,
    FINAL_NEWLINE,
    HYBRID_TAKEOVER,
    LARGE_BOARD_OVERFLOW,
    LAST_GETCHAR,
    RETRY_LOOPS,
    SETUP_SEARCH,
    TENS_LINE,
    TWO_GETCHARS,
)
from .players import LEVELS, choose

MAX_W, MAX_H, PIECES = 26, 19, 3
TOKENS = b".0X*#@"

LAYOUT = Layout(
    {
        "tokens": Global(0x000, 6),
        "completed.0": Global(0x020, 1),
        "bd": Global(0x040, 4 * MAX_W * MAX_H),
        "dis": Global(0x800, 4 * 8 * 2),
        "pop": Global(0x840, 4 * 5),
        "surv": Global(0x860, 4 * 5 * 55),
        "hyb": Global(0xCC0, 4 * 10),
        "height": Global(0xCE8, 4),
        "width": Global(0xCEC, 4),
        "players": Global(0xCF0, 4),
    },
    size=0xCF8,
    source="the reference build (gcc 12.2 -O0, x86-64, glibc 2.36): `nm -n`, from `tokens` to `_end`",
)
"""Where the reference build puts its globals, from `tokens` (the last of .data) to the end of .bss.
tests/programs/cell_life/test_program.py reads it again from a fresh build."""

ROOMY_LAYOUT = Layout(
    {
        "tokens": Global(0x000, 6),
        "bd": Global(0x040, 4 * (MAX_W + 1) * (MAX_H + 1)),
        "dis": Global(0x8C0, 4 * 8 * 2),
        "pop": Global(0x900, 4 * 5),
        "surv": Global(0x920, 4 * 5 * 55),
        "hyb": Global(0xD80, 4 * 10),
        "height": Global(0xDA8, 4),
        "width": Global(0xDAC, 4),
        "players": Global(0xDB0, 4),
    },
    size=0xDB8,
    source="the fix: a board with room for its border",
)

LAST_KEY_STATUS = (
    "the 2008 program waits for one more key before it ends (its last getchar): press Return "
    "(--no-bug last-getchar ends it at once)"
)
"""Said beside the terminal when the game is decided and the program waits in silence."""

GETINT_T_AT_START = 0x7FFF
"""getint's `t` before any call sets it: the upper half of a stack address (measured 0x7fff with
address randomisation off; 0x7ffc to 0x7fff with it on). Any of them is out of range."""
PLAY_XY_AT_START = (5, 2)
"""play's `x` and `y` before the first human move: what init left in those stack slots."""

Calls = Generator[Event, bytes | None, None]
Answer = TypeVar("Answer")
"""--fixed: what one line answers (a number, or a square)."""


class InputEnded(Exception):
    """--fixed: the input ended where an answer was needed; the game ends cleanly."""


def _c_mod(value: int, divisor: int) -> int:
    """C's `%`: the remainder takes the sign of the dividend."""
    remainder = abs(value) % divisor
    return -remainder if value < 0 else remainder


class CellLifeProgram:
    """One run of Cell Life, seeded as `srand(time(NULL))` would be by `seed`."""

    def __init__(
        self,
        bugs: Iterable[str] = BUG_NAMES,
        seed: int | None = None,
        person: bool = False,
        computer: str = "c",
        intro: str | None = None,
    ) -> None:
        """`person`: the input comes from a person, whose end of input (Ctrl-D) ends the game; else
        from a file, past whose end the program reads on as the C program does. `computer`: the
        computers' level, "c" for the program's own, 1 to 3 for ours (cell_life_players.py).
        `intro`: the words the program prints first, read from its C source (NO_INTRO without)."""
        if computer not in LEVELS:
            raise ValueError(f"the computer's level is one of {', '.join(LEVELS)}, not {computer!r}")
        self.bugs = frozenset(bugs)
        self.seed = int(time.time()) if seed is None else seed
        self.computer = computer
        self.intro_text = NO_INTRO if intro is None else intro
        self.level_random = random.Random(self.seed)
        """Our levels' own dice: the program's rand() goes on as the C program's would."""
        self.person = person
        self.io = CStdio(stop_at_end=person)
        self.rng = GlibcRandom()
        roomy = LARGE_BOARD_OVERFLOW not in self.bugs
        self.layout = ROOMY_LAYOUT if roomy else LAYOUT
        self.mem = Memory(self.layout, {"tokens": TOKENS})
        self.COLUMN = (MAX_H + 1) if roomy else MAX_H
        """Words from one column of `bd` to the next: bd[x][y] is bd + x * COLUMN + y."""
        words = self.layout.word
        self.BD, self.DIS, self.POP = words("bd"), words("dis"), words("pop")
        self.SURV, self.HYB = words("surv"), words("hyb")
        self.HEIGHT, self.WIDTH, self.PLAYERS = words("height"), words("width"), words("players")
        self.TOKENS_AT = self.layout.globals["tokens"].offset
        self._survivors: dict[int, int] | None = None
        self._getint_t = GETINT_T_AT_START

    def on(self, bug: str) -> bool:
        return bug in self.bugs

    # -- the runtime's side ----------------------------------------------------------------------

    def run(self) -> Run:
        """The program as a generator of output, traced functions and input requests."""
        stop = Stop.END
        try:
            yield from self.main()
        except Runaway as exc:
            stop, why = Stop.RUNAWAY, f"{exc}: the 2008 program would print this for ever"
        except Unreproducible as exc:
            stop, why = Stop.UNREPRODUCIBLE, f"{exc}"
        except (InputEnded, EndOfInput):
            stop, why = Stop.INPUT_ENDED, ""
        yield from self.io.drain()
        if stop is Stop.RUNAWAY or stop is Stop.UNREPRODUCIBLE:
            yield Notice(f"Cell Life stopped: {why}.")
        return stop

    def enter(self, function: str) -> None:
        """A traced function is entered: its name joins the output in order."""
        self.io.trace(function)

    def word(self, index: int) -> int:
        return self.mem.load(index, "a read")

    def set_word(self, index: int, value: int) -> None:
        if self.SURV <= index < self.HYB + 10:
            self._survivors = None  # the tables changed under survives()
        self.mem.store(index, value, "a write")

    def bd(self, x: int, y: int) -> int:
        """The word of bd[x][y], wherever C would find it."""
        return self.BD + x * self.COLUMN + y

    def token(self, index: int) -> int:
        """tokens[index], a char: past the string's end, whatever the memory holds there."""
        return self.mem.load_byte(self.TOKENS_AT + index, f"tokens[{index}]")

    @property
    def width(self) -> int:
        return self.word(self.WIDTH)

    @property
    def height(self) -> int:
        return self.word(self.HEIGHT)

    @property
    def players(self) -> int:
        return self.word(self.PLAYERS)

    # -- the program --------------------------------------------------------------------------------

    def main(self) -> Calls:
        self.enter("main")
        self.intro()
        self.init()
        yield from self.play()
        if self.on(LAST_GETCHAR):
            if self.person and self.io.waits():
                yield from self.io.drain()  # the result is out before the word about it
                yield Status(LAST_KEY_STATUS)
            yield from self.io.getchar()

    def intro(self) -> None:
        self.enter("intro")
        self.io.printf(self.intro_text)

    def tp(self, x: int) -> int:
        """A power of ten; for a negative x the C recursion never ends."""
        if x < 0:
            raise Unreproducible(f"tp({x}) recurses until the stack overflows (the reference build crashes)")
        power: int = 10**x  # an int, x being 0 or more (typeshed's int ** int is Any: x < 0 gives a float)
        return power

    def init(self) -> None:
        self.enter("init")
        self.rng.srand(self.seed)
        for p in range(5):
            i = 0
            for v, w, x, y, z in _counts(4):
                total = v + w + x + y + z
                digits = self._dig(v, w, x, y, z)
                if total in (2, 3):
                    self.set_word(self.SURV + 55 * p + i, (p + 1) + digits)
                    i += 1
                elif total == 1:
                    self.set_word(self.SURV + 55 * p + i, digits + 2 * self.tp(p + 1))
                    i += 1
        i = 0
        for v, w, x, y, z in _counts(2):
            if v + w + x + y + z == 3:
                self.set_word(self.HYB + i, self._dig(v, w, x, y, z))
                i += 1
        i = 0
        for x in range(3):
            for y in range(3):
                if not (x == y == 1):
                    self.set_word(self.DIS + 2 * i, x - 1)
                    self.set_word(self.DIS + 2 * i + 1, y - 1)
                    i += 1

    def _dig(self, v: int, w: int, x: int, y: int, z: int) -> int:
        return v * self.tp(5) + w * self.tp(4) + x * self.tp(3) + y * 100 + z * 10

    def print_bd(self) -> None:
        self.enter("print_bd")
        io = self.io
        tens = 1 if not self.on(TENS_LINE) else 0
        io.printf("  ")
        x = 0
        while x < self.width:
            io.putchar(_string_at(b" 12", (x + tens) // 10))
            x += 1
        io.putchar(ord("\n"))
        y = 0
        while y < self.height + 2:
            x = 0
            while x < self.width + 2:
                if not y or y > self.height:
                    if not x or x > self.width:
                        io.printf("  ")
                    else:
                        io.putchar(ord("0") + x % 10)
                elif not x:
                    io.printf("%2d", y)
                elif x > self.width:
                    io.printf("%-2d", y)
                else:
                    io.putchar(self.token(_c_mod(self.word(self.bd(x, y)), 10)))
                x += 1
            if y == 0:
                io.printf("\tKey:")
            elif y == 1:
                io.printf("\t---")
            elif 2 <= y <= 5:
                io.printf("\t%c - Player %d", self.token(y - 1), y - 1)
                in_game = self.on(ABSENT_PLAYERS) or y - 2 < self.players
                if in_game and not self.word(self.POP + y - 2):
                    io.printf(" DEAD")
            elif y == 6:
                io.printf("\t%c - Hybred", self.token(5))
            io.printf("\n")
            y += 1
        io.printf("  ")
        x = 0
        while x < self.width:
            io.putchar(_string_at(b" 1234", (x + tens) // 10))
            x += 1
        io.putchar(ord("\n"))

    def survives(self, code: int) -> int:
        """The first table entry equal to `code`: its player, 5 for a hybrid, 0 for none."""
        if self._survivors is None:
            found: dict[int, int] = {}
            for p in range(5):
                for k in range(55):
                    found.setdefault(self.word(self.SURV + 55 * p + k), p + 1)
            for k in range(10):
                found.setdefault(self.word(self.HYB + k), 5)
            self._survivors = found
        return self._survivors.get(code, 0)

    def generation(self) -> None:
        """Every piece adds a power of ten to its eight neighbours; then each square's code decides.
        Every bound and every offset is read from memory as it is used, as the build does.

        The computers' search runs this thousands of times a game, so inside the modelled region
        it reads and writes the words directly; an index outside it, a write into the survival
        tables (which survives() caches) or an int overflow takes the checked path of word() and
        set_word(), which names the fault or wraps the value exactly as they always do."""
        self.enter("generation")
        words = self.mem.words
        size, plain_end = len(words), self.SURV
        width, height, dis, pop, board, column = (
            self.WIDTH,
            self.HEIGHT,
            self.DIS,
            self.POP,
            self.BD,
            self.COLUMN,
        )
        load, store = self.word, self.set_word
        x = 0
        while x < words[width] + 1:
            y = 0
            while y < words[height] + 1:
                at = board + x * column + y
                p = _c_mod(words[at] if 0 <= at < size else load(at), 10)
                if p:
                    power = self.tp(p)
                    for k in range(0, 16, 2):
                        at = board + (x + words[dis + k]) * column + y + words[dis + k + 1]
                        value = (words[at] if 0 <= at < size else load(at)) + power
                        if 0 <= at < plain_end and value < 2**31:
                            words[at] = value
                        else:
                            store(at, value)
                y += 1
            x += 1
        for k in range(5):
            store(pop + k, 0)
        x = 0
        while x < words[width] + 2:
            y = 0
            while y < words[height] + 2:
                at = board + x * column + y
                if not y or y > words[height] or not x or x > words[width]:
                    if 0 <= at < plain_end:
                        words[at] = 0
                    else:
                        store(at, 0)
                else:
                    owner = self.survives(words[at] if 0 <= at < size else load(at))
                    if 0 <= at < plain_end:
                        words[at] = owner
                    else:
                        store(at, owner)
                        owner = load(at)
                    if owner:
                        store(pop + owner - 1, load(pop + owner - 1) + 1)
                y += 1
            x += 1

    def getxy(self, x: int, y: int) -> Generator[Event, bytes | None, tuple[int, int]]:
        self.enter("getxy")
        io = self.io
        io.question()
        io.printf("<X,Y>: ")
        if not self.on(RETRY_LOOPS):
            return (yield from self._fixed_answer(_pair, "Invalad location. Retry. x,y : ", self._on_board))
        x, y = yield from io.scanf_pair(x, y)
        while not self._on_board((x, y)):
            io.printf("Invalad location. Retry. x,y : ")
            x, y = yield from io.scanf_pair(x, y)
        return x, y

    def _on_board(self, xy: tuple[int, int]) -> bool:
        x, y = xy
        return 1 <= x <= self.width and 1 <= y <= self.height

    def getint(self, low: int, high: int) -> Generator[Event, bytes | None, int]:
        self.enter("getint")
        io = self.io
        io.question()
        if not self.on(RETRY_LOOPS):
            retry = f"Invalad. Choose a number between {low} and {high} : "
            return (yield from self._fixed_answer(_single, retry, lambda t: low <= t <= high))
        t = yield from io.scanf_int(self._getint_t)
        while t < low or t > high:
            io.printf("Invalad. Choose a number between %d and %d : ", low, high)
            t = yield from io.scanf_int(t)
        self._getint_t = t
        return t

    def _fixed_answer(
        self, parse: Callable[[bytes], Answer | None], retry: str, good: Callable[[Answer], bool]
    ) -> Generator[Event, bytes | None, Answer]:
        """--fixed: one answer a line; a line without a good one asks again; the end of input ends."""
        while True:
            line = yield from self.io.read_line()
            if line is None:
                raise InputEnded
            answer = parse(line)
            if answer is not None and good(answer):
                return answer
            self.io.printf(retry)

    def compyturn(self, p: int, g: int) -> None:
        self.enter("compyturn")
        if self.computer != "c":
            bestx, besty = self._level_move(p)
        elif g <= PIECES:
            if g == 1:
                bestx, besty = self._first_move()
            else:
                bestx, besty = self._setup_move(p)
        else:
            bestx, besty = self._search(p)
        self.set_word(self.bd(bestx, besty), p + 1)
        self.io.printf("Computer Player %d (%c): %d, %d\n", p + 1, self.token(p + 1), bestx, besty)

    def _level_move(self, p: int) -> tuple[int, int]:
        """One of our levels plays for the computer: the board as the program holds it now."""
        width, height = self.width, self.height
        board = [[0] * (height + 2) for _ in range(width + 2)]
        for x in range(1, width + 1):
            for y in range(1, height + 1):
                token = _c_mod(self.word(self.bd(x, y)), 10)
                board[x][y] = token if 0 < token <= 5 else 0
        return choose(self.computer, board, p + 1, width, height, self.level_random)

    def _random_coordinate(self) -> int:
        """rand() % (width - 1) + 1, as the build computes it (a width of 1 divides by zero)."""
        modulus = self.width - 1
        if modulus == 0:
            raise Unreproducible("rand() % (width - 1) divides by zero (the reference build dies of SIGFPE)")
        return _c_mod(self.rng.rand(), modulus) + 1

    def _first_move(self) -> tuple[int, int]:
        if self.on(COMPUTER_FIRST_MOVE):
            return self._random_coordinate(), self._random_coordinate()
        return self._free_square()

    def _free_square(self) -> tuple[int, int]:
        """The fix's choice: one of the board's free squares, drawn with rand()."""
        free = [
            (x, y)
            for x in range(1, self.width + 1)
            for y in range(1, self.height + 1)
            if not self.word(self.bd(x, y))
        ]
        if not free:
            raise Unreproducible("the board is full")  # the game cannot go on; never seen in play
        return free[self.rng.rand() % len(free)]

    def _setup_move(self, p: int) -> tuple[int, int]:
        """The second and third pieces: next to the piece of its own found last."""
        faithful = self.on(SETUP_SEARCH)
        columns = range(self.width) if faithful else range(1, self.width + 1)
        rows = range(self.width) if faithful else range(1, self.height + 1)  # the build scans rows to width
        found = None
        for x in columns:
            for y in rows:
                if self.word(self.bd(x, y)) == p + 1:
                    found = (x, y)
        if found is None:
            if faithful:
                raise Unreproducible(
                    f"computer player {p + 1} has no piece of its own where it looks for one, so its next "
                    "setup piece goes beside an uninitialised position (the reference build reads a code "
                    "address left on its stack there, and crashes)"
                )
            return self._free_square()
        bestx, besty = found
        open_ways = [k for k in range(8) if self._open_neighbour(bestx, besty, k)]
        if not open_ways:
            if faithful:
                raise Unreproducible(
                    f"computer player {p + 1}'s piece at {bestx}, {besty} has no free neighbour on the "
                    "board: the 2008 program draws directions for ever without a word"
                )
            return self._free_square()
        while True:  # the build's do-while: a direction at random until one is open
            k = self.rng.rand() % 8
            if self._open_neighbour(bestx, besty, k):
                return bestx + self._dis(k, 0), besty + self._dis(k, 1)

    def _dis(self, k: int, axis: int) -> int:
        return self.word(self.DIS + 2 * k + axis)

    def _open_neighbour(self, x: int, y: int, k: int) -> bool:
        """The do-while's three tests for direction k: free, and on the board across and down."""
        nx, ny = x + self._dis(k, 0), y + self._dis(k, 1)
        if self.word(self.bd(nx, ny)):
            return False
        return 1 <= nx <= self.width and 1 <= ny <= self.height

    def _search(self, p: int) -> tuple[int, int]:
        """Each free square in turn, one generation on: the best count of its own less the others'."""
        faithful = self.on(LARGE_BOARD_OVERFLOW)
        saved_board = self._save_board(faithful)
        saved_pop = [self.word(self.POP + k) for k in range(5)]
        bestx, besty = self._random_coordinate(), self._random_coordinate()
        bestr = -99
        y = 0
        while y < self.height - 1:
            x = 0
            while x < self.width - 1:
                if not self.word(self.bd(x + 1, y + 1)):
                    self.set_word(self.bd(x + 1, y + 1), p + 1)
                    self.generation()
                    r = 0
                    for k in range(5):
                        r += self.word(self.POP + k) * (1 if k == p else -1)
                    if r > bestr:
                        bestr, bestx, besty = r, x + 1, y + 1
                    self._restore_board(saved_board, faithful)
                    for k in range(5):
                        self.set_word(self.POP + k, saved_pop[k])
                x += 1
            y += 1
        return bestx, besty

    def _save_board(self, faithful: bool) -> list[int]:
        """bdc[c][d] = bd[c][d] for c up to height and d up to width: the indices the wrong way
        round, so the copy covers bd's words 0 to height * 19 + width and no others."""
        if not faithful:
            return self.mem.words[self.BD : self.bd(MAX_W + 1, 0)]
        copy = [0] * (MAX_W * MAX_H)
        for c, d in self._copied():
            if not 0 <= c * MAX_H + d < len(copy):
                raise Unreproducible(
                    f"bdc[{c}][{d}] is outside the computer's copy of the board (on its stack)"
                )
            copy[c * MAX_H + d] = self.word(self.bd(c, d))
        return copy

    def _copied(self) -> Iterable[tuple[int, int]]:
        words, height, width = self.mem.words, self.HEIGHT, self.WIDTH  # both always in the region
        c = 0
        while c < words[height] + 1:
            d = 0
            while d < words[width] + 1:
                yield c, d
                d += 1
            c += 1

    def _restore_board(self, saved: list[int], faithful: bool) -> None:
        if not faithful:
            self.mem.words[self.BD : self.BD + len(saved)] = saved
            self._survivors = None
            return
        words, plain_end = self.mem.words, self.SURV
        for c, d in self._copied():
            if not 0 <= c * MAX_H + d < len(saved):
                raise Unreproducible(
                    f"bdc[{c}][{d}] is outside the computer's copy of the board (on its stack)"
                )
            at = self.bd(c, d)
            if 0 <= at < plain_end:  # set_word's checks, which only its edges need (see generation)
                words[at] = saved[c * MAX_H + d]
            else:
                self.set_word(at, saved[c * MAX_H + d])

    def winner(self) -> int:
        w = 0
        for c in range(self.players):
            if self.word(self.POP + c):
                if w:
                    return 0
                w = c + 1
        if not w and not self.on(HYBRID_TAKEOVER) and self.word(self.POP + 4):
            return 5
        return w or 6

    def play(self) -> Calls:
        self.enter("play")
        io = self.io
        x, y = PLAY_XY_AT_START
        io.answers_shown = True  # the setup's answers hide nothing from anyone
        io.printf("How many players? (2 - 4) ")
        self.set_word(self.PLAYERS, (yield from self.getint(2, 4)))
        comp = [0] * 4
        for c in range(self.players):
            io.printf("Player %d, (1) human or (2) computer? : ", c + 1)
            comp[c] = (yield from self.getint(1, 2)) - 1
        io.printf("(1) Small or (2) large game? ")
        c = (yield from self.getint(1, 2)) - 1
        io.answers_shown = False
        self.set_word(self.WIDTH, MAX_W - 1 if c else 5)
        self.set_word(self.HEIGHT, MAX_H - 1 if c else 5)
        f = self.rng.rand() % self.players
        io.printf("Each player gets %d pieces to play.\n", PIECES)
        for c in range(self.players):
            self.set_word(self.POP + c, 1)
        g = 0
        while True:
            g += 1
            c = 0
            while c < self.players:
                turn = (c + f + g) % self.players
                if self.word(self.POP + turn):
                    self.print_bd()
                    if not 0 <= turn < 4:
                        raise Unreproducible(f"comp[{turn}] is past play's array of four (on its stack)")
                    if not comp[turn]:
                        shown = 0 if g < PIECES else g - PIECES
                        io.printf("Generation %d, player %d (%c) ", shown, turn + 1, self.token(turn + 1))
                        x, y = yield from self.getxy(x, y)
                        if self.word(self.bd(x, y)):
                            io.printf("Occupied. Turn discarded.\n")
                        else:
                            self.set_word(self.bd(x, y), turn + 1)
                    else:
                        self.compyturn(turn, g)
                c += 1
            if g >= PIECES:
                self.print_bd()
                io.printf("\nPress ENTER to advance the generation:\n")
                yield from self._press_enter()
                self.generation()
            d = self.winner()
            if d:
                break
        self.print_bd()
        end = "\n" if not self.on(FINAL_NEWLINE) else ""
        if d == 6:
            io.printf("\n\nTotal extinction." + end)
        elif d == 5:
            io.printf("\n\nHybred takeover!" + end)
        else:
            io.printf("\n\nPlayer %d wins!" + end, d)

    def _press_enter(self) -> Calls:
        if self.on(TWO_GETCHARS):
            yield from self.io.getchar()
            yield from self.io.getchar()
            return
        self.io.drop_rest_of_line()
        if (yield from self.io.read_line()) is None and not self.on(RETRY_LOOPS):
            raise InputEnded


def _counts(limit: int) -> Iterable[tuple[int, int, int, int, int]]:
    """Five nested loops from 0 to limit - 1, the last the fastest, as the C macros nest them."""
    for v in range(limit):
        for w in range(limit):
            for x in range(limit):
                for y in range(limit):
                    for z in range(limit):
                        yield v, w, x, y, z


def _string_at(literal: bytes, index: int) -> int:
    """A character of a string literal, its terminating NUL included; past that, read-only data
    that is not the program's."""
    if 0 <= index < len(literal):
        return literal[index]
    if index == len(literal):
        return 0
    raise Unreproducible(f"{literal.decode()!r}[{index}] reads past the string")


_WHOLE = rb"([+-]?)0*(\d{1,9})"
"""A sign, then the number's value: leading zeros, however many, count for nothing. A number of ten
figures or more is past every range the program asks for, and is refused like one out of range."""
_NUMBER = re.compile(rb"^\s*" + _WHOLE + rb"\s*$")
_SQUARE = re.compile(rb"^\s*" + _WHOLE + rb"(?:\s*[^\d\s]\s*|\s+)" + _WHOLE + rb"\s*$")


def _single(line: bytes) -> int | None:
    """--fixed: a line that is one number, nothing else."""
    found = _NUMBER.match(line)
    return None if found is None else int(found[1] + found[2])


def _pair(line: bytes) -> tuple[int, int] | None:
    """--fixed: a line that is two numbers, apart by spaces or one mark: `3,4`, `3 4`, `3.4`, `3x4`."""
    found = _SQUARE.match(line)
    return None if found is None else (int(found[1] + found[2]), int(found[3] + found[4]))


NO_INTRO = (
    "Cell Life\n\n"
    "(Here the 2008 program prints its introduction. Its words are read from its\n"
    "C source, cell-life-2008.c, which life2 did not find: set CELL_LIFE_SOURCE,\n"
    "as docs/cell-life.md says.)\n\n"
)
"""Printed in place of the program's introduction when its C source is not at hand: the words are
the C program's, which this project does not carry (reference/cell_life.py reads them)."""


def make_program(
    runtime: str,
    bugs: Iterable[str],
    seed: int | None = None,
    person: bool = False,
    computer: str = "c",
    intro: str | None = None,
) -> CellLifeProgram:
    """The registry's way in."""
    return CellLifeProgram(bugs, seed, person, computer, intro)


def erase_key(runtime: str) -> str:
    """The tty's erase, for a keyboard's Backspace: the line is edited before the program reads it."""
    return "\b"


def break_key(runtime: str) -> bytes | None:
    """Ctrl-C is the tty's interrupt: it stops the program, and with it life2."""
    return None


def breaks_between_statements(runtime: str) -> bool:
    """A C program has no BREAK: Ctrl-C ends it wherever it is."""
    return False
