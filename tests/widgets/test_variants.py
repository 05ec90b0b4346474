"""Lesson 4: the presets' differences and the staged rounds replayed under every rule set."""

from __future__ import annotations

import html
import itertools
import re
from typing import Any

import pytest

from thirtyone import Rules, deck, i18n, names
from thirtyone.rules import PRESETS, RULE_FIELDS
from thirtyone.side_by_side import (
    GROUPS,
    SITUATIONS,
    Replay,
    Situation,
    describe_value,
    difference_rows,
    group_of,
    option_meanings,
    replay,
    replay_all,
)
from thirtyone.widgets import PresetTable, RuleReplay

NAMES = ["Sam", "Ana", "Ben"]


# -- the table of differences ----------------------------------------------------------------
INTERNAL = re.compile(r"\b(None|True|False|00[0-3]|others_lose|two_if_sole|two_lives|one_life|all_lose|"
                      r"tiebreak|under_21|not_first_turn|not_own_first_turn|not_first_orbit|new_center|"
                      r"left_of_dealer|bga-commerce|bga-draw|commerce|Fire|close[ds]?)\b|_")


def test_every_rule_field_has_its_meaning_from_the_registry() -> None:
    meanings = option_meanings()
    assert set(meanings) == set(RULE_FIELDS)
    assert all(meanings.values())
    assert meanings["knocker_wins_ties"] == names.OPTIONS["knocker_wins_ties"].meaning
    assert not any(INTERNAL.search(m) for m in meanings.values())


def test_difference_rows_are_exactly_the_fields_that_differ() -> None:
    for a in Rules.PRESET_NAMES:
        for b in Rules.PRESET_NAMES:
            rows = difference_rows([a, b])
            assert {r.field for r in rows} == set(Rules.preset(a).differences(Rules.preset(b)))
    assert len(difference_rows(["scat"], everything=True)) == len(RULE_FIELDS)


def test_difference_rows_of_three_presets_hold_every_field_any_two_differ_in() -> None:
    names = ("schwimmen", "feuer", "bga-commerce")  # feuer differs from schwimmen in Feuer alone
    rules = [Rules.preset(n) for n in names]
    differ = {f for x in rules for y in rules for f in x.differences(y)}
    assert "swimming" in differ and {r.field for r in difference_rows(names)} == differ


def test_difference_rows_say_values_and_sources() -> None:
    rows = {r.field: r for r in difference_rows()}
    assert "lives" not in rows  # every preset plays three lives
    others, showdown = names.value_short("instant_31", "others_lose"), names.value_short("instant_31", "showdown")
    assert rows["instant_31"].values == (others, showdown, showdown, showdown, showdown, others)
    assert dict(rows["instant_31"].played_by) == {others: "the classic rules and the Scat rule page",
                                                  showdown: "GameCircle and Board Game Arena"}
    assert rows["knocker_lowest"].values[0] == "two lives"
    assert rows["knocker_lowest"].label == "A knocker with the lowest hand"
    assert rows["allow_pass"].values == ("—", "yes", "yes", "yes", "—", "yes")  # a draw preset has no pass
    assert "—" not in dict(rows["allow_pass"].played_by)


@pytest.mark.parametrize("field", RULE_FIELDS)
def test_every_value_of_every_preset_reads_as_words(field: str) -> None:
    for r in PRESETS.values():
        text = describe_value(field, getattr(r, field), r)
        assert text and not INTERNAL.search(text), (field, text)


# -- the staged rounds -------------------------------------------------------------------------
def test_situations_use_cards_their_decks_hold_each_once() -> None:
    small = set(deck(32))
    for s in SITUATIONS.values():
        cards = [c for h in s.cards() for c in h] + list(s.rest_cards())
        assert len(set(cards)) == len(cards) == 3 * s.players + len(s.rest_cards()), s.key
        if s.presets == Rules.PRESET_NAMES:  # dealt from both decks
            assert set(cards) <= small, s.key
        for _label, r in s.rule_sets():
            assert set(cards) <= set(deck(r.deck)), s.key


