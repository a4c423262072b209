"""The README and its pages in docs/ stay true: the first screen's two commands (CI runs the second
one), every link to a page or a heading that is there, every `life2` command one life2 takes, and
every picture what the command below it makes."""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from pathlib import Path

import pytest

from life2_retro.events import Run
from life2_retro.exhibit.config import load_config
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import run_in_memory

ROOT = Path(__file__).resolve().parent.parent


def _pictures_tool():
    spec = importlib.util.spec_from_file_location("readme_pictures", ROOT / "tools" / "readme_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


PICTURES = _pictures_tool()


DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def page(name: str) -> str:
    """A page's text: `README.md`, or a page of docs/ by its file name."""
    return (ROOT / name if name == "README.md" else DOCS / name).read_text()


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text.split("\n---\n")[0])


def test_the_first_screen_has_a_play_command_and_a_test_command():
    play, test = readme_commands()
    assert play.endswith("pip install -e . && life2")
    assert test.endswith('pip install -e ".[dev]" && pytest')


def test_ci_runs_the_readme_test_command_word_for_word():
    _, test = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci


def test_the_full_run_the_readme_gives_is_one_the_suite_and_a_release_make(
    pytestconfig: pytest.Config,
) -> None:
    """The testers' section tells how to run every generated script: the suite's own option and its
    variable, which .ci/release sets before it runs what CI runs."""
    from .conftest import FULL_SUITE

    text = " ".join(page("testing.md").split())
    assert "`pytest --full`" in text and f"`{FULL_SUITE}=1 pytest`" in text and "`.ci/release`" in text
    assert isinstance(pytestconfig.getoption("--full"), bool)  # ValueError if the suite had no such option
    release = (ROOT / ".ci" / "release").read_text().splitlines()
    assert f"export {FULL_SUITE}=1" in release and "exec .ci/run" in release


def test_the_testing_page_names_the_listing_source_and_checksum_and_the_front_page_links_it():
    from life2_retro.reference.listing import LISTING_SHA256, PUBLIC_SOURCE

    text = page("testing.md")
    assert LISTING_SHA256 in text and PUBLIC_SOURCE in text
    assert "(docs/testing.md#the-listing)" in page("README.md").split("\n---\n")[0]


README_PICTURES = PICTURES.every_picture()


def test_every_picture_in_the_pages_has_the_command_that_makes_it_below_it():
    shown = sum(len(re.findall(r"!\[", path.read_text())) for path in PAGES)
    assert len(README_PICTURES) == shown and all((ROOT / p.path).is_file() for p in README_PICTURES)
    assert [f"{p.place}: {p.path}" for p in README_PICTURES if p.command is None] == []


@pytest.mark.parametrize(
    ("command", "paths"),
    [
        pytest.param(command, paths, id=Path(paths[0]).name)
        for command, paths in PICTURES.commands(README_PICTURES).items()
    ],
)
def test_every_picture_in_the_pages_is_what_its_command_makes_to_the_pixel(command, paths, request):
    """Run in a scratch copy of docs/ (its pictures deleted first), as tools/readme_pictures.py does.
    A picture of a program whose original prints words of its own (Cell Life's introduction, read
    from its C source) is made with the original at hand: without it the game runs differently,
    and the test skips (fails in CI) as every test that needs the original does."""
    for needed in originals_needed(command):
        request.getfixturevalue(needed)
    if "web_side_by_side" in command:  # the page is drawn by Debian's Chromium, on the browser's clock
        pytest.skip(
            "the page's flicker, jitter and afterglow run on the browser's own clock, so its half of the "
            "picture is not the same to the pixel from run to run (tests/web check the page's drawing)"
        )
    assert PICTURES.check(command, paths) == []


ORIGINAL_WORDS = {"cell-life": "cell_life_source"}
"""Program -> the fixture of the original it reads its words from (programs/__init__.py's
`text_from_original`): a picture of it needs that original."""


def originals_needed(command: str) -> list[str]:
    """The fixtures of the originals `command`'s picture depends on: those of the games it shows."""
    words = shlex.split(command)
    games = {word.split("=", 1)[-1] for word in words}  # --game cell-life, --game=cell-life
    if "exhibit" in words and "--game" not in " ".join(words):
        games |= set(load_config(ROOT / words[words.index("--config") + 1]).games)
    return [fixture for game, fixture in ORIGINAL_WORDS.items() if game in games]


