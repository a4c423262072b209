"""p2life, the game: its board against the rules cell by cell, LIFE2's flow, the coin, bad input, the
registry, and that nothing typed shows before both players have chosen."""

from __future__ import annotations

import random
import re

import pytest

from life2_retro import reference
from life2_retro.automata.rules import BLACK, EMPTY, VARIANTS, WHITE, next_state, rules_for
from life2_retro.events import INPUT_REQUEST, Echo, Stop
from life2_retro.programs import PROGRAMS, program_entry
from life2_retro.programs.p2life.board import generation
from life2_retro.programs.p2life.program import P2LifeProgram, edited, parse_square, rules_text
from life2_retro.session import drive, run_in_memory
from life2_retro.terminals.transcript import ScriptedTerminal

from ...support.helpers import life2

WHITE_WINS = [b"1,1", b"2,1", b"1,2", b"5,5", b"3,5", b"5,1"]
"""White's L grows into a block; black's three lone pieces die in the first generation."""
DRAW = [b"1,1", b"3,3", b"5,5", b"1,5", b"5,1", b"3,1"]
COIN = [b"2,2", b"3,2", b"4,2", b"2,4", b"3,4", b"4,4"]
"""Two rows of three facing each other: square 3,3 has 3 white and 3 black neighbours."""


def game(lines: list[bytes], seed: int = 1, **settings) -> tuple[str, Stop]:
    """The transcript (CR LF as newlines, the mask's bare CRs kept) and why the game stopped."""
    result = run_in_memory(P2LifeProgram(seed, **settings).run(), lines)
    return result.output.decode("ascii").replace("\r\n", "\n"), result.stop


def boards(text: str, size: int = 5) -> list[list[str]]:
    """Every board printed, as rows of pieces ('O', '#', '.')."""
    lines = text.split("\n")
    numbers = "   " + "".join(f"{x:3}" for x in range(1, size + 1))
    found = []
    for at, line in enumerate(lines):
        if line == numbers and at + size + 1 < len(lines) and lines[at + size + 1] == numbers:
            found.append(["".join(lines[at + y][5 : 5 + 3 * size : 3]) for y in range(1, size + 1)])
    return found


# -- the board against the rules ----------------------------------------------------------------------


def by_the_rules(cells, size, rules, coin):
    """One generation straight from `next_state`: every cell's eight neighbours counted on the board,
    off the edge empty, the coin tossed in cell order when its two faces differ."""
    after, tossed = [], []
    for y in range(size):
        for x in range(size):
            white = black = 0
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size:
                        state = cells[(y + dy) * size + x + dx]
                        white += state == WHITE
                        black += state == BLACK
            here = cells[y * size + x]
            if next_state(here, white, black, True, rules) != next_state(here, white, black, False, rules):
                tossed.append(y * size + x)
                after.append(next_state(here, white, black, coin(), rules))
            else:
                after.append(next_state(here, white, black, True, rules))
    return tuple(after), tuple(tossed)


def toss(seed: float):
    coin = random.Random(seed)
    return lambda: bool(coin.getrandbits(1))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_generation_is_the_rules_cell_by_cell_on_every_board_size(variant):
    rules = rules_for(variant)
    rng = random.Random(variant)
    tosses = 0
    for size in (5, 6, 9, 20):
        for _ in range(25):
            density = rng.random()
            cells = tuple(
                rng.choice((WHITE, BLACK)) if rng.random() < density else EMPTY for _ in range(size**2)
            )
            seed = rng.random()
            ours = generation(cells, size, rules, toss(seed))
            theirs = by_the_rules(cells, size, rules, toss(seed))
            assert ours == theirs
            tosses += len(ours.coins)
    assert (tosses > 0) == rules.coin_birth  # the coin was tried, where the rules have one


# -- LIFE2's flow -----------------------------------------------------------------------------------------


def test_a_quick_game_white_wins_after_the_first_generation():
    text, stop = game(WHITE_WINS)
    assert stop is Stop.END
    assert boards(text) == [
        ["OO..#", "O....", ".....", ".....", "..#.#"],  # as placed
        ["OO...", "OO...", ".....", ".....", "....."],  # generation 1: a block; the lone pieces die
    ]
    assert text.index("THE PIECES AS PLACED") < text.index("GENERATION 1")
    assert "GENERATION 2" not in text and "X,Y" not in text.split("GENERATION 1")[1]
    assert text.rstrip("\n").endswith("WHITE (O) 4, BLACK (#) 0.\n\nWHITE (O) IS THE WINNER.")
    assert text.count("? ") == 6  # three pieces each, and nothing asked after the end


