"""The Teletype's worn type, ribbon and paper, effect by effect, judged by pixels: each alone against none.

The same seed strikes the same blows, so a page printed with an effect and one without differ only
by what that effect does.
"""

from __future__ import annotations

import statistics

from ..support.windows import ink, mean_level, paper_cell, teletype_with

LETTERS = b"ABCDEFGHKLMNPRSTUVWXYZ"


def _inks(tty, row: int, columns) -> list[float]:
    return [ink(paper_cell(tty, row, column)) for column in columns]


def _centre_of_ink(tty, row: int, column: int) -> float:
    """The height of a cell's ink, ink-weighted, in pixels from the cell's top."""
    cell = paper_cell(tty, row, column)
    _, _, width, height = tty.view.cell_rect(row, column)
    weights = [max(0.0, 240.0 - value) for value in cell]
    return sum(w * (index // width) for index, w in enumerate(weights)) / sum(weights)


def test_strike_force_varies_a_little_blow_by_blow_and_character_by_character():
    """A Model 33's hammer is cam-driven: its blows differ by a few per cent, and so does each
    character's type. Whole characters never print light or bold at random (issue 34: at a third
    apart they read as random font weights, not a ribbon's wear)."""
    spread, by_char = {}, {}
    for label, names in (("even", ()), ("worn", ("strike",))):
        with teletype_with(*names) as tty:
            tty.write(b"H\r\n" * 30)
            first = tty.paper.row - 30
            blows = [ink(paper_cell(tty, first + n, 0)) for n in range(30)]
            spread[label] = min(blows) / max(blows)
            tty.write(b"\r\n".join([LETTERS] * 4) + b"\r\n")
            rows = range(tty.paper.row - 4, tty.paper.row)
            by_char[label] = [
                statistics.mean(ink(paper_cell(tty, r, c)) for r in rows) for c in range(len(LETTERS))
            ]
    assert 0.85 < spread["worn"] < spread["even"] - 0.01, spread  # they vary, a little
    ratios = [worn / even for worn, even in zip(by_char["worn"], by_char["even"], strict=True)]
    assert 0.01 < max(ratios) - min(ratios) < 0.1, ratios


def test_no_character_prints_lighter_or_bolder_than_another_with_every_effect_on():
    """The whole machine (worn type, blows, the ribbon's wear, baseline): each letter's ink, over
    four lines, within 12% of what a machine with only the ribbon's cloth leaves for the same letter,
    and the letters' ratios to it within 12% of each other."""
    inks = {}
    for label, names in (("new", ("ribbon",)), ("worn", ("strike", "baseline", "ribbon"))):
        with teletype_with(*names) as tty:
            tty.write(b"\r\n".join([LETTERS] * 4) + b"\r\n")
            rows = range(tty.paper.row - 4, tty.paper.row)
            inks[label] = [
                statistics.mean(ink(paper_cell(tty, r, c)) for r in rows) for c in range(len(LETTERS))
            ]
    ratios = [worn / new for worn, new in zip(inks["worn"], inks["new"], strict=True)]
    assert all(0.88 < ratio < 1.12 for ratio in ratios), ratios
    assert max(ratios) / min(ratios) < 1.12, ratios


def test_characters_sit_off_their_row_each_its_own_way():
    offsets = {}
    for label, names in (("even", ()), ("cylinder", ("baseline",))):
        with teletype_with(*names) as tty:
            tty.write(LETTERS + b"\r\n" + LETTERS + b"\r\n")
            rows = (tty.paper.row - 2, tty.paper.row - 1)
            offsets[label] = [[_centre_of_ink(tty, row, c) for c in range(len(LETTERS))] for row in rows]
    shifts = [
        [
            cylinder - even
            for cylinder, even in zip(offsets["cylinder"][line], offsets["even"][line], strict=True)
        ]
        for line in (0, 1)
    ]
    assert max(shifts[0]) - min(shifts[0]) > 1.2, shifts[0]  # characters differ, by more than a pixel
    same_char = [abs(a - b) for a, b in zip(shifts[0], shifts[1], strict=True)]
    # and each character sits the same way every time (up to the half pixel a dot is rounded to)
    assert statistics.mean(same_char) < 0.3 and max(same_char) < 0.75, same_char


def test_the_ribbon_darkens_and_lightens_slowly_along_its_length():
    """The ribbon's ink changes along it by a few per cent, smoothly: neighbouring characters alike,
    lines apart a little different; never a fade to the end of each line and back at the return."""
    from life2_retro.terminals.window.type_wear import RIBBON_DEPTH, ribbon

    places = [ribbon(row, column, 33) for row in range(40) for column in range(72)]
    steps = [abs(b - a) for a, b in zip(places, places[1:], strict=False)]
    assert min(places) >= 1 - RIBBON_DEPTH and max(places) <= 1
    assert max(places) - min(places) > RIBBON_DEPTH / 2  # it does vary, over the lines
    assert max(steps) < RIBBON_DEPTH / 40  # and slowly: from one character to the next, hardly
    with teletype_with("ribbon") as tty:
        tty.write(b"H" * 72 + b"\r\n")
        row = tty.paper.row - 1
        start, end = (
            statistics.mean(_inks(tty, row, range(10))),
            statistics.mean(_inks(tty, row, range(60, 70))),
        )
    assert 0.9 < end / start < 1.1, (start, end)


def test_the_paper_shows_its_edges_and_casts_a_shadow():
    levels = {}
    for label, names in (("plain", ()), ("edge", ("edge",))):
        with teletype_with(*names) as tty:
            tty.settle(0.1)
            view = tty.view
            right = view.paper_x + view.paper_w
            y = tty.surface.get_height() // 3
            levels[label] = {
                "beside": mean_level(tty.surface, (right + 1, y, 3, 40)),  # the desk just past the paper
                "desk": mean_level(tty.surface, (right + 30, y, 3, 40)),
                "rim": mean_level(tty.surface, (right - 2, y, 2, 40)),  # the paper's own edge
                "sheet": mean_level(tty.surface, (right - 60, y, 2, 40)),
            }
    plain, edge = levels["plain"], levels["edge"]
    assert plain["beside"] == plain["desk"] and edge["beside"] < edge["desk"] - 10  # a shadow
    assert edge["rim"] < edge["sheet"] - 15  # a darker cut edge


def test_the_paper_curls_at_the_top_of_the_window():
    spacing, shade = {}, {}
    for label, names in (("flat", ()), ("curl", ("curl",))):
        with teletype_with(*names) as tty:
            tty.write((b"-" * 40 + b"\r\n") * 60)
            tty.settle(0.1)
            view = tty.view
            column_x = view.paper_x + round(view.margin) + 5
            profile = [sum(tty.surface.get_at((column_x, y))[:3]) for y in range(tty.surface.get_height())]
            # the rows of ink: where the profile dips well below bare paper
            inked = [y for y in range(1, len(profile)) if profile[y] < 550 <= profile[y - 1]]
            top = [b - a for a, b in zip(inked, inked[1:], strict=False) if b < view.head_y * 0.15]
            middle = [
                b - a
                for a, b in zip(inked, inked[1:], strict=False)
                if view.head_y * 0.4 < a < view.head_y * 0.8
            ]
            spacing[label] = (statistics.mean(top), statistics.mean(middle))
            bare = view.paper_x + view.paper_w - 80
            shade[label] = mean_level(tty.surface, (bare, 2, 20, 6))
    assert spacing["flat"][0] == spacing["flat"][1] or abs(spacing["flat"][0] - spacing["flat"][1]) < 0.6
    assert spacing["curl"][0] < spacing["curl"][1] - 2, spacing  # more paper in less height
    assert shade["curl"] < shade["flat"] - 30, shade  # turned away from the light


def test_each_teletype_effect_has_its_function_key():
    import pygame

    from life2_retro.terminals.window.teletype import EFFECT_KEYS, PaperEffects

    assert sorted(EFFECT_KEYS.values()) == sorted(PaperEffects.all_names())
    with teletype_with() as tty:
        tty.write(b"HELLO\r\n")
        before = pygame.image.tobytes(tty.surface, "RGB")
        for number, name in EFFECT_KEYS.items():
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1 + number - 1, mod=0, unicode="")
            )
            tty.frame()
            assert getattr(tty.effects, name), name
        assert pygame.image.tobytes(tty.surface, "RGB") != before
