"""The 6502 the 1977 interpreter runs on: one face, two cores.

`NativeCpu` is our own C core (core6502.c), compiled with the system's C compiler at first use
(native.py) and hundreds of times faster than the 1977 machine; `Py65Cpu` is py65's NMOS 6502
(the `6502` extra), the reference the C core is checked against instruction by instruction and
the engine where no compiler is found. Both run until a stop (the `Stop*` codes below) and
answer the monitor's character output and Ctrl-C poll themselves, so that the Python side only
sees keys asked for, lines entered and CURLIN changed. cores.py picks one.
"""

from __future__ import annotations

from typing import Protocol

STOP_BUDGET = 0
"""The cycle budget is spent."""
STOP_KEY = 1
"""PC is at the monitor's key input: put a key in A and call `monitor_return`."""
STOP_CURLIN = 2
"""An instruction changed CURLIN (its new value is `watched_word`)."""
STOP_LINE = 3
"""NEWSTT, at its Ctrl-C poll, is about to enter line `next_line` at its start (the poll is answered
when the CPU runs on, so a Ctrl-C set now is found before the line's first statement)."""
STOP_OUTPUT = 4
"""The output buffer is full: take it (`take_output`) and run on."""
STOP_ILLEGAL = 5
"""An opcode the NMOS 6502 does not document, at PC."""
STOP_STEP = 6
"""One instruction done, when single-stepping."""


class Cpu(Protocol):
    """A 6502 with flat memory and the OSI monitor's three entries trapped."""

    a: int
    x: int
    y: int
    sp: int
    p: int
    pc: int
    cycles: int
    ctrl_c_pending: bool

    def configure(
        self,
        *,
        rom: tuple[int, int],
        key_in: int,
        char_out: int,
        ctrl_c_poll: int,
        ctrl_c_target: int,
        watched_word: int,
        line_entered: int,
        text_pointer: int,
        trap_cycles: int,
    ) -> None:
        """`line_entered`: the return address NEWSTT's call of the Ctrl-C poll leaves on the stack
        (0: no line stops); `text_pointer`: where the BASIC's text pointer is in page zero."""

    @property
    def next_line(self) -> int:
        """At STOP_LINE, the line about to be entered."""

    def load(self, address: int, data: bytes) -> None: ...

    def peek(self, address: int) -> int: ...

    def poke(self, address: int, value: int) -> None: ...

    def word(self, address: int) -> int: ...

    def run(self, budget: int) -> int: ...

    def step(self) -> int: ...

    def take_output(self) -> bytes: ...

    def save(self) -> object:
        """Everything the machine is: memory, registers, the cycle count (for `restore`)."""

    def restore(self, saved: object) -> None: ...

    def monitor_return(self) -> None: ...

    @property
    def last_write(self) -> int: ...
