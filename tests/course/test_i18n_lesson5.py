"""Lesson 5 and the coach in the course's languages (issue 13): the bots' knock rules, the advisor, the drill,
every chart (its HTML, alt text, caption and table, and the words drawn in its SVG) and the
coach's sentences and game record.

* Under the pseudo-locale every word these show is inside ``⟦…⟧`` markers (a word outside them is a string
  nobody wrapped in ``_()``), once card codes, numbers, the players' names and the text of the engine modules
  another part of issue 13 translates (rule summaries, why a knock is not allowed) are taken out.
* In Spanish: the knock rules are the very sentences the Spanish lesson 5 prints, numbers are written 30,5 and
  10.000, and a chart's picture is drawn (and kept) apart from the English one.
* In every language on disk (tests/helpers/languages.py): lesson 5's page quotes the bots' knock rules as the
  catalog says them, a chart's picture is its language's own, with its numbers written as the language writes
  them, and the shipped first advice comes with the same numbers in its words.
* English is unchanged: tests/widgets/test_advisor.py, test_coach.py, test_course_claims.py, test_bots.py and
  test_analysis.py check the English words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from helpers.charts import axis_names, chart_alt, legend
from helpers.languages import catalogs, lessons, page_languages
from helpers.pseudo import _figure_texts, _pseudo_views
from helpers.words import _unmarked, _visible

from thirtyone import Rules, i18n, parse_cards
from thirtyone.bots import KNOCK_RULES, PATIENCE, knock_rule
from thirtyone.coach import GameRecord, coach
from thirtyone.game import new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pseudo_views() -> Any:
    with i18n.using(i18n.PSEUDO):  # made and read under the pseudo-locale; the tests after it run in English
        return _pseudo_views()


def test_every_word_of_lesson_5_and_the_coach_is_in_the_markers(pseudo_views: Any) -> None:
    bad = []
    for name, shown, foreign in pseudo_views:
        bad += [f"{name}: {b}" for b in _unmarked(shown, foreign)]
    assert bad == [], "\n".join(bad[:40])


def test_the_pseudo_walk_saw_every_kind_of_text(pseudo_views: Any) -> None:
    """The walk reached what it means to check: advice, staging notes, messages, alt texts, pictures' words."""
    everything = " ".join(t for _n, shown, _f in pseudo_views for t in shown)
    for words in ("Advice: ", "no knocking yet", "Pick three cards", "31 or Fire", "The simulation judged",
                  "Chart: the chance of surviving", "No tournament was shipped", "the next player takes the card",
                  "knock threshold", "fewest: ", "You knocked", "If you knock", "Knocking loses", "Round ",
                  "both", "all 4", "about as good as playing on", "would rather you had played on", "You win the game!",
                  "Ana wins the game.", "You never knocked.", "Player 6"):
        assert words in everything, words
    assert len(pseudo_views) >= 38  # the widgets, a chart words entry per chart, the knock rules, the records, the coached games


def test_the_check_finds_a_word_outside_the_markers() -> None:
    with i18n.using(i18n.PSEUDO):
        box = w.VBox([w.Button(description=i18n._("Knock now")), w.HTML("<p>⟦Worth⟧ 30,5: K♥ K♠ K♣, Sam</p>")])
        assert _unmarked(_visible(box), []) == []
        box.children = [*box.children, w.HTML('<img alt="Chart: lives lost">')]
        assert len(_unmarked(_visible(box), [])) == 1
        assert len(_unmarked(["⟦seat 1⟧, after 4 turns"], [])) == 1


# -- Spanish -------------------------------------------------------------------------------------------
def _one_line(text: str) -> str:
    return " ".join(text.split())


LESSON_5_LANGUAGES = [lang for lang in page_languages() if lang in catalogs()
                      and any(p.stem == "05-knock-timing" for p in lessons(lang))]


@pytest.mark.parametrize("lang", LESSON_5_LANGUAGES)
def test_each_lesson_5_quotes_the_rule_the_bots_follow(lang: str) -> None:
    """The claim test_course_claims.py checks in English, in every language: lesson 5's page prints the bots'
    own knock rules, word for word as the catalog says them."""
    text = _one_line((ROOT / "tools" / "lessons" / lang / "05-knock-timing.md").read_text(encoding="utf-8"))
    with i18n.using(lang):
        rules = dict(KNOCK_RULES)
    assert set(rules) == {"beginner", "intermediate", "expert", "all"}
    for level, sentence in rules.items():
        assert _one_line(sentence) in text, f"lesson 5 in {lang!r} must say, for {level}: {sentence}"
    assert KNOCK_RULES["all"].startswith("No bot knocks")  # the mapping reads the language in use: English again


