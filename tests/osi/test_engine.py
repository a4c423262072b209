"""The 1977 interpreter as an engine: `life2 run --engine 6502`, its cycle count against the figures
measured on the same ROM (the quick game, the twelve worked games, the table of each line's
segments), the keys it reads from a file, and what it says when something it needs is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from life2_retro.events import Stop, UnfinishedLine
from life2_retro.osi.engine import keys_of
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.cycles import measured
from life2_retro.session import run_in_memory

FAITHFUL = frozenset(BUG_NAMES)
QUICK = [b"1,1", b"1,5", b"5,5", b"3,2", b"3,3", b"3,4"]
END_OF_COUNT = 747
"""The worked games that end by the program's own error count 747 cycles more for their last
segment (575's message and OK) than `life2 run --cycles` does, the same in each: the figures'
count of that segment went on past the wait at OK, where ours (and the quick game's 7,666,601)
stops. The games that end waiting for input agree to the cycle."""


def game(keys: list[bytes]):
    from life2_retro.reference.life2_rom import rom_program

    program = rom_program("ms1978", FAITHFUL, None)
    return program, run_in_memory(program.run(), keys)


def test_life2_run_with_the_6502_engine_prints_the_quick_game_and_its_cycles(rom6502, tmp_path) -> None:
    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK) + b"\n")
    traces = {}
    for engine in ("6502", "python"):
        trace = tmp_path / f"{engine}.trace"
        done = subprocess.run(
            [sys.executable, "-m", "life2_retro", "run", "--engine", engine, "--cycles"]
            + ["--input", str(script), "--trace", str(trace)],
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.endswith(b"PLAYER 2 IS THE WINNER\r\n\r\n?US ERROR IN  575\r\nOK\r\n")
        traces[engine] = (done.stdout, trace.read_text(), done.stderr)
    assert traces["6502"][2] == b"6502 cycles: 7666601\n"
    assert traces["6502"][:2] == traces["python"][:2]


def test_the_quick_game_takes_the_measured_cycles(rom6502) -> None:
    """7,666,601 in program lines; 7,673,248 from the typed RUN to the wait after OK; 7,647,452 in
    the segments before the last (the reference table's check)."""
    program, ran = game(QUICK)
    assert ran.stop is Stop.ERROR
    assert program.meter.total(ran.stop) == 7_666_601
    assert program.machine_cycles == 7_673_248
    assert program.meter.cycles - program.meter.by_line[575][-1] == 7_647_452


def test_the_worked_games_take_the_measured_cycles_and_segments(rom6502) -> None:
    for example in measured()["games"]:
        program, ran = game([response.encode() for response in example["responses"]])
        assert program.meter.segments == example["segments"]
        late = END_OF_COUNT if ran.stop is Stop.ERROR else 0
        assert program.meter.cycles + late == example["segment_cycles"], ran.stop


def test_each_lines_segments_are_those_measured(rom6502) -> None:
    """The table of 60 games gives each CURLIN value's least and greatest segment: the engine's
    segments over the twelve worked games are exactly the fixed lines' figures, and inside the
    measured range elsewhere; every value it meets is in the table."""
    seen: dict[int, list[int]] = {}
    for example in measured()["games"]:
        program, _ = game([response.encode() for response in example["responses"]])
        for line, segments in program.meter.by_line.items():
            seen.setdefault(line, []).extend(segments)
    table = measured()["lines"]
    assert set(map(str, seen)) <= set(table)
    fixed = 0
    for line, segments in seen.items():
        figures = table[str(line)]
        low, high = figures["min"], figures["max"]
        if line == 575:
            segments = [cycles + END_OF_COUNT for cycles in segments]
        if low == high:
            fixed += 1
            assert set(segments) == {low}, line
        else:
            assert low <= min(segments) and max(segments) <= high, (
                line,
                min(segments),
                max(segments),
                low,
                high,
            )
    assert fixed >= 30 and len(seen) >= 85


@pytest.mark.parametrize(
    ("line", "keys"),
    [
        (b"3,3", b"3,3\r"),
        (b"3,3\x8d", b"3,3\x8d"),
        (b"3\x8d3", b"3\x8d3\r"),
        (b"", b"\r"),
        (UnfinishedLine(b"3,3"), b"3,3"),
        (UnfinishedLine(b"3,3\x8d"), b"3,3\x8d"),
    ],
)
def test_a_typed_line_is_its_keys_and_one_return(line, keys) -> None:
    assert keys_of(line) == keys


def test_the_input_files_line_ends_are_the_same_keys_on_both_engines(rom6502, tmp_path) -> None:
    """LF, CR and CR LF end a line; 0x8D before the end is that same Return; 0x8D inside a line ends
    it for the BASIC; keys after the last line end are typed and never taken."""
    script = tmp_path / "ends.txt"
    script.write_bytes(b"1,1\n1,5\r5,5\r\n3,2\x8d\n3,3\x8d3,4\n" + b"2,2")
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", "compare", "--dialect", "ms1978", "--input", str(script)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.stdout == b"identical\n", done.stdout + done.stderr


def test_a_missing_rom_is_one_message_saying_where_to_get_it(tmp_path) -> None:
    script = tmp_path / "quick.txt"
    script.write_bytes(b"1,1\n")
    env = {**os.environ, "LIFE2_ROM": str(tmp_path / "nothing.bin")}
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", "run", "--engine", "6502", "--input", str(script)],
        capture_output=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert done.returncode == 2
    said = done.stderr.decode()
    assert said.startswith("life2 run: Microsoft's 6502 BASIC ROM (OSI, 1977) was not found.")
    assert (
        "mist64/msbasic" in said
        and "3fbb052d13d376cc8b7d2d72a45f386deafa88a5bc0fa1a74d6b69b2352f14c3" in said
    )
    assert "Traceback" not in said and done.stdout == b""


def test_a_wrong_rom_is_refused_by_its_checksum(tmp_path) -> None:
    from life2_retro.reference.rom import RomError, load_rom

    wrong = tmp_path / "osi.bin"
    wrong.write_bytes(bytes(7906))
    with pytest.raises(RomError, match="its SHA-256 is"):
        load_rom(wrong)


def test_the_engine_runs_the_1978_dialect_only(tmp_path) -> None:
    script = tmp_path / "quick.txt"
    script.write_bytes(b"1,1\n")
    done = subprocess.run(
        [sys.executable, "-m", "life2_retro", "run", "--engine", "6502", "--dialect", "gwbasic"]
        + ["--input", str(script)],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == b"life2 run: the 6502 engine is Microsoft's 1977 BASIC: it runs --dialect ms1978 only\n"
    )


def test_without_a_compiler_or_py65_the_message_names_the_extra(monkeypatch) -> None:
    from life2_retro.osi import cores, native, py65cpu

    def no_compiler() -> str:
        raise native.NativeUnavailable("no C compiler found")

    monkeypatch.setattr(native, "_LIBRARY", None)
    monkeypatch.setattr(native, "_compiler", no_compiler)
    monkeypatch.setattr(py65cpu, "py65_missing", lambda: True)
    with pytest.raises(cores.CoreUnavailable) as raised:
        cores.make_cpu()
    assert str(raised.value) == cores.NEEDS
    assert "pip install 'life2-retro[6502]'" in cores.NEEDS


def test_the_core_is_built_into_the_cache_once(tmp_path, monkeypatch) -> None:
    from life2_retro.osi import native

    monkeypatch.setenv("LIFE2_CACHE", str(tmp_path))
    try:
        built = native.library_path()
    except native.NativeUnavailable as exc:
        pytest.skip(f"no C compiler here: {exc}")
    assert built.parent == tmp_path and built.suffix == ".so"
    stamp = built.stat().st_mtime_ns
    assert native.library_path() == built and built.stat().st_mtime_ns == stamp
    assert [path.name for path in Path(tmp_path).iterdir()] == [built.name]
