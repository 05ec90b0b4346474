"""Rule sets: the six presets exactly as docs/rules.md ("The six presets") tabulates them, validation, variants."""

from __future__ import annotations

import dataclasses

import pytest

from thirtyone.rules import COMMERCE_ONLY, DRAW_ONLY, PRESETS, RULE_FIELDS, Family, Rules

NAMES = ("scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow")
on, off, NA = True, False, None  # the table's "on", "off" and "—"

# docs/rules.md, "The six presets": the preset table, copied cell by cell (rows: field; columns: NAMES).
TABLE: dict[str, tuple[object, ...]] = {
    "deck": (52, 32, 32, 32, 52, 52),
    "family": ("draw", "commerce", "commerce", "commerce", "draw", "commerce"),
    "lives": (3, 3, 3, 3, 3, 3),
    "swimming": (on, on, on, off, off, on),
    "three_of_a_kind": (None, 30.5, 30.5, 30.5, 30.5, None),
    "three_aces": (None, 32, 32, 32, 32, None),
    "fire": (off, off, on, on, on, off),
    "instant_31": ("others_lose", "showdown", "showdown", "showdown", "showdown", "others_lose"),
    "ties": ("all_lose", "tiebreak", "tiebreak", "tiebreak", "tiebreak", "all_lose"),
    "knocker_lowest": ("two_lives", "one_life", "one_life", "two_if_sole", "two_if_sole", "two_lives"),
    "knocker_wins_ties": (off, off, off, on, on, off),
    "loser": ("lowest", "lowest", "lowest", "under_21", "under_21", "lowest"),
    "first_knock": ("anytime", "anytime", "anytime", "not_own_first_turn", "not_own_first_turn", "anytime"),
    "allow_pass": (NA, on, on, on, NA, on),
    "allow_swap_all": (NA, on, on, on, NA, on),
    "all_pass": (NA, "new_center", "new_center", "new_center", NA, "showdown"),
    "first_choice": (NA, "dealer", "dealer", "dealer", NA, "left_of_dealer"),
    "dealer_exchange": (off, NA, NA, NA, on, NA),
    "discard_taken": (on, NA, NA, NA, off, NA),
}


def test_the_table_covers_every_field() -> None:
    assert set(TABLE) == set(RULE_FIELDS)
    assert set(PRESETS) == set(NAMES) == set(Rules.PRESET_NAMES)


@pytest.mark.parametrize("field", list(TABLE))
@pytest.mark.parametrize("column", range(len(NAMES)), ids=NAMES)
def test_every_cell_of_the_preset_table(field: str, column: int) -> None:
    expected = TABLE[field][column]
    got = getattr(Rules.preset(NAMES[column]), field)
    kind = type(expected) if field != "family" else Family  # the family is a Family, equal to its string
    assert got == expected and type(got) is kind, (NAMES[column], field, got)