def test_neither_side_left_is_a_draw():
    text, stop = game(DRAW)
    assert stop is Stop.END and text.rstrip().endswith("A DRAW: NEITHER SIDE HAS A PIECE LEFT.")


def test_a_setup_square_both_chose_stays_empty_and_they_are_told():
    text, _ = game([b"1,1", b"2,1", b"1,2", b"1,1", b"5,5", b"4,5"])
    assert "BOTH CHOSE 1,1: IT STAYS EMPTY." in text
    assert boards(text)[0][0] == ".O..."


def test_a_turn_asks_white_then_black_then_tells_both_moves():
    text, _ = game(COIN + [b"1,1", b"5,5"])
    turn = text.split("GENERATION 1")[1]
    assert (
        turn.index("WHITE (O) X,Y")
        < turn.index("BLACK (#) X,Y")
        < turn.index("WHITE (O) TOOK 1,1, BLACK (#) TOOK 5,5.")
    )
    assert "GENERATION 2" in turn


def test_a_square_both_name_in_a_turn_stays_empty():
    text, _ = game(COIN + [b"1,5", b"1,5"])
    assert "BOTH CHOSE 1,5: IT STAYS EMPTY." in text
    assert boards(text)[2][4][0] == "."


def test_a_piece_goes_only_on_an_empty_square():
    text, _ = game(COIN + [b"3,2", b"1,1"])
    assert "THAT SQUARE IS TAKEN. RETYPE." in text.split("GENERATION 1")[1]


def test_the_round_limit_ends_the_game_on_the_counts():
    text, stop = game(COIN + [b"1,1", b"5,5"], rounds=1)
    assert stop is Stop.END and "AFTER 1 ROUND THE MORE PIECES WIN." in text
    assert re.search(
        r"1 ROUND PLAYED\.\n(A DRAW: \d+ PIECES EACH|.* IS THE WINNER, WITH MORE PIECES)\.", text
    )


def test_the_end_of_input_ends_the_game_where_it_is():
    text, stop = game(COIN[:4])
    assert stop is Stop.INPUT_ENDED and text.endswith("? \nNO MORE INPUT: THE GAME STOPS HERE.\n")


# -- the coin -----------------------------------------------------------------------------------------------


def test_the_coin_decides_three_and_three_and_the_transcript_says_so():
    faces = {}
    for seed in range(12):
        text, _ = game(COIN, seed)
        said = re.findall(r"THE COIN GAVE 3,3 TO (WHITE \(O\)|BLACK \(#\))\.", text)
        assert len(said) == 1
        piece = "O" if said[0].startswith("WHITE") else "#"
        assert boards(text)[1][2][2] == piece  # square 3,3 of generation 1 is what the line says
        faces[seed] = piece
        assert game(COIN, seed) == (text, Stop.INPUT_ENDED)  # the seed decides it again
    assert set(faces.values()) == {"O", "#"}


def test_without_the_coin_variant_2_leaves_three_and_three_empty():
    text, _ = game(COIN, variant="2")
    assert "COIN GAVE" not in text and boards(text)[1][2][2] == "."
    said = " ".join(text.split())
    assert "VARIANT 2: NO COIN AT 3 AND 3." in said and "WITH 3 OF EACH, IT STAYS EMPTY." in said


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        (
            "0",
            "2 OR 3 MORE NEIGHBOURS OF ITS OWN COLOUR THAN OF THE OTHER, OR 1 MORE AND AT LEAST 2 OF ITS OWN",
        ),
        ("1", "AND FEWER THAN 3 OF THE OTHER"),
        ("2", "WITH 3 OF EACH, IT STAYS EMPTY"),
        ("3", "THAN OF THE OTHER; ELSE IT DIES"),
        ("4a", "OR JUST 1 MORE;"),
        ("4b", "AT LEAST 2 MORE NEIGHBOURS"),
    ],
)
def test_the_rules_are_told_as_the_variant_has_them(variant, said):
    assert said in rules_text(rules_for(variant))
    assert sum(said in rules_text(rules) for rules in VARIANTS.values()) < len(VARIANTS)


# -- typed squares ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "square"),
    [
        (b"3,4", (3, 4)),
        (b" 3 , 4 ", (3, 4)),
        (b"3 4", (3, 4)),
        (b"12,20", (12, 20)),
        (b"3,", None),
        (b"3,4,5", None),
        (b"2.5,3", None),
        (b"-1,2", None),
        (b"+2,2", None),
        (b"", None),
        (b"A,B", None),
        (b"03,004", (3, 4)),
        (b"0" * 5000 + b"3," + b"0" * 5000 + b"4", (3, 4)),  # Python's int() stops at 4,300 digits
        (b"1" * 5000 + b",1", (1000, 1)),  # off every board, however long
        (b"1" + b" " * 100_000 + b"x", None),  # in a moment: the blanks split only one way
    ],
)
def test_a_square_is_two_whole_numbers(typed, square):
    assert parse_square(typed) == square


