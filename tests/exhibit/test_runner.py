"""The museum exhibit, headless: attract mode, visitors, idle reset, fairness, the operator, the records."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from life2_retro.exhibit.records import read_records
from life2_retro.exhibit.runner import CHOOSE_PROMPT, Exhibit
from life2_retro.exhibit.stands.life2 import Life2Table
from life2_retro.terminals.base import OperatorExit

from ..support.exhibitrig import Rig, press, type_line
from ..support.serialpty import FarEnd

SQUARES = [f"{x},{y}" for x in (3, 2, 4, 1, 5) for y in (3, 2, 4, 1, 5)]
"""What a visitor types, in this order: some squares will be taken, and the BASIC asks again."""


LONG_GAME_SEED = 3
"""With this seed, the visitor's squares and the level-2 computer make a game of 21 prompts."""


class Visitor:
    """Presses a key in attract mode, answers `answers` prompts (the choice of players first), then
    types `half_typed` without Return and walks away. Each visit starts again from the top."""

    def __init__(self, answers: int, choice: str = "1", half_typed: str = "3,", walk_away_after: int = 99):
        self.answers = answers
        self.choice = choice
        self.half_typed = half_typed
        self.walk_away_after = walk_away_after
        self.visits = 0
        self.prompts = 0
        self.answered_read = -1
        self.typed: list[str] = []

    def __call__(self, rig: Rig) -> None:
        exhibit, terminal = rig.exhibit, rig.terminal
        if exhibit.mode == "attract":
            if self.visits < self.walk_away_after and terminal.frames % 7 == 3:
                press(pygame.K_SPACE, " ")
            return
        if exhibit.visits != self.visits:  # a new visitor
            self.visits, self.prompts, self.typed = exhibit.visits, 0, []
        if not rig.reading or self.answered_read == rig.reads:
            return  # no prompt, or this one is answered already
        self.answered_read = rig.reads
        if self.prompts < self.answers:
            text = self.choice if self.prompts == 0 else SQUARES[(self.prompts - 1) % len(SQUARES)]
            self.typed.append(text)
            type_line(text)
        elif self.prompts == self.answers and self.half_typed:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=self.half_typed))
        self.prompts += 1


def typing(lines: list[str]):
    """A visitor who presses a key in attract mode, types these lines at the prompts, then leaves."""
    answers = iter(lines)

    def visitor(rig: Rig) -> None:
        if rig.exhibit.mode == "attract":
            press(pygame.K_SPACE, " ")
        elif rig.reading and rig.terminal.frames % 2 == 0:
            text = next(answers, None)
            if text is not None:
                type_line(text)

    return visitor


def visitor_records(rig: Rig):
    return [r for r in rig.records() if r.mode == "visitor"]


def full_game_prompts(rigs) -> int:
    """How many prompts a visitor answers in a whole game against the computer, this seed."""
    rig = rigs(seed=LONG_GAME_SEED)
    visitor = Visitor(answers=999, half_typed="")
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    (record,) = visitor_records(rig)
    assert record.ended == "finished" and record.winner in (1, 2, "draw")
    return visitor.prompts


def test_attract_key_game_idle_attract_at_every_prompt(rigs):
    """At each prompt of a visitor's game in turn (the choice of players first), the visitor walks
    away with an answer half typed: the game is abandoned, the half-typed answer is gone, attract
    mode comes back, and the next visitor starts afresh. (A window of under half the usual area:
    the modes and records are under test, not the picture, and 22 games take half the time.)"""

    def small(**options):
        return rigs(size=(640, 400), **options)

    prompts = full_game_prompts(small)
    assert prompts >= 15
    for walk_away_at in range(prompts):
        rig = small(seed=LONG_GAME_SEED)
        visitor = Visitor(answers=walk_away_at, walk_away_after=2)
        rig.visitor = visitor
        rig.exhibit.run(visits=2)
        assert rig.modes[:4] == ["attract", "visitor", "attract", "visitor"], (walk_away_at, rig.modes)
        records = rig.records()
        assert records[0].mode == "attract" and records[0].ended == "visitor"
        games = visitor_records(rig)
        if walk_away_at == 0:
            assert games == []  # gone at the choice of players: no game began
            continue
        first = games[0]
        assert first.ended == "idle" and first.winner is None, walk_away_at
        humans = [move for number, move in first.moves if number == 1]
        assert humans == visitor_typed_moves(walk_away_at), (walk_away_at, first.moves)
        assert "3," not in [move for _, move in games[-1].moves]  # the half-typed answer is gone
        assert rig.terminal.on_key is None  # no wake-up is left behind once the call that set it returns


