"""Our C 6502 (core6502.c), compiled with the system's C compiler at first use and loaded by ctypes.

The shared library goes into a cache folder ($LIFE2_CACHE, else $XDG_CACHE_HOME/life2-retro, else
~/.cache/life2-retro), named by a digest of the source and the compiler, so an upgrade builds a new
one and two processes building at once each rename a whole file into place.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from importlib import resources
from pathlib import Path


class NativeUnavailable(Exception):
    """No C compiler, or the build failed; the message says which."""


class _State(ctypes.Structure):
    """core6502.c's `cpu6502`, field for field."""

    _fields_ = [
        ("mem", ctypes.c_uint8 * 65536),
        ("cycles", ctypes.c_uint64),
        ("pc", ctypes.c_uint16),
        ("a", ctypes.c_uint8),
        ("x", ctypes.c_uint8),
        ("y", ctypes.c_uint8),
        ("sp", ctypes.c_uint8),
        ("p", ctypes.c_uint8),
        ("rom_low", ctypes.c_uint16),
        ("rom_high", ctypes.c_uint16),
        ("key_in", ctypes.c_uint16),
        ("char_out", ctypes.c_uint16),
        ("ctrl_c_poll", ctypes.c_uint16),
        ("ctrl_c_target", ctypes.c_uint16),
        ("curlin", ctypes.c_uint16),
        ("line_entered", ctypes.c_uint16),
        ("txtptr", ctypes.c_uint16),
        ("next_line", ctypes.c_uint16),
        ("ctrl_c_pending", ctypes.c_uint8),
        ("trap_cycles", ctypes.c_uint8),
        ("single_step", ctypes.c_uint8),
        ("out_len", ctypes.c_uint8),
        ("out", ctypes.c_uint8 * 256),
        ("last_write", ctypes.c_int32),
        ("last_curlin_value", ctypes.c_uint16),
        ("line_reported", ctypes.c_uint8),
    ]


def cache_dir() -> Path:
    if os.environ.get("LIFE2_CACHE"):
        return Path(os.environ["LIFE2_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "life2-retro"


def _compiler() -> str:
    for name in (os.environ.get("CC", ""), "gcc", "cc", "clang"):
        if name and shutil.which(name):
            return name
    raise NativeUnavailable("no C compiler found (gcc, cc or clang; or $CC)")


def library_path() -> Path:
    """The compiled core, built now if it is not in the cache yet."""
    source = resources.files(__package__).joinpath("core6502.c").read_bytes()
    compiler = _compiler()
    digest = hashlib.sha256(source + compiler.encode()).hexdigest()[:16]
    target = cache_dir() / f"core6502-{digest}.so"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        c_file = Path(work) / "core6502.c"
        c_file.write_bytes(source)
        built = Path(work) / "core6502.so"
        command = [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(c_file)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise NativeUnavailable(f"{compiler} failed: {exc}") from exc
        if done.returncode != 0:
            first = (done.stderr.strip().splitlines() or ["no message"])[0]
            raise NativeUnavailable(f"{compiler} failed: {first}")
        os.replace(built, target)
    return target


_LIBRARY: ctypes.CDLL | None = None


def _library() -> ctypes.CDLL:
    global _LIBRARY
    if _LIBRARY is None:
        try:
            library = ctypes.CDLL(str(library_path()))
        except OSError as exc:
            raise NativeUnavailable(f"the built core cannot be loaded: {exc}") from exc
        library.run6502.argtypes = [ctypes.POINTER(_State), ctypes.c_uint64]
        library.run6502.restype = ctypes.c_int
        library.cpu6502_size.restype = ctypes.c_size_t
        if library.cpu6502_size() != ctypes.sizeof(_State):
            raise NativeUnavailable("the built core's state does not match native.py's")
        _LIBRARY = library
    return _LIBRARY


class _Register:
    """A register of the C struct, read and written as an int."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, cpu: NativeCpu, owner: type | None = None) -> int:
        return int(getattr(cpu._state, self.name))

    def __set__(self, cpu: NativeCpu, value: int) -> None:
        setattr(cpu._state, self.name, value)


class NativeCpu:
    """The C core behind the Cpu face (cpu.py)."""

    def __init__(self) -> None:
        self._run = _library().run6502
        self._state = _State()
        self._pointer = ctypes.pointer(self._state)
        self._memory = memoryview(self._state.mem).cast("B")
        self._state.sp = 0xFF
        self._state.p = 0x30

    a = _Register("a")
    x = _Register("x")
    y = _Register("y")
    sp = _Register("sp")
    p = _Register("p")
    pc = _Register("pc")
    cycles = _Register("cycles")

    @property
    def ctrl_c_pending(self) -> bool:
        return bool(self._state.ctrl_c_pending)

    @ctrl_c_pending.setter
    def ctrl_c_pending(self, value: bool) -> None:
        self._state.ctrl_c_pending = int(value)

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
        state = self._state
        state.txtptr = text_pointer
        state.rom_low, state.rom_high = rom
        state.key_in, state.char_out, state.ctrl_c_poll = key_in, char_out, ctrl_c_poll
        state.ctrl_c_target, state.curlin, state.line_entered = ctrl_c_target, watched_word, line_entered
        state.trap_cycles = trap_cycles
        state.last_curlin_value = self.word(watched_word) if watched_word else 0

    def load(self, address: int, data: bytes) -> None:
        self._memory[address : address + len(data)] = data

    def peek(self, address: int) -> int:
        return self._memory[address]

    def poke(self, address: int, value: int) -> None:
        self._memory[address] = value

    def word(self, address: int) -> int:
        return self._memory[address] | self._memory[(address + 1) & 0xFFFF] << 8

    def run(self, budget: int) -> int:
        stop: int = self._run(self._pointer, budget)
        return stop

    def step(self) -> int:
        self._state.single_step = 1
        try:
            stop: int = self._run(self._pointer, 1 << 40)
        finally:
            self._state.single_step = 0
        return stop

    @property
    def next_line(self) -> int:
        return int(self._state.next_line)

    def take_output(self) -> bytes:
        count = self._state.out_len
        data = bytes(self._state.out[:count])
        self._state.out_len = 0
        return data

    def save(self) -> object:
        saved = _State()
        ctypes.memmove(ctypes.byref(saved), self._pointer, ctypes.sizeof(_State))
        return saved

    def restore(self, saved: object) -> None:
        assert isinstance(saved, _State)
        ctypes.memmove(self._pointer, ctypes.byref(saved), ctypes.sizeof(_State))

    def monitor_return(self) -> None:
        """RTS from a monitor routine the Python side answered, at what the traps cost."""
        state = self._state
        low = self._memory[0x100 | ((state.sp + 1) & 0xFF)]
        high = self._memory[0x100 | ((state.sp + 2) & 0xFF)]
        state.sp = (state.sp + 2) & 0xFF
        state.pc = ((high << 8 | low) + 1) & 0xFFFF
        state.cycles += state.trap_cycles

    @property
    def last_write(self) -> int:
        return int(self._state.last_write)
