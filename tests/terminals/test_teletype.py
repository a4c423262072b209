"""The Teletype Model 33 on paper, headless, judged by its pixels and its sounds."""

from __future__ import annotations

import subprocess
import sys

import pytest

from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.teletype import Teletype

from ..support.windows import (
    MASK,
    ink,
    key,
    luminance,
    paper_cell,
    shape_change,
    teletype,
    teletype_with,
    typed,
)

PAPERS = {"plain": 2.5, "worn": 2.0}
"""Paper with no effect, and with every effect (worn type and ribbon vary more from blow to blow, so a
single strike and a blot differ less): how many times darker than a single strike a blot is at least."""


@pytest.mark.parametrize("paper", PAPERS)
def test_the_blot_is_darker_than_a_single_strike(paper):
    with _teletype(paper) as tty:
        tty.write(b"X\r\n" + MASK)
        single = [ink(paper_cell(tty, tty.paper.row - 1, 0))]
        blot = [ink(paper_cell(tty, tty.paper.row, column)) for column in range(6)]
    assert min(blot) > PAPERS[paper] * single[0], (blot, single)


def _teletype(paper: str, **options) -> Teletype:
    return teletype(**options) if paper == "worn" else teletype_with(**options)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("seed", [33, 1978, 4242])
@pytest.mark.parametrize("move", ["1,1", "4,5"])
def test_typed_input_over_the_blot_cannot_be_read(seed, move, paper):
    """A reader tells a character by its shape. Over the blot, the shape the typed keys add is
    smaller than the difference in shape between two untouched blots (the ribbon never inks two
    blows alike): a blot with the move in it cannot be told from one without. On clean paper the
    same keys change the shape by far more than that (on worn paper, whose blots differ more
    from each other, by less: still plainly more)."""
    with _teletype(paper, seed=seed) as tty:
        tty.write(b"\r\n" + MASK)
        untouched = tty.paper.row
        tty.write(b"\r\n" + MASK)
        row = tty.paper.row
        before = {column: paper_cell(tty, row, column) for column in (2, 3, 4)}
        for char in move:
            tty.key_typed(char)
        over_blot = [shape_change(paper_cell(tty, row, c), before[c]) for c in (2, 3, 4)]
        natural = [shape_change(paper_cell(tty, untouched, c), before[c]) for c in (2, 3, 4)]
        tty.write(b"\r\n? ")
        clean_row = tty.paper.row
        blank = {column: paper_cell(tty, clean_row, column) for column in (2, 3, 4)}
        for char in move:
            tty.key_typed(char)
        on_paper = [shape_change(paper_cell(tty, clean_row, c), blank[c]) for c in (2, 3, 4)]
    mean = lambda values: sum(values) / len(values)  # noqa: E731
    assert mean(over_blot) < mean(natural), (over_blot, natural)
    assert mean(on_paper) > (1.5 if paper == "plain" else 1.15) * mean(natural), (on_paper, natural)


def test_carriage_return_overstrikes_and_line_feed_moves_the_paper():
    with teletype() as tty:
        tty.write(b"AB\rC")
        line = tty.paper.line(tty.paper.row)
        assert [s.char for s in line.cells[0]] == ["A", "C"] and [s.char for s in line.cells[1]] == ["B"]
        row = tty.paper.row
        tty.write(b"\n")
        assert tty.paper.row == row + 1 and tty.paper.column == 1  # LF alone: same column, new line


def test_past_column_72_characters_overprint_the_last_column_and_the_bell_rings_on_the_71st():
    with teletype() as tty:
        sounds = tty.paper.receive(b"." * 70)
        assert "bell" not in sounds
        assert "bell" in tty.paper.receive(b".")  # the 71st character
        tty.paper.receive(b"XYZ")
        line = tty.paper.line(tty.paper.row)
        assert [strike.char for strike in line.cells[71]] == ["X", "Y", "Z"]  # 72nd column, then struck over
        assert max(line.cells) == 71
        assert "bell" in tty.paper.receive(b"\a")


def test_the_teletype_keyboard_prints_locally_and_sends_what_a_model_33_sends():
    import pygame

    with teletype() as tty:
        tty.write(b"? ")
        for char in "1{a,m":
            typed(pygame, char)
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "5")
        key(pygame, pygame.K_RETURN, "\r")
        line = tty.read_line()
        assert line == b"1[A,M_5"  # capitals only, '{' as the '[' it prints, Backspace types '_'
        cells = tty.paper.line(tty.paper.row).cells
        assert "".join(cells[c][-1].char for c in range(2, 9)) == "1[A,M_5"
        assert tty.paper.column == 0  # Return returned the carriage locally
        assert not tty.sounds.muted


