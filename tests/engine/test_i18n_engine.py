"""The engine's words in the course's languages: every sentence scoring, the game, the narration, the rule
sets and the cards show a learner is translated (under the pseudo-locale nothing is left outside ``⟦…⟧``),
Spanish reads as the rule texts' own examples do, and the caches that hold sentences keep one per language.

English is checked by the engine tests themselves (test_scoring, test_game*, test_repr, ...): ``_`` is the
identity there, so they pass unchanged."""

from __future__ import annotations

import html
import random
import re

import pytest
from helpers.engine import random_game, stack

from thirtyone import Rules, i18n, narrate, new_game
from thirtyone.cards import ALL_CARDS, parse_cards
from thirtyone.game import IllegalActionError
from thirtyone.narration import cards_html, illegal_words, join_names, player_name
from thirtyone.scoring import compare_hands, dealt_score, score

NAMES = ["Sam", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_NEUTRAL = re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]|[♣♠♥♦]|\d+(?:[.,]\d+)?|" + "|".join(NAMES))
_TAG = re.compile(r"<[^>]*>")


def _unmarked(texts: list[str]) -> list[str]:
    """Each text with letters left outside the markers once cards, numbers and the players' names are out."""
    left = {}
    for text in texts:
        rest = text
        while _MARKED.search(rest):  # markers nest (a reason inside a sentence): the innermost go first
            rest = _MARKED.sub(" ", rest)
        left[text] = _NEUTRAL.sub(" ", rest).strip()
    return [f"{rest!r} in {text!r}" for text, rest in left.items() if re.search(r"[^\W\d_]", rest)]


def _visible(markup: str) -> str:
    """The text of some HTML as a reader sees it (tags out, entities read)."""
    return html.unescape(_TAG.sub(" ", markup))


# -- (a) under the pseudo-locale, nothing the engine says is left unwrapped ---------------------------------------

def test_the_check_finds_a_word_outside_the_markers():
    """The check can fail: an English word outside the markers is caught; cards, numbers and names are not."""
    assert _unmarked(["⟦K♥ + 9♥ = 19⟧", "Sam 19, Ana 30,5: K♥ 10♣", "⟦⟦Ana⟧ loses⟧"]) == []
    assert len(_unmarked(["Showdown (⟦the stock ran out⟧): Sam 19."])) == 1
    assert len(_unmarked(["⟦Ana⟧ knocked"])) == 1


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_every_score_and_comparison_is_wrapped(preset):
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    deck = [c for c in ALL_CARDS if rules.deck == 52 or c.rank >= 5]
    aces = [c for c in deck if c.rank == 12]
    hands = [tuple(rng.sample(deck, k)) for k in (3,) * 150 + (1, 2, 4) * 10]
    hands += [tuple(aces[:3]), tuple(c for c in deck if c.rank == 8)[:3], parse_cards("A♠ K♠ 10♠"), ()]
    with i18n.using(i18n.PSEUDO):
        shown = []
        for h in hands:
            sc = score(h, rules)
            shown += [sc.explanation, str(sc), _visible(sc._repr_html_())]
        for _i in range(60):
            group = [tuple(rng.sample(deck, 3)) for _j in range(rng.choice((2, 3, 4)))]
            if rng.random() < .3:  # a tie of equal value on purpose
                group.append(tuple(ALL_CARDS[ALL_CARDS.index(c) ^ 1] for c in group[0]))
            flat = [c for g in group for c in g]
            if len(set(flat)) == len(flat):
                shown.append(str(compare_hands(group, rules)["explanation"]))
    assert _unmarked(shown) == []


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_whole_games_are_narrated_and_explained_in_wrapped_words(preset):
    rules = Rules.preset(preset)
    shown = []
    with i18n.using(i18n.PSEUDO):
        for seed, players, patience in ((1, 2, 0), (2, 3, .9), (3, 4, .99), (4, rules.max_players, .97)):
            end, ends = random_game(rules, players, seed, rounds=40, patience=patience)
            names = NAMES[:players]
            events = end.events
            for viewer in (None, *range(players)):
                shown += narrate(events, names, viewer)
            shown += [e.describe(None) for e in events]
            for s in ends:
                r = s.result
                shown += [r.explain(names), r.explain(), *[x for x in r.reasons if x]]
                shown += [_visible(r._repr_html_()), _visible(s._repr_html_()), _visible(s.view(0)._repr_html_())]
        shown.append(rules.summary())
    assert _unmarked(shown) == []


