"""p2life (Levene & Roussos, "A Two-Player Game of Life") as the real game its paper leaves for later:
players move between generations, the way LIFE2 is played.

The paper ends on the question of how to turn p2life into a game "where
players are allowed to make moves between generations". LIFE2 (1978) is
such a game, so this is LIFE2's flow, as its instructions describe it
(`life2 --fixed`), on p2life's rules:

* each player places 3 pieces, hidden from the other; a square both chose
  stays empty; the board is printed, and a generation passes at once;
* then each places one piece on an empty square before every generation,
  hidden too; a square both name stays empty;
* the game ends when a side has no pieces left: the other side wins, and if
  neither has any it is a draw.

What p2life brings: two colours, white `O` and black `#`, whose births and
survivals compete (automata/rules.py has them cell by cell, with the paper's
variants), and the coin that decides a birth at three and three. The coin is
seeded, and the transcript says where it decided. A board may be larger than
5 by 5, a computer may hold a seat (p2life_players.py), and a limit of rounds
may end a game that would not end, the more pieces winning.

Hidden input is LIFE2's: before every prompt the same mask, `XXXXXX`,
`$$$$$$` and `&&&&&&` struck over one another with bare carriage returns, so
that the keys a Teletype prints for itself vanish into the ink. A row of
spaces follows, which a glass terminal shows as a clean line while paper
keeps the blot; and no terminal shows the echo (the transcript keeps it).

Everything printed is capitals, at most 72 characters a line, with CR LF, as
a Model 33 wants it. The program does no I/O: it yields output, echo, input
requests and the marks where a whole picture of the game begins.
"""

from __future__ import annotations

import random
import re
import textwrap
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass

from ...automata.rules import BLACK, EMPTY, P2LIFE, WHITE, Rules, rules_for
from ...events import INPUT_REQUEST, REDISPLAY, Echo, Event, Run, Stop
from .board import (
    LARGEST,
    SMALLEST,
    Cells,
    empty_board,
    generation,
    index_of,
    population,
    square_of,
)
from .players import LEVELS, SETUP_PIECES, ComputerPlayer

WIDTH = 72
"""A Model 33's line."""
NAMES = {WHITE: "WHITE", BLACK: "BLACK"}
PIECES = {EMPTY: ".", WHITE: "O", BLACK: "#"}
MASK_ROWS = ("X", "$", "&")
"""LIFE2's mask (line 700): three rows struck over one another, each ended by a bare CR."""

Steps = Generator[Event, bytes | None, None]
Reading = Generator[Event, bytes | None, bytes]
Asking = Generator[Event, bytes | None, int]


class InputEnded(Exception):
    """Nothing more can be typed (end of the file, Ctrl-D): the game ends where it is."""


def player(colour: int) -> str:
    """A side as the program names it: `WHITE (O)`."""
    return f"{NAMES[colour]} ({PIECES[colour]})"


def rounds_of(count: int) -> str:
    return f"{count} ROUND" + ("S" if count != 1 else "")


def seats_of(computer: str | None) -> dict[int, str]:
    """`--computer`: one level, the computer plays black; two, `WHITE,BLACK`, it plays both."""
    if computer is None:
        return {}
    levels = computer.split(",")
    if len(levels) > 2 or any(level not in LEVELS for level in levels):
        raise ValueError(
            f"p2life's computers: a level ({', '.join(LEVELS)}) for black, or two, white's and black's, "
            f"as 2,3; not {computer!r}"
        )
    return dict(zip((BLACK,) if len(levels) == 1 else (WHITE, BLACK), levels, strict=True))


def edited(typed: bytes) -> bytes:
    """The line as the player meant it: `_` (what a Teletype's Backspace sends), backspace and RUBOUT
    take back a character, `@` kills the line, as the hosts of the day did; other control bytes and
    8-bit bytes are dropped."""
    line = bytearray()
    for byte in typed:
        if byte in (0x5F, 0x08, 0x7F):
            if line:
                line.pop()
        elif byte == 0x40:
            line.clear()
        elif 0x20 <= byte < 0x7F:
            line.append(byte)
    return bytes(line)


_SQUARE = re.compile(rb"^\s*(\d+)(?:\s*,\s*|\s+)(\d+)\s*$")
"""Two runs of digits apart by a comma or by blanks. The separator is written so that the blanks
can be split only one way: a line of blanks costs the match its length, not its square."""
PAST_ANY_BOARD = 1000
"""What a number of more than three figures reads as: off every board, however long it is."""


def _whole(digits: bytes) -> int:
    """A typed number's value, leading zeros counting for nothing; the digits are never converted
    whole (Python's int() refuses more than 4,300 of them, and a player may type any number)."""
    significant = digits.lstrip(b"0")
    return int(significant or b"0") if len(significant) < 4 else PAST_ANY_BOARD


