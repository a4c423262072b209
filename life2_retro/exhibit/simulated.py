"""The exhibit on a simulated clock: the real runner and pygame terminal, headless, visitors scripted.

Weeks of a museum pass in minutes: each frame moves the clock by `frame_step`
seconds instead of waiting for them, and a scripted visitor acts from a hook
the terminal calls at the start of every frame, through pygame's own event
queue, as a person's keys would arrive between frames. `life2 bench --soak`
runs the exhibit so, and so do the exhibit's tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..terminals.pacing import SimulatedClock
from ..terminals.window.terminal import PygameTerminal
from .build import build_terminal, dress_window
from .config import ExhibitConfig
from .records import RecordLog
from .runner import Exhibit


def press(key: int, unicode: str = "", mod: int = 0) -> None:
    """A key struck, as pygame would report it."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))


def type_line(text: str) -> None:
    """A line typed and Return."""
    import pygame

    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    press(pygame.K_RETURN, "\r")


CONFIG_BAUD = -1
"""As `baud`: the line speed the config gives the terminal (or the terminal's own default)."""


class SimulatedExhibit:
    """The exhibit of `config`, its window terminal and its log; `visitor` decides what a visitor does
    at each frame (nothing: nobody comes, and the computers play on)."""

    def __init__(
        self,
        config: ExhibitConfig,
        *,
        frame_step: float,
        size: tuple[int, int],
        seed: int = 1,
        baud: int | None = 9600,
    ) -> None:
        self.config = config
        self.clock = SimulatedClock(frame_step=frame_step)
        line = {} if baud == CONFIG_BAUD else {"baud": baud}
        terminal = build_terminal(config, clock=self.clock, sound=False, size=size, **line)
        if not isinstance(terminal, PygameTerminal):
            raise ValueError(f"{config.terminal}: only a window terminal runs on a simulated clock")
        self.terminal: Any = terminal
        self.log = RecordLog(config.records_path, config.records_max_bytes, config.records_keep)
        self.exhibit = Exhibit(config, terminal, self.log, seed=seed, monotonic=self.clock.now)
        dress_window(config, terminal, self.exhibit)
        self.visitor: Callable[[SimulatedExhibit], None] = lambda simulated: None
        terminal.frame_hooks.append(self._frame)

    @property
    def reads(self) -> int:
        """How many lines the terminal has been asked for: one per prompt a visitor sees."""
        return int(self.terminal.lines_asked)

    def _frame(self) -> None:
        self.visitor(self)

    @property
    def reading(self) -> bool:
        """A prompt is waiting for a visitor's line."""
        return bool(getattr(self.terminal, "reading", False))

    def close(self) -> None:
        self.terminal.close()


class Crowd:
    """A stream of visitors: visitor i presses a key during the computers' game, answers i % 4
    prompts (the choice of players first), then walks away, and the idle time passes at once."""

    def __init__(self) -> None:
        self.visit = -1
        self.answered_read = -1
        self.answered = 0

    def __call__(self, simulated: SimulatedExhibit) -> None:
        import pygame

        clock, exhibit = simulated.clock, simulated.exhibit
        if exhibit.mode == "attract":
            press(pygame.K_SPACE, " ")
            return
        if exhibit.visits != self.visit:
            self.visit, self.answered = exhibit.visits, 0
        if not simulated.reading or self.answered_read == simulated.reads:
            return
        self.answered_read = simulated.reads
        if self.answered < exhibit.visits % 4:
            type_line("1" if self.answered == 0 else f"{exhibit.visits % 5 + 1},{self.answered + 1}")
            self.answered += 1
        else:
            clock.advance(simulated.config.idle_seconds)  # away: the idle time passes at once


class _PictureTime(Exception):
    """The simulated clock has reached the moment of the picture."""


def picture_at(
    config: ExhibitConfig,
    path: str,
    seconds: float,
    frame_step: float,
    seed: int,
    baud: int | None = CONFIG_BAUD,
) -> None:
    """The exhibit of `config` in attract mode, `seconds` into it on the simulated clock (at the first
    frame after, with the banner lit), saved as a PNG: the window as a visitor would find it, the same
    to the pixel for the same config and seed."""
    from ..terminals.window.terminal import headless
    from .banner import Banner

    headless()
    simulated = SimulatedExhibit(config, frame_step=frame_step, size=config.size, seed=seed, baud=baud)

    def stop_at_the_moment(_simulated: SimulatedExhibit) -> None:
        banner = simulated.terminal.overlay
        if simulated.clock.now() >= seconds and (not isinstance(banner, Banner) or banner.lit()):
            raise _PictureTime

    simulated.visitor = stop_at_the_moment
    try:
        simulated.exhibit.run()
    except _PictureTime:
        simulated.terminal.save_png(path)
    finally:
        simulated.close()