def test_situations_read_as_words() -> None:
    for s in SITUATIONS.values():
        labels = [label for label, _r in s.rule_sets()]
        assert len(set(labels)) == len(labels) >= 2, s.key
        for text in [s.title, s.teaches, *labels, *(s.role(i) for i in range(s.players))]:
            assert not INTERNAL.search(text), (s.key, text)
        for rp in replay_all(s):
            assert not INTERNAL.search(rp.explain(NAMES)), (s.key, rp.explain(NAMES))
            assert not any(INTERNAL.search(m) for m in rp.moves(NAMES)), s.key


STILL = [k for k, s in SITUATIONS.items() if s.play == "still" and not s.script and not s.option]


@pytest.mark.parametrize("key", STILL)
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


@pytest.mark.parametrize("key", list(SITUATIONS))
def test_every_situation_plays_to_the_end_under_its_rule_sets(key: str) -> None:
    rps = replay_all(key)
    assert len(rps) == len(SITUATIONS[key].rule_sets())
    for rp in rps:
        assert rp.error == "" and rp.end is not None and rp.end.round_over, (key, rp.error)
    # each staged example changes the outcome: the rule sets it compares do not all end alike
    if key != "two-31s":  # every rule set spares both 31s (its contrast: test_two_31s_on_the_deal_are_both_safe)
        assert len({outcome(rp) for rp in rps}) > 1, key


def outcome(rp: Replay) -> tuple[object, ...]:
    """How a replayed round ends: how, who lost how many lives, who is out, who deals next."""
    assert rp.result is not None and rp.end is not None
    return (rp.result.how, rp.result.losses, rp.end.lives, rp.end.out, rp.next.dealer if rp.next else None)


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


def test_a_situation_the_rules_cannot_deal_says_why() -> None:
    big = Situation("big", "Nine", tuple(["7♣ 8♣ 9♣"] * 9))
    assert "players must be 2 to 8" in replay(big, "schwimmen").error
    low = Situation("low", "Low cards", ("2♣ 3♣ 4♣", "A♠ K♠ 7♦", "Q♣ 7♣ 8♥"))
    assert "cannot deal" in replay(low, "schwimmen").explain()
    with pytest.raises(ValueError, match="play must be"):
        Situation("bad", "Bad", ("A♠ K♠ 7♦",), play="wild")
    with pytest.raises(ValueError, match="values must give"):
        Situation("bad", "Bad", ("A♠ K♠ 7♦",), option="fire")
    with pytest.raises(ValueError, match="rule option"):
        Situation("bad", "Bad", ("A♠ K♠ 7♦",), option="colour", values=(1,))


def test_without_passing_a_still_player_makes_the_best_swap() -> None:
    no_pass = Rules.preset("schwimmen").replace(allow_pass=False)
    rp = replay("ties", no_pass)
    assert rp.result is not None and rp.result.how == "knock"
    assert "passed" not in " ".join(rp.moves(NAMES)) and "swapped" in " ".join(rp.moves(NAMES))


# -- one test per rule: the staged example under the rule and without it ---------------------------
SCAT, SCHWIMMEN, FEUER, BGA, BLITZ = (Rules.preset(k) for k in ("scat", "schwimmen", "feuer", "bga-commerce",
                                                                   "bga-draw"))


def test_feuer_beats_a_31_dealt_at_the_same_time() -> None:
    rp = replay("feuer-31", FEUER)
    assert rp.result is not None and rp.result.how == "fire" and rp.result.holders == (2,)
    assert rp.result.values[1] == 31 and rp.result.losses == (1, 1, 0)  # Ana's 31 loses a life too
    assert "Ana loses 1 life: three aces (Feuer) beat even a 31" in rp.explain(NAMES)
    without = replay("feuer-31", FEUER.replace(fire=False)).result
    assert without is not None and without.how == "31" and without.losses == (1, 0, 0)  # the 31 is safe


def test_two_31s_on_the_deal_are_both_safe() -> None:
    for key in Rules.PRESET_NAMES:
        r = replay("two-31s", key).result
        assert r is not None and r.how == "31" and r.holders == (0, 1) and r.losses[:2] == (0, 0), key
        assert r.explain(NAMES).startswith("Sam and Ana showed 31.")
    # with only Sam's 31, Ana's 30 is not safe: everyone else loses a life
    one = SITUATIONS["two-31s"]
    one = Situation("one-31", one.title, (one.hands[0], "A♥ Q♥ 9♥", one.hands[2]), knocker=None)
    r = replay(one, SCAT).result
    assert r is not None and r.holders == (0,) and r.losses == (0, 1, 1)


