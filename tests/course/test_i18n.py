"""The course's languages (issue 13): English is the identity, the Spanish catalog is complete and compiles,
numbers read as each language writes them, and under the pseudo-locale every word the translated widgets
show is inside ``⟦…⟧`` markers (a word outside them is a string nobody wrapped in ``_()``).

Every module that shows words speaks through :mod:`thirtyone.i18n`, so nothing is taken out before the check:
the engine's score explanations and round accounts, rule summaries, the bots' knock rules and the coach are
checked as the widgets show them (``tests/engine/test_i18n_engine.py`` and ``tests/course/test_i18n_lesson5.py`` check those
modules on their own too).
"""

from __future__ import annotations

import ast
import re
from io import BytesIO
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from helpers.words import _unmarked, _visible

from thirtyone import i18n
from thirtyone.i18n import _

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "thirtyone" / "locale" / "messages.pot"
ES = ROOT / "thirtyone" / "locale" / "es" / "LC_MESSAGES" / "thirtyone.po"

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
    with pytest.raises(ValueError, match="the languages are en, es"):
        i18n.use("fr")
    with pytest.raises(TypeError):
        i18n.use(None)  # type: ignore[arg-type]
    assert i18n.language() == "en"


def test_the_pseudo_locale_wraps_every_message():
    with i18n.using(i18n.PSEUDO):
        assert _("Check") == "⟦Check⟧"
        assert i18n.ngettext("{n} life", "{n} lives", 3).format(n=3) == "⟦3 lives⟧"


def test_the_catalog_is_read_from_the_po_when_no_fresh_mo_is_there(tmp_path, monkeypatch):
    """A clean clone has no .mo (it is built): the .po is compiled in memory and says the same."""
    (tmp_path / "es" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "es" / "LC_MESSAGES" / "thirtyone.po").write_bytes(ES.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CACHE", {})
    t = i18n.translation("es")
    assert t.gettext("Next round") == "Siguiente ronda"


# -- the catalog --------------------------------------------------------------------------------------
def test_the_template_holds_every_message_of_the_code_and_no_other():
    pot = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(POT) if m.id}
    code = _code_messages()
    assert sorted(code - pot) == [], "run pybabel extract (see babel.cfg) or take _() out of an f-string"
    assert sorted(pot - code) == [], "messages.pot holds messages the code no longer has: extract again"


def test_the_spanish_catalog_is_complete_and_compiles():
    pot = _catalog(POT)
    es = _catalog(ES)
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


def test_placeholders_survive_the_translation():
    for m in _catalog(ES):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(re.findall(r"\{\w*\}", ids[-1]))
        for s in strings:
            have = set(re.findall(r"\{\w*\}", s))
            if m.context == "your seat":  # said to the learner: "Has golpeado", no name needed
                assert have <= want, (m.id, s)
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


# -- every translated widget under the pseudo-locale -----------------------------------------------------


def _walk(widget: Any) -> list[Any]:
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        out.append(x)
        stack.extend(getattr(x, "children", ()) or ())
    return out


def _pseudo_widgets() -> list[tuple[str, Any, list[str]]]:
    """Each translated widget made and driven under the pseudo-locale: what it shows at each step, with the
    names it may quote that are not words (none but the given ones)."""
    from thirtyone.rules import Rules
    from thirtyone.side_by_side import SITUATIONS
    from thirtyone.widgets.guide import TOURS, Walkthrough
    from thirtyone.widgets.picker import CardPicker, RulePicker
    from thirtyone.widgets.play import GameSetup, PlayGame
    from thirtyone.widgets.quiz import Quiz, TieQuiz
    from thirtyone.widgets.ruleset import RuleEditor
    from thirtyone.widgets.table import CardTable
    from thirtyone.widgets.variants import PresetTable, RuleReplay
    from thirtyone.widgets.views import CardValues, HandComparison, Sandbox, ScoreView

    made: list[tuple[str, Any, list[str]]] = []

    def add(name: str, widget: Any, foreign: tuple[str, ...] = ()) -> None:
        made.append((name, _visible(widget), list(foreign)))  # as shown now

    add("ScoreView", ScoreView("K♥ 9♥", deal_button=True))
    cv = CardValues()
    cv.explain(cv.row.cards[0])
    add("CardValues", cv)
    add("Sandbox", Sandbox(hand="K♥ 9♥ 4♣"))
    add("HandComparison", HandComparison())
    add("HandComparison tiebreak", HandComparison(("K♥ 9♥ 4♣", "K♣ 9♣ 4♥"), "schwimmen"))
    cp = CardPicker(hand="K♥ 9♥ 4♣")
    cp.toggle(0)
    add("CardPicker", cp)
    rp = RulePicker(scoring_only=True)
    rp.toak.value = True
    add("RulePicker", rp)
    add("RulePicker whole", RulePicker("feuer"))
    q = Quiz(seed=3, choices=["scat", "schwimmen"])
    q.check("abc")
    add("Quiz not a number", q)
    q2 = Quiz("schwimmen", seed=4)
    q2.check("19")
    add("Quiz", q2)
    tq = TieQuiz(seed=2)
    tq.answer(0)
    add("TieQuiz", tq)
    editor = RuleEditor("schwimmen", open_options=True)
    editor.set("lives", 2)
    add("RuleEditor", editor)
    add("PresetTable", PresetTable(everything=True))
    for key in [*SITUATIONS, "own"]:
        add(f"RuleReplay {key}", RuleReplay(key))
    for rules in ("scat", "schwimmen", "widow", "bga-draw"):
        t = CardTable(rules, seed=5, pace=0, show_all=True)
        t.play("knock")
        t.click_stock()
        t.play_bots()
        add(f"CardTable {rules}", t)
        for _move in range(300):
            if t.state.game_over:
                break
            if t.state.round_over:
                add(f"CardTable {rules} showdown", t)
                t.next_round()
            elif t.my_turn:
                t.play(t.legal()[-1])
            else:
                t.play_bots()
        add(f"CardTable {rules} end", t)
    for name in TOURS:
        wt = Walkthrough.named(name)
        for i in range(40):
            if not wt.next():
                if wt.expected is None:
                    break
                wt.table.play("knock" if wt.expected.kind != "knock" else "pass")  # a wrong move: a hint
                add(f"Walkthrough {name} hint {i}", wt)
                wt.table.play(wt.expected)
            add(f"Walkthrough {name} {i}", wt)
    for level in ("beginner", "intermediate", "expert"):
        add(f"GameSetup {level}", GameSetup("scat", bots=3, level=level))
    add("GameSetup own rules", GameSetup(Rules.preset("scat").replace(deck=32), bots=1))
    add("PlayGame before the start", PlayGame(start=False))
    game = PlayGame("schwimmen", bots=2, seed=3, pace=0, rollouts=10)
    add("PlayGame started", game)
    for _move in range(400):
        t = game.table
        if t is None or t.state.game_over:
            break
        if t.state.round_over:
            t.next_round()
        elif t.my_turn:
            t.play(t.legal()[-1])
        else:
            t.play_bots()
    assert game.state is not None and game.state.game_over
    add("PlayGame over", game)
    return made


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


