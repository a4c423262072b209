"""A Teletype's sounds, synthesized at start-up with the standard library: no recordings.

* **print:** a clack, a short noise burst through a resonance, with a thump under it.
* **return:** the carriage's run home, a falling whirr ending in a thunk.
* **feed:** a ratchet click.
* **bell:** a struck bell, two inharmonic partials decaying.
* **hum:** the motor, a low hum with its harmonics, looped quietly.

Without an audio device the sounds are silent and nothing fails. `toggle_mute`
is the M key.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING

from .quiet import held_stderr

if TYPE_CHECKING:  # pygame is imported when the sounds are made
    from pygame.mixer import Sound

SAMPLE_RATE = 22050


def _render(seconds: float, voice: Callable[[float], float], rate: int = SAMPLE_RATE) -> list[float]:
    return [voice(i / rate) for i in range(int(seconds * rate))]


def clack(seed: int = 1) -> list[float]:
    noise = random.Random(seed)
    state = [0.0, 0.0]

    def voice(t: float) -> float:
        # noise through a two-pole resonance near 2.5 kHz: the type hitting the platen
        x = noise.uniform(-1, 1) * math.exp(-t * 90)
        y = x + 1.6 * state[0] - 0.81 * state[1]
        state[1], state[0] = state[0], y
        thump = math.sin(2 * math.pi * 140 * t) * math.exp(-t * 60)
        return 0.18 * y + 0.35 * thump

    return _render(0.06, voice)


def carriage_return(seed: int = 2) -> list[float]:
    noise = random.Random(seed)

    def voice(t: float) -> float:
        whirr = math.sin(2 * math.pi * (180 - 120 * t) * t) * 0.25 + noise.uniform(-0.15, 0.15)
        thunk = math.sin(2 * math.pi * 90 * (t - 0.17)) * math.exp(-(t - 0.17) * 40) if t > 0.17 else 0.0
        return whirr * (1 - t / 0.2) * (t < 0.18) + 0.6 * thunk

    return _render(0.26, voice)


def line_feed(seed: int = 3) -> list[float]:
    noise = random.Random(seed)
    return _render(0.04, lambda t: noise.uniform(-1, 1) * math.exp(-t * 150) * 0.5)


def bell() -> list[float]:
    def voice(t: float) -> float:
        return (0.5 * math.sin(2 * math.pi * 1870 * t) + 0.3 * math.sin(2 * math.pi * 4620 * t)) * math.exp(
            -t * 5
        )

    return _render(0.7, voice)


def hum() -> list[float]:
    # one second of 60 Hz and its harmonics: loops without a click
    def voice(t: float) -> float:
        return (
            0.05 * math.sin(2 * math.pi * 60 * t)
            + 0.03 * math.sin(2 * math.pi * 120 * t)
            + 0.01 * math.sin(2 * math.pi * 180 * t)
        )

    return _render(1.0, voice)


def pcm(samples: list[float], rate: int, channels: int) -> bytes:
    """16-bit signed samples at the mixer's rate and channel count."""
    if rate != SAMPLE_RATE:
        step = SAMPLE_RATE / rate
        samples = [samples[min(len(samples) - 1, int(i * step))] for i in range(int(len(samples) / step))]
    data = array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples for _ in range(channels)))
    return data.tobytes()


class Sounds:
    """The machine's sounds, or silence when there is no audio device."""

    VOICES = {"print": clack, "return": carriage_return, "feed": line_feed, "bell": bell}

    def __init__(
        self, enabled: bool = True, voices: tuple[str, ...] = tuple(VOICES), motor: bool = True
    ) -> None:
        self.muted = False
        self._sounds: dict[str, Sound] = {}
        self._hum = None
        if not enabled:
            return
        try:
            import pygame

            if not pygame.mixer.get_init():
                with held_stderr():  # no sound card: ALSA's eight lines of probing are not the player's
                    pygame.mixer.init(SAMPLE_RATE, -16, 1, 512)
            rate, size, channels = pygame.mixer.get_init()
            if size != -16:
                raise RuntimeError(f"mixer sample size {size}")
            for name in voices:
                self._sounds[name] = pygame.mixer.Sound(buffer=pcm(self.VOICES[name](), rate, channels))
            if motor:
                self._hum = pygame.mixer.Sound(buffer=pcm(hum(), rate, channels))
                self._hum.set_volume(0.6)
                self._hum.play(loops=-1)
        except Exception:  # no audio device, or no mixer: the Teletype prints in silence
            self._sounds.clear()
            self._hum = None

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, events: list[str]) -> None:
        if self.muted:
            return
        for name in dict.fromkeys(events):  # one of each kind per frame is enough to hear
            sound = self._sounds.get(name)
            if sound is not None:
                sound.play()

    def toggle_mute(self) -> None:
        self.muted = not self.muted
        if self._hum is not None:
            self._hum.set_volume(0.0 if self.muted else 0.6)

    def close(self) -> None:
        if self._hum is not None:
            self._hum.stop()
        self._sounds.clear()
        self._hum = None
        try:
            import pygame

            pygame.mixer.quit()  # and with it SDL's audio thread
        except Exception:  # no pygame or no mixer: nothing to close
            pass
