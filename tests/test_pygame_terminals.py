"""The Teletype and the glass terminal, headless, judged by their pixels."""

from __future__ import annotations

import math
import multiprocessing
import subprocess
import sys
import threading

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.driver import drive
from life2_retro.exits import run_command
from life2_retro.programs.bugs import BUG_NAMES
from life2_retro.programs.life2 import Life2Program
from life2_retro.terminals.crt import Crt
from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.teletype import Teletype
from life2_retro.terminals.window import WindowClosed

from .helpers import QUICK_GAME

MASK = b"XXXXXX\r$$$$$$\r&&&&&&\r? "


def teletype(**options) -> Teletype:
    return Teletype(clock=SimulatedClock(), sound=False, **{"baud": None, **options})


def luminance(colour) -> float:
    return 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]


def paper_cell(tty: Teletype, row: int, column: int) -> list[float]:
    """The luminance of one character cell as printed on the paper (the print head not over it)."""
    view = tty.view
    _, _, width, height = view.cell_rect(row, column)
    view.take_new_strikes()
    line = view._line_surface(row)
    left = round(view.margin + column * view.char_w)
    return [luminance(line.get_at((left + i, j))) for j in range(height) for i in range(width)]


def ink(cell: list[float]) -> float:
    """How dark a cell is: 0 for bare paper."""
    paper = 240.0
    return sum(max(0.0, paper - value) for value in cell) / len(cell) / paper


def shape_change(after: list[float], before: list[float]) -> float:
    """How much the shape of a cell changed: the RMS change left once its uniform part is removed."""
    change = [a - b for a, b in zip(after, before, strict=True)]
    mean = sum(change) / len(change)
    return math.sqrt(sum((c - mean) ** 2 for c in change) / len(change))


# -- the Teletype ---------------------------------------------------------------------------------


def test_the_blot_is_darker_than_a_single_strike():
    with teletype() as tty:
        tty.write(b"X\r\n" + MASK)
        single = [ink(paper_cell(tty, tty.paper.row - 1, 0))]
        blot = [ink(paper_cell(tty, tty.paper.row, column)) for column in range(6)]
    assert min(blot) > 2.5 * single[0], (blot, single)


def test_typed_input_over_the_blot_cannot_be_read():
    """A reader tells a character by its shape. Over the blot, the shape the typed keys add is
    smaller than the difference in shape between two untouched blots (the ribbon never inks two
    blows alike): a blot with the move in it cannot be told from one without. On clean paper the
    same keys change the shape by far more than that."""
    with teletype() as tty:
        tty.write(b"\r\n" + MASK)
        untouched = tty.paper.row
        tty.write(b"\r\n" + MASK)
        row = tty.paper.row
        before = {column: paper_cell(tty, row, column) for column in (2, 3, 4)}
        for char in "1,1":
            tty.key_typed(char)
        over_blot = [shape_change(paper_cell(tty, row, c), before[c]) for c in (2, 3, 4)]
        natural = [shape_change(paper_cell(tty, untouched, c), before[c]) for c in (2, 3, 4)]
        tty.write(b"\r\n? ")
        clean_row = tty.paper.row
        blank = {column: paper_cell(tty, clean_row, column) for column in (2, 3, 4)}
        for char in "1,1":
            tty.key_typed(char)
        on_paper = [shape_change(paper_cell(tty, clean_row, c), blank[c]) for c in (2, 3, 4)]
    mean = lambda values: sum(values) / len(values)  # noqa: E731
    assert mean(over_blot) < mean(natural), (over_blot, natural)
    assert mean(on_paper) > 1.5 * mean(natural), (on_paper, natural)


def test_the_teletype_prints_exactly_ten_characters_a_second():
    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        started = clock.now()
        tty.write(b"A" * 300)
        seconds = clock.now() - started
    assert round(300 / seconds, 1) == 10.0


def test_a_carriage_return_takes_its_time():
    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        started = clock.now()
        tty.write(b"\r")
        assert clock.now() - started == pytest.approx(0.2, abs=1 / 60)


def test_the_turbo_key_prints_at_full_speed():
    import pygame

    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        started = clock.now()
        tty.write(b"A" * 300)
        assert clock.now() - started < 0.1
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0))
        started = clock.now()
        tty.write(b"B" * 20)
        assert clock.now() - started == pytest.approx(2.0, abs=0.05)


