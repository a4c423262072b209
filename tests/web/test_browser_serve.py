"""Done when: a `life2 serve` game against the computer is played to its end in a headless Chromium,
with the keyboard alone, and the winner read from the page's log; a reload midway keeps the game.

The visitor chooses the game on the page (the first choice has the focus: Enter
takes it), then answers each prompt from a fixed round of squares (a square
taken is refused with the program's own ILLEGAL COORDS, and the next is tried)
until the page says the game is over. Both looks are played, each keeping a
screenshot.
"""

from __future__ import annotations

import re
import time

import pytest

from life2_retro.exhibit.records import read_records
from life2_retro.terminals.web.assets import glass
from tests.support.browser import chromium, keep_shot, log_text, type_line, wait_asked
from tests.support.serialpty import start_life2

SQUARES = [f"{x},{y}" for x in range(1, 6) for y in range(1, 6)]
ASKED_AT_MOST = 120


def serve(tmp_path, *lines: str):
    config = tmp_path / "exhibit.toml"
    config.write_text("\n".join(["[web]", "port = 0", "baud = 0", *lines]) + "\n")
    proc = start_life2("serve", "--config", str(config), "--seed", "5")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = re.search(r"serving on \S+ port \d+: (http://\S+)", proc.stderr)
        if found:
            return proc, found[1]
        time.sleep(0.05)
    proc.stop()
    raise TimeoutError(f"life2 serve never said where:\n{proc.stderr}")


def asked_or_over(page, asked: int) -> bool:
    """Waits for the next prompt or the end; True at the end."""
    page.wait_for_function(
        "([asked]) => { const c = document.getElementById('machine');"
        " return c.dataset.over || (Number(c.dataset.asked || 0) > asked && c.dataset.asking); }",
        arg=[asked],
        timeout=60_000,
    )
    return bool(page.evaluate("() => document.getElementById('machine').dataset.over"))


@pytest.mark.parametrize("look", ["teletype", "crt"])
def test_a_serve_game_against_the_computer_to_its_end(tmp_path, look):
    proc, link = serve(tmp_path, f'look = "{look}"', 'games = ["life2"]')
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1024, "height": 700})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(link)
            page.wait_for_selector("#choices button")
            choices = page.locator("#choices button").all_inner_texts()
            assert choices == [
                "LIFE2, Brian Wyvill (BASIC Computer Games, 1978) against the computer",
                "LIFE2, Brian Wyvill (BASIC Computer Games, 1978) with a friend (a link to send them)",
            ]
            page.keyboard.press("Enter")  # the first choice has the focus
            asked, square, reloaded = 0, 0, False
            while not asked_or_over(page, asked):
                asked += 1
                assert square < ASKED_AT_MOST * 7
                if asked == 3 and not reloaded:  # a reload keeps the game: the page is shown where it is
                    before = log_text(page)
                    page.reload()
                    wait_asked(page, 1)
                    after = log_text(page)
                    assert "YOU ARE PLAYER 1" in before and "YOU ARE PLAYER 1" not in after
                    assert after.rstrip().endswith("X,Y\nXXXXXX\n$$$$$$\n&&&&&&")
                    asked, reloaded = 1, True
                type_line(page, SQUARES[square % len(SQUARES)])
                square += 7
            shot = keep_shot(page, tmp_path / f"web-serve-{look}.png")
            printed = log_text(page)
            if look == "teletype":  # the window's keys for the paper's curl (F6) and edge (F5)
                for key, said in (("F6", "curl off"), ("F5", "edge off")):
                    page.keyboard.press(key)
                    assert page.locator("#status").inner_text() == f"The paper's {said} ({key})"
                flat = keep_shot(page, tmp_path / "web-serve-teletype-flat.png")
                assert flat.read_bytes() != shot.read_bytes() and page.url == link  # F5 did not reload
            assert not errors
    finally:
        proc.stop()
    winner = re.findall(r"PLAYER (\d) IS THE WINNER", printed)
    assert winner in (["1"], ["2"]) or "DRAW" in printed, printed[-600:]
    assert shot.stat().st_size > 10_000
    assert "Traceback" not in proc.stderr
    # `life2 serve` records the game where the config's [records] says, as the kiosk does
    assert f"recording each game in {tmp_path / 'life2-games.jsonl'}" in proc.stderr
    (record,), _ = read_records(tmp_path / "life2-games.jsonl")
    assert (record.game, record.ended, record.players[0]) == ("life2", "finished", "human")
    assert record.winner == ("draw" if not winner else int(winner[0]))


