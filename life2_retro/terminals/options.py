"""A terminal's settings, declared once where the terminal is.

Each terminal lists its options (`OPTIONS`): the keyword its constructor takes,
the default, what is allowed, and the help. The command line's flags, the
exhibit config's tables and the constructor's defaults all come from that one
list, the way a pyserial URL handler parses and refuses its own options. A
value is checked here, with one message shape wherever it was written:
`--baud for the crt is 110; allowed: 0 (as fast as it comes), 300, 1200, 9600`.
"""

from __future__ import annotations

import argparse
import reprlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def whole_number(text: str) -> int:
    """A whole number from the command line, read by its value: leading zeros count for nothing.

    int() alone refuses a string of more than 4,300 figures, zeros and all, so a flag given five
    thousand zeros and a 5 would be refused; a number of more than 4,300 figures that count is
    still a ValueError, which argparse reports as a usage error like any other bad number."""
    body = text.strip()
    sign = body[:1] if body[:1] in ("+", "-") else ""
    figures = body[len(sign) :]
    if figures.isascii() and figures.isdigit():
        figures = figures.lstrip("0") or "0"
    return int(sign + figures)


whole_number.__name__ = "whole number"  # argparse's words: "invalid whole number value: 'x'"


class OptionError(ValueError):
    """A setting a terminal does not take, or a value it does not allow; the message says which."""


@dataclass(frozen=True)
class Option:
    """One setting of a terminal."""

    name: str
    """The constructor's keyword, and the key in the exhibit config's table for the terminal."""
    help: str
    default: Any = None
    kind: type = str
    """int, float, str or bool: what a value must be."""
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    zero: str | None = None
    """What 0 means, when 0 is allowed beside the range or the choices ("as fast as it comes")."""
    parse: Callable[[str], Any] | None = None
    """Turns the written text into the value (a window size); ValueError when it cannot."""
    convert: Callable[[Any], Any] | None = None
    """Turns a written value of any kind into the setting (a list of switch names, or "all"); ValueError
    when it cannot, with what is wrong when `allows` does not say it."""
    written: str | None = None
    """The default as a config file writes it (TOML), where that is not the value itself."""
    allows: str = ""
    """What is allowed, in words, when the kind, choices and range do not say it."""
    flag: str = ""
    """The command line's flag; `--name` with dashes when empty."""
    metavar: str | None = None
    negated: bool = False
    """A true-by-default switch whose flag turns it off (`--mute` for `sound`)."""
    required: bool = False
    hidden: bool = False
    """On the command line for tests, out of the help and the config."""
    internal: bool = False
    """Set by the command from the program's runtime (the erase key), never by a person."""

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def dest(self) -> str:
        return self.cli_flag.removeprefix("--").replace("-", "_")

    def allowed(self) -> str:
        """What the option allows, as the messages and the help say it."""
        zero = [f"0 ({self.zero})"] if self.zero else []
        if self.allows:
            return ", ".join([*zero, self.allows])
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return ", ".join([*zero, *(repr(c) if isinstance(c, str) else _number(c) for c in self.choices)])
        if self.low is not None and self.high is not None:
            kind = "a whole number" if self.kind is int else "a number"
            return ", ".join([*zero, f"{kind} from {_number(self.low)} to {_number(self.high)}"])
        return "a whole number" if self.kind is int else "text"

    def check(self, value: Any, where: str) -> Any:
        """The value, converted and checked; OptionError naming `where` and what is allowed."""
        if self.convert is not None:
            try:
                return self.convert(value)
            except ValueError as exc:
                why = f": {exc}" if str(exc) else ""
                raise OptionError(f"{where} is {shown(value)}{why}; allowed: {self.allowed()}") from None
        if self.parse is not None and isinstance(value, str):
            try:
                return self.parse(value)
            except ValueError:
                raise OptionError(f"{where} is {shown(value)}; allowed: {self.allowed()}") from None
        if not self._fits(value):
            raise OptionError(f"{where} is {shown(value)}; allowed: {self.allowed()}")
        return value

    def _fits(self, value: Any) -> bool:
        if self.kind is bool:
            return isinstance(value, bool)
        if isinstance(value, bool):
            return False
        kinds: tuple[type[Any], ...] = (int, float) if self.kind is float else (self.kind,)  # value stays Any
        if self.parse is not None or not isinstance(value, kinds):
            return False
        if self.kind is str and not value.strip():
            return False
        if self.zero and value == 0:
            return True
        if self.choices:
            return value in self.choices
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlevel, _SHORT.maxlist = 60, 60, 3, 6