def test_carriage_return_overstrikes_and_line_feed_moves_the_paper():
    with teletype() as tty:
        tty.write(b"AB\rC")
        line = tty.paper.line(tty.paper.row)
        assert [s.char for s in line.cells[0]] == ["A", "C"] and [s.char for s in line.cells[1]] == ["B"]
        row = tty.paper.row
        tty.write(b"\n")
        assert tty.paper.row == row + 1 and tty.paper.column == 1  # LF alone: same column, new line


def test_past_column_72_characters_overprint_the_last_column_and_the_bell_rings_on_the_71st():
    with teletype() as tty:
        sounds = tty.paper.receive(b"." * 70)
        assert "bell" not in sounds
        assert "bell" in tty.paper.receive(b".")  # the 71st character
        tty.paper.receive(b"XYZ")
        line = tty.paper.line(tty.paper.row)
        assert [strike.char for strike in line.cells[71]] == ["X", "Y", "Z"]  # 72nd column, then struck over
        assert max(line.cells) == 71
        assert "bell" in tty.paper.receive(b"\a")


def test_lower_case_keys_send_capitals():
    with teletype() as tty:
        tty.key_typed("a")
        assert bytes(tty._typed) == b"A"
        assert tty.paper.line(tty.paper.row).cells[0][0].char == "A"
        tty.paper.receive(b"xyz")
        assert [tty.paper.line(tty.paper.row).cells[c][0].char for c in (1, 2, 3)] == ["X", "Y", "Z"]


def test_the_printed_history_scrolls_back():
    import pygame

    with teletype(size=(640, 480)) as tty:
        tty.write(b"".join(b"LINE %d\r\n" % n for n in range(80)))
        tty.draw(tty.surface)
        live = pygame.image.tobytes(tty.surface, "RGB")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
        tty.frame()
        assert tty.view.scroll_back == 10
        assert pygame.image.tobytes(tty.surface, "RGB") != live
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
        tty.frame()
        assert tty.view.scroll_back == 0


def test_the_window_can_be_resized_and_go_full_screen():
    import pygame

    with teletype(size=(800, 600)) as tty:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
        tty.frame()
        assert tty.view.size == (1000, 700)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        tty.frame()
        assert tty.fullscreen


def test_m_mutes_and_silence_when_there_is_no_audio_device():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='no-such-driver'\n"
        "from life2_retro.terminals.teletype import Teletype\n"
        "from life2_retro.terminals.pacing import SimulatedClock\n"
        "with Teletype(clock=SimulatedClock(), baud=None) as t:\n"
        "    t.write(b'HELLO\\a\\r\\n'); print(t.sounds.available)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("False"), result.stderr
    import pygame

    with Teletype(clock=SimulatedClock(), baud=None) as tty:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
        tty.frame()
        assert tty.sounds.muted


def test_the_sounds_are_synthesized():
    from life2_retro.terminals import sound

    for make in (sound.clack, sound.carriage_return, sound.line_feed, sound.bell, sound.hum):
        samples = make()
        assert len(samples) > 100 and max(abs(s) for s in samples) <= 1.0 and any(samples)


# -- the glass terminal ------------------------------------------------------------------------------


def crt(**options) -> Crt:
    return Crt(clock=SimulatedClock(), **{"baud": None, **options})


def test_the_crt_shows_no_typed_input():
    import pygame

    with crt() as screen:
        screen.write(b"X,Y\r\n? ")
        screen.settle(0.5)
        x, y, w, h = screen.view.cell_rect(1, 2)
        region = (x, y - h, w * 8, h)  # the cells after the prompt (the cursor sits lower)
        before = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        for char in "1,1":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), mod=0, unicode=char))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        assert screen.read_line() == b"1,1"
        screen.echo(b"1,1")  # the host's echo: never shown either
        screen.settle(0.5)
        after = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        assert screen.screen.text()[1].rstrip() == "?"
        assert after == before


@pytest.mark.parametrize("phosphor", ["p1", "p3", "p4"])
def test_phosphors_colour_the_text(phosphor):
    from life2_retro.terminals.crt import PHOSPHORS

    with crt(phosphor=phosphor) as screen:
        screen.write(b"########")
        screen.settle(0.2)
        x, y, w, h = screen.view.cell_rect(0, 0)
        colours = {screen.surface.get_at((x + i, y + j))[:3] for i in range(w) for j in range(h)}
        brightest = max(colours, key=sum)
        target = PHOSPHORS[phosphor].color
        assert max(range(3), key=lambda k: brightest[k]) == max(range(3), key=lambda k: target[k])