def test_staged_rounds_are_wrapped():
    """What random games seldom show: a round dealt again (everyone left would be out), Feuer on the deal,
    a tie broken by suit and by the knocker, a 31 on the deal."""
    with i18n.using(i18n.PSEUDO):
        void = _knock_round(Rules(), ["K♥ 9♥ 4♣", "K♠ 9♠ 4♦"], knocker=1, lives=(0, 0))
        fire = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "A♦ K♦ 10♦"]))
        ties = _knock_round(Rules.preset("bga-draw"), ["K♥ 9♥ 4♣", "K♠ 9♠ 4♦", "Q♠ J♠ 2♥"], knocker=0)
        thirty_one = new_game(Rules(), players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ K♠ Q♠", "2♦ 3♦ 5♣"]))
        assert void.result.void and fire.result.how == "fire" and thirty_one.result.how == "31"
        shown = []
        for s in (void, fire, ties, thirty_one):
            shown += [s.result.explain(NAMES), s.result.explain(), *narrate(s.events, NAMES, 0)]
            shown += [*narrate(s.events), _visible(s._repr_html_()), _visible(s.result._repr_html_())]
    assert _unmarked(shown) == []


def test_every_rule_set_summary_is_wrapped():
    variants = [Rules.preset(p) for p in Rules.PRESET_NAMES]
    variants += [Rules(lives=1, swimming=False, fire=True, three_aces=32, dealer_exchange=True, discard_taken=False,
                       ties="tiebreak", loser="under_21", knocker_lowest="two_if_sole", first_knock="not_first_orbit"),
                 Rules(deck=32, three_of_a_kind=30.5, first_knock="not_first_turn", knocker_wins_ties=True),
                 Rules.preset("widow").replace(allow_pass=False, allow_swap_all=False, all_pass="new_center")]
    with i18n.using(i18n.PSEUDO):
        assert _unmarked([r.summary() for r in variants]) == []


def test_the_reasons_a_move_is_not_legal_are_wrapped():
    """What a replay (or the coach) shows when a move cannot be made."""
    s = new_game("scat", players=3, seed=1)
    with i18n.using(i18n.PSEUDO):
        texts = [illegal_words(s.why_illegal(parse_action)) for parse_action in _actions("discard 2♣", "pass", "next round")]
        with pytest.raises(IllegalActionError) as e:
            s.apply("next round")
        knock_rules = Rules(first_knock="not_first_turn")
        texts.append(illegal_words(new_game(knock_rules, players=3, seed=1).why_illegal(_actions("knock")[0])))
        with pytest.raises(ValueError) as bad:
            parse_cards("K♥ X9")
        texts.append(str(bad.value).replace("'X9'", ""))
    assert "⟦" in str(e.value)
    assert _unmarked(texts) == []


def _actions(*texts):
    from thirtyone.game import parse_action

    return [parse_action(t) for t in texts]


def test_names_joined_and_seats_are_wrapped():
    with i18n.using(i18n.PSEUDO):
        labels = re.findall(r'(?:aria-label|title)="([^"]*)"', cards_html(ALL_CARDS[:2], face_down=2) + cards_html(()))
        assert len(labels) == 9
        assert _unmarked([join_names(["Ana", "Ben", "Cleo"]), player_name(3, None), *labels]) == []


# -- (b) Spanish, from the rule texts' own examples ---------------------------------------------------------------

SCHWIMMEN = Rules.preset("schwimmen")
FEUER = Rules.preset("feuer")


def test_spanish_scores_read_as_the_lesson_says():
    with i18n.using("es"):
        assert score("K♥ 9♥ 4♣").explanation == "K♥ + 9♥ = 19; el otro palo suma menos (4♣ = 4) y no cuenta nada"
        assert score("10♠ 10♥ 10♦").explanation == (
            "los tres palos son distintos, así que solo cuenta la mejor carta: 10♠ = 10; "
            "los otros palos no suman más (10♥ = 10, 10♦ = 10) y no cuentan nada")
        assert score("A♠ K♠ 10♠").explanation == "A♠ + K♠ + 10♠ = 31, lo máximo que puede valer una mano de un solo palo"
        assert str(score("10♠ 10♥ 10♦", SCHWIMMEN)) == "30,5: 10♠ 10♥ 10♦: el trío vale 30,5"
        assert str(score("A♣ A♠ A♥", SCHWIMMEN)) == "32: A♣ A♠ A♥: tres ases valen 32"
        assert "<th" in score("K♥ 9♥ 4♣")._repr_html_() and "Por qué" in score("K♥ 9♥ 4♣")._repr_html_()


def test_spanish_tie_break_by_suit():
    hands = [parse_cards("K♥ 9♥ 4♣"), parse_cards("K♠ 9♠ 4♦"), parse_cards("Q♣ J♣ 2♦")]
    with i18n.using("es"):
        text = compare_hands(hands, SCHWIMMEN.replace(deck=52))["explanation"]
    assert text == ("Las manos 1 y 2 empatan a 19; la mano 1 pierde el desempate: su palo, corazones ♥, va por "
                    "debajo de picas ♠ en el orden del Skat (tréboles ♣ > picas ♠ > corazones ♥ > diamantes ♦).")


def _knock_round(rules, hands, knocker, lives=None):
    """Deal ``hands`` (seat 0 deals); ``knocker`` knocks at once, everyone else draws and throws the card drawn."""
    s = new_game(rules, players=len(hands), seed=1, deck=stack(hands), lives=lives)
    while not s.round_over:
        p = s.current_player
        if s.phase in ("choice", "first"):
            s = s.apply("keep hand")
        elif p == knocker and s.knocker is None:
            s = s.apply("knock")
        else:
            s = s.apply("draw stock")
            s = s.apply(f"discard {s.hands[p][-1]}")
    return s


def test_spanish_knock_narration_and_showdown():
    with i18n.using("es"):
        s = _knock_round(Rules(), ["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], knocker=1)  # 19, 5, 20
        lines = narrate(s.round_events(), ["Sam", "Ana", "Ben"], viewer=0)
        explained = s.result.explain(["Sam", "Ana", "Ben"])
    assert "Ana ha golpeado: todos los demás tienen un turno más." in lines
    assert any(re.fullmatch(r"Ben ha robado del mazo y ha descartado el \S+\.", line) for line in lines)
    assert "Recuento (Ana ha golpeado y todos los demás han tenido un turno más): Sam 19, Ana 5, Ben 20." in lines
    assert "Ana pierde dos vidas: tiene la mano más baja (5) y ha golpeado, así que le cuesta dos vidas." in lines
    assert explained == ("Ana ha golpeado y todos los demás han tenido un turno más. Ana pierde dos vidas: tiene la "
                         "mano más baja (5) y ha golpeado, así que le cuesta dos vidas.")


def test_spanish_feuer_round():
    """Decision 14: Feuer beats 31, and the 31 holder loses a life like everyone else."""
    with i18n.using("es"):
        s = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "A♦ K♦ 10♦"]))
        text = s.result.explain(["Sam", "Ana", "Ben"])
        lines = narrate(s.round_events(), ["Sam", "Ana", "Ben"])
    assert text == ("Ana ha enseñado tres ases: Fuego. Sam pierde una vida: otro jugador ha enseñado tres ases (Fuego). "
                    "Ben pierde una vida: tres ases (Fuego) ganan incluso a un 31.")
    assert lines == ["Ronda 1: reparte Sam.",
                     "Ana enseña tres ases (A♠ A♥ A♣): ¡Fuego! La ronda termina de inmediato.",
                     "Recuento (Ana tiene tres ases: Fuego): Sam 19, Ana 32, Ben 31.",
                     "Sam pierde una vida: otro jugador ha enseñado tres ases (Fuego).",
                     "Ben pierde una vida: tres ases (Fuego) ganan incluso a un 31."]