def test_a_number_is_read_by_its_value_however_many_figures_it_has():
    zeros = b"0" * 5000
    first, *rest = WHITE_WINS
    text, stop = game([b"1" * 5000 + b",1", zeros + first.replace(b",", b"," + zeros), *rest])
    assert text.count("THE BOARD GOES FROM 1 TO 5 EACH WAY. RETYPE.") == 1
    assert boards(text) == boards(game(WHITE_WINS)[0]) and stop == game(WHITE_WINS)[1]


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        (b"33_,4", b"3,4"),
        (b"9,9@1,1", b"1,1"),
        (b"1,\x081", b"11"),
        (b"\x1b[2J1,1", b"[2J1,1"),
        (b"\xb1,1", b",1"),
    ],
)
def test_the_line_is_edited_as_a_teletype_host_did(typed, line):
    assert edited(typed) == line


def test_bad_input_gets_the_programs_own_reask():
    lines = [b"", b"x", b"0,1", b"6,6", b"1,1", b"1,1", b"2,1", b"1,2"]
    text, _ = game(lines)
    setup = text.split("BLACK (#): PLACE 3 PIECES.")[0]
    assert setup.count("TYPE THE SQUARE AS X,Y: TWO WHOLE NUMBERS, EACH 1 TO 5. RETYPE.") == 2
    assert setup.count("THE BOARD GOES FROM 1 TO 5 EACH WAY. RETYPE.") == 2
    assert setup.count("YOU HAVE A PIECE THERE ALREADY. RETYPE.") == 1
    assert setup.count("PIECE 1 X,Y") == 5 and setup.count("PIECE 3 X,Y") == 1


def test_a_larger_board_fits_a_teletype_line_and_takes_its_squares():
    text, _ = game([b"20,20", b"19,20", b"20,19", b"1,1", b"1,2", b"2,1"], board=20)
    assert boards(text, 20)[1][19][18:] == "OO" and boards(text, 20)[1][0][:2] == "##"
    assert max(len(line) for line in text.replace("\r", "\n").split("\n")) <= 72
    assert "EACH 1 TO 20" in text and "BOARD 20 BY 20." in text


@pytest.mark.parametrize("board", [5, 13, 20])
def test_every_generated_script_plays_and_prints_only_what_a_teletype_can(board):
    entry = PROGRAMS["p2life"]
    for index in range(12):
        script = entry.script(3, index)
        variant = list(VARIANTS)[index % len(VARIANTS)]
        result = run_in_memory(P2LifeProgram(script.seed, board=board, variant=variant).run(), script.lines)
        seen = SeenByPlayers(script.lines)
        assert drive(P2LifeProgram(script.seed, board=board, variant=variant).run(), seen) == result.stop
        assert result.stop in (Stop.END, Stop.INPUT_ENDED)
        assert re.fullmatch(rb"[ -~\r\n]*", result.output)  # the echo too: printable only
        shown = bytes(seen.output).decode("ascii")  # what the players see: the echo left out
        assert not re.search("[a-z]", shown)  # capitals: a Model 33 has no others
        assert all(len(line) <= 72 for line in re.split("[\r\n]", shown))


def test_the_mask_comes_before_every_prompt_and_covers_the_longest_square():
    for board, width in ((5, 6), (20, 8)):
        text, _ = game(WHITE_WINS, board=board)
        mask = "X" * width + "\r" + "$" * width + "\r" + "&" * width + "\r" + " " * width + "\r? "
        assert text.count("? ") == text.count(mask) == 6
        assert width >= len(f"? {board},{board}")


# -- hidden from the other player ------------------------------------------------------------------------


class SeenByPlayers(ScriptedTerminal):
    """What a terminal shows (the echo left out), and what had been shown when each line was typed."""

    def __init__(self, responses):
        super().__init__(responses)
        self.at_each_read: list[bytes] = []

    def echo(self, data):
        pass

    def read_line(self, idle_seconds=None):
        self.at_each_read.append(bytes(self.output))
        return super().read_line(idle_seconds)


