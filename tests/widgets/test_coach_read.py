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
    TEMPO_TURNS,
    TempoRead,
    knock_read,
    quiet_turns,
    read_sentences,
    suit_read,
    suit_text,
    tempo_read,
)
from thirtyone.widgets import PlayGame

CLEAR = ("scat", 4, 36, ["draw discard", "discard 3♥", "draw stock", "discard 2♠", "draw discard", "discard 3♣",
                         "draw stock", "discard 4♠", "draw stock", "discard 5♣", "draw discard", "discard 6♥",
                         "draw stock", "discard 2♠", "draw stock"])
"""Scat, 4 players: Ana (seat 1, right after the learner) took the 4♦ from the discard pile and threw the 3♥, then drew
from the stock and threw the 5♣; the learner holds 8♥ A♦ Q♣ 9♠ after drawing the 9♠ and is to throw. The coach reads
diamonds for Ana and throws the 8♥, keeping the A♦ from Ana (lesson 5's first staged round)."""

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
        assert advice.best == Action("discard", staged(CLEAR).view(0).hand[:1])  # the 8♥, not the A♦
        text = shown(fragment)
        took = _(TOOK).format(name="Ana", the_take=the_card("4♦"), the_thrown=the_card("3♥"), suit=suit_text(3))
        numbers = _(NUMBERS).format(name="Ana", suit=suit_text(3), chance=percent(round(100 * ana.chance)),
                                    other_chance=percent(round(100 * ana.uniform)))
        keeps = _(KEEPS).format(name="Ana", card="A♦", the_card=the_card("8♥"))
        took, numbers, keeps = (" ".join(x.split()) for x in (took, numbers, keeps))  # as shown: one space for any
        for sentence in (took, numbers, keeps):
            assert text.count(sentence) == 1, (sentence, text)
        assert text.index(took) < text.index(numbers) < text.index(keeps)
        assert 'class="to-coach-read"' in fragment
        if lang == "en":
            assert "Ana took the 4♦ from the discard pile and threw the 3♥: Ana is likely collecting diamonds ♦." in text
            assert ("Ana plays right after you: your A♦ is worth more to Ana than to you, so the coach keeps your A♦ "
                    "and throws the 8♥ instead.") in text
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


# -- this round's tempo: "nobody has knocked in nine turns: this table plays on, so a 27 is worth keeping" ---------

DRAW27 = ("scat", 4, 141, ["draw discard", "discard 2♣", "draw stock", "discard 6♣", "draw stock", "discard 6♦",
                           "draw stock", "discard 2♥", "draw stock", "discard 4♣", "draw stock", "discard 9♥",
                           "draw discard", "discard 5♥", "draw stock", "discard A♥", "draw stock", "discard 4♠",
                           "draw discard", "discard K♦", "draw stock", "discard A♠", "draw stock", "discard 3♣",
                           "draw stock", "discard K♠", "draw discard", "discard 2♠", "draw stock", "discard 10♠"])
"""The issue's case (tests/widgets/test_coach_words.py's DRAW): Scat, 4 players, turn 15, nobody has knocked; the
learner holds J♣ 9♣ 8♣ (27), lesson 5's rule knocks at 24, and the coach draws from the stock."""

KEEP29 = ("scat", 3, 90, ["draw stock", "discard 4♦", "draw stock", "discard 8♥", "draw stock", "discard 2♦",
                          "draw stock", "discard 9♥", "draw stock", "discard J♥", "draw stock", "discard 6♥",
                          "draw stock", "discard 5♣", "draw stock", "discard 3♥", "draw stock", "discard Q♥",
                          "draw stock", "discard 4♠", "draw stock", "discard 7♣"])
"""The issue's other case (test_coach_words.py's KEEP): Scat, 3 players, turn 11: the learner holds 8♠ A♠ Q♠ (29),
the 7♣ is on the discard pile; lesson 5's rule knocks at 27 and the coach takes the 7♣ and throws it straight back."""

TEMPO = ("Nobody has knocked in {n} turn where a knock was allowed: this table plays on, so your {value} is worth "
         "keeping rather than knocking now, though lesson 5's knock rule says knock at {threshold} or more.",
         "Nobody has knocked in {n} turns where a knock was allowed: this table plays on, so your {value} is worth "
         "keeping rather than knocking now, though lesson 5's knock rule says knock at {threshold} or more.")