def test_the_spanish_knock_rules_count_turns() -> None:
    with i18n.using("es"):
        rules = dict(KNOCK_RULES)
    assert f"haya tenido {PATIENCE} turnos" in rules["beginner"]
    assert f"ha tenido {2 * PATIENCE} turnos" in rules["expert"]
    assert KNOCK_RULES["all"].startswith("No bot knocks")  # the mapping reads the language in use: English again


def test_a_level_s_knock_rule_in_spanish_names_the_table_s_numbers() -> None:
    rule = knock_rule("intermediate", "scat", 4)
    with i18n.using("es"):
        text = rule.text
    assert text.startswith("Con 4 jugadores en juego, un bot intermedio golpea en cuanto su mano vale ")
    assert f"vale {i18n.number(rule.threshold or 0)} o más" in text
    assert f"({rule.patience * 4} turnos con 4 jugadores)" in text
    with i18n.using("es"):
        expert = knock_rule("expert", "scat", 3).text
    assert expert.startswith("Un bot experto golpea cuando su simulación dice") and "(24 turnos con 3 jugadores)" in expert


def test_the_advisor_answers_in_spanish_with_decimal_commas() -> None:
    from thirtyone.widgets.advisor import KnockAdvisor

    with i18n.using("es"):
        a = KnockAdvisor("schwimmen", "K♥ K♠ K♣", players=3, seat=2, turn=1, rollouts=400)
        assert a.advice is not None
        assert "Vale <strong>30,5</strong>" in a.hand_text.value  # three of a kind in Schwimmen
        html = a.result.value
        assert "<strong>Consejo: " in html and "Golpear ahora" in html and "Seguir jugando" in html
        assert re.search(r"Vidas perdidas de media: <strong>\d,\d\d</strong> \(intervalo del 95%: \d,\d\d a \d,\d\d\)",
                         html), html
        assert "200 repartos simulados" in html
        assert "Schwimmen, 3 jugadores. Asiento 2: juegas en 2.º lugar. Tu turno " in a.situation.value
        assert [label for label, _v in a.seat_menu.options][-1] == "3: el repartidor, juega el último"
        a.picker.pick("A♥")
        assert "Elige tres cartas para tu mano (llevas 1)." in a.result.value
    assert a.players_menu.description == "Jugadores"  # drawn in Spanish, kept as drawn


def test_the_drill_marks_in_spanish() -> None:
    from thirtyone.widgets.advisor import KnockDrill

    with i18n.using("es"):
        d = KnockDrill(seed=5, rollouts=200)
        assert "¿Golpear o seguir jugando?" in d.question.value
        assert d.knock_button.description == "Golpear" and d.play_button.description.startswith("Seguir jugando (")
        d.answer("knock")
        assert "La simulación ha juzgado esta situación: Scat, " in d.feedback.value
        assert re.search(r"(¡Bien!|Esta vez no: aquí conviene|Demasiado igualado para decirlo)", d.feedback.value)
        assert "Puntuación: " in d.tally.value


def test_a_chart_in_spanish_has_spanish_words_and_a_picture_of_its_own() -> None:
    from thirtyone.widgets.charts import SurvivalChart, ThresholdChart

    english = SurvivalChart(compare="players")
    with i18n.using("es"):
        chart = SurvivalChart(compare="players")
        threshold = ThresholdChart("schwimmen", 3)
    assert chart_alt(chart.figure.value).startswith(
        "Gráfico: la probabilidad de sobrevivir a un golpe (del 0 al 100%) según el valor de la mano")
    assert "<summary>Los números del gráfico</summary>" in chart.figure.value
    assert "3.000 repartos simulados por línea" in chart.figure.value
    assert chart.rules_menu.description == "Reglas" and chart.seat_menu.description == "Quién golpea"
    assert legend(english.figure.value) != legend(chart.figure.value)  # the picture's own words
    assert "En este torneo se perdieron menos vidas golpeando con <strong>" in threshold.message.value
    assert re.search(r"\(\d,\d\d vidas por ronda\)", threshold.figure.value)
    assert "valor de la mano al golpear" in _figure_texts(chart.figure.value)
    words = _figure_texts(threshold.figure.value)
    assert "umbral de golpe (golpear con este valor o más)" in words and any(w.startswith("menos: ") for w in words)
    assert any(re.fullmatch(r"0,\d+", t) for t in words), words  # the axis writes 0,30 in Spanish
    assert not any(re.fullmatch(r"0\.\d+", t) for t in words), words


