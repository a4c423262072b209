"""Seeded scripts of editing keys at LIFE2's `? ` prompt: what GW-BASIC's screen editor must get right.

Each response is the keys of one line, Enter excluded: a move typed with
slips and Backspaces; junk wiped with Esc; lines of 1 to 2,500 characters
that wrap, scroll the screen and lose their start; the cursor and word keys,
insert mode, Delete, Ctrl-E and Ctrl-J; control bytes and code page 437
characters at random places. Ctrl-L and Ctrl-K send the cursor to the top
of the screen and the answers that follow come back down it, so across a few
hundred scripts prompts stand on every screen row. Ctrl-C, which ends the
game, comes last when it comes. Every byte but CR (the Enter itself) is
typed somewhere. Script `i` of seed `s` is always the same.

The scripts stay mostly in the setup phase, where a prompt costs PC-BASIC a
few BASIC lines: the oracle's time goes on starting a session, not on
generations.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .scripts import Script

BS, TAB, LF, ESC, DEL = 0x08, 0x09, 0x0A, 0x1B, 0x7F
CTRL_B, CTRL_C, CTRL_E, CTRL_F = 0x02, 0x03, 0x05, 0x06
HOME, CLEAR, END, INSERT = 0x0B, 0x0C, 0x0E, 0x12
RIGHT, LEFT, UP, DOWN = 0x1C, 0x1D, 0x1E, 0x1F

EDITING_KEYS = bytes(
    [BS, TAB, LF, ESC, DEL, CTRL_B, CTRL_E, CTRL_F, HOME, END, INSERT, RIGHT, LEFT, UP, DOWN]
)
"""The keys GW-BASIC's editor acts on (Ctrl-C and Ctrl-L apart)."""
TYPED = bytes(b for b in range(256) if b not in (0x0D, CTRL_C))
"""Any byte a line may hold before its end (CR ends it; Ctrl-C ends the game)."""
_TEXT = b"0123456789,,,   .-+EeD&HABCXYZ"


def _move(rng: random.Random) -> bytes:
    """A move, written the ways people write one."""
    x, y = rng.randint(1, 5), rng.randint(1, 5)
    return rng.choice((f"{x},{y}", f"{x},{y}", f"{x}, {y}", f" {x},{y}", f"{x},{y} ")).encode()


def _text(rng: random.Random, length: int) -> bytes:
    return bytes(rng.choice(_TEXT) for _ in range(length))


def _length(rng: random.Random) -> int:
    """1 to 2,500 characters, crowded where the screen decides things: around the ends of rows
    (78 columns after the prompt, then every 80), 255, and a full screen of 24 rows (1,918)."""
    kind = rng.randrange(5)
    if kind == 0:
        return rng.randint(1, 20)
    if kind == 1:
        return max(1, 78 + 80 * rng.randint(0, 3) + rng.randint(-3, 3))
    if kind == 2:
        return rng.randint(250, 260)
    if kind == 3:
        return rng.randint(1900, 2500)
    return rng.randint(1, 2500)


def _sprinkle(rng: random.Random, line: bytes, count: int, pool: bytes) -> bytes:
    """`count` keys of `pool` put in at random places."""
    keys = bytearray(line)
    for _ in range(count):
        keys.insert(rng.randint(0, len(keys)), rng.choice(pool))
    return bytes(keys)


def _slips(rng: random.Random) -> bytes:
    """A move with wrong keys taken back by Backspace."""
    move = _move(rng)
    at = rng.randint(0, len(move))
    wrong = _text(rng, rng.randint(1, 6))
    return move[:at] + wrong + bytes([BS]) * rng.randint(0, len(wrong) + 2) + move[at:]


def _short_length(rng: random.Random) -> int:
    """Up to two screen rows, crowded around the end of the first (78 columns after the prompt)."""
    return rng.choice((rng.randint(1, 12), rng.randint(74, 84), rng.randint(1, 160)))


def _wiped(rng: random.Random) -> bytes:
    """Junk, Esc, then (mostly) a move."""
    junk = _text(rng, _short_length(rng))
    return junk + bytes([ESC]) + (_move(rng) if rng.random() < 0.8 else b"")


def _long(rng: random.Random) -> bytes:
    """A long line (1 to 2,500 keys in all), ending in Backspaces (sometimes more than it holds),
    an Esc, or the cursor keys, Delete and Ctrl-E; then maybe a move."""
    move = _move(rng) if rng.random() < 0.5 else b""
    length = max(1, min(_length(rng), 2500 - len(move)))
    tail = rng.randrange(5)
    if tail == 0:
        back = rng.randint(1, length)
        line = _text(rng, length - back) + bytes([BS]) * back
    elif tail == 1:
        line = _text(rng, length - 1) + bytes([ESC])
    elif tail == 2 and length > 8:
        steps = rng.randint(1, min(30, length - 4))
        keys = bytes([rng.choice((LEFT, UP, HOME, CTRL_B))]) * steps + bytes([DEL, BS, CTRL_E])
        line = _text(rng, length - len(keys)) + keys
    else:
        line = _text(rng, length)
    return line + move


def _cursor(rng: random.Random) -> bytes:
    """A move edited with the cursor keys, insert mode and Delete."""
    keys = bytearray(_move(rng))
    for _ in range(rng.randint(1, 8)):
        keys += bytes([rng.choice(EDITING_KEYS)]) * rng.randint(1, 4)
        if rng.random() < 0.5:
            keys += _text(rng, rng.randint(1, 4))
    return bytes(keys)


def _controls(rng: random.Random) -> bytes:
    """A move (or junk) with bytes of every kind at random places: control keys, 8-bit characters."""
    base = _move(rng) if rng.random() < 0.7 else _text(rng, _short_length(rng))
    return _sprinkle(rng, base, rng.randint(1, 6), TYPED)


def _to_the_top(rng: random.Random) -> bytes:
    """Keys that leave the cursor high on the screen: clear it, or go home, or up (and Enter there)."""
    kind = rng.randrange(3)
    if kind == 0:
        return bytes([CLEAR]) + (_move(rng) if rng.random() < 0.5 else b"")
    if kind == 1:
        return _move(rng) + bytes([HOME])
    return bytes([UP]) * rng.randint(1, 24) + (_text(rng, 3) if rng.random() < 0.3 else b"")


def generate_editing_script(rng: random.Random) -> Script:
    """Some edited responses (at most one long line), maybe ending in a Ctrl-C."""
    kinds: list[tuple[float, Callable[[], bytes]]] = [
        (6, lambda: _move(rng)),
        (10, lambda: _slips(rng)),
        (10, lambda: _wiped(rng)),
        (12, lambda: _cursor(rng)),
        (16, lambda: _controls(rng)),
        (10, lambda: _to_the_top(rng)),
    ]
    weights = [weight for weight, _ in kinds]
    makers = [maker for _, maker in kinds]
    responses = [rng.choices(makers, weights)[0]() for _ in range(rng.randint(2, 14))]
    if rng.random() < 0.4:
        responses.insert(rng.randint(0, len(responses)), _long(rng))
    if rng.random() < 0.06:
        last = responses[-1]
        at = rng.randint(0, len(last))
        responses[-1] = last[:at] + bytes([CTRL_C]) + last[at:]
    return responses


def editing_script(seed: int, index: int) -> Script:
    """Script `index` of the editing scripts seeded `seed`."""
    return generate_editing_script(random.Random(f"life2-editing:{seed}:{index}"))
