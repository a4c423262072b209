"""Every file the study will write, checked before its first run.

A study can take hours; an output it cannot write must be said at once, not
after the work. Each check asks the thing itself rather than guessing from
permission bits (which root passes, and a read-only file system or a full
device ignores), and leaves nothing behind:

* a file that is there is opened for writing without truncating it, and handed
  a write of no bytes: a file keeps its contents, a pipe or a terminal gets
  nothing, and a device that takes no data says so now (`/dev/full` answers
  "No space left on device" to an empty write as to any other);
* a file that is not there yet is tried as a nameless file in its folder
  (O_TMPFILE on Linux), which no crash can leave behind;
* a plot's format is tried by drawing an empty figure in memory, so a format
  matplotlib lacks is refused in its own words.

A disk that fills up during the study can still fail the last write; that is
reported then, in one line, as any I/O error is.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

PLOT_FORMAT = "png"
"""A plot's format when its name has no suffix (written to the name as given)."""


def plot_format(path: str) -> str:
    """The format a plot is drawn in: its name's suffix, else PNG."""
    return Path(path).suffix.removeprefix(".").lower() or PLOT_FORMAT


def why_not_writable(path: str) -> str | None:
    """Why the study could not write `path`, or None when it can."""
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return _why_no_new_file(target)
    except OSError as exc:
        return exc.strerror or str(exc)
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if stat.S_ISFIFO(mode):
        return None  # opening it would wait for a reader, as the real write will
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        os.write(descriptor, b"")
    except OSError as exc:
        if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):  # a busy line takes bytes later
            return exc.strerror or str(exc)
    finally:
        os.close(descriptor)
    return None


def _why_no_new_file(target: Path) -> str | None:
    folder = target.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def why_not_a_folder(path: str) -> str | None:
    """Why the study could not make its files in folder `path` (made if missing), or None."""
    folder = Path(path)
    if folder.exists():
        return None if folder.is_dir() else "it is not a folder"
    ancestor = folder.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"{ancestor} is not a folder"
    return _why_no_new_file(ancestor / "probe")


def why_not_drawable(path: str) -> str | None:
    """Why matplotlib could not draw a plot to `path`'s format, or None: an empty figure is drawn
    in memory, by the same backend the study uses."""
    from matplotlib.figure import Figure

    try:
        Figure(figsize=(1, 1)).savefig(io.BytesIO(), format=plot_format(path))
    except (ValueError, RuntimeError, ImportError, OSError) as exc:
        return str(exc)
    return None


@contextmanager
def written_whole(path: str) -> Iterator[str]:
    """The name to write `path` to: a file beside it, renamed over it once it is whole, or removed
    if the writing is cut short (a signal, a full disk). So a table on disk is the whole table, or
    the one that was there before, never half of one. A pipe or a device (`/dev/stdout`) is
    written as it is: nothing can be renamed over it."""
    target = Path(os.path.realpath(path))  # a link to a file: the file is what is replaced
    try:
        regular = stat.S_ISREG(target.stat().st_mode)
    except FileNotFoundError:
        regular = True
    if not regular:
        yield path
        return
    aside = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        yield str(aside)
        os.replace(aside, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(aside)
        raise