def test_m_mutes_only_while_the_machine_prints():
    import pygame

    with Teletype(clock=SimulatedClock(), baud=None) as tty:
        key(pygame, pygame.K_m, "m")
        tty.frame()
        assert tty.sounds.muted
        key(pygame, pygame.K_m, "m")
        typed(pygame, "m")
        key(pygame, pygame.K_RETURN, "\r")
        assert tty.read_line() == b"M" and tty.sounds.muted  # in a line, M is a letter


def test_a_gwbasic_teletype_erases_with_backspace():
    import pygame

    with teletype(erase="\b") as tty:
        typed(pygame, "9")
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "1")
        key(pygame, pygame.K_RETURN, "\r")
        assert tty.read_line() == b"9\b1"  # the GW-BASIC editor erases with the BS
        cells = tty.paper.line(tty.paper.row).cells  # a Model 33 cannot back up: 9 and 1 side by side
        assert [s.char for s in cells[0]] == ["9"] and [s.char for s in cells[1]] == ["1"]


def test_rubout_prints_nothing():
    with teletype() as tty:
        assert tty.paper.receive(b"\x7f") == [] and tty.paper.column == 0


def test_lower_case_keys_send_capitals():
    with teletype() as tty:
        tty.key_typed("a")
        assert bytes(tty._typed) == b"A"
        assert tty.paper.line(tty.paper.row).cells[0][0].char == "A"
        tty.paper.receive(b"xyz")
        assert [tty.paper.line(tty.paper.row).cells[c][0].char for c in (1, 2, 3)] == ["X", "Y", "Z"]


def test_the_printed_history_scrolls_back():
    import pygame

    with teletype(size=(640, 480)) as tty:
        tty.write(b"".join(b"LINE %d\r\n" % n for n in range(80)))
        tty.draw(tty.surface)
        live = pygame.image.tobytes(tty.surface, "RGB")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
        tty.frame()
        assert tty.view.scroll_back == 10
        assert pygame.image.tobytes(tty.surface, "RGB") != live
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
        tty.frame()
        assert tty.view.scroll_back == 0
        tty.scroll(10)
        tty.write(b"MORE\r\nAND MORE\r\n")
        assert tty.view.scroll_back == 12  # the page being read stays put while the paper feeds
        typed(pygame, "1")
        key(pygame, pygame.K_RETURN, "\r")
        tty.read_line()
        assert tty.view.scroll_back == 0  # a prompt brings the print line back in sight


def test_m_mutes_and_silence_when_there_is_no_audio_device():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='no-such-driver'\n"
        "from life2_retro.terminals.window.teletype import Teletype\n"
        "from life2_retro.terminals.pacing import SimulatedClock\n"
        "with Teletype(clock=SimulatedClock(), baud=None) as t:\n"
        "    t.write(b'HELLO\\a\\r\\n'); print(t.sounds.available)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("False"), result.stderr
    import pygame

    with Teletype(clock=SimulatedClock(), baud=None) as tty:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
        tty.frame()
        assert tty.sounds.muted


def test_the_sounds_are_synthesized():
    from life2_retro.terminals.window import sound

    for make in (sound.clack, sound.carriage_return, sound.line_feed, sound.bell, sound.hum):
        samples = make()
        assert len(samples) > 100 and max(abs(s) for s in samples) <= 1.0 and any(samples)


def test_the_type_has_every_model_33_character_distinct():
    """The Teletype's type (strokes) has the 64 characters from space to underscore, each its own
    drawing; the glass terminal's dots have those and the lower case, each distinct."""
    from life2_retro.terminals.window.font import TELETYPE_CHARACTERS, dots
    from life2_retro.terminals.window.strokes import flatten
    from life2_retro.terminals.window.typeface import MODEL_33

    assert len(TELETYPE_CHARACTERS) == 64 and set(TELETYPE_CHARACTERS) == {chr(c) for c in range(0x20, 0x60)}
    assert set(MODEL_33) == set(TELETYPE_CHARACTERS)
    drawn = {char: flatten(strokes) for char, strokes in MODEL_33.items() if char != " "}
    assert all(drawn.values()) and len(set(drawn.values())) == 63
    shapes = {char: dots(char) for char in TELETYPE_CHARACTERS}
    assert len({shape for char, shape in shapes.items() if char != " "}) == 63
    lower = {chr(c) for c in range(0x60, 0x7F)}
    assert all(dots(char) for char in lower) and len({dots(char) for char in lower}) == len(lower)


