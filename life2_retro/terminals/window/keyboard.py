"""What the keys of a window do: one policy for each way the window is used.

* `LocalKeyboard`: two players at the window. A line is typed and edited
  locally and goes to the program on Return; Esc, Break or closing the window
  ends the game.
* `LineKeyboard`: the window is a terminal on a serial line. Every key goes
  down the line as it is struck, and is shown only with local echo.
* `KioskKeyboard`: an unattended exhibit. Only typing works; the operator's
  chord is the one way out.

A policy reads pygame events and calls the window; the window draws and keeps
the typed line. Neither knows anything of the program at the other end.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from ..base import KeyHook, OperatorExit
from ..pacing import Throttle
from .display import Display
from .kiosk import KeyChord, is_typing


class Window(Protocol):
    """What a keyboard policy may do to the window it serves (terminal.PygameTerminal is one): named
    here, so that the policies need nothing from the module that uses them."""

    display: Display
    throttle: Throttle
    turbo: bool
    reading: bool
    on_key: KeyHook | None

    @property
    def pygame(self) -> Any: ...
    def stop(self) -> None: ...
    def interrupt(self) -> None: ...
    def close_asked(self) -> None: ...
    def scroll(self, lines: int) -> None: ...
    def special_key(self, event: Any) -> bool: ...
    def key_typed(self, char: str) -> None: ...
    def key_pressed(self) -> None: ...
    def key_code(self, char: str) -> bytes: ...
    def end_line(self) -> None: ...
    def backspace(self) -> None: ...
    def receive(self, data: bytes) -> None: ...


MODIFIER_NAMES = (
    "LSHIFT",
    "RSHIFT",
    "LCTRL",
    "RCTRL",
    "LALT",
    "RALT",
    "LMETA",
    "RMETA",
    "LGUI",
    "RGUI",
    "CAPSLOCK",
    "NUMLOCK",
    "SCROLLOCK",
    "MODE",
)
"""Shift, Ctrl, Alt, the logo keys and the locks: on their own, nobody means them."""


def printable(text: str) -> Iterator[str]:
    """The characters of a typed text a Teletype keyboard has: printable ASCII."""
    return (char for char in text if 0x20 <= ord(char) < 0x7F)


@functools.cache
def modifier_keys(pygame: Any) -> frozenset[int]:
    return frozenset(getattr(pygame, f"K_{name}") for name in MODIFIER_NAMES if hasattr(pygame, f"K_{name}"))


class Keyboard(ABC):
    """A window's keys, for one way of using it."""

    sends_every_key = False
    """True on a line, where every letter goes to the host (so no letter is a command)."""

    @abstractmethod
    def handle(self, event: Any, window: Window) -> None:
        """One pygame event."""

    def _window_event(self, event: Any, window: Window) -> bool:
        """Closing, resizing, the wheel, Tab let go: the same wherever a person sits at the window."""
        pygame = window.pygame
        kind = event.type
        if kind == pygame.QUIT:
            window.close_asked()
        elif kind == pygame.VIDEORESIZE:
            window.display.request_resize((event.w, event.h))
        elif kind == pygame.MOUSEWHEEL:
            window.scroll(event.y * 3)
        elif kind == pygame.WINDOWFOCUSLOST or (kind == pygame.KEYUP and event.key == pygame.K_TAB):
            window.turbo = False  # a Tab let go elsewhere never sends its KEYUP here
        else:
            return False
        return True

    def _window_key(self, event: Any, window: Window) -> bool:
        """The window's own keys: Esc and Break end, F11, Tab (full speed), PgUp and PgDn."""
        pygame = window.pygame
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_PAUSE):
            window.stop()
        elif key == pygame.K_F11:
            window.display.toggle_fullscreen()
        elif key == pygame.K_TAB:
            window.turbo = True
        elif key == pygame.K_PAGEUP:
            window.scroll(10)
        elif key == pygame.K_PAGEDOWN:
            window.scroll(-10)
        else:
            return window.special_key(event)
        return True


