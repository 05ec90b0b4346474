"""The lesson widgets driven in pure Python, as the front end would drive them."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

from thirtyone import Rules, i18n, parse_cards, score
from thirtyone.shipped import FILES
from thirtyone.widgets import (
    CardPicker,
    CardRow,
    CardValues,
    HandComparison,
    PlayingCard,
    Quiz,
    RulePicker,
    Sandbox,
    ScoreView,
)
from thirtyone.widgets.quiz import PLAIN_HANDS, TieQuiz
from thirtyone.widgets.ruleset import RuleEditor
from thirtyone.widgets.views import sentence


def click(row: CardRow | PlayingCard, card: str | int) -> None:
    """Send the message a click (or Enter / Space) on a card sends."""
    value = int(parse_cards(card)[0]) if isinstance(card, str) else card
    row._handle_custom_msg({"event": "activate", "card": value}, [])


def row_of(picker: CardPicker, card: str) -> CardRow:
    return picker.rows[parse_cards(card)[0].suit]


def test_card_component_traits_and_activation() -> None:
    heard: list[str] = []
    c = PlayingCard("K♥", selected=True)
    c.on_activate(lambda card: heard.append(str(card)))
    assert (c.value, c.card, c.face_up, c.selected) == (46, parse_cards("K♥")[0], True, True)
    c._handle_custom_msg({"event": "activate", "card": 46}, [])
    c.disabled = True
    c._handle_custom_msg({"event": "activate", "card": 46}, [])  # disabled: ignored
    assert heard == ["K♥"]
    assert "export default" in c._esm and "aria-label" in c._esm and "dataset.card" in c._esm


def test_a_disabled_card_in_a_row_hears_no_click_and_what_is_not_a_card_is_face_down() -> None:
    heard: list[str] = []
    row = CardRow(parse_cards("K♥ Q♥ J♥"), disabled=[int(parse_cards("Q♥")[0])])
    row.on_activate(lambda card: heard.append(str(card)))
    for card in ("K♥", "Q♥", "J♥"):
        click(row, card)
    assert heard == ["K♥", "J♥"]
    assert not row.activate(int(parse_cards("A♥")[0]))  # a card not in the row
    assert CardRow([True, False, None, "K♥", 52, -3, 7]).cards == [-1, -1, -1, -1, -1, -1, 7]
    assert PlayingCard(None).card is None


@pytest.mark.parametrize("content", [None, "x", {}, {"event": "activate"}, {"event": "activate", "card": "K♥"},
                                     {"event": "activate", "card": 99}, {"event": "activate", "card": True},
                                     {"event": "other", "card": 1}, [1, 2]])
def test_bad_messages_change_nothing(content: object) -> None:
    picker = CardPicker()
    for row in picker.rows:
        row._handle_custom_msg(content, [])
    assert picker.hand == []


def test_pick_three_cards_by_clicking_and_read_the_value() -> None:
    box = Sandbox()
    for card in ("K♥", "9♥", "4♣"):
        click(row_of(box.picker, card), card)
    assert box.value == 19
    assert "K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing." in box.view.value_html.value
    assert sorted(box.view.row.highlighted) == sorted(int(c) for c in parse_cards("K♥ 9♥"))
    assert [int(c) for c in parse_cards("K♥ 9♥")] == [c for c in box.picker.rows[2].selected]


def test_double_click_puts_the_card_back_and_a_fourth_card_is_refused() -> None:
    p = CardPicker(hand="K♥ 9♥ 4♣")
    click(row_of(p, "A♠"), "A♠")
    assert p.cards == parse_cards("K♥ 9♥ 4♣")
    assert "put it back" in p.status.value
    click(row_of(p, "9♥"), "9♥")
    click(row_of(p, "9♥"), "9♥")
    assert p.cards == parse_cards("K♥ 4♣ 9♥")


def test_stale_click_on_a_card_not_in_the_deck_is_ignored() -> None:
    p = CardPicker("schwimmen")
    assert len(p.rows[0].cards) == 8
    click(p.rows[0], "2♣")  # not in the 32-card deck
    assert p.hand == []


def test_bad_text_never_crashes() -> None:
    p = CardPicker()
    assert not p.pick("K♥ K♥")
    assert "twice" in p.status.value
    assert not p.pick("zz")
    assert p.hand == []
    view = ScoreView()
    assert view.show("nonsense") is None and "cannot read" in view.value_html.value


def test_deal_is_seeded_and_from_the_rule_set_deck() -> None:
    a, b = CardPicker("schwimmen", seed=4), CardPicker("schwimmen", seed=4)
    assert a.deal() == b.deal()
    assert all(c.rank >= 5 for c in a.cards) and len(set(a.cards)) == 3
    a.deal_button.click()
    assert len(a.cards) == 3
    a.clear_button.click()
    assert a.cards == ()


def test_changing_the_preset_turns_three_tens_into_30_5() -> None:
    box = Sandbox(hand="10♠ 10♥ 10♦")
    assert box.value == 10
    box.rule_picker.dropdown.value = "schwimmen"
    assert box.value == 30.5
    assert len(box.picker.rows[0].cards) == 8  # the 32-card deck now
    assert "three of a kind counts 30.5" in box.view.value_html.value
    box.rule_picker.toak.value = False
    assert box.value == 10 and box.rule_picker.rules.name == "custom"
    box.rule_picker.choose("scat")
    assert box.value == 10 and not box.rule_picker.toak.value


def test_changing_to_a_smaller_deck_drops_cards_it_does_not_hold() -> None:
    box = Sandbox(hand="K♥ 9♥ 4♣")
    box.rule_picker.choose("schwimmen")
    assert box.picker.cards == parse_cards("K♥ 9♥")
    assert box.value == 19


def test_rule_picker_summary_and_options() -> None:
    rp = RulePicker("feuer")
    assert rp.toak.value and rp.aces.value and rp.tiebreak.value
    assert Rules.preset("feuer").summary() in rp.summary.value.replace("&#x27;", "'")
    rp.aces.value = False
    assert rp.rules.three_aces is None and rp.rules.fire


def test_quiz_marks_right_and_wrong_and_keeps_score() -> None:
    q = Quiz(seed=7)
    right = score(q.hand, q.rules).value
    q.answer.value = str(right).replace(".0", "")
    assert "Right" in q.feedback.value and (q.right, q.asked) == (1, 1)
    q.check_button.click()  # a double click counts nothing more
    assert (q.right, q.asked) == (1, 1)
    q.next_button.click()
    assert q.check("not a number") is None and "Type a number" in q.feedback.value
    assert q.check(q.score.value + 1) is False
    assert "Not quite" in q.feedback.value and sentence(q.score.explanation) in q.feedback.value.replace("&#x27;", "'")
    assert "1 right out of 2" in q.tally.value


def test_quiz_accepts_a_comma_and_follows_the_rules() -> None:
    q = Quiz("schwimmen", seed=1)
    q.hand = parse_cards("10♠ 10♥ 10♦")
    assert q.check("30,5") is True


# words lesson 1 has not taught: the rest of the game
LATER_WORDS = ("knock", "swim", "stock", "commerce", "center", "discard", "pass", "feuer", "fire", "dealer", "deal ")


@pytest.mark.parametrize("preset", ["scat", "schwimmen"])
def test_the_lesson_1_sandbox_says_only_what_decides_a_hands_value(preset: str) -> None:
    box = Sandbox(preset, presets=("scat", "schwimmen"))
    text = box.rule_picker.summary.value.lower()
    for word in LATER_WORDS:
        assert word not in text, f"{word!r} is not taught in lesson 1: {text}"
    r = Rules.preset(preset)
    assert ("30.5" in text) == (r.three_of_a_kind is not None) and ("32" in text) == (r.three_aces is not None)
    assert ("tie is broken" in text) == (r.ties == "tiebreak")
    assert ("tied for the lowest hand" in text) == (r.ties == "all_lose")
    assert [label for label, _ in box.rule_picker.dropdown.options] == ["Scat", "Schwimmen"]
    box.rule_picker.toak.value = not box.rule_picker.toak.value
    assert "with your changes" in box.rule_picker.summary.value and "custom" not in box.rule_picker.summary.value
    full = Sandbox(preset, scoring_only=False)  # later lessons: the whole rule set
    assert Rules.preset(preset).summary() in full.rule_picker.summary.value.replace("&#x27;", "'")


def test_a_preset_the_menu_does_not_offer_can_still_be_chosen() -> None:
    rp = RulePicker("scat", scoring_only=True, presets=("scat", "schwimmen"))
    rp.choose("bga-draw")
    assert rp.rules.name == "bga-draw" and rp.dropdown.value == "scat" and rp.toak.value
    with pytest.raises(ValueError, match="unknown preset"):
        RulePicker("scat", presets=("nope",))


@pytest.mark.parametrize("seed", range(40))
def test_the_quiz_says_its_rules_and_starts_with_plain_hands(seed: int) -> None:
    q = Quiz("schwimmen", seed=seed, choices=("scat", "schwimmen"))
    assert "Schwimmen rules" in q.rules_html.value and "three of a kind counts 30.5" in q.rules_html.value
    hands = [q.hand]
    for _ in range(PLAIN_HANDS - 1):
        q.next_hand()
        hands.append(q.hand)
    assert all(score(h, q.rules).rule not in ("three_of_a_kind", "three_aces") for h in hands)
    q.menu.value = "scat"  # type: ignore[union-attr]
    assert "Scat rules" in q.rules_html.value and "no house rules" in q.rules_html.value
    assert not q.hand[0].rank == q.hand[1].rank == q.hand[2].rank


def test_house_rule_hands_come_later_only_under_rules_that_use_them_and_say_so() -> None:
    q = Quiz("schwimmen", seed=3)
    triples = []
    for _ in range(200):
        q.next_hand()
        if q.hand[0].rank == q.hand[1].rank == q.hand[2].rank:
            triples.append(q.hand)
            q.check("0")
            assert "house rule of the Schwimmen rules" in q.feedback.value
            q.next_hand()
    assert len(triples) > 10
    scat = Quiz("scat", seed=3)
    dealt = []
    for _ in range(300):
        scat.next_hand()
        dealt.append(scat.hand)
    assert not any(h[0].rank == h[1].rank == h[2].rank for h in dealt)  # never under rules without them


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e309", "NaN", "Infinity", "", "  ", "19 points", "x" * 5000])
def test_the_quiz_asks_for_a_number_and_cuts_long_answers(text: str) -> None:
    q = Quiz(seed=1)
    assert q.check(text) is None and (q.asked, q.answered) == (0, False)
    assert "Type a number" in q.feedback.value
    assert len(q.feedback.value) < 300 and "x" * 100 not in q.feedback.value
    assert q.check(q.score.value) is True


def hands_said(value: str) -> str:
    """A hand comparison's result as read: each hand's name, a colon, what is said of it (a row a hand)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", value.replace("</th>", ":</th>")))