def test_the_coach_speaks_spanish() -> None:
    s = new_game("scat", 3, seed=4)
    with i18n.using("es"):
        advice = coach(s, rollouts=40)
        record = GameRecord(0, ("Sam", "Ana", "Ben"))
        record.observe(s)
        header, _rows = record.lives_table()
    assert re.search(r"es la que menos vidas pierde de media, \d,\d\d \(intervalo del 95%: \d,\d\d a \d,\d\d\)",
                     advice.explanation), advice.explanation
    assert advice.headline.startswith("El entrenador te aconseja ") and advice.headline.endswith(".")
    assert advice.best_move.words.startswith(("robar del mazo", "tomar el", "tomar la", "descartar"))
    assert header == ["Jugador", "Inicio"]


def test_the_knock_advice_is_said_in_the_language_in_use() -> None:
    """timing.advise keeps its answers without words: the staging note is said when read, the explanation
    when advised, each in the language in use then."""
    from thirtyone import timing
    from thirtyone.timing import advise

    english = advise("scat", "K♥ Q♥ 7♣", 4, 3, 0, rollouts=200, seed=7)
    assert english[0].note.startswith("From seat 3 of 4 your turn comes after 2 turns")
    with i18n.using("es"):
        spanish = advise("scat", "K♥ Q♥ 7♣", 4, 3, 0, rollouts=200, seed=7)
        assert spanish[0].note.startswith("Desde el asiento 3 de 4, tu turno llega después de 2 turnos")
        assert english[0].note == spanish[0].note  # the same spot, said now
    assert english[1].explanation.startswith("With ") and spanish[1].explanation.startswith("Con ")
    assert advise("scat", "K♥ Q♥ 7♣", 4, 3, 0, rollouts=200, seed=7) == english
    _spot, kept = timing._advise(Rules.preset("scat"), parse_cards("K♥ Q♥ 7♣"), 4, 3, 0, 200, 7)
    assert timing._advise.cache_info().hits and kept.explanation == kept.forbidden == ""  # the cache holds no words


@pytest.mark.parametrize("lang", catalogs())
def test_a_chart_in_each_language_is_a_picture_of_its_own(lang: str) -> None:
    """A chart drawn in another language has that language's words, and its axis writes numbers with the language's
    decimal sign."""
    from thirtyone.widgets.charts import ThresholdChart

    english = ThresholdChart("schwimmen", 3)
    with i18n.using(lang):
        threshold = ThresholdChart("schwimmen", 3)
    assert axis_names(english.figure.value) != axis_names(threshold.figure.value)
    decimal = i18n.REGISTERED[lang][1]
    words = _figure_texts(threshold.figure.value)
    assert any(re.fullmatch(rf"0{re.escape(decimal)}\d+", t) for t in words), words


@pytest.mark.parametrize("lang", catalogs())
def test_the_shipped_first_advice_has_the_same_numbers_in_each_language(lang: str) -> None:
    from thirtyone.timing import advise

    english = advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1]
    with i18n.using(lang):
        said = advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1]
    assert (said.knock, said.play_on, said.advice) == (english.knock, english.play_on, english.advice)
    assert said.explanation and said.explanation != english.explanation


def test_the_shipped_first_advice_is_said_in_spanish_too() -> None:
    """Lesson 5's first advice is shipped (computed once, in English words): on the Spanish page the same numbers
    come with Spanish words."""
    from thirtyone.timing import advise

    english = advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1]
    with i18n.using("es"):
        spanish = advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1]
    assert (spanish.knock, spanish.play_on, spanish.advice) == (english.knock, english.play_on, english.advice)
    assert english.explanation.startswith("With 20 against 3 other players, knocking now loses a life ")
    assert spanish.explanation.startswith("Con 20 contra otros 3 jugadores, golpear ahora pierde una vida ")
    assert re.search(r"unas \d,\d\d vidas de media", spanish.explanation)
