"""Lesson 6's coach says what it read of the table (issue 33), in the learner's language: a clear suit read with what
the player did, its numbers (the chance in the read deals against a random deal's) and what it means for the
learner's throw; nothing when the read is not clear (:mod:`thirtyone.readwords`'s thresholds). The moments are
staged (a game number and the moves so far, the learner at seat 0) and the coach is asked through the widget, as a
learner asks it. The ``widget_errors`` fixture (conftest) fails any test in which a widget callback raised."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from thirtyone import new_game
from thirtyone.bots import knock_rule
from thirtyone.game import Action, State
from thirtyone.i18n import _, ngettext, number, percent, using
from thirtyone.narration import the_card
from thirtyone.reading import OpponentRead, Read
from thirtyone.readwords import (
    CLEAR_CHANCE,
    CLEAR_LIFT,
    KNOCK_LATER,
    KNOCK_SEEN,
    knock_read,
    read_sentences,
    suit_read,
    suit_text,
)
from thirtyone.widgets import PlayGame

CLEAR = ("scat", 4, 18, ["draw discard", "discard 8♥", "draw stock", "discard 9♣", "draw stock", "discard 3♠",
                         "draw stock", "discard 2♥", "draw stock", "discard 10♥", "draw discard", "discard 6♦",
                         "draw stock", "discard 4♠", "draw stock", "discard 3♦", "draw discard", "discard 2♦",
                         "draw stock", "discard 8♦", "draw stock", "discard 5♣", "draw discard"])
"""Scat, 4 players: Ana (seat 1, right after the learner) took the 2♦ and later the 3♦ from the discard pile, threw the
2♦ back and keeps the 3♦; the learner holds K♣ A♦ Q♣ 5♣ after taking the 5♣ and is to throw. The coach reads
diamonds for Ana and throws the 5♣, keeping the A♦ from Ana."""

UNCLEAR = ("scat", 3, 1, ["draw stock", "discard 8♥", "draw stock", "discard A♥", "draw stock", "discard 5♥",
                          "draw stock", "discard 6♣", "draw stock", "discard 3♠", "draw stock", "discard 7♥",
                          "draw stock", "discard 4♣", "draw stock", "discard 2♠"])
"""Scat, 3 players, the learner's third turn: everyone drew from the stock every time; the reads are weak (Ana's
likeliest suit well under :data:`CLEAR_CHANCE`)."""

NAMES = ("Sam", "Ana", "Ben", "Cleo")


def staged(spec: tuple[str, int, int, list[str]]) -> State:
    preset, players, seed, moves = spec
    s = new_game(preset, players=players, seed=seed)
    for m in moves:
        s = s.apply(m)
    assert s.current_player == 0
    return s


def shown(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def ask(spec: tuple[str, int, int, list[str]]) -> tuple[PlayGame, str]:
    """The widget at the staged moment, the learner's click on "Ask the coach", and what the coach panel shows."""
    s = staged(spec)
    game = PlayGame(spec[0], bots=spec[1] - 1, seed=spec[2], pace=0)
    game.table.state = s
    game.coach_button.click()
    assert game.advice is not None and game.advice.is_for(s)
    return game, game.coach_html.value


TOOK = "{name} took {the_take} from the discard pile and threw {the_thrown}: {name} is likely collecting {suit}."
NUMBERS = ("{name} holds two cards or more of {suit} in {chance} of the deals the coach read from the moves so far, "
           "against {other_chance} in a random deal of the cards you cannot see.")
KEEPS = ("{name} plays right after you: your {card} is worth more to {name} than to you, so the coach keeps your "
         "{card} and throws {the_card} instead.")


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_the_coach_says_a_clear_read_with_its_numbers_and_what_it_means_for_the_throw(lang: str) -> None:
    with using(lang):
        game, fragment = ask(CLEAR)
        advice = game.advice
        assert advice is not None and advice.read is not None
        ana = advice.read.seat(1)
        assert ana is not None and ana.suit == 3  # diamonds
        assert ana.chance >= CLEAR_CHANCE and ana.chance - ana.uniform >= CLEAR_LIFT
        assert advice.best == Action("discard", staged(CLEAR).view(0).hand[-1:])  # the 5♣, not the A♦
        text = shown(fragment)
        took = _(TOOK).format(name="Ana", the_take=the_card("3♦"), the_thrown=the_card("2♦"), suit=suit_text(3))
        numbers = _(NUMBERS).format(name="Ana", suit=suit_text(3), chance=percent(round(100 * ana.chance)),
                                    other_chance=percent(round(100 * ana.uniform)))
        keeps = _(KEEPS).format(name="Ana", card="A♦", the_card=the_card("5♣"))
        took, numbers, keeps = (" ".join(x.split()) for x in (took, numbers, keeps))  # as shown: one space for any
        for sentence in (took, numbers, keeps):
            assert text.count(sentence) == 1, (sentence, text)
        assert text.index(took) < text.index(numbers) < text.index(keeps)
        assert 'class="to-coach-read"' in fragment
        if lang == "en":
            assert "Ana took the 3♦ from the discard pile and threw the 2♦: Ana is likely collecting diamonds ♦." in text
            assert ("Ana plays right after you: your A♦ is worth more to Ana than to you, so the coach keeps your A♦ "
                    "and throws the 5♣ instead.") in text
        else:
            assert "likely collecting" not in text and "right after you" not in text  # translated
            assert {"es": "diamantes ♦", "de": "Karo ♦"}[lang] in text


