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
from thirtyone.i18n import fixed, grouped, number, using
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


KEEP_WORDS = {
    "en": ("The coach: Keep your hand. Take the 7♣ from the discard pile and throw it straight back.",
           "Your hand stays worth 29 and the others learn nothing new about it;",
           "take the 7♣ from the discard pile and throw it straight back"),
    "es": ("El entrenador: quédate con tu mano. Toma el 7♣ del descarte y descártalo enseguida.",
           "Tu mano sigue valiendo 29 y los demás no se enteran de nada nuevo sobre ella;",
           "tomar el 7♣ del descarte y volver a descartar esa misma carta"),
    "de": ("Der Trainer rät: Behalte deine Hand. Nimm 7♣ von der Ablage und leg sie gleich wieder ab.",
           "Deine Hand bleibt 29 wert, und die anderen erfahren nichts Neues über sie;",
           "7♣ von der Ablage nehmen und gleich wieder ablegen"),
}


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_advice_that_keeps_the_hand_says_so_and_what_it_is_for(lang: str) -> None:
    with using(lang):
        game, advice, text = ask(KEEP)
        head, why, row = KEEP_WORDS[lang]
        assert advice.best == Action("draw discard") and advice.keeps_hand and advice.value == 29
        assert text.count(head) == 1 and text.index(head) < text.index(why)
        assert why in text and row in text  # the table's row is the whole move too
        assert "new card" in text or lang != "en"
        # the learner follows: the card goes straight back, and the hand is the one it was
        before = game.table.state.hands[0]
        assert game.follow()
        again = game.ask_coach()
        assert again is not None and again.best == Action("discard", (advice.throw_back,))
        assert game.follow()
        assert sorted(game.table.state.hands[0]) == sorted(before)


DEPARTS = {
    "en": "Lesson 5's knock rule says knock at 24 or more with 4 players still in, and you hold 27, but here the "
          "coach's move loses {saves} fewer lives per 100 rounds than knocking (95% interval {low} to {high}, over "
          "the same 1,000 deals).",
    "es": "La regla de golpe de la lección 5 dice que se golpea con 24 o más cuando quedan 4 jugadores en juego, y tu "
          "mano vale 27, pero aquí la jugada del entrenador pierde {saves} vidas menos por cada 100 rondas que golpear "
          "(intervalo del 95%: de {low} a {high}, en los mismos 1.000 repartos).",
    "de": "Nach der Klopfregel aus Lektion 5 klopft man ab 24, wenn noch 4 Spieler dabei sind, und deine Hand ist 27 "
          "wert; hier aber verliert der Zug des Trainers {saves} Leben pro 100 Runden weniger als das Klopfen "
          "(95 %-Intervall: {low} bis {high}, in denselben 1.000 simulierten Runden).",
}


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
        sentence = DEPARTS[lang].format(saves=fixed(d.saves, 1), low=fixed(d.saves - d.half, 1),
                                        high=fixed(d.saves + d.half, 1))
        assert text.count(sentence) == 1, text
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
