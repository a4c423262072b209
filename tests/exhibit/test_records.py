"""The game records on real files: round trip, rotation, kills mid-write, failing disks, the summary."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from life2_retro.exhibit.records import (
    GameRecord,
    RecordLog,
    read_records,
    record_files,
    stats_command,
    summarize,
)

ROOT = Path(__file__).resolve().parents[2]


def make(seq: int = 1, **fields: object) -> GameRecord:
    values: dict[str, object] = {
        "start": "2024-05-01T12:00:00+00:00",
        "end": "2024-05-01T12:04:00+00:00",
        "mode": "visitor",
        "players": ["human", "computer-2"],
        "winner": 1,
        "ended": "finished",
        "moves": [[1, f"seq {seq}"], [2, "3,4"]],
        "duration": 240.0,
        "dialect": "ms1978",
        "bugs": ["illegal-coords"],
    }
    values.update(fields)
    return GameRecord(**values)  # type: ignore[arg-type]


def seq_of(record: GameRecord) -> int:
    return int(str(record.moves[0][1]).split()[1])


# -- writing and reading back -------------------------------------------------------------------


def test_records_come_back_as_written_one_ascii_line_each(tmp_path):
    path = tmp_path / "new" / "folder" / "games.jsonl"  # parent folders are made
    log = RecordLog(path)
    written = [
        make(1),
        make(2, moves=[[1, "seq 2"], [2, 'a "quote", a newline\nand a bell\x07'], [1, "caf\u00e9 \ufffd"]]),
        make(3, winner=None, ended="idle", mode="visitor", players=["human", "human"], duration=91.5),
        make(4, winner="draw", mode="attract", players=["computer-2", "computer-3"], bugs=[]),
    ]
    assert all(log.append(record) for record in written) and log.problem is None
    raw = path.read_bytes()
    assert raw.isascii() and raw.endswith(b"\n") and raw.count(b"\n") == len(written)
    assert [json.loads(line)["moves"][0] for line in raw.splitlines()] == [
        [1, f"seq {n}"] for n in (1, 2, 3, 4)
    ]
    records, problems = read_records(path)
    assert records == written and problems == []


def test_the_line_format(tmp_path):
    path = tmp_path / "games.jsonl"
    RecordLog(path).append(make(7))
    assert path.read_text() == (
        '{"start":"2024-05-01T12:00:00+00:00","end":"2024-05-01T12:04:00+00:00","mode":"visitor",'
        '"players":["human","computer-2"],"winner":1,"ended":"finished","moves":[[1,"seq 7"],[2,"3,4"]],'
        '"duration":240.0,"dialect":"ms1978","bugs":["illegal-coords"],"game":"life2"}\n'
    )


def test_rotation_at_the_size_limit_keeps_keep_files_and_loses_no_record(tmp_path):
    path = tmp_path / "games.jsonl"
    line = len(make(10).to_line())
    log = RecordLog(path, max_bytes=3 * line, keep=3)  # three records a file
    for seq in range(10, 40):
        assert log.append(make(seq))
    files = record_files(path)
    assert [f.name for f in files] == ["games.jsonl.3", "games.jsonl.2", "games.jsonl.1", "games.jsonl"]
    assert all(f.stat().st_size <= 3 * line for f in files)
    records, problems = read_records(path)
    # the oldest files went, whole; everything since is there, oldest first
    assert [seq_of(r) for r in records] == list(range(40 - len(records), 40)) and problems == []
    assert len(records) == sum(f.read_bytes().count(b"\n") for f in files) and len(records) >= 3 * 3 + 1

    roomy = tmp_path / "roomy" / "games.jsonl"
    log = RecordLog(roomy, max_bytes=3 * line, keep=100)
    for seq in range(10, 40):
        assert log.append(make(seq))
    records, problems = read_records(roomy)
    assert [seq_of(r) for r in records] == list(range(10, 40)) and problems == []
    assert len(record_files(roomy)) == 10


def test_reading_spans_the_rotated_files_oldest_first_even_with_a_gap(tmp_path):
    path = tmp_path / "games.jsonl"
    (tmp_path / "games.jsonl.3").write_bytes(make(1).to_line() + make(2).to_line())
    (tmp_path / "games.jsonl.1").write_bytes(make(3).to_line())  # .2 lost to a kill mid-rotation
    path.write_bytes(make(4).to_line())
    (tmp_path / "games.jsonl.bak").write_bytes(make(99).to_line())  # not one of the log's files
    records, problems = read_records(path)
    assert [seq_of(r) for r in records] == [1, 2, 3, 4] and problems == []
    RecordLog(path, max_bytes=1, keep=5).append(make(5))  # rotates past the gap, in order
    assert [seq_of(r) for r in read_records(path)[0]] == [1, 2, 3, 4, 5]


# -- torn and bad lines --------------------------------------------------------------------------


def test_a_torn_last_line_is_closed_off_before_the_next_record(tmp_path):
    path = tmp_path / "games.jsonl"
    log = RecordLog(path)
    log.append(make(1))
    with open(path, "ab") as f:
        f.write(make(2).to_line()[:37])  # killed mid-write
    records, problems = read_records(path)
    assert [seq_of(r) for r in records] == [1]
    assert problems == [f"{path}:2: the last line is cut short (the writer was stopped mid-line)"]

    assert log.append(make(3))
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == 4 and lines[-1] == b"" and lines[2] == make(3).to_line()[:-1]
    records, problems = read_records(path)
    assert [seq_of(r) for r in records] == [1, 3]
    assert len(problems) == 1 and problems[0].startswith(f"{path}:2: not JSON (torn or edited): ")


def test_a_power_cut_tail_of_zeros_is_skipped_too(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_bytes(make(1).to_line() + b"\0" * 300)
    assert RecordLog(path).append(make(2))
    records, problems = read_records(path)
    assert (
        [seq_of(r) for r in records] == [1, 2]
        and len(problems) == 1
        and problems[0].startswith(f"{path}:2: ")
    )


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"mode": "demo"}, "mode is 'demo'"),
        ({"winner": True}, "winner is True"),
        ({"winner": 5}, "winner is 5"),
        ({"winner": "nobody"}, "winner is 'nobody'"),
        ({"game": "chess"}, "game is 'chess'"),
        ({"ended": "bored"}, "ended is 'bored'"),
        ({"players": ["human"]}, "players is not a list of two to four names"),
        ({"players": ["human"] * 5}, "players is not a list of two to four names"),
        ({"moves": [[5, "1,1"]]}, "moves is not a list"),
        ({"duration": "long"}, "duration is 'long'"),
        ({"duration": -1}, "duration is -1"),
        ({"start": "yesterday"}, "start is not an ISO 8601 time"),
        ({"end": "2024-05-01T12:04:00"}, "end has no time zone"),
        ({"colour": "red"}, "unknown field colour"),
        ({"winner": None, "bugs": None}, "bugs is not a list"),
    ],
)
def test_hand_edited_lines_are_skipped_and_say_what_is_wrong(tmp_path, change, what):
    path = tmp_path / "games.jsonl"
    good = json.loads(make(1).to_line())
    path.write_text(
        json.dumps(good) + "\n" + json.dumps({**good, **change}) + "\n\n" + json.dumps(good) + "\n"
    )
    records, problems = read_records(path)
    assert len(records) == 2
    assert len(problems) == 1 and problems[0].startswith(f"{path}:2: not a game record: {what}")


def test_a_missing_field_and_lines_that_are_not_objects(tmp_path):
    path = tmp_path / "games.jsonl"
    good = json.loads(make(1).to_line())
    del good["moves"]
    path.write_text(json.dumps(good) + "\n[1, 2]\n}{\n")
    records, problems = read_records(path)
    assert records == []
    assert problems[0] == f"{path}:1: not a game record: missing moves"
    assert problems[1] == f"{path}:2: not a game record: not a JSON object"
    assert problems[2].startswith(f"{path}:3: not JSON")


# -- kills mid-write ----------------------------------------------------------------------------

WRITER = r"""
import random, sys
from life2_retro.exhibit.records import GameRecord, RecordLog

