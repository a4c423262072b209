"""`life2 serve`'s games over loopback, with WebSocket clients of our own: a game with a friend by
its shared link, the friend's door, a game nobody is at let go, the limit on games, the records
each game leaves, and --check."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time

import pytest

aiohttp = pytest.importorskip("aiohttp")

from life2_retro.exhibit.config import parse_config  # noqa: E402
from life2_retro.exhibit.records import RecordLog, read_records, summarize  # noqa: E402
from life2_retro.exhibit.web import WebExhibit  # noqa: E402
from life2_retro.terminals.web import wire  # noqa: E402
from life2_retro.terminals.web.server import WebServer  # noqa: E402
from tests.support.helpers import QUICK_GAME  # noqa: E402


@pytest.fixture
def served(tmp_path):
    started: list[tuple[WebExhibit, WebServer]] = []

    def start(**web) -> tuple[WebExhibit, str]:
        config = parse_config({"web": {"baud": 0, **web}, "life2": {"dialect": "ms1978"}}, tmp_path)
        exhibit = WebExhibit(config, seed=1, log=RecordLog(config.records_path))
        server = WebServer(exhibit)
        server.on_tick = exhibit.tend
        _, port = server.run_in_thread("127.0.0.1", 0)
        started.append((exhibit, server))
        return exhibit, f"http://127.0.0.1:{port}/socket"

    yield start
    for exhibit, server in started:
        exhibit.stop()
        server.stop_thread()


class Page:
    """A page as the server sees it: its frames, what it printed, and what it was asked."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.printed = ""
        self.asked = 0
        self.over = False
        self.said: list[dict] = []

    async def until(self, test, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            message = await self.ws.receive(timeout=max(0.01, deadline - time.monotonic()))
            if message.type != aiohttp.WSMsgType.TEXT:
                self.over = True
                return
            got = json.loads(message.data)
            self.said.append(got)
            self.printed += got.get("out", "") + got.get("replay", "")
            self.asked += bool(got.get("read"))
            self.over |= "over" in got

    async def knock(self, **knock) -> dict:
        await self.until(lambda: any("door" in said for said in self.said))
        await self.ws.send_str(json.dumps({"code": "", **knock}))
        await self.until(lambda: any("seated" in said for said in self.said) or self.over)
        return next((said["seated"] for said in self.said if "seated" in said), {})

    async def answer(self, line: bytes, asked: int) -> None:
        await self.until(lambda: self.asked >= asked)
        await self.ws.send_str(json.dumps({"line": line.decode()}))


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_a_game_with_a_friend_by_its_link_to_the_end(served):
    exhibit, url = served(games=["life2"])

    async def two_friends():
        async with aiohttp.ClientSession() as session:
            first = Page(await session.ws_connect(url))
            seated = await first.knock(game="life2/friend")
            share = seated["share"]
            # a stranger with the link but not the code is turned away; the friend with it sits down
            stranger = Page(await session.ws_connect(url))
            await stranger.until(lambda: bool(stranger.said))
            await stranger.ws.send_str(json.dumps({"code": "000000", "game": share["game"]}))
            await stranger.until(lambda: len(stranger.said) > 1)
            friend = Page(await session.ws_connect(url))
            assert "token" in await friend.knock(code=share["code"], game=share["game"])
            turns = {1: 0, 2: 0}
            for number, line in enumerate(QUICK_GAME):
                page = first if number < 3 else friend
                turns[1 if number < 3 else 2] += 1
                await page.answer(line, turns[1 if number < 3 else 2])
            await first.until(lambda: first.over)
            await friend.until(lambda: friend.over)
            await stranger.ws.close()
            return first, friend, stranger, share

    first, friend, stranger, share = run(two_friends())
    assert len(share["code"]) == 6 and share["code"].isdigit()
    assert stranger.said[1] == {"door": "wrong"}
    for page in (first, friend):
        assert "PLAYER 2 IS THE WINNER" in page.printed
        assert "3,2" not in page.printed and "1,5" not in page.printed  # nobody's moves are shown
    assert "TWO PLAYERS" in first.printed
    deadline = time.monotonic() + 5
    while exhibit.visits and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not exhibit.visits and not exhibit.by_token
    # recorded as the kiosk records a game of two visitors, and counted by the museum's reader
    (record,), problems = read_records(exhibit.config.records_path)
    assert not problems
    assert (record.game, record.mode, record.players, record.winner, record.ended) == (
        "life2",
        "visitor",
        ["human", "human"],
        2,
        "finished",
    )
    assert record.moves == [[1 + (n >= 3), line.decode()] for n, line in enumerate(QUICK_GAME)]
    assert record.dialect == "ms1978" and record.duration > 0
    assert "Two visitors: 1 games, 1 finished (player 1 won 0, player 2 won 1" in summarize([record])


def test_a_game_nobody_is_at_ends_and_is_let_go(served):
    exhibit, url = served(games=["p2life"], away_seconds=5)

    async def leave():
        async with aiohttp.ClientSession() as session:
            page = Page(await session.ws_connect(url))
            await page.knock(game="p2life/computer")
            await page.until(lambda: page.asked >= 1)
            await page.ws.close()

    run(leave())
    assert len(exhibit.visits) == 1
    thread = next(iter(exhibit.visits.values())).thread
    deadline = time.monotonic() + 15
    while exhibit.visits and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not exhibit.visits and not exhibit.by_token
    assert thread is not None and (thread.join(timeout=5) or not thread.is_alive())
    (record,), _ = read_records(exhibit.config.records_path)
    assert (record.game, record.ended, record.winner) == ("p2life", "left", None)
    assert record.players[0] == "human" and record.players[1].startswith("computer")


def test_past_the_games_limit_a_visitor_is_asked_to_come_back(served):
    exhibit, url = served(games=["life2"], max_games=1)

    async def two_visitors():
        async with aiohttp.ClientSession() as session:
            first = Page(await session.ws_connect(url))
            await first.knock(game="life2/computer")
            second = Page(await session.ws_connect(url))
            await second.knock(game="life2/computer")
            await second.until(lambda: second.over)
            return second.ws.close_code

    assert run(two_visitors()) == wire.BUSY


def test_check_covers_the_web_table(tmp_path):
    config = tmp_path / "exhibit.toml"
    config.write_text('[web]\nport = 70000\nplayers = "everyone"\ngames = ["chess"]\n')
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", "serve", "--config", str(config), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "web.port is 70000; allowed: a port number from 0 to 65535" in done.stderr
    assert "web.players is 'everyone'" in done.stderr and "web.games" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_prompt_left_alone_ends_its_game_and_the_page_is_told(served):
    from dataclasses import replace

    exhibit, url = served(games=["life2"])
    exhibit.config = replace(exhibit.config, web_idle_seconds=1.0)  # the config allows 10 s at least

    async def idle():
        async with aiohttp.ClientSession() as session:
            page = Page(await session.ws_connect(url))
            await page.knock(game="life2/computer")
            await page.until(lambda: page.over, timeout=20)
            return page

    page = run(idle())
    assert "nobody typed for a while" in page.printed
    assert any(said.get("over", "").endswith("(idle)") for said in page.said)
    deadline = time.monotonic() + 5
    while exhibit.visits and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not exhibit.visits
    (record,), _ = read_records(exhibit.config.records_path)
    assert (record.ended, record.winner, record.moves) == ("idle", None, [])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--seat", "2=web,port=0"],
            "life2 play: the web seat and life2 serve need aiohttp: pip install 'life2-retro[web]'",
        ),
        (
            ["serve", "--port", "0"],
            "life2 serve: the web server needs aiohttp: pip install 'life2-retro[web]'",
        ),
    ],
)
def test_without_the_web_extra_one_line_says_how_to_get_it(tmp_path, args, said):
    (tmp_path / "aiohttp.py").write_text('raise ImportError("aiohttp is not installed")\n')
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        cwd=tmp_path,
    )
    assert done.returncode == 2 and done.stderr.strip() == said


@pytest.mark.parametrize(
    ("game", "won"),
    [("cell-life", r"Player \d wins!|No winner"), ("p2life", r"IS THE WINNER|DRAW")],
)
def test_the_other_programs_against_the_computer_to_their_end(served, game, won):
    """Any of the exhibit's programs: a visitor answering every prompt with a square from a fixed
    round plays Cell Life and p2life against their computers to the end (LIFE2's is played in the
    browser, test_browser_serve.py)."""
    import re

    squares = [f"{x},{y}" for x in range(1, 6) for y in range(1, 6)]
    _, url = served(games=[game])

    async def play():
        async with aiohttp.ClientSession() as session:
            page = Page(await session.ws_connect(url))
            await page.knock(game=f"{game}/computer")
            answered = 0
            while not page.over:
                await page.until(lambda answered=answered: page.asked > answered or page.over)
                if page.over:
                    break
                answered += 1
                assert answered < 200
                await page.ws.send_str(json.dumps({"line": squares[answered * 7 % 25]}))
            return page

    page = run(play())
    assert re.search(won, page.printed), page.printed[-400:]
