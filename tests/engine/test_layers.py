"""The package's layers (issue 20): the engine deals in codes and one text layer (``thirtyone/narration.py``) says
them when they are shown; module-level imports go downward only, with no circle; nothing is translated at import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from thirtyone import i18n, narrate, new_game
from thirtyone.bots import make_bot
from thirtyone.game import Illegal, IllegalActionError, Loss, Reason, State

PACKAGE = Path(__file__).resolve().parents[2] / "thirtyone"
ENGINE = ("cards", "rules", "scoring", "game", "policy", "lockstep", "odds")
"""The engine's modules (cards still says its own parse errors, as they are raised: see WORDY)."""
WORDY = {"cards"}
"""Engine modules that still call the translator: cards, for its parse errors (made when raised)."""
TRANSLATORS = {"_", "ngettext", "pgettext", "npgettext"}
PURE = {"schedule": {"thirtyone.i18n"}}
"""Pure-Python modules beside the engine (no widgets, no pages), with the only package modules each may import:
the spaced schedule of the Review page (issue 22) needs only the translator, for its error messages."""


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports anywhere: at the top, inside a function, or for type checking (an
    import inside a method is still a dependency: the engine reaches the text layer through ``i18n.text()``)."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _up in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:  # "from . import names" imports a module
                sub = f"{target}.{alias.name}"
                found.add(sub if (PACKAGE.parent / (sub.replace(".", "/") + ".py")).exists() else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m.startswith("thirtyone") and m != name}


def _graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (empty when there is none)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if n.rpartition(".")[0] == m:
                continue  # a package importing its own submodule (thirtyone/__init__.py): not a circle
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := walk(n)):
                return found
        state[m] = 2
        path.pop()
        return []

    for m in sorted(graph):
        if m not in state and (found := walk(m)):
            return found
    return []


def test_the_package_imports_form_no_circle() -> None:
    graph = _graph()
    assert graph["thirtyone.narration"] >= {"thirtyone.game", "thirtyone.scoring"}  # the check reads imports
    assert _circle(graph) == []
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]  # and finds one


def test_the_engine_never_imports_the_text_layer() -> None:
    graph = _graph()
    for m in ENGINE:
        assert "thirtyone.narration" not in graph[f"thirtyone.{m}"], m


def test_the_pure_modules_import_only_what_they_are_allowed() -> None:
    graph = _graph()
    for m, allowed in PURE.items():
        assert graph[f"thirtyone.{m}"] <= allowed, m
        tree = ast.parse((PACKAGE / f"{m}.py").read_text(encoding="utf-8"))
        outside = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        outside |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and not n.level}
        assert not outside & {"ipywidgets", "IPython", "anywidget", "traitlets", "voila"}, m
        for e in ENGINE:  # and the engine never reaches up to them
            assert f"thirtyone.{m}" not in graph[f"thirtyone.{e}"], (e, m)


def _calls(path: Path, names: set[str], top_level_only: bool = False) -> list[int]:
    """The lines where ``path`` calls one of ``names`` (with ``top_level_only``: outside every function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside: set[int] = set()
    if top_level_only:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                inside.update(id(n) for n in ast.walk(node))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
            and id(node) not in inside]


def test_the_widgets_reach_the_class_service_only_through_its_protocol_and_client() -> None:
    graph = _graph()
    lower = {"thirtyone.classroom.protocol", "thirtyone.classroom.client"}
    service = {m for m in graph if m.startswith("thirtyone.classroom")} - lower
    for name, imported in graph.items():
        if not name.startswith("thirtyone.classroom"):
            assert not imported & service, f"{name} imports the class service itself: {sorted(imported & service)}"
    for name in lower:
        above = {m for m in graph[name] if m.startswith(("thirtyone.widgets", "thirtyone.server", "thirtyone.coach",
                                                          "thirtyone.bots"))} | (graph[name] & service)
        assert not above, f"{name} must import only the engine and Tornado's client, not {sorted(above)}"


def test_the_engine_says_no_words() -> None:
    for m in ENGINE:
        if m not in WORDY:
            assert _calls(PACKAGE / f"{m}.py", TRANSLATORS) == [], m


def test_nothing_is_translated_at_import() -> None:
    for path in PACKAGE.rglob("*.py"):
        assert _calls(path, TRANSLATORS, top_level_only=True) == [], path


def _played(seed: int) -> State:
    """A whole game of bots (seeded), so every kind of event and loss is in it."""
    s = new_game("schwimmen", players=4, seed=seed)
    bots = [make_bot("intermediate", seed=seed + i) for i in range(4)]
    while not s.game_over:
        s = s.apply("next round" if s.round_over else bots[s.current_player].choose(s.view(s.current_player)))
    return s


def _said(s: State) -> list[str]:
    """Everything the game's events and last result say, and what its tables show."""
    assert s.result is not None
    return [*narrate(s.events), s.result.explain(), *s.result.reasons, s.result._repr_html_(), s._repr_html_()]


def test_a_game_played_in_english_is_narrated_all_in_spanish() -> None:
    english = _played(3)
    with i18n.using("es"):
        spanish = _played(3)
        assert spanish.events == english.events  # the events hold codes, not words
        assert _said(english) == _said(spanish)
        lost = [e for e in english.events if e.kind == "lose"]
        assert lost and all(isinstance(e.loss, Loss) and e.note == "" for e in lost)
        assert any(" pierde " in line for line in _said(english))
    assert any(" loses " in line for line in _said(english))


def test_the_reasons_are_codes_said_when_shown() -> None:
    s = _played(5)
    assert s.result is not None
    assert all(w is None or isinstance(w.reason, Reason) for w in s.result.why)
    english = s.result.reasons
    with i18n.using("es"):
        assert s.result.reasons != english and [bool(r) for r in s.result.reasons] == [bool(r) for r in english]
    why = new_game("scat", players=3, seed=1).why_illegal("next round")
    assert why.code == Illegal.ROUND_NOT_OVER


def test_an_illegal_move_keeps_its_code() -> None:
    with pytest.raises(IllegalActionError) as e:
        new_game("scat", players=3, seed=1).apply("next round")
    assert e.value.why is not None and e.value.why.code == Illegal.ROUND_NOT_OVER
    assert str(e.value).startswith("cannot next round now: the round is not over yet. Legal: ")
    with i18n.using("es"):  # the message is made when the error is raised, in the language in use then
        with pytest.raises(IllegalActionError) as es:
            new_game("scat", players=3, seed=1).apply("next round")
    assert str(es.value) != str(e.value) and es.value.why == e.value.why