def test_the_knocker_wins_ties_with_hands_of_21_or_more() -> None:
    rp = replay("knocker-tie", BGA)
    r = rp.result
    assert r is not None and min(v for v in r.values if v is not None) >= 21  # "under 21" cannot mask the rule
    assert r.values[0] == r.values[1] and r.knocker == 0 and r.losses == (0, 1, 0)
    without = replay("knocker-tie", BGA.replace(knocker_wins_ties=False)).result
    assert without is not None and without.losses == (2, 0, 0)  # diamonds lose to hearts; the sole lowest knocker
    assert losses("knocker-tie")["scat"] == (2, 1, 0) and losses("knocker-tie")["schwimmen"] == (1, 0, 0)


def test_the_deal_passes_left_past_players_who_are_out() -> None:
    rps = {rp.rules.name: rp for rp in replay_all("deal-left")}
    scat, bga = rps["scat"], rps["bga-commerce"]
    assert scat.next is not None and scat.next.dealer == 1 and scat.next.round == 2  # Ana, left of Sam
    assert "Ana deals the next round" in scat.explain(NAMES)
    assert bga.end is not None and bga.end.out[1]
    assert bga.next is not None and bga.next.dealer == 2  # Ana is out: the deal passes to Ben
    assert "past Ana, who is out: Ben deals the next round" in bga.explain(NAMES)
    assert replay("lives", "scat").next is None  # only the situation that asks says who deals next


def knock_turn(rp: Replay) -> tuple[int | None, int]:
    """Who knocked, and how many turns had been taken before the knock."""
    assert rp.end is not None
    turns = 0
    for e in rp.end.round_events():
        if e.kind == "knock":
            return e.player, turns
        if e.kind in ("discard", "swap", "swap all", "pass", "knock"):
            turns += 1
    return None, turns


def test_each_first_knock_rule_changes_who_knocks_when() -> None:
    got = {r.first_knock: rp for r, rp in ((r, replay("first-knock", r)) for _l, r in
                                           SITUATIONS["first-knock"].rule_sets())}
    assert list(got) == ["anytime", "not_first_turn", "not_own_first_turn", "not_first_orbit"]
    assert knock_turn(got["anytime"]) == (1, 0)  # Ana, on the round's very first turn
    assert knock_turn(got["not_first_turn"]) == (2, 1)  # not on the first turn: Ben, on the second
    assert knock_turn(got["not_own_first_turn"]) == (0, 2)  # only the dealer on their own first turn: Sam
    assert knock_turn(got["not_first_orbit"]) == (1, 3)  # once everyone has had a turn: Ana again
    ends = {k: outcome(rp) for k, rp in got.items()}
    assert len(set(ends.values())) == 4  # each rule ends the round differently from knocking at any time
    assert got["anytime"].result.losses == (0, 0, 1)  # type: ignore[union-attr]
    assert got["not_first_orbit"].result.losses == (1, 0, 0)  # type: ignore[union-attr]


def test_without_passing_every_turn_swaps_a_card() -> None:
    yes = replay("no-pass", SCHWIMMEN)
    no = replay("no-pass", SCHWIMMEN.replace(allow_pass=False))
    assert yes.result is not None and no.result is not None
    assert yes.result.values == (27, 29, 28) and yes.result.losses == (1, 0, 0)
    assert no.result.values == (27, 21, 21) and no.result.losses == (0, 0, 1)
    assert "passed" in " ".join(yes.moves(NAMES)) and "passed" not in " ".join(no.moves(NAMES))


def test_without_swap_all_the_center_31_is_out_of_reach() -> None:
    yes = replay("no-swap-all", SCHWIMMEN)
    no = replay("no-swap-all", SCHWIMMEN.replace(allow_swap_all=False))
    assert yes.result is not None and yes.result.how == "31" and yes.result.holders == (1,)
    assert yes.result.losses == (0, 0, 1)
    assert no.result is not None and no.result.how == "knock" and 31 not in no.result.values
    assert no.result.losses == (1, 0, 0)
    assert "swapped all three" not in " ".join(no.moves(NAMES))


