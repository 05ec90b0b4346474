"""The course's languages (issues 13 and 23): English is the identity, every catalog on disk is complete and
compiles, numbers read as each language writes them, each language's words are the ones decided for it, and under the pseudo-locale every word the translated widgets
show is inside ``⟦…⟧`` markers (a word outside them is a string nobody wrapped in ``_()``).

The tests of what every language must be are parametrised over the languages on disk
(``tests/helpers/languages.py``): a catalog or a folder of pages added is checked without an edit here.

Every module that shows words speaks through :mod:`thirtyone.i18n`, so nothing is taken out before the check:
the engine's score explanations and round accounts, rule summaries, the bots' knock rules and the coach are
checked as the widgets show them (``tests/engine/test_i18n_engine.py`` and ``tests/course/test_i18n_lesson5.py`` check those
modules on their own too).
"""

from __future__ import annotations

import ast
import json
import re
from io import BytesIO
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from helpers.languages import catalog, catalogs, notebooks, page_languages
from helpers.languages import needs as needs_language
from helpers.pseudo import _pseudo_widgets
from helpers.words import _unmarked, _visible, german_never, german_rejected

from thirtyone import i18n
from thirtyone.i18n import _

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "thirtyone" / "locale" / "messages.pot"
ES = catalog("es")
CATALOGS = catalogs()
"""Every language with a catalog on disk (``es``, ``de``, ...)."""
TRANSLATED_PAGES = page_languages()
"""Every language with translated pages on disk."""

def _catalog(path: Path) -> Any:
    with path.open("rb") as f:
        return read_po(f)


def _code_messages() -> set[str]:
    """Every literal message the modules of babel.cfg pass to ``_``, ``N_`` or ``ngettext`` (read with ``ast``,
    which sees inside f-strings, where Babel's extractor does not: a message there would be missing)."""
    files = re.findall(r"\[python: (\S+)\]", (ROOT / "babel.cfg").read_text(encoding="utf-8"))
    assert files
    found: set[str] = set()
    for name in files:
        for node in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = {"_": 0, "N_": 0, "ngettext": 0, "pgettext": 1, "npgettext": 1}.get(node.func.id)  # the msgid
            if (at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant)
                    and isinstance(node.args[at].value, str)):
                found.add(node.args[at].value)
    return found


# -- the machinery ------------------------------------------------------------------------------------
def test_english_is_the_identity_and_the_default():
    assert i18n.language() == "en"
    assert _("Check") == "Check"
    assert i18n.ngettext("{n} life", "{n} lives", 2) == "{n} lives"
    assert i18n.number(30.5) == "30.5" and i18n.number(19.0) == "19"
    assert i18n.fixed(0.345) == "0.34" and i18n.fixed(2, 0) == "2" and i18n.grouped(10_000) == "10,000"


def test_spanish_words_numbers_and_plurals():
    with i18n.using("es"):
        assert i18n.language() == "es"
        assert _("Knock") == "Golpear"
        assert _("Draw from the stock") == "Robar del mazo"
        assert i18n.number(30.5) == "30,5" and i18n.number(31) == "31"
        assert i18n.fixed(0.35) == "0,35" and i18n.grouped(10_000) == "10.000" and i18n.grouped(999) == "999"
        assert i18n.ngettext("{n} life", "{n} lives", 1).format(n=1) == "1 vida"
        assert i18n.ngettext("{n} life", "{n} lives", 2).format(n=2) == "2 vidas"
        assert i18n.card_name("king", "hearts") == "rey de corazones"
    assert _("Knock") == "Knock"  # the block ends, English again


def test_a_block_in_another_language_inside_spanish_ends_in_spanish():
    with i18n.using("es"):
        with i18n.using(i18n.PSEUDO):
            assert _("Knock") == "⟦Knock⟧"
        assert i18n.language() == "es" and _("Knock") == "Golpear"
    assert i18n.language() == "en"


def test_a_language_that_is_not_there_says_which_are():
    with pytest.raises(ValueError, match=f"the languages are {', '.join(i18n.LANGUAGES)}"):
        i18n.use("fr")
    with pytest.raises(TypeError):
        i18n.use(None)  # type: ignore[arg-type]
    for lang in set(i18n.REGISTERED) - set(i18n.LANGUAGES):  # registered, its catalog not written yet
        with pytest.raises(ValueError, match=f"no catalog for language '{lang}' yet"):
            i18n.use(lang)
    assert i18n.language() == "en"


