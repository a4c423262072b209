"""The game records: one JSON line per game, kept through kills, power cuts and full disks.

The kiosk runs for weeks with nobody watching, so the log is written to
survive it: each line is fsynced before `append` returns, a line torn by a
kill is closed off before the next one so it can never swallow a good
record, and a disk that fails costs the records, never the exhibit. The
reader is as forgiving: a bad line is skipped and named, not fatal.
"""

from __future__ import annotations

import errno
import json
import math
import os
import statistics
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path

from .stands import stand_names

MODES = ("visitor", "attract")
ENDINGS = {
    "finished": "finished",
    "idle": "abandoned (idle)",
    "visitor": "cut short by a visitor",
    "error": "ended by a BASIC error",
    "operator": "stopped by the operator",
    "stopped": "stopped without a winner",
    "interrupted": "stopped by Ctrl-C or BREAK at the Teletype",
    "limit": "an attract game cut at its round limit",
    "runaway": "stopped where the original prints for ever",
    "unreproducible": "stopped where the original crashes",
    "left": "left by the visitor (a web page gone)",
    "failed": "failed in the server (its log says why)",
}
WINNERS = (1, 2, 3, 4, "draw", "extinction", "hybrids", None)
"""LIFE2's two players or a draw; Cell Life's up to four, a total extinction or a hybrid takeover."""
MAX_PROBLEMS_SHOWN = 50


