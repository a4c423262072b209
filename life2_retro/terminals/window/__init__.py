"""The pygame terminals: a Teletype Model 33 on paper and a glass terminal, each in a window.

Nothing here imports pygame until a window is opened, so the command line can
read the terminals' options without a display.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

if TYPE_CHECKING:
    from ..base import KeyHook
    from ..pacing import SimulatedClock, WallClock
    from .display import SidePanel
    from .kiosk import KeyChord


@runtime_checkable
class WindowTerminal(Protocol):
    """What callers may do with a window terminal beyond the terminal contract (base.py):
    draw frames, save a picture, share the window with a panel, and run unattended."""

    @property
    def pygame(self) -> Any:
        """The pygame module the window draws with (imported when the window opened)."""

    clock: WallClock | SimulatedClock
    overlay: Callable[[Any], None] | None
    """Drawn over the terminal's picture each frame (the exhibit's banner)."""

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None: ...

    def read_line(self, idle_seconds: float | None = None) -> bytes | None: ...

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None: ...

    def frame(self) -> None:
        """One frame: keys, the bytes now due, the picture."""

    def settle(self, seconds: float) -> None:
        """Frames for a while with nothing new (afterglow fades, the head comes to rest)."""

    def save_png(self, path: str) -> None: ...

    def set_side_panel(self, panel: SidePanel | None) -> None: ...

    def make_kiosk(self, exit_chord: KeyChord) -> None:
        """Unattended: only typing works, and only `exit_chord` ends it."""

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, *exc_info: object) -> None: ...
