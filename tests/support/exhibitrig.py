"""An exhibit in a test: the package's SimulatedExhibit (a real pygame terminal, headless, on a
simulated clock), with a test's short timings, every byte printed kept, and the modes it went through.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from life2_retro.exhibit.config import ExhibitConfig, parse_config
from life2_retro.exhibit.records import read_records
from life2_retro.exhibit.simulated import SimulatedExhibit, press, type_line

__all__ = ["Rig", "press", "type_line"]


class Rig(SimulatedExhibit):
    """`settings` are config tables over a test's defaults: short idle, result and pause times."""

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
        config: ExhibitConfig = parse_config(base, folder)
        super().__init__(config, frame_step=frame_step, size=size, seed=seed, baud=baud)
        self.modes: list[str] = []
        """The exhibit's mode at each frame, compressed: a new entry only when it changes."""
        self.printed = bytearray()
        """Every byte the exhibit has sent to the terminal, as the paper or the glass received it."""
        write = self.terminal.write

        def kept(data: bytes, on_key=None) -> None:
            self.printed += data
            write(data, on_key=on_key)

        self.terminal.write = kept

    def _frame(self) -> None:
        mode = self.exhibit.mode
        if not self.modes or self.modes[-1] != mode:
            self.modes.append(mode)
        super()._frame()

    def records(self):
        records, problems = read_records(self.config.records_path)
        assert problems == []
        return records