def test_the_player_left_of_the_dealer_takes_the_face_down_center_in_the_widow_game() -> None:
    widow = replay("widow", "widow")
    assert widow.result is not None and widow.result.how == "31" and widow.result.losses == (1, 0, 1)
    assert any("Ana took the face-down center hand" in m for m in widow.moves(NAMES))
    schwimmen = replay("widow", "schwimmen")  # only the dealer may take it face down; Ana swaps all, face up
    assert schwimmen.result is not None and schwimmen.result.losses == (1, 0, 0)
    assert not any("face-down" in m for m in schwimmen.moves(NAMES))


def test_the_dealers_new_hand() -> None:
    yes = replay("dealer-exchange", BLITZ)
    no = replay("dealer-exchange", BLITZ.replace(dealer_exchange=False))
    assert yes.result is not None and yes.result.how == "31" and yes.result.holders == (0,)
    assert yes.result.losses == (0, 0, 1)
    assert any("Sam exchanged their hand" in m for m in yes.moves(NAMES))
    assert no.result is not None and no.result.how == "knock" and no.result.losses == (2, 0, 1)


def test_throwing_back_the_card_taken() -> None:
    forbidden = replay("discard-taken", BLITZ)
    allowed = replay("discard-taken", BLITZ.replace(discard_taken=True))
    assert allowed.result is not None and allowed.result.values[1] == 29 and allowed.result.losses == (0, 0, 1)
    assert "Ana took the Q♦ from the discard pile and threw the Q♦." in allowed.moves(NAMES)
    assert forbidden.result is not None and forbidden.result.values[1] == 20
    assert forbidden.result.losses == (0, 1, 0)
    assert not any("took the Q♦ from the discard pile and threw the Q♦" in m for m in forbidden.moves(NAMES))


# -- the widgets -------------------------------------------------------------------------------
def visible_text(markup: str) -> str:
    """What the page shows of an HTML value: the text outside tags, styles and attributes."""
    markup = re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def widget_text(widget: Any) -> str:
    """Every word a widget tree shows: HTML values, descriptions and menu labels."""
    out = []
    for child in [widget, *getattr(widget, "children", ())]:
        if child is not widget and hasattr(child, "children"):
            out.append(widget_text(child))
            continue
        if isinstance(getattr(child, "value", None), str) and child.__class__.__name__ == "HTML":
            out.append(visible_text(child.value))
        out.append(str(getattr(child, "description", "")))
        for option in getattr(child, "options", ()):
            out.append(option[0] if isinstance(option, tuple) else str(option))
    return " ".join(out)


def test_preset_table_follows_the_ticks() -> None:
    t = PresetTable()
    assert "<table" in t.table.value and "What each option means" in t.table.value
    assert 'class="to-scroll"' in t.table.value  # only the data table scrolls in its own box
    for name in ("feuer", "bga-commerce", "bga-draw", "widow"):
        t.boxes[name].value = False
    assert {r.field for r in t.rows} == set(Rules.preset("scat").differences(Rules.preset("schwimmen")))
    t.boxes["scat"].value = False
    assert len(t.rows) == len(RULE_FIELDS)  # one rule set: every option
    t.boxes["schwimmen"].value = False
    assert "Tick at least one" in t.table.value
    t.boxes["scat"].value = t.boxes["widow"].value = True
    t.every_box.value = True
    assert len(t.rows) == len(RULE_FIELDS)


def test_preset_table_shows_names_and_words_never_identifiers() -> None:
    t = PresetTable(everything=True)
    text = widget_text(t)
    for key in Rules.PRESET_NAMES:
        assert names.preset_name(key) in text
    for source in names.SOURCES.values():
        assert source.name in text
    assert "Where these rule sets differ" not in text and "Every option" in text
    assert "Who loses a life" in text and "everyone under 21" in text
    assert not INTERNAL.search(text), INTERNAL.search(text)
    heads = re.findall(r'<th scope="col">(.*?)</th>', t.table.value)
    assert heads == ["Option", *(html.escape(names.preset_name(k), quote=False) for k in Rules.PRESET_NAMES)]