def test_nothing_shows_a_players_square_before_the_other_has_chosen():
    seen = SeenByPlayers(COIN + [b"1,1", b"5,5", b"1,5", b"5,1"])
    drive(P2LifeProgram(1).run(), seen)
    # when black types the setup, white's squares have not been shown; nor white's move in a turn
    assert all(square not in seen.at_each_read[5] for square in (b"2,2", b"3,2", b"4,2"))
    assert b"1,1" not in seen.at_each_read[7] and b"TOOK 1,1" in seen.at_each_read[8]
    assert b"1,5" not in seen.at_each_read[9]


def test_the_echo_is_an_event_a_terminal_can_drop():
    events = list(P2LifeProgram(1).run())  # no input: it stops at the first prompt
    assert events.count(INPUT_REQUEST) == 1 and not any(isinstance(e, Echo) for e in events)
    run = P2LifeProgram(1).run()
    event = next(run)
    while event is not INPUT_REQUEST:
        event = next(run)
    assert run.send(b"3,4") == Echo(b"3,4")


def test_the_program_marks_where_each_whole_picture_begins():
    """A serial terminal that lost its line prints again from the last mark: a setup's heading, or a
    board with its heading (events.py's Redisplay)."""
    terminal = ScriptedTerminal(COIN + [b"1,1"])
    marks = []
    terminal.redisplay_from_here = lambda: marks.append(len(terminal.output))
    drive(P2LifeProgram(1).run(), terminal)
    shown = bytes(terminal.output)
    starts = [shown[at:].split(b"\r\n")[1] for at in marks]
    assert starts == [
        b"WHITE (O): PLACE 3 PIECES.",
        b"BLACK (#): PLACE 3 PIECES.",
        b"THE PIECES AS PLACED",
        b"GENERATION 1",
    ]


# -- the registry and the commands ------------------------------------------------------------------------


def test_p2life_is_registered_as_a_program_of_our_own():
    entry = program_entry("p2life")
    assert entry.bugs == {} and not reference.has_original("p2life") and entry.seeded
    with pytest.raises(LookupError, match="p2life has no original program"):
        reference.adapter_of("p2life")
    made = entry.make("python", (), seed=4, computer="2", board=6, variant="3", rounds=9)
    assert isinstance(made, P2LifeProgram) and (made.size, made.rounds, made.rules) == (6, 9, VARIANTS["3"])
    with pytest.raises(ValueError, match="--board is 21; allowed: 5 to 20"):
        entry.make("python", (), board=21)
    with pytest.raises(ValueError, match="--computer for p2life is '1,2,3'"):
        entry.make("python", (), computer="1,2,3")
    with pytest.raises(ValueError, match="life2 takes no --board"):
        program_entry("life2").make("gwbasic", (), board=6)


def test_life2_run_plays_p2life_from_a_file_the_same_way_each_time(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_bytes(b"\r\n".join(COIN + [b"1,1", b"5,5"]) + b"\r\n")
    first = life2(
        "run", "--game", "p2life", "--seed", "4", "--input", str(script), "--trace", str(tmp_path / "t")
    )
    again = life2("run", "--game", "p2life", "--seed", "4", "--input", str(script))
    assert first.returncode == 0 and first.stdout == again.stdout
    assert first.stdout == run_in_memory(P2LifeProgram(4).run(), COIN + [b"1,1", b"5,5"]).output
    assert (tmp_path / "t").read_text().split() == [
        "title",
        "setup",
        "generation",
        "turn",
        "generation",
        "turn",
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--board", "30"], "--board is 30; allowed: 5 to 20"),
        (["--variant", "5"], "--variant is '5'; allowed: 0, 1, 2, 3, 4a, 4b"),
        (["--computer", "4"], "--computer for p2life is '4'"),
        (["--no-bug", "illegal-coords"], "p2life has no bug switches"),
        (["--dialect", "gwbasic"], "p2life has no dialects"),
    ],
)
def test_what_p2life_does_not_take_is_a_usage_error(tmp_path, args, said):
    result = life2("run", "--game", "p2life", "--input", "-", *args)
    assert result.returncode == 2 and said in result.stderr.decode()


def test_only_p2life_takes_its_settings():
    result = life2("run", "--board", "6", "--input", "-")
    assert result.returncode == 2 and "--board is for p2life" in result.stderr.decode()


def test_compare_says_there_is_no_original():
    """(bench --game p2life times p2life's engines instead: tests/commands/test_bench.py)"""
    result = life2("compare", "--game", "p2life", "--generate", "2")
    assert result.returncode == 2 and not result.stdout
    assert (
        "p2life is our own program: there is no original to run beside it, so compare"
        in result.stderr.decode()
    )
    assert "Traceback" not in result.stderr.decode()
