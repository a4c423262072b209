"""The door of a seat reached over a network: a code to sit down, one holder, and no client that can
freeze the game.

A network seat is offered to whoever can reach its port, so the port is a door
and not a seat: a connection is asked for the seat's code before anything of
the game is sent, and only the right code sits down (door.py). The door knows
a connection's framing only through `Framing` (telnet's negotiation, or a later
WebSocket's frames), so every network seat shares it: the codes and the wait
after a wrong one (codes.py), the addresses it listens on (address.py), and
what the host is told (notices.py).
"""