class LocalKeyboard(Keyboard):
    """Two players at the window: a line is typed and edited here, and goes to the program on Return."""

    def handle(self, event: Any, window: Window) -> None:
        pygame = window.pygame
        if self._window_event(event, window):
            return
        if event.type == pygame.TEXTINPUT and window.reading:
            for char in printable(event.text):
                window.key_typed(char)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
                window.interrupt()  # Ctrl-C, as at the console: the BASIC's BREAK, or the end (130)
            if window.on_key is not None and not window.reading and event.key not in modifier_keys(pygame):
                window.on_key()
            if self._window_key(event, window):
                return
            if window.reading and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                window.end_line()
            elif window.reading and event.key == pygame.K_BACKSPACE:
                window.backspace()


class LineKeyboard(Keyboard):
    """On a serial line: every key goes to `send` as it is struck, and is shown only with
    `local_echo` (a half-duplex Teletype prints its own keys; a host may echo them instead)."""

    sends_every_key = True

    def __init__(
        self, send: Callable[[bytes], None], local_echo: bool, on_break: Callable[[], None] | None = None
    ) -> None:
        self.send = send
        self.local_echo = local_echo
        self.on_break = on_break

    def type(self, window: Window, text: str) -> None:
        """Keys struck one after another (a script typing)."""
        for char in text:
            self._strike(window, window.key_code(char))

    def press_return(self, window: Window) -> None:
        self._strike(window, b"\r")

    def _strike(self, window: Window, code: bytes) -> None:
        if not code:
            return
        self.send(code)
        if self.local_echo:
            window.receive(code)

    def handle(self, event: Any, window: Window) -> None:
        pygame = window.pygame
        if self._window_event(event, window):
            return
        if event.type == pygame.TEXTINPUT:
            self.type(window, "".join(printable(event.text)))
        elif event.type == pygame.KEYDOWN and (
            event.key == pygame.K_ESCAPE or not self._line_key(event, window)
        ):
            self._window_key(event, window)

    def _line_key(self, event: Any, window: Window) -> bool:
        """Return, RUBOUT, Break and control keys; True if the key was one of them."""
        pygame = window.pygame
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press_return(window)
        elif key == pygame.K_BACKSPACE:
            self._strike(window, b"\x7f")  # RUBOUT
        elif key == pygame.K_PAUSE:
            if self.on_break is not None:
                self.on_break()
        elif event.mod & pygame.KMOD_CTRL and pygame.K_a <= key <= pygame.K_z:
            self._strike(window, bytes([key - pygame.K_a + 1]))
        else:
            return False
        return True


class KioskKeyboard(Keyboard):
    """Visitors can only type: a response, or a key that wakes the exhibit. Only `exit_chord`
    ends the program; closing the window, Esc, Alt-F4, function keys and the mouse do nothing."""

    def __init__(self, exit_chord: KeyChord) -> None:
        self.exit_chord = exit_chord

    def handle(self, event: Any, window: Window) -> None:
        pygame = window.pygame
        kind = event.type
        if kind == pygame.KEYDOWN and self.exit_chord.matches(event, pygame):
            window.throttle.clear()
            raise OperatorExit
        if kind == pygame.VIDEORESIZE:
            window.display.request_resize((event.w, event.h))
        elif window.reading:
            if kind == pygame.TEXTINPUT:
                window.key_pressed()
                for char in printable(event.text):
                    window.key_typed(char)
            elif kind == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                window.end_line()
            elif kind == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                window.key_pressed()
                window.backspace()
        elif kind == pygame.KEYDOWN and window.on_key is not None and is_typing(event, pygame):
            window.on_key()


class CommandKeyboard(Keyboard):
    """A viewer's keys, not a line's: each key struck goes to `on_key` by its pygame name ("space",
    "s", "right"); closing, Esc, F11 and the terminal's own keys (the CRT's effects) work as ever."""

    def __init__(self, on_key: Callable[[str], None]) -> None:
        self.on_key = on_key

    def handle(self, event: Any, window: Window) -> None:
        pygame = window.pygame
        if self._window_event(event, window) or event.type != pygame.KEYDOWN:
            return
        if event.key in modifier_keys(pygame) or self._window_key(event, window):
            return
        self.on_key(pygame.key.name(event.key))