# -- the Spanish pages ----------------------------------------------------------------------------------
def _generator() -> Any:
    """tools/make_notebooks.py, imported as a module (tools/ is no package)."""
    import sys

    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import make_notebooks

    return make_notebooks


def _cells(path: Path) -> list[dict]:
    import json

    return json.loads(path.read_text(encoding="utf-8"))["cells"]


SPANISH = sorted((ROOT / "notebooks" / "es").glob("*.ipynb"))


def test_the_spanish_pages_are_what_the_generator_writes(tmp_path):
    gen = _generator()
    gen.main(tmp_path)
    written = sorted(p.name for p in (tmp_path / "es").glob("*.ipynb"))
    assert written == [p.name for p in SPANISH]
    assert {"index.ipynb", "01-scoring.ipynb", "glossary.ipynb"} <= set(written)
    for path in SPANISH:
        assert (tmp_path / "es" / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"es/{path.name} differs from tools/make_notebooks.py: run it and commit both")


def test_each_spanish_page_speaks_spanish_and_runs_the_english_code():
    """The translation is of the text: the code is the English page's, after the line choosing Spanish."""
    for path in SPANISH:
        code = [c["source"] for c in _cells(path) if c["cell_type"] == "code"]
        english = [c["source"] for c in _cells(ROOT / "notebooks" / path.name) if c["cell_type"] == "code"]
        assert code[0].startswith('from thirtyone.i18n import use\n\nuse("es")'), path.name
        code[0] = code[0].split("\n\n", 2)[2]
        assert code == english, path.name


def test_every_link_of_every_page_leads_to_a_page_in_its_language_or_says_english():
    for path in [*SPANISH, *sorted((ROOT / "notebooks").glob("*.ipynb"))]:
        spanish = path.parent.name == "es"
        for cell in _cells(path):
            if cell["cell_type"] != "markdown":
                continue
            text = cell["source"]
            links = re.findall(r'href="([^"#:]+\.ipynb)"', text) + re.findall(r"\]\(([^)#:]+\.ipynb)\)", text)
            for link in links:
                target = (path.parent / link).resolve()
                assert target.exists(), f"{path.name}: {link}"
                if spanish and target.parent.name != "es":
                    line = next(x for x in text.splitlines() if link in x)
                    assert "(en inglés)" in line or 'lang="en"' in line, f"{path.name}: {line}"
                if not spanish and target.parent.name == "es":  # only the switch, to the page's own twin
                    line = next(x for x in text.splitlines() if link in x)
                    assert link == f"es/{path.name}" and 'hreflang="es"' in line, f"{path.name}: {line}"


def test_every_page_has_the_language_switch_to_its_twin_at_top_and_bottom():
    for path in [*sorted((ROOT / "notebooks").glob("*.ipynb")), *SPANISH]:
        spanish = path.parent.name == "es"
        twin = f"../{path.name}" if spanish else f"es/{path.name}"
        for cell in (_cells(path)[0], _cells(path)[-1]):
            bar = cell["source"]
            assert 'class="to-language"' in bar and "English" in bar and "Español" in bar, path.name
            assert f'href="{twin}"' in bar, (path.name, bar)


def test_a_translation_whose_english_text_changed_is_named(tmp_path):
    """The generator names a Spanish page whose English source changed since it was translated (it does not
    fail: the English lessons change while their translations catch up)."""
    import shutil

    gen = _generator()
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "tools" / "lessons", lessons)
    assert gen.stale_translations(lessons) == gen.stale_translations()
    before = set(gen.stale_translations(lessons))
    english = lessons / "02-scat.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    assert set(gen.stale_translations(lessons)) == before | {"es/02-scat.md"}


def test_the_pseudo_pages_for_a_browser_walk_are_the_english_pages_under_the_pseudo_locale(tmp_path):
    written = _generator().write_pseudo(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    for path in written:
        code = [c["source"] for c in _cells(path) if c["cell_type"] == "code"]
        english = [c["source"] for c in _cells(ROOT / "notebooks" / path.name) if c["cell_type"] == "code"]
        assert code[0].startswith('from thirtyone.i18n import use\n\nuse("pseudo")\n\n'), path.name
        assert [code[0].split("\n\n", 2)[2], *code[1:]] == english, path.name
