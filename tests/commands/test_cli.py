"""The `life2` command as users and scripts call it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from life2_retro.cli import COMMANDS, main
from life2_retro.programs.life2.bugs import BUG_NAMES

from ..support.helpers import QUICK_GAME, life2, play

PYTHON = sys.executable


def test_help_lists_every_subcommand_option_and_switch():
    result = life2("--help")
    assert result.returncode == 0
    text = result.stdout.decode()
    for word in [
        *COMMANDS,
        *BUG_NAMES,
        "--dialect",
        "--fixed",
        "--bug",
        "--no-bug",
        "--terminal",
        "--trace",
    ]:
        assert word in text, word
    for word in ["--input", "--generate", "--seed", "--listing", "--scripts", "LIFE2_LISTING"]:
        assert word in text, word


@pytest.mark.parametrize("command", list(COMMANDS))
def test_each_subcommand_has_help(command):
    assert life2(command, "--help").returncode == 0


def test_help_does_not_import_pygame_or_pcbasic():
    code = (
        "import sys; from life2_retro.cli import top_parser; top_parser().format_help(); "
        "print(sorted(m for m in ('pygame', 'pcbasic', 'serial') if m in sys.modules))"
    )
    out = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("dialect", ["gwbasic", "ms1978"])
def test_run_writes_exactly_the_basic_bytes_and_the_trace(tmp_path, dialect):
    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME) + b"\n")
    trace = tmp_path / "trace.txt"
    result = life2("run", "--input", str(script), "--trace", str(trace), "--dialect", dialect)
    from life2_retro.basic.dialects import Dialect

    expected = play(QUICK_GAME, Dialect.named(dialect))
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout == expected.output
    assert trace.read_text().split() == [str(n) for n in expected.trace]


def test_run_reads_stdin_and_crlf_lines():
    result = life2("run", "--input", "-", "--dialect", "gwbasic", stdin=b"\r\n".join(QUICK_GAME) + b"\r\n")
    assert result.stdout == play(QUICK_GAME).output


def test_run_stops_at_the_end_of_input_after_the_prompt():
    result = life2("run", "--input", "-", "--dialect", "gwbasic", stdin=b"1,1\n")
    assert result.returncode == 0 and result.stdout.endswith(b"&&&&&&\r\n? ")


def test_run_mode_options():
    fixed = life2("run", "--input", "-", "--dialect", "gwbasic", "--fixed", stdin=b"\n".join(QUICK_GAME))
    assert b"Undefined line" not in fixed.stdout and b" . " in fixed.stdout
    one = life2(
        "run",
        "--input",
        "-",
        "--dialect",
        "gwbasic",
        "--fixed",
        "--bug",
        "missing-line-800",
        stdin=b"\n".join(QUICK_GAME),
    )
    assert one.stdout.endswith(b"Undefined line number in 575\r\n")


def test_run_cycles_says_the_6502_cycles_last_on_stderr_and_leaves_stdout_alone():
    game = b"\n".join(QUICK_GAME) + b"\n"  # every answer with its Return: an unfinished last one is not taken
    plain = life2("run", "--input", "-", stdin=game)
    result = life2("run", "--input", "-", "--cycles", stdin=game)
    assert result.returncode == 0 and result.stdout == plain.stdout
    last = result.stderr.decode().splitlines()[-1]
    assert re.fullmatch(r"6502 cycles: \d+", last)
    assert int(last.split()[-1]) == pytest.approx(
        7_647_452 + 19_880, rel=0.001
    )  # see tests/programs/life2/test_cycles.py
    waiting = life2("run", "--input", "-", "--cycles", stdin=b"1,1\n")  # stopped at the second prompt
    assert int(waiting.stderr.split()[-1]) < int(last.split()[-1])


@pytest.mark.parametrize(
    ("options", "says"),
    [(("--dialect", "gwbasic"), b"--dialect ms1978"), (("--game", "cell-life"), b"life2 only")],
)
def test_run_cycles_is_for_the_1978_basic_only(options, says):
    result = life2("run", "--input", "-", "--cycles", *options, stdin=b"1,1\n")
    assert result.returncode == 2 and says in result.stderr and result.stdout == b""


def test_bad_options_are_clear_errors(tmp_path):
    assert life2("run", "--input", str(tmp_path / "missing.txt")).returncode == 2
    result = life2("--no-bug", "no-such-bug")
    assert result.returncode == 2 and b"invalid choice" in result.stderr
    result = life2("compare", "--input", "x", "--dialect", "ms1978", "--rom", str(tmp_path / "osi.bin"))
    assert result.returncode == 2 and b"mist64/msbasic" in result.stderr


@pytest.mark.parametrize("command", ["play", "run", "compare", "bench", "screenshot"])
def test_every_command_has_one_default_dialect_the_1978_basic(command):
    from life2_retro.cli import subcommand_parser
    from life2_retro.commands.options import mode_from

    parser = subcommand_parser(command)
    needed = {
        "run": ["--input", "x"],
        "compare": ["--input", "x"],
        "screenshot": ["--input", "x", "--out", "y"],
    }
    args = parser.parse_args(needed.get(command, []))
    assert mode_from(args, parser, for_oracle=command in ("compare", "bench")).runtime == "ms1978"
    assert "(default ms1978)" in " ".join(parser.format_help().split())


def test_run_survives_a_closed_pipe():
    proc = subprocess.Popen(
        [PYTHON, "-m", "life2_retro", "run", "--input", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.read(10)
    proc.stdout.close()
    _, err = proc.communicate(b"\n".join(QUICK_GAME * 20), timeout=30)
    assert proc.returncode == 0 and b"Traceback" not in err


def test_compare_reports_identical(oracle, listing, tmp_path):
    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))
    result = life2("compare", "--dialect", "gwbasic", "--input", str(script))
    assert result.returncode == 0 and result.stdout == b"identical\n"
    result = life2("compare", "--dialect", "gwbasic", "--generate", "3", "--seed", "5", "--fixed")
    assert result.returncode == 0 and result.stdout.startswith(b"3 of 3 identical (fixed, gwbasic, seed 5")
    result = life2("compare", "--dialect", "gwbasic", "--generate", "2", "--editing", "--jobs", "1")
    assert result.returncode == 0
    assert result.stdout.startswith(b"2 of 2 identical (faithful, gwbasic, editing scripts, seed 1")


def test_compare_counts_the_scripts_pcbasic_fails_on_apart(oracle, listing, tmp_path):
    """PC-BASIC 2.0.8 raises struct.error on &H-10001: said in one line, never a traceback."""
    script = tmp_path / "hex.txt"
    script.write_bytes(b"&H-10001,2\n1,1\n")
    result = life2("compare", "--dialect", "gwbasic", "--input", str(script))
    assert result.returncode == 3 and b"Traceback" not in result.stderr
    assert result.stdout == (
        str(script).encode()
        + b": PC-BASIC failed (struct.error: ushort format requires 0 <= number <= 65535);"
        b" nothing to compare\n"
    )


def test_compare_without_the_listing_says_how_to_get_it(tmp_path, monkeypatch):
    env = {**os.environ, "LIFE2_LISTING": str(tmp_path / "none.bas")}
    result = subprocess.run(
        [PYTHON, "-m", "life2_retro", "compare", "--dialect", "gwbasic", "--input", "x"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert result.returncode == 2 and b"curl -o" in result.stderr


def test_main_entry_returns_exit_status(tmp_path, capsysbinary):
    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))
    assert main(["run", "--input", str(script), "--dialect", "gwbasic"]) == 0
    assert capsysbinary.readouterr().out == play(QUICK_GAME).output


def test_options_before_a_subcommand_are_a_clear_error():
    result = life2("--fixed", "run", "--input", "x")
    assert result.returncode == 2 and b"options go after the subcommand: life2 run" in result.stderr


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["plya"], "unknown command 'plya'; did you mean 'play'?"),
        (["wach", "p2life"], "unknown command 'wach'; did you mean 'watch'?"),
        (["screenshto", "--out", "x.png"], "unknown command 'screenshto'; did you mean 'screenshot'?"),
        (
            ["--fixed", "plya"],
            "unknown command 'plya'; did you mean 'play'? (options go after the subcommand: life2 play [options])",
        ),
        (["xyzzy"], "unknown command 'xyzzy'; the commands are " + ", ".join(COMMANDS)),
    ],
)
def test_a_misspelt_subcommand_gets_the_nearest_one(words, says, capsys):
    with pytest.raises(SystemExit) as ended:
        main(words)
    said = capsys.readouterr()
    assert ended.value.code == 2 and said.out == ""
    assert said.err.splitlines()[-1] == f"life2: error: {says}", said.err


def test_the_default_command_still_takes_its_options_with_no_subcommand():
    """`life2` plays: its options, with values, come first, with no subcommand named."""
    result = life2("--dialect", "gwbasic", "--no-bug", "illegal-coords", stdin=b"\n".join(QUICK_GAME) + b"\n")
    assert result.returncode == 0 and b"PLAYER 2 IS THE WINNER" in result.stdout, result.stderr


def test_bug_switches_apply_in_order():
    game = b"\n".join(QUICK_GAME)
    on = life2(
        "run",
        "--input",
        "-",
        "--dialect",
        "gwbasic",
        "--no-bug",
        "missing-line-800",
        "--bug",
        "missing-line-800",
        stdin=game,
    )
    off = life2(
        "run",
        "--input",
        "-",
        "--dialect",
        "gwbasic",
        "--bug",
        "missing-line-800",
        "--no-bug",
        "missing-line-800",
        stdin=game,
    )
    assert on.stdout.endswith(b"Undefined line number in 575\r\n")
    assert off.stdout.endswith(b"PLAYER 2 IS THE WINNER\r\n")


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "--generate", "0"],
        ["bench", "--scripts", "0"],
        ["compare", "--input", "x", "--jobs", "-1"],
    ],
)
def test_counts_must_be_positive(args):
    result = life2(*args)
    assert result.returncode == 2 and b"must be 1 or more" in result.stderr


def test_play_writes_its_trace(tmp_path):
    trace = tmp_path / "trace.txt"
    result = life2("--dialect", "gwbasic", "--trace", str(trace), stdin=b"\n".join(QUICK_GAME) + b"\n")
    assert result.returncode == 0
    assert trace.read_text().split() == [str(n) for n in play(QUICK_GAME).trace]


def test_io_problems_are_one_line_not_a_traceback(tmp_path):
    result = life2("--trace", str(tmp_path / "no" / "such" / "dir" / "t.txt"), stdin=b"1,1\n")
    assert result.returncode == 2 and b"Traceback" not in result.stderr and b"life2 play:" in result.stderr
    closed = subprocess.run(
        [PYTHON, "-m", "life2_retro"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False
    )
    assert closed.returncode == 0
    no_stdin = subprocess.run(
        [
            PYTHON,
            "-c",
            "import sys, os; os.close(0); sys.stdin = None; "
            "from life2_retro.cli import main; sys.exit(main([]))",
        ],
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert no_stdin.returncode == 2 and b"no standard input" in no_stdin.stderr
    with open("/dev/full", "wb") as device_full:
        full = subprocess.run(
            [PYTHON, "-m", "life2_retro", "run", "--input", "-"],
            input=b"\n".join(QUICK_GAME),
            stdout=device_full,
            stderr=subprocess.PIPE,
            timeout=30,
            check=False,
        )
    assert full.returncode == 2 and b"Traceback" not in full.stderr


def test_compare_reports_where_it_differs(oracle, listing, tmp_path, monkeypatch):
    """A deliberately wrong oracle program: compare must find it and exit 1."""
    from life2_retro.reference import life2 as reference

    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))
    wrong = reference.oracle_program(None, frozenset(BUG_NAMES)).replace(b"IS THE WINNER", b"HAS WON")
    monkeypatch.setattr(reference, "oracle_program", lambda path, bugs: wrong)
    assert main(["compare", "--dialect", "gwbasic", "--input", str(script), "--jobs", "1"]) == 1


SHORT_SEED = 144
"""A seed whose first generated script is a short game (91 listing lines, where seed 1's runs 12,023):
the bench's report is read for its form and its parts, not for figures a long script would steady."""


def test_bench_prints_the_ratios(oracle, listing):
    words = ["--scripts", "1", "--generations", "1", "--seed", str(SHORT_SEED)]
    result = life2("bench", "--dialect", "gwbasic", *words, timeout=300)
    assert result.returncode == 0
    text = result.stdout.decode()
    assert "x as fast as PC-BASIC (wall)" in text and "us/generation" in text and "ratio:" in text
    assert "x faster than PC-BASIC as installed" in text
    # life2's side in CPU time too, so that the CPU ratios divide CPU by CPU, on a CPU that is named
    assert re.search(r"life2: +[\d.]+ ms/script wall, +[\d.]+ ms CPU", text), text
    assert re.search(r"life2: +[\d,.]+ us/generation wall, +[\d,.]+ us CPU", text), text
    assert "\n  on " in text and "cores usable" in text


@pytest.mark.parametrize("game", ["life2", "cell-life"])
def test_instructions_are_printed_before_the_game_on_the_terminal(game):
    from life2_retro.programs.instructions import SHEETS

    stdin = b"\n".join(QUICK_GAME) + b"\n" if game == "life2" else b"2\n1\n1\n1\n"
    done = life2("--game", game, "--instructions", stdin=stdin)
    first = SHEETS[game].splitlines()[0].encode()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(first + b"\r\n")
    title = b"LIFE2" if game == "life2" else b"Cell Life"
    assert done.stdout.index(title, len(first)) > done.stdout.index(b"fixed plays without these faults")
    assert life2("--game", game, stdin=stdin).stdout.count(first) == 0


def test_every_game_has_an_instruction_sheet():
    from life2_retro.programs import PROGRAMS
    from life2_retro.programs.instructions import SHEETS

    assert set(SHEETS) == set(PROGRAMS)


@pytest.mark.parametrize("game", ["life2", "cell-life", "p2life"])
def test_an_instruction_sheet_fits_a_teletype(game):
    from life2_retro.programs.instructions import sheet

    lines = sheet(game).split(b"\r\n")
    assert all(len(line) <= 64 and line.isascii() and b"\t" not in line for line in lines)
    assert b"\n" not in b"".join(lines) and len(lines) > 15


@pytest.mark.parametrize("command", ["screenshot", "terminal"])
def test_a_window_only_command_describes_only_the_window_terminals(command):
    import re

    text = life2(command, "--help", env={**os.environ, "COLUMNS": "200"}).stdout.decode()
    described = re.search(r"--terminal \{teletype,crt\}\s+(.*)", text)
    assert described is not None, text
    assert "teletype:" in described[1] and "crt:" in described[1]
    assert "console" not in described[1] and "serial:" not in described[1]


# -- numbers on the command line -----------------------------------------------------------------------

SAMPLES = ("16", "8", "1", "0.5", "16x16", "1920x1080", "1,1,1,1")
"""A value each flag that reads a number takes: the first one its type accepts."""


def _number_flags() -> list[tuple[str, str]]:
    from life2_retro.cli import subcommand_parser

    found = []
    for command in COMMANDS:
        for action in subcommand_parser(command)._actions:
            if action.option_strings and action.type not in (None, str):
                found.append((command, action.option_strings[0]))
    return found


@pytest.mark.parametrize(("command", "flag"), _number_flags())
def test_every_number_on_the_command_line_is_read_by_its_value(command, flag):
    """Leading zeros, however many, count for nothing (int() alone refuses more than 4,300 figures,
    zeros and all), and a number of 5,000 figures is refused as the flag's own error."""
    import argparse

    from life2_retro.cli import subcommand_parser

    action = next(a for a in subcommand_parser(command)._actions if flag in a.option_strings)

    def accepted(text):
        try:
            value = action.type(text)
        except (ValueError, argparse.ArgumentTypeError):
            return False
        return not action.choices or value in action.choices

    sample = next(text for text in SAMPLES if accepted(text))
    zeros = re.sub(r"\d+", lambda digits: "0" * 5000 + digits[0], sample)
    assert action.type(zeros) == action.type(sample)
    assert not accepted(re.sub(r"\d+", "9" * 5000, sample, count=1))


def test_a_number_of_5000_figures_is_a_usage_error_and_leading_zeros_are_its_value(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("2\n1\n1\n1\n3,3\n")
    huge = life2("run", "--game", "cell-life", "--input", str(script), "--seed", "9" * 5000)
    assert huge.returncode == 2 and b"Traceback" not in huge.stderr
    assert b"argument --seed: invalid whole number value" in huge.stderr
    zeros = life2("run", "--game", "cell-life", "--input", str(script), "--seed", "0" * 5000 + "7")
    seven = life2("run", "--game", "cell-life", "--input", str(script), "--seed", "7")
    assert zeros.returncode == seven.returncode == 0 and zeros.stdout == seven.stdout


def test_a_window_size_is_read_by_its_value():
    from life2_retro.terminals.window.terminal import parse_size

    assert parse_size("0" * 5000 + "800x" + "0" * 5000 + "600") == (800, 600)
    for text in ("9" * 5000 + "x600", "800x" + "9" * 5000):
        with pytest.raises(ValueError, match="is not WIDTHxHEIGHT"):
            parse_size(text)
