"""Spanish as a native writes it (issue 21): what the code says in Spanish agrees with the players it names,
counts agree with their numbers, numbers on the charts are written 7,5, the game's summary counts lives, and the
words around the lives chart fit in its picture in every language.

The players' names carry no gender (a learner may be anyone, and a name is only a label), so every Spanish
sentence that names a player is worded to agree with nobody: a player who has lost their last life is "fuera de
la partida", never "eliminado" or "eliminada" (the decisions: ``thirtyone/i18n.py``'s docstring). The check reads
what a learner reads about named players of both genders: the game's narration and explanations, the card table's
seats and showdown, the staged rounds, the game summary's lives table and chart.
"""

from __future__ import annotations

import re

import pytest
from helpers.charts import legend, svg_of, tick_labels
from helpers.words import _visible, what_a_game_says

from thirtyone import i18n, narrate
from thirtyone.coach import GameRecord, KnockRecord
from thirtyone.game import Action

WOMEN = ("Ana", "Cleo", "Fay", "Hana")
MEN = ("Sam", "Ben", "Dev", "Gus")

_AGREES = re.compile(r"\b(?:eliminad|empatad|únic|salvad|ganador|perdedor|sentad|descalificad)[oa]?s?\b", re.I)
"""Spanish words that would have to agree with the player they are said of (eliminado / eliminada ...)."""


def _agreeing(texts: list[str]) -> list[str]:
    """The texts holding a word that agrees with a player's gender."""
    return [t for t in texts if _AGREES.search(t)]


@pytest.mark.parametrize("names", [WOMEN, MEN, ("Ana", "Ben", "Cleo"), ("Sam", "Fay", "Gus")])
@pytest.mark.parametrize("preset", ["scat", "schwimmen"])
def test_no_sentence_about_a_player_agrees_with_a_gender(names: tuple[str, ...], preset: str) -> None:
    """Players of both genders go out of the game; nothing said of them is "eliminado" for Ana or "eliminada"
    for Ben: the words agree with nobody, and the player out of the game is "fuera de la partida"."""
    with i18n.using("es"):
        said = what_a_game_says(names, preset, seed=3)
    assert _agreeing(said) == []
    out = [t for t in said if any(t.startswith(n) for n in names) and "fuera" in t]
    assert out, "a player out of the game is said to be out"
    assert any("queda fuera de la partida" in t for t in said)


def test_the_check_finds_a_word_that_agrees() -> None:
    assert _agreeing(["Ana eliminado", "Ben 1 eliminada", "saltando a Ana, que está eliminado"]) == [
        "Ana eliminado", "Ben 1 eliminada", "saltando a Ana, que está eliminado"]
    assert _agreeing(["Ana queda fuera de la partida.", "Ben 1 fuera"]) == []


@pytest.mark.parametrize("names", [("Sam", "Ana", "Ben"), ("Sam", "Ben", "Ana")])
def test_the_staged_round_says_who_is_skipped_without_a_gender(names: tuple[str, ...]) -> None:
    """Lesson 4's "who deals next": the deal passes a player who is out of the game, said alike of Ana and Ben."""
    from thirtyone.side_by_side import replay

    with i18n.using("es"):
        said = replay("deal-left", "bga-commerce").explain(list(names))
    assert f"saltando a {names[1]}, que ya está fuera de la partida" in said
    assert _agreeing([said]) == []


def test_the_card_table_says_a_player_is_out_without_a_gender() -> None:
    """The seat's badge and the showdown's "lives left" of a player out of the game: the same words for anyone."""
    from thirtyone.side_by_side import replay
    from thirtyone.widgets.table import CardTable

    with i18n.using("es"):
        end = replay("deal-left", "bga-commerce").end
        assert end is not None and end.out[1]
        table = CardTable(state=end, seat=0, names=("Sam", "Ana", "Ben"), bots=None, controls=False)
        table.render()
        shown = _visible(table)
    assert any("fuera de la partida" in t for t in shown)
    assert _agreeing(shown) == []


