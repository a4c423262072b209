"""Generated hostile numbers and keys at the 1978 BASIC's INPUT, against an oracle taken from the source.

Each seeded script is a `life2 run` input file: answers of one or two numbers made to hurt FIN
(near 1 and 5, near 2^127 and 2^-128, seven to forty-five figures, runs of decimals, exponents of
three digits, signs and spaces), typed with hostile keys (Ctrl-O and its bit-7 twin, bit 7 on
any key, 0x8D as the Return, @ and _, control characters, lower case), ended by CR, LF, CR LF,
0x8D or 0x8D LF, the last one sometimes never ended. life2 runs them through `life2 run`'s own
path (the transcript terminal and the driver) on the INPUT loop of tests/support/helpers.py,
`30 INPUT P(I),Q(I): 40 PRINT ...: 50 GOTO 30`, line 40 printing the two stored values' exact
bits (as Python's float.hex, which a single always fits).

The oracle is written here from the source, not from life2's code:

* FIN: each step's rounding worked out by hand from m6502.asm. MUL10 forms x*4 + x from a
  copy of FAC rounded (MOVAF) and loses no bit (x shifted two places keeps them in the
  rounding byte), so it is 10 * R(x) exactly, ?OV from 2^127; FINLOG adds the digit to R(x),
  and what falls below the rounding byte cannot move the next R; DIV10 divides R(x) by ten,
  keeps two bits below the mantissa, so the next R is R(x/10), and gives 0 below 2^-128 (the
  exponents' underflow, or a normalisation that would reach exponent 0). R is rounding to 24
  bits, half up (ROUND looks at the rounding byte's top bit only), ?OV when it reaches 2^127:
  numbers.round_to_single with half_even=False, which knows nothing of FIN. The power of ten is
  the exponent less the decimals as a signed byte; GETEXP caps a negative exponent at 100.
* INLIN and INPUT: rules E1-E8 and I1-I10 of ms1978.md written out again character by
  character, OUTDO's column and its Ctrl-O flag included.
"""

from __future__ import annotations

import io
import random
from fractions import Fraction

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.numbers import SingleOverflow, round_to_single
from life2_retro.events import Stop
from life2_retro.session import drive
from life2_retro.terminals.transcript import TranscriptTerminal

from ..support.helpers import InputLoop

SCRIPTS = 400
"""Generated scripts the suite runs."""
PARTS = 8
SEED = 24

# -- the generator ------------------------------------------------------------------------------

_NEAR = [
    "0.99999997", "5.0000002", "1.00000005", "4.99999997", "5.00000001", "0.999999999", "1.0000001",
    "2.93873588E-39", "2.938736E-39", "1.7014117E38", "1.701411E38", "363019300.", ".99", "1.7E38",
]  # fmt: skip


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(count))


def hostile_number(rng: random.Random) -> str:
    """One field made to hurt FIN."""
    kind = rng.randrange(11)
    if kind == 0:  # just below or above a small whole number
        whole = rng.randint(0, 6)
        return f"{whole}.{rng.choice(['9', '0']) * rng.randint(5, 9)}{_digits(rng, rng.randint(0, 3))}"
    if kind == 1:
        return f"{_digits(rng, rng.randint(0, 1))}.{_digits(rng, rng.randint(1, 3))}"
    if kind == 2:  # seven to nine figures, the point anywhere
        figures = _digits(rng, rng.randint(7, 9))
        at = rng.randint(0, len(figures))
        return figures[:at] + "." + figures[at:]
    if kind == 3:  # past the largest single, or near it
        return _digits(rng, rng.randint(20, 45))
    if kind == 4:  # runs of decimals, then a negative exponent
        return (
            "."
            + "0" * rng.randint(0, 40)
            + _digits(rng, rng.randint(1, 9))
            + "E-"
            + _digits(rng, rng.randint(1, 3))
        )
    if kind == 5:  # near the ends of the range
        return f"{rng.randint(1, 9)}.{_digits(rng, rng.randint(0, 8))}E{rng.choice(['', '+', '-'])}{rng.randint(36, 40)}"
    if kind == 6:  # three exponent digits: capped at 100 when negative, ?OV when not
        return f"{_digits(rng, rng.randint(1, 3))}E{rng.choice(['-', '-', '-', ''])}{rng.randint(100, 999)}"
    if kind == 7:  # a sign and spaces inside
        figures = _digits(rng, rng.randint(1, 4))
        at = rng.randint(0, len(figures))
        return rng.choice(["-", "+", ""]) + figures[:at] + " " * rng.randint(1, 3) + figures[at:]
    if kind == 8:
        return rng.choice(["", ".", "-", "E5", "1E", "1E-", "3.", "1.2.3", "1e5", "4X"])
    if kind == 9:
        return _digits(rng, rng.randint(1, 2))
    return rng.choice(_NEAR)


_CONTROL = bytes(b for b in range(0x20) if b not in (0x0A, 0x0D, 0x0F))


