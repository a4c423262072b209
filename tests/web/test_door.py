"""The web seat's door over loopback, with a WebSocket client of our own (no browser): nothing of the
game before the code, one holder, wrong codes limited, bad frames closed clearly, a flood bounded,
a silent or half-open page closed, and the line's pace kept. Each test is bounded in time and count."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest

aiohttp = pytest.importorskip("aiohttp")

from life2_retro.terminals.web import wire  # noqa: E402
from life2_retro.terminals.web.seat import WebSeat  # noqa: E402


@pytest.fixture
def seat():
    made: list[WebSeat] = []

    def make(**settings) -> WebSeat:
        opened = WebSeat(0, **{"code": "2222", "baud": 0, **settings})
        made.append(opened)
        return opened

    yield make
    for opened in made:
        opened.over = True
        opened.server.stop_thread()


def url(seat: WebSeat) -> str:
    return f"http://127.0.0.1:{seat.port}/socket"


async def frames_until_closed(ws, timeout: float = 10) -> list[dict]:
    got: list[dict] = []
    while True:
        message = await ws.receive(timeout=timeout)
        if message.type != aiohttp.WSMsgType.TEXT:
            return got
        got.append(json.loads(message.data))


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 30))


def test_nothing_of_the_game_before_the_code_and_a_line_before_it_is_refused(seat):
    line = seat()
    line.seated_once = True  # the game may write: the door must still keep it from a stranger
    line.write(b"THE BOARD\r\n")

    async def stranger():
        async with aiohttp.ClientSession() as session, session.ws_connect(url(line)) as ws:
            first = json.loads((await ws.receive(timeout=5)).data)
            await ws.send_str(json.dumps({"line": "3,3"}))
            rest = await frames_until_closed(ws)
            return first, rest, ws.close_code

    first, rest, code = run(stranger())
    assert first == {"door": "code"} and rest == [] and code == wire.POLICY
    assert line.holder is None


def test_the_right_code_sits_down_and_a_second_page_is_told_the_seat_is_taken(seat):
    line = seat()

    async def two_pages():
        async with aiohttp.ClientSession() as session:
            first = await session.ws_connect(url(line))
            await first.receive(timeout=5)
            await first.send_str(json.dumps({"code": "222 2"}))  # spaces and dashes count for nothing
            seated = json.loads((await first.receive(timeout=5)).data)
            second = await session.ws_connect(url(line))
            await second.receive(timeout=5)
            await second.send_str(json.dumps({"code": "2222"}))
            refused = await frames_until_closed(second)
            await first.close()
            return seated, refused, second.close_code

    seated, refused, code = run(two_pages())
    assert seated["seated"]["look"] == "teletype"
    assert refused == [] and code == wire.SEAT_TAKEN


def test_wrong_codes_close_the_page_and_make_the_address_wait(seat):
    line = seat()

    async def guesses():
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url(line))
            said = [json.loads((await ws.receive(timeout=5)).data)]
            started = time.monotonic()
            for guess in ("0000", "1111", "3333"):
                await ws.send_str(json.dumps({"code": guess}))
            said += await frames_until_closed(ws)
            guessing = time.monotonic() - started
            # the next page from the address waits for the doubled wait before it is answered
            again = await session.ws_connect(url(line))
            await again.receive(timeout=5)
            started = time.monotonic()
            await again.send_str(json.dumps({"code": "2222"}))
            seated = json.loads((await again.receive(timeout=10)).data)
            waited = time.monotonic() - started
            await again.close()
            return said, ws.close_code, guessing, seated, waited

    said, code, guessing, seated, waited = run(guesses())
    assert said == [{"door": "code"}, {"door": "wrong"}, {"door": "wrong"}] and code == wire.WRONG_CODE
    assert guessing >= 0.5 + 1.0  # each try after the first waited for the wait the last one earned
    assert "seated" in seated and waited >= 1.5  # 0.5, 1, then 2 s after the third


@pytest.mark.parametrize(
    ("send", "close"),
    [
        (lambda ws: ws.send_bytes(b"\x00\x01"), wire.UNSUPPORTED),
        (lambda ws: ws.send_str("x" * 5000), wire.TOO_BIG),
        (lambda ws: ws.send_str("{not json"), wire.INVALID),
        (lambda ws: ws.send_str('{"line": "\\u001b[2J"}'), wire.INVALID),
        (lambda ws: ws.send_str('{"code": 7}'), wire.INVALID),
        (lambda ws: ws.send_str("[" * 10 + "]" * 10), wire.INVALID),
    ],
    ids=["binary", "huge", "malformed", "escape-sequence", "wrong-type", "not-an-object"],
)
def test_bad_frames_get_a_clear_close(seat, send, close):
    line = seat()

    async def bad():
        async with aiohttp.ClientSession() as session, session.ws_connect(url(line)) as ws:
            await ws.receive(timeout=5)
            await send(ws)
            await frames_until_closed(ws)
            return ws.close_code

    assert run(bad()) == close
    deadline = time.monotonic() + 5
    while line.server.pages and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not line.server.pages


def test_bad_frames_after_sitting_down_close_too_and_the_seat_waits(seat):
    line = seat()

    async def seated_then_bad():
        async with aiohttp.ClientSession() as session, session.ws_connect(url(line)) as ws:
            await ws.receive(timeout=5)
            await ws.send_str(json.dumps({"code": "2222"}))
            await ws.receive(timeout=5)
            await ws.send_str(json.dumps({"code": "2222"}))  # a knock out of its order
            await frames_until_closed(ws)
            return ws.close_code

    assert run(seated_then_bad()) == wire.POLICY
    deadline = time.monotonic() + 5
    while line.lost_at is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert line.holder is None and line.lost_at is not None


def test_a_page_that_gives_no_code_is_closed_and_a_flood_is_bounded(seat):
    line = seat(code_wait=1.0)

    async def flood():
        async with aiohttp.ClientSession() as session:
            pages = [await session.ws_connect(url(line)) for _ in range(24)]
            closes = []
            for ws in pages:
                await frames_until_closed(ws)
                closes.append(ws.close_code)
            return closes

    started = time.monotonic()
    closes = run(flood())
    assert closes.count(wire.BUSY) == 24 - line.server.limits.per_address
    assert closes.count(wire.IDLE) == line.server.limits.per_address
    assert time.monotonic() - started < 10
    deadline = time.monotonic() + 5
    while line.server.pages and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not line.server.pages and not line.server.per_address


def test_a_half_open_page_that_answers_no_ping_is_away_within_the_stall(seat):
    """A client that opened the socket and then went silent (never reads, never answers a ping),
    as a laptop shut mid-game would be."""
    line = seat(stall=2.0)
    raw = socket.create_connection(("127.0.0.1", line.port), timeout=5)
    try:
        raw.sendall(
            b"GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        text = b'{"code":"2222"}'
        mask = b"\x01\x02\x03\x04"
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(text))
        raw.sendall(bytes([0x81, 0x80 | len(text)]) + mask + masked)
        deadline = time.monotonic() + 5
        while line.holder is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert line.holder is not None
        sat = time.monotonic()
        while line.holder is not None and time.monotonic() < sat + 10:
            time.sleep(0.05)
        assert line.holder is None and time.monotonic() - sat < 2.0 * 2 + 1
    finally:
        raw.close()


def test_the_output_goes_at_the_lines_pace(seat):
    """At 110 baud, 11 bits a character: 30 characters take 2.9 s on the line, the first sent at once."""
    line = seat(baud=110)

    async def paced():
        async with aiohttp.ClientSession() as session, session.ws_connect(url(line)) as ws:
            await ws.receive(timeout=5)
            await ws.send_str(json.dumps({"code": "2222"}))
            await ws.receive(timeout=5)
            started = time.monotonic()
            line.write(b"X" * 30)
            arrivals, text = [], ""
            while len(text) < 30:
                got = json.loads((await ws.receive(timeout=10)).data)
                text += got.get("out", "")
                arrivals.append(time.monotonic() - started)
            return text, arrivals

    text, arrivals = run(paced())
    assert text == "X" * 30
    assert arrivals[0] < 0.5 and 30 * 0.1 - 0.3 <= arrivals[-1] < 30 * 0.1 + 1.5
