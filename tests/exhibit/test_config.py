"""exhibit.toml: the example is valid, and every mistake names its key and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from life2_retro.exhibit.config import ConfigError, ExhibitConfig, load_config, parse_config
from life2_retro.programs.cell_life_bugs import BUG_NAMES as CELL_LIFE_BUG_NAMES
from life2_retro.programs.life2_bugs import BUG_NAMES

from ..support.helpers import life2

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "exhibit.toml"


def test_the_example_config_is_valid_and_relative_paths_follow_the_file():
    config = load_config(EXAMPLE)
    assert config.terminal == "teletype" and config.players == "choose" and config.computer_level == 2
    assert config.bugs == frozenset(BUG_NAMES) and config.attract_levels == (2, 3)
    assert config.records_path == EXAMPLE.parent / "life2-games.jsonl"
    assert config.exit_chord.key == "q" and config.exit_chord.modifiers == {"ctrl", "alt", "shift"}


def test_an_empty_config_takes_the_defaults(tmp_path):
    config = parse_config({}, tmp_path)
    assert config.idle_seconds == ExhibitConfig.idle_seconds and config.records_path.parent == tmp_path
    assert config.games == ("life2",)


def test_the_example_rotates_the_games_and_sets_up_cell_life():
    config = load_config(EXAMPLE)
    assert config.games == ("life2", "cell-life")
    assert config.cell_life_players == 3 and config.cell_life_board == "small"
    assert config.cell_life_bugs == frozenset(CELL_LIFE_BUG_NAMES) and config.cell_life_computer == "c"
    config = parse_config({"cell-life": {"bugs": ["tens-line"], "computer": 3, "board": "large"}}, EXAMPLE)
    assert config.cell_life_bugs == {"tens-line"} and config.cell_life_computer == "3"


@pytest.mark.parametrize(
    ("data", "key", "allowed"),
    [
        ({"exhibit": {"terminal": "vt100"}}, "exhibit.terminal", "'teletype', 'crt', 'serial'"),
        ({"exhibit": {"players": 1}}, "exhibit.players", "'choose'"),
        ({"exhibit": {"computer_level": 4}}, "exhibit.computer_level", "1, 2, 3"),
        ({"exhibit": {"computer_level": True}}, "exhibit.computer_level", "1, 2, 3"),
        ({"exhibit": {"idle_seconds": 5}}, "exhibit.idle_seconds", "a number from 10 to 86400"),
        ({"exhibit": {"idle_seconds": "90"}}, "exhibit.idle_seconds", "a number from 10"),
        ({"exhibit": {"dialect": "qbasic"}}, "exhibit.dialect", "'ms1978'"),
        ({"exhibit": {"bugs": ["no-such-bug"]}}, "exhibit.bugs", "illegal-coords"),
        ({"exhibit": {"exit_chord": "q"}}, "exhibit.exit_chord", "fewer than two modifiers"),
        ({"exhibit": {"exit_chord": "ctrl+hyper+q"}}, "exhibit.exit_chord", "ctrl, alt, shift, meta"),
        ({"exhibit": {"fullscreen": "yes"}}, "exhibit.fullscreen", "true or false"),
        ({"exhibit": {"size": "big"}}, "exhibit.size", "WIDTHxHEIGHT"),
        ({"exhibit": {"idle": 90}}, "exhibit.idle", "idle_seconds"),
        ({"attract": {"levels": [1]}}, "attract.levels", "two computer levels"),
        ({"attract": {"banner": ""}}, "attract.banner", "1 to 72 characters"),
        ({"listing": {"path": 3}}, "listing.path", "a file path"),
        ({"listing": {"clock_hz": 0}}, "listing.clock_hz", "from 10000"),
        ({"listing": {"historical_speed": 1}}, "listing.historical_speed", "true or false"),
        ({"listing": {"lines_per_second": 200}}, "listing.lines_per_second", "listing.clock_hz"),
        (
            {"listing": {"historical_speed": True}, "exhibit": {"dialect": "gwbasic"}},
            "listing.historical_speed",
            'exhibit.dialect = "ms1978"',
        ),
        ({"records": {"keep": 0}}, "records.keep", "a whole number from 1 to 1000"),
        ({"records": {"max_bytes": 1.5e6}}, "records.max_bytes", "a whole number"),
        ({"crt": {"baud": 110}}, "crt.baud", "300, 1200, 9600"),
        ({"crt": {"effects": ["sparkle"]}}, "crt.effects", "scanlines, glow"),
        ({"teletype": {"effects": ["bloom"]}}, "teletype.effects", "strike, baseline, ribbon, edge, curl"),
        ({"teletype": {"sound": 1}}, "teletype.sound", "true or false"),
        ({"serial": {"parity": "evn"}}, "serial.parity", "'even'"),
        ({"serial": {"speed": 110}}, "serial.speed", "baud"),
        ({"exhibit": {"terminal": "serial"}}, "serial.port", "a serial device or a pyserial URL"),
        (
            {"teletype": {"baud": 20}},
            "teletype.baud",
            "0 (as fast as it comes), a whole number from 50 to 9600",
        ),
        ({"teletype": {"phosphor": "p1"}}, "teletype.phosphor", "baud, sound"),
        ({"crt": {"sound": "no"}}, "crt.sound", "true or false"),
        ({"serial": {"pace_baud": 20}}, "serial.pace_baud", "port, baud"),
        ({"kiosk": {}}, "[kiosk]", "exhibit, cell-life, attract, listing"),
        ({"exhibit": {"games": "cell-life"}}, "exhibit.games", "life2, cell-life"),
        ({"exhibit": {"games": []}}, "exhibit.games", "one game or more"),
        ({"exhibit": {"games": ["life2", "life3"]}}, "exhibit.games", "life2, cell-life"),
        ({"cell-life": {"players": 5}}, "cell-life.players", "from 2 to 4"),
        ({"cell-life": {"players": 2.5}}, "cell-life.players", "a whole number"),
        ({"cell-life": {"board": "huge"}}, "cell-life.board", "'small', 'large'"),
        ({"cell-life": {"bugs": ["tens"]}}, "cell-life.bugs", "tens-line"),
        ({"cell-life": {"computer": 4}}, "cell-life.computer", '"c"'),
        ({"cell-life": {"computer": True}}, "cell-life.computer", "levels 1, 2, 3"),
        ({"cell-life": {"level": 2}}, "cell-life.level", "players, board, bugs, computer"),
        ({"exhibit": 3}, "exhibit", "must be a table"),
    ],
)
def test_every_mistake_names_its_key_and_what_is_allowed(tmp_path, data, key, allowed):
    with pytest.raises(ConfigError) as caught:
        parse_config(data, tmp_path)
    message = str(caught.value)
    assert key in message and allowed in message, message


def test_the_command_reports_a_bad_config_in_one_line(tmp_path):
    bad = tmp_path / "exhibit.toml"
    bad.write_text('[exhibit]\nterminal = "teletype"\nidle_seconds = "soon"\n')
    result = life2("exhibit", "--config", str(bad), "--check")
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1
    assert b"exhibit.idle_seconds" in result.stderr and b"allowed" in result.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text("[exhibit\n")
    result = life2("exhibit", "--config", str(broken), "--check")
    assert result.returncode == 2 and b"not valid TOML" in result.stderr and b"Traceback" not in result.stderr
    result = life2("exhibit", "--config", str(tmp_path / "missing.toml"), "--check")
    assert result.returncode == 2 and b"cannot be read" in result.stderr


def test_every_mistake_in_a_config_is_reported_at_once_each_with_its_key(tmp_path):
    bad = tmp_path / "exhibit.toml"
    bad.write_text(
        '[exhibit]\nterminal = "serial"\nidle_seconds = "soon"\ncolour = 3\n'
        '[crt]\nphosphor = "p9"\nbaud = 1200\n[attract]\nmax_rounds = 0\n[kiosk]\n'
    )
    result = life2("exhibit", "--config", str(bad), "--check")
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 2
    named = [
        "exhibit.idle_seconds",
        "exhibit.colour",
        "crt.phosphor",
        "attract.max_rounds",
        "[kiosk]",
        "serial.port",
    ]
    assert len(lines) == len(named), lines
    for key, line in zip(named, lines, strict=True):
        assert line.startswith("life2 exhibit: ") and key in line and "allowed" in line, line


def test_check_accepts_the_example():
    result = life2("exhibit", "--config", str(EXAMPLE), "--check")
    assert result.returncode == 0 and b"valid" in result.stdout


def test_the_exhibit_guide_shows_the_example_config_word_for_word():
    guide = (EXAMPLE.parent / "exhibit.md").read_text()
    assert EXAMPLE.read_text().rstrip("\n") in guide
