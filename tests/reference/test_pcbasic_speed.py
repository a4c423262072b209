"""The oracle's speed-ups change nothing PC-BASIC computes (life2_retro/reference/pcbasic_speed.py)."""

from __future__ import annotations

import random
import time

import pytest

from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.editing import editing_script
from life2_retro.programs.life2.scripts import script
from life2_retro.reference.life2 import oracle_program
from life2_retro.reference.pcbasic_oracle import keystrokes, run_program
from life2_retro.reference.pcbasic_speed import (
    direct_code_reads,
    fast_pixel_moves,
    forget_redraw,
    no_idle_yields,
    no_redraw,
    pcbasic_move,
    quick_oracle,
    zero_filled_move,
)


def _random_matrix(matrix_type: type, rng: random.Random, height: int, width: int):
    return matrix_type(height, width, [rng.randrange(256) for _ in range(height * width)])


def test_the_zero_filled_move_equals_pcbasics_own(oracle):
    from pcbasic.basic.base.bytematrix import ByteMatrix

    original = pcbasic_move()
    with fast_pixel_moves():
        assert ByteMatrix.move is zero_filled_move and pcbasic_move() is original
    assert ByteMatrix.move is original is not zero_filled_move
    rng = random.Random(1978)
    # the scrolls a 640x200 CGA text screen makes (8-pixel rows), then random blocks, overlapping or not,
    # some reaching past the edge
    cases = [(8, 200, 0, 640, 0, 0), (0, 192, 0, 640, 8, 0), (16, 200, 0, 640, 8, 0)]
    cases += [
        (sy0, rng.randrange(sy0, 40), sx0, rng.randrange(sx0, 40), rng.randrange(36), rng.randrange(36))
        for sy0, sx0 in ((rng.randrange(36), rng.randrange(36)) for _ in range(300))
    ]
    for case in cases:
        height, width = (200, 640) if case[3] == 640 else (36, 36)
        seed = rng.random()
        ours = _random_matrix(ByteMatrix, random.Random(seed), height, width)
        theirs = _random_matrix(ByteMatrix, random.Random(seed), height, width)
        zero_filled_move(ours, *case)
        original(theirs, *case)
        assert ours == theirs, case


def test_a_scrolling_program_prints_the_same_with_and_without_the_speed_ups(oracle):
    program = b"10 FOR I=1 TO 60: PRINT I; STRING$(I MOD 70, 65 + I MOD 26): NEXT\n20 INPUT A$: PRINT A$\n"
    quick, plain = run_program(program, [b"GO"]), run_program(program, [b"GO"], quick=False)
    assert quick == plain and quick.output.count(b"\n") > 60
    with quick_oracle():  # nested in another quick run, as a pool worker might be
        assert run_program(program, [b"GO"]) == plain


def test_games_of_the_listing_are_the_same_with_and_without_the_speed_ups(listing, oracle):
    program = oracle_program(None, frozenset(BUG_NAMES))
    for index in range(4):
        lines = script(7, index)
        assert run_program(program, lines) == run_program(program, lines, quick=False), index


def test_only_a_zero_sleep_of_the_event_cycle_is_skipped_and_the_clock_is_put_back(oracle):
    from pcbasic.basic import eventcycle

    before = eventcycle.time
    with no_idle_yields():
        started = time.perf_counter()
        for _ in range(1000):
            eventcycle.time.sleep(0)
        assert time.perf_counter() - started < 0.01
        started = time.perf_counter()
        eventcycle.time.sleep(0.02)
        assert time.perf_counter() - started >= 0.02
        assert eventcycle.time.monotonic is time.monotonic
    assert eventcycle.time is before is time


def test_a_code_stream_reads_its_buffer_directly_and_keeps_its_own_methods(oracle):
    from pcbasic.basic.base.codestream import CodeStream, TokenisedStream

    plain = CodeStream.__dict__["__init__"]
    with direct_code_reads():
        stream = TokenisedStream()
        assert stream.read == stream._stream.read and "read" in vars(stream)
        assert stream.peek.__func__ is CodeStream.peek  # a method of its own class is not replaced
        stream.write(b"\x00\x8f 10")
        stream.seek(0)
        assert stream.read(2) == b"\x00\x8f" and stream.tell() == 2
    assert CodeStream.__dict__["__init__"] is plain
    assert "read" not in vars(TokenisedStream())


def test_without_the_redraw_every_character_is_still_one_cell_wide(oracle):
    """The redraw keeps a Unicode mirror of each row, and the editor reads only whether a cell of it
    is empty (a wide character's trail). PC-BASIC's own redraw, given every byte the keyboard can
    put on the screen, leaves no cell empty: so a mirror never redrawn gives the same widths."""
    import io

    import pcbasic
    from pcbasic.basic.base import error

    from .test_pcbasic_oracle import ACTED_ON

    typed = bytes(b for b in range(256) if b not in ACTED_ON)
    with pcbasic.Session(input_streams=io.BytesIO(b""), output_streams=io.BytesIO()) as session:
        session.execute("10 LINE INPUT A$")
        session.press_keys(keystrokes([typed])[:-1])  # no Enter: the keys stay on the screen
        with pytest.raises(error.Exit):
            session.execute("RUN")
        cells = [cell for row in session.get_chars(as_type=str) for cell in row]
    assert len(cells) == 25 * 80 and all(cells)


def test_editing_scripts_give_the_same_runs_with_and_without_the_redraw(listing, oracle):
    from pcbasic.basic.display.buffers import VideoBuffer

    with no_redraw():
        assert VideoBuffer.force_submit is forget_redraw
    assert VideoBuffer.force_submit is not forget_redraw
    for index in range(6):
        lines = editing_script(1978, index)
        with no_idle_yields(), direct_code_reads(), fast_pixel_moves():
            plain = run_program(listing, lines, quick=False)
        assert run_program(listing, lines) == plain, index