def visitor_typed_moves(answers: int) -> list[str]:
    return [SQUARES[i % len(SQUARES)] for i in range(answers - 1)]


def test_two_visitors_play_each_other(rigs):
    rig = rigs()
    rig.visitor = Visitor(answers=14, choice="2", half_typed="")
    rig.exhibit.run(visits=1)
    (game,) = visitor_records(rig)
    assert game.players == ["human", "human"] and {number for number, _ in game.moves} == {1, 2}


def test_a_wrong_choice_is_asked_again(rigs):
    rig = rigs()
    rig.visitor = typing(["3", "", "two", "1"])
    rig.exhibit.run(visits=1)
    (game,) = visitor_records(rig)
    assert game.players == ["human", "computer-2"] and game.ended == "idle"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_computer_commits_its_move_whatever_the_visitor_types(rigs, level):
    """Fairness: the same exhibit twice, the visitor typing a different square in the first turn
    each time; the computer's square for that turn is the same."""
    answers_by_run = []
    for first_turn_move in ("1,1", "5,5"):
        rig = rigs(settings={"exhibit": {"computer_level": level}}, seed=7)
        rig.visitor = typing(["1", "2,2", "2,3", "3,2", first_turn_move])
        rig.exhibit.run(visits=1)
        (game,) = visitor_records(rig)
        human = [i for i, (number, move) in enumerate(game.moves) if number == 1]
        turn = human[3]  # the visitor's first move after the three setup squares
        assert game.moves[turn][1] == first_turn_move
        computer = [move for number, move in game.moves[turn:] if number == 2][:1]
        answers_by_run.append(computer)
    assert answers_by_run[0] == answers_by_run[1] and answers_by_run[0] != []


def not_typing() -> list[pygame.event.Event]:
    """What visitors press that types nothing: closing the window, Esc, Alt-F4, function keys,
    Tab, arrows, Ctrl-Alt and logo chords, the mouse."""
    return [
        pygame.event.Event(pygame.QUIT),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode=""),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""),
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT, unicode="q"
        ),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LGUI, unicode="a"),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(10, 10)),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False),
    ]


def test_visitors_cannot_close_it_only_the_operator_chord_does(rigs):
    rig = rigs()
    pokes = not_typing()
    seen = {"frames": 0}
    chord = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT

    def visitor(rig: Rig) -> None:
        seen["frames"] += 1
        if rig.exhibit.mode == "visitor" and rig.reading:
            if pokes:
                pygame.event.post(pokes.pop(0))
            else:
                press(pygame.K_q, "Q", chord)
        elif rig.exhibit.mode == "attract" and seen["frames"] > 40:
            press(pygame.K_RETURN, "\r")

    rig.visitor = visitor
    with pytest.raises(OperatorExit):
        rig.exhibit.run()
    assert pokes == [] and rig.exhibit.visits == 1
    assert not pygame.mouse.get_visible()


def test_in_attract_mode_only_a_typing_key_wakes_the_exhibit(rigs):
    """Esc, Alt-F4, function keys, Ctrl-Alt chords and the mouse leave the computers playing."""
    rig = rigs()
    pokes = not_typing()
    woke_after: list[int] = []

    def visitor(rig: Rig) -> None:
        if rig.exhibit.mode == "attract":
            if pokes:
                pygame.event.post(pokes.pop(0))
            else:
                press(pygame.K_m, "M")  # a visitor types
        elif not woke_after:
            woke_after.append(len(pokes))
            press(pygame.K_q, "Q", pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT)

    rig.visitor = visitor
    with pytest.raises(OperatorExit):
        rig.exhibit.run()
    assert woke_after == [0] and rig.exhibit.visits == 1


