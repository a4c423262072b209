"""The Teletype and the glass terminal, headless, judged by their pixels."""

from __future__ import annotations

import math
import multiprocessing
import os
import subprocess
import sys
import threading

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.commands.running import run_command
from life2_retro.programs.life2 import Life2Program
from life2_retro.programs.life2_bugs import BUG_NAMES
from life2_retro.session import drive
from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype
from life2_retro.terminals.window.terminal import WindowClosed

from .helpers import QUICK_GAME, life2

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


@pytest.mark.parametrize("seed", [33, 1978, 4242])
@pytest.mark.parametrize("move", ["1,1", "4,5"])
def test_typed_input_over_the_blot_cannot_be_read(seed, move):
    """A reader tells a character by its shape. Over the blot, the shape the typed keys add is
    smaller than the difference in shape between two untouched blots (the ribbon never inks two
    blows alike): a blot with the move in it cannot be told from one without. On clean paper the
    same keys change the shape by far more than that."""
    with teletype(seed=seed) as tty:
        tty.write(b"\r\n" + MASK)
        untouched = tty.paper.row
        tty.write(b"\r\n" + MASK)
        row = tty.paper.row
        before = {column: paper_cell(tty, row, column) for column in (2, 3, 4)}
        for char in move:
            tty.key_typed(char)
        over_blot = [shape_change(paper_cell(tty, row, c), before[c]) for c in (2, 3, 4)]
        natural = [shape_change(paper_cell(tty, untouched, c), before[c]) for c in (2, 3, 4)]
        tty.write(b"\r\n? ")
        clean_row = tty.paper.row
        blank = {column: paper_cell(tty, clean_row, column) for column in (2, 3, 4)}
        for char in move:
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
    """Each byte takes 100 ms on the line; the character after a CR waits until the carriage is
    home, 200 ms after the CR. CR LF needs no more time than that: the LF travels meanwhile."""
    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        for data, seconds in ((b"\rX", 0.3), (b"\r\nX", 0.3), (b"XY", 0.2)):
            started = clock.now()
            tty.write(data)
            tty.flush()  # returns on the frame after the last byte is due
            assert seconds <= clock.now() - started <= seconds + 1.5 / 60, data


def test_the_throttle_releases_each_byte_at_its_time():
    from life2_retro.terminals.pacing import LinePace, Throttle

    clock = SimulatedClock()
    throttle = Throttle(LinePace(110), clock)
    throttle.feed(b"AB\rC\r\nD")
    released = []
    for step in range(1, 101):
        clock.advance(0.01)
        released += [(round(step / 100, 2), chr(byte)) for byte in throttle.due()]
    # 100 ms a byte; C waits for the carriage (200 ms after its CR); D does not (LF filled the time)
    assert released == [(0.1, "A"), (0.2, "B"), (0.3, "\r"), (0.5, "C"), (0.6, "\r"), (0.7, "\n"), (0.8, "D")]


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


def key(pygame, name: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode=text))


def typed(pygame, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_the_teletype_keyboard_prints_locally_and_sends_what_a_model_33_sends():
    import pygame

    with teletype() as tty:
        tty.write(b"? ")
        for char in "1{a,m":
            typed(pygame, char)
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "5")
        key(pygame, pygame.K_RETURN, "\r")
        line = tty.read_line()
        assert line == b"1[A,M_5"  # capitals only, '{' as the '[' it prints, Backspace types '_'
        cells = tty.paper.line(tty.paper.row).cells
        assert "".join(cells[c][-1].char for c in range(2, 9)) == "1[A,M_5"
        assert tty.paper.column == 0  # Return returned the carriage locally
        assert not tty.sounds.muted


def test_m_mutes_only_while_the_machine_prints():
    import pygame

    with Teletype(clock=SimulatedClock(), baud=None) as tty:
        key(pygame, pygame.K_m, "m")
        tty.frame()
        assert tty.sounds.muted
        key(pygame, pygame.K_m, "m")
        typed(pygame, "m")
        key(pygame, pygame.K_RETURN, "\r")
        assert tty.read_line() == b"M" and tty.sounds.muted  # in a line, M is a letter


def test_a_gwbasic_teletype_erases_with_backspace():
    import pygame

    with teletype(erase="\b") as tty:
        typed(pygame, "9")
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "1")
        key(pygame, pygame.K_RETURN, "\r")
        assert tty.read_line() == b"9\b1"  # the GW-BASIC editor erases with the BS
        cells = tty.paper.line(tty.paper.row).cells  # a Model 33 cannot back up: 9 and 1 side by side
        assert [s.char for s in cells[0]] == ["9"] and [s.char for s in cells[1]] == ["1"]