def test_the_pseudo_locale_wraps_every_message():
    with i18n.using(i18n.PSEUDO):
        assert _("Check") == "⟦Check⟧"
        assert i18n.ngettext("{n} life", "{n} lives", 3).format(n=3) == "⟦3 lives⟧"


def test_every_language_on_disk_is_registered_and_offered():
    """A catalog on disk is one of i18n's languages (a line of ``REGISTERED``: its name and its numbers), and so is
    each language with pages; the page generator names each language as i18n does."""
    assert set(CATALOGS) <= set(i18n.REGISTERED), "register the language: a line of thirtyone/i18n.py's REGISTERED"
    assert set(i18n.LANGUAGES) == {"en", *CATALOGS}
    pages = _generator().LANGUAGES
    for lang in TRANSLATED_PAGES:
        assert lang in CATALOGS, f"pages in {lang!r} but no catalog: the widgets would speak English"
        assert lang in pages, f"pages in {lang!r}: add its Language(...) to tools/make_notebooks.py"
    for lang, language in pages.items():
        assert i18n.REGISTERED[lang][0] == language.name, lang


@pytest.mark.parametrize("lang", CATALOGS)
def test_each_language_writes_numbers_as_registered(lang):
    name, decimal, thousands, percent = i18n.REGISTERED[lang]
    with i18n.using(lang):
        assert i18n.number(30.5) == f"30{decimal}5" and i18n.number(19.0) == "19"
        assert i18n.fixed(0.25) == f"0{decimal}25" and i18n.grouped(10_000) == f"10{thousands}000"
        assert i18n.percent(35) == f"35{percent}"


def test_german_numbers():
    """30,5; 10.000; 35 % (a no-break space between the number and its sign), as a German reader writes them."""
    assert i18n.fixed(30.5, 1, lang="de") == "30,5" and i18n.percent(35, lang="de") == "35\u00a0%"
    assert i18n.percent(35, lang="es") == "35%" and i18n.percent(7.5, 1) == "7.5%"
    assert i18n.REGISTERED["de"][:3] == ("Deutsch", ",", ".")


@pytest.mark.parametrize("lang", CATALOGS)
def test_the_catalog_is_read_from_the_po_when_no_fresh_mo_is_there(tmp_path, monkeypatch, lang):
    """A clean clone has no .mo (it is built): the .po is compiled in memory and says the same."""
    po = catalog(lang)
    (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / lang / "LC_MESSAGES" / "thirtyone.po").write_bytes(po.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CACHE", {})
    t = i18n.translation(lang)
    said = _catalog(po).get("Next round").string
    assert said and t.gettext("Next round") == said


# -- the catalog --------------------------------------------------------------------------------------
def test_the_template_holds_every_message_of_the_code_and_no_other():
    pot = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(POT) if m.id}
    code = _code_messages()
    assert sorted(code - pot) == [], "run pybabel extract (see babel.cfg) or take _() out of an f-string"
    assert sorted(pot - code) == [], "messages.pot holds messages the code no longer has: extract again"


@pytest.mark.parametrize("lang", CATALOGS)
def test_each_catalog_is_complete_and_compiles(lang):
    """Every message of the template translated (nothing empty or fuzzy), nothing else, and it compiles."""
    pot = _catalog(POT)
    es = _catalog(catalog(lang))
    assert not es.fuzzy, "the catalog's header is marked fuzzy: pybabel compile would skip it"
    missing, fuzzy = [], []
    for m in pot:
        if not m.id:
            continue
        t = es.get(m.id, context=m.context)
        strings = () if t is None else (t.string if isinstance(t.string, tuple) else (t.string,))
        if t is None or not all(strings):
            missing.append(m.id)
        elif t.fuzzy:
            fuzzy.append(m.id)
    assert missing == [] and fuzzy == []
    extra = [m.id for m in es if m.id and pot.get(m.id, context=m.context) is None]
    assert extra == [], "the .po holds messages the template no longer has: pybabel update"
    errors = [(m.id, e) for m, e in es.check()]
    assert errors == []
    out = BytesIO()
    write_mo(out, es)
    assert len(out.getvalue()) > 10_000


