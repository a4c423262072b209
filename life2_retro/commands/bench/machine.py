"""What a benchmark ran on: the CPU's model, the cores this process may use, the load beside it.

A figure per wall second changes with whatever else the machine is doing; a figure per CPU-second
does not, but it still depends on the CPU. So a bench names the CPU with its figures.
"""

from __future__ import annotations

import os
import platform


def cpu_model(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The CPU's model as the kernel names it (`model name` on x86, `Hardware` or `Processor` on
    some ARM boards), with its family, model and clock where the kernel gives them (a virtual
    machine may name only the line, "AMD EPYC", and the numbers tell its generation), else what
    Python's platform module says."""
    try:
        with open(cpuinfo, encoding="ascii", errors="replace") as info:
            first_cpu = info.read().split("\n\n", 1)[0]
    except OSError:
        first_cpu = ""
    pairs = (line.partition(":") for line in first_cpu.splitlines())
    fields = {key.strip(): value.strip() for key, _, value in pairs}
    name = next(
        (fields[key] for key in ("model name", "Hardware", "Processor", "cpu model") if fields.get(key)),
        platform.processor() or platform.machine() or "an unknown CPU",
    )
    details = [f"{key} {fields[key]}" for key in ("cpu family", "model", "stepping") if fields.get(key)]
    if fields.get("cpu MHz", "").replace(".", "", 1).isdigit():
        details.append(f"{float(fields['cpu MHz']):.0f} MHz")
    if "hypervisor" in fields.get("flags", "").split():
        details.append("under a hypervisor")
    return f"{name} ({', '.join(details)})" if details else name


def usable_cores() -> int:
    """The cores this process may run on (its affinity), which a container may hold below the count."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def describe() -> str:
    """One line: the CPU, the cores, and the load when the bench started."""
    try:
        load = " ".join(f"{figure:.2f}" for figure in os.getloadavg())
        load_note = f"; load average {load} as it starts"
    except OSError:  # pragma: no cover - no load average on this system
        load_note = ""
    return f"{cpu_model()}, {usable_cores()} cores usable{load_note}"