def outcome_boxes(r: RuleReplay) -> list[tuple[str, str]]:
    """Each result box of a replay: its heading (the rule sets it is for) and the rest of its text."""
    boxes = re.findall(r'<li class="to-outcome[^"]*"><h4>(.*?)</h4>(.*?)</li>(?=<li class="to-outcome|</ul>$)',
                       r.results.value, flags=re.S)
    return [(html.unescape(head), visible_text(rest)) for head, rest in boxes]


def test_rule_replay_shows_every_preset_and_marks_changes() -> None:
    r = RuleReplay("feuer")
    assert len(r.replays) == 6 and r.labels == [names.preset_name(k) for k in Rules.PRESET_NAMES]
    boxes = outcome_boxes(r)
    assert len(boxes) == r.results.value.count('<li class="to-outcome') == 3  # 11, 32, Feuer
    assert r.results.value.count('class="to-outcome to-changed"') == 2
    assert "the lives end differently from Scat" in r.results.value  # not colour alone
    assert [list(row.cards) for row in r.rows] == [[int(c) for c in h] for h in SITUATIONS["feuer"].cards()]
    text = visible_text(r.results.value)
    assert "Feuer" in text and "Sam 21, Ana 20, Ben 32" in text and "Sam 21, Ana 20, Ben 11" in text
    r = RuleReplay("lives")
    assert "1 life left" in r.row_heads[1].value
    shown = visible_text(r.results.value)
    said = {"out": 0, "swimming": 0}
    for rp in r.replays:  # a player out of the game is said to be out; one on no lives still in is swimming
        assert rp.end is not None
        for name, lives, out in zip(r.names, rp.end.lives, rp.end.out, strict=True):
            word = "out" if out else "swimming" if lives == 0 else str(lives)
            said[word] = said.get(word, 0) + 1
            sentence = (f"{name} is out of the game." if out else f"{name} is swimming." if lives == 0
                        else f"{name} has {lives} li{'fe' if lives == 1 else 'ves'} left.")  # whole sentences
            assert sentence in r._lives_text(rp)
    assert said["out"] and said["swimming"]
    assert "Ana is out of the game." in shown and "Ana is swimming." in shown


def test_every_situation_is_in_one_group_in_the_lessons_order() -> None:
    grouped = [k for g in GROUPS.values() for k in g]
    assert sorted(grouped) == sorted(SITUATIONS) and len(grouped) == len(set(grouped))
    assert grouped == list(SITUATIONS)  # the menus follow the lesson's order
    with pytest.raises(ValueError, match="no situation"):
        group_of("nonsense")


@pytest.mark.parametrize("key", list(SITUATIONS))
def test_each_menu_offers_only_the_situations_of_its_group(key: str) -> None:
    r = RuleReplay(key)
    assert [v for _label, v in r.menu.options] == list(group_of(key))
    assert [label for label, _v in r.menu.options] == [SITUATIONS[k].title for k in group_of(key)]
    assert r.menu.layout.display != "none" and r.menu.value == key


def shown_heading(r: RuleReplay) -> str:
    heads = re.findall(r"<h3[^>]*>(.*?)</h3>", r.teaches.value)
    assert len(heads) == 1, r.teaches.value
    return html.unescape(heads[0])


@pytest.mark.parametrize("group", list(GROUPS))
def test_the_heading_names_the_situation_chosen_and_the_replay_shows_it(group: str) -> None:
    r = RuleReplay(GROUPS[group][0])
    for key in [*GROUPS[group][1:], *GROUPS[group]]:  # every choice, and back to the first
        r.menu.value = key
        sit = SITUATIONS[key]
        assert shown_heading(r) == sit.title and sit.teaches in html.unescape(r.teaches.value)
        assert [list(row.cards) for row in r.rows] == [[int(c) for c in h] for h in sit.cards()], key
        assert [rp.start.hands for rp in r.replays] == [replay(sit, rules).start.hands  # type: ignore[union-attr]
                                                        for _l, rules in sit.rule_sets()], key
        assert len(r.replays) == len(sit.rule_sets()) and all(rp.error == "" for rp in r.replays), key
        text = widget_text(r)
        assert not INTERNAL.search(text), (key, INTERNAL.search(text))