@pytest.mark.parametrize("lang", CATALOGS)
def test_placeholders_survive_the_translation(lang):
    for m in _catalog(catalog(lang)):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(re.findall(r"\{\w*\}", ids[-1]))
        for i, s in enumerate(strings):
            have = set(re.findall(r"\{\w*\}", s))
            if m.context == "your seat":  # said to the learner: "Has golpeado", no name needed
                assert have <= want, (m.id, s)
            elif isinstance(m.id, tuple) and i == 0 and "{n}" in want:  # the singular may say its number in words
                assert have in (want, want - {"{n}"}), (m.id, s)  # ("Du hast einmal geklopft")
            else:
                assert have == want, (m.id, s)


def test_one_spanish_word_per_thing():
    """The game's own words, as the Spanish rule texts say them, and no second word for the same thing."""
    es = {m.id: m.string for m in _catalog(ES) if m.id and isinstance(m.id, str)}
    assert es["Knock"] == "Golpear" and es["The first knock"] == "El primer golpe"
    assert es["Swimming"] == "Nadar" and es["Lives"] == "Vidas"
    assert es["the center"] == "el centro" and es["Feuer"] == "Fuego"
    text = " ".join(s if isinstance(s, str) else " ".join(s) for s in es.values()).lower()
    assert es["Instant 31"] == "31 al instante"  # not "de golpe": a golpe is a knock
    words = set(re.findall(r"[a-záéíóúñ]+", text))
    assert not {w for w in words if w.startswith(("coge", "cogi", "cogí", "cogé"))}, "tomar, as everywhere"
    for other in ("cerrar", "llamar", "pila de descartes", "montón", "el pozo", "fuera del juego", "ahoga",
                  "31 de golpe"):
        assert other not in text, other


SOME_TABLES_SAY = ("03-schwimmen", "glossary")
"""The German pages that say some tables say „zumachen“ or „schließen“ for a knock."""


def test_the_german_check_finds_a_rejected_word():
    """The check itself (no German on disk needed): each rejected word is caught, the decided ones are not."""
    for never in ("Anna macht zu, nein: Anna will zumachen", "Ablagestapel", "beim Showdown", "ist eliminiert",
                  "der Coach rät", "König von Herz", "legt 8♣ ab, nicht abwerfen", "den Talon", "Unentschieden"):
        assert german_never(never), never
    for never in ("Wähl drei Karten", "Klick auf **Weiter**", "klick sie an", "Leg die 5♥ ab", "spielt deine Lage",
                  "dieselben Verteilungen", "Eine Schwelle klopft", "Du hast 1-mal geklopft", "wähl *ein Zug pro Klick*",
                  "Kein Gleichstand bei der niedrigsten Hand", "Tausch eine Karte", "Drück den Knopf", "Spiel weiter"):
        assert german_rejected(never), never
    for decided in ("Wähle drei Karten", "Klicke auf **Weiter**", "Lege die 5♥ ab", "Situation", "pro Klick",
                    "Kartenverteilungen", "Verteilungen der Karten", "einmal", "Ein Bot mit einer Schwelle klopft",
                    "der Tausch", "Spiele weiter", "Nimm", "Sieh"):
        assert not german_rejected(decided), decided
    for decided in ("Anna klopft", "nach dem Klopfen", "die Ablage", "beim Aufdecken", "scheidet aus",
                    "ist ausgeschieden", "der Trainer", "Herz-König", "legt 8♣ ab", "der Stapel", "Gleichstand",
                    "schließlich", "abwechselnd", "heraus", "Spiel"):
        assert not german_never(decided), decided


@needs_language("de")
def test_one_german_word_per_thing():
    """The German catalog says each thing of the game with the word decided for it (thirtyone/i18n.py's
    docstring) and none of the words rejected for it."""
    de = {(m.context, m.id): m.string for m in _catalog(catalog("de")) if m.id and isinstance(m.id, str)}
    said = {m: s for (c, m), s in de.items() if c is None}
    assert "klopf" in said["Knock"].lower() and "schieb" in said["Pass"].lower()
    assert "Stapel" in said["Draw from the stock"] and said["the center"] == "die Mitte"
    assert said["Feuer"] == "Feuer" and said["Lives"] == "Leben" and said["Instant 31"] == "31 sofort"
    assert "alle drei tauschen" in said["Swap all three"].lower()
    assert said["{name} is out of the game."] == "{name} ist ausgeschieden."
    assert said["{rank} of {suit}"] == "{suit}-{rank}"
    assert [said[s] for s in ("clubs", "spades", "hearts", "diamonds")] == ["Kreuz", "Pik", "Herz", "Karo"]
    assert [said[r] for r in ("ace", "king", "queen", "jack", "ten")] == ["Ass", "König", "Dame", "Bube", "Zehn"]
    assert [said[b].lower() for b in ("beginner", "intermediate", "expert")] == [
        "anfänger", "fortgeschrittener", "experte"]
    text = " ".join(s if isinstance(s, str) else " ".join(s) for s in de.values())
    assert german_never(re.sub(r"\{\w*\}", "", text)) == []  # placeholders ({dealer}) are names, not words
    assert said["Ties for the lowest hand are broken"] == "Ein Gleichstand bei der niedrigsten Hand wird entschieden"
    assert said["Worth {value}"] == "Wert: {value}" and said["one move per click"] == "Zug für Zug (per Klick)"
    plural = {m.id: m.string for m in _catalog(catalog("de")) if isinstance(m.id, tuple)}
    assert plural[("You knocked once.", "You knocked {n} times.")] == (
        "Du hast einmal geklopft.", "Du hast {n}-mal geklopft.")  # never "1-mal"
    assert german_rejected(text) == []
    with i18n.using("de"):
        assert i18n.card_name("king", "hearts") == "Herz-König"


