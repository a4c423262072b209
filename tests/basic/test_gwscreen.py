"""life2's model of PC-BASIC's text screen, cell for cell against PC-BASIC's own screen.

Rows of text are printed, an INPUT prompt is written, and random keys are typed
without Enter; then every cell of the 25 rows is compared with what PC-BASIC's
screen holds at that moment (`Session.get_chars`). This sees what an answer
read back cannot: rows the edit pushed off, wrap marks left behind, the cursor's
damage to earlier output. The quirks the editor's rules rest on
(basic_reference/gwbasic.md, S4-S5 and A2-A4) are pinned by name below.
"""

from __future__ import annotations

import io
import random

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.gwinput import GwLineEditor
from life2_retro.basic.gwscreen import BOTTOM, HEIGHT, WIDTH, TextScreen
from life2_retro.basic.printer import ScreenPrinter
from life2_retro.reference.pcbasic_oracle import keystrokes
from life2_retro.reference.pcbasic_speed import quick_oracle

EDITING = bytes([0, 2, 5, 6, 8, 9, 10, 11, 12, 14, 18, 27, 28, 29, 30, 31, 127])
"""The keys the editor acts on (less BEL: a run of beeps makes PC-BASIC wait for its speaker)."""
PRINTABLE = bytes(range(0x20, 0x7F)).replace(b'"', b"")


def pcbasic_screen(texts: list[bytes], keys: bytes) -> list[bytes]:
    """PC-BASIC's 25 rows after printing `texts` and typing `keys` at `INPUT A$` (no Enter)."""
    import pcbasic
    from pcbasic.basic.base import error

    program = [b'%d PRINT "%s"' % (10 + i, text) for i, text in enumerate(texts)] + [b"9000 INPUT A$"]
    with (
        quick_oracle(),
        pcbasic.Session(input_streams=io.BytesIO(b""), output_streams=io.BytesIO()) as session,
    ):
        for line in program:
            session.execute(line)
        session.press_keys(keystrokes([keys])[:-1])  # the keys, without their Enter
        with pytest.raises(error.Exit):
            session.execute("RUN")
        return [b"".join(row) for row in session.get_chars(as_type=bytes)]


def life2_screen(texts: list[bytes], keys: bytes) -> list[bytes]:
    printer = ScreenPrinter(Dialect.GWBASIC)
    for text in texts:
        printer.print_items([text.decode("latin-1")])
    printer.write_raw(b"? ")
    editor = GwLineEditor(printer)
    editor.begin()
    for key in keys:
        editor.key(key)
    return [bytes(row.chars) for row in printer.screen.rows]


def _random_case(rng: random.Random) -> tuple[list[bytes], bytes]:
    texts = [
        bytes(rng.choice(PRINTABLE) for _ in range(rng.choice([0, 3, 20, 79, 80, 81, 150])))
        for _ in range(rng.choice([0, 2, 10, 21, 22, 23, 30]))
    ]
    keys = bytearray()
    for _ in range(rng.choice([1, 5, 20, 60, 120])):
        kind = rng.random()
        if kind < 0.45:
            keys += bytes(
                rng.choice(b"0123456789, ABCxyz") for _ in range(rng.choice([1, 3, 10, 78, 80, 85]))
            )
        elif kind < 0.9:
            keys += bytes([rng.choice(EDITING)]) * rng.choice([1, 1, 2, 5, 30])
        else:
            keys.append(rng.choice([b for b in range(256) if b not in (0x03, 0x0D)]))
    return texts, bytes(keys)


@pytest.mark.parametrize("seed", range(4))
def test_the_screen_equals_pcbasics_cell_for_cell(oracle, seed):
    rng = random.Random(f"gw-screen:{seed}")
    for case in range(25):
        texts, keys = _random_case(rng)
        assert life2_screen(texts, keys) == pcbasic_screen(texts, keys), (seed, case, texts, keys)


def test_opening_a_row_loses_row_23_and_keeps_row_24(oracle):
    """S5: a line typed in the middle of the screen wraps, PC-BASIC opens a row below it, and the
    row that goes is the one before the last of the scroll area."""
    texts = [b"ROW %d" % n for n in range(1, 24)]
    keys = b"\x1e" * 20 + b"\x0e" + b"x" * 80  # up to ROW 4, to its end, and on past column 80
    screen = life2_screen(texts, keys)
    assert screen[3] == b"ROW 4" + b"x" * 75 and screen[4].startswith(b"xxxxx ")
    assert screen[22].startswith(b"ROW 22") and screen[23].startswith(b"? ")  # the prompt's row stays
    assert not any(row.startswith(b"ROW 23") for row in screen)
    assert screen == pcbasic_screen(texts, keys)


def test_overflow_keeps_the_cursor_on_column_80():
    """S4: the 80th character leaves the cursor on column 80; the 81st goes to the next row."""
    screen = TextScreen()
    screen.write(b"A" * 80)
    assert (screen.row, screen.col, screen.overflow, screen.wraps(1)) == (1, WIDTH, True, False)
    screen.write_char(ord("B"), scroll_down=False)
    assert (screen.row, screen.col, screen.wraps(1)) == (2, 2, True)


def test_a_line_typed_past_the_bottom_scrolls_and_the_screen_keeps_its_height():
    screen = TextScreen()
    screen.set_pos(BOTTOM, 1)
    for _ in range(WIDTH * 3):
        screen.write_char(ord("7"), scroll_down=True)
    assert screen.row == BOTTOM and len(screen.rows) == HEIGHT
    assert screen.logical_line(BOTTOM, 1, WIDTH) == b"7" * (WIDTH * 3)
