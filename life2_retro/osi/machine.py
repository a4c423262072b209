"""The OSI machine: a 6502, Microsoft's BASIC in ROM at $A000, and the monitor's three routines.

The CPU and the ROM are emulated; the monitor is not: its key input, character output and
Ctrl-C poll are answered from outside the CPU (cpu.py's traps), with the cycles of their return
only. `boot` answers the BASIC's two questions; `type_line` types a line at OK, as a person at the
keyboard would, which is how the listing is loaded (not timed). A booted machine with its program
typed in is saved once and restored for each game.
"""

from __future__ import annotations

from .cores import make_cpu
from .cpu import STOP_BUDGET, STOP_ILLEGAL, STOP_KEY, Cpu
from .rom import (
    CHAR_OUT,
    COLD_START,
    COMMAND_LINE_RETURN,
    CTRL_C_POLL,
    CTRL_C_TARGET,
    CURLIN,
    KEY_IN,
    LOAD_ADDRESS,
    NEWSTT_POLL_RETURN,
    TXTPTR,
)

MEMORY_SIZE = b"32000"
"""The answer to MEMORY SIZE?. With all 64K as RAM, an empty answer lets the memory probe run up
into the ROM's addresses; a size stops it below them (init.s: the probe writes until a byte does
not read back)."""
TERMINAL_WIDTH = b""
"""The answer to TERMINAL WIDTH?: empty keeps the OSI build's 72 (defines_osi.s WIDTH)."""
TRAP_CYCLES = 6
"""What a call of a monitor routine costs besides its JSR: its RTS. The routines were stubbed when
the reference figures were measured, a return and nothing else (with 6, the quick game's segments
come to the reference's 7,647,452 cycles; with 0, to 15,228 fewer)."""
BOOT_BUDGET = 50_000_000
"""More cycles than a boot or a typed line of a program can take; past it the ROM is lost."""


class MachineFault(Exception):
    """The emulated machine did what the ROM never does (an undocumented opcode, a command that never
    asks for a key again): the ROM image or the program typed in is not what it should be."""


class OsiMachine:
    def __init__(self, rom: bytes, core: str = "auto") -> None:
        self.cpu: Cpu = make_cpu(core)
        self.cpu.load(LOAD_ADDRESS, rom)
        self.wire()
        self.cpu.pc = COLD_START

    def wire(self) -> None:
        """The ROM read-only, the monitor's routines trapped, CURLIN and NEWSTT watched (again, after
        the memory was set from elsewhere)."""
        self.cpu.configure(
            rom=(LOAD_ADDRESS, LOAD_ADDRESS + 0x2000),
            key_in=KEY_IN,
            char_out=CHAR_OUT,
            ctrl_c_poll=CTRL_C_POLL,
            ctrl_c_target=CTRL_C_TARGET,
            watched_word=CURLIN,
            line_entered=NEWSTT_POLL_RETURN,
            text_pointer=TXTPTR,
            trap_cycles=TRAP_CYCLES,
        )

    def until_key(self) -> bytes:
        """Run until the BASIC asks for a key; what it printed meanwhile. Line and CURLIN stops are
        passed over: nothing here is timed or traced."""
        printed = bytearray()
        end = self.cpu.cycles + BOOT_BUDGET
        while True:
            stop = self.cpu.run(max(0, end - self.cpu.cycles))
            printed += self.cpu.take_output()
            if stop == STOP_KEY:
                return bytes(printed)
            if stop == STOP_ILLEGAL:
                raise MachineFault(f"the 6502 met an undocumented opcode at ${self.cpu.pc:04X}")
            if stop == STOP_BUDGET:
                raise MachineFault("the BASIC never asked for a key again")
            del stop  # STOP_OUTPUT, STOP_CURLIN, STOP_LINE: run on

    def at_command_prompt(self) -> bool:
        """Whether the BASIC, asking for a key, waits for a command (after OK) rather than an answer
        to INPUT: its key input's caller's caller is RESTART (rom.COMMAND_LINE_RETURN)."""
        cpu = self.cpu
        return cpu.word(0x100 | ((cpu.sp + 5) & 0xFF)) == COMMAND_LINE_RETURN

    def press(self, key: int) -> None:
        """Answer the key input the BASIC is waiting at."""
        self.cpu.a = key
        self.cpu.monitor_return()

    def type_line(self, keys: bytes) -> bytes:
        """Type `keys` and Return at the BASIC's prompt; what it printed up to its next wait."""
        printed = bytearray()
        for key in keys + b"\r":
            self.press(key)
            printed += self.until_key()
        return bytes(printed)

    def boot(self) -> bytes:
        """Cold start, the two questions answered; what it printed, up to OK."""
        printed = self.until_key()
        printed += self.type_line(MEMORY_SIZE)
        printed += self.type_line(TERMINAL_WIDTH)
        return printed


def loaded_machine(rom: bytes, program: bytes, core: str = "auto") -> OsiMachine:
    """A booted machine with `program` (numbered lines, LF between them) typed in at OK.
    MachineFault when a line is refused (the BASIC answers anything but its own echo)."""
    machine = OsiMachine(rom, core)
    machine.boot()
    for line in program.splitlines():
        line = line.strip()
        if not line:
            continue
        printed = machine.type_line(line)
        if printed.rstrip(b"\r\n\x00") != line:
            said = printed.decode("ascii", "replace").strip()
            raise MachineFault(f"the BASIC refused a typed line: {said[:120]!r}")
    return machine
