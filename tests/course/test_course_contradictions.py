"""What an exam reader found the course saying two ways (issue 31), checked against the data it comes from.

Each test reads the generated pages (``notebooks/*.ipynb`` and each language's, what a learner reads), the widgets'
words in the same language and ``docs/rules.md``, and compares them with the project's data: the presets
(``thirtyone.rules.PRESETS``), the rule books and who plays what (``thirtyone.names``), the shipped tournaments
(``thirtyone/data/knock_rules.json``, ``threshold_tournament.json``). The contradictions: a rule book named "house
rules" beside the house rules it does not play, and credited on both sides of a row; "two rule sets" against "six";
lesson 5's best thresholds against its own chart's, unexplained; "Ride the Bus" as a name of the game beside "on
the bus" for swimming; the center "face up" in one place and dealt "face down" in another.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.languages import page_languages

from thirtyone import Rules, names, shipped
from thirtyone.i18n import fixed, number, using
from thirtyone.policy import field_threshold
from thirtyone.rules import COMMERCE_ONLY, DRAW_ONLY

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PAGES = ("index", "01-scoring", "02-scat", "03-schwimmen", "04-variants", "05-knock-timing", "06-play", "glossary",
         "review")
LANGS = ("en", *page_languages())


class Phrases(dict):
    """The words a check reads, per language; a language on disk without them fails, naming what to write."""

    def __init__(self, name: str, phrases: dict[str, Any]) -> None:
        super().__init__(phrases)
        self.name = name

    def __missing__(self, lang: str) -> Any:
        pytest.fail(f"tests/course/test_course_contradictions.py has no {lang!r} phrases for {self.name}: write the "
                    f"words of the {lang!r} pages this check reads (as for 'es')", pytrace=False)


def one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def cells(stem: str, lang: str) -> list[dict[str, str]]:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    nb = json.loads((folder / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return [{"type": c["cell_type"], "text": "".join(c["source"])} for c in nb["cells"]]


def paragraphs(stem: str, lang: str) -> list[str]:
    """A page's paragraphs and list items, each on one line (the course bar's cells left out)."""
    out = []
    for c in cells(stem, lang):
        if c["type"] == "markdown" and "to-course-bar" not in c["text"]:
            out += [one_line(b) for b in re.split(r"\n\s*\n|\n(?=\s*(?:- |\d+\. ))", c["text"]) if b.strip()]
    return out


def prose(stem: str, lang: str) -> str:
    return " ".join(paragraphs(stem, lang))


def prose_before(stem: str, lang: str, code: str) -> str:
    found = cells(stem, lang)
    for i, c in enumerate(found):
        if c["type"] == "code" and code in c["text"]:
            assert i > 0 and found[i - 1]["type"] == "markdown", f"{stem} ({lang}): no prose before {code}"
            return one_line(found[i - 1]["text"])
    raise AssertionError(f"{stem} ({lang}) has no cell with {code}")


# -- 1. the rule books, and who plays what ----------------------------------------------------------------------
HOUSE_RULE = Phrases("HOUSE_RULE", {"en": re.compile(r"house rules?", re.I), "es": re.compile(r"reglas? de la casa", re.I),
                                    "de": re.compile(r"Hausregel", re.I)})
"""The word for a rule some tables add (three of a kind at 30.5, three aces at 32, no knock on the first turn)."""
SAYS = Phrases("SAYS", {"en": re.compile(r"\bsays?\b"), "es": re.compile(r"\bsegún\b"), "de": re.compile(r"\b(so|sagt)\b")})
"""How a sentence reports what a rule book says other tables play (not what it plays itself)."""


@pytest.mark.parametrize("lang", LANGS)
def test_no_rule_book_is_called_a_house_rule(lang: str) -> None:
    """A house rule is a rule some tables add; a rule book that plays none of them is not named one. Every page and
    the widgets' table name each rule book by its name, and call nothing but a rule some tables add a house rule
    (Feuer is a rule set of its own, not a house rule)."""
    with using(lang):
        book_names = [names.source_name(key) for key in names.SOURCES]
    for name in book_names:
        assert not HOUSE_RULE[lang].search(name), name
    for stem in PAGES:
        for p in paragraphs(stem, lang):
            if HOUSE_RULE[lang].search(p):
                assert "Feuer" not in p, (stem, p)
    assert "Scat house rules" not in " ".join(prose(stem, lang) for stem in PAGES)


def _credit(name: str, book_names: dict[str, str]) -> str:
    """The rule book a credit names (``"Board Game Arena's Blitz"`` → ``"bga"``)."""
    found = [key for key, n in sorted(book_names.items(), key=lambda kv: -len(kv[1])) if n.lower() in name.lower()]
    assert found, f"{name!r} names no rule book"
    return found[0]


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_4_credits_each_rule_to_the_rule_books_that_play_it_once(lang: str) -> None:
    """Lesson 4's table of every option under all six presets: each value is credited to the rule books whose
    rule set plays it (``names.who_plays``), a rule book on one side of a row only (where its two games play two
    ways, each game by its name); a rule book that only reports what some tables play is quoted as saying so.
    The page's list of rule sets credits each to the rule books of its preset (``names.sources_text``)."""
    from thirtyone.side_by_side import difference_rows

    with using(lang):
        book_names = {key: names.source_name(key) for key in names.SOURCES}
        rows = difference_rows(Rules.PRESET_NAMES, everything=True)
        credits = {key: names.sources_text(key) for key in Rules.PRESET_NAMES}
        preset_names = {key: names.preset_name(key) for key in Rules.PRESET_NAMES}
    for row in rows:
        seen: dict[str, str] = {}
        for _value, who in row.played_by:
            for part in re.split(r", | and | y | und ", who):
                key = _credit(part, book_names)
                assert key not in seen or (seen[key] != part and part != book_names[key]), (row.field, seen, part)
                seen[key] = part
        for also in row.also:
            named = [k for k, n in book_names.items() if n.lower() in also.lower()]
            if named:
                assert SAYS[lang].search(also), (row.field, also)
    bullets = [p for p in paragraphs("04-variants", lang) if p.startswith("- **")]
    listed = 0
    for key, name in preset_names.items():
        for p in bullets:
            m = re.match(r"- \*\*(.+?)\*\*: .*\(([^()]*)\)\.?$", p)
            if m and m.group(1).lower() == name.lower():
                assert m.group(2) == credits[key], (key, m.group(2), credits[key])
                listed += 1
    assert listed >= 3, bullets