def parse_square(line: bytes) -> tuple[int, int] | None:
    """`3,4`, `3 4` or ` 3 , 4 `: the column, then the row; None for anything else."""
    found = _SQUARE.match(line)
    return None if found is None else (_whole(found[1]), _whole(found[2]))


@dataclass(frozen=True)
class RuleWords:
    """The words that differ between the rule sets (the paper's variants), wherever the rules are said."""

    more: str
    """How many more neighbours of its own a piece needs to live on."""
    or_one: str
    """What a difference of one needs, if it lives on at all (", OR ..." or nothing)."""
    against: str
    """How many of the other colour a birth allows."""
    tie: str
    """What three and three make."""


def rule_words(rules: Rules) -> RuleWords:
    if not rules.survive_at_difference_one:
        or_one = ""
    elif rules.difference_one_needs_two_own:
        or_one = ", OR 1 MORE AND AT LEAST 2 OF ITS OWN"
    else:
        or_one = ", OR JUST 1 MORE"
    return RuleWords(
        more="2 OR 3" if rules.difference_at_most_three else "AT LEAST 2",
        or_one=or_one,
        against="FEWER THAN 3" if rules.birth_needs_fewer_than_three_opposing else "NOT 3",
        tie="A COIN DECIDES" if rules.coin_birth else "IT STAYS EMPTY",
    )


def rules_text(rules: Rules) -> str:
    """The rules in a few sentences, as this rule set has them (the paper's variants change them)."""
    words = rule_words(rules)
    more, or_one, against, tie = words.more, words.or_one, words.against, words.tie
    return (
        f"A PIECE LIVES ON WHEN IT HAS {more} MORE NEIGHBOURS OF ITS OWN COLOUR THAN OF THE OTHER{or_one}; "
        "ELSE IT DIES. "
        f"AN EMPTY SQUARE WITH EXACTLY 3 NEIGHBOURS OF ONE COLOUR, AND {against} OF THE OTHER, "
        f"IS BORN THAT COLOUR; WITH 3 OF EACH, {tie}."
    )


