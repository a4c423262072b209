"""Done when: a headless Chromium plays the quick game to its end at a web seat against a telnet seat.

The page is a real Chromium's, driven by Playwright as a player at the keyboard
would drive it: it opens the link life2 names (the code in it), waits for each
of its prompts, types its moves, and reads the winner from the page's log
(role="log"). The telnet player sees the program's bytes exactly; the page's
log holds the same text, line for line.
"""

from __future__ import annotations

import re
import time

from tests.support.browser import chromium, keep_shot, log_lines, log_text, type_line, wait_asked
from tests.support.helpers import QUICK_GAME
from tests.support.seating import one_keyboard, scripted, telnet_port
from tests.support.serialpty import start_life2
from tests.support.telnetclient import TelnetClient

LIFE2_TURNS = [1, 1, 1, 2, 2, 2]


def web_link(proc, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(
            r"waiting for \S+ \d \(web\) on \S+ port \d+: code [\d ]+: (http://\S+)", proc.stderr
        )
        if found:
            return found[1]
        time.sleep(0.05)
    raise TimeoutError(f"the web seat never named its page:\n{proc.stderr}")


def test_quick_game_between_a_web_seat_and_a_telnet_seat(tmp_path):
    options = ["--dialect", "ms1978"]
    game = one_keyboard(options, scripted(QUICK_GAME))
    proc = start_life2(
        *options, "--seat", "1=telnet,port=0,code=1111", "--seat", "2=web,port=0,code=2222,baud=0"
    )
    try:
        client = TelnetClient(telnet_port(proc), code=b"1111")
        link = web_link(proc)
        assert link.endswith("/?code=2222") and link.startswith("http://127.0.0.1:")
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1024, "height": 700})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(link)
            asked = 0
            for number, line in enumerate(QUICK_GAME):
                if LIFE2_TURNS[number] == 1:
                    client.read_until(b"? ", count=number + 1)
                    client.send(line + b"\r")
                else:
                    asked += 1
                    wait_asked(page, asked)
                    type_line(page, line.decode())
            page.wait_for_function("() => document.getElementById('machine').dataset.over", timeout=30_000)
            shot = keep_shot(page, tmp_path / "web-teletype-seat.png")
            printed = log_text(page)
            assert not errors
        assert proc.wait(timeout=20) == 0
        client.read_until_closed()
    finally:
        proc.stop()
    assert client.output == bytes(game.out)
    assert "PLAYER 2 IS THE WINNER" in printed
    assert printed.split("\n") == log_lines(game.out)[: len(printed.split("\n"))]
    assert printed.split("\n")[-1].strip() == log_lines(game.out)[-1].strip()
    assert shot.stat().st_size > 10_000
