"""life2's own web server: the page, its assets, and a WebSocket per page, on one asyncio loop.

aiohttp (the `web` extra) serves it. The server knows nothing of games: a
host (the web seat, or `life2 serve`) says which line a page's knock opens,
and the server carries the line's frames to the page at the line's pace and
the page's lines back. Every wait ends: a page that sends no knock within
`knock_seconds` is closed, one that does not take its frames within
`not_reading_seconds` is closed (its seat is then away, as a dropped one is),
one that stops answering pings (a half-open connection) is closed, and the
pages open at once are bounded in all and per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Protocol

from ..door.address import host_of, named
from . import wire
from .line import WebLine

try:
    from aiohttp import WSMsgType, web
except ImportError:  # pragma: no cover - the web extra brings it
    raise ImportError("the web seat and life2 serve need aiohttp: pip install 'life2-retro[web]'") from None

if TYPE_CHECKING:
    from collections.abc import Awaitable

TRIES_PER_CONNECTION = 3
"""Wrong codes a page may send before it is closed (the telnet door's count)."""
TICK = 0.1
"""Seconds between two looks at the lines' output: a character's time at 110 baud."""
OUTBOX_LIMIT = 256
"""Frames waiting for a page at most; more, and the page is not reading."""
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
SECURITY = {
    # everything the page uses comes from life2 itself
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "media-src 'self' blob:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


@dataclass(frozen=True)
class Limits:
    pages: int = 2000
    """Pages connected at once, in all."""
    per_address: int = 16
    """Pages connected at once from one address (a school's pages all come from one)."""
    knock_seconds: float = 15.0
    not_reading_seconds: float = 10.0
    heartbeat: float = 20.0
    """Seconds between pings; a page that does not answer within half of it is closed (half-open)."""


@dataclass(frozen=True)
class Refusal:
    close: int
    why: str
    retry: bool = False
    """A wrong code: the page may try again (a few times a connection)."""
    said: str = ""
    """What the page is told when it may try again (a frame)."""


class Host(Protocol):
    """Who decides what a knock opens: the web seat, or `life2 serve`."""

    def wait_for(self, address: str) -> float:
        """Seconds before a page from `address` may be answered (the wait wrong codes earned)."""
        ...

    def asks(self) -> str:
        """The door's first frame: the code asked, or the games to choose from."""
        ...

    def admit(self, knock: wire.Knock, address: str) -> WebLine | Refusal: ...

    def welcome(self, line: WebLine) -> dict[str, object]:
        """What the page is told as it sits down (the look, the line's speed, a token)."""
        ...

    def seated(self, peer: str) -> None:
        """A page from `peer` sat down (for the host's notices)."""

    def left(self, peer: str, why: str) -> None:
        """The page from `peer` that held a line went away, and why."""


class Page:
    """One page's WebSocket: frames go out in order from a bounded outbox, by a writer of its own."""

    def __init__(self, ws: web.WebSocketResponse, peer: str, address: str, limits: Limits) -> None:
        self.ws = ws
        self.peer = peer
        """As the host's notices name it: 127.0.0.1:52114."""
        self.address = address
        """Its host, which the door's waits and limits count by."""
        self.why = "closed by the page"
        self.limits = limits
        self.line: WebLine | None = None
        self._outbox: deque[str] = deque()
        self._ready = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self.closing = False

    def send(self, text: str) -> None:
        if self.closing:
            return
        self._outbox.append(text)
        if len(self._outbox) > OUTBOX_LIMIT:
            self.close(wire.NOT_READING, "the page did not take its output")
        self._ready.set()

    def close(self, code: int, why: str) -> None:
        """Close once the frames already sent are out (bounded by the writer's own wait)."""
        if self.closing:
            return
        self.closing = True
        self.why = why
        self._outbox.append("")  # the writer's sign to close
        self._close_with = (code, why)
        self._ready.set()

    async def _write(self) -> None:
        ws = self.ws
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                while self._outbox:
                    text = self._outbox.popleft()
                    if text == "":
                        code, why = self._close_with
                        await asyncio.wait_for(ws.close(code=code, message=why.encode()[:120]), 5)
                        return
                    await asyncio.wait_for(ws.send_str(text), self.limits.not_reading_seconds)
        except (TimeoutError, ConnectionError, RuntimeError):
            if not self.closing:
                self.why = "it took none of its output"
            self.closing = True  # not read for too long, or gone: the socket is dropped
            with contextlib.suppress(Exception):
                transport = ws._req.transport if ws._req is not None else None  # noqa: SLF001
                if transport is not None:
                    transport.abort()

    async def ended(self) -> None:
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer


def _why_gone(kind: WSMsgType, ws: web.WebSocketResponse) -> str:
    """Why a page's socket ended, as the host's notices say it."""
    if kind == WSMsgType.CLOSE:
        return "closed by the page"
    if ws.close_code == wire.TOO_BIG:
        return "it sent a frame too big"
    if ws.close_code == 1006:
        return "it answered no ping (a connection gone without a word)"
    error = ws.exception()
    return f"the connection dropped ({error})" if error else "the connection dropped"


def _page_files() -> dict[str, tuple[bytes, str]]:
    folder = resources.files(__package__) / "page"
    files = {}
    for entry in folder.iterdir():
        suffix = "." + entry.name.rsplit(".", 1)[-1]
        if suffix in TYPES:
            files[entry.name] = (entry.read_bytes(), TYPES[suffix])
    return files


class WebServer:
    """The page, its assets and its sockets, for one host."""

    def __init__(self, host: Host, limits: Limits | None = None) -> None:
        self.host = host
        self.limits = limits or Limits()
        self.files = _page_files()
        self.pages: set[Page] = set()
        self.per_address: dict[str, int] = {}
        self.refused = 0
        """Connections closed at once because too many were open (the flood's count)."""
        self.closed: Counter[str] = Counter()
        """Why pages that held a line went, counted (for the operator's summary)."""
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.on_tick: Callable[[], None] | None = None
        """Called each tick on the loop (serve ends idle games there)."""

    def app(self) -> web.Application:
        from .assets import glass_json, sound_wav, typeface_json

        app = web.Application(client_max_size=4096)
        app.router.add_get("/", self._index)
        app.router.add_get("/page/{name}", self._file)

        async def typeface(request: web.Request) -> web.Response:
            return self._bytes(typeface_json(), "application/json")

        async def glass(request: web.Request) -> web.Response:
            return self._bytes(glass_json(), "application/json")

        async def sounds(request: web.Request) -> web.Response:
            body = sound_wav(request.match_info["name"])
            if body is None:
                raise web.HTTPNotFound()
            return self._bytes(body, "audio/wav")

        async def no_icon(request: web.Request) -> web.Response:
            return web.Response(status=204)

        app.router.add_get("/typeface.json", typeface)
        app.router.add_get("/glass.json", glass)
        app.router.add_get("/sounds/{name}.wav", sounds)
        app.router.add_get("/socket", self._socket)
        app.router.add_get("/favicon.ico", no_icon)
        return app

    # -- HTTP -------------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        body, kind = self.files["index.html"]
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=SECURITY)

    async def _file(self, request: web.Request) -> web.Response:
        found = self.files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        body, kind = found
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=SECURITY)

    def _bytes(self, body: bytes, kind: str) -> web.Response:
        return web.Response(body=body, content_type=kind, headers=SECURITY)

    # -- a page's socket ---------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        peername = request.transport.get_extra_info("peername") if request.transport else None
        peer = named(peername) if peername else (request.remote or "?")
        address = host_of(peername) if peername else (request.remote or "?")
        limits = self.limits
        ws = web.WebSocketResponse(
            max_msg_size=wire.MAX_FRAME,
            heartbeat=limits.heartbeat,
            compress=False,  # a deflate context a page is more memory than its game
            writer_limit=16_384,
        )
        await ws.prepare(request)
        if len(self.pages) >= limits.pages or self.per_address.get(address, 0) >= limits.per_address:
            self.refused += 1
            await ws.close(code=wire.BUSY, message=b"too many pages are open: try again later")
            return ws
        page = Page(ws, peer, address, limits)
        self.pages.add(page)
        self.per_address[address] = self.per_address.get(address, 0) + 1
        try:
            await self._serve(page)
        except wire.BadFrame as bad:
            page.close(bad.close, str(bad))
        finally:
            line = page.line
            if line is not None:
                line.detach(page)
                self.closed[page.why] += 1
                self.host.left(page.peer, page.why)
            page.close(wire.GOING_AWAY, "closed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(page._writer), 2)  # noqa: SLF001
            await page.ended()
            self.pages.discard(page)
            left = self.per_address.get(address, 1) - 1
            if left:
                self.per_address[address] = left
            else:
                self.per_address.pop(address, None)
        return ws

    async def _serve(self, page: Page) -> None:
        line = await self._door(page)
        if line is None:
            return
        while not page.closing:
            message = await page.ws.receive()
            if message.type == WSMsgType.TEXT:
                got = wire.parse(message.data)
                if isinstance(got, wire.Line):
                    line.typed(got.text)
                elif isinstance(got, wire.Break):
                    line.interrupt()
                else:
                    raise wire.BadFrame("a code after the seat was taken", wire.POLICY)
            elif message.type == WSMsgType.BINARY:
                raise wire.BadFrame("a binary frame: the page speaks text", wire.UNSUPPORTED)
            else:  # closed, or an error (a frame too big: aiohttp has closed with 1009)
                if not page.closing:  # else the server closed it, and said why
                    page.why = _why_gone(message.type, page.ws)
                return

    async def _door(self, page: Page) -> WebLine | None:
        """The knock: nothing of the game before the right code; a few tries, each after the
        address's wait; a page that says nothing is closed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.knock_seconds
        tries = 0
        page.send(self.host.asks())
        while True:
            left = deadline - loop.time()
            if left <= 0:
                page.close(wire.IDLE, "no code was given")
                return None
            try:
                message = await page.ws.receive(timeout=left)
            except TimeoutError:
                page.close(wire.IDLE, "no code was given")
                return None
            if message.type == WSMsgType.BINARY:
                raise wire.BadFrame("a binary frame: the page speaks text", wire.UNSUPPORTED)
            if message.type != WSMsgType.TEXT:
                return None
            knock = wire.parse(message.data)
            if not isinstance(knock, wire.Knock):
                raise wire.BadFrame("a line before the seat's code", wire.POLICY)
            wait = self.host.wait_for(page.address)
            if wait > 0:
                await asyncio.sleep(min(wait, max(0.0, deadline - loop.time())))
            admitted = self.host.admit(knock, page.address)
            if isinstance(admitted, Refusal):
                if not admitted.retry:
                    page.close(admitted.close, admitted.why)
                    return None
                tries += 1 if knock.code else 0
                if tries >= TRIES_PER_CONNECTION:
                    page.close(wire.WRONG_CODE, "wrong codes")
                    return None
                page.send(admitted.said)
                continue
            if not admitted.attach(page):
                page.close(wire.SEAT_TAKEN, "the seat is taken")
                return None
            page.line = admitted
            page.send(wire.frame("seated", self.host.welcome(admitted)))
            self.host.seated(page.peer)
            return admitted

    # -- the line's pace ---------------------------------------------------------------------------

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            for page in list(self.pages):
                line = page.line
                if line is None or page.closing:
                    continue
                for text in line.pull():
                    page.send(text)
                    if text.startswith('{"over"'):
                        page.close(wire.GAME_OVER, "the game is over")
            if self.on_tick is not None:
                self.on_tick()

    # -- running ------------------------------------------------------------------------------------

    async def start(self, bind: str, port: int) -> tuple[str, int]:
        """Listen; the address and port listened on (port 0: any free one)."""
        runner = web.AppRunner(self.app(), handle_signals=False, access_log=None, shutdown_timeout=5.0)
        await runner.setup()
        site = web.TCPSite(runner, bind, port, reuse_address=True)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        server = site._server  # noqa: SLF001 - aiohttp keeps the listening sockets there
        sockets = getattr(server, "sockets", None) or []
        address = sockets[0].getsockname()[:2] if sockets else (bind, port)
        return str(address[0]), int(address[1])

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        for page in list(self.pages):
            page.close(wire.GOING_AWAY, "the server is stopping")
        await asyncio.sleep(0.05)
        if self._runner is not None:
            await self._runner.cleanup()

    def run_in_thread(self, bind: str, port: int) -> tuple[str, int]:
        """Start the server on a loop in a thread of its own (the game keeps the main thread)."""
        started: list[tuple[str, int] | BaseException] = []
        ready = threading.Event()
        loop = asyncio.new_event_loop()
        self._loop = loop

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                started.append(loop.run_until_complete(self.start(bind, port)))
            except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
                started.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self.stop())
            loop.close()

        thread = threading.Thread(target=run, name="life2-web", daemon=True)
        thread.start()
        self._thread = thread
        ready.wait()
        result = started[0]
        if isinstance(result, BaseException):
            raise result
        return result

    def stop_thread(self) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
            self._thread.join(timeout=5)

    def call(self, action: Callable[[], Awaitable[None] | None]) -> None:
        """Run `action` on the server's loop (from another thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(action)