class P2LifeProgram:
    """One game of p2life: a board size, a rule set, a seeded coin, and who holds each seat."""

    def __init__(
        self,
        seed: int | None = None,
        board: int = SMALLEST,
        variant: str = "0",
        rounds: int | None = None,
        computer: str | None = None,
    ) -> None:
        if not SMALLEST <= board <= LARGEST:
            raise ValueError(f"a p2life board is {SMALLEST} to {LARGEST} squares a side, not {board}")
        if rounds is not None and rounds < 1:
            raise ValueError(f"a limit of rounds is 1 or more, not {rounds}")
        self.size = board
        self.rules = rules_for(variant)
        self.rounds = rounds
        self.seed = int(time.time()) if seed is None else seed
        """Printed with the rules, so that a game can be played again."""
        self.coin = random.Random(self.seed)
        """The coin's own stream: a seed tosses the same coins whatever the computers do."""
        self.computers = {
            colour: ComputerPlayer(level, colour, board, self.rules, random.Random(f"{self.seed}:{colour}"))
            for colour, level in seats_of(computer).items()
        }
        self._out = bytearray()
        self.board: Cells = empty_board(board)
        """The board as the players last saw it placed: what an exhibit's panel may show."""
        self.before: Cells | None = None
        """The board the last generation started from (None before the first)."""
        self.generations = 0
        self.coins: tuple[int, ...] = ()
        """The cells the coin decided in the last generation."""

    # -- output ---------------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """One line, ended as a Teletype needs: CR LF."""
        self._out += text.encode("ascii") + b"\r\n"

    def _flush(self) -> Steps:
        if self._out:
            data = bytes(self._out)
            self._out.clear()
            yield data

    def _mark(self, event: Event) -> Steps:
        """An event in its place among the output: what was said before it goes out first."""
        yield from self._flush()
        yield event

    def _centred(self, text: str) -> None:
        self.say(" " * ((WIDTH - len(text)) // 2) + text)

    def _paragraph(self, text: str) -> None:
        for line in textwrap.wrap(text, 64):
            self.say(line)

    # -- the game ---------------------------------------------------------------------------------------

    def run(self) -> Run:
        """The game as a generator of output, echo and input requests."""
        stop = Stop.END
        try:
            yield from self._play()
        except InputEnded:
            stop = Stop.INPUT_ENDED
            self.say()
            self.say("NO MORE INPUT: THE GAME STOPS HERE.")
        yield from self._flush()
        return stop

    def _play(self) -> Steps:
        yield from self._mark("title")
        self._title()
        cells = self.board = yield from self._setup()
        yield from self._show("THE PIECES AS PLACED", cells)
        number = rounds = 0
        while True:
            yield from self._mark("generation")
            after = generation(cells, self.size, self.rules, self._toss)
            self.before = cells
            cells, number = after.cells, number + 1
            self.board, self.generations, self.coins = cells, number, after.coins
            yield from self._show(f"GENERATION {number}", cells, after.coins)
            if self._ended(cells) or self._out_of_rounds(rounds, cells):
                return
            rounds += 1
            cells = self.board = yield from self._turn(cells)

    def _toss(self) -> bool:
        return self.coin.random() < 0.5

    def _title(self) -> None:
        self._centred("P2LIFE")
        self._centred("A TWO-PLAYER GAME OF LIFE, AFTER LEVENE AND ROUSSOS")
        self.say()
        self.say()
        n = self.size
        self._paragraph(
            f"WHITE IS O AND BLACK IS #. EACH PLACES {SETUP_PIECES} PIECES, HIDDEN FROM THE OTHER; "
            "THEN, BEFORE EVERY GENERATION, EACH PLACES ONE MORE ON AN EMPTY SQUARE. "
            f"NAME A SQUARE AS X,Y: ITS COLUMN, THEN ITS ROW, EACH 1 TO {n}. "
            "A SQUARE YOU BOTH NAME STAYS EMPTY."
        )
        self.say()
        self._paragraph(rules_text(self.rules) + " WHOEVER STILL HAS PIECES WHEN THE OTHER HAS NONE WINS.")
        self.say()
        rules = "THE PAPER'S RULES" if self.rules is P2LIFE else self.rules.name.upper()
        self._paragraph(f"BOARD {n} BY {n}. {rules}. SEED {self.seed}.")
        if self.rounds is not None:
            self._paragraph(f"AFTER {rounds_of(self.rounds)} THE MORE PIECES WIN.")
        for colour, seat in self.computers.items():
            self.say(f"{player(colour)} IS THE COMPUTER, LEVEL {seat.level}.")

    # -- the setup: three pieces each, hidden ---------------------------------------------------------

    def _setup(self) -> Generator[Event, bytes | None, Cells]:
        yield from self._mark("setup")
        planned = {colour: seat.setup() for colour, seat in self.computers.items()}  # before anyone types
        chosen: dict[int, list[int]] = {}
        for colour in (WHITE, BLACK):
            yield from self._mark(REDISPLAY)
            self.say()
            if colour in planned:
                chosen[colour] = planned[colour]
                self.say(f"{player(colour)}: THE COMPUTER HAS PLACED {SETUP_PIECES} PIECES.")
                continue
            self.say(f"{player(colour)}: PLACE {SETUP_PIECES} PIECES.")
            squares: list[int] = []
            for piece in range(1, SETUP_PIECES + 1):

                def own(square: int, squares: list[int] = squares) -> str | None:
                    return "YOU HAVE A PIECE THERE ALREADY." if square in squares else None

                squares.append((yield from self._ask(f"PIECE {piece}", own)))
            chosen[colour] = squares
        return self._placed(chosen[WHITE], chosen[BLACK])

    def _placed(self, white: Iterable[int], black: Iterable[int]) -> Cells:
        """The setup's board: a square both chose stays empty, and they are told so."""
        both = set(white) & set(black)
        cells = list(empty_board(self.size))
        for colour, squares in ((WHITE, white), (BLACK, black)):
            for square in squares:
                cells[square] = EMPTY if square in both else colour
        for square in sorted(both):
            self.say(f"BOTH CHOSE {self._named(square)}: IT STAYS EMPTY.")
        return tuple(cells)

    # -- a turn: one piece each, hidden ---------------------------------------------------------------

    def _turn(self, cells: Cells) -> Generator[Event, bytes | None, Cells]:
        yield from self._mark("turn")
        planned = {colour: seat.move(cells) for colour, seat in self.computers.items()}  # before anyone types
        moves: dict[int, int | None] = {}
        for colour in (WHITE, BLACK):
            self.say()
            if colour in planned:
                moves[colour] = planned[colour]
                self.say(f"{player(colour)}: THE COMPUTER HAS CHOSEN.")
            elif EMPTY not in cells:
                moves[colour] = None
            else:

                def free(square: int) -> str | None:
                    return "THAT SQUARE IS TAKEN." if cells[square] != EMPTY else None

                moves[colour] = yield from self._ask(player(colour), free)
        return self._moved(cells, moves[WHITE], moves[BLACK])

    def _moved(self, cells: Cells, white: int | None, black: int | None) -> Cells:
        """Both pieces placed, and the players told where; a square both named stays empty."""
        self.say()
        if white is not None and white == black:
            self.say(f"BOTH CHOSE {self._named(white)}: IT STAYS EMPTY.")
            return cells
        board = list(cells)
        told = []
        for colour, square in ((WHITE, white), (BLACK, black)):
            if square is None:
                told.append(f"{player(colour)} HAS NO EMPTY SQUARE")
            else:
                board[square] = colour
                told.append(f"{player(colour)} TOOK {self._named(square)}")
        self.say(", ".join(told) + ".")
        return tuple(board)

    # -- asking for a square ----------------------------------------------------------------------------

    def _ask(self, prompt: str, refused: Callable[[int], str | None]) -> Asking:
        """A square, asked for until one is given that `refused` has nothing against."""
        while True:
            self.say(f"{prompt} X,Y")
            self._mask()
            self._out += b"? "
            line = yield from self._read()
            typed = parse_square(line)
            if typed is None:
                problem = f"TYPE THE SQUARE AS X,Y: TWO WHOLE NUMBERS, EACH 1 TO {self.size}."
            elif not all(1 <= value <= self.size for value in typed):
                problem = f"THE BOARD GOES FROM 1 TO {self.size} EACH WAY."
            else:
                square = index_of(*typed, self.size)
                refusal = refused(square)
                if refusal is None:
                    return square
                problem = refusal
            self.say(f"{problem} RETYPE.")

    def _mask(self) -> None:
        """LIFE2's blot, wide enough for the longest square; then spaces, which clear a screen's line."""
        width = max(6, len(f"? {self.size},{self.size}") + 1)
        for row in (*MASK_ROWS, " "):
            self._out += row.encode("ascii") * width + b"\r"

    def _read(self) -> Reading:
        """One typed line: the echo (hidden by every terminal, kept by a transcript), then CR LF."""
        yield from self._flush()
        typed = yield INPUT_REQUEST
        if typed is None:
            raise InputEnded
        shown = bytes(byte for byte in typed if 0x20 <= byte < 0x7F)
        if shown:
            yield Echo(shown)
        self.say()
        return edited(typed)

    # -- the board and the end ----------------------------------------------------------------------------

    def _named(self, square: int) -> str:
        x, y = square_of(square, self.size)
        return f"{x},{y}"

    def _show(self, heading: str, cells: Cells, coins: Iterable[int] = ()) -> Steps:
        """A whole picture of the game: heading, board, the coin's decisions, the counts."""
        yield from self._mark(REDISPLAY)
        n = self.size
        numbers = "   " + "".join(f"{x:3}" for x in range(1, n + 1))
        self.say()
        self.say(heading)
        self.say(numbers)
        for y in range(1, n + 1):
            row = cells[(y - 1) * n : y * n]
            self.say(f"{y:3}" + "".join(f"  {PIECES[cell]}" for cell in row) + f"  {y}")
        self.say(numbers)
        for square in coins:
            self.say(f"THE COIN GAVE {self._named(square)} TO {player(cells[square])}.")
        white, black = population(cells)
        self.say(f"{player(WHITE)} {white}, {player(BLACK)} {black}.")

    def _ended(self, cells: Cells) -> bool:
        """LIFE2's ending (lines 570-575): none left on one side, the other wins; none on either, a draw."""
        white, black = population(cells)
        if white and black:
            return False
        self.say()
        if white or black:
            self.say(f"{player(WHITE if white else BLACK)} IS THE WINNER.")
        else:
            self.say("A DRAW: NEITHER SIDE HAS A PIECE LEFT.")
        return True

    def _out_of_rounds(self, rounds: int, cells: Cells) -> bool:
        if self.rounds is None or rounds < self.rounds:
            return False
        white, black = population(cells)
        self.say()
        self.say(f"{rounds_of(self.rounds)} PLAYED.")
        if white == black:
            self.say(f"A DRAW: {white} PIECES EACH.")
        else:
            self.say(f"{player(WHITE if white > black else BLACK)} IS THE WINNER, WITH MORE PIECES.")
        return True


def make_program(
    runtime: str,
    bugs: Iterable[str],
    seed: int | None = None,
    person: bool = False,
    computer: str | None = None,
    board: int = SMALLEST,
    variant: str = "0",
    rounds: int | None = None,
) -> P2LifeProgram:
    """The registry's way in. p2life has no original, so no bugs; the end of input ends the game,
    whoever types."""
    return P2LifeProgram(seed, board, variant, rounds, computer)


def erase_key(runtime: str) -> str:
    """What a Teletype's Backspace sends: `_`, which the program takes as an erase (see `edited`)."""
    return "_"


def break_key(runtime: str) -> bytes | None:
    """Ctrl-C is no key of p2life's: it stops the game, and with it life2."""
    return None


def breaks_between_statements(runtime: str) -> bool:
    """p2life has no BREAK: Ctrl-C ends the game wherever it is."""
    return False