@needs_language("de", pages=True)
def test_one_german_word_per_thing_on_the_pages():
    """The German pages: no rejected word (lesson 3 and the glossary name „zumachen“ and „schließen“ in quotation
    marks, as what some tables say), the game's decided words used."""
    pages = {path.stem: "\n".join(c["source"] for c in _cells(path) if c["cell_type"] == "markdown")
             for path in notebooks("de")}
    found = {}
    for stem, text in pages.items():
        if stem in SOME_TABLES_SAY:
            assert re.search(r"„(?:zumachen|schließen)“", text), f"{stem}: say once that some tables say „zumachen“"
            text = re.sub(r"„[^“]*“", " ", text)
        if german_never(text) or german_rejected(text):
            found[stem] = german_never(text) + german_rejected(text)
    assert found == {}
    everything = " ".join(pages.values())
    for word in ("klopf", "Stapel", "Ablage", "Aufdecken", "ausgeschieden", "Leben"):
        assert word.lower() in everything.lower(), word


# -- every translated widget under the pseudo-locale -----------------------------------------------------


def _walk(widget: Any) -> list[Any]:
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        out.append(x)
        stack.extend(getattr(x, "children", ()) or ())
    return out


@pytest.fixture(scope="module")
def pseudo_widgets():
    with i18n.using(i18n.PSEUDO):  # what they showed is read as they are made: English again for later tests
        return _pseudo_widgets()


def test_every_word_of_the_translated_widgets_is_in_the_markers(pseudo_widgets):
    bad = []
    for name, shown, foreign in pseudo_widgets:
        bad += [f"{name}: {b}" for b in _unmarked(shown, foreign)]
    assert bad == [], "\n".join(bad[:40])


def test_the_check_finds_a_word_outside_the_markers():
    """The check itself can fail: an unwrapped label is caught, a wrapped one and a card or a name are not."""
    with i18n.using(i18n.PSEUDO):
        box = w.VBox([w.Button(description=_("Next")), w.HTML("<p>⟦Worth⟧ 19: K♥ + 9♥, Sam</p>")])
        assert _unmarked(_visible(box), []) == []
        box.children = [*box.children, w.Button(description="Next")]
        assert len(_unmarked(_visible(box), [])) == 1
        box.children = [w.HTML('<span aria-label="the hand">⟦x⟧</span>')]
        assert len(_unmarked(_visible(box), [])) == 1


def test_the_widgets_speak_spanish():
    """A few things a Spanish reader sees, in the catalog's words and numbers."""
    from thirtyone.widgets.table import CardTable
    from thirtyone.widgets.views import ScoreView

    with i18n.using("es"):
        view = ScoreView("K♥ 9♥ 4♣", "scat")
        assert "Vale <strong>19</strong>" in view.value_html.value
        t = CardTable("scat", seed=1, pace=0)
        assert t.knock_button.description == "Golpear"
        assert t.stock_button.description == "Robar del mazo"
        assert "(tú)" in t.labels[0]
        from thirtyone.widgets.picker import RulePicker

        assert RulePicker(scoring_only=True).toak.description == "El trío vale 30,5"


