"""Two `life2 serve` processes behind nginx, as docs/web.md sets them up, played through in Chromium.

    python tools/web_behind_nginx.py        (needs nginx and chromium: apt-get install nginx chromium)

nginx (on 127.0.0.1:8099, its config and files in a temporary folder) sends
/life2/ to one of the processes' paths; a visitor there starts a LIFE2 game
with a friend, reloads midway, and the friend opens the shared link; both play
the quick game to its end. It prints where each page was and the winner each
read, and stops everything it started.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PROXY = """proxy_http_version 1.1;
proxy_set_header Upgrade $http_upgrade;
proxy_set_header Connection "upgrade";
proxy_read_timeout 1h;
"""
CONFIG = """worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {d}; proxy_temp_path {d}; fastcgi_temp_path {d};
  uwsgi_temp_path {d}; scgi_temp_path {d};
  split_clients "${{remote_addr}}${{msec}}" $life2 {{ 50% 1; * 2; }}
  server {{
    listen 127.0.0.1:8099;
    location = /life2/ {{ return 302 /life2/$life2/; }}
    location /life2/1/ {{ proxy_pass http://127.0.0.1:8031/; include {d}/life2-proxy.conf; }}
    location /life2/2/ {{ proxy_pass http://127.0.0.1:8032/; include {d}/life2-proxy.conf; }}
  }}
}}
"""
QUICK_GAME = ["1,1", "1,5", "5,5", "3,2", "3,3", "3,4"]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]


def asked(page: Any, count: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('machine').dataset.asked || 0) >= {count}"
        " && document.getElementById('machine').dataset.asking",
        timeout=30_000,
    )


def play() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        first = browser.new_page()
        first.goto("http://127.0.0.1:8099/life2/")
        first.locator("#choices button").nth(1).click()  # LIFE2 with a friend
        first.wait_for_function("() => document.getElementById('shared-link').textContent")
        friend = browser.new_page()
        friend.goto(first.locator("#shared-link").inner_text())
        reloaded = 0
        for number, line in enumerate(QUICK_GAME):
            page = first if number < 3 else friend
            if number == 1:  # a reload midway keeps the game, through the proxy
                first.reload()
                reloaded = 1
            asked(page, number % 3 + 1 - (reloaded if page is first else 0))
            page.locator("#machine").focus()
            page.keyboard.type(line)
            page.keyboard.press("Enter")
        for page in (first, friend):
            page.wait_for_function("() => document.getElementById('machine').dataset.over", timeout=30_000)
            printed = page.evaluate("() => document.getElementById('log').innerText")
            said = "PLAYER 2 IS THE WINNER" if "PLAYER 2 IS THE WINNER" in printed else "no winner"
            print(f"{page.url}: {said}")
        browser.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        (where / "life2-proxy.conf").write_text(PROXY)
        (where / "nginx.conf").write_text(CONFIG.format(d=folder))
        (where / "exhibit.toml").write_text(f'[web]\nbaud = 0\n[records]\npath = "{folder}/games.jsonl"\n')
        servers = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "life2_retro",
                    "serve",
                    "--config",
                    str(where / "exhibit.toml"),
                    "--port",
                    port,
                ]
            )
            for port in ("8031", "8032")
        ]
        subprocess.run(["nginx", "-c", str(where / "nginx.conf")], check=True)
        try:
            time.sleep(2)
            play()
        finally:
            subprocess.run(["nginx", "-s", "stop", "-c", str(where / "nginx.conf")], check=False)
            for server in servers:
                server.terminate()
                server.wait(timeout=20)


if __name__ == "__main__":
    main()
