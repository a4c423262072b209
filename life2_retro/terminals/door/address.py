"""Where a network seat listens, and how a peer is named to the host.

`bind` is an address of this machine, written as numbers (127.0.0.1, ::1,
0.0.0.0, ::) or `localhost`: a name would be looked up in the DNS, which can
wait for half a minute without a network and can answer with another machine.
"""

from __future__ import annotations

import ipaddress
import os
import socket

ANY_ADDRESSES = ("0.0.0.0", "::")


def bind_address(text: str) -> str:
    """The address as life2 listens on it; ValueError for anything that is not an IP address."""
    written = text.strip()
    if written.lower() == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.ip_address(written.removeprefix("[").removesuffix("]")))
    except ValueError:
        raise ValueError(text) from None


def is_loopback(bind: str) -> bool:
    """Whether only this machine can reach the address (127.0.0.0/8, ::1)."""
    return ipaddress.ip_address(bind).is_loopback


def listen(bind: str, port: int) -> socket.socket:
    """A listening socket, non-blocking, on `bind` (IPv4 or IPv6; `::` takes IPv4 too where the system
    can); OSError with one clear line when it cannot be had."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    dual = bind == "::" and socket.has_dualstack_ipv6()
    try:
        listener = socket.create_server((bind, port), family=family, dualstack_ipv6=dual, backlog=32)
    except OSError as exc:  # the system's words for it, without Python's note of the address
        why = os.strerror(exc.errno) if exc.errno else str(exc)
        raise OSError(f"cannot listen on {bind} port {port}: {why}") from None
    listener.setblocking(False)
    return listener


def host_of(peer: tuple[str, int] | tuple[str, int, int, int]) -> str:
    """The peer's address without its port; an IPv4 client of a dual-stack listener as IPv4."""
    return str(peer[0]).removeprefix("::ffff:")


def named(peer: tuple[str, int] | tuple[str, int, int, int]) -> str:
    """A peer as the host reads it: 127.0.0.1:52114, [::1]:52114."""
    host = host_of(peer)
    return f"[{host}]:{peer[1]}" if ":" in host else f"{host}:{peer[1]}"


def shown_bind(bind: str, port: int) -> str:
    """Where a seat listens, as a person writes it to connect: 127.0.0.1 port 2323, ::1 port 2323."""
    return f"{bind} port {port}"


def door_of(bind: str, code: str | None, allows: str) -> tuple[str, str | None]:
    """A network seat's address and code, as every such seat takes them: `bind` read as an address
    (`allows` says what it may be), `code=none` only for a seat on this machine, no code given made
    here. The code is None for `code=none`."""
    from .codes import make_code

    try:
        address = bind_address(bind)
    except ValueError:
        raise OSError(f"cannot listen on {bind!r}: {allows}") from None
    if code is not None and code.strip().lower() == "none":
        if not is_loopback(address):
            raise OSError(
                f"code=none is for a seat on this machine only, and bind={bind} offers it to the network: "
                "leave code out (life2 makes one) or give one"
            )
        return address, None
    return address, code or make_code()