def test_long_text_in_the_hand_boxes_is_cut_in_messages() -> None:
    hc = HandComparison(["K♣ 9♣ 8♦", "x" * 5000])
    assert hc.outcome is None and "Hand 2: cannot read" in hands_said(hc.result.value)
    assert len(hc.result.value) < 500 and "x" * 100 not in hc.result.value
    hc.inputs[0].value = "K♥ " * 2000
    assert len(hc.result.value) < 600
    view = ScoreView()
    assert view.show("y" * 5000) is None and len(view.value_html.value) < 300


@pytest.mark.parametrize("seed", range(10))
def test_the_tie_quiz_deals_a_tie_and_marks_the_skat_order(seed: int) -> None:
    tq = TieQuiz(seed=seed)
    a, b = (score(h, tq.rules) for h in tq.hands)
    assert a.value == b.value and a.suit != b.suit and None not in (a.suit, b.suit)
    assert a.value < 30, "a tie for the lowest hand, not two 31s"
    assert "clubs ♣ &gt; spades ♠ &gt; hearts ♥ &gt; diamonds ♦" in tq.order.value
    loser = 0 if a.suit > b.suit else 1  # type: ignore[operator]  # higher index: lower in Skat order
    assert tq.loser == loser
    tq.buttons[1 - loser].click()
    assert "Not quite" in tq.feedback.value and "Skat order" in tq.feedback.value
    tq.buttons[loser].click()  # answered already: counts nothing more
    assert (tq.right, tq.asked) == (0, 1)
    tq.next_button.click()
    assert tq.answer(tq.loser) is True and (tq.right, tq.asked) == (1, 2)
    with pytest.raises(ValueError, match="do not break ties"):
        TieQuiz("scat")