def test_the_live_listing_follows_the_program_and_never_shows_player_2_the_square_of_player_1(rigs):
    rig = rigs()
    visitor = Visitor(answers=12, choice="2", half_typed="", walk_away_after=1)
    lines_seen: set[int] = set()
    shown_to_player_2 = []
    entered: list[int] = []
    follow = rig.exhibit.on_line

    def spy(number, program) -> None:
        entered.append(number)
        follow(number, program)

    rig.exhibit.on_line = spy

    def watch(rig: Rig) -> None:
        lines_seen.add(rig.terminal.side_panel.current)
        if entered:
            assert rig.terminal.side_panel.current == entered[-1]  # the line running now is marked
        table = rig.exhibit.table
        if (
            rig.exhibit.mode == "visitor"
            and rig.reading
            and isinstance(table, Life2Table)
            and table.observer.prompted == 2
        ):
            values = dict(rig.exhibit.variables())
            shown_to_player_2.append((values["X(1)"], values["Y(1)"]))
        visitor(rig)

    rig.visitor = watch
    rig.exhibit.run(visits=1)
    # every line is followed, and where the program waits for a visitor the panel marks the INPUT
    assert {2, 90, 230, 300, 500, 520, 586, 700, 701} <= set(entered) and 701 in lines_seen
    assert len(shown_to_player_2) >= 3 and set(shown_to_player_2) == {("?", "?")}


@pytest.mark.parametrize("clock_hz", [983_000, 1_966_000])
def test_the_historical_speed_holds_each_line_for_its_6502_cycles(rigs, clock_hz):
    """The cycles the 1977 ROM spent on the lines run so far, at the configured clock, are the time
    the simulated clock has moved (the terminal idles in whole frames, the pace in whole steps)."""
    settings = {"listing": {"historical_speed": True, "clock_hz": clock_hz}}
    rig = rigs(settings=settings, frame_step=1 / 60, baud=None)
    started = rig.clock.now()
    lines = []
    rig.exhibit.on_line = lambda number, program: lines.append(number)
    seen = []

    def visitor(rig: Rig) -> None:
        if len(lines) >= 60:
            seen.append((rig.clock.now() - started, rig.exhibit.cycles_held))
            raise KeyboardInterrupt

    rig.visitor = visitor
    with pytest.raises(KeyboardInterrupt):
        rig.exhibit.run(visits=1)
    elapsed, held = seen[0]
    assert held > 400_000  # the title and the tables: the DATA read into K and A alone are 196,000
    assert elapsed == pytest.approx(held / clock_hz, abs=0.05)
    assert rig.exhibit.meter is not None and rig.exhibit.meter.cycles >= held


# -- the exhibit on a real teletype, through a pty -------------------------------------------------


def test_a_serial_exhibit_banner_visitor_idle_and_attract_again(tmp_path):
    """On a real teletype line: the banner is printed, a key from the teletype stops the computers'
    game, the visitor's game begins, and when nobody types it is abandoned."""
    import threading

    from life2_retro.exhibit.build import build_terminal
    from life2_retro.exhibit.config import parse_config
    from life2_retro.exhibit.records import RecordLog

    far = FarEnd(tmp_path / "ttyTELETYPE")
    config = parse_config(
        {
            "exhibit": {"terminal": "serial", "players": "human-computer"},
            "attract": {"pause_seconds": 0},
            "serial": {"port": str(far.link), "baud": 9600},
        },
        tmp_path,
    )
    config = dataclasses.replace(config, idle_seconds=1.0)  # below the config's 10 s floor: a test

    problems: list[BaseException] = []

    def teletype_operator() -> None:
        try:
            far.read_until(b"*** PRESS ANY KEY TO PLAY LIFE2 ***")
            far.read_until(b"? ")  # the computers are playing
            far.type(b"x")
            far.read_until(b"YOU ARE PLAYER 1")
            while b"? " not in far.output.split(b"YOU ARE PLAYER 1")[-1]:  # the visitor's first prompt
                far.read_available(0.05)
            # nobody types: the idle reset ends the visitor's game
        except BaseException as exc:  # a failure here must fail the test, not vanish with the thread
            problems.append(exc)

    operator = threading.Thread(target=teletype_operator)
    terminal = build_terminal(config)
    try:
        operator.start()
        Exhibit(config, terminal, RecordLog(config.records_path), seed=3).run(visits=1)
    finally:
        operator.join(timeout=30)
        terminal.close()
        far.close()
    assert problems == [] and not operator.is_alive()
    games = read_records(config.records_path)[0]
    assert games[0].mode == "attract" and games[0].ended == "visitor"
    assert games[-1].mode == "visitor" and games[-1].ended == "idle" and games[-1].players[0] == "human"
    assert CHOOSE_PROMPT not in far.output


# -- records survive a kill ------------------------------------------------------------------------


