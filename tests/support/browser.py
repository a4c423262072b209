"""A real browser for the page's tests: Debian's Chromium, headless, driven by Playwright.

Playwright is told where Debian's Chromium is and never downloads a browser of
its own. Without Chromium (or Playwright) the tests skip with a message, except
in CI, where .ci/run installs Chromium and they fail instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = "LIFE2_WEB_SHOTS"
"""A folder to keep the tests' screenshots in, besides the test's own temporary one."""


def _required() -> bool:
    return os.environ.get("LIFE2_REQUIRE_REFERENCE") == "1" or os.environ.get("CI", "").lower() == "true"


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright, closed after."""
    problem = None
    if not Path(CHROMIUM).exists():
        problem = f"Chromium is not at {CHROMIUM} (apt-get install chromium)"
    else:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            problem = "Playwright is not installed (pip install -e '.[dev]')"
    if problem is not None:
        if _required():
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def keep_shot(page: Any, path: Path) -> Path:
    """A PNG of the page at `path`, and a copy in $LIFE2_WEB_SHOTS when it is set."""
    page.screenshot(path=str(path))
    folder = os.environ.get(SHOTS)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)
    return path


def log_text(page: Any) -> str:
    """What the page's log holds: the printed text, a line a pass of the carriage."""
    return str(
        page.evaluate(
            "() => [...document.getElementById('log').children].map(d => d.textContent).join('\\n')"
        )
    )


def wait_asked(page: Any, count: int, timeout: float = 30) -> None:
    """Until the page has been asked its `count`th line (and the prompt is printed)."""
    page.wait_for_function(
        f"() => Number(document.getElementById('machine').dataset.asked || 0) >= {count} "
        "&& document.getElementById('machine').dataset.asking",
        timeout=timeout * 1000,
    )


def type_line(page: Any, line: str) -> None:
    page.locator("#machine").focus()
    page.keyboard.type(line)
    page.keyboard.press("Enter")


def log_lines(output: bytes) -> list[str]:
    """The lines the page's log should hold for `output` (log.js): a line ends at LF, and a bare CR
    that the next character prints over ends one too, unless the line is blank."""
    lines: list[str] = []
    current, after_cr = "", False
    for byte in output:
        ch = chr(byte)
        if ch == "\n":
            lines.append(current)
            current, after_cr = "", False
        elif ch == "\r":
            after_cr = True
        else:
            if after_cr:
                if current.strip():
                    lines.append(current)
                current, after_cr = "", False
            if " " <= ch <= "~":
                current += ch
    return lines
