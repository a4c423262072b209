"""Which 6502 runs: our C core where the system's compiler builds it, else py65 (the 6502 extra)."""

from __future__ import annotations

from .cpu import Cpu

NEEDS = (
    "the 6502 engine needs a C compiler (gcc or cc, for its own core) or py65: "
    "pip install 'life2-retro[6502]'"
)


class CoreUnavailable(Exception):
    """Neither core can run here; the message says what to install."""


def make_cpu(core: str = "auto") -> Cpu:
    """A 6502: `native` (our C core), `py65`, or `auto` (the C core where it builds, else py65).
    CoreUnavailable, saying what to install, when the one asked for cannot run."""
    if core in ("auto", "native"):
        from .native import NativeCpu, NativeUnavailable

        try:
            return NativeCpu()
        except NativeUnavailable as exc:
            if core == "native":
                raise CoreUnavailable(f"the 6502 engine's C core cannot be built: {exc}") from exc
    from .py65cpu import Py65Cpu, py65_missing

    if py65_missing():
        raise CoreUnavailable(NEEDS)
    return Py65Cpu()