def test_rubout_prints_nothing():
    with teletype() as tty:
        assert tty.paper.receive(b"\x7f") == [] and tty.paper.column == 0


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
        tty.scroll(10)
        tty.write(b"MORE\r\nAND MORE\r\n")
        assert tty.view.scroll_back == 12  # the page being read stays put while the paper feeds
        typed(pygame, "1")
        key(pygame, pygame.K_RETURN, "\r")
        tty.read_line()
        assert tty.view.scroll_back == 0  # a prompt brings the print line back in sight


def test_the_window_can_be_resized_and_go_full_screen():
    import pygame

    with teletype(size=(800, 600)) as tty:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
        tty.frame()
        assert tty.view.size == (1000, 700)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        tty.frame()
        assert tty.fullscreen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        tty.frame()
        assert not tty.fullscreen and tty.view.size == (1000, 700)
    with crt(size=(800, 600)) as screen:
        screen.write(b"HELLO")
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
        screen.frame()
        assert screen.view.size == (640, 480) and screen.view.cell_rect(0, 79)[0] < 640


def test_m_mutes_and_silence_when_there_is_no_audio_device():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='no-such-driver'\n"
        "from life2_retro.terminals.window.teletype import Teletype\n"
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
    from life2_retro.terminals.window import sound

    for make in (sound.clack, sound.carriage_return, sound.line_feed, sound.bell, sound.hum):
        samples = make()
        assert len(samples) > 100 and max(abs(s) for s in samples) <= 1.0 and any(samples)


# -- the glass terminal ------------------------------------------------------------------------------


def crt(**options) -> Crt:
    return Crt(clock=SimulatedClock(), **{"baud": None, "sound": False, **options})


def test_the_crt_shows_no_typed_input():
    import pygame

    with crt() as screen:
        screen.write(b"X,Y\r\n? ")
        screen.settle(0.5)
        x, y, w, h = screen.view.cell_rect(1, 2)
        region = (x, y, w * 8, round(h * 0.7))  # row 1 after the prompt, above the cursor bar
        before = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        for char in "1,1":
            typed(pygame, char)
        key(pygame, pygame.K_RETURN, "\r")
        assert screen.read_line() == b"1,1"
        screen.echo(b"1,1")  # the host's echo: never shown either
        screen.settle(0.5)
        after = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        assert screen.screen.text()[1].rstrip() == "?"
        assert after == before
        screen.write(b"1,1")  # the same region does change when something is printed there
        screen.settle(0.5)
        assert pygame.image.tobytes(screen.surface.subsurface(region), "RGB") != before


def test_the_crt_line_can_be_edited_before_it_is_sent():
    import pygame

    with crt() as screen:
        for char in "99":
            typed(pygame, char)
        key(pygame, pygame.K_u, "\x15", pygame.KMOD_CTRL)
        for char in "12":
            typed(pygame, char)
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "3")
        key(pygame, pygame.K_RETURN, "\r")
        assert screen.read_line() == b"13"


def test_bel_beeps_on_the_crt():
    with crt() as screen:
        heard: list[list[str]] = []
        screen.sounds.play = heard.append
        screen.write(b"A\aB")
        assert ["bell"] in heard


def test_the_afterglow_decays_exponentially():
    from life2_retro.terminals.window.crt import Effects

    with crt(effects=Effects(scanlines=False, glow=False, vignette=False)) as screen:
        screen.write(b"########")
        screen.settle(0.3)
        x, y, w, h = screen.view.cell_rect(0, 0)
        brightest = lambda: max(screen.surface.get_at((x + i, y + j))[1] for i in range(w) for j in range(h))  # noqa: E731
        full = brightest()
        screen.write(b"\r        ")
        levels = []
        for _ in range(4):
            screen.frame()
            levels.append(brightest())
    tau = screen.phosphor.persistence
    # the write puts the spaces on the screen; each frame after it fades the afterglow, and also
    # cuts 3 off the tail
    for frames, level in enumerate(levels, start=1):
        expected = full * math.exp(-frames / 60 / tau)
        assert level == pytest.approx(expected, abs=3 * frames + 0.04 * full), (frames, level, expected)
    ratios = [later / earlier for earlier, later in zip(levels, levels[1:], strict=False)]
    assert all(0.6 < ratio < 0.8 for ratio in ratios)  # a constant fraction a frame: exponential


