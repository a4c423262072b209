"""A page left open for days: what it keeps is bounded (the log's lines, the paper's), so its memory
stays flat however much is printed. Measured in a real Chromium: the JavaScript heap after a
garbage collection, once 1,400 lines are printed (past the 1,000 the log and the paper keep) and again after 1,400
more."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("aiohttp")

from life2_retro.terminals.web.seat import WebSeat  # noqa: E402
from tests.support.browser import chromium  # noqa: E402

LOG_LINES = 1000
"""What log.js keeps."""


def heap_after_collection(cdp) -> float:
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return metrics["JSHeapUsedSize"]


def print_lines(seat: WebSeat, page, start: int, count: int, batch: int = 200) -> None:
    """In batches the line holds (a program printing faster than its line for longer than the line
    holds has its backlog cut short: line.py), each waited for on the page."""
    for first in range(start, start + count, batch):
        for number in range(first, first + batch):
            seat.write(f"LINE {number:06d} ".encode() + b"X" * 58 + b"\r\n")
        last = f"LINE {first + batch - 1:06d}"
        page.wait_for_function(
            f"() => (document.getElementById('log').lastElementChild || {{}}).textContent?.startsWith('{last}')",
            timeout=60_000,
        )


def test_a_page_open_for_days_keeps_its_memory_flat():
    """On paper, which keeps the most (the glass terminal keeps its 24 rows and the same log)."""
    seat = WebSeat(0, code="2222", baud=0)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 800, "height": 600})
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(seat.link)
            deadline = time.monotonic() + 20
            while not seat.seated_once and time.monotonic() < deadline:
                time.sleep(0.02)
            print_lines(seat, page, 0, 1400)
            first = heap_after_collection(cdp)
            print_lines(seat, page, 1400, 1400)
            second = heap_after_collection(cdp)
            kept = page.evaluate("() => document.getElementById('log').childElementCount")
    finally:
        seat.over = True
        seat.server.stop_thread()
    assert kept == LOG_LINES
    print(f"heap after 1,400 lines {first / 1e6:.2f} MB, after 2,800 {second / 1e6:.2f} MB")
    assert second < first * 1.05 + 128_000, (first, second)