def test_the_learners_own_seat_is_spoken_to():
    """A badge on another player's seat says "reparte", "le toca"; on the learner's own seat "repartes", "te toca"
    (one English word, two Spanish ones: a context in the catalog). English says "dealer" and "to play" on both."""
    from thirtyone.widgets.table import CardTable

    with i18n.using("es"):
        assert i18n.pgettext("your seat", "dealer") == "repartes" and _("dealer") == "reparte"
        t = CardTable("scat", seed=1, pace=0)  # the learner deals; the bots have played: the learner's turn
        assert t.state.dealer == t.state.current_player == t.seat == 0
        assert ">repartes<" in t.mine.head.value and ">▶ te toca<" in t.mine.head.value
        t = CardTable("scat", seed=1, pace=0, seat=1, bots=None)  # seat 0 deals, the learner in seat 1 plays first
        assert ">reparte<" in t.seats[0].head.value and ">▶ te toca<" in t.mine.head.value
        assert "le toca" not in t.mine.head.value
    t = CardTable("scat", seed=1, pace=0)
    assert ">dealer<" in t.mine.head.value and ">▶ to play<" in t.mine.head.value


def test_the_log_speaks_to_the_learner_about_their_own_moves():
    """The same English either way ("Sam (you) knocked: …"); in Spanish the learner's own moves are said to them
    ("Has golpeado: …") and another player's of them ("Ana ha golpeado: …")."""
    from thirtyone import narration
    from thirtyone.game import narrate, new_game

    assert {k: f() for k, f in narration.YOURS.items()} == {k: narration.SENTENCES[k] for k in narration.YOURS}
    state = new_game("scat", players=3, seed=4)  # Sam (seat 0) deals, Ana plays first
    assert state.dealer == 0 and state.current_player == 1
    state = state.apply("knock")  # Ana
    for _seat in (2, 0):  # Ben, then Sam: a card from the discard pile, then the first card of the hand away
        state = state.apply("draw discard")
        state = state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
    assert state.round_over
    labels = ["Sam (tú)", "Ana", "Ben"]
    events = state.round_events()
    assert narrate(events, labels, 0) == narrate(events, labels, 1)  # English: the same words for every viewer
    with i18n.using("es"):
        sam, ana = narrate(events, labels, 0), narrate(events, labels, 1)
    assert sam[0] == "Ronda 1: repartes tú." and ana[0] == "Ronda 1: reparte Sam (tú)."
    assert sam[2] == "Ana ha golpeado: todos los demás tienen un turno más." and ana[2].startswith("Has golpeado: ")
    assert sam[4] == "Has tomado la Q♠ del descarte y has descartado el 5♥."  # la Q♠: a queen is feminine
    assert ana[4].startswith("Sam (tú) ha tomado la Q♠ ")
    assert sam[5].startswith("Recuento (Ana ha golpeado") and ana[5].startswith("Recuento (has golpeado")


# -- the translated pages ----------------------------------------------------------------------------------
def _generator() -> Any:
    """tools/make_notebooks.py, imported as a module (tools/ is no package)."""
    import sys

    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import make_notebooks

    return make_notebooks


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _lang_of(path: Path) -> str:
    """The language of a generated page: ``notebooks/<lang>/x.ipynb``, English ``notebooks/x.ipynb``."""
    return "en" if path.parent.name == "notebooks" else path.parent.name


ALL_PAGES = [p for lang in ("en", *TRANSLATED_PAGES) for p in notebooks(lang)]
"""Every generated page, English and every language on disk."""


@pytest.mark.parametrize("lang", TRANSLATED_PAGES)
def test_each_languages_pages_are_what_the_generator_writes(tmp_path, lang):
    gen = _generator()
    gen.main(tmp_path)
    written = sorted(p.name for p in (tmp_path / lang).glob("*.ipynb"))
    assert written == [p.name for p in notebooks(lang)]
    assert {"index.ipynb", "01-scoring.ipynb", "glossary.ipynb"} <= set(written)
    for path in notebooks(lang):
        assert (tmp_path / lang / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{lang}/{path.name} differs from tools/make_notebooks.py: run it and commit both")


@pytest.mark.parametrize("lang", TRANSLATED_PAGES)
def test_each_translated_page_speaks_its_language_and_runs_the_english_code(lang):
    """The translation is of the text: the code is the English page's, after the line choosing the language."""
    for path in notebooks(lang):
        code = [c["source"] for c in _cells(path) if c["cell_type"] == "code"]
        english = [c["source"] for c in _cells(ROOT / "notebooks" / path.name) if c["cell_type"] == "code"]
        assert code[0].startswith(f'from thirtyone.i18n import use\n\nuse("{lang}")'), path.name
        code[0] = code[0].split("\n\n", 2)[2]
        assert code == english, path.name
        assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["thirtyone"]["language"] == lang


@pytest.mark.parametrize("lang", TRANSLATED_PAGES)
def test_each_translated_page_records_the_english_text_it_was_translated_from(lang):
    """``tools/lessons/<lang>/translated-from.json`` holds the SHA-256 of the English text of each page the
    language has (and of no other page): the generator names a page whose English text changed since."""
    gen = _generator()
    record = json.loads((ROOT / "tools" / "lessons" / lang / "translated-from.json").read_text(encoding="utf-8"))
    assert sorted(record) == sorted(gen.pages(lang))
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in record.values())


