"""What both pygame terminals share: a whole game, the window's keys, closing it, the last board."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import threading

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.commands.running import run_command
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import drive
from life2_retro.terminals.window.teletype import Teletype
from life2_retro.terminals.window.terminal import WindowClosed

from ..support.helpers import QUICK_GAME, without_a_display
from ..support.windows import (
    crt,
    key,
    teletype,
    teletype_with_sound,
)


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


def _native_threads() -> set[str]:
    """The process's threads as the kernel lists them (SDL's threads are not Python's), by id."""
    return set(os.listdir("/proc/self/task"))


@pytest.fixture(scope="module")
def sdl_timer_started() -> None:
    """SDL starts its timer thread the first time any timer is used and keeps it for the life of the
    process, as pygame's import keeps numpy's; neither is ours to stop. Started here by pygame alone,
    before any count, so a test counts only the threads its own window starts."""
    import pygame

    pygame.time.Clock().tick()


@pytest.mark.parametrize("make", [teletype, teletype_with_sound, crt], ids=["teletype", "sound", "crt"])
@pytest.mark.parametrize("prompt", range(1, 7))
def test_closing_the_window_at_any_prompt_leaves_nothing_behind(make, prompt, sdl_timer_started):
    import pygame

    threads = set(threading.enumerate())
    tasks = _native_threads()
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
    # what the test started and is still running: threads other tests left may end meanwhile
    assert set(threading.enumerate()) - threads == set() and not multiprocessing.active_children()
    assert _native_threads() - tasks == set()  # no native thread left either (SDL audio)


@pytest.mark.parametrize("make", [teletype, crt], ids=["teletype", "crt"])
@pytest.mark.parametrize("stop", ["K_ESCAPE", "K_PAUSE"])
def test_escape_or_break_stops_the_output_at_once(make, stop):
    import pygame

    with make(baud=110) as terminal, pytest.raises(WindowClosed):
        terminal.write(b"AB")
        key(pygame, getattr(pygame, stop))
        terminal.write(b"C" * 500)
    assert terminal.throttle.pending == 0  # nothing more will be printed


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


@pytest.mark.parametrize("terminal", ["teletype", "crt"])
def test_without_a_display_a_window_terminal_says_what_to_do_in_one_line(terminal):
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", "--terminal", terminal],
        input=b"",
        capture_output=True,
        env=without_a_display(),
        timeout=30,
        check=False,
    )
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2 and done.stdout == b""
    assert len(lines) == 1 and "no display" in lines[0] and "--terminal console" in lines[0], lines


def test_without_a_sound_card_the_teletype_plays_in_silence_and_says_nothing():
    """ALSA reports every card it fails to find on descriptor 2; the player must not see it."""
    code = (
        "from tests.support.windows import teletype_with_sound\n"
        "tty = teletype_with_sound()\n"
        "tty.write(b'PLAYER 1  - 3 LIVE PIECES.\\r\\n')\n"
        "tty.flush()\n"
        "tty.close()\n"
        "print('printed')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        env=without_a_display(SDL_VIDEODRIVER="dummy"),  # chosen: drawn where nobody sees, on purpose
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == b"printed\n", done
    assert done.stderr == b""
