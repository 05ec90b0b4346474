"""Lesson 4: the presets' differences and the staged rounds replayed under every rule set."""

from __future__ import annotations

import pytest

from thirtyone import Rules, deck
from thirtyone.rules import PRESETS, RULE_FIELDS
from thirtyone.variants import (
    SITUATIONS,
    Situation,
    describe_value,
    difference_rows,
    option_meanings,
    replay,
    replay_all,
)
from thirtyone.widgets import PresetTable, RuleReplay

NAMES = ["Sam", "Ana", "Ben"]


# -- the table of differences ----------------------------------------------------------------
def test_every_rule_field_has_its_docstring_as_meaning() -> None:
    meanings = option_meanings()
    assert set(meanings) == set(RULE_FIELDS)
    assert all(meanings.values())
    assert meanings["knocker_wins_ties"] == "The knocker wins any tie of equal value, before the suit or rank tie-break."


def test_difference_rows_are_exactly_the_fields_that_differ() -> None:
    for a in Rules.PRESET_NAMES:
        for b in Rules.PRESET_NAMES:
            rows = difference_rows([a, b])
            assert {r.field for r in rows} == set(Rules.preset(a).differences(Rules.preset(b)))
    assert len(difference_rows(["scat"], everything=True)) == len(RULE_FIELDS)


def test_difference_rows_say_values_and_sources() -> None:
    rows = {r.field: r for r in difference_rows()}
    assert "lives" not in rows  # every preset plays three lives
    assert rows["instant_31"].values == ("others lose a life", "showdown", "showdown", "showdown", "showdown",
                                         "others lose a life")
    assert dict(rows["instant_31"].played_by) == {"others lose a life": "002, 003", "showdown": "000, 001"}
    assert rows["knocker_lowest"].values[0] == "two lives"
    assert rows["allow_pass"].values == ("—", "on", "on", "on", "—", "on")  # a draw preset has no pass
    assert "—" not in dict(rows["allow_pass"].played_by)


@pytest.mark.parametrize("field", RULE_FIELDS)
def test_every_value_of_every_preset_reads_as_words(field: str) -> None:
    for r in PRESETS.values():
        text = describe_value(field, getattr(r, field), r)
        assert text and "None" not in text and "_" not in text


# -- the staged rounds -------------------------------------------------------------------------
def test_situations_use_cards_both_decks_hold_each_once() -> None:
    small = set(deck(32))
    for s in SITUATIONS.values():
        cards = [c for h in s.cards() for c in h]
        assert len(set(cards)) == len(cards) == 3 * s.players, s.key
        assert set(cards) <= small, s.key


@pytest.mark.parametrize("key", list(SITUATIONS))
def test_every_situation_plays_to_the_end_under_every_preset_with_hands_as_dealt(key: str) -> None:
    sit = SITUATIONS[key]
    for rp in replay_all(key):
        assert rp.error == "" and rp.end is not None and rp.result is not None, (key, rp.rules.name, rp.error)
        assert rp.end.round_over
        final = rp.result.hands
        assert [tuple(sorted(h)) for h in final if h is not None] == [tuple(sorted(h)) for h in sit.cards()]
        if sit.knocker is not None and rp.result.how == "knock":
            assert rp.result.knocker == sit.knocker
        assert rp.explain(NAMES).startswith(("Sam", "Ana", "Ben"))


def losses(key: str) -> dict[str, tuple[int, ...]]:
    return {rp.rules.name: rp.result.losses for rp in replay_all(key)}  # type: ignore[union-attr]


def test_instant_31_others_lose_or_showdown() -> None:
    got = losses("instant-31")
    assert got["scat"] == got["widow"] == (1, 0, 1)
    assert got["schwimmen"] == got["feuer"] == (1, 0, 0)
    assert got["bga-draw"] == (1, 0, 1)  # a showdown where everyone under 21 loses


def test_ties_all_lose_or_break_by_suit() -> None:
    got = losses("ties")
    assert got["scat"] == (0, 1, 1)
    assert got["schwimmen"] == (0, 0, 1)  # clubs beat hearts