@pytest.mark.parametrize("name", NAMES)
def test_a_preset_knows_its_name(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.name == name
    assert str(rules) == f"Rules({name})"
    assert PRESETS[name] is rules


def test_the_default_rule_set_is_scat() -> None:
    assert Rules() == Rules.preset("scat")


@pytest.mark.parametrize(("spelling", "name"), [
    ("Schwimmen", "schwimmen"), (" SCAT ", "scat"), ("bga_draw", "bga-draw"), ("BGA commerce", "bga-commerce"),
    ("blitz", "scat"), ("fire", "feuer"), ("knack", "schwimmen"),
])
def test_preset_names_forgive_case_spaces_and_underscores(spelling: str, name: str) -> None:
    assert Rules.preset(spelling) is PRESETS[name]


def test_an_unknown_preset_lists_the_names() -> None:
    with pytest.raises(ValueError, match="unknown preset 'poker'") as err:
        Rules.preset("poker")
    for name in NAMES:
        assert name in str(err.value)


def test_max_players_follows_the_deck() -> None:
    assert Rules.preset("schwimmen").max_players == 8
    assert Rules.preset("scat").max_players == 9


# -- frozen and replace ----------------------------------------------------------------------
def test_rule_sets_are_frozen_and_hashable() -> None:
    rules = Rules.preset("scat")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.lives = 5  # type: ignore[misc]
    assert len({Rules.preset(n) for n in NAMES}) == 6
    assert hash(Rules()) == hash(Rules.preset("scat"))


def test_replace_makes_a_validated_variant_and_leaves_the_original() -> None:
    scat = Rules.preset("scat")
    five = scat.replace(lives=5)
    assert (five.lives, scat.lives) == (5, 3)
    assert five.name == "custom"
    assert five.differences(scat) == {"lives": (5, 3)}
    assert scat.replace() == scat
    with pytest.raises(ValueError, match="Rules.lives"):
        scat.replace(lives=0)
    with pytest.raises(ValueError, match="no field 'live'"):
        scat.replace(live=5)


def test_replace_family_fills_the_new_familys_options() -> None:
    commerce = Rules.preset("scat").replace(family="commerce")
    assert commerce.family == "commerce"
    assert (commerce.dealer_exchange, commerce.discard_taken) == (None, None)
    assert commerce.allow_pass is True and commerce.all_pass == "new_center"
    draw = Rules.preset("widow").replace(family="draw")
    assert (draw.allow_pass, draw.allow_swap_all, draw.all_pass, draw.first_choice) == (None, None, None, None)
    assert (draw.dealer_exchange, draw.discard_taken) == (False, True)
    assert Rules.preset("schwimmen").replace(family="draw", dealer_exchange=True).dealer_exchange is True


# -- validation: every field -------------------------------------------------------------------
# (field, a bad value, a rule set the field belongs to, text the error must hold)
BAD = [
    ("deck", 36, "scat", "allowed values are 32 | 52"),
    ("deck", "52", "scat", "whole number"),
    ("family", "poker", "scat", "allowed values are 'draw' | 'commerce'"),
    ("lives", 0, "scat", "at least 1"),
    ("lives", 2.5, "scat", "whole number"),
    ("lives", True, "scat", "whole number"),
    ("swimming", "yes", "scat", "True or False"),
    ("three_of_a_kind", 30, "scat", "allowed values are None | 30.5"),
    ("three_of_a_kind", True, "scat", "allowed values are None | 30.5"),
    ("three_aces", 33, "scat", "allowed values are None | 32"),
    ("fire", 1, "scat", "True or False"),
    ("instant_31", "win", "scat", "allowed values are 'others_lose' | 'showdown'"),
    ("ties", "split", "scat", "allowed values are 'all_lose' | 'tiebreak'"),
    ("knocker_lowest", "three_lives", "scat", "allowed values are 'two_lives' | 'two_if_sole' | 'one_life'"),
    ("knocker_wins_ties", None, "scat", "True or False"),
    ("loser", "highest", "scat", "allowed values are 'lowest' | 'under_21'"),
    ("first_knock", "never", "scat",
     "allowed values are 'anytime' | 'not_first_turn' | 'not_own_first_turn' | 'not_first_orbit'"),
    ("allow_pass", None, "schwimmen", "True or False"),
    ("allow_swap_all", "no", "schwimmen", "True or False"),
    ("all_pass", None, "schwimmen", "allowed values are 'new_center' | 'showdown'"),
    ("first_choice", "me", "schwimmen", "allowed values are None | 'dealer' | 'left_of_dealer'"),
    ("dealer_exchange", None, "scat", "True or False"),
    ("discard_taken", "sometimes", "scat", "True or False"),
]


def test_every_field_has_a_validation_case() -> None:
    assert {field for field, *_ in BAD} == set(RULE_FIELDS)


@pytest.mark.parametrize(("field", "value", "base", "allowed"), BAD, ids=[f"{b[0]}={b[1]!r}" for b in BAD])
def test_a_bad_value_names_the_field_and_the_allowed_values(field: str, value: object, base: str,
                                                           allowed: str) -> None:
    with pytest.raises(ValueError) as err:
        Rules.preset(base).replace(**{field: value})
    assert f"Rules.{field}" in str(err.value)
    assert allowed in str(err.value)
    with pytest.raises(ValueError, match=f"Rules.{field}"):
        Rules(**{**{f: getattr(Rules.preset(base), f) for f in RULE_FIELDS}, field: value})


@pytest.mark.parametrize("field", COMMERCE_ONLY + ("first_choice",))
def test_commerce_options_are_refused_in_a_draw_rule_set(field: str) -> None:
    value = Rules.preset("schwimmen").__getattribute__(field)
    with pytest.raises(ValueError, match=f"Rules.{field} is a commerce option and must be None"):
        Rules.preset("scat").replace(**{field: value})


@pytest.mark.parametrize("field", DRAW_ONLY)
def test_draw_options_are_refused_in_a_commerce_rule_set(field: str) -> None:
    with pytest.raises(ValueError, match=f"Rules.{field} is a draw-and-discard option and must be None"):
        Rules.preset("schwimmen").replace(**{field: True})


def test_commerce_may_have_no_first_choice() -> None:
    assert Rules.preset("schwimmen").replace(first_choice=None).first_choice is None


# -- summary -------------------------------------------------------------------------------------
def test_summaries_are_sentences_that_tell_the_presets_apart() -> None:
    texts = {name: Rules.preset(name).summary() for name in NAMES}
    assert len(set(texts.values())) == 6
    for text in texts.values():
        assert not text[0].islower() and text.endswith(".")
        assert "Rules(" not in text and "None" not in text and "_" not in text


@pytest.mark.parametrize(("name", "phrases"), [
    ("scat", ["52-card deck", "Draw and discard", "3 lives", "swimming", "everyone else loses a life",
              "everyone tied for lowest loses", "loses two lives"]),
    ("schwimmen", ["32-card deck", "Swap with the center", "or all three", "or pass", "30.5", "count 32",
                   "lowest hand loses as usual", "ties are broken", "loses one life, like anyone", "The dealer may first take"]),
    ("feuer", ["Feuer", "even a player holding 31"]),
    ("bga-commerce", ["under 21", "alone with the lowest hand", "knocker wins ties", "Only the dealer may knock"]),
    ("bga-draw", ["52-card deck", "Draw and discard", "swap their hand for three stock cards",
                  "may not throw away the card you just took"]),
    ("widow", ["Swap with the center", "showdown", "The player left of the dealer may first take"]),
])
def test_a_summary_mentions_what_sets_the_rule_set_apart(name: str, phrases: list[str]) -> None:
    text = Rules.preset(name).summary()
    for phrase in phrases:
        assert phrase in text, (name, phrase, text)


def test_a_summary_follows_a_changed_option() -> None:
    scat = Rules.preset("scat")
    assert "5 lives" in scat.replace(lives=5).summary()
    assert "1 life each; lose the last one and you are out." in scat.replace(lives=1, swimming=False).summary()
    assert "very first turn" in scat.replace(first_knock="not_first_turn").summary()
    assert "until everyone has had a turn" in scat.replace(first_knock="not_first_orbit").summary()
    assert "swimming" not in Rules.preset("bga-draw").summary()


def test_coerce_takes_a_rule_set_a_name_or_nothing_and_names_what_is_allowed() -> None:
    feuer = Rules.preset("feuer")
    assert Rules.coerce(feuer) is feuer
    assert Rules.coerce(" Schwimmen ") == Rules.preset("schwimmen")
    assert Rules.coerce(None) == Rules()
    with pytest.raises(TypeError, match="a Rules or a preset name .*scat.*not int 3"):
        Rules.coerce(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown preset 'nope': choose one of scat"):
        Rules.coerce("nope")


def test_family_is_a_closed_set_equal_to_its_string() -> None:
    r = Rules.preset("schwimmen")
    assert r.family is Family.COMMERCE and r.family == "commerce" and f"{r.family}" == "commerce"
    assert Rules(family="draw") == Rules() and hash(Rules(family="draw")) == hash(Rules())
    with pytest.raises(ValueError, match="family"):
        Rules(family="drw")
    with pytest.raises(AttributeError):
        Family.DRAWW  # noqa: B018 (a misspelt member is an error)