def _said(msgs: tuple[str, str], n: int, **fields: object) -> str:
    return " ".join(ngettext(*msgs, n).format(n=n, **fields).split())  # as shown: one space for any


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_the_coach_says_the_table_plays_on_when_it_keeps_a_hand_lesson_5_would_knock_with(lang: str) -> None:
    with using(lang):
        game, fragment = ask(DRAW27)
        advice = game.advice
        assert advice is not None and advice.best == Action("draw stock") and advice.value == 27
        view = staged(DRAW27).view(0)
        assert view.turns == 15 and quiet_turns(view) == 15  # Scat lets anyone knock at any turn: all 15 count
        t = tempo_read(view, advice.best)
        assert t == TempoRead(15, 4, 27.0, 24.0)
        sentence = _said(TEMPO, 15, value=number(27), threshold=number(24))
        read = re.search(r'<p class="to-coach-read">(.*?)</p>', fragment)
        assert read is not None and shown(read.group(1)).count(sentence) == 1, fragment
        # beside the departure sentence, which gives the same rule's numbers
        assert advice.departure is not None and advice.departure.rule == "knock"
        assert advice.departure.threshold == t.threshold and advice.departure.value == t.value
        if lang == "en":
            assert ("Nobody has knocked in 15 turns where a knock was allowed: this table plays on, so your 27 is "
                    "worth keeping rather than knocking now, though lesson 5's knock rule says knock at 24 or more."
                    ) in shown(fragment)
        else:
            assert "Nobody has knocked" not in shown(fragment) and "worth keeping" not in shown(fragment)


def test_advice_that_keeps_the_29_by_taking_the_discard_and_throwing_it_back_says_the_table_plays_on() -> None:
    game, fragment = ask(KEEP29)
    advice = game.advice
    assert advice is not None and advice.keeps_hand and advice.value == 29
    text = shown(fragment)
    assert "The coach: Keep your hand. Take the 7♣ from the discard pile and throw it straight back." in text
    assert "take the 7♣ from the discard pile and throw it straight back (best)" in text
    assert _said(TEMPO, 11, value=number(29), threshold=number(27)) in text


def test_the_tempo_is_never_said_with_advice_to_knock_nor_below_the_threshold_nor_early() -> None:
    s = staged(DRAW27)
    view = s.view(0)
    assert tempo_read(view, Action("knock")) is None and tempo_read(view, None) is None
    game, _fragment = ask(DRAW27)
    assert game.advice is not None
    for best in (Action("knock"), None):  # never "worth keeping" beside advice to knock, nor without advice
        assert not any("Nobody has knocked" in x for x in read_sentences(view, game.advice.read, NAMES, best))
    # the same round's earlier turns (each seat's own view at its turn; the moves' count is 2 a turn)
    spec = DRAW27
    at = {}
    for k in (12, 16, 22):
        moment = new_game(spec[0], players=spec[1], seed=spec[2])
        for m in spec[3][:k]:
            moment = moment.apply(m)
        assert moment.phase == "turn" and moment.current_player is not None
        at[k] = moment.view(moment.current_player)
    # turn 6: Cleo holds 25, over 24, but nobody has had two turns yet: too early
    assert (at[12].turns, quiet_turns(at[12])) == (6, 6) and tempo_read(at[12], Action("draw stock")) is None
    # turn 8: Ana holds 26 and every player has had two turns: said, from exactly TEMPO_TURNS × 4 turns on
    assert quiet_turns(at[16]) == TEMPO_TURNS * 4
    assert tempo_read(at[16], Action("draw stock")) == TempoRead(8, 4, 26.0, 24.0)
    # turn 11: the learner holds 22, under 24: nothing to keep against the rule
    assert quiet_turns(at[22]) == 11 and tempo_read(at[22], Action("draw stock")) is None


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow"])
def test_the_turns_nobody_knocked_in_are_counted_from_the_public_log_as_the_engine_allows_knocks(preset: str) -> None:
    """Every seat's view, at every moment of seeded games between bots, counts the turns in which the player to move
    could have knocked (the engine's own legal moves say so) and did not, until somebody knocks."""
    from thirtyone.bots import make_bot

    checked = 0
    for seed in (1, 2, 3):
        s = new_game(preset, players=4, seed=seed)
        bots = [make_bot("intermediate", seed * 10 + i) for i in range(4)]
        quiet, could = 0, False
        for _step in range(400):
            if s.game_over:
                break
            if s.phase == "over":
                s = s.apply("next round")
                quiet, could = 0, False
                continue
            if s.knocker is None:
                for seat in s.active:
                    assert quiet_turns(s.view(seat)) == quiet, (preset, seed, s.round, s.turns)
                checked += 1
            if s.phase in ("turn", "first"):
                could = Action("knock") in s.legal_actions()
            p = s.current_player
            assert p is not None
            nxt = s.apply(bots[p].choose(s.view(p)))
            if nxt.round == s.round and nxt.turns > s.turns and nxt.knocker is None:
                quiet += could
            s = nxt
    assert checked > 100
