"""The glass terminal's tube, effect by effect, judged by its pixels: each alone against none."""

from __future__ import annotations

from ..support.windows import crt, crt_with, lit_box, mean_level, picture


def test_curvature_moves_a_corner_inward_and_leaves_the_centre():
    boxes = {}
    for label, names in (("flat", ()), ("curved", ("curvature",))):
        with crt_with(*names) as screen:
            screen.write(b"#" + b"\r\n" * 11 + b" " * 40 + b"#")
            screen.settle(0.1)
            width, height = screen.surface.get_size()
            boxes[label] = (
                lit_box(screen.surface, (0, 0, width // 4, height // 4)),
                lit_box(screen.surface, (width // 4, height // 4, width // 2, height // 2)),
            )
    (flat_corner, flat_centre), (curved_corner, curved_centre) = boxes["flat"], boxes["curved"]
    assert curved_corner[0] > flat_corner[0] + 4 and curved_corner[1] > flat_corner[1] + 4  # inward
    assert all(abs(a - b) <= 1 for a, b in zip(curved_centre, flat_centre, strict=True))


def test_bloom_brightens_the_space_around_a_character():
    around = {}
    for label, names in (("glow", ("glow",)), ("bloom", ("glow", "bloom"))):
        with crt_with(*names) as screen:
            screen.write(b"\r\n" * 12 + b" " * 40 + b"H")
            screen.settle(0.1)
            x, y, w, h = screen.view.cell_rect(12, 40)
            # the cells either side of the H, and the gaps above and below it: no dot of it there
            rects = [(x - w, y, w, h), (x + w, y, w, h), (x, y - h // 3, w, h // 4), (x, y + h, w, h // 4)]
            around[label] = sum(mean_level(screen.surface, rect) for rect in rects) / len(rects)
            core = mean_level(screen.surface, (x, y, w, h))
    # a little: a tube's bloom lights the glass around bright text, never so much that the gaps
    # between letters fill (test_crt_look.py)
    assert around["bloom"] > around["glow"] + 2, around
    assert core > around["bloom"]


def test_burn_in_builds_up_over_hours_and_stays_when_the_text_is_gone():
    board = b"\r\n" * 5 + b" 0  1  2  3  4  5  0\r\n"
    gone = b"\r\n" * 24  # scrolled away
    for hours in (0, 6):
        with crt_with("burnin") as screen:
            screen.write(board)
            screen.settle(0.5)
            screen.clock.advance(hours * 3600)  # a long exhibit day with the board on screen
            screen.frame()
            screen.write(gone)
            screen.settle(0.5)
            assert screen.screen.text()[5].strip() == ""
            where_text_was = screen.view.cell_rect(5, 1)
            never_lit = screen.view.cell_rect(15, 60)
            if hours == 0:
                assert mean_level(screen.surface, where_text_was) == 0  # no wear in seconds
            else:
                assert mean_level(screen.surface, where_text_was) > 10 * max(
                    1.0, mean_level(screen.surface, never_lit)
                )


def test_the_blank_raster_glows_and_shows_the_vignette():
    with crt_with() as screen:
        screen.settle(0.1)
        width, height = screen.surface.get_size()
        assert mean_level(screen.surface, (width // 2 - 20, height // 2 - 20, 40, 40)) == 0  # no raster
    with crt_with("raster", "vignette") as screen:
        screen.settle(0.1)
        centre = mean_level(screen.surface, (width // 2 - 20, height // 2 - 20, 40, 40))
        x, y, w, h = screen.view.cell_rect(1, 0)  # not row 0: the cursor blinks there
        corner = mean_level(screen.surface, (x, y, w * 2, h))
        assert centre > 12 and corner < 0.85 * centre  # not black; darker towards the corner
        region = (width // 2 - 20, height // 2 - 20, 40, 40)
        stills = {picture(__import__("pygame"), screen.surface, region)}
        for _ in range(10):
            screen.frame()
            stills.add(picture(__import__("pygame"), screen.surface, region))
        assert len(stills) > 1  # its static changes from frame to frame


def test_the_bezel_frames_the_glass_and_the_room_shows_in_it():
    with crt_with("bezel") as screen:
        screen.settle(0.1)
        width, height = screen.surface.get_size()
        assert mean_level(screen.surface, (4, 4, 8, 8)) > 30  # the housing, not black
        glass_x, glass_y, glass_w, glass_h = (round(v) for v in screen.view.geometry.glass)
        upper_left = mean_level(screen.surface, (glass_x + glass_w // 8, glass_y + glass_h // 6, 20, 20))
        lower_right = mean_level(
            screen.surface, (glass_x + glass_w * 3 // 4, glass_y + glass_h * 3 // 4, 20, 20)
        )
        assert upper_left > lower_right + 6  # a window's light reflected in the upper left
        text_x, text_y, _, _ = screen.view.geometry.text
        assert text_x > width * 0.06 and text_y > height * 0.07  # the text sits inside the opening


def test_flicker_changes_the_brightness_and_jitter_moves_the_picture_now_and_then():
    import pygame

    with crt_with("flicker") as screen:
        screen.write(b"HHHHHHHH")
        screen.settle(0.2)
        x, y, w, h = screen.view.cell_rect(0, 0)
        levels = set()
        for _ in range(30):
            screen.frame()
            levels.add(mean_level(screen.surface, (x, y, w * 8, h)))
        assert len(levels) > 1 and max(levels) < 1.1 * min(levels)  # it flickers, slightly
    with crt_with("jitter") as screen:
        screen.write(b"HHHHHHHH\r\n")  # the cursor out of the way
        screen.settle(0.2)
        region = (x - 4, y - 4, w * 8 + 8, h + 8)
        steady = picture(pygame, screen.surface, region)
        moved = 0
        for _ in range(300):
            screen.frame()
            moved += picture(pygame, screen.surface, region) != steady
        assert 0 < moved < 300 * 0.15


def test_the_same_seed_makes_the_same_pictures():
    import pygame

    pictures = []
    for seed in (7, 7, 8):
        with crt(seed=seed) as screen:
            screen.write(b"PLAYER 1 X,Y\r\n? ")
            screen.settle(0.5)
            pictures.append(picture(pygame, screen.surface))
    assert pictures[0] == pictures[1] != pictures[2]
