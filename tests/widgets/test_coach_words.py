"""Lesson 6's coach in the learner's words (issue 31): advice that keeps the hand says so, and advice that departs
from lesson 5's knock rule says why, in one whole sentence with its numbers, in every language of the course.

The two moments are staged (a game number and the moves made so far, the learner at seat 0) and the coach is asked
through the widget, as a learner asks it: its seed is the widget's, so what is checked is what the page shows."""

from __future__ import annotations

import html
import re

import pytest

from thirtyone import new_game
from thirtyone.bots import knock_rule
from thirtyone.coach import Advice, departure_text
from thirtyone.game import Action, State
from thirtyone.i18n import _, fixed, grouped, ngettext, number, percent, using
from thirtyone.narration import the_card
from thirtyone.stats import paired
from thirtyone.widgets import PlayGame

KEEP = ("scat", 3, 90, ["draw stock", "discard 4♦", "draw stock", "discard 8♥", "draw stock", "discard 2♦",
                        "draw stock", "discard 9♥", "draw stock", "discard J♥", "draw stock", "discard 6♥",
                        "draw stock", "discard 5♣", "draw stock", "discard 3♥", "draw stock", "discard Q♥",
                        "draw stock", "discard 4♠", "draw stock", "discard 7♣"])
"""Scat, 3 players, turn 11: the learner holds 8♠ A♠ Q♠ (29) and the 7♣ is on the discard pile. Lesson 5's rule
knocks at 27 with 3 players; the coach takes the 7♣ and throws it straight back."""

DRAW = ("scat", 4, 141, ["draw discard", "discard 2♣", "draw stock", "discard 6♣", "draw stock", "discard 6♦",
                         "draw stock", "discard 2♥", "draw stock", "discard 4♣", "draw stock", "discard 9♥",
                         "draw discard", "discard 5♥", "draw stock", "discard A♥", "draw stock", "discard 4♠",
                         "draw discard", "discard K♦", "draw stock", "discard A♠", "draw stock", "discard 3♣",
                         "draw stock", "discard K♠", "draw discard", "discard 2♠", "draw stock", "discard 10♠"])
"""Scat, 4 players, turn 15: the learner holds J♣ 9♣ 8♣ (27); lesson 5's rule knocks at 24 with 4 players, the
coach draws from the stock."""


def staged(spec: tuple[str, int, int, list[str]]) -> State:
    preset, players, seed, moves = spec
    s = new_game(preset, players=players, seed=seed)
    for m in moves:
        s = s.apply(m)
    assert s.current_player == 0 and s.phase == "turn"
    return s


def ask(spec: tuple[str, int, int, list[str]]) -> tuple[PlayGame, Advice, str]:
    """The widget at the staged moment, the learner's click on "Ask the coach", and the words it shows."""
    s = staged(spec)
    game = PlayGame(spec[0], bots=spec[1] - 1, seed=spec[2], pace=0)
    game.table.state = s
    game.coach_button.click()
    advice = game.advice
    assert advice is not None and advice.is_for(s)
    return game, advice, shown(game.coach_html.value)