def hostile_keys(rng: random.Random, answer: bytes) -> bytes:
    """The answer as hostile fingers type it: the keys it takes, and others."""
    keys = bytearray()
    if rng.random() < 0.05:  # one erase too many: a second _ and a fresh line
        keys += rng.choice([b"_", b"\xdf"])
    if rng.random() < 0.15:  # typed wrong, then killed with @ (or its bit-7 twin)
        keys += rng.choice([b"9,9", b"junk", b"1"]) + rng.choice([b"@", b"\xc0"])
    for char in answer:
        roll = rng.random()
        if roll < 0.06:
            keys.append(rng.choice([0x0F, 0x8F]))  # Ctrl-O
        elif roll < 0.09:
            keys.append(rng.choice(_CONTROL))
        elif roll < 0.12:
            keys += bytes([rng.choice(b"0123456789,.")]) + rng.choice([b"_", b"\xdf"])  # taken back
        if rng.random() < 0.12:
            keys.append(char | 0x80)  # bit 7, which GETLN clears
        else:
            keys.append(char)
    if rng.random() < 0.05:  # blanks past the buffer's 71 (a BEL each) and the margin's 72
        keys += b" " * rng.randint(60, 90)
    if rng.random() < 0.1:
        keys.append(rng.choice([0x0F, 0x8F]))
    return bytes(keys)


_ENDS = [b"\r", b"\r", b"\n", b"\r\n", b"\x8d", b"\x8d\n"]


def hostile_script(seed: int, index: int) -> bytes:
    """A seeded `life2 run` input file of hostile answers."""
    rng = random.Random(f"ms1978-hostile:{seed}:{index}")
    script = bytearray()
    answers = rng.randint(1, 7)
    for number in range(answers):
        fields = [hostile_number(rng) for _ in range(rng.choice([1, 2, 2, 2, 3]))]
        script += hostile_keys(rng, ",".join(fields).encode("ascii"))
        if number < answers - 1 or rng.random() < 0.7:
            script += rng.choice(_ENDS)
    return bytes(script)


# -- the oracle ---------------------------------------------------------------------------------

_SMALLEST = Fraction(1, 2**128)
_LARGEST = Fraction(2**127)


class Overflow(Exception):
    """?OV ERROR."""


def _rounded(value: Fraction) -> Fraction:
    try:
        return Fraction(round_to_single(value, half_even=False))
    except SingleOverflow:
        raise Overflow from None


def _times_ten(value: Fraction) -> Fraction:
    product = 10 * _rounded(value)
    if product >= _LARGEST:
        raise Overflow
    return product


def _tenth(value: Fraction) -> Fraction:
    quotient = _rounded(value) / 10
    return Fraction(0) if quotient < _SMALLEST else quotient


def oracle_fin(text: bytes, at: int) -> tuple[float, int]:
    """The stored value of the number at `text[at]` (no spaces left in `text`), and where it ends."""
    negative = False
    if text[at : at + 1] in (b"-", b"+"):
        negative = text[at : at + 1] == b"-"
        at += 1
    value, decimals, point, exponent = Fraction(0), 0, False, 0
    while at < len(text):
        char = text[at : at + 1]
        if char.isdigit():
            value = _rounded(_times_ten(value)) + int(char)
            decimals += point
        elif char == b"." and not point:
            point = True
        elif char == b"E":
            at += 1
            sign = text[at : at + 1]
            minus = sign == b"-"
            at += sign in (b"-", b"+")
            while at < len(text) and text[at : at + 1].isdigit():
                if exponent >= 10:
                    if not minus:
                        raise Overflow
                    exponent = 100
                else:
                    exponent = exponent * 10 + int(text[at : at + 1])
                at += 1
            exponent = -exponent if minus else exponent
            break
        else:
            break
        at += 1
    powers = (exponent - decimals) % 256
    for _ in range(256 - powers if powers >= 128 else powers):
        value = _tenth(value) if powers >= 128 else _times_ten(value)
    stored = float(_rounded(value))
    return (-stored if negative and stored else stored), at


def _typed_lines(script: bytes) -> list[tuple[bytes, bool]]:
    """The lines the BASIC reads: CR and 0x8D end one (bit 7 cleared), and so does LF, the file's
    own line end; an LF right after either belongs to it. (The generator never types 0x8D CR.)"""
    lines, line, at = [], bytearray(), 0
    while at < len(script):
        key = script[at]
        if key & 0x7F == 0x0D or key == 0x0A:
            lines.append((bytes(line), True))
            line.clear()
            at += 1 if key == 0x0A or script[at + 1 : at + 2] != b"\n" else 2
            continue
        line.append(key)
        at += 1
    if line:
        lines.append((bytes(line), False))
    return lines


