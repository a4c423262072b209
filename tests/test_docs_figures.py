"""The pages' figures that do not depend on the machine, made again and read back from the pages.

Every figure in the README's pages comes from the command beside it. Timings and speeds depend on
the CPU and the load, so they stay with their command and the machine they were taken on; the ones
here are the same everywhere: the 6502 cycles the model gives, its errors against the measured
games, and the one line `compare` says for the 1978 BASIC.
"""

from __future__ import annotations

import re
from pathlib import Path
from statistics import mean

import pytest

from life2_retro.cli import main
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.cycles import count_cycles, measured
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import run_in_memory
from life2_retro.terminals.pacing import OSI_CHALLENGER_1P_HZ

from .support.helpers import QUICK_GAME

ROOT = Path(__file__).resolve().parent.parent
MACHINE_PAGE = ROOT / "docs" / "1977-machine.md"
CYCLES_NOTES = ROOT / "basic_reference" / "cycles.md"
MEASURED_CHECK = 7_647_452
"""The table's own check of the quick game (osi6502_measured.json's `check`): the segments that ended."""


def flat(path: Path) -> str:
    """A page's text with its lines joined: a figure may be wrapped anywhere."""
    return " ".join(path.read_text().split())


def quick_game() -> tuple[int, int]:
    """The quick game's cycles: the whole run, the last segment (the winner's) included, and the
    segments that ended."""
    program = Life2Program(bugs=BUG_NAMES)
    meter = count_cycles(program)
    stop = run_in_memory(program.run(), QUICK_GAME).stop
    return meter.total(stop), meter.cycles


def errors() -> list[float]:
    """The model's error on each worked example, in percent (the fit never saw them)."""
    found = []
    for game in measured()["games"]:
        program = Life2Program(bugs=BUG_NAMES)
        meter = count_cycles(program)
        stop = run_in_memory(program.run(), [answer.encode() for answer in game["responses"]]).stop
        found.append(100 * (meter.total(stop) - game["segment_cycles"]) / game["segment_cycles"])
    return found


def test_the_quick_games_cycles_are_what_life2_run_cycles_prints(tmp_path, capsys) -> None:
    """The page's command, run: its figure and the page's."""
    moves = tmp_path / "moves.txt"
    moves.write_bytes(b"\n".join(QUICK_GAME) + b"\n")
    assert main(["run", "--input", str(moves), "--cycles"]) == 0
    printed = capsys.readouterr().err.strip().splitlines()[-1]
    whole, _ = quick_game()
    assert printed == f"6502 cycles: {whole}"
    text = flat(MACHINE_PAGE)
    assert f"# on stderr: 6502 cycles: {whole}" in text
    assert (
        f"costs **{whole:,} cycles**, the winner's message included: {whole / OSI_CHALLENGER_1P_HZ:.1f} s"
        in text
    )
    assert f"{whole:,} cycles, the winner's segment included" in flat(CYCLES_NOTES)


def test_the_quick_game_less_its_last_segment_against_the_tables_check() -> None:
    _, ended = quick_game()
    assert f"{MEASURED_CHECK:,}" in measured()["check"]
    error = f"{100 * (ended - MEASURED_CHECK) / MEASURED_CHECK:+.3f}%"
    assert f"the model says **{ended:,}** ({error})" in flat(MACHINE_PAGE)
    assert f"the model says {ended:,} ({error})" in flat(CYCLES_NOTES)


def test_the_models_errors_on_the_worked_examples_are_the_pages() -> None:
    found = errors()
    largest, average = f"{max(map(abs, found)):.3f}%", f"{mean(map(abs, found)):.3f}%"
    assert f"the largest error is **{largest}**, the mean **{average}**" in flat(MACHINE_PAGE)
    notes = flat(CYCLES_NOTES)
    assert f"Largest error {largest}, mean {average}" in notes
    games = measured()["games"]
    for number, (game, error) in enumerate(zip(games, found, strict=True), start=1):
        row = re.search(rf"\| {number} \| ([\d,]+) \| ([\d,]+) \| ([-+][\d.]+%) \|", notes)
        assert row is not None, number
        modelled = round(game["segment_cycles"] * (1 + error / 100))
        assert row[1] == f"{game['segment_cycles']:,}" and row[2] == f"{modelled:,}", number
        assert row[3] == f"{error:+.4f}%".replace("-0.0000%", "+0.0000%"), number


def test_a_long_game_thinks_for_over_a_minute() -> None:
    longest = max(game["segment_cycles"] for game in measured()["games"])
    seconds = longest / OSI_CHALLENGER_1P_HZ
    assert seconds > 60
    assert f"the longest worked example, {longest:,} cycles, is {seconds:.1f} s" in flat(MACHINE_PAGE)