def shown(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


KEEP_EN = ("The coach: Keep your hand. Take the 7♣ from the discard pile and throw it straight back.",
           "Your hand stays worth 29 and the others learn nothing new about it; a card from the stock might better it, "
           "but you would then throw a new card onto the pile for the next player, while this way the pile stays as it "
           "was.",
           "take the 7♣ from the discard pile and throw it straight back")
"""What the learner reads in English: the headline, what keeping the hand is for, the table's row."""

DECIDED = {"en": ("coach", "discard pile", "stock"), "es": ("entrenador", "descarte", "mazo"),
           "de": ("Trainer", "Ablage", "Stapel")}
"""The words each language decided (thirtyone/i18n.py) for the coach, the discard pile and the stock."""


def keep_words(lang: str) -> tuple[str, str, str]:
    """KEEP_EN in the language in use: each the catalog's whole message (the wording is the translators')."""
    if lang == "en":
        return KEEP_EN
    return (_(KEEP_MSGS[0]).format(card="7♣"), _(KEEP_MSGS[1]).format(value=number(29)),
            _(KEEP_MSGS[2]).format(the_card=the_card("7♣")))


KEEP_MSGS = ("The coach: Keep your hand. Take the {card} from the discard pile and throw it straight back.",
             "Your hand stays worth {value} and the others learn nothing new about it; a card from the stock might "
             "better it, but you would then throw a new card onto the pile for the next player, while this way the "
             "pile stays as it was.",
             "take {the_card} from the discard pile and throw it straight back")


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_advice_that_keeps_the_hand_says_so_and_what_it_is_for(lang: str) -> None:
    with using(lang):
        game, advice, text = ask(KEEP)
        head, why, row = keep_words(lang)
        assert advice.best == Action("draw discard") and advice.keeps_hand and advice.value == 29
        assert text.count(head) == 1 and text.index(head) < text.index(why)
        assert why in text and row in text  # the table's row is the whole move too
        assert lang == "en" or (head, why, row) != KEEP_EN  # translated
        assert all(word in text for word in DECIDED[lang])
        # the learner follows: the card goes straight back, and the hand is the one it was
        before = game.table.state.hands[0]
        assert game.follow()
        again = game.ask_coach()
        assert again is not None and again.best == Action("discard", (advice.throw_back,))
        assert game.follow()
        assert sorted(game.table.state.hands[0]) == sorted(before)


DEPART_EN = ("Lesson 5's knock rule says knock at 24 or more with 4 players still in, and you hold 27, but here the "
             "coach's move loses {saves} fewer lives per 100 rounds than knocking (95% interval {low} to {high}, over the "
             "same 1,000 deals).")
DEPART_MSG = ("Lesson 5's knock rule says knock at {threshold} or more with {players} player still in, and you hold "
              "{value}, but here the coach's move loses {saves} fewer lives per 100 rounds than knocking ({percent} "
              "interval {low} to {high}, over the same {n} deals).",
              "Lesson 5's knock rule says knock at {threshold} or more with {players} players still in, and you hold "
              "{value}, but here the coach's move loses {saves} fewer lives per 100 rounds than knocking ({percent} "
              "interval {low} to {high}, over the same {n} deals).")


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_advice_against_lesson_5s_knock_rule_says_why_in_one_sentence_with_its_numbers(lang: str) -> None:
    with using(lang):
        _game, advice, text = ask(DRAW)
        d = advice.departure
        assert advice.best == Action("draw stock") and d is not None
        rule = knock_rule("intermediate", "scat", 4)
        assert (d.rule, d.why, d.threshold, d.players, d.value, d.rollouts) == ("knock", "threshold", rule.threshold,
                                                                                  4, 27, 1000)
        knock = next(m for m in advice.moves if m.action.kind == "knock")
        # the saving is the knock's row against the coach's, per 100 rounds: the table's own rows
        assert d.saves == pytest.approx(100 * (knock.estimate.expected_lives - advice.best_move.estimate.expected_lives))
        assert d.half > 0 and not d.close
        nums = {"saves": fixed(d.saves, 1), "low": fixed(d.saves - d.half, 1), "high": fixed(d.saves + d.half, 1)}
        sentence = (DEPART_EN if lang == "en" else ngettext(*DEPART_MSG, 4)).format(
            threshold=number(24), players=4, value=number(27), percent=percent(95, compound=True), n=grouped(1000), **nums)
        assert text.count(" ".join(sentence.split())) == 1, text  # (as shown: one space for any; "95-%-Intervall" in German)
        assert lang == "en" or "Lesson 5" not in sentence  # translated
        assert not advice.keeps_hand and "Keep your hand" not in text


def test_the_saving_against_the_rule_is_the_paired_interval_of_the_same_deals() -> None:
    """The interval is of the two moves' difference deal by deal (what ``stats.paired`` gives), not of each row."""
    from thirtyone.coach import coach_losses

    s = staged(DRAW)
    _game, advice, _text = ask(DRAW)
    seed = s.seed * 7919 + s.round * 131 + s.turns * 2  # the widget's seed for this moment
    _cands, losses = coach_losses(s.view(0), 1000, 1000, seed)
    diff, half = paired(losses[Action("knock")], losses[Action("draw stock")])
    d = advice.departure
    assert d is not None and (d.saves, d.half) == pytest.approx((100 * diff, 100 * half))


def test_advice_that_follows_the_rule_says_nothing_of_it() -> None:
    s = new_game("scat", players=4, seed=11)  # a first turn: the coach knocks on K♠ Q♠ 7♠ as the rule does
    from thirtyone.coach import coach

    hand = s.hands[s.current_player or 0]
    a = coach(s, rollouts=300, seed=1)
    value = a.value
    assert value is not None and len(hand) == 3
    rule = knock_rule("intermediate", "scat", 4)
    says = bool(rule.says_knock(value, s.turns))
    assert (a.departure is None) == (says == (a.best.kind == "knock"))
    if a.departure is None:
        assert departure_text(a.departure) == ""


@pytest.mark.parametrize("lang", ["en", "es", "de", "pseudo"])
def test_the_new_sentences_are_whole_messages(lang: str) -> None:
    """Each sentence is one message of the catalog with only numbers and a card put in: under the pseudo-locale
    it is one ⟦…⟧ with nothing translated nested inside."""
    with using(lang):
        _g, keep, _t = ask(KEEP)
        _g, draw, _t = ask(DRAW)
        from thirtyone.coach import keep_headline, keep_text

        for text in (keep_headline(keep), keep_text(keep), departure_text(draw.departure),
                     departure_text(keep.departure)):
            assert text
            if lang == "pseudo":
                assert text.count("⟦") == 1 and text.startswith("⟦") and text.endswith("⟧"), text
            else:
                assert text[0].isupper() and text.endswith("."), text
                assert number(29) in keep_text(keep) and grouped(1000) in departure_text(draw.departure)