# -- counts agree with their numbers --------------------------------------------------------------------

def test_a_quiz_score_agrees_with_its_number() -> None:
    from thirtyone.widgets.quiz import Quiz, TieQuiz

    with i18n.using("es"):
        quiz = Quiz("scat", seed=1)
        assert quiz.check(quiz.score.value) is True
        assert "Puntuación: 1 acierto de 1" in quiz.tally.value
        quiz.next_hand()
        quiz.check(quiz.score.value)
        assert "Puntuación: 2 aciertos de 2" in quiz.tally.value
        quiz.next_hand()
        quiz.check(-1)
        assert "Puntuación: 2 aciertos de 3" in quiz.tally.value
        ties = TieQuiz(seed=1)
        ties.answer(ties.loser)
        assert "Puntuación: 1 acierto de 1" in ties.tally.value


def test_the_drill_s_score_agrees_with_its_number() -> None:
    from thirtyone.widgets._html import tally

    with i18n.using("es"):
        assert tally(1, 1) == "Puntuación: 1 acierto de 1"
        assert tally(0, 1) == "Puntuación: 0 aciertos de 1"
        assert tally(2, 3) == "Puntuación: 2 aciertos de 3"
    assert tally(1, 1) == "Score: 1 right out of 1"


def _knock(round_: int, advised: bool, verdict: str) -> KnockRecord:
    return KnockRecord(round_, 3, 28.0, advised, 0.2, verdict, Action("draw stock"), 0.3, 2)


@pytest.mark.parametrize("verdicts, spanish, english", [
    (("knock", "knock"), "Golpeaste 2 veces. El entrenador estuvo de acuerdo las dos veces.",
     "You knocked 2 times. The coach agreed both times."),
    (("knock", "knock", "knock"), "El entrenador estuvo de acuerdo las 3 veces.", "The coach agreed all 3 times."),
    (("knock", "play on", "play on"),
     "El entrenador estuvo de acuerdo 1 de esas veces. En 2 de esas veces el entrenador habría preferido que "
     "siguieras jugando.",
     "The coach agreed with 1 of them. For 2 of them the coach would rather you had played on."),
    (("about as good", "about as good"),
     "Para el entrenador, las dos veces golpear era más o menos igual de bueno que seguir jugando.",
     "The coach found both knocks about as good as playing on."),
    (("knock",), "Golpeaste una vez. El entrenador estuvo de acuerdo.", "You knocked once. The coach agreed."),
])
def test_the_coach_s_count_of_knocks_says_what_it_counts(verdicts: tuple[str, ...], spanish: str,
                                                         english: str) -> None:
    """Not "estuvo de acuerdo con ambos" (both what?): the knocks are counted as times, and agree; each count a
    sentence of its own."""
    record = GameRecord(0, names=("Sam", "Ana"))
    record.knocks = [_knock(i + 1, v == "knock", v) for i, v in enumerate(verdicts)]
    with i18n.using("es"):
        said = record.summary()
    assert spanish in said and "ambos" not in said
    assert english in record.summary()


# -- the game's summary counts lives --------------------------------------------------------------------

