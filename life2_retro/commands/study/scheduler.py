"""Is there a Dask scheduler at the address given? Asked before any work, with a deadline.

Dask's client alone does not say: it takes `garbage` for a host name, waits for
ever on a server that accepts and says nothing, reads another server's bytes
as the length of a message (an SSH banner asks for 2.82 EiB), and after a
failure its __del__ waits again and prints a traceback at exit. So the study
reads the address itself, opens the connection itself (a refusal is known at
once), then asks Dask's `identity` through Dask's own comm with a deadline
over the whole exchange; only a scheduler that answers gets a client.
"""

from __future__ import annotations


class StudyError(Exception):
    """Something a person must fix before the study can run (a scheduler out of reach)."""


SCHEMES = ("tcp", "tls")


def scheduler_location(address: str) -> tuple[str, int]:
    """(host, port) of `tcp://HOST:PORT` (or `tls://`, or plain `HOST:PORT`); StudyError for anything
    else, read here rather than by Dask, whose client takes `garbage` for a host name and then
    hangs on it."""
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "tcp", address
    host, colon, port = rest.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 address: tcp://[::1]:8786
    if scheme not in SCHEMES or not (colon and host and port.isascii() and port.isdigit() and len(port) <= 5):
        raise StudyError(f"a Dask scheduler's address is tcp://HOST:PORT, not {address!r}")
    if not 0 < int(port) < 65536:
        raise StudyError(f"a Dask scheduler's address has a port from 1 to 65535, not {address!r}")
    return host, int(port)


def check_scheduler(address: str, seconds: float) -> None:
    """Make sure a Dask scheduler answers at `address` within `seconds`; StudyError in one line if
    not, or if Dask is not installed."""
    from importlib.util import find_spec

    host, port = scheduler_location(address)
    if find_spec("distributed") is None:
        raise StudyError('--scheduler needs Dask: pip install "life2-retro[dask]"')
    ask_scheduler(address, host, port, seconds)


def ask_scheduler(address: str, host: str, port: int, seconds: float) -> None:
    """The connection, then Dask's `identity`, each within what is left of `seconds`."""
    import asyncio
    import socket
    import time

    import distributed.comm.core  # noqa: F401 - for _identity: see below
    import distributed.security  # noqa: F401

    # Dask's modules are imported before the clock starts: on a loaded machine their import alone
    # took longer than a short deadline, and a worker's answer then came too late to be read
    unreachable = f"cannot reach the Dask scheduler at {address}"
    started = time.monotonic()
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except TimeoutError:
        raise StudyError(f"{unreachable}: no answer in {seconds:g} s") from None
    except OSError as exc:
        raise StudyError(f"{unreachable}: {exc.strerror or exc}") from None
    left = max(0.1, seconds - (time.monotonic() - started))
    try:
        answer = asyncio.run(asyncio.wait_for(_identity(address, left), left))
    except TimeoutError:
        raise StudyError(
            f"{address} is not a Dask scheduler: it did not answer Dask's greeting in {seconds:g} s"
        ) from None
    except Exception:  # its bytes are not Dask's: a bad length, a bad frame, a closed connection
        raise StudyError(f"{address} is not a Dask scheduler: it does not speak Dask's protocol") from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        said = f"it says it is a {kind}" if isinstance(kind, str) else "it does not say what it is"
        raise StudyError(f"{address} is not a Dask scheduler: {said}")


async def _identity(address: str, seconds: float) -> object:
    """The answer to Dask's `identity` at `address`, over one comm that is closed whatever happens."""
    from distributed.comm.core import connect
    from distributed.security import Security

    arguments = Security().get_connection_args("client")  # (untyped: see untyped_calls_exclude)
    comm = await connect(address, timeout=seconds, **arguments)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()