FRAMES = """(most) => new Promise((done) => {
  const canvas = document.getElementById('machine');
  const seen = {frames: 0, brightness: new Set(), moved: 0, draws: Number(canvas.dataset.draws)};
  const start = performance.now();
  function count() {
    seen.frames += 1;
    seen.brightness.add(canvas.style.filter);
    seen.moved += Boolean(canvas.style.transform);
    if (seen.frames < most && !(seen.frames >= 60 && seen.brightness.size > 1 && seen.moved)) {
      requestAnimationFrame(count);
    } else {
      done({frames: seen.frames, brightness: seen.brightness.size, moved: seen.moved,
            draws: Number(canvas.dataset.draws) - seen.draws,
            seconds: (performance.now() - start) / 1000});
    }
  }
  requestAnimationFrame(count);
})"""
"""Counts animation frames (60 at least, `most` at most) until the canvas has flickered and jumped:
how many frames, how many brightnesses and jumps were seen, how many times it was drawn, and in
how many seconds."""


FADES = "Number(document.getElementById('machine').dataset.fades || 0)"
"""How many times the afterglow of a change has faded out."""


def test_the_glass_terminals_tube_by_the_windows_keys(tmp_path):
    """The tube's effects in the page (glass.js): flicker and jitter move the canvas, and it is drawn
    only when the picture changes (the cursor's blink, the afterglow); the window's keys switch each
    effect: Shift+F6 the flicker, Shift+F7 the jitter, F4 the persistence, Shift+F2 the curvature."""
    proc, link = serve(tmp_path, 'look = "crt"', 'games = ["life2"]')
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1024, "height": 700})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(link)
            page.wait_for_selector("#choices button")
            page.keyboard.press("Enter")
            wait_asked(page, 1)
            machine = page.locator("#machine")
            effects = machine.get_attribute("data-effects").split()
            assert effects == [n for n in glass()["effects"] if n != "burnin"]
            curved = keep_shot(page, tmp_path / "web-crt-curved.png").read_bytes()
            moving = page.evaluate(FRAMES, 600)
            assert moving["brightness"] > 1 and moving["moved"] > 0
            # a change fades out over ten time constants, a frame drawn at each, then drawing stops
            faded = FADES + " > " + (machine.get_attribute("data-fades") or "0")
            page.keyboard.press("Shift+F8")
            assert page.locator("#status").inner_text() == "Raster off (Shift+F8)"
            page.wait_for_function(f"() => {faded}")
            for key in ("F4", "Shift+F6", "Shift+F7", "Shift+F8"):  # F4 first: no afterglow after
                page.keyboard.press(key)
            fades = page.evaluate(FADES)
            assert machine.get_attribute("data-effects").split() == [
                n for n in effects if n not in ("flicker", "jitter", "persistence")
            ]
            still = page.evaluate(FRAMES, 120)
            assert still["frames"] == 120 and still["brightness"] == 1 and still["moved"] == 0
            # with nothing printed, a frame is drawn only as the cursor blinks, twice a second (and
            # once for the keys' change): not at each of the browser's frames
            assert still["draws"] <= 2 * still["seconds"] + 3, still
            assert not machine.get_attribute("data-fading")
            assert page.evaluate(FADES) == fades  # Shift+F8 changed the picture: nothing faded
            page.keyboard.press("Shift+F2")
            assert page.locator("#status").inner_text() == "Curvature off (Shift+F2)"
            page.evaluate(
                "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
            )
            flat = keep_shot(page, tmp_path / "web-crt-flat.png").read_bytes()
            assert not errors
    finally:
        proc.stop()
    assert flat != curved
