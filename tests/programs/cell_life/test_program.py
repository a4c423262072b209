"""Cell Life on its own: the generation rule against the seed's rules, every switch's fix, and the
reference build's facts the faithful edition relies on (its memory layout, its undefined values)."""

from __future__ import annotations

import itertools
import re
import subprocess

import pytest

from life2_retro.events import INPUT_REQUEST, InputRequest, Status, Stop
from life2_retro.programs.cell_life.bugs import (
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
from life2_retro.programs.cell_life.program import LAST_KEY_STATUS, LAYOUT, MAX_H, MAX_W, CellLifeProgram
from life2_retro.session import drive, run_in_memory
from life2_retro.terminals.transcript import ScriptedTerminal

FAITHFUL = frozenset(BUG_NAMES)
FIXED: frozenset[str] = frozenset()
HYBRID = 5


def lines(*words: str) -> list[bytes]:
    return [word.encode() for word in words]


def play(script: list[bytes], bugs=FAITHFUL, seed: int = 1, person: bool = False):
    return run_in_memory(CellLifeProgram(bugs, seed, person).run(), script)


# -- the rule --------------------------------------------------------------------------------------


def seed_rule(centre: int, neighbours: tuple[int, ...]) -> int:
    """The seed's rules, plainly: a token with 2 or 3 neighbours lives; an empty square with exactly 3
    is born to the kind that holds two or three of them, and to a hybrid when all three differ."""
    living = [kind for kind in neighbours if kind]
    if centre:
        return centre if len(living) in (2, 3) else 0
    if len(living) != 3:
        return 0
    for kind in set(living):
        if living.count(kind) >= 2:
            return kind
    return HYBRID


def ready_board(bugs: frozenset[str]) -> CellLifeProgram:
    """The program's tables made (init), a small board, four players."""
    program = CellLifeProgram(bugs, seed=1)
    program.init()
    program.set_word(program.WIDTH, 5)
    program.set_word(program.HEIGHT, 5)
    program.set_word(program.PLAYERS, 4)
    return program


AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


@pytest.mark.parametrize("bugs", [FIXED, FAITHFUL], ids=["fixed", "faithful-small-board"])
def test_every_neighbourhood_follows_the_seeds_rules(bugs):
    """Every centre (empty, players 1 to 4, a hybrid) with every multiset of eight neighbours: 7,722
    boards, each one generation on, the centre held against the plain rule."""
    program = ready_board(bugs)
    checked = 0
    for centre in range(6):
        for neighbours in itertools.combinations_with_replacement(range(6), 8):
            for x in range(7):
                for y in range(7):
                    program.set_word(program.bd(x, y), 0)
            program.set_word(program.bd(3, 3), centre)
            for (dx, dy), kind in zip(AROUND, neighbours, strict=True):
                program.set_word(program.bd(3 + dx, 3 + dy), kind)
            program.generation()
            assert program.word(program.bd(3, 3)) == seed_rule(centre, neighbours), (centre, neighbours)
            checked += 1
    assert checked == 6 * 1287


# -- the switches ---------------------------------------------------------------------------------


def test_retry_loops_print_a_screenful_then_stop_and_the_fix_asks_again():
    faithful = play(lines("x"))
    assert faithful.stop is Stop.RUNAWAY
    # the line is read, then 24 futile calls, each after the message: a screenful of it
    assert faithful.output.count(b"Invalad. Choose a number between 2 and 4 : ") == 24
    assert "would print this for ever" in faithful.notices[0]
    fixed = play(lines("x", "2", "1", "1", "1"), FAITHFUL - {RETRY_LOOPS})
    assert fixed.output.count(b"Invalad. Choose a number between 2 and 4 : ") == 1
    assert b"Each player gets 3 pieces" in fixed.output and fixed.stop is Stop.INPUT_ENDED
    assert fixed.notices == ()  # the end of input ends the game, quietly


def test_the_fix_takes_a_square_however_it_is_written():
    for written in ("3,4", "3 4", "3.4", "3x4", " 3 , 4 "):
        run = play(lines("2", "1", "1", "1", written), FAITHFUL - {RETRY_LOOPS})
        after = run.output.split(b"<X,Y>: ", 1)[1]  # the board after the first move: column 3, row 4
        assert b"\n 4..0..4" in after or b"\n 4..X..4" in after, written
        assert run.output.count(b"Invalad location") == 0, written


def test_the_fix_reads_a_number_by_its_value_and_refuses_one_past_every_range():
    """Leading zeros, however many, count for nothing; a number of 4,301 figures is out of range
    (Python's int() takes no more than 4,300, so the fix never converts such a number whole)."""
    zeros = "0" * 5000
    for answers, asks in (([zeros + "2"], 0), (["1" * 4301, "2"], 1), (["-" + "9" * 5000, "2"], 1)):
        script = lines(*answers, "1", "1", "1", zeros + "3," + zeros + "4")
        run = play(script, FAITHFUL - {RETRY_LOOPS})
        players = answers[0]
        assert run.output.count(b"Invalad. Choose a number between 2 and 4 : ") == asks, players[:9]
        after = run.output.split(b"<X,Y>: ", 1)[1]
        assert b"\n 4..0..4" in after and b"Invalad location" not in run.output, players[:9]


def test_two_getchars_need_two_enters_and_the_fix_one():
    computers = lines("2", "2", "2", "1")
    # two ENTERs typed, then the player leaves: one generation the faithful way, two with the fix
    faithful = play(computers + [b""] * 2, person=True)
    fixed = play(computers + [b""] * 2, FAITHFUL - {TWO_GETCHARS}, person=True)
    prompt = b"Press ENTER to advance the generation:"
    assert faithful.output.count(prompt) == 2 and fixed.output.count(prompt) == 3


def test_the_computers_first_piece_with_the_fix_is_free_and_anywhere():
    """Twenty seeds, 80 first pieces (each a whole game of four computers, a third of a CPU-second):
    the edge turns up in most of them; sixty seeds said nothing more."""
    seen_edge = False
    for seed in range(20):
        program = CellLifeProgram(FAITHFUL - {COMPUTER_FIRST_MOVE, SETUP_SEARCH}, seed)
        run = run_in_memory(program.run(), lines("4", "2", "2", "2", "2", "1"))
        firsts = re.findall(rb"Computer Player \d \(.\): (\d+), (\d+)", run.output)[:4]
        squares = [(int(x), int(y)) for x, y in firsts]
        assert len(set(squares)) == 4 and all(1 <= x <= 5 and 1 <= y <= 5 for x, y in squares), squares
        seen_edge = seen_edge or any(5 in square for square in squares)
    assert seen_edge  # the last row and column are reached, which the faithful rand() % 4 + 1 never does


def test_the_faithful_setup_can_lose_its_own_piece_and_the_reference_crashes_there():
    found = None
    for seed in range(200):
        run = play(lines("4", "2", "2", "2", "2", "1"), seed=seed)
        if run.stop is Stop.UNREPRODUCIBLE and "uninitialised" in run.notices[0]:
            found = run
            break
    assert found is not None and "uninitialised position" in found.notices[0]
    fixed = play(lines("4", "2", "2", "2", "2", "1"), FAITHFUL - {SETUP_SEARCH}, seed=seed)
    assert fixed.stop is not Stop.UNREPRODUCIBLE


def test_the_large_board_counts_players_1_and_2_dead_and_the_fix_counts_them():
    script = lines("2", "1", "1", "2", "10,10", "20,10", "11,10", "21,10", "12,10", "22,10", "")
    faithful = play(script)
    assert faithful.output.endswith(b"Total extinction.")  # three in a row each: both blinkers live on
    fixed = play(script + [b""] * 4, FAITHFUL - {LARGE_BOARD_OVERFLOW})
    last_key = fixed.output.rsplit(b"Key:", 1)[1]
    assert b"Player 1 DEAD" not in last_key and b"Player 2 DEAD" not in last_key
    assert fixed.stop is Stop.RUNAWAY or b"Total extinction" not in fixed.output


def test_hybrids_alone_are_a_takeover_with_the_fix():
    for bugs, ending in ((FAITHFUL, "Total extinction."), (FAITHFUL - {HYBRID_TAKEOVER}, "Hybred takeover!")):
        program = ready_board(frozenset(bugs))
        program.set_word(program.PLAYERS, 2)
        program.set_word(program.POP + 4, 3)  # three hybrids, no player left
        assert {6: "Total extinction.", 5: "Hybred takeover!"}[program.winner()] == ending


def tens(output: bytes) -> bytes:
    return output.split(b"Each player gets 3 pieces to play.\n", 1)[1].split(b"\n", 1)[0]


def test_the_tens_line_and_its_fix():
    script = lines("2", "1", "1", "2")
    assert tens(play(script).output) == b"  " + b" " * 10 + b"1" * 10 + b"2" * 5
    assert tens(play(script, FAITHFUL - {TENS_LINE}).output) == b"  " + b" " * 9 + b"1" * 10 + b"2" * 6


def test_absent_players_are_not_dead_with_the_fix():
    script = lines("2", "1", "1", "1")
    assert b"* - Player 3 DEAD" in play(script).output
    fixed = play(script, FAITHFUL - {ABSENT_PLAYERS}).output
    assert (
        b"* - Player 3\n" in fixed and b"DEAD" not in fixed.split(b"Each player")[1].split(b"Generation")[0]
    )


def test_the_last_line_ends_with_a_newline_with_the_fix():
    script = lines("2", "2", "2", "1") + [b""] * 200
    assert play(script).output.endswith((b"wins!", b"extinction."))
    assert play(script, FAITHFUL - {FINAL_NEWLINE}).output.endswith((b"wins!\n", b"extinction.\n"))


def test_after_the_result_only_the_faithful_program_waits_for_a_key():
    script = lines("2", "2", "2", "1") + [b""] * 200
    unread = {}
    for bugs in (FAITHFUL, FAITHFUL - {LAST_GETCHAR}):
        answers = iter(script)
        drive(CellLifeProgram(bugs, 1, True).run(), ScriptedTerminal(answers), lambda line: None)
        unread[bugs] = len(list(answers))
    assert unread[FAITHFUL - {LAST_GETCHAR}] == unread[FAITHFUL] + 1


def events_of(program: CellLifeProgram, script: list[bytes]) -> list[object]:
    """Every event the program yields, fed `script` (None past its end)."""
    answers = iter(script)
    run = program.run()
    events: list[object] = []
    try:
        event = next(run)
        while True:
            events.append(event)
            event = run.send(next(answers, None)) if isinstance(event, InputRequest) else next(run)
    except StopIteration:
        return events


def test_a_person_is_told_the_program_waits_for_its_last_key_and_its_bytes_stay_the_same() -> None:
    """The status is life2's word, not the program's: with a person at the terminal it comes after
    the result, just before the last getchar waits, and the bytes are those of a file's run."""
    script = lines("2", "1", "2", "1") + [b"1,1", b""] * 40
    person = events_of(CellLifeProgram(FAITHFUL, 11, person=True), script)
    from_a_file = events_of(CellLifeProgram(FAITHFUL, 11, person=False), script)
    output = b"".join(event for event in person if type(event) is bytes)
    assert output == b"".join(event for event in from_a_file if type(event) is bytes)
    statuses = [event for event in person if isinstance(event, Status)]
    assert statuses == [LAST_KEY_STATUS] and not any(isinstance(e, Status) for e in from_a_file)
    at = person.index(statuses[0])
    result = person[at - 1]
    assert isinstance(result, bytes) and result.endswith(b"Player 2 wins!")
    assert person[at + 1 :] == [INPUT_REQUEST]  # then the last getchar waits, and the program ends
    fixed = events_of(CellLifeProgram(FAITHFUL - {LAST_GETCHAR}, 11, person=True), script)
    assert not any(isinstance(event, Status) for event in fixed)


def test_the_setup_answers_are_asked_for_as_shown_and_the_moves_as_hidden() -> None:
    script = lines("2", "1", "2", "1") + [b"1,1", b""] * 40
    requests = [e for e in events_of(CellLifeProgram(FAITHFUL, 11), script) if isinstance(e, InputRequest)]
    assert [request.shown for request in requests[:5]] == [True, True, True, True, False]
    assert not any(request.shown for request in requests[4:])


# -- the reference build's facts ----------------------------------------------------------------------


def test_the_globals_lie_where_the_reference_build_puts_them(cell_life_build):
    """LAYOUT is read off `nm -n` of the build the faithful edition follows; a compiler that lays them
    out otherwise would make the large game's stray writes land elsewhere."""
    symbols = {}
    listed = subprocess.run(["nm", "-n", str(cell_life_build)], capture_output=True, text=True).stdout
    for fields in (line.split() for line in listed.splitlines()):
        if len(fields) == 3:  # an address, a kind, a name (undefined symbols have no address)
            symbols[fields[2]] = int(fields[0], 16)
    base = symbols["tokens"]
    for name, placed in LAYOUT.globals.items():
        assert symbols[name] - base == placed.offset, name
    assert symbols["_end"] - base == LAYOUT.size
    assert LAYOUT.globals["bd"].size == 4 * MAX_W * MAX_H


def test_a_bad_first_move_lands_where_play_left_x_and_y():
    """play's x and y are 5 and 2 before the first move (init's p and v were in those slots): a
    letter there keeps them, and the piece goes at 5,2."""
    run = play(lines("2", "1", "1", "1", "x"))
    board = run.output.split(b"<X,Y>: ", 1)[1]
    assert b"\n 2....02" in board


def test_getints_first_value_is_out_of_range():
    """A letter for the first question keeps getint's t, which holds the upper half of a stack
    address: out of range, so the question is asked for ever."""
    assert play(lines("x")).stop is Stop.RUNAWAY
    # a later question keeps the last answer's t: 2 players, then a letter, is a second 2 (computer)
    assert b"Player 2, (1) human" in play(lines("2", "x")).output
