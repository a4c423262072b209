"""What the host is told about a seat's door: who sat down, from where; and the rest in bursts.

A player sitting down, leaving, or coming back is said at once, with the
peer's address. A connection that only knocks (turned away, a wrong code, no
code) is said at once when it is the first for a while; the ones that follow
within `window` seconds are counted and said in one line at the end of it, so
a script that connects five hundred times makes a few lines, not five hundred.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable


class DoorNotices:
    def __init__(self, who: str, say: Callable[[str], None], window: float = 5.0) -> None:
        self.who = who
        self.say = say
        self.window = window
        self._until = float("-inf")
        self._what: Counter[str] = Counter()
        self._hosts: list[str] = []

    def event(self, text: str) -> None:
        self.say(text)

    def knock(self, what: str, peer: str, host: str, now: float) -> None:
        """A connection at the door that did not sit down, and `what` came of it ("left without a code")."""
        self.tick(now)
        if now >= self._until:
            self.say(f"{self.who}'s door: a connection from {peer}: {what}")
            self._until = now + self.window
            return
        self._what[what] += 1
        if host not in self._hosts and len(self._hosts) < 3:
            self._hosts.append(host)

    def tick(self, now: float) -> None:
        """At the end of a window, the knocks counted in it, in one line."""
        if now < self._until or not self._what:
            return
        count = sum(self._what.values())
        kinds = "; ".join(f"{n} {what}" for what, n in self._what.most_common())
        hosts = ", ".join(self._hosts)
        self.say(f"{self.who}'s door: {count} more connection{'s' * (count != 1)} from {hosts}: {kinds}")
        self._what.clear()
        self._hosts.clear()
        self._until = now + self.window