path, run, max_bytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
log = RecordLog(path, max_bytes=max_bytes, keep=1000)
rng = random.Random(run)
seq = 0
while True:
    seq += 1
    moves = [[1 + n % 2, "%d,%d" % (rng.randint(1, 5), rng.randint(1, 5))] for n in range(rng.randint(0, 40))]
    record = GameRecord(
        start="2024-05-01T12:00:00+00:00", end="2024-05-01T12:03:00+00:00", mode="visitor",
        players=["human", "computer-2"], winner=1, ended="finished",
        moves=[[1, "run %d seq %d" % (run, seq)]] + moves, duration=180.0,
    )
    if not log.append(record):
        sys.exit("append failed: %s" % log.problem)
    sys.stdout.write("%d\n" % seq)  # only after append has fsynced the record
    sys.stdout.flush()
"""


def _start_writer(path: Path, run: int, out: Path, err: Path, max_bytes: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        return subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(run), str(max_bytes)],
            stdout=stdout,
            stderr=stderr,
            cwd=ROOT,
            env=env,
        )


def _reported(out: Path) -> int:
    """How many appends the writer said were durable: whole counter lines only."""
    lines = out.read_bytes().split(b"\n")[:-1]
    assert [int(line) for line in lines] == list(range(1, len(lines) + 1))
    return len(lines)


def test_records_survive_sigkill_at_random_moments(tmp_path):
    path = tmp_path / "log" / "games.jsonl"
    rng = random.Random(1978)
    reported: dict[int, int] = {}
    runs = 8
    for run in range(1, runs + 1):
        out, err = tmp_path / f"writer-{run}.out", tmp_path / f"writer-{run}.err"
        child = _start_writer(path, run, out, err, max_bytes=6000)
        try:
            deadline = time.monotonic() + 30
            while out.stat().st_size == 0:  # kill while it appends, not while Python starts
                assert child.poll() is None, err.read_text()
                assert time.monotonic() < deadline, "the writer never appended"
                time.sleep(0.005)
            time.sleep(rng.uniform(0, 0.25))
        finally:
            child.kill()  # SIGKILL: no handler, no flush, no cleanup
            child.wait()
        assert child.returncode == -9, err.read_text()
        reported[run] = _reported(out)
        if run == 4:  # a power cut leaves a torn tail; a kill alone rarely can (one write() a line)
            with open(path, "ab") as f:
                f.write(b'{"start":"2024-05-01T12:00:00+00:00","end":"2024-05-01T12:0')

    records, problems = read_records(path)
    files = record_files(path)
    assert len(files) > 2, "the size limit should have rotated the log during the kills"

    # no two records glued on a line; every line is a record, or a torn one that is reported
    reported_places = {":".join(problem.split(":")[:2]) for problem in problems}
    torn = 0
    for file in files:
        for number, line in enumerate(file.read_bytes().split(b"\n"), start=1):
            assert line.count(b'{"start"') <= 1, f"{file}:{number}: two records on one line"
            try:
                GameRecord.from_dict(json.loads(line))
            except ValueError:
                if line:
                    torn += 1
                    assert f"{file}:{number}" in reported_places
                    assert b'{"start":"2024-05-01T12:00:00+00:00",'.startswith(line[:37])
    assert torn == len(problems) and 1 <= torn <= 1 + runs

    # every record the writer reported is there, once, in order; at most one more per kill
    # (written, but killed in fsync before its counter was printed)
    found = [tuple(int(word) for word in str(r.moves[0][1]).split()[1::2]) for r in records]
    assert found == sorted(found) and len(set(found)) == len(found)
    in_flight = 0
    for run in range(1, runs + 1):
        seqs = [seq for r, seq in found if r == run]
        assert seqs == list(range(1, len(seqs) + 1))
        assert reported[run] <= len(seqs) <= reported[run] + 1, (run, reported[run], len(seqs))
        in_flight += len(seqs) - reported[run]
    assert len(records) == sum(reported.values()) + in_flight
    assert sum(reported.values()) > runs  # the kills did land among appends


# -- failures ------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["parent is a file", "path is a folder", "disk full"])
def test_an_unwritable_log_returns_false_and_remembers_why(tmp_path, where):
    if where == "parent is a file":
        (tmp_path / "plain").write_text("")
        path = tmp_path / "plain" / "games.jsonl"
    elif where == "path is a folder":
        path = tmp_path / "games.jsonl"
        path.mkdir()
    else:
        path = Path("/dev/full")
        if not path.exists():
            pytest.skip("no /dev/full here")
    log = RecordLog(path)
    assert log.append(make(1)) is False
    assert log.append(make(2)) is False  # and the exhibit can go on trying
    assert log.failures == 2 and log.problem is not None and "\n" not in log.problem
    assert str(path) in log.problem or str(path.parent) in log.problem


def test_a_record_that_cannot_be_written_as_json_is_a_problem_not_a_crash(tmp_path):
    log = RecordLog(tmp_path / "games.jsonl")
    assert log.append(make(1, duration=float("nan"))) is False and log.problem
    assert log.append(make(2, moves=[[1, b"bytes"]])) is False
    assert log.append(make(3)) is True


def test_read_only_folder_when_not_root(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        log = RecordLog(folder / "games.jsonl")
        assert log.append(make(1)) is False and "Permission denied" in (log.problem or "")
    finally:
        folder.chmod(0o700)


# -- the summary ---------------------------------------------------------------------------------


def at(day: int, hour: int, minute: int = 0, seconds: float = 0) -> tuple[str, str]:
    """A game starting at this local time, as the UTC strings the log holds."""
    start = datetime(2024, 5, day, hour, minute).astimezone()
    end = start + timedelta(seconds=seconds)
    return (
        start.astimezone(UTC).isoformat(timespec="seconds"),
        end.astimezone(UTC).isoformat(timespec="seconds"),
    )


def game(day: int, hour: int, players: list[str], winner: object, ended: str = "finished", **kw: Any):
    duration = float(kw.pop("duration", 100.0))
    start, end = at(day, hour, 5, duration)
    moves = kw.pop("moves", [[1, "1,1"], [2, "5,5"]])
    return make(
        start=start,
        end=end,
        players=players,
        winner=winner,
        ended=ended,
        moves=moves,
        duration=duration,
        **kw,
    )


def hand_made() -> list[GameRecord]:
    h, c1, c2, c3 = "human", "computer-1", "computer-2", "computer-3"
    return [
        # a visitor against the computer: human seat 1
        game(3, 14, [h, c1], 1, duration=60),
        game(3, 14, [h, c1], 1, duration=120),
        game(3, 14, [h, c1], 2, duration=180),
        game(4, 10, [h, c1], "draw", duration=300),
        # human seat 2
        game(4, 10, [c3, h], 2, duration=600),
        game(4, 15, [c3, h], 1, duration=90),
        # abandoned
        game(5, 14, [h, c2], None, "idle", duration=95, moves=[[1, "2,2"]]),
        game(5, 16, [h, h], None, "idle", duration=95, moves=[]),
        # two visitors
        game(5, 16, [h, h], 1, duration=200),
        game(6, 14, [h, h], "draw", duration=400),
        # an error
        game(6, 9, [h, c2], None, "error", duration=20),
        # attract
        game(1, 8, [c2, c3], 1, mode="attract", duration=500, moves=[[1, "1,1"]] * 10),
        game(2, 8, [c2, c3], None, "visitor", mode="attract", duration=30, moves=[]),
        game(7, 20, [c3, c2], "draw", mode="attract", duration=500, moves=[[1, "1,1"]] * 10),
    ]


def test_summarize_counts_a_hand_made_log():
    text = summarize(hand_made())
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "Period: 2024-05-01 08:05 to 2024-05-07 20:13 local time (6 days 12 h)" in lines
    assert "Games: 14 (visitor 11, attract 3)" in lines

    visitor = lines[lines.index("Visitor games: 11") + 1 :][:3]
    assert [line.split() for line in visitor] == [
        ["finished", "8"],
        ["abandoned", "(idle)", "2"],
        ["ended", "by", "a", "BASIC", "error", "1"],
    ]
    attract = lines[lines.index("Attract games: 3") + 1 :][:2]
    assert [line.split() for line in attract] == [
        ["finished", "2"],
        ["cut", "short", "by", "a", "visitor", "1"],
    ]

    table = lines[lines.index("A visitor against the computer (finished games)") + 1 :][:3]
    assert table[0].split() == ["computer", "games", "visitor", "wins", "computer", "wins", "draws"]
    assert table[1].split() == ["level", "1", "4", "2", "1", "1"]
    assert table[2].split() == ["level", "3", "2", "1", "1", "0"]
    assert "level 2" not in text  # its games were abandoned or ended in an error
    assert "Two visitors: 3 games, 2 finished (player 1 won 1, player 2 won 0, draws 1)" in lines

    # finished visitor games: 60 90 120 180 200 300 400 600 -> mean 243.75, median 190
    assert "Length of finished visitor games: mean 4 min 04 s, median 3 min 10 s" in lines
    # answers: 11 visitor games, 2 each but two with 1 and 0 -> 19/11; attract 10, 0, 10, never mixed
    answers = lines[lines.index("Answers typed per game (every move and setup piece, by either side):") + 1 :]
    assert answers[0].split() == [
        "visitor",
        "games",
        "mean",
        f"{19 / 11:.1f},",
        "median",
        "2,",
        "most",
        "2",
        "(11",
        "games)",
    ]
    assert answers[1].split() == [
        "attract",
        "games",
        "mean",
        f"{20 / 3:.1f},",
        "median",
        "10,",
        "most",
        "10",
        "(3",
        "games)",
    ]

    hours = lines[lines.index("Busiest hours for visitor games (local time)") + 1 :]
    assert [line.split()[:2] for line in hours] == [
        ["14:00-15:00", "5"],
        ["10:00-11:00", "2"],
        ["16:00-17:00", "2"],
        ["09:00-10:00", "1"],
        ["15:00-16:00", "1"],
    ]
    assert hours[0].endswith("#" * 40) and hours[1].endswith(" " + "#" * 16)


def test_an_empty_log_says_so(tmp_path, capsys):
    assert summarize([]) == "No games recorded."
    path = tmp_path / "games.jsonl"
    assert stats_command(str(path)) == 0
    out, err = capsys.readouterr()
    assert out == "No games recorded.\n" and "no record file" in err
    path.write_text("")
    assert stats_command(str(path)) == 0
    assert capsys.readouterr() == ("No games recorded.\n", "")


def test_stats_command_prints_the_summary_and_the_skipped_lines(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    log = RecordLog(path)
    for record in hand_made():
        log.append(record)
    with open(path, "ab") as f:
        f.write(b'{"start":')
    assert stats_command(str(path)) == 0
    out, err = capsys.readouterr()
    assert out == summarize(hand_made()) + "\n"
    assert err.splitlines() == [
        "life2 exhibit: 1 line(s) skipped in the records:",
        f"  {path}:15: the last line is cut short (the writer was stopped mid-line)",
    ]


def test_stats_command_on_a_log_that_cannot_be_read(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    path.mkdir()
    assert stats_command(str(path)) == 1
    out, err = capsys.readouterr()
    assert (
        out == "" and err.count("\n") == 1 and err.startswith("life2 exhibit: cannot read the game records: ")
    )


def test_a_record_from_before_cell_life_reads_as_life2_and_cell_life_records_read_back(tmp_path):
    path = tmp_path / "games.jsonl"
    old = json.loads(make(1).to_line())
    del old["game"]
    cell = GameRecord(
        **{
            **json.loads(make(2).to_line()),
            "game": "cell-life",
            "players": ["human", "computer-c", "computer-c"],
        }
    )
    cell.winner, cell.moves, cell.dialect = 3, [[1, "3,4"], [1, ""]], "c"
    path.write_bytes(json.dumps(old).encode() + b"\n" + cell.to_line())
    records, problems = read_records(path)
    assert problems == [] and [r.game for r in records] == ["life2", "cell-life"]
    assert records[1].winner == 3 and len(records[1].players) == 3
    assert "By game: life2 1, cell-life 1" in summarize(records)


def test_a_minute_of_games_is_a_minute_and_each_kind_of_game_is_counted_apart():
    visitor = game(1, 10, ["human", "computer-2"], None, "idle", duration=60, moves=[[1, "1,1"], [2, "3,3"]])
    attract = game(
        1, 10, ["computer-1", "computer-2"], None, "visitor", mode="attract", duration=20, moves=[]
    )
    lines = summarize([visitor, attract]).splitlines()
    assert lines[1].endswith("(1 min)"), lines[1]
    assert "  visitor games   mean 2.0, median 2, most 2 (1 game)" in lines
    assert "  attract games   mean 0.0, median 0, most 0 (1 game)" in lines
