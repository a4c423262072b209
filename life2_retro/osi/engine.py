"""The listing on the 1977 interpreter, as a program: the same events as the re-creation's.

`RomProgram.run()` restores the machine saved with the program typed in, types RUN (its echo is
not the program's), and from then on turns what the machine does into the events every terminal
and driver knows (events.py): a line entered (NEWSTT's store of CURLIN) is an `int`; what the ROM
sends to the monitor's character output is output, 7 bits as a serial line carries it (the ROM
sets bit 7 on the last letter of each error message in its table), and `Echo` while a typed line
is being read; the key input asks the driver for a line when the keys typed so far are used up.

The keys of a typed line are the line's own and one Return: the Return is the line end of the
input file or of the terminal, and a 0x8D just before that end is that same Return (the ROM clears
bit 7 of every key, so 0x8D is a Return to it). Keys after the last Return (an UnfinishedLine) are
typed and never ended. The re-creation reads the same keys the same way (basic/msinput.typed_lines).

The cycle count (`meter`) follows CURLIN: each stretch during which CURLIN holds a program line is
a segment; the count runs from the first segment of the run to where it stopped (the segment that
printed the last message included, the one left waiting for input that never came excluded), the
definition `life2 run --cycles` uses for the re-creation (basic/cycles.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..events import CTRL_C, INPUT_REQUEST, Echo, Run, Stop, UnfinishedLine
from .cpu import STOP_BUDGET, STOP_CURLIN, STOP_ILLEGAL, STOP_KEY, STOP_LINE
from .machine import MachineFault, OsiMachine
from .rom import CURLIN, DIRECT_MODE
from .variables import variables

_RETURN = 0x0D
_SEVEN_BITS = 0x7F
RUNAWAY_CYCLES = 2_000_000_000
"""Some 33 minutes of the 1977 machine without a key asked for: the listing never computes that
long between two prompts; a run that does is stopped (a patch line gone wrong)."""
_SLICE = 10_000_000
"""Cycles run between two looks at the runaway check when nothing else stops the CPU. (A Ctrl-C
typed while the BASIC computes is handed over at the next line entered, and the ROM finds it at
its next poll, NEWSTT's, before that line's first statement.)"""
_TO_SEVEN_BITS = bytes(byte & 0x7F for byte in range(256))


def keys_of(line: bytes) -> bytes:
    """The keys a typed line gives the BASIC: its own, then its Return (none after an unfinished
    line; none more after a 0x8D at its end, which is its Return)."""
    if isinstance(line, UnfinishedLine):
        return bytes(line)
    if line and line[-1] & _SEVEN_BITS == _RETURN:
        return bytes(line)
    return bytes(line) + b"\r"


@dataclass
class RomMeter:
    """The machine's own cycle count, segment by segment (a segment: CURLIN holding one program
    line). It answers what the re-creation's CycleMeter answers (basic/cycles.py)."""

    cycles: int = 0
    """The completed segments' cycles."""
    segments: int = 0
    by_line: dict[int, list[int]] = field(default_factory=dict)
    """Each line's completed segments, in order (keyed by CURLIN's value, half-written ones too)."""
    in_order: list[tuple[int, int]] = field(default_factory=list)
    """Every completed segment, in order: (CURLIN's value, its cycles)."""
    _open: tuple[int, int] | None = None
    """The segment in progress: (line, cycle count at its start)."""
    _ended_at: int | None = None
    """The cycle count where the program stopped, when it stopped by itself (not at end of input)."""

    def curlin(self, value: int, now: int) -> None:
        """CURLIN changed to `value` at cycle `now`."""
        self._close(now)
        if value < DIRECT_MODE:
            self._open = (value, now)

    def _close(self, now: int) -> None:
        if self._open is not None:
            line, start = self._open
            self.cycles += now - start
            self.segments += 1
            self.by_line.setdefault(line, []).append(now - start)
            self.in_order.append((line, now - start))
            self._open = None

    def stopped(self, now: int, by_itself: bool) -> None:
        """The program stopped at cycle `now`: by itself (its segment counts) or at end of input."""
        if by_itself:
            self._close(now)
        else:
            self._open = None

    def total(self, stop: Stop) -> int:
        return self.cycles

    def segments_done(self, stop: Stop) -> int:
        return self.segments