def test_no_read_is_said_when_none_is_clear() -> None:
    game, fragment = ask(UNCLEAR)
    advice = game.advice
    assert advice is not None and advice.read is not None
    assert all(o.chance < CLEAR_CHANCE or o.chance - o.uniform < CLEAR_LIFT for o in advice.read.seats)
    assert 'class="to-coach-read"' not in fragment and "likely collecting" not in shown(fragment)
    assert read_sentences(staged(UNCLEAR).view(0), advice.read, NAMES, advice.best) == []


def _read_with(read: Read, seat: int, **changes: float | int) -> Read:
    return Read(tuple(dataclasses.replace(o, **changes) if o.seat == seat else o for o in read.seats), read.worlds)


def test_a_suit_read_is_said_only_from_the_thresholds_on() -> None:
    """The same moment with Ana's numbers set by hand: said at CLEAR_CHANCE and CLEAR_LIFT, not just under either."""
    s = staged(CLEAR)
    view = s.view(0)
    game, _fragment = ask(CLEAR)
    assert game.advice is not None and game.advice.read is not None
    base = game.advice.read
    at = _read_with(base, 1, chance=CLEAR_CHANCE, uniform=CLEAR_CHANCE - CLEAR_LIFT)
    said = suit_read(view, at)
    assert said is not None and said.seat == 1 and said.suit == 3 and said.next and said.took is not None
    for chance, uniform in ((CLEAR_CHANCE - 0.01, CLEAR_CHANCE - 0.01 - CLEAR_LIFT),  # not often enough
                            (0.95, 0.95 - CLEAR_LIFT + 0.01)):  # not enough above a random deal
        weak = _read_with(base, 1, chance=chance, uniform=uniform)
        assert suit_read(view, weak, seat=1) is None
    # a suit the known cards already show is seen, not read
    assert sum(1 for c in view.known[1] if c & 3 == 3) < 2


def test_a_knock_read_needs_earlier_rounds_and_a_threshold_away_from_lesson_5s_rule() -> None:
    view = staged(CLEAR).view(0)
    rule = knock_rule("intermediate", "scat", 4).threshold_at(view.turns)
    assert rule is not None
    seats = tuple(OpponentRead(s, None, 0.0, 0.0, rule, 0, 0) for s in (1, 2, 3))
    plain = Read(seats, 100)
    assert knock_read(view, plain) is None
    late = _read_with(plain, 2, knock_at=rule + KNOCK_LATER, declines=KNOCK_SEEN)
    k = knock_read(view, late)
    assert k is not None and k.seat == 2 and k.later and k.rounds == KNOCK_SEEN
    assert knock_read(view, _read_with(plain, 2, knock_at=rule + KNOCK_LATER, declines=KNOCK_SEEN - 1)) is None
    assert knock_read(view, _read_with(plain, 2, knock_at=rule + KNOCK_LATER - 0.5, declines=5)) is None
    early = _read_with(plain, 3, knock_at=rule - KNOCK_LATER, knocks=KNOCK_SEEN)
    k = knock_read(view, early)
    assert k is not None and k.seat == 3 and not k.later
    with using("en"):
        said = read_sentences(view, late, NAMES, Action("draw stock"))
        assert said == [ngettext(
            "{name} has played on in {n} earlier round where a knock was allowed and never knocked: the coach reckons "
            "{name} knocks only at {threshold} or more, later than lesson 5's rule ({lesson_threshold}).",
            "{name} has played on in {n} earlier rounds where a knock was allowed and never knocked: the coach reckons "
            "{name} knocks only at {threshold} or more, later than lesson 5's rule ({lesson_threshold}).", 2).format(
            name="Ben", n=2, threshold=number(round(rule + KNOCK_LATER)), lesson_threshold=number(rule))
            + " So the coach expects more turns before this round ends, and plays on."]
    with using("de"):
        said = read_sentences(view, early, NAMES, Action("knock"))
        assert len(said) == 1 and said[0].startswith("Cleo hat in 2 früheren Runden geklopft")
