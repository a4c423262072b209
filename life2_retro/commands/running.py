"""How a command ends: one place for exit statuses, closed pipes, I/O errors and Ctrl-C.

A user never sees a traceback: a closed pipe ends quietly (as a Unix filter
does), Ctrl-C ends with 130 (as shells expect) wherever it was typed, at this
terminal, a window or a seat on a line, and an I/O error is one line on stderr
and status 2. A signal's status, 128 + N, is made on the way (exits.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from ..exits import INTERRUPTED
from ..programs import ProgramUnavailable
from ..session import LineHook
from ..terminals.base import LineInterrupted, TerminalClosed
from ..terminals.window.display import NoWindow
from .without_a_window import said


@contextmanager
def trace_file(path: str | None) -> Iterator[LineHook | None]:
    """`--trace FILE`: the line numbers executed, one per line; None without a path."""
    if path is None:
        yield None
        return
    with open(path, "w", encoding="ascii") as trace:
        yield lambda number: trace.write(f"{number}\n")


def run_command(name: str, action: Callable[[], object], without_a_window: Sequence[str] = ()) -> int:
    """Run a command's action and turn every way it can end into an exit status. `without_a_window`:
    what the command offers when no window can be opened (without_a_window.py)."""
    try:
        action()
    except LineInterrupted:
        return INTERRUPTED  # Ctrl-C or BREAK at a window or a seat on a line: as at the console
    except TerminalClosed:
        return 0  # the window was closed or Esc pressed: the player's way to stop
    except BrokenPipeError:
        # the reader went away (life2 ... | head): nothing more can be said on stdout
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return INTERRUPTED
    except NoWindow as exc:
        print(f"life2 {name}: {exc}{said(without_a_window)}", file=sys.stderr)
        return 2
    except (OSError, ProgramUnavailable) as exc:
        print(f"life2 {name}: {exc}", file=sys.stderr)
        return 2
    return 0
