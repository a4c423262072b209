"""Seeded scripts of typed responses: what people really type at LIFE2's `? ` prompt.

Mostly good moves, so games reach their end, mixed with everything else a
person sends: squares already taken, the opponent's square, out-of-range
values, fractions, negatives, exponents, extra and missing values, words,
empty lines and very long lines. Script `i` of seed `s` is always the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Script = list[bytes]

_FRACTIONS = (
    "2.5",
    ".5",
    "0.5",
    "0.3",
    "4.6",
    "1.25",
    "4.99",
    "3.0",
    "5.0",
    "1.5",
    "0.999999",
    "4.9999999",
    "5.0000001",
    "0.49999997",
    "1.4999999",
    "2.4999999",
    "2.5000001",
    "0.0001",
    "4.5",
    "3.75",
)
_OUT_OF_RANGE = ("0", "6", "-1", "10", "99", "5.5", "7", "-5", "100", "0.0")
_EXPONENTS = (
    "1E0",
    "2E+0",
    "5E-1",
    "3e0",
    "1E1",
    "1E38",
    "1E39",
    "1E-40",
    "1D0",
    "2.5E0",
    "25E-1",
    "3E",
    "1E+",
    ".3E1",
    "4E-0",
    "2E00",
    "1E100",
    "0E100",
    "1e-5",
    "5E0",
)
_NEGATIVES = ("-1", "-0", "-2.5", "- 3", "-.5", "--3", "+-2", "-3E0")
_WORDS = (
    "HELLO",
    "yes",
    "NO",
    "A,B",
    "X,Y",
    "ONE,TWO",
    "1,TWO",
    "THREE,3",
    '"3",2',
    '3,"2"',
    "3:4",
    "?",
    "Q",
    "QUIT",
    "END",
    "help",
    "1.2.3,4",
    "3X,2",
    "3,2X",
    "&H3,2",
    "&O2,1",
    "&3,1",
    "&HZZ,1",
    "3!,2",
    "3#,2",
    "3%,2",
    "1-2,3",
    "$,%",
    "*",
    "#",
    "@",
    "_",
    "3_,4",
    "2@3,1",
)
_EXTRA = ("1,2,3", "1,2,", "1,2,abc", "5,5,5,5", "2,3,,", "1,1,1")
_MISSING = ("3", ",3", "3,", ",", " ", "  ,  ", "2 ")


def _square(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 5), rng.randint(1, 5)


def _valid(rng: random.Random, x: int, y: int) -> str:
    """A good move, written the ways people write one."""
    return rng.choice(
        (
            f"{x},{y}",
            f"{x},{y}",
            f"{x},{y}",
            f"{x}, {y}",
            f" {x},{y}",
            f"{x} ,{y}",
            f"{x},{y} ",
            f"+{x},{y}",
            f"{x}.0,{y}",
            f"0{x},{y}",
            f"  {x}  ,  {y}  ",
        )
    )


def _value(rng: random.Random, pool: tuple[str, ...]) -> str:
    other = str(rng.randint(1, 5))
    value = rng.choice(pool)
    return f"{value},{other}" if rng.random() < 0.5 else f"{other},{value}"


def _long(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "1" * rng.randint(40, 300) + ",1"
    if kind == 1:
        return f"{rng.randint(1, 5)},{rng.randint(1, 5)}" + " " * rng.randint(60, 300)
    if kind == 2:
        return "".join(rng.choice("0123456789") for _ in range(60)) + ",2"
    if kind == 3:
        return "3," + "0" * rng.randint(70, 260) + "2"
    if kind == 4:
        return ",".join(str(rng.randint(1, 5)) for _ in range(rng.randint(30, 120)))
    return "".join(rng.choice("ABCXYZ ,.-+E0123456789") for _ in range(rng.randint(70, 280)))


def generate_script(rng: random.Random) -> Script:
    """One game's worth of responses."""
    responses: list[str] = []
    recent: list[tuple[int, int]] = []

    def valid() -> str:
        x, y = _square(rng)
        recent.append((x, y))
        return _valid(rng, x, y)

    def repeat() -> str:
        if not recent:
            return valid()
        x, y = rng.choice(recent[-4:])
        return _valid(rng, x, y)

    kinds: list[tuple[float, Callable[[], str]]] = [
        (52, valid),
        (12, repeat),
        (5, lambda: _value(rng, _OUT_OF_RANGE)),
        (6, lambda: _value(rng, _FRACTIONS)),
        (4, lambda: _value(rng, _EXPONENTS)),
        (3, lambda: _value(rng, _NEGATIVES)),
        (4, lambda: rng.choice(_EXTRA)),
        (4, lambda: rng.choice(_MISSING)),
        (5, lambda: rng.choice(_WORDS)),
        (2, lambda: ""),
        (2, lambda: _long(rng)),
        (1, lambda: f"{rng.randint(1, 5)} {rng.randint(0, 9)},{rng.randint(1, 5)}"),
    ]
    weights = [weight for weight, _ in kinds]
    makers = [maker for _, maker in kinds]
    for _ in range(rng.randint(4, 48)):
        responses.append(rng.choices(makers, weights)[0]())
    return [response.encode("ascii") for response in responses]