def test_each_program_that_prints_words_of_its_original_has_its_fixture_here():
    from life2_retro.programs import PROGRAMS

    assert {name for name, entry in PROGRAMS.items() if entry.text_from_original} == set(ORIGINAL_WORDS)
    assert originals_needed(
        "life2 exhibit --config docs/exhibit.toml --screenshot x.png --game cell-life --seconds 40"
    ) == ["cell_life_source"]
    assert originals_needed("life2 exhibit --config docs/three-games.toml --screenshot x.png") == [
        "cell_life_source"
    ]
    assert originals_needed("life2 exhibit --config docs/exhibit.toml --screenshot x.png") == []


def front_page() -> str:
    """The README above its rule: what a newcomer reads first."""
    return " ".join(page("README.md").split("\n---\n", 1)[0].split())


def test_the_front_page_starts_a_casual_player_with_fixed_and_says_why_the_faithful_game_stops() -> None:
    text = front_page()
    start = text.index("## A first game")
    assert "life2 --fixed" in text[start:][:200]
    stray = text.index("a stray Return at `? ` ends the game with `OK`")
    assert "stopped a program at an empty answer" in text[stray:][:200]
    assert "`--fixed` asks again after a stray Return" in text


def test_the_front_page_names_the_three_programs_and_the_terminals_each_with_its_command() -> None:
    text = front_page()
    for name, command in {
        "LIFE2": "`life2`",
        "Cell Life": "`life2 --game cell-life`",
        "p2life": "`life2 --game p2life`",
    }.items():
        row = re.search(rf"\| {name} \|[^|]+\| ([^|]+) \|", text)
        assert row is not None and row[1] == command, name
    for terminal in ("teletype", "crt", "serial"):
        assert f"`life2 --terminal {terminal}" in text
    assert "`life2 --seat 2=telnet" in text and "`life2 exhibit --config" in text


