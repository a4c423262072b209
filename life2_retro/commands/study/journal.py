"""The runs of a study that did not finish, kept so that the same command goes on from them.

A study stopped by a signal, or whose Dask scheduler went away, has done work
that may have taken hours. Its partial table says what it found; this file
keeps every run that finished (also those after a gap, which the table leaves
out), so that the same command again runs only the rest. A run depends on
nothing but the study's seed, its point and its number (tasks.Point.seed_key),
so a run kept is the very run a fresh study would make: going on changes no
number of the result. The file is named after everything the runs depend on
(the seed, the points and how many runs of each, life2's version), so another
study never takes runs that are not its own, and it is removed once the study
it belongs to finishes whole.

It lives in the user's cache (`$XDG_CACHE_HOME/life2/study`, else
`~/.cache/life2/study`): a study writes its tables where it is told, and
nothing else there. A file that cannot be read is ignored, as if it were not
there: its runs are simply made again.
"""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import suppress
from dataclasses import astuple, fields
from pathlib import Path

from ...automata.runs import RunEnd
from .outputs import written_whole
from .tasks import Point

Runs = dict[Point, dict[int, RunEnd]]
"""Each point's finished runs, by number."""


def _version() -> str:
    """life2's version, as installed: runs a newer engine makes are not mixed with an older one's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("life2-retro")
    except PackageNotFoundError:  # a checkout run without installing
        return "unknown"


def journal_path(needs: dict[Point, int], seed: int) -> Path:
    """Where the runs of the study that needs these runs from this seed are kept."""
    key = repr((_version(), seed, sorted((astuple(point), runs) for point, runs in needs.items())))
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache, "life2", "study", f"p2life-{digest}.json")


def load(path: Path, needs: dict[Point, int]) -> Runs:
    """The runs kept in `path` that the study needs; nothing if there is no such file, or it
    cannot be read."""
    kept: Runs = {}
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["runs"]
        for point_fields, run, end_fields in entries:
            point = Point(*point_fields)
            if point in needs and 0 <= run < needs[point]:
                kept.setdefault(point, {})[run] = RunEnd(*end_fields)
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return kept


def save(path: Path, runs: Runs) -> None:
    """Every finished run, written aside and renamed: the file is whole, or the one before."""
    entries = [
        [astuple(point), run, astuple(end)]
        for point, numbered in sorted(runs.items())
        for run, end in sorted(numbered.items())
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    with written_whole(str(path)) as aside, open(aside, "w", encoding="utf-8") as out:
        json.dump(
            {"life2_retro": _version(), "fields": [f.name for f in fields(RunEnd)], "runs": entries}, out
        )


def remove(path: Path) -> None:
    """The study finished whole: its kept runs are done with."""
    with suppress(FileNotFoundError):
        path.unlink()