def script(seed: int, index: int) -> Script:
    """Script `index` of the scripts seeded `seed`."""
    return generate_script(random.Random(f"life2-scripts:{seed}:{index}"))


def legal_game(seed: int, index: int) -> Script:
    """Game `index` of `seed` answered with clean `X,Y` pairs only: squares 1 to 5, now and then one
    off the board (still a clean pair: ILLEGAL COORDS), as the measured games were played."""
    rng = random.Random(f"life2-legal:{seed}:{index}")
    answers = []
    for _ in range(60):
        if rng.random() < 0.08:
            answers.append(rng.choice(("0,3", "-1,2", "99,1", "3,6", "6,2", "2,0")))
        else:
            answers.append("{},{}".format(*_square(rng)))
    return [answer.encode("ascii") for answer in answers]


# -- keys only the 1978 BASIC is asked to take ------------------------------------------------------

_CONTROL_KEYS = bytes([*range(0x01, 0x0A), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
"""Every control key but LF and CR, which end a line of the input file: Ctrl-C (a key INLIN drops),
Ctrl-O (output off and on), BEL (kept), RUBOUT, Esc."""
_HOSTILE = (
    "3_4,2",
    "1,@3,3",
    "__3,3",
    "3,3_",
    "@",
    "2@",
    "1_2_3,4",
    "\x0f3,3",
    "3,3\x0f",
    "\x0f\x0f2,2",
    "\x0f",
    "2.50000000000000000000000000000000000001,1",
    "1234567890123456789012345678901234567890,1",
    "0.0000000000000000000000000000000000000001,2",
    "3.0000000000000000000000000000000000000000,4",
    "2.5E-0,3",
    "25E-1,1",
    "1.5E+0,2",
    ".5E1,1",
    "3E0,3E0",
    "1E-38,1",
    "9.99999E-39,2",
    "1E37,1",
)


def _hostile(rng: random.Random) -> bytes:
    """A line with keys people send by accident or on purpose: control keys, keys with bit 7 set
    (0x8D among them, a Return to the 1978 BASIC), the erase keys, and numbers long in every way."""
    kind = rng.randrange(5)
    x, y = _square(rng)
    if kind == 0:
        line = bytearray(f"{x},{y}".encode())
        for _ in range(rng.randint(1, 3)):
            line.insert(rng.randint(0, len(line)), rng.choice(_CONTROL_KEYS))
        return bytes(line)
    if kind == 1:
        line = bytearray(f"{x},{y}".encode())
        at = rng.randrange(len(line))
        line[at] |= 0x80
        if rng.random() < 0.3:
            line.insert(rng.randint(0, len(line)), 0x8D)
        return bytes(line)
    if kind == 2:
        return rng.choice(_HOSTILE).encode("ascii")
    if kind == 3:
        return (
            bytes(rng.randrange(0x01, 0x100) for _ in range(rng.randint(1, 90)))
            .replace(b"\n", b" ")
            .replace(b"\r", b" ")
        )
    return (
        f"{x},{y}" + "".join(rng.choice("_@ 0123456789,.E+-") for _ in range(rng.randint(60, 100)))
    ).encode()


def hostile_script(seed: int, index: int) -> Script:
    """Script `index` of `seed` with hostile lines mixed in (one line in five, from a generator of
    their own, so the rest is `script(seed, index)`'s): for the 1978 BASIC, whose real interpreter
    can be run beside the re-creation (the 6502 engine)."""
    rng = random.Random(f"life2-hostile:{seed}:{index}")
    mixed: Script = []
    for line in script(seed, index):
        if rng.random() < 0.2:
            mixed.append(_hostile(rng))
        mixed.append(line)
    return mixed