def test_hand_comparison_explains_the_tie_break() -> None:
    hc = HandComparison(["K♣ 9♣ 8♦", "K♥ 9♥ 7♠", "A♠ Q♦ J♦"], "schwimmen", seed=2)  # seeded: its deal below
    assert hc.outcome is not None and hc.outcome["lowest"] == [1]
    assert "loses the tie-break" in hc.result.value and "Skat order" in hc.result.value
    assert ["to-lowest" in v.value for v in hc.values] == [False, True, False]  # the word, not colour alone
    hc.dropdown.value = "scat"
    assert hc.outcome is not None and hc.outcome["lowest"] == [0, 1]
    assert ["to-lowest" in v.value for v in hc.values] == [True, True, False]
    assert "all lose" in hc.result.value
    hc.inputs[2].value = "K♣ 2♠ 3♠"
    assert hc.outcome is None and "Hand 3: K♣ is also in hand 1" in hands_said(hc.result.value)
    hc.deal_button.click()
    assert hc.outcome is not None


def test_a_card_typed_twice_is_the_mistake_of_the_hand_just_changed() -> None:
    hc = HandComparison(["K♥ 9♥ 4♣", "10♠ 10♥ 10♦"])
    assert hc.outcome is not None
    hc.inputs[0].value = "K♥ 9♥ 10♠"  # hand 1 now repeats hand 2's 10♠
    said = hands_said(hc.result.value)
    assert hc.outcome is None and "Hand 1: 10♠ is also in hand 2" in said and "Hand 2:" not in said
    assert hc.rows[0].cards == [] and hc.rows[1].cards != []  # hand 2 is still shown: it did nothing wrong
    hc.inputs[1].value = "10♣ 10♥ 10♠"  # hand 2 changed while keeping the clash: now it is hand 2's
    said = hands_said(hc.result.value)
    assert "Hand 2: 10♠ is also in hand 1" in said and "Hand 1:" not in said
    hc.inputs[0].value = "K♥ 9♥ 4♣"  # hand 1 put right: both read
    assert hc.outcome is not None
    hc.set_hands(["A♠ K♠ Q♠", "A♠ 2♦ 3♦"])  # set together: the later hand is named
    assert "Hand 2: A♠ is also in hand 1" in hands_said(hc.result.value) and "Hand 1:" not in hands_said(hc.result.value)
    with i18n.using("es"):
        hc.inputs[0].value = "A♠ 5♣ 6♣"
        assert "Mano 1: A♠ está también en la mano 2" in hands_said(hc.result.value)