def test_spanish_summary_and_names():
    with i18n.using("es"):
        summary = Rules().summary()
        assert join_names(["Ana", "Ben"]) == "Ana y Ben"
        assert join_names(["Sam", "Ana", "Ben"]) == "Sam, Ana y Ben"
        assert player_name(2, None) == "Jugador 2"
        assert "Baraja de 32 cartas (del 7 al as)." in SCHWIMMEN.summary()
        assert "El trío vale 30,5; tres ases valen 32." in SCHWIMMEN.summary()
        assert ALL_CARDS[46].name == "rey de corazones"
    assert summary.startswith("Baraja de 52 cartas (del 2 al as). Robar y descartar:")
    assert "Puedes golpear en cualquier turno, incluso en el primero de la ronda." in summary


def test_a_spanish_illegal_move_says_why_in_spanish():
    s = new_game("scat", players=3, seed=1)
    with i18n.using("es"), pytest.raises(IllegalActionError) as e:
        s.apply("next round")
    assert str(e.value).startswith("ahora no se puede 'next round': la ronda aún no ha terminado. Jugadas legales:")


# -- the caches hold one set of sentences per language ------------------------------------------------------------

def test_the_book_of_reasons_is_kept_per_language():
    hand = tuple(parse_cards("K♥ 9♥ 4♣"))
    english = dealt_score(hand, Rules()).explanation
    with i18n.using("es"):
        spanish = dealt_score(hand, Rules()).explanation
        assert score(hand).explanation == spanish
    assert english == "K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing"
    assert spanish.startswith("K♥ + 9♥ = 19; el otro palo")
    assert dealt_score(hand, Rules()).explanation == english == score(hand).explanation
