"""The rule editor: any rule set from a preset and every option, in words, the other family's options hidden."""

from __future__ import annotations

import pytest

from thirtyone import Rules
from thirtyone.names import option_label, value_short
from thirtyone.rules import COMMERCE_ONLY, DRAW_ONLY, PRESETS, RULE_FIELDS
from thirtyone.widgets.ruleset import CUSTOM, RuleEditor

INTERNAL = ("_", "None", "True", "False")


def shown(editor: RuleEditor) -> set[str]:
    return {f for f, m in editor.controls.items() if m.layout.display != "none"}


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_every_preset_shows_its_own_options_in_words(preset: str) -> None:
    editor = RuleEditor(preset)
    r = Rules.preset(preset)
    assert editor.rules == r and editor.preset_menu.value == preset
    other = set(COMMERCE_ONLY if r.family == "draw" else DRAW_ONLY)
    if r.family == "draw":
        other.add("first_choice")
    assert shown(editor) == set(RULE_FIELDS) - other
    for f in shown(editor):
        menu = editor.controls[f]
        assert editor.value_of(f) == getattr(r, f)
        assert menu.label  # a value is shown, never a blank menu
        assert menu.description == option_label(f)
        for label, _value in menu.options:
            assert not any(word in label for word in INTERNAL), (f, label)
    assert not any(word in editor.summary.value for word in ("_", "None"))


def test_an_option_changed_makes_own_rules_and_back_to_the_preset() -> None:
    editor = RuleEditor("scat", open_options=True)
    editor.controls["first_knock"].label = "not on the round's first turn"
    assert editor.rules == Rules().replace(first_knock="not_first_turn")
    assert editor.preset_menu.value == CUSTOM
    assert "Your own rules" in editor.summary.value
    editor.set("first_knock", "anytime")
    assert editor.rules == Rules() and editor.preset_menu.value == "scat"


def test_switching_family_shows_the_other_options() -> None:
    editor = RuleEditor("scat")
    editor.set("family", "commerce")
    assert editor.rules.family == "commerce" and editor.rules.allow_pass is True
    assert {"allow_pass", "allow_swap_all", "all_pass", "first_choice"} <= shown(editor)
    assert not {"dealer_exchange", "discard_taken"} & shown(editor)
    with pytest.raises(ValueError, match="does not apply"):
        editor.set("discard_taken", False)


def test_choosing_a_preset_sets_every_option() -> None:
    editor = RuleEditor("scat")
    editor.set("lives", 5)
    editor.choose("feuer")
    assert editor.rules == PRESETS["feuer"]
    assert editor.value_of("fire") is True
    assert editor.controls["fire"].label == value_short("fire", True)
    assert editor.preset_menu.value == "feuer"


def test_lives_alone_keep_the_preset_name() -> None:
    editor = RuleEditor("schwimmen")
    editor.set("lives", 5)
    assert editor.rules == Rules.preset("schwimmen").replace(lives=5)
    assert editor.preset_menu.value == "schwimmen"
    assert "Schwimmen, 5 lives each" in editor.summary.value


def test_bad_input_is_refused_and_changes_nothing() -> None:
    editor = RuleEditor("schwimmen")
    with pytest.raises(ValueError, match="cannot be"):
        editor.set("ties", "coin toss")
    with pytest.raises(ValueError, match="offers no option"):
        editor.set("colour", "red")
    with pytest.raises(ValueError, match="no rule option"):
        RuleEditor(fields=["colour"])
    assert editor.rules == PRESETS["schwimmen"]


def test_the_options_open_and_close() -> None:
    editor = RuleEditor("scat")
    assert editor.options_box.layout.display == "none"
    editor.toggle.value = True
    assert editor.options_box.layout.display == ""