def test_card_values_explains_a_click() -> None:
    cv = CardValues()
    click(cv.row, "A♥")
    assert "A♥ is worth 11" in cv.text.value and "an ace is worth 11" in cv.text.value
    for card, why in (("K♥", "every face card is worth 10"), ("Q♥", "every face card is worth 10"),
                      ("J♥", "every face card is worth 10"), ("10♥", "a ten is worth 10"),
                      ("9♥", "a number card is worth its number"), ("2♥", "a number card is worth its number")):
        click(cv.row, card)
        assert f"{card} is worth" in cv.text.value and why in cv.text.value, (card, cv.text.value)
        assert cv.row.selected == [int(parse_cards(card)[0])]


def test_a_hand_of_fewer_cards_says_how_many_more_to_pick() -> None:
    v = ScoreView("K♥ 9♥")
    assert "Worth <strong>19</strong> (so far: pick 1 more)" in v.value_html.value
    v.show("K♥")
    assert "(so far: pick 2 more)" in v.value_html.value
    v.show("K♥ 9♥ 4♣")
    assert "so far" not in v.value_html.value


def test_an_explanation_is_one_sentence_with_one_full_stop() -> None:
    assert sentence("worth 21") == "Worth 21."
    assert sentence("worth 21.") == "Worth 21." and sentence("31!") == "31!" and sentence("  ") == ""
    v = ScoreView("K♥ 9♥ 4♣")
    assert ".." not in v.value_html.value and "and counts nothing.</p>" in v.value_html.value