@pytest.mark.parametrize("phosphor", ["p1", "p3", "p4"])
def test_phosphors_colour_the_text(phosphor):
    from life2_retro.terminals.window.crt import PHOSPHORS

    with crt(phosphor=phosphor) as screen:
        screen.write(b"########")
        screen.settle(0.2)
        x, y, w, h = screen.view.cell_rect(0, 0)
        colours = {screen.surface.get_at((x + i, y + j))[:3] for i in range(w) for j in range(h)}
        brightest = max(colours, key=sum)
        target = PHOSPHORS[phosphor].color
        assert max(range(3), key=lambda k: brightest[k]) == max(range(3), key=lambda k: target[k])


def test_persistence_decays_and_each_effect_toggles():
    from life2_retro.terminals.window.crt import Effects

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


def teletype_with_sound() -> Teletype:
    return Teletype(clock=SimulatedClock(), baud=None, sound=True)


@pytest.mark.parametrize("make", [teletype, teletype_with_sound, crt], ids=["teletype", "sound", "crt"])
@pytest.mark.parametrize("prompt", range(1, 7))
def test_closing_the_window_at_any_prompt_leaves_nothing_behind(make, prompt):
    import pygame

    threads = threading.active_count()
    tasks = len(os.listdir("/proc/self/task"))
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
    assert not pygame.display.get_init() and pygame.mixer.get_init() is None
    assert threading.active_count() == threads and not multiprocessing.active_children()
    assert len(os.listdir("/proc/self/task")) == tasks  # no native thread left either (SDL audio)


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
@pytest.mark.parametrize("stop", ["K_ESCAPE", "K_PAUSE"])
def test_escape_or_break_stops_the_output_at_once(make, stop):
    import pygame

    with make(baud=110) as terminal, pytest.raises(WindowClosed):
        terminal.write(b"AB")
        key(pygame, getattr(pygame, stop))
        terminal.write(b"C" * 500)
    assert terminal.throttle.pending == 0  # nothing more will be printed


def test_pygame_is_imported_only_for_a_pygame_terminal():
    code = (
        "import sys; from life2_retro.cli import main\n"
        "main(['play', '--terminal', 'console', '--dialect', 'gwbasic'])\n"
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
    pictures = {}
    for label, path in (("game", script), ("blank", tmp_path / "nothing.txt")):
        path.touch()
        out = tmp_path / f"{label}.png"
        result = life2(
            "screenshot",
            "--terminal",
            name,
            "--input",
            str(path),
            "--out",
            str(out),
            "--size",
            "800x600",
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        pictures[label] = pygame.image.load(str(out))
    assert pictures["game"].get_size() == (800, 600)
    differing = sum(
        pictures["game"].get_at((x, y)) != pictures["blank"].get_at((x, y))
        for x in range(0, 800, 2)
        for y in range(0, 600, 2)
    )
    assert differing > 2000  # the boards and the mask, not just the title the blank run prints


def test_screenshot_errors_are_one_line(tmp_path):
    script = tmp_path / "quick.txt"
    script.write_bytes(b"1,1\n")
    for extra in (["--size", "10x10"], ["--out", str(tmp_path / "no" / "dir" / "x.png")], ["--fullscreen"]):
        args = ["--out", str(tmp_path / "x.png"), *extra]
        result = life2("screenshot", "--terminal", "crt", "--input", str(script), *args)
        assert (
            result.returncode == 2
            and b"Traceback" not in result.stderr
            and b"life2 screenshot" in result.stderr
        )


def test_no_display_is_a_clear_error():
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver"}
    result = life2("--terminal", "crt", env=env)
    assert (
        result.returncode == 2
        and b"Traceback" not in result.stderr
        and b"--terminal console" in result.stderr
    )


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--terminal", "console", "--baud", "110"], "--baud is for the teletype, crt and serial terminals"),
        (["--terminal", "teletype", "--phosphor", "p3"], "--phosphor is for the crt terminal"),
        (["--terminal", "console", "--mute"], "--mute is for the teletype and crt terminals"),
        (["--terminal", "serial", "--size", "800x600"], "--size is for the teletype and crt terminals"),
        (
            ["--terminal", "crt", "--baud", "110"],
            "--baud for the crt terminal is 110; allowed: 0 (as fast as it comes), 300, 1200, 9600",
        ),
        (
            ["--terminal", "teletype", "--baud", "-1"],
            "--baud for the teletype terminal is -1; allowed: 0 (as fast as it comes), a whole number from 50",
        ),
        (["--terminal", "teletype", "--size", "10x10"], "--size for the teletype terminal is '10x10'"),
        (
            ["screenshot", "--input", "x", "--out", "y.png", "--fullscreen"],
            "unrecognized arguments: --fullscreen",
        ),
    ],
)
def test_terminal_options_are_checked(args, problem):
    result = life2(*args)
    assert result.returncode == 2 and problem.encode() in result.stderr