def test_the_front_page_links_every_page_of_docs() -> None:
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)", front_page()))
    assert linked == {path.name for path in PAGES[1:]}


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)  # a `#` in a code block is no heading
    return {_slug(heading) for heading in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("path", PAGES, ids=lambda path: path.name)
def test_every_link_of_a_page_finds_its_file_and_its_heading(path: Path) -> None:
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # another site's address
        file, _, anchor = target.partition("#")
        found = (path.parent / file).resolve() if file else path
        if not found.exists() or (anchor and found.suffix == ".md" and anchor not in _anchors(found)):
            broken.append(target)
    assert broken == []


def documented_commands() -> list[tuple[str, str]]:
    """Every `life2` command in a code block of a page, with its page: a comment, a redirection, a pipe
    or a `&` ends it (a line such as `life2 exhibit: note: ...` is output, not a command)."""
    found = []
    for path in PAGES:
        for block in re.findall(r"```(?:sh|text)\n(.*?)```", path.read_text(), re.S):
            for line in block.replace("\\\n", " ").splitlines():  # a line continued by `\` is one
                plain = line.split()
                if plain[:1] != ["life2"] or plain[1:2] and plain[1].endswith(":"):
                    continue  # not life2, or its output (`life2: ...`, whose apostrophes are no quotes)
                words = shlex.split(line, comments=True)
                ends = ("<", ">", "|", "&&", "2>", "&")
                cut = next((i for i, word in enumerate(words) if word in ends), None)
                found.append((path.name, " ".join(words[1:cut])))
    return found


DOCUMENTED = documented_commands()


def test_the_pages_show_many_commands() -> None:
    assert len(DOCUMENTED) > 60 and {name for name, _ in DOCUMENTED} >= {"README.md", "testing.md"}


@pytest.mark.parametrize("line", [words for _, words in DOCUMENTED], ids=[name for name, _ in DOCUMENTED])
def test_every_command_in_the_pages_is_one_life2_takes(line: str) -> None:
    """Parsed as life2 parses it (an option renamed or gone fails here); nothing is run."""
    from life2_retro.cli import COMMANDS, subcommand_parser, top_parser

    words = shlex.split(line)
    if words and words[0] in COMMANDS:
        parser, words = subcommand_parser(words[0]), words[1:]
    else:
        parser = top_parser()
    try:
        parser.parse_args(words)
    except SystemExit as exc:  # argparse's way out: 0 after --help, 2 for what it does not take
        if exc.code != 0:
            pytest.fail(f"`life2 {line}`: life2 would stop with status {exc.code}")


def how_to_play() -> str:
    """docs/playing.md's "How to play": the rules, the endings and the mask, a worked turn."""
    return page("playing.md").split("## How to play", 1)[1].split("\n## ", 1)[0]


def test_how_to_play_explains_the_endings_and_the_mask_each_with_its_switch() -> None:
    """The three things that look like faults at the end of a first game are said where a newcomer
    reads, each beside the switch that changes it (or the terminal that shows it as it was)."""
    section = " ".join(how_to_play().split())  # a phrase may be wrapped anywhere
    explained = {
        "PLAYER 1 IS THE WINNER` come `?US ERROR IN 575` and `OK`": "`--no-bug missing-line-800`",
        "stray Return at `? ` ends the game with `OK`": "`--no-bug answers-that-stop`",
        "the line reads `? &&&&`": "`--terminal teletype`",
    }
    for what, switch in explained.items():
        assert what in section, what
        assert switch in section[section.index(what) :][:400], (what, switch)  # said beside it
    assert "`--fixed` changes both" in section


def test_every_switch_how_to_play_names_is_one_life2_takes() -> None:
    from life2_retro.cli import top_parser

    named = re.findall(r"`(--[a-z-]+(?: [a-z0-9-]+)?)`", how_to_play())
    assert {"--fixed", "--no-bug missing-line-800", "--no-bug answers-that-stop"} <= set(named)
    for switch in named:
        args = top_parser().parse_args(switch.split())  # argparse exits on a switch it does not know
        assert args is not None, switch


# -- the worked turn, as the game prints it ---------------------------------------------------------

_PLACED_CODES = {".": 0, "*": 3, "#": 30}
"""What the setup stores for a piece before the board is first printed (lines 519 and 540)."""
_LIVING_CODES = {".": 0, "*": 100, "#": 1000}
"""What a piece holds once a board has been printed (lines 351 and 360)."""


def _output_until(run: Run, stop_line: int) -> bytes:
    out = bytearray()
    for event in run:
        if event == stop_line:
            break
        if type(event) is bytes:
            out += event
    return bytes(out)


def _program_with(board: list[str], codes: dict[str, int]) -> Life2Program:
    """LIFE2 after its tables are READ (lines 2 to 20), holding `board`: a row of marks per row."""
    program = Life2Program()
    _output_until(program.run(), 500)
    program.set_board([[codes[mark] for mark in row] for row in board])
    return program


def _board_lines(output: bytes) -> list[str]:
    """The lines of the boards in `output`, each without its trailing space."""
    lines = output.decode("ascii").split("\r\n")
    return [line.rstrip() for line in lines if re.match(r" [0-5] ", line)]


def worked_turn() -> tuple[list[str], list[str], tuple[str, str]]:
    """The worked turn's two boards, line by line, and the squares the two players type."""
    section = how_to_play()
    moves = re.search(r"Player 1 types `(\d,\d)`,\s+player 2 types `(\d,\d)`", section)
    assert moves is not None
    block = re.search(r"```text\n(.+?)\n```", section.split("**A turn, worked.**")[1], re.S)
    assert block is not None
    lines = block[1].splitlines()[1:]  # under the titles
    assert lines[0].count(" 0  1  2  3  4  5  0") == 2, "each board has the border the game prints"
    split = lines[0].index(" 0  1", 1)
    return (
        [line[:split].rstrip() for line in lines],
        [line[split:].rstrip() for line in lines],
        (moves[1], moves[2]),
    )


def test_the_worked_turn_is_what_the_game_prints_for_that_turn() -> None:
    """The left board is the game's own print of the pieces as placed (what it shows after the
    setup); the right one is the board the game prints after the two squares are typed, played
    from the position before them."""
    before, after, (first, second) = worked_turn()
    marks = [line[4:19:3].ljust(5) for line in before[1:6]]  # each square's mark, 3 columns apart
    board = [row.replace(" ", ".") for row in marks]
    assert len(board) == 5 and all(len(row) == 5 for row in board)
    placed = _program_with(board, _PLACED_CODES)
    printed = _output_until(placed.run_from(559), 560)  # line 559: GOSUB 90, the board
    assert before == _board_lines(printed)

    position = [list(row) for row in board]
    for typed in (first, second):
        column, row = (int(number) for number in typed.split(","))
        position[row - 1][column - 1] = "."  # the turn starts without the squares it places
    start = _program_with(["".join(row) for row in position], _LIVING_CODES)
    turn = run_in_memory(start.run_from(580), [first.encode(), second.encode()])
    printed_after = turn.output.split(b"PLAYER 2 X,Y")[1].split(b"PLAYER 1 X,Y")[0]
    assert after == _board_lines(printed_after)