@pytest.mark.parametrize("command", ["compare", "bench"])
def test_compare_and_bench_without_the_rom_stop_as_testing_md_says(
    command, capsys, monkeypatch, tmp_path
) -> None:
    """testing.md: in ms1978 (the default) both need the 1977 ROM, and without it they stop at once with
    status 2, saying where to get it and its checksum."""
    assert (
        "stop at once, with status 2 and a message saying\nwhere to get it"
        in (ROOT / "docs" / "testing.md").read_text()
    )
    monkeypatch.setenv("LIFE2_ROM", str(tmp_path / "absent.bin"))
    words = ["--input", "x"] if command == "compare" else ["--scripts", "1"]
    assert main([command, *words]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"life2 {command}: Microsoft's 6502 BASIC ROM (OSI, 1977) was not found")
    assert "mist64/msbasic" in captured.err and "SHA-256 must be" in captured.err


def test_a_game_from_a_file_ends_as_playing_md_says(tmp_path, capsysbinary) -> None:
    """`life2 < moves.txt`, the page's quick game: player 2 wins after one generation."""
    text = flat(ROOT / "docs" / "playing.md")
    assert "printf '1,1\\n1,5\\n5,5\\n3,2\\n3,3\\n3,4\\n' > moves.txt" in text
    assert "# player 2 wins after one generation" in text
    moves = tmp_path / "moves.txt"
    moves.write_bytes(b"\n".join(QUICK_GAME) + b"\n")
    assert main(["run", "--input", str(moves)]) == 0
    out = capsysbinary.readouterr().out
    after_setup = out.split(b"? 3,4\r\n")[-1]  # the setup's last answer, echoed
    boards = after_setup.count(b" 0  1  2  3  4  5  0 ") // 2  # each board has a border at top and foot
    assert boards == 2  # the pieces as placed, then one generation
    assert after_setup.split(b"\r\n")[-5] == b"PLAYER 2 IS THE WINNER"


def test_the_coin_line_p2life_md_quotes_is_the_games(capsysbinary) -> None:
    text = flat(ROOT / "docs" / "p2life.md")
    quoted = re.search(r"as `(THE COIN GAVE [^`]+)`", text)
    assert quoted is not None
    shot = "life2 screenshot --game p2life --seed 3 --terminal teletype --input docs/p2life-game.txt"
    assert shot in text  # the picture's game, whose first coin the page quotes
    game = ["run", "--game", "p2life", "--seed", "3", "--input", str(ROOT / "docs" / "p2life-game.txt")]
    assert main(game) == 0
    assert quoted[1].encode() + b"\r\n" in capsysbinary.readouterr().out


def test_the_mean_fields_maximum_and_its_value_at_one_are_the_pages() -> None:
    from life2_retro.automata.meanfield import mean_field

    low, high = 0.0, 1.0
    for _ in range(60):  # the curve rises, then falls: a ternary search finds its top
        left, right = low + (high - low) / 3, high - (high - low) / 3
        low, high = (left, high) if mean_field(left) < mean_field(right) else (low, right)
    text = flat(ROOT / "docs" / "p2life-study.md")
    assert f"**ρ′ = {mean_field(low):.4f} at ρ = {low:.4f}**" in text
    assert mean_field(1.0) == 56 / 256 and "**ρ = 1, ρ′ = 56/256 = 7/32 = 0.21875**" in text


STUDY_FIGURES = {
    # the page's words: the words of the claims the study wrote (docs/study/p2life-claims.md)
    "378 of 400 runs (**94.5% ± 1.1%**)": "cutoff: 378 of 400 runs, 94.5% ± 1.1%",
    "346 of 400 (**86.5% ± 1.7%**)": "periodic: 346 of 400 runs, 86.5% ± 1.7%",
    "is **0.969 ± 0.002**, 3% *lower*": "pooled over 23 densities: 0.9692 ± 0.0018 (-3.1%)",
    "91, 35 and 4 of 100 at ρ = 0.01, 0.02 and 0.03 (cutoff)": "runs that died out: 91 of 100 at ρ = 0.01, "
    "35 of 100 at ρ = 0.02, 4 of 100 at ρ = 0.03",
    "0.0357 (cutoff) and 0.0339 (periodic) at ρ = 1": "0.0357 ± 0.0002 at ρ = 1.0; 0.0357 ± 0.0002 at ρ = 1.0",
    "down to 5 × 10⁻⁶ at ρ = 0.01": "cutoff: lowest 5e-06 (at ρ = 0.01)",
    "within 2.8 standard errors of the curve": "the largest gap from the mean field is +2.76 standard errors",
    "from +27% to +62% above the 4096² value at 16²": "16² at ρ = 0.25 +26.6%",
}


@pytest.mark.parametrize(("page_words", "claims_words"), STUDY_FIGURES.items(), ids=range(len(STUDY_FIGURES)))
def test_the_study_figures_of_the_page_are_the_claims_the_study_wrote(page_words, claims_words) -> None:
    """The study takes 20 minutes: what it wrote is committed, and the page must say the same."""
    assert page_words in flat(ROOT / "docs" / "p2life-study.md")
    assert claims_words in flat(ROOT / "docs" / "study" / "p2life-claims.md")


def test_cell_life_md_names_the_c_sources_checksum_and_variable() -> None:
    from life2_retro.reference.cell_life import SOURCE

    text = flat(ROOT / "docs" / "cell-life.md")
    assert f"`{SOURCE.sha256}`" in text and f"the `{SOURCE.env_var}` variable" in text
    assert f"`../shared/reference/{SOURCE.name}`" in text