def shown(value: Any) -> str:
    """A value as a message quotes it: cut short, so a megabyte or a thousand nested lists written by
    mistake makes a line, not a screenful (or a RecursionError)."""
    return _SHORT.repr(value)


def _number(value: float) -> str:
    """As a person writes it: 4000000, 1.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class Switches:
    """A set of on/off features written as one option: a list in the config (the ones on), a
    `--no-NAME` flag each on the command line. The constructor gets `make(names on)`."""

    name: str
    features: tuple[str, ...]
    help: str
    """Said of each feature on the command line: "turn the {} off"."""
    make: Callable[[frozenset[str]], Any]
    hidden: bool = False

    @property
    def default(self) -> frozenset[str]:
        return frozenset(self.features)

    def allowed(self) -> str:
        return f"a list of {', '.join(self.features)}"

    def check(self, value: Any, where: str) -> frozenset[str]:
        if not (isinstance(value, list) and all(v in self.features for v in value)):
            raise OptionError(f"{where} is {shown(value)}; allowed: {self.allowed()}")
        return frozenset(value)


Declared = Option | Switches
Offered = Mapping[str, Sequence[Declared]]
"""Terminal name -> the options a command offers for it."""


# -- the command line ---------------------------------------------------------------------------------


def add_flags(group: argparse._ArgumentGroup, offered: Offered) -> None:
    """One flag for each option any offered terminal takes; the help names the terminals."""
    for flag, takers in _flags(offered).items():
        first = takers[0][1]
        names = [name for name, _ in takers] if len(offered) > 1 else []
        if isinstance(first, Switches):
            feature = flag.removeprefix("--no-")
            group.add_argument(
                flag, action="store_true", default=None, help=_said(names, first.help.format(feature))
            )
            continue
        helps = {name: option.help for name, option in takers if isinstance(option, Option)}
        if len(set(helps.values())) == 1:
            text = _said(names, first.help)
        else:
            text = "; ".join(f"{name}: {help}" for name, help in helps.items())
        shown = argparse.SUPPRESS if first.hidden else text
        if first.kind is bool:
            group.add_argument(flag, action="store_true", default=None, help=shown)
        else:
            choices = first.choices if len(takers) == 1 and first.choices and not first.zero else None
            metavar = None if choices else first.metavar or "N"
            group.add_argument(
                flag,
                type=whole_number if first.kind is int else first.kind,
                default=None,
                choices=choices,
                metavar=metavar,
                help=shown,
            )


def _said(names: Sequence[str], text: str) -> str:
    """The help, said of the terminals that take the option (of all the terminals offered)."""
    return f"{', '.join(names)}: {text}" if names else text


def _flags(offered: Offered) -> dict[str, list[tuple[str, Declared]]]:
    """Each flag, with the terminals that take it and their declaration, in declaration order."""
    flags: dict[str, list[tuple[str, Declared]]] = {}
    for name, options in offered.items():
        for option in options:
            if isinstance(option, Option) and option.internal:
                continue
            if isinstance(option, Switches):
                for feature in option.features:
                    flags.setdefault(f"--no-{feature}", []).append((name, option))
            else:
                flags.setdefault(option.cli_flag, []).append((name, option))
    return flags


def from_args(args: argparse.Namespace, chosen: str, offered: Offered, of: str = "") -> dict[str, Any]:
    """The chosen terminal's constructor keywords from parsed flags; OptionError for a flag that only
    other terminals take, a value the chosen one does not allow, or a required one not given.
    `of` names what the options are of in messages (default: the chosen terminal)."""
    of = of or f"the {chosen} terminal"
    takes = {option.name for option in offered[chosen]}
    for flag, takers in _flags(offered).items():
        if getattr(args, flag.removeprefix("--").replace("-", "_"), None) is None:
            continue
        if not any(name == chosen for name, _ in takers):
            users = [name for name, _ in takers]
            named = users[0] if len(users) == 1 else f"{', '.join(users[:-1])} and {users[-1]}"
            raise OptionError(f"{flag} is for the {named} terminal{'s' * (len(users) > 1)}")
    chosen_options: dict[str, Any] = {}
    for option in offered[chosen]:
        if isinstance(option, Option) and option.internal:
            continue
        if isinstance(option, Switches):
            off = {f for f in option.features if getattr(args, f"no_{f}", None)}
            chosen_options[option.name] = option.make(option.default - off)
            continue
        given = getattr(args, option.dest, None)
        if given is None:
            if option.required:
                raise OptionError(f"{option.cli_flag} is needed for {of}: {option.help}")
            continue
        value = (not given) if option.negated else given
        if not option.negated:
            value = option.check(value, f"{option.cli_flag} for {of}")
        chosen_options[option.name] = value
    assert set(chosen_options) <= takes
    return chosen_options


# -- the exhibit config ----------------------------------------------------------------------------------


def from_table(
    table: Mapping[str, Any], title: str, options: Iterable[Declared], where: str | None = None
) -> dict[str, Any]:
    """A config table's values, checked; OptionError naming `title.key` (or `where`, for a key an older
    config wrote elsewhere)."""
    by_name = {
        option.name: option
        for option in options
        if not option.hidden and not (isinstance(option, Option) and option.internal)
    }
    values: dict[str, Any] = {}
    for key, value in table.items():
        option = by_name.get(key)
        if option is None:
            named = where or f"{title}.{key}"
            raise OptionError(f"{named} is not a key of [{title}]; allowed: {', '.join(by_name)}")
        checked = option.check(value, where or f"{title}.{key}")
        values[key] = option.make(checked) if isinstance(option, Switches) else checked
    return values


def defaults(options: Iterable[Declared]) -> dict[str, Any]:
    """Every option at its default, as the constructor would take it."""
    found: dict[str, Any] = {}
    for option in options:
        found[option.name] = option.make(option.default) if isinstance(option, Switches) else option.default
    return found


# -- a seat's words ---------------------------------------------------------------------------------

TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def from_words(words: Sequence[str], options: Iterable[Declared], of: str) -> dict[str, Any]:
    """`name=value` words (a seat's: `serial,port=/dev/ttyUSB0,baud=300`), read by the terminal's own
    declaration, as its flags and its config table are; OptionError naming the word and what is
    allowed. A name may be written with dashes (`fill-cr`); a list of switches joins its names with
    `+` (`effects=bloom+scanlines`, or nothing for none)."""
    by_name = {
        option.name: option for option in options if not (isinstance(option, Option) and option.internal)
    }
    values: dict[str, Any] = {}
    for word in words:
        name, equals, text = word.partition("=")
        name = name.strip().replace("-", "_")
        option = by_name.get(name)
        if option is None or not equals:
            if option is None:
                allowed = ", ".join(by_name) or "none"
                raise OptionError(f"{shown(word)} is no setting of {of}; its settings: {allowed}")
            raise OptionError(f"{name} for {of} needs a value: {name}=VALUE; allowed: {option.allowed()}")
        where = f"{name} for {of}"
        if isinstance(option, Switches):
            chosen = [part for part in text.split("+") if part]
            values[name] = option.make(option.check(chosen, where))
        else:
            values[name] = option.check(_value_of(option, text, where), where)
    for option in by_name.values():
        if isinstance(option, Option) and option.required and option.name not in values:
            raise OptionError(f"{option.name}=... is needed for {of}: {option.help}")
    return values


def _value_of(option: Option, text: str, where: str) -> Any:
    """The written text as the kind the option declares (its own `parse` or `convert` reads it)."""
    if option.parse is not None or option.convert is not None or option.kind is str:
        return text
    if option.kind is bool:
        if text.lower() in TRUE_WORDS + FALSE_WORDS:
            return text.lower() in TRUE_WORDS
        raise OptionError(f"{where} is {shown(text)}; allowed: {option.allowed()}")
    try:
        return whole_number(text) if option.kind is int else option.kind(text)
    except ValueError:
        raise OptionError(f"{where} is {shown(text)}; allowed: {option.allowed()}") from None