class OracleBasic:
    """The 1978 BASIC running `30 INPUT P(I),Q(I): 40 PRINT hex,hex: 50 GOTO 30`, by the rules."""

    def __init__(self, script: bytes) -> None:
        self.lines = _typed_lines(script)
        self.out = bytearray()
        self.column = 0
        self.hidden = False

    def send(self, data: bytes) -> None:
        """OUTDO and CRFIN: a printing character at column 72 gets CR LF first; Ctrl-O's flag
        sends nothing and counts nothing, but a CR still sets the column to 0."""
        for byte in data:
            if byte == 0x0D:
                self.column = 0
            if self.hidden:
                continue
            if byte >= 0x20:
                if self.column == 72:
                    self.out += b"\r\n"
                    self.column = 0
                self.column += 1
            self.out.append(byte)

    def read(self, prompt: bytes) -> bytes | None:
        """QINLIN and INLIN: the prompt, one line edited and echoed, its CR LF; None at the end."""
        self.send(prompt)
        if not self.lines:
            return None
        keys, finished = self.lines.pop(0)
        buffer = bytearray()
        for key in keys:
            char = key & 0x7F
            if char == 0x0F:
                self.hidden = not self.hidden
            elif not (char == 0x07 or 0x20 <= char < 0x7D):
                continue
            elif char == ord("@"):
                self.send(b"@\r\n")
                buffer.clear()
            elif char == ord("_"):
                self.send(b"_")
                if buffer:
                    buffer.pop()
                else:
                    self.send(b"_\r\n")
            elif len(buffer) >= 71:
                self.send(b"\x07")
            else:
                buffer.append(char)
                self.send(bytes([char]))
        if not finished:
            return None
        self.send(b"\r\n")
        return bytes(buffer)

    def run(self) -> tuple[bytes, Stop]:
        while True:
            self.hidden = False  # INPUT
            line = self.read(b"? ")
            if line is None:
                return bytes(self.out), Stop.INPUT_ENDED
            if not line:
                self.hidden = False
                self.send(b"\r\nOK\r\n")
                return bytes(self.out), Stop.EMPTY_INPUT
            text, at, values = b"," + line.replace(b" ", b""), 0, []
            for _ in range(2):
                if at >= len(text) or text[at : at + 1] == b":":
                    more = self.read(b"?? ")
                    if more is None:
                        return bytes(self.out), Stop.INPUT_ENDED
                    text, at = b"," + more.replace(b" ", b""), 0
                try:
                    value, at = oracle_fin(text, at + 1)
                except Overflow:
                    self.hidden = False
                    self.send(b"\r\n?OV ERROR IN  30\r\nOK\r\n")
                    return bytes(self.out), Stop.ERROR
                values.append(value)
                if at < len(text) and text[at : at + 1] not in (b":", b","):
                    break
            else:
                if at < len(text):
                    self.send(b"?EXTRA IGNORED\r\n")
                self.send(f"{values[0].hex()},{values[1].hex()}".encode() + b"\r\n")
                continue
            self.send(b"?REDO FROM START\r\n")


def life2_input_loop(script: bytes) -> tuple[bytes, Stop]:
    """life2's INPUT loop on `script`, read as `life2 run` reads its file."""
    loop = InputLoop(Dialect.MS1978, lambda p, q: [f"{p.hex()},{q.hex()}"])
    out = io.BytesIO()
    with TranscriptTerminal(io.BytesIO(script), out) as terminal:
        stop = drive(loop.m.run(loop.lines, 10), terminal)
    return out.getvalue(), stop


@pytest.mark.parametrize("part", range(PARTS))
def test_generated_hostile_input_matches_the_source(part):
    size = SCRIPTS // PARTS
    for index in range(part * size, (part + 1) * size):
        script = hostile_script(SEED, index)
        expected = OracleBasic(script).run()
        assert life2_input_loop(script) == expected, (index, script)


def test_the_generator_reaches_every_rule():
    """The scripts reach each ending, each message, each key the rules name, and values that the
    old single rounding would have stored differently."""
    outputs, stops, typed, differ = [], set(), bytearray(), 0
    for index in range(SCRIPTS):
        script = hostile_script(SEED, index)
        typed += script
        output, stop = OracleBasic(script).run()
        outputs.append(output)
        stops.add(stop)
    joined = b"".join(outputs)
    assert stops == {Stop.INPUT_ENDED, Stop.EMPTY_INPUT, Stop.ERROR}
    for message in (
        b"?? ",
        b"?REDO FROM START",
        b"?EXTRA IGNORED",
        b"?OV ERROR",
        b"@\r\n",
        b"_\r\n",
        b"\x07",
    ):
        assert message in joined, message
    assert {0x0F, 0x8F, 0x8D, 0xC0, 0xDF, 0x0A} <= set(typed)
    assert b"? ? " in joined  # a Ctrl-O that held back a whole answer's end
    assert any(b"\x07" * 5 in output for output in outputs)  # a buffer past full
    assert any(len(line) == 72 for output in outputs for line in output.split(b"\r\n"))
    rng = random.Random(SEED)
    for text in (hostile_number(rng).replace(" ", "").encode() for _ in range(1000)):
        try:
            ours, _ = oracle_fin(text, 0)
            once = round_to_single(Fraction(text.decode()), half_even=False)
        except (Overflow, SingleOverflow, ValueError):
            continue  # ?OV, or no number Fraction reads (a lone sign, 1.2.3, 4X)
        differ += ours != once
    assert differ > 20