def test_terminal_options_reach_the_terminal():
    from life2_retro.cli import top_parser
    from life2_retro.commands.options import mode_from, terminal_settings
    from life2_retro.terminals import TERMINALS, offered

    top = top_parser()
    args = top.parse_args(["--terminal", "crt", "--baud", "0", "--phosphor", "p4", "--no-glow"])
    options = terminal_settings(args, top, offered(list(TERMINALS)), erase=mode_from(args, top).erase_key)
    assert (
        options["baud"] == 0  # as fast as it comes
        and options["phosphor"] == "p4"
        and options["effects"].names() == ["scanlines", "persistence", "vignette"]
        and "erase" not in options  # the crt edits its line itself
    )
    args = top.parse_args(["--terminal", "teletype", "--mute", "--dialect", "gwbasic", "--size", "800x600"])
    options = terminal_settings(args, top, offered(list(TERMINALS)), erase=mode_from(args, top).erase_key)
    assert options == {"sound": False, "size": (800, 600), "erase": "\b"}


def test_the_font_has_every_model_33_character_distinct():
    from life2_retro.terminals.window.font import TELETYPE_CHARACTERS, dots

    shapes = {char: dots(char) for char in TELETYPE_CHARACTERS}
    assert len(TELETYPE_CHARACTERS) == 64 and set(TELETYPE_CHARACTERS) == {chr(c) for c in range(0x20, 0x60)}
    assert len({shape for char, shape in shapes.items() if char != " "}) == 63
    lower = {chr(c) for c in range(0x60, 0x7F)}
    assert all(dots(char) for char in lower) and len({dots(char) for char in lower}) == len(lower)


def test_bench_render_measures_both_terminals(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 12)
    for name in ("teletype", "crt"):
        rest, printing = render.measure(name)
        assert rest > 0 and printing > 0


@pytest.mark.parametrize("size", [(793, 800), (1024, 768), (641, 480), (1280, 1024)])
def test_the_paper_has_no_seams_at_any_window_size(size):
    """Rows of paper are drawn one by one; at any scale they must meet, or the desk shows through
    as dark lines across the page."""
    with teletype(size=size) as tty:
        tty.write(b"HELLO\r\n" * 60)
        tty.frame()
        surface = tty.surface
        x = tty.view.paper_x + tty.view.paper_w * 2 // 3  # a blank column of the paper
        column = [luminance(surface.get_at((x, y))) for y in range(tty.view.head_y)]
    assert min(column) > 150, min(column)


@pytest.mark.parametrize("baud", [1200, 9600])
def test_a_fast_line_keeps_its_pace_when_the_program_prints_in_small_pieces(baud):
    """A board is printed three characters at a time. Each piece must not cost a whole frame, or
    9600 baud would crawl at 60 pieces (180 characters) a second."""
    clock = SimulatedClock()
    with Crt(clock=clock, baud=baud) as screen:
        started = clock.now()
        pieces = baud // 6  # about 5 seconds of line
        for _ in range(pieces):
            screen.write(b" * ")
        screen.flush()
        rate = 3 * pieces / (clock.now() - started)
    assert rate == pytest.approx(baud / 11, rel=0.02)


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
@pytest.mark.parametrize("how", ["key", "close"])
def test_the_last_board_stays_until_the_player_is_done(make, how):
    import pygame

    with make(baud=110) as terminal:
        terminal.write(b"PLAYER 2 IS THE WINNER\r\n")
        frames = terminal.frames
        leave = (
            pygame.event.Event(pygame.QUIT)
            if how == "close"
            else pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
        )
        countdown = [90]

        def player() -> None:
            countdown[0] -= 1
            if countdown[0] == 0:
                pygame.event.post(leave)

        terminal.frame_hooks.append(player)
        terminal.linger()
        assert terminal.throttle.pending == 0  # everything printed before it waits
        assert terminal.frames - frames >= 89  # it waited for the player