def test_the_summary_counts_the_lives_lost_not_only_the_rounds() -> None:
    """Four rounds lost, one of them a knock on the lowest hand that cost two lives: five lives in four rounds."""
    record = GameRecord(0, names=("Sam", "Ana"))
    record.rounds = [(r, (3, 3), (False, False)) for r in range(1, 7)]
    record.lost = {1: 1, 2: 0, 3: 2, 4: 1, 5: 0, 6: 1}
    assert "You played 6 rounds. You lost 5 lives in 4 of them." in record.summary()
    with i18n.using("es"):
        assert "Jugaste 6 rondas. Perdiste 5 vidas en 4 de ellas." in record.summary()
    record.lost = {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    with i18n.using("es"):
        assert "Jugaste 6 rondas. Perdiste 1 vida en 1 de ellas." in record.summary()


# -- numbers on the charts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("percent", [True, False])
def test_chart_ticks_are_written_as_the_language_writes_numbers(percent: bool) -> None:
    """A chart of lives lost per round, 0.30 to 0.40, has ticks 0,30 0,32 … on a Spanish page, as 30,5 everywhere
    else, and the hand values 5 to 25 on the other axis (the chance of surviving, in percent, with ``percent``)."""
    from thirtyone.widgets.charts import Series, line_chart

    series = [Series("a", [5, 12, 19, 25], [0.31, 0.34, 0.37, 0.39], [0.30, 0.33, 0.36, 0.38],
                     [0.32, 0.35, 0.38, 0.40])]
    ylim = None if percent else (0.30, 0.40)
    with i18n.using("es"):
        spanish = tick_labels(line_chart(series, "x", "y", percent=percent, ylim=ylim))
    english = tick_labels(line_chart(series, "x", "y", percent=percent, ylim=ylim))
    assert ("40%" in spanish and "100%" in spanish) if percent else ("0,30" in spanish and "0,32" in spanish)
    assert "5" in spanish and "25" in spanish
    assert not [t for t in spanish if re.search(r"\d\.\d", t)], spanish
    assert ("40%" in english) if percent else ("0.32" in english)
    assert not [t for t in english if re.search(r"\d,\d", t)], english


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_lesson_5s_charts_write_decimal_commas_where_the_language_does(lang: str) -> None:
    """Lesson 5's tournament chart as a Spanish or German page opens on it: its axis says 0,36, not 0.36; the survival
    chart by seat 40 % in German (a no-break space, as the language writes it)."""
    from thirtyone.widgets.charts import SurvivalChart, ThresholdChart

    with i18n.using(lang):
        threshold = tick_labels(ThresholdChart().figure.value)
        survival = tick_labels(SurvivalChart(compare="seat", turn=0).figure.value)
    assert any(re.fullmatch(r"0,\d\d", t) for t in threshold), threshold
    assert not [t for t in threshold + survival if re.search(r"\d\.\d", t)], threshold + survival
    assert i18n.percent(40, lang=lang) in survival and ("40\u00a0%" in survival) == (lang == "de")


# -- the lives chart's words fit in its picture --------------------------------------------------------------

def _cut_words(text: str) -> list[str]:
    """The words drawn in a chart's SVG that reach past its viewBox, by the chart's own measure of a word's width
    (an estimate on the wide side; the browser tests measure the real words in Chromium)."""
    from thirtyone.widgets.svgchart import text_width

    svg = svg_of(text)
    _x, _y, width, height = (float(v) for v in (svg.get("viewBox") or "").split())
    cut = []
    for t in svg.iter("{http://www.w3.org/2000/svg}text"):
        words = "".join(t.itertext())
        x, y = float(t.get("x") or 0), float(t.get("y") or 0)
        wide = text_width(words)
        left = {"end": x - wide, "middle": x - wide / 2}.get(t.get("text-anchor") or "", x)
        if left < 0 or left + wide > width or y - 14 < 0 or y + 7 > height:
            cut.append(words)
    return cut


@pytest.mark.parametrize("lang", [*i18n.LANGUAGES, i18n.PSEUDO])
@pytest.mark.parametrize("names", [("Sam (tú)", "Ana", "Ben"), ("Sam", "Cleo", "Bartholomew-Maximilian", "Hana")])
def test_every_word_of_the_lives_chart_fits_in_its_picture(lang: str, names: tuple[str, ...]) -> None:
    """Lesson 6's lives chart cut "eliminado" to "minado": its margins are made from its words; the players' names
    are in the legend under it (HTML, which wraps), each once."""
    from thirtyone.widgets.play import lives_chart

    n = len(names)
    record = GameRecord(0, names=names, start=(3,) * n)
    record.rounds = [(1, (3, 2) + (3,) * (n - 2), (False,) * n), (2, (2, 0) + (3,) * (n - 2), (False, True) + (False,) * (n - 2))]
    with i18n.using(lang):
        chart = lives_chart(record, names)
        assert i18n._("out") in tick_labels(chart)
    assert legend(chart) == list(names)
    assert _cut_words(chart) == []


# -- one form for the bots' levels; a small letter after a colon -------------------------------------------------

def test_the_bots_levels_are_one_word_each_in_menus_and_sentences() -> None:
    """Lesson 6's setup said "Principiante" where the card table's menu and every sentence say "principiante"."""
    from thirtyone.widgets.play import GameSetup, GameTable

    with i18n.using("es"):
        setup = GameSetup(level="beginner", bots=3)
        table = GameTable(setup.new_state(), "beginner", 0, 1)
        menu = [label for label, _ in setup.level_menu.options]
        assert menu == [label for label, _ in table.level_menu.options] == ["principiante", "intermedio", "experto"]
        assert "contra 3 bots principiantes" in setup.describe()


@pytest.mark.parametrize("tour", ["scat", "scat-31", "schwimmen", "feuer"])
def test_a_step_s_move_is_not_a_capital_after_a_colon(tour: str) -> None:
    """"Tu jugada: Toma el 9♥": in Spanish the word after a colon takes a small letter; the move asked of the
    learner is a sentence of its own after "Te toca."."""
    from thirtyone.widgets.guide import Walkthrough

    with i18n.using("es"):
        walk = Walkthrough.named(tour)
        asked = []
        for i in range(len(walk.tour.steps)):
            walk.go(i)
            if walk.tour.steps[i].ask:
                asked.append(walk.narration.value)
    assert asked
    for text in asked:
        assert "<strong>Te toca.</strong> " in text
        assert not re.search(r":</strong> [A-ZÁÉÍÓÚÑ]", text), text


# -- a card's article agrees with the card ---------------------------------------------------------------------

def test_a_queen_or_a_jack_is_la_in_every_sentence_of_the_narration() -> None:
    """"Ana ha descartado el Q♦": the queen (la reina) and the jack (la jota) are feminine, as the tours and the
    coach already wrote them ("Ana toma la Q♦ del descarte")."""
    from thirtyone.cards import parse_cards
    from thirtyone.game import Event

    q, j, nine, king = parse_cards("Q♦ J♠ 9♥ K♣")
    events = [Event(1, "first discard", None, (q,)), Event(1, "draw discard", 1, (j,)), Event(1, "discard", 1, (q,)),
              Event(1, "draw stock", 0, (), (j,)), Event(1, "discard", 0, (nine,)), Event(1, "swap", 2, (q, j)),
              Event(1, "swap", 2, (king, nine))]
    names = ["Sam", "Ana", "Ben"]
    with i18n.using("es"):
        one_by_one = [e.describe(names) for e in events]
        joined = narrate(events, names, 0) + narrate(events, names, 1)
    assert one_by_one[:4] == ["La primera carta del descarte es la Q♦.", "Ana ha tomado la J♠ del descarte.",
                              "Ana ha descartado la Q♦.", "Sam ha robado la J♠ del mazo."]
    assert one_by_one[5:] == ["Ben ha cambiado la Q♦ por la J♠ del centro.", "Ben ha cambiado el K♣ por el 9♥ del centro."]
    assert "Has robado la J♠ del mazo y has descartado el 9♥." in joined
    assert "Ana ha tomado la J♠ del descarte y ha descartado la Q♦." in joined
    assert "Sam ha robado del mazo y ha descartado el 9♥." in joined
    assert not [t for t in one_by_one + joined if re.search(r"\bel [QJ]", t)]
    assert events[2].describe(names) == "Ana threw the Q♦."  # the English is as before
    assert narrate(events[3:5], names) == ["Sam drew the J♠ from the stock and threw the 9♥."]