def test_persistence_decays_and_each_effect_toggles():
    from life2_retro.terminals.crt import Effects

    with crt(effects=Effects(scanlines=False, glow=False, vignette=False)) as screen:
        screen.write(b"########")
        screen.settle(0.3)
        screen.write(b"\r        ")  # the characters are overwritten: only their afterglow is left
        x, y, w, h = screen.view.cell_rect(0, 0)
        glow_now = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        screen.settle(1.0)
        glow_later = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        assert glow_now > 0 and glow_later == 0  # the afterglow fades to black
        screen.effects.persistence = False
        screen.write(b"\r########")
        screen.settle(0.3)
        screen.write(b"\r        ")
        screen.frame()
        no_afterglow = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        assert no_afterglow == 0
    import pygame

    with crt() as screen:
        screen.write(b"HELLO")
        screen.settle(0.2)
        pictures = {pygame.image.tobytes(screen.surface, "RGB")}
        # scanlines, glow, vignette and the phosphor each change a still picture (persistence only
        # shows when something changes, above)
        for key in (pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F6):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            screen.settle(0.2)
            pictures.add(pygame.image.tobytes(screen.surface, "RGB"))
        assert len(pictures) == 5
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=0, unicode=""))
        screen.frame()
        assert screen.effects.names() == []


@pytest.mark.parametrize("baud", [300, 1200, 9600])
def test_the_crt_paces_the_line(baud):
    clock = SimulatedClock()
    with Crt(clock=clock, baud=baud) as screen:
        count = baud // 2  # 5.5 seconds of line at any speed, so a frame's granularity does not count
        started = clock.now()
        screen.write(b"A" * count)
        assert count / (clock.now() - started) == pytest.approx(baud / 11, rel=0.01)


# -- both ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
def test_a_whole_game_plays(make):
    with make(script=list(QUICK_GAME)) as terminal:
        drive(Life2Program(Dialect.MS1978, frozenset(BUG_NAMES)).run(), terminal)
        terminal.settle(0.2)
        if isinstance(terminal, Teletype):
            rows = [terminal.paper.line(r) for r in range(terminal.paper.first_row, terminal.paper.row + 1)]
            text = [
                "".join(row.cells[c][-1].char if c in row.cells else " " for c in range(72)) for row in rows
            ]
        else:
            text = terminal.screen.text()
    assert any("PLAYER 2 IS THE WINNER" in line for line in text)
    assert any("?US ERROR IN  575" in line for line in text)


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
@pytest.mark.parametrize("prompt", range(1, 7))
def test_closing_the_window_at_any_prompt_leaves_nothing_behind(make, prompt):
    import pygame

    threads = threading.active_count()
    terminal = make()
    answered = iter(QUICK_GAME)
    calls = 0
    original = terminal.read_line

    def read_line():
        nonlocal calls
        calls += 1
        if calls < prompt:
            return next(answered)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return original()

    terminal.read_line = read_line

    def game() -> None:
        with terminal:
            drive(Life2Program(Dialect.MS1978).run(), terminal)

    assert run_command("play", game) == 0
    assert calls == prompt
    assert not pygame.display.get_init()
    assert threading.active_count() == threads and not multiprocessing.active_children()


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
def test_escape_ends_the_game(make):
    import pygame

    with make() as terminal, pytest.raises(WindowClosed):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
        drive(Life2Program(Dialect.MS1978).run(), terminal)


def test_pygame_is_imported_only_for_a_pygame_terminal():
    code = (
        "import sys; from life2_retro.cli import main\n"
        "main(['run', '--input', '-'])\n"
        "print('pygame' in sys.modules, file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], input=b"1,1\n", capture_output=True, timeout=60, check=False
    )
    assert result.stderr.strip().endswith(b"False")


@pytest.mark.parametrize("name", ["teletype", "crt"])
def test_screenshot_saves_what_the_window_shows(tmp_path, name):
    import pygame

    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))
    out = tmp_path / f"{name}.png"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "life2_retro",
            "screenshot",
            "--terminal",
            name,
            "--input",
            str(script),
            "--out",
            str(out),
            "--size",
            "800x600",
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (800, 600)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 800, 7) for y in range(0, 600, 7)}
    assert len(colours) > 20  # text, paper or phosphor, not a blank window
