"""How to play each game, in our own words, as a sheet printed before the game (`life2 --instructions`).

A museum lays the rules beside the machine on paper; `--instructions` prints
them on the terminal itself, so a Teletype types them out first. Lines are at
most 64 characters, to fit a Model 33's 72 columns with room to spare, and
plain ASCII, because the Teletype prints nothing else.
"""

from __future__ import annotations

LIFE2 = """\
HOW TO PLAY LIFE2

Two players share a 5 by 5 board. Player 1's pieces are *,
player 2's are #. A square is named X,Y: its column, then its
row, each 1 to 5, as the numbers round the board show.
Type 3,2 and press RETURN for column 3, row 2.

SETUP. Each player places 3 pieces. What you type is hidden,
so your opponent cannot see it.

EACH TURN. Both players place one piece on an empty square.
Then the board moves on one generation and is printed.

A GENERATION. Every square looks at its 8 neighbours; * and #
count alike.
  - A piece with 2 or 3 neighbours lives. With 0 or 1 it dies
    of loneliness, with 4 or more of overcrowding.
  - An empty square with exactly 3 neighbours gets a new piece.
    It belongs to the player who owns 2 or 3 of those 3.

WINNING. When one player has no pieces left, the other wins.
If both are wiped out at once, it is a draw.

The 1978 program has its own ways, kept as it was printed:
  - ILLEGAL COORDS. RETYPE: that square is taken or off the
    board; type another. In the setup it also tells player 2
    where player 1's pieces are.
  - An empty RETURN, or a huge number, stops the program: OK.
  - After the winner it stops with an error in line 575, then
    OK: it jumps to a line 800 that it never had.
life2 --fixed plays without these faults.
"""

CELL_LIFE = """\
HOW TO PLAY CELL LIFE

Two to four players, each a person or the computer, on a 5 by 5
board or a large 25 by 18 one. A square is named X,Y: its
column, then its row, as the numbers round the board show.
Type 3,2 and press RETURN for column 3, row 2.

Each player places 3 pieces, then one piece a turn; the order
of turns moves round. A square already taken costs the turn.
Press RETURN when asked, and one generation passes:
  - a piece with 2 or 3 neighbours lives; with fewer or more,
    it dies. Every piece counts, whoever owns it.
  - an empty square with exactly 3 neighbours comes alive. It
    goes to the player who owns 2 or 3 of them; if all three
    differ it becomes a hybrid, @, that belongs to nobody.
A player with no pieces left is out. The last one left wins.

The 2008 program has its own ways, kept as it was written:
a letter where a number is asked for makes it repeat its
question over and over, and after the result it waits for one
more RETURN. life2 --fixed plays without these faults.
"""

P2LIFE = """\
HOW TO PLAY P2LIFE

The two-player Game of Life of Levene and Roussos, played as
LIFE2 is played. White is O, black is #. A square is named X,Y:
its column, then its row, as the numbers round the board show.

SETUP. Each side places 3 pieces, hidden from the other. A
square both name stays empty. Then a generation passes.

EACH TURN. Each side places one piece on an empty square,
hidden too; then a generation passes and the board is printed.

A GENERATION. Every square counts its 8 neighbours by colour.
  - A piece lives on with 2 or 3 more neighbours of its own
    colour than of the other, or 1 more and at least 2 of its
    own. Otherwise it dies.
  - An empty square with exactly 3 neighbours of one colour,
    and any number but 3 of the other, is born that colour.
    With 3 of each, a coin decides, and the game says so.

WINNING. When one side has no pieces left, the other wins. If
neither has any, it is a draw. --variant plays the paper's
other rule sets; the game prints the rules it plays.
"""

SHEETS = {"life2": LIFE2, "cell-life": CELL_LIFE, "p2life": P2LIFE}
"""Program name -> its sheet."""


def sheet(program: str) -> bytes:
    """The sheet for `program`, with CR LF line ends as a terminal takes them."""
    try:
        text = SHEETS[program]
    except KeyError:
        raise ValueError(f"no instructions for {program!r}") from None
    return text.replace("\n", "\r\n").encode("ascii") + b"\r\n"
