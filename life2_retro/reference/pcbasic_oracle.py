"""The test oracle: the original listing run by PC-BASIC 2.0.8, output and trace captured.

PC-BASIC is driven in-process through `pcbasic.Session`, a fresh one per game:
the program is typed in line by line, the responses are queued as keystrokes
(each ending with CR, as a keyboard sends it), and a step hook records the
number of every line execution enters, which is exactly what TRON prints.
When the keystrokes run out at an INPUT, PC-BASIC raises Exit instead of
waiting, so a script that ends mid-game stops like `life2 run` does.

What the oracle hands back is PC-BASIC's output stream with one byte taken out:
the 0xFF that PC-BASIC writes after the message of an error that stops a
program outside INPUT (implementation.py `_handle_error`). A 0xFF anywhere else
is PC-BASIC's, and stays: a typed 0xFF (code page 437's non-breaking space) is
echoed as one. When PC-BASIC itself fails on a script (a Python exception
escapes it, such as `struct.error` on `&H-10001`), the run says so.
"""

from __future__ import annotations

import contextlib
import io
import re
import struct
from collections.abc import Sequence
from types import ModuleType

from .oracle import OracleRun, OracleUnavailable
from .pcbasic_speed import quick_oracle

PCBASIC_VERSION = "2.0.8"
_ERROR_ENDING = re.compile(rb"(?:^|\n)[A-Za-z][A-Za-z ]* in \d+(\xff)\r\n\Z")
"""The last line of a run that an error stopped, as PC-BASIC writes it: `Undefined line number in
575`, 0xFF, CR LF. The program stops there, so it is always the end of the output."""

HOW_TO_INSTALL = (
    "PC-BASIC is the test oracle and is not installed. Install it with:\n"
    '    pip install -e ".[reference]"      (or: pip install pcbasic==' + PCBASIC_VERSION + ")"
)


def _pcbasic() -> tuple[ModuleType, ModuleType]:
    """PC-BASIC and its error module, imported only when the oracle is used."""
    try:
        import pcbasic
        from pcbasic.basic.base import error
    except ImportError as exc:
        raise OracleUnavailable(HOW_TO_INSTALL) from exc
    return pcbasic, error


def keystroke(byte: int) -> str:
    """One typed byte as the key PC-BASIC's keyboard buffer gets for it: the character of code page
    437 with that code (a Ctrl key below 0x20), and for NUL the extended code of the NUL key
    (Ctrl-2). PC-BASIC keeps the keys as code page bytes, so every byte but NUL comes back as itself."""
    return "\x00\x03" if byte == 0 else bytes([byte]).decode("cp437")


def keystrokes(responses: Sequence[bytes]) -> str:
    """The responses as PC-BASIC keystrokes: each byte one key, each response followed by Enter (CR)."""
    for response in responses:
        if b"\r" in response:
            raise ValueError(f"a response holds no CR, which is the Enter that ends it: {response!r}")
    return "".join("".join(map(keystroke, response)) + "\r" for response in responses)


def without_artefact(output: bytes) -> bytes:
    """The output stream less the 0xFF after a stopping error's message, the one byte no BASIC sends."""
    found = _ERROR_ENDING.search(output)
    if found is None:
        return output
    return output[: found.start(1)] + output[found.end(1) :]


def run_program(program: bytes, responses: Sequence[bytes], *, quick: bool = True) -> OracleRun:
    """Run a BASIC program (numbered lines) in a fresh PC-BASIC session.

    `quick` applies the speed-ups of oracle_speed, which change nothing PC-BASIC
    computes; `life2 bench` turns them off to time PC-BASIC as it is installed.
    """
    pcbasic, error = _pcbasic()
    output = io.BytesIO()
    trace: list[int] = []
    failed = None
    with (
        quick_oracle() if quick else contextlib.nullcontext(),
        pcbasic.Session(input_streams=io.BytesIO(b""), output_streams=output) as session,
    ):
        for line in program.splitlines():
            if line.strip():
                session.execute(line)
        session.press_keys(keystrokes(responses))
        session.set_hook(lambda token: trace.append(struct.unpack_from("<H", token, 2)[0]))
        try:
            session.execute("RUN")
        except error.Exit:  # the keystrokes ran out at an INPUT
            pass
        except Exception as exc:  # noqa: BLE001 - PC-BASIC's own failure is the finding
            failed = f"{type(exc).__module__}.{type(exc).__qualname__}: {exc}".removeprefix("builtins.")
    return OracleRun(without_artefact(output.getvalue()), tuple(trace), failed=failed)
