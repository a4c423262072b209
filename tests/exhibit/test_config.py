"""exhibit.toml: the example is valid, and every mistake names its key and what is allowed."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from life2_retro.exhibit.config import ConfigError, ExhibitConfig, load_config, parse_config
from life2_retro.programs.life2.bugs import BUG_NAMES

from ..support.helpers import life2

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "exhibit.toml"


def test_the_example_config_is_valid_and_relative_paths_follow_the_file():
    config = load_config(EXAMPLE)
    life2 = config.settings_of("life2")
    assert config.terminal == "teletype" and config.players == "choose" and life2["computer_level"] == 2
    assert life2["bugs"] == frozenset(BUG_NAMES) and life2["attract_levels"] == (2, 3)
    assert config.records_path == EXAMPLE.parent / "life2-games.jsonl"
    assert config.exit_chord.key == "q" and config.exit_chord.modifiers == {"ctrl", "alt", "shift"}
    assert config.notes == ()


def test_an_empty_config_takes_the_defaults(tmp_path):
    config = parse_config({}, tmp_path)
    assert config.idle_seconds == ExhibitConfig.idle_seconds and config.records_path.parent == tmp_path
    assert config.games == ("life2",)
    assert config.settings_of("p2life") == {
        "board": 5,
        "variant": "0",
        "computer_level": 2,
        "attract_levels": (2, 3),
        "rounds": 0,
    }


def test_each_stand_has_its_table():
    config = parse_config(
        {
            "exhibit": {"games": ["life2", "cell-life", "p2life"]},
            "cell-life": {"bugs": ["tens-line"], "computer": 3, "board": "large"},
            "p2life": {"board": 9, "variant": "4a", "attract_levels": [1, "3"], "rounds": 40},
            "life2": {"dialect": "gwbasic", "bugs": "none", "listing": "lifefortwo-1978.bas"},
        },
        EXAMPLE.parent,
    )
    assert config.games == ("life2", "cell-life", "p2life")
    cell_life = config.settings_of("cell-life")
    assert cell_life["bugs"] == {"tens-line"} and cell_life["computer"] == "3" and cell_life["players"] == 3
    p2life = config.settings_of("p2life")
    assert p2life["board"] == 9 and p2life["variant"] == "4a" and p2life["attract_levels"] == (1, 3)
    life2 = config.settings_of("life2")
    assert life2["bugs"] == frozenset() and life2["dialect"] == "gwbasic"
    assert life2["listing"] == EXAMPLE.parent / "lifefortwo-1978.bas"  # relative to the config's folder


def test_a_key_an_older_config_held_elsewhere_is_read_with_a_note(tmp_path):
    config = parse_config(
        {
            "exhibit": {"dialect": "gwbasic", "computer_level": 3},
            "attract": {"levels": [1, 1]},
            "listing": {"panel": False, "path": "old.bas"},
        },
        tmp_path,
    )
    life2 = config.settings_of("life2")
    assert (
        life2["dialect"] == "gwbasic" and life2["computer_level"] == 3 and life2["attract_levels"] == (1, 1)
    )
    assert life2["listing"] == tmp_path / "old.bas" and config.panel is False
    assert len(config.notes) == 5
    assert "exhibit.dialect is now life2.dialect" in config.notes[0]
    assert "listing.panel is now exhibit.panel" in config.notes[3]
    with pytest.raises(ConfigError) as caught:
        parse_config({"exhibit": {"dialect": "gwbasic"}, "life2": {"dialect": "ms1978"}}, tmp_path)
    assert "keep life2.dialect" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "key", "allowed"),
    [
        ({"exhibit": {"terminal": "vt100"}}, "exhibit.terminal", "'teletype', 'crt', 'serial'"),
        ({"exhibit": {"players": 1}}, "exhibit.players", "'choose'"),
        ({"life2": {"computer_level": 4}}, "life2.computer_level", "1, 2, 3"),
        ({"life2": {"computer_level": True}}, "life2.computer_level", "1, 2, 3"),
        ({"exhibit": {"computer_level": 4}}, "exhibit.computer_level", "1, 2, 3"),
        ({"exhibit": {"idle_seconds": 5}}, "exhibit.idle_seconds", "a number from 10 to 86400"),
        ({"exhibit": {"idle_seconds": "90"}}, "exhibit.idle_seconds", "a number from 10"),
        ({"life2": {"dialect": "qbasic"}}, "life2.dialect", "'ms1978'"),
        ({"life2": {"bugs": ["no-such-bug"]}}, "life2.bugs", "illegal-coords"),
        ({"exhibit": {"bugs": ["no-such-bug"]}}, "exhibit.bugs", "illegal-coords"),
        ({"exhibit": {"exit_chord": "q"}}, "exhibit.exit_chord", "fewer than two modifiers"),
        ({"exhibit": {"exit_chord": "ctrl+hyper+q"}}, "exhibit.exit_chord", "ctrl, alt, shift, meta"),
        ({"exhibit": {"fullscreen": "yes"}}, "exhibit.fullscreen", "true or false"),
        ({"exhibit": {"size": "big"}}, "exhibit.size", "WIDTHxHEIGHT"),
        ({"exhibit": {"size": "99999x99999"}}, "exhibit.size", "to 16384x16384"),
        ({"exhibit": {"size": [1280, 800]}}, "exhibit.size", "WIDTHxHEIGHT"),
        ({"exhibit": {"idle": 90}}, "exhibit.idle", "idle_seconds"),
        ({"attract": {"levels": [1]}}, "attract.levels", "two computer levels"),
        ({"life2": {"attract_levels": [1, 4]}}, "life2.attract_levels", "two computer levels"),
        ({"attract": {"banner": ""}}, "attract.banner", "1 to 72 characters"),
        ({"listing": {"path": 3}}, "listing.path", "a file path"),
        ({"life2": {"listing": ""}}, "life2.listing", "a file path"),
        ({"listing": {"clock_hz": 0}}, "listing.clock_hz", "from 10000"),
        ({"listing": {"historical_speed": 1}}, "listing.historical_speed", "true or false"),
        ({"listing": {"lines_per_second": 200}}, "listing.lines_per_second", "life2.clock_hz"),
        ({"listing": {"speed": 200}}, "listing.speed", "not a key of the config"),
        (
            {"life2": {"historical_speed": True, "dialect": "gwbasic"}},
            "life2.historical_speed",
            'life2.dialect = "ms1978"',
        ),
        ({"p2life": {"board": 21}}, "p2life.board", "from 5 to 20"),
        ({"p2life": {"variant": 5}}, "p2life.variant", "'0', '1', '2', '3', '4a', '4b'"),
        ({"p2life": {"rounds": -1}}, "p2life.rounds", "0 (no limit), a whole number from 1 to 10000"),
        ({"p2life": {"attract_levels": [2, 4]}}, "p2life.attract_levels", "two computer levels"),
        ({"p2life": {"coin": "fair"}}, "p2life.coin", "board, variant, computer_level"),
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
        ({"kiosk": {}}, "[kiosk]", "exhibit, attract, records, web, life2, cell-life, p2life, teletype"),
        ({"exhibit": {"games": "cell-life"}}, "exhibit.games", "life2, cell-life, p2life"),
        ({"exhibit": {"games": []}}, "exhibit.games", "one game or more"),
        ({"exhibit": {"games": ["life2", "life3"]}}, "exhibit.games", "life2, cell-life, p2life"),
        ({"exhibit": {"games": [[[["deep"]]]]}}, "exhibit.games", "[[[[...]]]]"),
        ({"attract": {"banner": "x" * 10_000}}, "attract.banner", "xxx...xxx"),
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


def test_the_example_is_made_from_the_declarations():
    """docs/exhibit.toml is what `life2 exhibit --example` prints: every key each table declares, at
    its default, with its help above it. Read back, it is the defaults, key for key."""
    from life2_retro.exhibit.config import tables
    from life2_retro.exhibit.stands import stand_class, stand_names
    from life2_retro.terminals.options import Switches, defaults

    result = life2("exhibit", "--example")
    assert result.returncode == 0
    assert result.stdout.decode() == EXAMPLE.read_text()
    lines = EXAMPLE.read_text().splitlines()
    for table, options in tables().items():
        head = lines.index(f"[{table}]" if table != "serial" else f"# [{table}]")
        for option in options:
            if option.hidden or getattr(option, "internal", False):
                continue
            key = f"{option.name} = "
            at = next(i for i in range(head, len(lines)) if lines[i].lstrip("# ").startswith(key))
            first = at
            while (
                lines[first - 1].lstrip("# ")
                and not lines[first - 1].lstrip("# ").split(" = ")[0].isidentifier()
            ):
                first -= 1
            above = " ".join(line.lstrip("# ") for line in lines[first:at])
            said = (
                ", ".join(option.features) if isinstance(option, Switches) else option.help.rstrip(".")[:30]
            )
            assert said in above, (table, option.name, above)
    config = load_config(EXAMPLE)
    assert config.notes == () and config.games == ("life2",)
    for name in stand_names():
        assert config.settings_of(name) == defaults(stand_class(name).OPTIONS)
    assert (
        dataclasses.replace(
            config, records_path=ExhibitConfig.records_path, stand_settings={}, terminal_settings={}
        )
        == ExhibitConfig()
    )


def test_check_names_each_game_and_how_it_will_be_shown(tmp_path):
    config = tmp_path / "exhibit.toml"
    config.write_text(
        '[exhibit]\ngames = ["life2", "cell-life", "p2life"]\n[p2life]\nboard = 8\nvariant = "2"\n'
    )
    nowhere = {**os.environ, "LIFE2_LISTING": str(tmp_path / "nowhere.bas")}  # no listing: our notes
    result = life2("exhibit", "--config", str(config), "--check", env=nowhere)
    lines = result.stdout.decode().splitlines()
    assert result.returncode == 0 and lines[0] == f"{config}: valid", lines
    assert (
        lines[2].startswith("  life2: ms1978, 6 of 6 bugs kept") and "the panel shows our notes" in lines[2]
    )
    assert lines[3].startswith("  cell-life: 3 players on the small board")
    assert (
        lines[4] == "  p2life: 8 by 8, variant 2, the computer at level 2, attract levels 2/3, no round limit"
    )


@pytest.mark.parametrize(
    ("path", "wrong"),
    [(".", "a folder"), ("missing/games.jsonl", "in no folder that exists")],
)
def test_check_finds_a_records_path_the_run_could_not_write(tmp_path, path, wrong):
    """The run would go on unrecorded (it says so once, at the first game): --check says so first."""
    config = tmp_path / "exhibit.toml"
    config.write_text(f'[records]\npath = "{path}"\n')
    result = life2("exhibit", "--config", str(config), "--check")
    assert result.returncode == 2 and result.stdout == b""
    (line,) = result.stderr.decode().splitlines()
    assert line.startswith("life2 exhibit: records.path is ") and wrong in line and "allowed" in line


def test_check_finds_a_listing_that_does_not_load(tmp_path):
    config = tmp_path / "exhibit.toml"
    (tmp_path / "listing.bas").write_text("10 PRINT\n")
    config.write_text('[life2]\nlisting = "listing.bas"\n')
    result = life2("exhibit", "--config", str(config), "--check")
    assert result.returncode == 2 and result.stderr.startswith(b"life2 exhibit: life2.listing: ")


def test_an_older_config_still_checks_with_a_note_for_each_key_moved(tmp_path):
    config = tmp_path / "exhibit.toml"
    config.write_text('[exhibit]\ndialect = "gwbasic"\n[listing]\nhistorical_speed = false\n')
    result = life2("exhibit", "--config", str(config), "--check")
    notes = result.stderr.decode().splitlines()
    assert result.returncode == 0 and b"valid" in result.stdout
    assert notes == [
        "life2 exhibit: note: exhibit.dialect is now life2.dialect: it was read from its old place; move it",
        "life2 exhibit: note: listing.historical_speed is now life2.historical_speed: it was read from its "
        "old place; move it",
    ]


def test_a_config_nested_too_deeply_is_a_config_error(tmp_path):
    """Python's TOML reader recurses once a level: 5,000 levels of arrays raised RecursionError."""
    deep = tmp_path / "deep.toml"
    deep.write_text("[x]\ny = " + "[" * 5000 + "]" * 5000 + "\n")
    result = life2("exhibit", "--config", str(deep), "--check")
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert result.stderr.decode().splitlines() == [
        f"life2 exhibit: {deep}: not a config: its values are nested too deeply to read"
    ]