def _docs_tables() -> dict[str, list[tuple[Any, str]]]:
    """docs/rules.md's table of every option: ``{field: [(value, sources cell), ...]}``."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    part = text.split("## Every option", 1)[1].split("## The six presets", 1)[0]
    out = {}
    for field, body in re.findall(r"\*\*`(\w+)`\*\*(.*?)(?=\*\*`\w+`\*\*|\Z)", part, re.S):
        out[field] = [(ast.literal_eval(v), cell) for v, cell in
                      re.findall(r"^\| `([^`]+)` \| .* \| (.*) \|$", body, re.M)]
    return out


def test_the_rules_document_credits_each_rule_as_the_data_does() -> None:
    """docs/rules.md's sources for each value of each option are the rule books ``names.who_plays`` names for the
    six presets (a game by its name where a rule book's two games play two ways), each on one side of a row; a
    rule book that only reports what some tables play is quoted as saying so ("says ..."); its table of presets
    credits each as ``names.sources_text`` does."""
    book_names = {key: s.name for key, s in names.SOURCES.items()}
    tables = _docs_tables()
    assert set(tables) >= {"deck", "three_of_a_kind", "first_knock", "allow_pass", "discard_taken"}
    for field, rows in tables.items():
        presets = [p for p in Rules.PRESET_NAMES
                   if not (Rules.preset(p).family == "draw" and (field in COMMERCE_ONLY or field == "first_choice"))
                   and not (Rules.preset(p).family == "commerce" and field in DRAW_ONLY)]
        by = names.who_plays(presets, field, [getattr(Rules.preset(p), field) for p in presets])
        seen: set[str] = set()
        for value, cell in rows:
            cell = re.sub(r"\([^)]*\)", "", cell).replace("*", "")
            credited = [c.strip() for c in cell.split(";")
                        if c.strip() and not re.search(r"\bsays\b|no source|no preset", c)]
            assert sorted(credited) == sorted(by.get(value, [])), (field, value, credited, by.get(value))
            for c in credited:
                assert c not in seen, (field, c)
                seen.add(c)
            reported = [k for k, n in book_names.items() if n in cell and n not in credited
                        and not any(n in c for c in credited)]
            if reported:
                assert re.search(r"\bsays\b", cell), (field, value, cell)
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for key in Rules.PRESET_NAMES:
        m = re.search(rf"^\| [^|]+ \| `\"{re.escape(key)}\"` \|.*\| ([^|]+) \|$", text, re.M)
        assert m, key
        assert re.sub(r" \(.*\)", "", m.group(1).strip()) == names.sources_text(key), key


# -- 2. how many rule sets ------------------------------------------------------------------------------------------
NUMBERS = Phrases("NUMBERS", {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7}})
RULE_SETS = Phrases("RULE_SETS", {"en": r"rule sets", "es": r"reglamentos", "de": r"Regelwerke[n]?"})
RULE_BOOKS = Phrases("RULE_BOOKS", {"en": r"rule books", "es": r"libros de reglas", "de": r"Regelbüchern?"})
OTHER = Phrases("OTHER", {"en": r"other", "es": r"otros", "de": r"anderen"})


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_counts_the_rule_sets_and_rule_books_alike(lang: str) -> None:
    """"N rule sets" on any page is the number of presets, "N rule books" the number of rule books (but "the other
    four rule sets", a part of them)."""
    counts = {RULE_SETS[lang]: len(Rules.PRESET_NAMES), RULE_BOOKS[lang]: len(names.SOURCES)}
    seen = []
    for stem in PAGES:
        text = prose(stem, lang)
        for thing, count in counts.items():
            for before, word in re.findall(rf"(\w+ )?\b(\w+) {thing}\b", text, re.I):
                n = NUMBERS[lang].get(word.lower())
                if n is None or before.strip().lower() == OTHER[lang]:
                    continue
                assert n == count, (stem, f"{word} {thing}", count)
                seen.append(stem)
    assert {"01-scoring", "04-variants", "index"} <= set(seen), seen


# -- 3. lesson 5's best thresholds and its chart -----------------------------------------------------------------------
WHY_THEY_DIFFER = Phrases("WHY_THEY_DIFFER", {
    "en": ("bots that knock at fixed values (in Scat with six players, at {field})",
           "who knock at the table's thresholds ({table} there)",
           "with six players in Scat this chart's fewest lives are lost knocking at {chart6}, where the table says "
           "{table}, and with four players in Schwimmen at {chart4}, where the table says {table4}",
           "every threshold from 20 to 31 loses between {low} and {high} lives a round"),
    "es": ("bots que golpean con valores fijos (en el Scat con seis jugadores, con {field})",
           "que golpean con los umbrales de la tabla (ahí, con {table})",
           "con seis jugadores en el Scat, en este gráfico se pierden menos vidas golpeando con {chart6}, donde la "
           "tabla dice {table}, y con cuatro jugadores en el Schwimmen, con {chart4}, donde la tabla dice {table4}",
           "cada umbral del 20 al 31 pierde entre {low} y {high} vidas por ronda"),
    "de": ("Bots, die bei festen Werten klopfen (beim Scat zu sechst ab {field})",
           "die bei den Schwellen der Tabelle klopfen (dort ab {table})",
           "Beim Scat zu sechst gehen in diesem Diagramm die wenigsten Leben beim Klopfen ab {chart6} verloren, wo "
           "die Tabelle {table} sagt, beim Schwimmen zu viert ab {chart4}, wo die Tabelle {table4} sagt",
           "verliert jede Schwelle von 20 bis 31 zwischen {low} und {high} Leben pro Runde"),
})


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_5_names_its_charts_best_thresholds_and_why_they_differ_from_the_table(lang: str) -> None:
    """Lesson 5's table of the bots' thresholds (the knock-rule tournament, against a field knocking at fixed
    values) and its threshold chart (one player against intermediate bots, who knock at the table's values)
    answer two questions; the page says which, with both sets of numbers as the shipped data and the chart give
    them, so a change to either data fails here."""
    from thirtyone.widgets.charts import ThresholdChart

    best = shipped.load("knock_rules.json")["best"]
    chart = shipped.load("threshold_tournament.json")["results"]
    scat6 = chart["scat|6"]
    lowest = min(scat6, key=lambda row: row[2])
    with using(lang):
        figures = {"field": number(field_threshold("draw", 6)), "table": number(best["scat|6"][0]),
                   "chart6": number(lowest[0]),
                   "chart4": number(min(chart["schwimmen|4"], key=lambda row: row[2])[0]),
                   "table4": number(best["schwimmen|4"][0]),
                   "low": fixed(min(row[2] for row in scat6), 3), "high": fixed(max(row[2] for row in scat6), 3)}
        for preset, players, key in (("scat", 6, "chart6"), ("schwimmen", 4, "chart4")):
            shown = ThresholdChart(preset, players).message.value
            assert f"<strong>{figures[key]}</strong>" in shown, (preset, players, shown)
    assert best["scat|6"][1] == best["schwimmen|4"][1] == 0  # fixed thresholds, as the table shows them
    text = prose_before("05-knock-timing", lang, "ThresholdChart()")
    for claim in WHY_THEY_DIFFER[lang]:
        assert claim.format(**figures) in text, claim.format(**figures)


# -- 4. Ride the Bus, on the bus, and the center --------------------------------------------------------------
ON_THE_BUS = Phrases("ON_THE_BUS", {"en": "on the bus", "es": "en el autobús", "de": "im Bus"})
SWIMMING = Phrases("SWIMMING", {"en": "swimming", "es": "nad", "de": "schwimm"})


@pytest.mark.parametrize("lang", LANGS)
def test_ride_the_bus_and_on_the_bus_are_said_as_one_thing(lang: str) -> None:
    """"Ride the Bus" is a name of Scat (a rule book calls the game so, and its last life "on the bus"): every
    paragraph that says "on the bus" names the game Ride the Bus beside swimming, and the index names it."""
    assert names.ALIASES["ride-the-bus"] == "scat"
    assert "Ride the Bus" in prose("index", lang)
    said = [(stem, p) for stem in PAGES for p in paragraphs(stem, lang) if ON_THE_BUS[lang] in p]
    assert {stem for stem, _p in said} >= {"02-scat", "glossary"}, said
    for stem, p in said:
        assert "Ride the Bus" in p and SWIMMING[lang] in p.lower(), (stem, p)


CENTER = Phrases("CENTER", {
    "en": ("- **Center**", "face down", "face up", "before the first turn"),
    "es": ("- **Centro**", "boca abajo", "boca arriba", "antes del primer turno"),
    "de": ("- **Mitte**", "verdeckt", "offen", "vor dem ersten Zug")})


@pytest.mark.parametrize("lang", LANGS)
def test_the_center_is_dealt_face_down_and_said_when_it_turns_face_up(lang: str) -> None:
    """The glossary's center and lesson 3 (whose walkthrough deals it face down) both say it is dealt face down and
    turns face up before the first turn, as docs/rules.md does."""
    entry, down, up, when = CENTER[lang]
    glossary = next(p for p in paragraphs("glossary", lang) if p.startswith(entry))
    intro = paragraphs("03-schwimmen", lang)
    lesson3 = next(p for p in intro if down in p)
    for text in (glossary, lesson3):
        assert down in text and up in text and when in text, text
    rules = one_line((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    assert "three more go face down in the middle" in rules and "Otherwise the center is turned face up" in rules


# -- 5. what the exam reader met besides ----------------------------------------------------------------------
EVERY_RULE_SET_ENDS = Phrases("EVERY_RULE_SET_ENDS", {
    "en": "In every rule set of these lessons, 31 ends the round at once.",
    "es": "En todos los reglamentos de estas lecciones, un 31 termina la ronda de inmediato.",
    "de": "In allen Regelwerken dieser Lektionen beendet eine 31 die Runde sofort."})


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_1_says_31_ends_the_round_in_every_rule_set_as_lesson_4_does(lang: str) -> None:
    """Lesson 1 said "in most games" 31 ends the round, lesson 4 and the rules document that it does in every rule
    set (what differs is who pays): every preset's value of the option says the round ends at once, and lesson 1
    says so of every rule set."""
    for key in Rules.PRESET_NAMES:
        assert "ends the round at once" in names.value_text("instant_31", Rules.preset(key).instant_31), key
    assert EVERY_RULE_SET_ENDS[lang] in prose("01-scoring", lang)
