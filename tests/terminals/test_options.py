"""A terminal's settings, declared once: checked with one message shape, and the same on the command
line, in the exhibit config and in the constructor."""

from __future__ import annotations

import argparse
import inspect

import pytest

from life2_retro.terminals import TERMINALS, offered, takes, terminal_class
from life2_retro.terminals.options import Option, OptionError, Switches, add_flags, from_args, from_table

BAUD = Option("baud", "the speed", default=110, kind=int, low=50, high=9600, zero="as fast as it comes")
COLOUR = Option("colour", "the colour", default="green", choices=("green", "amber"))
QUIET = Option("sound", "no sound", default=True, kind=bool, flag="--mute", negated=True)
SIZE = Option(
    "size", "the size", default=(1, 1), parse=lambda text: tuple(map(int, text.split("x"))), allows="WxH"
)
FEATURES = Switches("effects", ("glow", "scanlines"), "turn the {} off", make=frozenset)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (BAUD, 20, "speed is 20; allowed: 0 (as fast as it comes), a whole number from 50 to 9600"),
        (BAUD, 1.5, "allowed: 0 (as fast as it comes)"),
        (BAUD, True, "speed is True"),
        (COLOUR, "red", "allowed: 'green', 'amber'"),
        (QUIET, "no", "allowed: true or false"),
        (SIZE, "big", "allowed: WxH"),
        (FEATURES, ["bloom"], "allowed: a list of glow, scanlines"),
    ],
)
def test_a_value_is_refused_naming_where_it_was_written_and_what_is_allowed(option, value, message):
    with pytest.raises(OptionError) as caught:
        option.check(value, "speed" if option is BAUD else "x")
    assert message in str(caught.value)


def test_allowed_values_pass_through_converted():
    assert BAUD.check(0, "b") == 0 and BAUD.check(9600, "b") == 9600
    assert SIZE.check("3x4", "s") == (3, 4)
    assert FEATURES.check(["glow"], "e") == frozenset({"glow"})


OFFERED = {"paper": (BAUD, QUIET), "glass": (BAUD, COLOUR, FEATURES, QUIET)}


def _parse(*words: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_flags(parser.add_argument_group("t"), OFFERED)
    return parser.parse_args(list(words))


def test_one_flag_for_each_setting_and_the_help_names_who_takes_it():
    parser = argparse.ArgumentParser()
    add_flags(parser.add_argument_group("t"), OFFERED)
    text = parser.format_help()
    assert text.count("--baud") == 2  # usage and help: one flag for two terminals
    assert "paper, glass: the speed" in text and "glass: the colour" in text and "--no-glow" in text


def test_the_command_line_gives_the_chosen_terminal_its_keywords():
    assert from_args(_parse("--baud", "0", "--mute"), "paper", OFFERED) == {"baud": 0, "sound": False}
    glass = from_args(_parse("--colour", "amber", "--no-glow"), "glass", OFFERED)
    assert glass == {"colour": "amber", "effects": frozenset({"scanlines"})}


@pytest.mark.parametrize(
    ("words", "chosen", "message"),
    [
        (["--colour", "amber"], "paper", "--colour is for the glass terminal"),
        (["--no-glow"], "paper", "--no-glow is for the glass terminal"),
        (["--baud", "20"], "paper", "--baud for the paper terminal is 20; allowed"),
    ],
)
def test_the_command_line_refuses_what_the_chosen_terminal_does_not_take(words, chosen, message):
    with pytest.raises(OptionError) as caught:
        from_args(_parse(*words), chosen, OFFERED)
    assert message in str(caught.value)


def test_a_config_table_takes_the_same_settings_and_no_others():
    assert from_table({"baud": 300, "sound": False}, "paper", OFFERED["paper"]) == {
        "baud": 300,
        "sound": False,
    }
    with pytest.raises(OptionError, match=r"paper\.colour is not a key of \[paper\]; allowed: baud, sound"):
        from_table({"colour": "green"}, "paper", OFFERED["paper"])


@pytest.mark.parametrize("name", list(TERMINALS))
def test_each_constructor_takes_its_defaults_from_the_declaration(name):
    """The constructor's keyword defaults are the declared ones: one source for both."""
    terminal = terminal_class(name)
    parameters = inspect.signature(terminal.__init__).parameters
    window = inspect.signature(terminal.__mro__[1].__init__).parameters  # size and fullscreen live there
    for option in terminal.OPTIONS:
        parameter = parameters.get(option.name) or window.get(option.name)
        assert parameter is not None, (name, option.name)
        if isinstance(option, Option) and not option.required and option.name != "effects":
            assert parameter.default == option.default, (name, option.name)


def test_facts_go_only_to_the_terminals_that_declare_them():
    assert takes("teletype", erase="_", history_lines=300) == {"erase": "_", "history_lines": 300}
    assert takes("crt", erase="_", history_lines=300) == {}
    assert set(offered(["serial"])["serial"]) >= {option for option in terminal_class("serial").OPTIONS}