def test_the_log_is_whole_after_the_exhibit_is_killed_mid_game(tmp_path):
    """The real command, killed with SIGKILL three times while computers play; restarted each time.
    Every record written is whole, and nothing of a killed game is half there."""
    config = tmp_path / "exhibit.toml"
    config.write_text(
        '[exhibit]\nterminal = "crt"\nfullscreen = false\n[attract]\npause_seconds = 0\n'
        "[crt]\nbaud = 9600\n[teletype]\nsound = false\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    log = tmp_path / "life2-games.jsonl"

    def records_so_far() -> int:
        return len(read_records(log)[0]) if log.exists() else 0

    for life, extra_seconds in enumerate((1.0, 2.2, 0.7)):
        proc = subprocess.Popen(
            [sys.executable, "-m", "life2_retro", "exhibit", "--config", str(config)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if life == 0:  # let one game finish, so a record exists; then kill the next one mid-game
            deadline = time.monotonic() + 90
            while records_so_far() == 0:
                assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()
                time.sleep(0.2)
        time.sleep(extra_seconds)
        assert proc.poll() is None, proc.stderr.read()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    records, problems = read_records(log)
    assert records
    assert all(problem.endswith("cut short (the writer was stopped mid-line)") for problem in problems)
    assert all(r.mode == "attract" and r.players[0].startswith("computer") for r in records)
    # a game the kill did not reach ended on its own: with a winner, or at the attract round limit
    assert all(
        (r.ended == "finished" and r.winner is not None) or (r.ended == "limit" and r.winner is None)
        for r in records
    ), [(r.ended, r.winner) for r in records]
    assert [r.start for r in records] == sorted(r.start for r in records) and all(
        r.duration > 0 for r in records
    )
    assert all(r.moves and r.moves[0][0] == 1 for r in records)  # each one a whole game, from its start
    stats = subprocess.run(
        [sys.executable, "-m", "life2_retro", "exhibit", "--config", str(config), "--stats"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert stats.returncode == 0 and b"attract" in stats.stdout.lower()


def test_a_computers_game_is_cut_at_its_round_limit(rigs):
    rig = rigs(settings={"attract": {"max_rounds": 2}}, baud=None)
    games = []

    def visitor(rig: Rig) -> None:
        if rig.exhibit.games >= 3:
            games.extend(rig.records())
            raise KeyboardInterrupt

    rig.visitor = visitor
    with pytest.raises(KeyboardInterrupt):
        rig.exhibit.run()
    ended = [record.ended for record in games]
    assert ended[:3] and set(ended[:3]) <= {"limit", "finished"} and "limit" in ended
    assert all(len([m for m in r.moves if m[0] == 1]) <= 3 + 2 + 2 for r in games)  # setup, rounds, retypes


@pytest.mark.parametrize(("policy", "ended"), [("ask-again", "idle"), ("basic", "stopped")])
def test_return_on_an_empty_line(rigs, policy, ended):
    """The 1978 BASIC stops the program on an empty answer; a museum may prefer to ask again."""
    rig = rigs(settings={"exhibit": {"empty_answer": policy}})
    rig.visitor = typing(["1", "", "2,2"])
    rig.exhibit.run(visits=1)
    (game,) = visitor_records(rig)
    assert game.ended == ended
    assert [move for number, move in game.moves if number == 1] == (
        ["2,2"] if policy == "ask-again" else [""]
    )


def test_a_key_while_a_computer_types_its_move_wakes_the_exhibit(rigs):
    """In attract mode a computer's move is struck onto the blot at the Teletype's pace (half a
    second at 110 baud); a visitor's key then is taken as at any other moment, not dropped."""
    rig = rigs(baud=110, frame_step=1 / 20)
    pressed: list[float] = []

    def visitor(rig: Rig) -> None:
        queue = bytes(rig.terminal.throttle._queue)
        typing_a_move = queue.endswith(b"\r") and b"," in queue and b"\n" not in queue
        if not pressed and rig.exhibit.mode == "attract" and typing_a_move:
            press(pygame.K_SPACE, " ")
            pressed.append(rig.clock.now())
        elif pressed and rig.clock.now() - pressed[0] > 2:
            raise OperatorExit  # two seconds and no visitor: the key was lost

    rig.visitor = visitor
    with pytest.raises(OperatorExit):
        rig.exhibit.run()
    assert pressed and rig.exhibit.visits == 1