def test_rule_sets_that_end_alike_share_one_box_and_each_is_named_once() -> None:
    for key in SITUATIONS:
        r = RuleReplay(key)
        boxes = outcome_boxes(r)
        named = [part for head, _rest in boxes  # an option's boxes: a sentence a rule, one a line
                 for part in (head.split("<br>") if SITUATIONS[key].option else re.split(r", | and ", head))]
        assert len(named) == len(set(named)) == len(r.replays), (key, [h for h, _r in boxes])
        if not SITUATIONS[key].option:  # (an option's boxes are named by its values)
            assert sorted(named) == sorted(r.labels), (key, [h for h, _r in boxes])
        assert len({rest for _h, rest in boxes}) == len(boxes), key  # two boxes never read the same
    boxes = outcome_boxes(RuleReplay("under-21"))
    assert [h for h, _r in boxes] == ["Scat, Schwimmen, Schwimmen with Feuer and Scat with a widow",
                                      "Board Game Arena's Schwimmen and Board Game Arena's Blitz"]
    assert "Ana loses 1 life: 20 is under 21" in boxes[1][1] and "Ana loses" not in boxes[0][1]
    # a shared box keeps each rule set's own moves: Scat draws and throws back, Schwimmen passes
    shared = boxes[0][1]
    for label in ("Scat", "Schwimmen", "Schwimmen with Feuer", "Scat with a widow"):
        assert f" {label} " in f" {shared} ", label
    assert "Ana drew the" in shared and "Ana passed." in shared


def test_rule_replay_offers_the_staged_cards_in_words() -> None:
    r = RuleReplay("first-knock")
    assert "The first card of the discard pile: Q♦" in r.rest.value
    shown = visible_text(r.results.value)
    assert "The same cards in Scat, with each choice of this rule:" in shown
    assert "Nobody may knock on the round's very first turn." in shown  # each choice, a whole sentence
    assert "(the lives end differently from the first rule above)" in shown
    r = RuleReplay("widow")
    assert "The center: A♥ K♥ Q♥, dealt face down" in r.rest.value
    assert "The round move by move" in r.results.value


def test_rule_replay_own_hands_bad_input_is_a_message() -> None:
    r = RuleReplay("own")
    assert r.own_box.layout.display == "" and len(r.replays) == 6
    r.inputs[0].value = "2♣ 3♣ 4♣"
    assert r.replays == [] and "32-card deck" in r.results.value
    r.inputs[0].value = "A♣ K♣"
    assert "three cards" in r.results.value
    r.inputs[0].value = "K♣ 9♣ 8♦"  # also Ana's
    assert "in two hands" in r.results.value
    r.inputs[0].value = "<b>K♣</b>"  # what was typed is shown as typed, never read as HTML
    assert "<b>" not in r.results.value and "&lt;b&gt;" in r.results.value
    assert r.menu.layout.display == "none" and [v for _l, v in r.menu.options] == ["own"]  # no menu to choose from
    assert "<h3" not in r.teaches.value  # the page's heading "Your own hands" is above it
    assert RuleReplay("ties").own_box.layout.display == "none"
    with pytest.raises(ValueError, match="no situation"):
        RuleReplay("nonsense")


def test_rule_replay_own_hands_names_who_showed_31() -> None:
    # a newcomer's hands: Sam 31, Ana three aces (32 in Schwimmen), Ben 9
    r = RuleReplay("own")
    for t, hand in zip(r.inputs, ("A♠ K♠ Q♠", "A♥ A♦ A♣", "7♥ 8♣ 9♦"), strict=True):
        t.value = hand
    assert len(r.replays) == 6
    by = dict(zip(r.labels, (rp.explain(r.names) for rp in r.replays), strict=True))
    assert by["Schwimmen"].startswith("Sam showed 31.") and "Ana showed 31" not in by["Schwimmen"]
    assert by["Scat"].startswith("Sam showed 31.")
    # with Feuer the aces win even against the 31: Sam loses a life too
    assert by["Schwimmen with Feuer"].startswith("Ana showed three aces: Feuer.")
    assert "Sam loses 1 life: three aces (Feuer) beat even a 31" in by["Schwimmen with Feuer"]
    assert "Ana showed 31" not in r.results.value