def test_every_link_of_every_page_leads_to_a_page_in_its_language_or_says_english():
    """A page links within its own language; a page its language does not have yet is linked in English and said
    so (the bar's "(in English)" in the page's language); the only other links are the language switch's, each to
    the page's own twin in another language."""
    gen = _generator()
    for path in ALL_PAGES:
        lang = _lang_of(path)
        in_english = gen.LANGUAGES[lang].words["in_english"].format(page="").strip()
        for cell in _cells(path):
            if cell["cell_type"] != "markdown":
                continue
            text = cell["source"]
            links = re.findall(r'href="([^"#:]+\.ipynb)"', text) + re.findall(r"\]\(([^)#:]+\.ipynb)\)", text)
            for link in links:
                target = (path.parent / link).resolve()
                assert target.exists(), f"{lang}/{path.name}: {link}"
                there = _lang_of(target)
                if there == lang:
                    continue
                line = next(x for x in text.splitlines() if link in x)
                twin = target.name == path.name and f'hreflang="{there}"' in line and 'class="to-language"' in line
                english = there == "en" and (in_english in line or 'lang="en"' in line)
                assert twin or english, f"{lang}/{path.name}: {line}"


def test_every_page_has_the_language_switch_to_its_twins_at_top_and_bottom():
    """English · Español · Deutsch …: every page's bar, at its top and bottom, names each language that has the
    page, and links to each twin."""
    gen = _generator()
    for path in ALL_PAGES:
        lang = _lang_of(path)
        up = "" if lang == "en" else "../"
        for cell in (_cells(path)[0], _cells(path)[-1]):
            bar = cell["source"]
            assert 'class="to-language"' in bar, path
            for other in ("en", *TRANSLATED_PAGES):
                if path.stem not in gen.pages(other):
                    continue
                assert gen.LANGUAGES[other].name in bar, (path, other)
                if other != lang:
                    twin = f"{up}{path.name}" if other == "en" else f"{up}{other}/{path.name}"
                    assert f'href="{twin}"' in bar, (path, bar)


def test_a_translation_whose_english_text_changed_is_named(tmp_path):
    """The generator names each translated page whose English source changed since it was translated (it does not
    fail: the English lessons change while their translations catch up)."""
    import shutil

    gen = _generator()
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "tools" / "lessons", lessons)
    assert gen.stale_translations(lessons) == gen.stale_translations()
    before = set(gen.stale_translations(lessons))
    english = lessons / "02-scat.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    translated = {f"{lang}/02-scat.md" for lang in TRANSLATED_PAGES if "02-scat" in gen.pages(lang)}
    assert "es/02-scat.md" in translated
    assert set(gen.stale_translations(lessons)) == before | translated


def test_the_pseudo_pages_for_a_browser_walk_are_the_english_pages_under_the_pseudo_locale(tmp_path):
    written = _generator().write_pseudo(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    for path in written:
        code = [c["source"] for c in _cells(path) if c["cell_type"] == "code"]
        english = [c["source"] for c in _cells(ROOT / "notebooks" / path.name) if c["cell_type"] == "code"]
        assert code[0].startswith('from thirtyone.i18n import use\n\nuse("pseudo")\n\n'), path.name
        assert [code[0].split("\n\n", 2)[2], *code[1:]] == english, path.name


@pytest.mark.parametrize("lang", ["en", *CATALOGS])
def test_lesson_4s_table_never_names_a_row_as_a_column(lang):
    """The presets' table has a row per option and a column per rule set: in German the option "Swimming" (the last
    life) was "Schwimmen", the name of a column beside it. Each language names them apart."""
    from thirtyone import names
    from thirtyone.rules import Rules

    with i18n.using(lang):
        rows = {names.option_label(k) for k in names.OPTIONS}
        columns = {names.preset_name(p) for p in Rules.PRESET_NAMES}
    assert rows & columns == set()