@pytest.mark.parametrize("size", [(793, 800), (1024, 768), (641, 480), (1280, 1024)])
def test_the_paper_has_no_seams_at_any_window_size(size):
    """Rows of paper are drawn one by one; at any scale they must meet, or the desk shows through
    as dark lines across the page."""
    with teletype(size=size) as tty:
        tty.write(b"HELLO\r\n" * 60)
        tty.frame()
        surface = tty.surface
        x = tty.view.paper_x + tty.view.paper_w * 2 // 3  # a blank column of the paper
        column = [luminance(surface.get_at((x, y))) for y in range(tty.view.head_y)]
    assert min(column) > 150, min(column)


@pytest.mark.parametrize("effects", ["curl", "flat"])
@pytest.mark.parametrize("size", [(794, 800), (1024, 768)])
def test_a_fresh_roll_is_paper_up_to_the_top_of_the_window(effects, size):
    """The roll is fed through the machine before the first line prints, as the curl at the top
    shows: above the first lines there is blank paper, never the desk. (The paper's top was drawn
    20 lines above the first line, under a curl that showed paper: a band of desk crossed the page
    between them until enough lines had scrolled it away, and the exhibit's banner, lifted at a
    visitor's key, uncovered it.) 794x800 is the paper beside the exhibit's panel at 1280x800."""
    names = ("curl", "edge") if effects == "curl" else ()
    with teletype_with(*names, size=size) as tty:
        tty.write(b"LIFE2\r\n")
        tty.frame()
        view = tty.view
        x = view.paper_x + view.paper_w * 2 // 3  # a blank column of the paper
        column = [luminance(tty.surface.get_at((x, y))) for y in range(view.head_y)]
    darkest = min(column)
    assert darkest > 150, (darkest, column.index(darkest))


def test_paper_read_back_fills_the_window():
    """Scrolled back, the older lines fill the window down from its top: no gap shows the desk."""
    from life2_retro.terminals.window.teletype import DESK

    with teletype() as tty:
        tty.write(b"".join(b"LINE %d\r\n" % n for n in range(80)))
        tty.scroll(20)
        tty.draw(tty.surface)
        x = tty.view.paper_x + tty.view.paper_w // 2
        assert not any(tuple(tty.surface.get_at((x, y))[:3]) == DESK for y in range(tty.surface.get_height()))


def test_the_print_head_is_a_typing_unit_and_covers_no_printed_line():
    """Over the next character's place: the ribbon guide with a clear window there, the two-colour
    ribbon (black over red) beneath it, the type drum nearer still, below the print line; and
    nothing of it over the lines already printed, which the players read."""
    with teletype() as tty:
        tty.write(b"PLAYER 1 X,Y\r\n? ")
        tty.settle(0.1)
        view = tty.view
        head = view._head.surface
        x, y, w, h = view.cell_rect(view.paper.row, view.paper.column)
        left, top = view._head.offset
        inked = head.get_bounding_rect(min_alpha=8)
        assert top + inked.top >= -0.12 * view.line_h  # at most the gap between the lines
        centre = head.get_at((-left + w // 2, -top + h // 2))
        assert centre[3] == 0  # the window: the next character's place shows the paper
        pixels = [head.get_at((i, j)) for i in range(head.get_width()) for j in range(head.get_height())]
        opaque = [p for p in pixels if p[3] >= 250]
        red = [p for p in opaque if p[0] > 120 and p[1] < 60 and p[2] < 60]
        black = [p for p in opaque if max(p[:3]) < 50]
        steel = [p for p in opaque if min(p[:3]) > 130 and max(p[:3]) - min(p[:3]) < 20]
        assert red and black and steel, (len(red), len(black), len(steel))
        # the drum is below the print line: steel well under the window
        below = [
            head.get_at((-left + w // 2, j))[:3] for j in range(-top + round(1.6 * h), head.get_height())
        ]
        assert any(min(p) > 100 for p in below)
        # the line above, where the prompt is, looks the same with the unit and without it
        import pygame

        x_above, y_above, _, _ = view.cell_rect(view.paper.row - 1, 0)
        region = (x_above, y_above, w * 12, round(view.line_h * 0.9))
        with_head = pygame.Surface(tty.surface.get_size())
        view.draw(with_head)
        view._draw_head = lambda surface: None
        without = pygame.Surface(tty.surface.get_size())
        view.draw(without)
        assert pygame.image.tobytes(with_head.subsurface(region), "RGB") == pygame.image.tobytes(
            without.subsurface(region), "RGB"
        )
