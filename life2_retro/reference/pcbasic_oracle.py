"""The test oracle: the original listing run by PC-BASIC 2.0.8, output and trace captured.

PC-BASIC is driven in-process through `pcbasic.Session`, a fresh one per game:
the program is typed in line by line, the responses are queued as keystrokes
(each ending with CR, as a keyboard sends it), and a step hook records the
number of every line execution enters, which is exactly what TRON prints.
When the keystrokes run out at an INPUT, PC-BASIC raises Exit instead of
waiting, so a script that ends mid-game stops like `life2 run` does.
"""

from __future__ import annotations

import contextlib
import io
import struct
from collections.abc import Sequence
from types import ModuleType

from .oracle import OracleRun, OracleUnavailable
from .pcbasic_speed import quick_oracle

PCBASIC_VERSION = "2.0.8"
ARTEFACT = b"\xff"
"""PC-BASIC writes 0xFF after an error message into its output stream; no BASIC sends it."""

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


def keystrokes(responses: Sequence[bytes]) -> str:
    """The responses as PC-BASIC keystrokes: each one followed by CR."""
    return "".join(response.decode("latin-1") + "\r" for response in responses)


def run_program(program: bytes, responses: Sequence[bytes], *, quick: bool = True) -> OracleRun:
    """Run a BASIC program (numbered lines) in a fresh PC-BASIC session.

    `quick` applies the speed-ups of oracle_speed, which change nothing PC-BASIC
    computes; `life2 bench` turns them off to time PC-BASIC as it is installed.
    """
    pcbasic, error = _pcbasic()
    output = io.BytesIO()
    trace: list[int] = []
    with (
        quick_oracle() if quick else contextlib.nullcontext(),
        pcbasic.Session(input_streams=io.BytesIO(b""), output_streams=output) as session,
    ):
        for line in program.splitlines():
            if line.strip():
                session.execute(line)
        session.press_keys(keystrokes(responses))
        session.set_hook(lambda token: trace.append(struct.unpack_from("<H", token, 2)[0]))
        with contextlib.suppress(error.Exit):  # the keystrokes ran out at an INPUT
            session.execute("RUN")
    return OracleRun(output.getvalue().replace(ARTEFACT, b""), tuple(trace))  # without the artefacts