def test_a_number_longer_than_python_reads_is_a_config_error(tmp_path):
    """tomllib converts an integer with int(), which refuses more than 4,300 digits with a plain
    ValueError, not the TOMLDecodeError of a mistake in the file."""
    big = tmp_path / "big.toml"
    big.write_text("[records]\nkeep = " + "1" * 5000 + "\n")
    result = life2("exhibit", "--config", str(big), "--check")
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    (line,) = result.stderr.decode().splitlines()
    assert line.startswith(f"life2 exhibit: {big}: not valid TOML (")


@pytest.mark.parametrize(
    "path",
    ["a" * 5000, "/".join(["abcdefgh"] * 600)],
    ids=["a name of 5,000 characters", "a path of 5,400"],
)
def test_a_records_path_longer_than_linux_takes_is_a_mistake_of_its_key(tmp_path, path):
    """`--check` raised OSError: [Errno 36] File name too long, looking at the path."""
    config = tmp_path / "exhibit.toml"
    config.write_text(f'[records]\npath = "{path}"\n')
    result = life2("exhibit", "--config", str(config), "--check")
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    (line,) = result.stderr.decode().splitlines()
    assert line.startswith("life2 exhibit: records.path is ") and "at most 255 bytes" in line, line


def test_a_records_path_that_grows_too_long_from_the_configs_folder_is_said_by_check(tmp_path):
    """Each name short enough, and the whole too, until it is taken from the config's folder."""
    config = ExhibitConfig(records_path=tmp_path / "/".join(["abcdefgh"] * 455))
    from life2_retro.exhibit.config import check_files

    (problem,) = check_files(dataclasses.replace(config, games=()))
    assert problem.startswith("records.path is ") and "cannot be looked at (File name too long)" in problem


@pytest.mark.parametrize("kind", ["/dev/zero", "a named pipe", "a folder", "a file of 2 MB"])
def test_a_config_is_a_regular_file_of_bounded_size(tmp_path, kind):
    """`--config /dev/zero` read for ever (a MemoryError at 3 GB under a limit); a named pipe would
    wait for a writer for ever."""
    if kind == "/dev/zero":
        path = "/dev/zero"
        said = "not a config: it is not a regular file"
    elif kind == "a named pipe":
        path = str(tmp_path / "pipe.toml")
        os.mkfifo(path)
        said = "not a config: it is not a regular file"
    elif kind == "a folder":
        path = str(tmp_path)
        said = "not a config: it is not a regular file"
    else:
        path = str(tmp_path / "big.toml")
        Path(path).write_text("#" * 2_000_000)
        said = "not a config: it is larger than 1,048,576 bytes"
    result = life2("exhibit", "--config", path, "--check", timeout=60)
    assert result.returncode == 2 and result.stderr.decode().splitlines() == [
        f"life2 exhibit: {path}: {said}"
    ]