def test_knocker_lowest_two_lives_one_or_two_if_alone() -> None:
    got = losses("knocker-lowest")
    assert got["scat"] == (2, 0, 0) and got["schwimmen"] == (1, 0, 0) and got["bga-commerce"] == (2, 0, 0)
    tie = losses("knocker-tie")
    assert tie["scat"] == (2, 1, 0) and tie["schwimmen"] == (1, 0, 0)


def test_three_aces_eleven_32_or_fire() -> None:
    rules = {rp.rules.name: rp for rp in replay_all("feuer")}
    assert rules["scat"].result.losses == (0, 0, 1)  # type: ignore[union-attr]
    assert rules["schwimmen"].result.losses == (0, 1, 0)  # type: ignore[union-attr]
    assert rules["feuer"].result.how == "fire" and rules["feuer"].result.losses == (1, 1, 0)  # type: ignore[union-attr]


def test_under_21_and_lives() -> None:
    assert losses("under-21")["scat"] == (0, 0, 1) and losses("under-21")["bga-draw"] == (0, 1, 1)
    ends = {rp.rules.name: rp.end for rp in replay_all("lives")}
    assert ends["scat"].swimming[1] and not ends["scat"].out[1]  # type: ignore[union-attr]
    assert ends["bga-commerce"].out[1]  # type: ignore[union-attr]
    assert "out of the game" in replay("lives", "bga-draw").explain(NAMES)
    assert "swimming" in replay("lives", "scat").explain(NAMES)


def test_a_situation_the_rules_cannot_play_says_why() -> None:
    no_pass = Rules.preset("schwimmen").replace(allow_pass=False)
    rp = replay("ties", no_pass)
    assert rp.result is None and "do not allow passing" in rp.explain()
    big = Situation("big", "Nine", tuple(["7♣ 8♣ 9♣"] * 9))
    assert "players must be 2 to 8" in replay(big, "schwimmen").error


# -- the widgets -------------------------------------------------------------------------------
def test_preset_table_follows_the_ticks() -> None:
    t = PresetTable()
    assert "<table" in t.table.value and "who plays what" in t.table.value
    for name in ("feuer", "bga-commerce", "bga-draw", "widow"):
        t.boxes[name].value = False
    assert {r.field for r in t.rows} == set(Rules.preset("scat").differences(Rules.preset("schwimmen")))
    assert "What each option means" in t.table.value
    t.boxes["scat"].value = False
    assert len(t.rows) == len(RULE_FIELDS)  # one rule set: every option
    t.boxes["schwimmen"].value = False
    assert "Tick at least one" in t.table.value
    t.boxes["scat"].value = t.boxes["widow"].value = True
    t.every_box.value = True
    assert len(t.rows) == len(RULE_FIELDS)


def test_rule_replay_shows_every_preset_and_marks_changes() -> None:
    r = RuleReplay("feuer")
    assert len(r.replays) == 6
    assert r.results.value.count("<tr") == 7 and 'class="to-changed"' in r.results.value
    assert [list(row.cards) for row in r.rows] == [[int(c) for c in h] for h in SITUATIONS["feuer"].cards()]
    assert "Fire" in r.results.value and "21, 20, 32" in r.results.value and "21, 20, 11" in r.results.value
    r.menu.value = "lives"
    assert "1 life" in r.row_heads[1].value
    assert "out" in r.results.value and "swimming" in r.results.value


def test_rule_replay_own_hands_bad_input_is_a_message() -> None:
    r = RuleReplay("own")
    assert r.own_box.layout.display == "" and len(r.replays) == 6
    r.inputs[0].value = "2♣ 3♣ 4♣"
    assert r.replays == [] and "32-card deck" in r.results.value
    r.inputs[0].value = "A♣ K♣"
    assert "three cards" in r.results.value
    r.inputs[0].value = "K♣ 9♣ 8♦"  # also Ana's
    assert "in two hands" in r.results.value
    r.inputs[0].value = "A♠ K♠ Q♠"
    assert len(r.replays) == 6 and "Sam showed 31" in r.results.value
    r.menu.value = "ties"
    assert r.own_box.layout.display == "none"