class RomProgram:
    """One run of a program on the saved machine (see the module's note)."""

    def __init__(self, machine: OsiMachine, saved: object, bugs: frozenset[str] = frozenset()) -> None:
        self.machine = machine
        self._saved = saved
        self.bugs = bugs
        """The bug switches that are on: the listing's lines left as they are."""
        self.meter = RomMeter()
        self.cycles_at_run = 0
        """The machine's cycle count when RUN began to be typed (the clock of the exhibit)."""

    def variables(self) -> dict[str, float]:
        """The program's numeric variables now, read out of the machine's memory (variables.py)."""
        return variables(self.machine.cpu)

    @property
    def measured_cycles(self) -> RomMeter:
        """The machine's own count (ProgramEntry.count_cycles takes it instead of a price list)."""
        return self.meter

    @property
    def machine_cycles(self) -> int:
        """Cycles since RUN began to be typed: the 1977 machine's clock (a monitor routine costs its
        JSR and RTS, the time it took in the monitor not counted)."""
        return self.machine.cpu.cycles - self.cycles_at_run

    def run(self) -> Run:
        machine, cpu, meter = self.machine, self.machine.cpu, self.meter
        cpu.restore(self._saved)
        machine.until_key()
        self.cycles_at_run = cpu.cycles
        for key in b"RUN":  # their echo is no part of the program's output
            machine.press(key)
            machine.until_key()
        machine.press(_RETURN)
        keys: Iterator[int] = iter(())
        reading = False
        """A key other than Return was typed, and the BASIC has not asked for the next: what it
        prints now is the echo."""
        last_line: bytes | None = None
        """The line typed last, until a line of the program is entered after it."""
        started = False
        since_key = bytearray()
        idle_since = cpu.cycles
        while True:
            stop = cpu.run(_SLICE)
            printed = cpu.take_output()
            if printed and started:
                seven = printed.translate(_TO_SEVEN_BITS)
                since_key += seven
                yield Echo(seven) if reading else seven
            if stop == STOP_CURLIN:
                meter.curlin(cpu.word(CURLIN), cpu.cycles)
            elif stop == STOP_LINE:
                started = True
                last_line = None
                if (yield cpu.next_line) is CTRL_C:
                    cpu.ctrl_c_pending = True
            elif stop == STOP_KEY:
                idle_since = cpu.cycles
                if not started or machine.at_command_prompt():  # at OK: the program stopped
                    meter.stopped(cpu.cycles, by_itself=True)
                    return _why_stopped(bytes(since_key), last_line)
                since_key.clear()
                pressed = next(keys, None)
                if pressed is None:
                    typed = yield INPUT_REQUEST
                    if typed is None:
                        meter.stopped(cpu.cycles, by_itself=False)
                        return Stop.INPUT_ENDED
                    last_line = bytes(typed)
                    keys = iter(keys_of(typed))
                    pressed = next(keys, None)
                    if pressed is None:  # an unfinished line with no keys: the BASIC waits on
                        meter.stopped(cpu.cycles, by_itself=False)
                        return Stop.INPUT_ENDED
                reading = pressed & _SEVEN_BITS != _RETURN
                machine.press(pressed)
            elif stop == STOP_ILLEGAL:
                raise MachineFault(f"the 6502 met an undocumented opcode at ${cpu.pc:04X}")
            elif stop == STOP_BUDGET and cpu.cycles - idle_since > RUNAWAY_CYCLES:
                raise MachineFault("the BASIC computed for half an hour without asking for a key")


def _why_stopped(printed: bytes, last_line: bytes | None) -> Stop:
    """What stopped the program, from its last words: an error's message, BREAK; else, with no line
    entered since a line was typed, the answer stopped it (an empty one: INPUT's `LDA BUF`, `BNE
    INPCON`, else `JMP STPEND`, m6502.asm L2934-2940); else END."""
    if b" ERROR" in printed:
        return Stop.ERROR
    if b"BREAK" in printed:
        return Stop.BREAK
    return Stop.END if last_line is None else Stop.EMPTY_INPUT
