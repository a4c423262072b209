"""With no display, each command says what it can do instead, and only what it can do."""

from __future__ import annotations

import re

import pytest

from life2_retro.cli import subcommand_parser
from life2_retro.exhibit.config import ConfigError, load_config

from ..support.helpers import QUICK_GAME, life2, without_a_display

DESKTOP = "no display to open a window on: run it in a desktop session (DISPLAY or WAYLAND_DISPLAY set)"


def offered(line: str) -> list[list[str]]:
    """The ways a no-window message offers, each as its words (what is in brackets is said of it)."""
    _, _, ways = line.partition("; without a window: ")
    return [way.split() for way in re.findall(r"(?:^| or )(.+?) \([^()]*\)", ways)]


def filled(words: list[str], tmp_path) -> list[str]:
    """A way's words, each placeholder (PORT, PNG) given a value as a person would."""
    values = {"PORT": "loop://", "PNG": str(tmp_path / "picture.png")}
    return [values.get(word, word) for word in words]


def said_without_a_display(*words: str, stdin: bytes = b"") -> str:
    done = life2(*words, stdin=stdin, env=without_a_display(), timeout=60)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2 and done.stdout == b"" and len(lines) == 1, done
    return lines[0]


@pytest.mark.parametrize(
    ("words", "command", "kept"),
    [
        (["--terminal", "teletype"], "play", []),
        (["play", "--terminal", "crt"], "play", []),
        (["watch", "p2life"], "watch", ["p2life"]),
        (["watch", "p2life", "--terminal", "crt"], "watch", ["p2life", "--terminal", "crt"]),
        (["terminal", "--port", "loop://"], "terminal", ["--port", "loop://"]),
        (["terminal", "--terminal", "crt", "--port", "loop://"], "terminal", ["--port", "loop://"]),
    ],
)
def test_each_command_offers_only_what_its_own_parser_accepts(words, command, kept, tmp_path):
    line = said_without_a_display(*words)
    rest = line.removeprefix(f"life2 {command}: {DESKTOP}")
    assert rest == "" or rest.startswith("; without a window: "), line  # nothing offered in passing
    ways = offered(line)
    flags = [word for way in ways for word in way if word.startswith("--")]
    assert len(flags) == re.sub(r"\([^()]*\)", "", line).count("--"), line  # every flag is in a way
    parser = subcommand_parser(command)
    for way in ways:
        parser.parse_args([*kept, *filled(way, tmp_path)])  # a usage error would exit here
    terminals = [way[1] for way in ways if way[0] == "--terminal"]
    choices = {"play": ["console", "serial", "telnet", "web"], "watch": [], "terminal": []}[command]
    assert terminals == choices, line  # the --terminal choices that draw no window, and no other


def test_the_ways_offered_work_without_a_display(tmp_path):
    """life2 plays on the console, life2 watch saves its picture headless."""
    played = life2("--terminal", "console", stdin=b"\n".join(QUICK_GAME) + b"\n", env=without_a_display())
    assert played.returncode == 0 and b"PLAYER 2 IS THE WINNER" in played.stdout, played.stderr
    (way,) = offered(said_without_a_display("watch", "p2life"))
    watched = life2("watch", "p2life", *filled(way, tmp_path), "--generations", "2", env=without_a_display())
    assert watched.returncode == 0 and watched.stderr == b"", watched
    assert (tmp_path / "picture.png").stat().st_size > 0


def test_a_screenshot_needs_no_display(tmp_path):
    out = tmp_path / "shot.png"
    script = tmp_path / "moves.txt"
    script.write_bytes(b"\n".join(QUICK_GAME) + b"\n")
    done = life2("screenshot", "--input", str(script), "--out", str(out), env=without_a_display())
    assert done.returncode == 0 and done.stderr == b"", done
    assert out.stat().st_size > 0


def test_the_exhibit_offers_what_its_config_accepts(tmp_path):
    config = tmp_path / "exhibit.toml"
    config.write_text('[exhibit]\nterminal = "teletype"\n[records]\npath = "games.jsonl"\n')
    line = said_without_a_display("exhibit", "--config", str(config))
    assert line.startswith(f"life2 exhibit: {DESKTOP}; without a window: "), line
    ways = offered(line)
    flags = [way for way in ways if way[0].startswith("--")]
    assert [way[0] for way in flags] == ["--screenshot"], line  # its terminal is the config's: no --terminal
    shot = tmp_path / "picture.png"
    done = life2(
        "exhibit",
        "--config",
        str(config),
        "--screenshot",
        str(shot),
        "--seconds",
        "2",
        env=without_a_display(),
    )
    assert done.returncode == 0 and done.stderr == b"" and shot.stat().st_size > 0, done
    ways = [way for way in ways if way not in flags]
    assert ways, line
    for way in ways:  # `exhibit.terminal = "serial" and serial.port in FILE`: set as it says
        setting, _, keys = " ".join(way).partition(" in ")[0].partition(" and ")
        key, _, value = setting.partition(" = ")
        lines = [f"[{key.split('.')[0]}]", f"{key.split('.')[1]} = {value}"]
        for needed in keys.split(" and ") if keys else []:
            table, name = needed.split(".")
            lines += [f"[{table}]", f'{name} = "loop://"']
        offered_config = tmp_path / "offered.toml"
        offered_config.write_text("\n".join(lines) + "\n")
        try:
            load_config(offered_config)
        except ConfigError as exc:
            pytest.fail(f"{way}: {exc}")
