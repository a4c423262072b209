"""An exhibit in a test: a real pygame terminal, headless, on a simulated clock, with scripted visitors.

Visitors act through pygame's own event queue, from a hook the terminal calls
at the start of every frame, as a person's keys would arrive between frames.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from life2_retro.exhibit.build import build_terminal, dress_window
from life2_retro.exhibit.config import ExhibitConfig, parse_config
from life2_retro.exhibit.records import RecordLog, read_records
from life2_retro.exhibit.runner import Exhibit
from life2_retro.terminals.pacing import SimulatedClock


def press(key: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))


def type_line(text: str) -> None:
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    press(pygame.K_RETURN, "\r")


class Rig:
    """The exhibit, its terminal and its log; `visitor` decides what a visitor does at each frame."""

    def __init__(
        self,
        folder: Path,
        settings: dict[str, dict[str, Any]] | None = None,
        *,
        frame_step: float = 0.25,
        size: tuple[int, int] = (960, 600),
        seed: int = 1,
        panel: bool = True,
        baud: int | None = 9600,
    ) -> None:
        base: dict[str, dict[str, Any]] = {
            "exhibit": {"fullscreen": False, "idle_seconds": 10, "result_seconds": 2},
            "attract": {"pause_seconds": 1},
            "listing": {"panel": panel},
        }
        for table, values in (settings or {}).items():
            base.setdefault(table, {}).update(values)
        self.config: ExhibitConfig = parse_config(base, folder)
        self.clock = SimulatedClock(frame_step=frame_step)
        self.terminal = build_terminal(self.config, clock=self.clock, baud=baud, sound=False, size=size)
        self.log = RecordLog(
            self.config.records_path, self.config.records_max_bytes, self.config.records_keep
        )
        self.exhibit = Exhibit(self.config, self.terminal, self.log, seed=seed, monotonic=self.clock.now)
        dress_window(self.config, self.terminal, self.exhibit)
        self.modes: list[str] = []
        """The exhibit's mode at each frame, compressed: a new entry only when it changes."""
        self.visitor: Callable[[Rig], None] = lambda rig: None
        self.random = random.Random(seed)
        self.terminal.frame_hooks.append(self._frame)
        self.reads = 0
        """How many lines the terminal has been asked for: one per prompt a visitor sees."""
        read_line = self.terminal.read_line

        def counted(idle_seconds: float | None = None) -> bytes | None:
            self.reads += 1
            return read_line(idle_seconds)

        self.terminal.read_line = counted  # type: ignore[method-assign]
        self.printed = bytearray()
        """Every byte the exhibit has sent to the terminal, as the paper or the glass received it."""
        write = self.terminal.write

        def kept(data: bytes, on_key=None) -> None:
            self.printed += data
            write(data, on_key=on_key)

        self.terminal.write = kept  # type: ignore[method-assign]

    def _frame(self) -> None:
        mode = self.exhibit.mode
        if not self.modes or self.modes[-1] != mode:
            self.modes.append(mode)
        self.visitor(self)

    @property
    def reading(self) -> bool:
        return bool(getattr(self.terminal, "reading", False))

    def records(self):
        records, problems = read_records(self.config.records_path)
        assert problems == []
        return records

    def close(self) -> None:
        self.terminal.close()