@dataclass
class GameRecord:
    start: str
    """ISO 8601 UTC, to the second: when the first line of the program ran."""
    end: str
    mode: str
    """"visitor" or "attract"."""
    players: list[str]
    """Each player's, in turn: "human" or "computer-N" (N the level); 2 for LIFE2, 2 to 4 for Cell Life."""
    winner: int | str | None
    """A player's number, "draw", "extinction", "hybrids", or None when the game did not finish."""
    ended: str
    """Why the game ended: a key of ENDINGS."""
    moves: list[list[object]]
    """[player number, the response as typed], in the order typed."""
    duration: float
    """Seconds, from a monotonic clock (the wall clock may be stepped during a game)."""
    dialect: str = "ms1978"
    bugs: list[str] = field(default_factory=list)
    game: str = "life2"
    """Which program was played; records written before Cell Life joined have no such field."""

    def to_line(self) -> bytes:
        """One line of ASCII: escapes keep a typed control character or newline off the file."""
        text = json.dumps(asdict(self), ensure_ascii=True, separators=(",", ":"), allow_nan=False)
        return text.encode("ascii") + b"\n"

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from a parsed line; ValueError says what is wrong with it."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        names = [f.name for f in fields(cls)]
        data = {"game": "life2", **data}  # a record from before the field
        missing = [name for name in names if name not in data]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise ValueError(f"unknown field {', '.join(unknown)}")
        record = cls(**data)
        record._check()
        return record

    def _check(self) -> None:
        for name in ("start", "end"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise ValueError(f"{name} is not a time")
            try:
                moment = datetime.fromisoformat(value)
            except ValueError:
                raise ValueError(f"{name} is not an ISO 8601 time: {value!r}") from None
            if moment.utcoffset() is None:
                raise ValueError(f"{name} has no time zone: {value!r}")
        if self.mode not in MODES:
            raise ValueError(f"mode is {self.mode!r}, not one of {', '.join(MODES)}")
        if not (
            isinstance(self.players, list)
            and 2 <= len(self.players) <= 4
            and all(isinstance(p, str) and p for p in self.players)
        ):
            raise ValueError("players is not a list of two to four names")
        if isinstance(self.winner, bool) or self.winner not in WINNERS:
            raise ValueError(
                f"winner is {self.winner!r}, not a player from 1 to 4, a draw, an ending or null"
            )
        if self.game not in stand_names():
            raise ValueError(f"game is {self.game!r}, not one of {', '.join(stand_names())}")
        if not isinstance(self.ended, str) or self.ended not in ENDINGS:
            raise ValueError(f"ended is {self.ended!r}, not one of {', '.join(ENDINGS)}")
        if not isinstance(self.moves, list) or not all(_is_move(move) for move in self.moves):
            raise ValueError("moves is not a list of [player, response]")
        if not _is_number(self.duration) or self.duration < 0:
            raise ValueError(f"duration is {self.duration!r}, not a number of seconds")
        if not isinstance(self.dialect, str):
            raise ValueError("dialect is not a name")
        if not isinstance(self.bugs, list) or not all(isinstance(b, str) for b in self.bugs):
            raise ValueError("bugs is not a list of names")

    @property
    def start_time(self) -> datetime:
        return datetime.fromisoformat(self.start)

    @property
    def end_time(self) -> datetime:
        return datetime.fromisoformat(self.end)


def now_iso() -> str:
    """A record's time: UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_move(move: object) -> bool:
    return (
        isinstance(move, list)
        and len(move) == 2
        and move[0] in (1, 2, 3, 4)
        and not isinstance(move[0], bool)
        and isinstance(move[1], str)
    )


# -- writing ------------------------------------------------------------------------------------


class RecordLog:
    """The log a running exhibit appends to; rotated by size, old files numbered .1 (newest) up."""

    def __init__(self, path: str | os.PathLike[str], max_bytes: int = 1_000_000, keep: int = 5) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.keep = keep
        self.problem: str | None = None
        """Why the latest failed append failed, in one line for stderr; None until one fails."""
        self.failures = 0

    def append(self, record: GameRecord) -> bool:
        """Write the record and make it durable; False (and `problem` set) when it could not be."""
        try:
            line = record.to_line()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            created = not self.path.exists()
            if not created and self.path.stat().st_size + len(line) > self.max_bytes:
                self._rotate()
                created = True
            with open(self.path, "a+b") as log:
                size = log.seek(0, os.SEEK_END)
                if size:
                    log.seek(size - 1)
                    if log.read(1) != b"\n":
                        line = b"\n" + line  # a writer was killed mid-line: close that line off first
                log.write(line)  # appends: the file is open in append mode
                log.flush()
                os.fsync(log.fileno())
            if created:
                _sync_directory(self.path.parent)  # the new file's name must survive a power cut too
        except (OSError, ValueError, TypeError) as exc:
            self.failures += 1
            self.problem = _describe(exc, self.path)
            return False
        return True

    def _rotate(self) -> None:
        """games.jsonl -> .1 -> .2 ...; every rename is atomic, so a kill mid-way loses no file."""
        numbered = _numbered_files(self.path)
        for number, old in numbered.items():
            if number >= self.keep:
                old.unlink()  # the oldest (or beyond a keep made smaller since)
        for number in sorted((n for n in numbered if n < self.keep), reverse=True):
            os.replace(numbered[number], _numbered(self.path, number + 1))
        if self.keep > 0:
            os.replace(self.path, _numbered(self.path, 1))
        else:
            self.path.unlink()
        _sync_directory(self.path.parent)


def _numbered(path: Path, number: int) -> Path:
    return path.with_name(f"{path.name}.{number}")


def _numbered_files(path: Path) -> dict[int, Path]:
    """The rotated files that exist, by number; gaps (a rotation cut short) are fine."""
    found: dict[int, Path] = {}
    prefix = path.name + "."
    try:
        names = os.listdir(path.parent)
    except FileNotFoundError:
        return found
    for name in names:
        suffix = name[len(prefix) :]
        if name.startswith(prefix) and suffix.isdigit() and suffix.isascii() and int(suffix) > 0:
            found[int(suffix)] = path.with_name(name)
    return found


def _sync_directory(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(descriptor)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise  # some file systems cannot sync a directory; nothing more can be done there
    finally:
        os.close(descriptor)


def _describe(exc: Exception, path: Path) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename if exc.filename is not None else path
        return f"{where}: {exc.strerror}"
    return f"{path}: {exc}"


# -- reading ------------------------------------------------------------------------------------


def record_files(path: str | os.PathLike[str]) -> list[Path]:
    """The log's files that exist, oldest first: the highest number first, the live file last."""
    live = Path(path)
    numbered = _numbered_files(live)
    files = [numbered[n] for n in sorted(numbered, reverse=True)]
    if live.exists():
        files.append(live)
    return files


def read_records(path: str | os.PathLike[str]) -> tuple[list[GameRecord], list[str]]:
    """Every valid record, oldest first, and "FILE:LINE: what is wrong" for every line skipped.

    A file that cannot be read at all raises OSError: that is not a bad line."""
    records: list[GameRecord] = []
    problems: list[str] = []
    for file in record_files(path):
        lines = file.read_bytes().split(b"\n")
        last = len(lines) - 1  # after the final newline: b"", or a line cut short
        for number, raw in enumerate(lines, start=1):
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8")
                records.append(GameRecord.from_dict(json.loads(text)))
            except (ValueError, TypeError) as exc:
                torn = isinstance(exc, UnicodeDecodeError | json.JSONDecodeError)
                if torn and number - 1 == last:
                    what = "the last line is cut short (the writer was stopped mid-line)"
                elif isinstance(exc, UnicodeDecodeError):
                    what = "not text (torn or corrupt)"
                elif isinstance(exc, json.JSONDecodeError):
                    what = f"not JSON (torn or edited): {exc.msg} at column {exc.colno}"
                else:
                    what = f"not a game record: {exc}"
                problems.append(f"{file}:{number}: {what}")
    return records, problems


# -- the summary ------------------------------------------------------------------------------


def summarize(records: list[GameRecord]) -> str:
    """What a museum wants to know from the log, on an 80-column terminal."""
    if not records:
        return "No games recorded."
    out: list[str] = []
    first = min(r.start_time for r in records).astimezone()
    last = max(r.end_time for r in records).astimezone()
    out.append("LIFE2 exhibit: game records")
    out.append(
        f"Period: {first:%Y-%m-%d %H:%M} to {last:%Y-%m-%d %H:%M} local time"
        f" ({_span((last - first).total_seconds())})"
    )
    by_mode = Counter(r.mode for r in records)
    out.append(f"Games: {len(records)} (visitor {by_mode['visitor']}, attract {by_mode['attract']})")
    by_game = Counter(r.game for r in records)
    if len(by_game) > 1:
        out.append(
            "By game: " + ", ".join(f"{game} {by_game[game]}" for game in stand_names() if by_game[game])
        )

    for mode in MODES:
        games = [r for r in records if r.mode == mode]
        if not games:
            continue
        out.append("")
        out.append(f"{mode.capitalize()} games: {len(games)}")
        endings = Counter(r.ended for r in games)
        for ended in sorted(endings, key=list(ENDINGS).index):
            out.append(f"  {ENDINGS[ended]:<32}{endings[ended]:>6}")

    visitors = [r for r in records if r.mode == "visitor"]
    out += _against_the_computer(visitors)
    out += _two_visitors(visitors)

    out.append("")
    finished = [r.duration for r in visitors if r.ended == "finished"]
    if finished:
        out.append(
            f"Length of finished visitor games: mean {_minutes(statistics.fmean(finished))},"
            f" median {_minutes(statistics.median(finished))}"
        )
    out.append("Answers typed per game (every move and setup piece, by either side):")
    for mode in MODES:
        typed = [len(r.moves) for r in records if r.mode == mode]
        if typed:
            out.append(
                f"  {mode + ' games':<16}mean {statistics.fmean(typed):.1f},"
                f" median {statistics.median(typed):g}, most {max(typed)}"
                f" ({len(typed)} game{'s' if len(typed) != 1 else ''})"
            )
    out += _busiest_hours(visitors)
    return "\n".join(out)


def _level(player: str) -> str:
    kind, _, level = player.partition("-")
    return f"level {level}" if kind == "computer" and level else player


def _against_the_computer(visitors: Iterable[GameRecord]) -> list[str]:
    """Results by game and the computer's level, from the finished games (a winner or a draw)."""
    results: dict[tuple[str, str], Counter[str]] = {}
    for r in visitors:
        if r.winner is None or len(r.players) != 2 or r.players.count("human") != 1:
            continue
        seat = r.players.index("human") + 1
        outcome = "draw" if r.winner == "draw" else "human" if r.winner == seat else "computer"
        results.setdefault((r.game, _level(r.players[2 - seat])), Counter())[outcome] += 1
    if not results:
        return []
    games = [game for game in stand_names() if any(key[0] == game for key in results)]
    width = 12 if len(games) == 1 else 22
    out = ["", "A visitor against the computer (finished games)"]
    out.append(f"  {'computer':<{width}}{'games':>7}{'visitor wins':>15}{'computer wins':>15}{'draws':>8}")
    for game, level in sorted(results, key=lambda key: (games.index(key[0]), key[1])):
        c = results[(game, level)]
        named = level if len(games) == 1 else f"{game} {level}"
        played = c["human"] + c["computer"] + c["draw"]
        out.append(f"  {named:<{width}}{played:>7}{c['human']:>15}{c['computer']:>15}{c['draw']:>8}")
    return out


def _two_visitors(visitors: Iterable[GameRecord]) -> list[str]:
    """Two visitors at a game of two seats: which seat won, by game."""
    out = []
    for game in stand_names():
        games = [r for r in visitors if r.players == ["human", "human"] and r.game == game]
        if not games:
            continue
        results = Counter(r.winner for r in games if r.winner is not None)
        finished = sum(results.values())
        out += [
            "",
            f"Two visitors{'' if game == 'life2' else f' at {game}'}: {len(games)} games, {finished} finished"
            f" (player 1 won {results[1]}, player 2 won {results[2]}, draws {results['draw']})",
        ]
    return out


def _busiest_hours(visitors: list[GameRecord], shown: int = 5) -> list[str]:
    if not visitors:
        return []
    hours = Counter(r.start_time.astimezone().hour for r in visitors)
    top = sorted(hours.items(), key=lambda item: (-item[1], item[0]))[:shown]
    most = top[0][1]
    out = ["", "Busiest hours for visitor games (local time)"]
    for hour, count in top:
        bar = "#" * max(1, round(40 * count / most))
        out.append(f"  {hour:02d}:00-{(hour + 1) % 24:02d}:00 {count:>6}  {bar}")
    return out


def _span(seconds: float) -> str:
    """How long the log covers, in the largest units that say it (a minute of games is not a day)."""
    whole = round(seconds)
    if whole < 3600:
        return f"{whole // 60} min" if whole >= 60 else f"{whole} s"
    if whole < 86400:
        return f"{whole // 3600} h {whole % 3600 // 60} min"
    days = whole // 86400
    return f"{days} day{'s' if days != 1 else ''} {whole % 86400 // 3600} h"


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


# -- life2 exhibit --stats ----------------------------------------------------------------------


def stats_command(path: str) -> int:
    """`life2 exhibit --stats`: the summary on stdout, skipped lines on stderr."""
    try:
        records, problems = read_records(path)
    except OSError as exc:
        print(f"life2 exhibit: cannot read the game records: {_describe(exc, Path(path))}", file=sys.stderr)
        return 1
    try:
        print(summarize(records))
        if not record_files(path):
            print(f"life2 exhibit: no record file at {path} yet", file=sys.stderr)
        if problems:
            print(f"life2 exhibit: {len(problems)} line(s) skipped in the records:", file=sys.stderr)
            for problem in problems[:MAX_PROBLEMS_SHOWN]:
                print(f"  {problem}", file=sys.stderr)
            if len(problems) > MAX_PROBLEMS_SHOWN:
                print(f"  ... and {len(problems) - MAX_PROBLEMS_SHOWN} more", file=sys.stderr)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # `--stats | head`: quietly
    return 0