def test_staged_rounds_make_the_bots_moves() -> None:
    """The staged rounds play the shared policy (thirtyone.policy): among throws that keep hands of equal
    value and suits, the cheaper card goes. Ben's J♣ 8♣ keep 18 with his 2♠ or the 10♠ he draws: he throws
    the 2♠, and Sam takes it for K♠ Q♠ 2♠ = 22 (he would have taken a 10♠ for 30)."""
    anytime = next(r for _label, r in SITUATIONS["first-knock"].rule_sets() if r.first_knock == "anytime")
    moves = replay("first-knock", anytime).moves()
    assert "Player 2 drew the 10♠ from the stock and threw the 2♠." in moves
    assert "Player 0 took the 2♠ from the discard pile and threw the 6♦." in moves


# -- who plays which way: a source is named on one side of a row, or its games are ----------------------------------
def entries(who: str) -> list[str]:
    """The names in "A, B and C" (no source's or game's name holds a comma or " and ")."""
    return re.split(r", | and ", who)


@pytest.mark.parametrize("size", range(2, len(Rules.PRESET_NAMES) + 1))
def test_no_source_is_named_on_both_sides_of_a_row(size: int) -> None:
    for chosen in itertools.combinations(Rules.PRESET_NAMES, size):
        for row in difference_rows(chosen, everything=True):
            sides = [set(entries(who)) for _value, who in row.played_by]
            for source in names.SOURCES.values():
                whole = [i for i, side in enumerate(sides) if source.name in side]
                games = [i for i, side in enumerate(sides) if any(e.startswith(source.name + "'s ") for e in side)]
                assert len(whole) <= 1, (chosen, row.field, row.played_by)  # one side names the whole source
                assert not (whole and games), (chosen, row.field, row.played_by)  # or each side its own game


def test_a_source_whose_games_differ_names_each_game() -> None:
    rows = {r.field: dict(r.played_by) for r in difference_rows(everything=True)}
    assert rows["fire"] == {"no": "GameCircle's Schwimmen, the classic rules and the Scat rule page",
                            "yes": "GameCircle's Schwimmen with Feuer and Board Game Arena"}
    assert rows["deck"] == {"52 cards": "Board Game Arena's Blitz, the classic rules and the Scat rule page",
                            "32 cards (7 to ace)": "GameCircle and Board Game Arena's Schwimmen"}
    # as docs/rules.md says: Scat draws and discards as the Scat rule page does; the classic rules swap with a widow
    assert rows["family"] == {"draw and discard": "Board Game Arena's Blitz and the Scat rule page",
                              "swap with the center": "GameCircle, Board Game Arena's Schwimmen and the classic rules"}
    assert rows["discard_taken"] == {"yes": "the Scat rule page", "no": "Board Game Arena"}
    with i18n.using("es"):
        deck = {r.field: r for r in difference_rows()}["deck"]
        assert dict(deck.played_by)["52 cartas"].startswith("el Blitz de Board Game Arena, ")  # mid-sentence: "el"


def test_the_first_knock_row_says_what_some_tables_forbid() -> None:
    row = {r.field: r for r in difference_rows()}["first_knock"]
    assert dict(row.played_by)["any turn"] == "GameCircle, the classic rules and the Scat rule page"
    assert row.also == ("Some tables, says the Scat rule page, forbid a knock on the round's very first turn as a "
                        "house rule.",
                        "Some tables, says GameCircle, forbid a knock until everyone has had a turn.")
    t = PresetTable()
    meanings = visible_text(t.table.value)
    assert ("GameCircle, the classic rules and the Scat rule page: You may knock on any turn, even the round's very "
            "first. Board Game Arena: Nobody may knock on their own first turn of the round, except the dealer. Some "
            "tables, says the Scat rule page, forbid a knock on the round's very first turn as a house rule.") \
        in " ".join(meanings.split())  # who plays which way: a whole sentence each, never "any turn: GameCircle …"
    assert "What each option means, and who plays which way" in t.table.value and "<details" in t.table.value


def test_the_lives_after_a_round_fit_every_name_in_spanish() -> None:
    with i18n.using("es"):
        r = RuleReplay("lives")
        text = visible_text(r.results.value)
        assert "Ana queda fuera de la partida." in text and "Ana está nadando." in text  # no word with a gender
        assert "eliminad" not in text