def test_score_view_deal_button() -> None:
    v = ScoreView("K♥ 9♥ 4♣", deal_button=True, seed=3)
    v.deal_button.click()
    assert v.score is not None and len(v.score.cards) == 3


def test_an_exception_in_a_widget_callback_is_caught(widget_errors: list) -> None:
    button = ipywidgets.Button()
    button.on_click(lambda _b: 1 / 0)
    button.click()
    assert len(widget_errors) == 1 and "ZeroDivisionError" in str(widget_errors[0].exc_info)
    widget_errors.clear()  # expected here; any other test with such an error fails


@pytest.mark.parametrize("make", [lambda r: ScoreView(rules=r), lambda r: CardPicker(rules=r),
                                  lambda r: RulePicker(rules=r), lambda r: Quiz(rules=r), lambda r: TieQuiz(rules=r),
                                  lambda r: HandComparison(rules=r), lambda r: RuleEditor(rules=r)])
def test_every_widget_takes_a_rules_a_preset_alias_or_none_and_says_what_else_it_takes(make: Any) -> None:
    assert make("Knack").rules == Rules.preset("schwimmen")  # an alias, as Rules.preset spells it
    own = Rules.preset("schwimmen").replace(lives=5)
    assert make(own).rules == own
    with pytest.raises(TypeError, match="a Rules or a preset name"):
        make(52)
    with pytest.raises(ValueError, match="unknown preset 'poker'"):
        make("poker")


def test_the_style_sheets_and_scripts_are_the_files_beside_the_widgets() -> None:
    from thirtyone.widgets import card, play, table, variants
    from thirtyone.widgets._html import static_text

    static = Path(card.__file__).parent / "static"
    assert card.CARD_ESM == (static / "card.js").read_text(encoding="utf-8") and "export default" in card.CARD_ESM
    assert card.CARD_CSS == static_text("card.css") and ".to-card" in card.CARD_CSS
    assert table.TABLE_CSS == static_text("table.css") + static_text("walkthrough.css")
    assert ".to-walkthrough .to-narration" in table.TABLE_CSS and ".to-table .to-felt" in table.TABLE_CSS
    for widget_css, name in ((play.PLAY_CSS, "play.css"), (variants.VARIANTS_CSS, "variants.css")):
        assert widget_css == f"\n<style>\n{static_text(name)}</style>\n"


@pytest.mark.slow
def test_the_wheel_ships_the_widgets_static_files(tmp_path: Path) -> None:
    """Hatch puts every file under thirtyone/ in the wheel (pyproject: packages = ["thirtyone"]), the style
    sheets and scripts the widgets read with importlib.resources too, and the shipped data."""
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", str(root),
                    "-w", str(tmp_path)], check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("thirtyone-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    static = sorted(p.name for p in (root / "thirtyone" / "widgets" / "static").iterdir())
    assert static and {f"thirtyone/widgets/static/{n}" for n in static} <= shipped
    assert {f"thirtyone/data/{n}" for n in FILES} <= shipped


def test_a_hand_worth_thirty_and_a_half_is_not_thirty() -> None:
    q = Quiz("schwimmen", seed=1)
    q.hand = parse_cards("7♠ 7♥ 7♦")  # three of a kind: 30.5 under Schwimmen's house rule
    assert q.score.value == 30.5
    assert q.check("30") is False and "30,5" not in q.feedback.value and "30.5" in q.feedback.value
    q.next_hand()
    q.hand = parse_cards("7♠ 7♥ 7♦")
    assert q.check("31") is False
    q.next_hand()
    q.hand = parse_cards("7♠ 7♥ 7♦")
    assert q.check("30,5") is True
    assert (q.right, q.asked) == (1, 3)
