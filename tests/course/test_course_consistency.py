"""The course says each thing one way (issue 21): what the pages state, in English and in every language on disk
(``Phrases``: the words each check reads, per language), agrees with itself, with the words the widgets show and with the numbers the engine ships.

Each test reads the generated notebooks' text (``notebooks/*.ipynb``, ``notebooks/es/*.ipynb``: what a learner
reads) and the words of the engine and widgets in the same language, and fails on the contradiction a reader
found: the first knock stated three ways; "turns played" meaning two things on one chart; "no line reaches 31"
above a point at 32; Scat "also called Blitz" beside Board Game Arena's different Blitz; the intermediate bot's
Schwimmen threshold rising with players beside "a knock is safer at a bigger table", unexplained; Board Game
Arena's word for a knock read as a pass; the Scat advice given by halves; lessons 2 and 3 silent on who the
learner plays; Spanish calques. Lesson 4 (``04-variants``) is checked by its own tests.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.languages import page_languages

from thirtyone import Rules, names, shipped
from thirtyone.bots import knock_rule
from thirtyone.i18n import fixed, using
from thirtyone.timing import knock_turn

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PAGES = ("index", "01-scoring", "02-scat", "03-schwimmen", "05-knock-timing", "06-play", "glossary", "review")
"""The pages checked here, in the order a learner reads them (lesson 4 has its own tests)."""
LANGS = ("en", *page_languages())
"""English and every language with pages on disk (tests/helpers/languages.py)."""


class Phrases(dict):
    """What a check reads on the pages, per language. A language on disk without its phrases here fails its checks,
    naming what to write (the pages are read in their own words: a new language's sentences go here once)."""

    def __init__(self, name: str, phrases: dict[str, Any]) -> None:
        super().__init__(phrases)
        self.name = name

    def __missing__(self, lang: str) -> Any:
        pytest.fail(f"tests/course/test_course_consistency.py has no {lang!r} phrases for {self.name}: write the "
                    f"words of the {lang!r} pages this check reads (as for 'es')", pytrace=False)


def cells(stem: str, lang: str) -> list[dict[str, str]]:
    """A page's cells as the generated notebook holds them: ``{"type": ..., "text": ...}``."""
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    nb = json.loads((folder / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return [{"type": c["cell_type"], "text": "".join(c["source"])} for c in nb["cells"]]


def prose(stem: str, lang: str) -> str:
    """A page's prose, one line: its markdown cells joined."""
    return one_line(" ".join(c["text"] for c in cells(stem, lang) if c["type"] == "markdown"))


def paragraphs(stem: str, lang: str) -> list[str]:
    """A page's paragraphs (and list items), each on one line."""
    out = []
    for c in cells(stem, lang):
        if c["type"] == "markdown":
            for block in re.split(r"\n\s*\n|\n(?=- )", c["text"]):
                if block.strip():
                    out.append(one_line(block))
    return out


def prose_before(stem: str, lang: str, code: str) -> str:
    """The markdown cell just before the code cell that contains ``code``, on one line."""
    found = cells(stem, lang)
    for i, c in enumerate(found):
        if c["type"] == "code" and code in c["text"]:
            assert i > 0 and found[i - 1]["type"] == "markdown", f"{stem} ({lang}): no prose before {code}"
            return one_line(found[i - 1]["text"])
    raise AssertionError(f"{stem} ({lang}) has no cell with {code}")


def prose_after(stem: str, lang: str, code: str) -> str:
    """The markdown cell just after the code cell that contains ``code``, on one line."""
    found = cells(stem, lang)
    for i, c in enumerate(found):
        if c["type"] == "code" and code in c["text"]:
            assert i + 1 < len(found) and found[i + 1]["type"] == "markdown", f"{stem} ({lang}): no prose after {code}"
            return one_line(found[i + 1]["text"])
    raise AssertionError(f"{stem} ({lang}) has no cell with {code}")


def one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


# -- 1. the first knock ---------------------------------------------------------------------------------------
ANY_TURN = Phrases("ANY_TURN", {"de": "Du darfst in jedem Zug klopfen, sogar im allerersten der Runde.", "en": "You may knock on any turn, even the round's very first.",
            "es": "Puedes golpear en cualquier turno, incluso en el primero de la ronda."})
"""The rule of Scat and Schwimmen, in the one sentence every page and widget uses."""
CLAUSE = Phrases("CLAUSE", {"de": "in jedem Zug klopfen, sogar im allerersten der Runde", "en": "any turn, even the round's very first", "es": "cualquier turno, incluso en el primero de la ronda"})
"""The clause a page may build its own sentence on ("Scat and Schwimmen let you knock on ...")."""
ANY_TURN_WORDS = Phrases("ANY_TURN_WORDS", {"de": re.compile(r"\bin jedem Zug\b"), "en": re.compile(r"\bany turn\b"), "es": re.compile(r"\bcualquier turno\b")})
FIRST_TURN_WORDS = Phrases("FIRST_TURN_WORDS", {"de": re.compile(r"allerersten|ersten Zug der Runde", re.I), "en": re.compile(r"very first|first turn of the round", re.I),
                    "es": re.compile(r"primer(ísimo)? turno de la ronda|el primero de la ronda", re.I)})
SOME_TABLES = Phrases("SOME_TABLES", {"de": "An manchen Tischen", "en": "Some tables", "es": "Algunas mesas"})


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_knock_is_stated_one_way(lang: str) -> None:
    """Scat and Schwimmen let a player knock on any turn (the Scat rule page only mentions tables that forbid a
    first-turn knock): the rule summaries of lessons 5 and 6, the rule editor's choice and every page that states
    it say it in one sentence, and no page states the optional house rule as the rule."""
    from thirtyone.widgets.ruleset import RuleEditor

    said = ANY_TURN[lang]
    with using(lang):
        for preset in ("scat", "schwimmen"):
            assert Rules.preset(preset).first_knock == "anytime"
            assert said in Rules.preset(preset).summary(), preset
        assert names.value_text("first_knock", "anytime") == said
        assert said in html.unescape(RuleEditor().summary.value)
    for stem in PAGES:
        for s in sentences(prose(stem, lang)):
            if ANY_TURN_WORDS[lang].search(s):
                assert CLAUSE[lang] in s, (stem, s)
            elif FIRST_TURN_WORDS[lang].search(s):
                assert SOME_TABLES[lang] in s, (stem, s)


# -- 2. turns played ------------------------------------------------------------------------------------------
EXACT = Phrases("EXACT", {"de": re.compile(r"(?<!mindestens )nach (\d+) gespielte[mn] Zügen?"), "en": re.compile(r"(?<!at least )after (\d+) turns? played"),
         "es": re.compile(r"después de (\d+) turnos? jugados?")})
"""A number of turns played, stated as exact."""
AT_LEAST = Phrases("AT_LEAST", {"de": re.compile(r"mindestens (\d+) Züge?"), "en": re.compile(r"at least (\d+) turns?"), "es": re.compile(r"al menos (\d+) turnos?")})
ON_DEAL_AFTER = Phrases("ON_DEAL_AFTER", {"de": re.compile(r"sein erster Zug, nach (\d+) (?:Zug|Zügen)\)"), "en": re.compile(r"its first turn, after (\d+) turns?\)"),
                 "es": re.compile(r"su primer turno, después de (\d+) turnos?\)")})
DEFINITION = Phrases("DEFINITION", {"de": re.compile(r"\*\*Gespielte Züge\*\*: ([^;]+);"), "en": re.compile(r"\*\*Turns played\*\*: ([^;]+);"), "es": re.compile(r"\*\*Turnos jugados\*\*: ([^;]+);")})


def line_turns(label: str, lang: str) -> int:
    """The turns played before the knock that a chart line's label states (0: on the deal, nobody before)."""
    m = EXACT[lang].search(label) or ON_DEAL_AFTER[lang].search(label)
    return int(m.group(1)) if m else 0


@pytest.mark.parametrize("lang", LANGS)
def test_turns_played_has_one_definition_in_every_label_of_lesson_5(lang: str) -> None:
    """"Turns played" is the turns the whole table has played in the round before the knock: lesson 5 and the
    glossary define it in the same words, every chart line states that very number for its knock, and the menu,
    the caption and the prose never state another number as exact (the menu's number is a least number, true of
    every line)."""
    from thirtyone.widgets.charts import SurvivalChart

    defined = {stem: DEFINITION[lang].findall(" ".join(c["text"] for c in cells(stem, lang))) for stem in
               ("05-knock-timing", "glossary")}
    assert defined["05-knock-timing"] and defined["05-knock-timing"] == defined["glossary"], defined
    intro = prose_before("05-knock-timing", lang, 'SurvivalChart(compare="players")')
    with using(lang):
        for chart in (SurvivalChart(compare="players"), SurvivalChart(compare="seat", turn=0),
                      SurvivalChart(compare="turn", players=4, seat=2)):
            lines = chart._lines()
            assert lines
            turns = []
            for label, (_rules, players, seat, turn, _opp) in lines:
                t = knock_turn(players, seat, turn)
                assert line_turns(label, lang) == t, (label, t)
                turns.append(t)
            shown = [html.unescape(label) for label, value in chart.turn_menu.options
                     if value == chart.turn_menu.value and chart.compare != "turn"]  # the turn chart hides its menu
            words = shown + [html.unescape(chart._caption(chart.curves(), None))]
            if chart.compare == "players":
                words.append(intro)
            for text in words:
                for n in AT_LEAST[lang].findall(text):
                    assert all(int(n) <= t for t in turns), (text, turns)
                for n in EXACT[lang].findall(text):
                    if text is intro:
                        assert int(n) in turns, (n, turns, text)
                    else:
                        assert all(int(n) == t for t in turns), (text, turns)


# -- 3. no line reaches 31 --------------------------------------------------------------------------------------
NO_LINE = Phrases("NO_LINE", {"de": re.compile(r"Keine Linie (reicht bis|hat einen Punkt bei) (\d+)"), "en": re.compile(r"No line (reaches|has a point at) (\d+)"),
           "es": re.compile(r"Ninguna línea (llega al?|tiene un punto en) (\d+)")})


@pytest.mark.parametrize("lang", LANGS)
def test_what_lesson_5_says_of_31_is_true_of_every_chart_it_offers(lang: str) -> None:
    """The first chart offers every preset; under Schwimmen three aces count 32 and do not end the round, so a
    line goes on to 32. The prose's claim about 31 holds for every preset, and a value above 31 that a line shows
    is named."""
    from thirtyone.widgets.charts import SurvivalChart

    text = prose_before("05-knock-timing", lang, 'SurvivalChart(compare="players")')
    claims = NO_LINE[lang].findall(text)
    assert claims, "lesson 5 says nothing of 31 beside its first chart"
    values: set[float] = set()
    chart = SurvivalChart(compare="players")
    for preset in Rules.PRESET_NAMES:
        chart.rules_menu.value = preset
        for _label, curve in chart.curves():
            values |= {p.value for p in curve}
    for how, number in claims:
        if how in REACHES[lang]:
            assert max(values) < int(number), (how, number, max(values))
        else:
            assert int(number) not in values, (number, sorted(values)[-4:])
    for v in values:
        if v > 31:
            assert f"{v:g}" in text, f"a line shows {v:g}, the prose does not say so"


REACHES = Phrases("REACHES", {"de": ("reicht bis",), "en": ("reaches",), "es": ("llega a", "llega al")})


# -- 4. Blitz ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_blitz_is_said_to_name_the_family_and_board_game_arenas_game(lang: str) -> None:
    """Where Blitz first appears and in the glossary, the page says it names both the draw-and-discard family and
    Board Game Arena's game (whose rules lesson 4 shows differ from Scat's); no page calls Scat itself Blitz."""
    first = next((p for stem in PAGES for p in paragraphs(stem, lang) if "Blitz" in p), None)
    assert first is not None
    assert "Board Game Arena" in first, first
    glossary = [p for p in paragraphs("glossary", lang) if "Blitz" in p]
    assert glossary and all("Board Game Arena" in p for p in glossary), glossary
    for stem in PAGES:
        text = prose(stem, lang)
        assert not re.search(r"Scat\*?\*? \((also called|también llamado) Blitz\)", text), stem
    assert names.PRESET_INFO["bga-draw"].name == "Board Game Arena's Blitz"


# -- 5. the intermediate bot's thresholds and the size of the table ----------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_lesson_5_says_why_the_schwimmen_threshold_rises_with_players(lang: str) -> None:
    """Lesson 6 says a knock is safer at a bigger table; lesson 5's table shows the intermediate bot's Schwimmen
    threshold rising with players. Lesson 5 explains it with the shipped tournament's own numbers and the rule
    behind it (a 31 costs everyone else a life in Scat, only the lowest hand in Schwimmen), and lesson 6 points
    there."""
    text = prose_after("05-knock-timing", lang, "KnockRulesTable()")
    scat = [knock_rule("intermediate", "scat", n).threshold for n in range(2, 9)]
    schwimmen = [knock_rule("intermediate", "schwimmen", n).threshold for n in range(2, 9)]
    assert schwimmen[0] is not None and schwimmen[0] < 30 and set(schwimmen[1:]) <= {30, 31}, schwimmen
    assert scat[0] is not None and scat[4] is not None and scat[0] > scat[4]
    assert Rules.preset("scat").instant_31 == "others_lose" and Rules.preset("schwimmen").instant_31 == "showdown"
    results = shipped.load("knock_rules.json")["results"]["schwimmen|4"]
    fixed_rule = {row[0]: row[4] for row in results if row[1] == 0}
    with using(lang):
        lost26, lost31 = fixed(fixed_rule[26.0]), fixed(fixed_rule[31.0])
    claims = {  # what lesson 5 says of the thresholds, and lesson 6's pointer to why, in each language
        "en": ([f"Schwimmen threshold {schwimmen[0]:g} with two players but 30 or 31 with three or more",
                f"from {scat[0]:g} with two players to {scat[4]:g} with six",
                f"{lost26} lives a round knocking at 26 and {lost31} at 31", "knock only on 30 or more",
                "every other player loses a life", "only the lowest hand loses"],
               "why the intermediate bot still waits for 30 or more in Schwimmen"),
        "es": ([f"umbral del Schwimmen es {schwimmen[0]:g} con dos jugadores, pero 30 o 31 con tres o más",
                f"de {scat[0]:g} con dos jugadores a {scat[4]:g} con seis",
                f"{lost26} vidas por ronda golpeando con 26 y {lost31} con 31", "golpear solo con 30 o más",
                "todos los demás pierden una vida", "solo pierde la mano más baja"],
               "por qué el bot intermedio del Schwimmen espera aun así a tener 30 o más"),
        "de": ([f"Schwelle beim Schwimmen zu zweit bei {schwimmen[0]:g}, ab drei Spielern aber bei 30 oder 31",
                f"von {scat[0]:g} zu zweit auf {scat[4]:g} zu sechst",
                f"{lost26} Leben pro Runde beim Klopfen ab 26 und {lost31} ab 31", "erst mit 30 oder mehr",
                "alle anderen verlieren ein Leben", "nur die niedrigste Hand verliert"],
               "warum der fortgeschrittene Bot beim Schwimmen ab drei Spielern trotzdem auf 30 oder mehr"),
    }
    if lang not in claims:
        pytest.fail(f"no {lang!r} claims of lesson 5's thresholds: write them here (as for 'es')", pytrace=False)
    said, pointer = claims[lang]
    for claim in said:
        assert claim in text, claim
    assert pointer in prose("06-play", lang)


# -- 6. Board Game Arena's "pass" ------------------------------------------------------------------------------
BGA_PASS = Phrases("BGA_PASS", {"de": "„für den Rest der Runde passen“", "en": '"pass for the remainder of the round"', "es": "«pasar el resto de la ronda»"})
GLOSSARY_KNOCK = Phrases("GLOSSARY_KNOCK", {"de": ("- **Klopfen**", "**Schieben**"), "en": ("- **Knock**", "**pass**"), "es": ("- **Golpear**", "**pasar**")})
"""The glossary's entry for a knock, and the word for a pass it tells it from."""


@pytest.mark.parametrize("lang", LANGS)
def test_board_game_arenas_word_for_a_knock_is_quoted_once_and_told_from_a_pass(lang: str) -> None:
    everything = " ".join(prose(stem, lang) for stem in PAGES)
    assert everything.count(BGA_PASS[lang]) == 1
    entry = next(p for p in paragraphs("glossary", lang) if BGA_PASS[lang] in p)
    knock, pass_ = GLOSSARY_KNOCK[lang]
    assert entry.startswith(knock), entry
    assert pass_ in entry
    assert not re.search(r"(?<![\"«])(passing|pasar) (for )?(the rest|el resto) (of the round|de la ronda)", everything)


# -- 7. the Scat advice, both halves ---------------------------------------------------------------------------
ADVICE = Phrases("ADVICE", {"de": ("hohe Pikkarten zurückzuhalten, kostet dich nichts", "auf eine Karte zu warten, die nicht kommt"), "en": ("holding back high spades costs you nothing", "waiting for a card that won't come"),
          "es": ("no darle las picas altas no te cuesta nada", "esperar una carta que no va a llegar")})
"""The second half of each piece of the Scat rule page's advice (the rule page's words)."""
COSTS_NOTHING = Phrases("COSTS_NOTHING", {"de": "kostet dich nichts", "en": "costs you nothing", "es": "no te cuesta nada"})


@pytest.mark.parametrize("lang", LANGS)
def test_the_scat_advice_is_given_whole(lang: str) -> None:
    hold, wait = ADVICE[lang]
    assert hold in prose_before("05-knock-timing", lang, "DiscardStudyView()")
    assert wait in prose_before("05-knock-timing", lang, 'SurvivalChart(compare="turn"')
    # lesson 2's walkthrough says the first half where Ben picks up a spade, in its list of what you have done
    from thirtyone.i18n import _
    from thirtyone.widgets.guide import TOURS

    with using(lang):
        said = " ".join(_(step.done) for step in TOURS["scat"].steps if step.done)
    assert COSTS_NOTHING[lang] in said


# -- 8. who the learner plays, and small slips ----------------------------------------------------------------
INTERMEDIATE_BOTS = Phrases("INTERMEDIATE_BOTS", {"de": "fortgeschrittene Bots", "en": "intermediate bots", "es": "bots intermedios"})
LESSONS_2_AND_3 = Phrases("LESSONS_2_AND_3", {"de": "Lektion 2 und 3", "en": "lessons 2 and 3", "es": "lecciones 2 y 3"})

@pytest.mark.parametrize("lang", LANGS)
def test_lessons_2_and_3_say_who_the_learner_plays(lang: str) -> None:
    """Lessons 2 and 3 deal the learner a round against the intermediate bots (lesson 5 explains them): the prose
    above each table says so, and lesson 5 does not say the bots are first met in lesson 6."""
    from thirtyone.widgets import CardTable

    level = INTERMEDIATE_BOTS[lang]
    for stem, preset, seat in (("02-scat", "scat", 1), ("03-schwimmen", "schwimmen", 0)):
        code = f'CardTable("{preset}", players=3, seat={seat})'
        assert level in prose_before(stem, lang, code), stem
        assert CardTable(preset, players=3, seat=seat).level_menu.value == "intermediate"
    lesson5 = prose("05-knock-timing", lang)
    assert LESSONS_2_AND_3[lang] in lesson5
    assert "you meet them at the table in lesson 6" not in lesson5 and "los conoces en la mesa" not in lesson5


def test_sam_knocks_at_the_first_chance_in_every_message() -> None:
    """Lesson 4's staged rounds say when Sam knocks in one way ("at the first chance"), never "his first turn"
    beside it: every message of the catalog that says when someone knocks says the same."""
    pot = (ROOT / "thirtyone" / "locale" / "messages.pot").read_text(encoding="utf-8")
    when = re.findall(r"knocks at (?:his|her|their|the) first (\w+)", pot)
    assert when and set(when) == {"chance"}, when


# -- 9. Spanish as a native writes it ----------------------------------------------------------------------------
CALQUES = ("Test:", "el test", "Las mesas lo juegan", "Estas lecciones juegan", "quien recoge picas está juntando picas",
           "por ahora en inglés", "también llamado Blitz", "Gana el último que queda")


def test_the_spanish_pages_have_none_of_the_calques_a_reader_found() -> None:
    from babel.messages.pofile import read_po

    with (ROOT / "thirtyone" / "locale" / "es" / "LC_MESSAGES" / "thirtyone.po").open("rb") as f:
        catalog = read_po(f)
    words = [" ".join(m.string) if isinstance(m.string, (tuple, list)) else str(m.string or "") for m in catalog
             if m.id]
    texts = {stem: prose(stem, "es") for stem in PAGES} | {"the catalog": one_line(" ".join(words))}
    for calque in CALQUES:
        for where, text in texts.items():
            assert calque not in text, (where, calque)
