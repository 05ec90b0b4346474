"""Fingerprint everything a user sees, to prove a refactor changes none of it (issue 20).

Writes one JSON object (sorted keys, stable) computed from the ``thirtyone`` package it imports
(set ``PYTHONPATH`` to the worktree to fingerprint): seeded bot games of every preset and 2-5 players
(actions, lives, narration for no viewer and for seat 0, round explanations, the HTML of states,
views and results) in every language of the course (:data:`LANGS`); scores of fixed hands; the messages of illegal moves;
the bots' knock rules; the advice of ``knock_advice`` and the coach; the state of every widget the
lessons build (every widget in its tree, widget references as paths, before and after a few
clicks); the sha256 of every shipped data file. Inline PNGs and very long strings are kept as their
sha256, so the file stays small and a difference still shows.

    PYTHONPATH=$PWD .venv/bin/python tools/fingerprint.py -o /work/fp/base.json
    PYTHONPATH=$PWD .venv/bin/python tools/fingerprint.py --compare /work/fp/base.json
    PYTHONPATH=$PWD .venv/bin/python tools/fingerprint.py --quick -o small.json   # a few keys, seconds

``--compare BASE`` fingerprints now, prints each differing key with a short excerpt of both sides
around the first difference, and exits 1 on any difference, 0 when equal. Each part is computed
inside its own ``try``: an exception becomes the value (``"!error: ..."``), so one broken widget is
a difference, not a crash.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any


def _languages() -> tuple[str, ...]:
    """The course's languages, as the package offers them (:data:`thirtyone.i18n.LANGUAGES`: English and each
    registered language whose catalog is on disk): a language added is fingerprinted without an edit here."""
    from thirtyone.i18n import LANGUAGES

    return tuple(LANGUAGES)


LANGS = _languages()
LONG = 20_000
"""Strings longer than this are kept as their sha256 and length."""
_PNG = re.compile(r"data:image/png;base64,[A-Za-z0-9+/=]+")

Parts = dict[str, Any]


def _digest(text: str | bytes) -> str:
    """The sha256 of ``text`` (UTF-8) in hex."""
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def clean(value: Any) -> Any:
    """``value`` made JSON-stable: inline PNGs and long strings as digests, tuples as lists, bytes hashed."""
    if isinstance(value, str):
        value = _PNG.sub(lambda m: "data:image/png;sha256," + _digest(m.group(0))[:16], value)
        return value if len(value) <= LONG else f"sha256:{_digest(value)} len={len(value)}"
    if isinstance(value, (bytes, bytearray, memoryview)):
        return f"bytes sha256:{_digest(bytes(value))}"
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return clean(str(value))


def guarded(parts: Parts, key: str, make: Callable[..., Any], *args: Any) -> None:
    """``parts[key] = make(*args)``, or the exception's type and message when it raises."""
    try:
        parts[key] = clean(make(*args))
    except Exception as exc:  # noqa: BLE001 - an exception is the fingerprint's value
        parts[key] = f"!error: {type(exc).__name__}: {exc}"


def flatten(parts: Parts, key: str) -> None:
    """Replace a dict at ``parts[key]`` by its items under ``key/...`` (nested dicts too): a difference names its part."""
    value = parts[key]
    if isinstance(value, dict):
        del parts[key]
        for k, v in value.items():
            parts[f"{key}/{k}"] = v
            flatten(parts, f"{key}/{k}")


# -- the engine ------------------------------------------------------------------------------------


def to_move(state: Any) -> int:
    """The seat to move in a state whose round is not over."""
    p = state.current_player
    assert p is not None, "nobody is to move"
    return int(p)


def game_print(final: Any, actions: list[str], mid: Any, results: list[Any]) -> Parts:
    """What a user sees of one played game, in both languages."""
    from thirtyone import i18n
    from thirtyone.game import narrate

    names = ("Ana", "Ben", "Cleo", "Dev", "Eli")[: final.players]
    out: Parts = {"actions": actions, "lives": list(final.lives), "winner": final.winner,
                  "rounds": final.round, "seed": final.seed}
    for lang in LANGS:
        with i18n.using(lang):
            words: Parts = {}
            guarded(words, "narrate", lambda: narrate(final.events))
            guarded(words, "narrate_viewer0", lambda: narrate(final.events, viewer=0))
            guarded(words, "narrate_names_viewer1", lambda: narrate(final.events, names=names, viewer=1))
            guarded(words, "describe", lambda: [e.describe() for e in final.events])
            guarded(words, "describe_names_viewer0", lambda: [e.describe(names, 0) for e in final.events])
            guarded(words, "view0_narrate", lambda: narrate(final.view(0).events, viewer=0))
            guarded(words, "explain", lambda: [r.explain() for r in results])
            guarded(words, "explain_names", lambda: [r.explain(names) for r in results])
            guarded(words, "results_html", lambda: [r._repr_html_() for r in results])
            guarded(words, "final_html", final._repr_html_)
            guarded(words, "mid_html", mid._repr_html_)
            guarded(words, "mid_view0_html", lambda: mid.view(0)._repr_html_())
            guarded(words, "mid_repr", lambda: repr(mid))
            out[lang] = words
    return out


def engine_games(quick: bool) -> Parts:
    """Seeded bot games of every preset and player count, the actions and the words."""
    from thirtyone.rules import Rules

    out: Parts = {}
    presets = Rules.PRESET_NAMES[:2] if quick else Rules.PRESET_NAMES
    for preset in presets:
        r = Rules.preset(preset)
        top = 3 if quick else min(5, r.max_players)
        for n in range(2, top + 1):
            lineups = {"beginner": ["beginner"] * n, "intermediate": ["intermediate"] * n,
                       "mixed": [("intermediate", "beginner")[i % 2] for i in range(n)]}
            if quick:
                lineups = {"mixed": lineups["mixed"]}
            for tag, levels in lineups.items():
                seed = 1000 * n + len(tag)
                key = f"game/{preset}/{n}p/{tag}"
                guarded(out, key, one_game, r, n, levels, seed)
                flatten(out, key)
    if not quick:
        for preset in presets:
            guarded(out, f"game/{preset}/3p/expert", one_game, Rules.preset(preset), 3,
                    ["expert", "intermediate", "beginner"], 77, 2)
            flatten(out, f"game/{preset}/3p/expert")
    return out


def one_game(rules: Any, n: int, levels: list[str], seed: int, rounds_cap: int | None = None) -> Parts:
    """One game (or its first ``rounds_cap`` rounds) by bots of ``levels``; its fingerprint."""
    from thirtyone.bots import make_bot
    from thirtyone.game import new_game

    bots = [make_bot(level, seed=seed + i, **({"rollouts": 12} if level == "expert" else {}))
            for i, level in enumerate(levels)]
    s = new_game(rules, players=n, seed=seed)
    actions: list[str] = []
    results = []
    states = []
    for _step in range(20_000):
        if s.game_over or (rounds_cap is not None and s.round_over and s.round >= rounds_cap):
            break
        if s.round_over:
            s = s.apply("next round")
            actions.append("next round")
            continue
        p = to_move(s)
        a = bots[p].choose(s.view(p))
        actions.append(str(a))
        s = s.apply(a)
        states.append(s)
        if s.round_over and s.result is not None:
            results.append(s.result)
    else:
        raise RuntimeError("the game did not end")
    mid = states[len(states) // 2] if states else s
    return game_print(s, actions, mid, results)


def sample_hands(rules: Any, k: int) -> list[tuple[Any, ...]]:
    """``k`` seeded hands of ``rules``' deck, and the hands every lesson shows (31, three aces, three tens)."""
    from thirtyone.cards import deck, parse_cards

    rng = random.Random(31)
    cards = deck(rules.deck)
    hands = [tuple(rng.sample(cards, 3)) for _ in range(k)]
    for text in ("A♠ K♠ 10♠", "A♣ A♠ A♥", "10♠ 10♥ 10♦", "K♥ 9♥ 4♣", "7♣ 8♦ 9♠", "A♥ K♥ Q♣"):
        hands.append(tuple(parse_cards(text)))
    return hands


def score_print(hand: tuple[Any, ...], rules: Any) -> Parts:
    """A hand's score as the lessons show it: text, explanation, HTML, value."""
    from thirtyone.scoring import score

    s = score(hand, rules)
    return {"str": str(s), "explanation": s.explanation, "html": s._repr_html_(), "value": s.value}


def engine_scores(quick: bool) -> Parts:
    """``score`` of fixed hands under every preset: value, explanation, HTML, in both languages."""
    from thirtyone import i18n
    from thirtyone.cards import format_cards
    from thirtyone.rules import Rules

    out: Parts = {}
    for preset in Rules.PRESET_NAMES:
        r = Rules.preset(preset)
        for hand in sample_hands(r, 4 if quick else 30):
            for lang in LANGS:
                with i18n.using(lang):
                    guarded(out, f"score/{preset}/{format_cards(hand)}/{lang}", score_print, hand, r)
    return out


ILLEGAL = ("draw stock", "draw discard", "discard A♠", "discard 7♣", "knock", "swap 7♣ A♠", "swap all", "pass",
           "keep hand", "take center", "exchange hand", "next round")


def engine_illegal(quick: bool) -> Parts:
    """The message of every illegal move among :data:`ILLEGAL` at a few moments of a game, both languages."""
    from thirtyone import i18n
    from thirtyone.bots import make_bot
    from thirtyone.game import IllegalActionError, new_game, parse_action
    from thirtyone.rules import Rules

    out: Parts = {}
    for preset in Rules.PRESET_NAMES[:2] if quick else Rules.PRESET_NAMES:
        s = new_game(preset, players=3, seed=5)
        bot = make_bot("beginner", seed=5)
        moments = []
        for _i in range(6):
            moments.append(s)
            if s.round_over:
                break
            s = s.apply(bot.choose(s.view(to_move(s))))
        while not s.round_over:
            s = s.apply(bot.choose(s.view(to_move(s))))
        moments.append(s)
        knocked = next((m for m in moments if m.knocker is not None and not m.round_over), None)
        if knocked is not None:
            moments.append(knocked)
        for i, m in enumerate(moments):
            legal = {str(a) for a in m.legal_actions()}
            for text in ILLEGAL + tuple(f"discard {c}" for c in m.hands[m.current_player or 0][:1]):
                if text in legal:
                    continue
                for lang in LANGS:
                    with i18n.using(lang):
                        def attempt(m: Any = m, text: str = text) -> str:
                            try:
                                m.apply(text)
                            except IllegalActionError as exc:
                                return str(exc)
                            return "legal"
                        guarded(out, f"illegal/{preset}/{i}/{text}/{lang}", attempt)
    def parse(text: Any) -> str:
        try:
            return str(parse_action(text))
        except IllegalActionError as exc:
            return "IllegalActionError: " + str(exc)

    for bad in ("fly", "discard", "discard Z♠", "swap A♠", "swap all A♠", 7):
        guarded(out, f"parse/{bad}", parse, bad)
    return out


def knock_rule_print(level: str, preset: str, players: int) -> Parts:
    """A level's knock rule: its sentence and its fields."""
    from thirtyone import bots

    k = bots.knock_rule(level, preset, players)
    return {"text": k.text, "repr": repr(k)}


def engine_bots(quick: bool) -> Parts:
    """The bots' knock rules in words (``knock_rule(...).text``, ``KNOCK_RULES``) in both languages."""
    from thirtyone import bots, i18n
    from thirtyone.rules import Rules

    out: Parts = {}
    for lang in LANGS:
        with i18n.using(lang):
            guarded(out, f"KNOCK_RULES/{lang}", dict, bots.KNOCK_RULES)
            for preset in Rules.PRESET_NAMES:
                for level in bots.LEVELS:
                    for n in (2, 3, 4, 5, 8):
                        guarded(out, f"knock_rule/{preset}/{level}/{n}/{lang}", knock_rule_print, level, preset, n)
    return out


def engine_advice(quick: bool) -> Parts:
    """Advice at a few seeded turns: ``knock_advice``, ``timing.advise``/``mark`` and the coach, both languages."""
    from thirtyone import analysis, coach, i18n, timing
    from thirtyone.bots import make_bot
    from thirtyone.game import new_game
    from thirtyone.widgets.play import coach_html

    out: Parts = {}
    spots = [("scat", 3, 11, 4), ("schwimmen", 4, 12, 3)]
    if quick:
        spots = spots[:1]
    for preset, n, seed, moves in spots:
        s = new_game(preset, players=n, seed=seed)
        bot = make_bot("intermediate", seed=seed)
        for _i in range(moves):
            s = s.apply(bot.choose(s.view(to_move(s))))
        for lang in LANGS:
            with i18n.using(lang):
                key = f"advice/{preset}/{n}p/{lang}"

                def knock(s: Any = s) -> Any:
                    a = analysis.knock_advice(s, rollouts=400, seed=3)
                    return {"repr": repr(a), "explanation": getattr(a, "explanation", None)}

                def coached(s: Any = s) -> Any:
                    a = dataclasses.replace(coach.coach(s, rollouts=40, seed=3, knock_rollouts=80), seconds=0.0)
                    return {"repr": repr(a), "html": coach_html(a, ("Ana", "Ben", "Cleo", "Dev"))}

                guarded(out, key + "/knock_advice", knock)
                guarded(out, key + "/coach", coached)
    for lang in LANGS:
        with i18n.using(lang):
            def advise() -> Any:
                spot, advice = timing.advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=400, seed=0)
                return {"spot": repr(spot), "advice": repr(advice),
                        "mark": [repr(timing.mark(advice, a)) for a in ("knock", "play on")]}
            guarded(out, f"advice/timing/{lang}", advise)
            guarded(out, f"advice/drill_spot/{lang}", timing.drill_spot, "scat", random.Random(4))
    return out


CLI_RUNS = [["odds", preset] for preset in ("scat", "schwimmen", "bga-draw", "bga-commerce", "widow", "feuer")] + [
    ["survival", "--deals", "300"], ["survival", "schwimmen", "-p", "3", "-s", "2", "-t", "2", "--deals", "300"],
    ["deal-study", "--deals", "300", "--players", "3", "4"], ["tournament", "--rounds", "40"],
    ["--help"], ["strength", "--help"]]
"""Command lines whose printed tables are fingerprinted (small sizes; ``strength`` prints timings, so only its help)."""
_SECONDS = re.compile(r"\b\d+(?:\.\d+)? s\b")


def cli_run(argv: list[str]) -> str:
    """What ``python -m thirtyone ARGV`` prints on stdout (timings blanked), and its exit code if not 0."""
    import contextlib
    import io

    from thirtyone import cli

    out, err = io.StringIO(), io.StringIO()
    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps its help to the terminal's width
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            if columns is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = columns
    return _SECONDS.sub("<seconds> s", out.getvalue()) + (f"\n[exit {code}]" if code else "")


def cli_prints(quick: bool) -> Parts:
    """The command line's tables for :data:`CLI_RUNS` (the first two with ``quick``)."""
    out: Parts = {}
    for argv in CLI_RUNS[:2] if quick else CLI_RUNS:
        guarded(out, "cli/" + " ".join(argv), cli_run, argv)
    return out


# -- the widgets -----------------------------------------------------------------------------------


def widget_tree(root: Any) -> Parts:
    """The state of ``root`` and every widget it refers to, by path; references written as paths."""
    import ipywidgets as w

    paths: dict[int, str] = {}
    order: list[tuple[str, Any]] = []

    def walk(widget: Any, path: str) -> None:
        if id(widget) in paths:
            return
        paths[id(widget)] = path
        order.append((path, widget))
        for key in sorted(widget.keys):
            value = getattr(widget, key, None)
            if isinstance(value, w.Widget):
                walk(value, f"{path}.{key}")
            elif isinstance(value, (list, tuple)):
                for i, v in enumerate(value):
                    if isinstance(v, w.Widget):
                        walk(v, f"{path}.{key}[{i}]")

    walk(root, "root")
    ids = {widget.model_id: path for path, widget in order}

    def refs(value: Any) -> Any:
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return "@" + ids.get(value[len("IPY_MODEL_"):], "outside")
        if isinstance(value, dict):
            return {k: refs(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [refs(v) for v in value]
        return value

    out: Parts = {}
    for path, widget in order:
        state = widget.get_state()
        state.pop("_model_id", None)
        for key in ("_esm", "_css"):  # the same static text in every card: its digest says enough
            if isinstance(state.get(key), str):
                state[key] = "sha256:" + _digest(state[key])
        out[path] = {"class": type(widget).__name__, "state": clean(refs(state))}
    return out


def widget_cases(quick: bool) -> dict[str, Callable[[], list[tuple[str, Any]]]]:
    """Each widget the lessons build, as they build it (seeds fixed), with a few clicks: name → snapshots."""
    from thirtyone import widgets as tw
    from thirtyone.widgets.charts import KnockRulesTable

    def still(make: Callable[[], Any]) -> Callable[[], list[tuple[str, Any]]]:
        return lambda: [("built", widget_tree(make()))]

    def score_view() -> list[tuple[str, Any]]:
        v = tw.ScoreView("K♥ 9♥ 4♣", deal_button=True, seed=1)
        snaps = [("built", widget_tree(v))]
        v.deal()
        snaps.append(("dealt", widget_tree(v)))
        return snaps

    def card_values() -> list[tuple[str, Any]]:
        v = tw.CardValues()
        snaps = [("built", widget_tree(v))]
        v.explain(v.row.cards[0])
        snaps.append(("clicked", widget_tree(v)))
        return snaps

    def sandbox() -> list[tuple[str, Any]]:
        v = tw.Sandbox(presets=("scat", "schwimmen"), seed=2)
        snaps = [("built", widget_tree(v))]
        v.picker.pick("A♣ A♠ A♥")
        snaps.append(("picked", widget_tree(v)))
        v.rule_picker.choose("schwimmen")
        snaps.append(("schwimmen", widget_tree(v)))
        v.picker.deal()
        snaps.append(("dealt", widget_tree(v)))
        return snaps

    def quiz() -> list[tuple[str, Any]]:
        v = tw.Quiz(choices=("scat", "schwimmen"), seed=3)
        snaps = [("built", widget_tree(v))]
        v.check("20")
        snaps.append(("answered", widget_tree(v)))
        v.next_hand()
        snaps.append(("next", widget_tree(v)))
        return snaps

    def tie_quiz() -> list[tuple[str, Any]]:
        v = tw.TieQuiz("schwimmen", seed=4)
        snaps = [("built", widget_tree(v))]
        v.answer(0)
        snaps.append(("answered", widget_tree(v)))
        v.next_pair()
        snaps.append(("next", widget_tree(v)))
        return snaps

    def walkthrough(name: str) -> Callable[[], list[tuple[str, Any]]]:
        def run() -> list[tuple[str, Any]]:
            v = tw.Walkthrough.named(name)
            snaps = [("built", widget_tree(v))]
            for i in range(3):
                v.next()
                snaps.append((f"next{i + 1}", widget_tree(v)))
            return snaps
        return run

    def table(preset: str, seat: int) -> Callable[[], list[tuple[str, Any]]]:
        def run() -> list[tuple[str, Any]]:
            v = tw.CardTable(preset, players=3, seat=seat, seed=21)
            snaps = [("built", widget_tree(v))]
            for i in range(3):
                v.play_bots()
                if v.state.round_over:
                    break
                if v.my_turn:
                    v.play(v.legal()[0])
                snaps.append((f"move{i + 1}", widget_tree(v)))
            v.back()
            snaps.append(("back", widget_tree(v)))
            return snaps
        return run

    def play_game() -> list[tuple[str, Any]]:
        v = tw.PlayGame("scat", bots=3, level="intermediate", seed=1, start=False)
        snaps = [("built", widget_tree(v))]
        v.start()
        snaps.append(("started", widget_tree(v)))
        return snaps

    def advisor() -> list[tuple[str, Any]]:
        return [("built", widget_tree(tw.KnockAdvisor()))]

    def drill() -> list[tuple[str, Any]]:
        v = tw.KnockDrill(seed=5, rollouts=400)
        snaps = [("built", widget_tree(v))]
        v.answer("knock")
        snaps.append(("answered", widget_tree(v)))
        return snaps

    cases: dict[str, Callable[[], list[tuple[str, Any]]]] = {
        "ScoreView": score_view,
        "CardValues": card_values,
        "HandComparison": still(lambda: tw.HandComparison(["K♣ 9♣ 8♦", "K♥ 9♥ 7♠", "A♠ Q♦ J♦"], "schwimmen",
                                                          presets=("scat", "schwimmen"), seed=6)),
        "TieQuiz": tie_quiz,
        "Sandbox": sandbox,
        "Quiz": quiz,
    }
    if quick:
        return cases
    from thirtyone.side_by_side import SITUATIONS

    for name in ("scat", "scat-31", "schwimmen", "feuer"):
        cases[f"Walkthrough/{name}"] = walkthrough(name)
    cases["CardTable/scat"] = table("scat", 1)
    cases["CardTable/schwimmen"] = table("schwimmen", 0)
    for situation in [*SITUATIONS, "own"]:
        cases[f"RuleReplay/{situation}"] = still(partial(tw.RuleReplay, situation))
    cases["PresetTable"] = still(tw.PresetTable)
    cases["SurvivalChart/players"] = still(partial(tw.SurvivalChart, compare="players"))
    cases["SurvivalChart/seat"] = still(partial(tw.SurvivalChart, compare="seat", turn=0))
    cases["SurvivalChart/turn"] = still(partial(tw.SurvivalChart, compare="turn", players=4, seat=2))
    cases["KnockRulesTable"] = still(KnockRulesTable)
    cases["ThresholdChart"] = still(tw.ThresholdChart)
    cases["KnockAdvisor"] = advisor
    cases["KnockDrill"] = drill
    cases["SuitStudyChart"] = still(tw.SuitStudyChart)
    cases["DiscardStudyView"] = still(tw.DiscardStudyView)
    cases["PlayGame"] = play_game
    return cases


def widget_prints(quick: bool) -> Parts:
    """Every widget case in both languages; an exception is the case's value."""
    from thirtyone import i18n

    out: Parts = {}
    for name, run in widget_cases(quick).items():
        for lang in LANGS:
            with i18n.using(lang):
                try:
                    for snap, tree in run():
                        for path, state in tree.items():
                            out[f"widget/{name}/{lang}/{snap}/{path}"] = state
                except Exception as exc:  # noqa: BLE001 - an exception is the fingerprint's value
                    out[f"widget/{name}/{lang}/!error"] = f"{type(exc).__name__}: {exc}"
    return out


# -- shipped data ----------------------------------------------------------------------------------


def data_prints(quick: bool) -> Parts:
    """The sha256 of every file shipped in ``thirtyone/data/`` and of the lessons' notebooks and Voilà template
    beside the package (a checkout's ``notebooks/**/*.ipynb`` and ``share/``), and every message of the
    compiled catalogs (``locale/*/LC_MESSAGES/*.mo``: msgid → translation; their headers and the ``.po``'s
    line references are not what a learner reads)."""
    import gettext

    import thirtyone

    root = Path(thirtyone.__file__).parent
    out: Parts = {}
    for path in sorted((root / "data").rglob("*")):
        if path.is_file() and path.suffix != ".pyc":
            out[f"data/{path.relative_to(root).as_posix()}"] = _digest(path.read_bytes())
    repo = root.parent  # the lessons' pages and the Voilà template, when the package is a checkout's
    for folder, pattern in (("notebooks", "**/*.ipynb"), ("share/jupyter/voila/templates/thirtyone", "**/*")):
        for path in sorted((repo / folder).glob(pattern)):
            if path.is_file():
                out[f"page/{path.relative_to(repo).as_posix()}"] = _digest(path.read_bytes())
    for path in sorted((root / "locale").glob("*/LC_MESSAGES/*.mo")):
        lang = path.parts[-3]
        with path.open("rb") as f:
            catalog: dict[Any, str] = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        for msgid, text in catalog.items():
            key = f"{msgid[0]}[{msgid[1]}]" if isinstance(msgid, tuple) else msgid
            if key:  # the empty msgid is the header (dates, the tool's version)
                out[f"catalog/{lang}/{key.replace(chr(4), ' | ')}"] = text
    return out


SECTIONS: dict[str, Callable[[bool], Parts]] = {
    "engine-games": engine_games, "engine-scores": engine_scores, "engine-illegal": engine_illegal,
    "engine-bots": engine_bots, "engine-advice": engine_advice, "cli": cli_prints, "widgets": widget_prints, "data": data_prints,
}


def fingerprint(quick: bool = False, log: Callable[[str], None] | None = None) -> Parts:
    """The whole fingerprint: key → value, flat, each section's keys under its own prefixes."""
    out: Parts = {}
    for name, section in SECTIONS.items():
        t = time.perf_counter()
        try:
            out.update(section(quick))
        except Exception as exc:  # noqa: BLE001 - an exception is the fingerprint's value
            out[f"{name}/!error"] = f"{type(exc).__name__}: {exc}"
        if log:
            log(f"{name}: {time.perf_counter() - t:.1f} s")
    return out


def excerpt(a: str, b: str, width: int = 70) -> tuple[str, str]:
    """Short excerpts of ``a`` and ``b`` around their first difference."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    lo = max(0, i - width // 2)

    def cut(s: str) -> str:
        return ("…" if lo else "") + s[lo:lo + width] + ("…" if lo + width < len(s) else "")
    return cut(a), cut(b)


def differences(before: Parts, after: Parts) -> Iterator[str]:
    """One line block per key whose value differs (or is only on one side)."""
    for key in sorted(set(before) | set(after)):
        if key not in after:
            yield f"- {key}: only before"
        elif key not in before:
            yield f"+ {key}: only after"
        elif before[key] != after[key]:
            a = json.dumps(before[key], sort_keys=True, ensure_ascii=False)
            b = json.dumps(after[key], sort_keys=True, ensure_ascii=False)
            x, y = excerpt(a, b)
            yield f"* {key}\n    before: {x}\n    after:  {y}"


def main(argv: list[str] | None = None) -> int:
    """Write the fingerprint (``-o``, default stdout) or compare it with ``--compare BASE``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", help="write the fingerprint to this file (default: stdout)")
    parser.add_argument("--compare", metavar="BASE", help="compare with this fingerprint; exit 1 on any difference")
    parser.add_argument("--quick", action="store_true", help="a small subset (for the tool's own test)")
    parser.add_argument("-v", "--verbose", action="store_true", help="say how long each section took")
    args = parser.parse_args(argv)
    log = (lambda s: print(s, file=sys.stderr)) if args.verbose else None
    now = fingerprint(args.quick, log)
    text = json.dumps(now, sort_keys=True, ensure_ascii=False, indent=0) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    elif not args.compare:
        sys.stdout.write(text)
    if args.compare:
        base = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        diff = list(differences(base, now))
        for block in diff:
            print(block)
        import thirtyone

        where = Path(thirtyone.__file__).parent
        print(f"{len(diff)} of {len(set(base) | set(now))} keys differ" if diff else f"equal: {len(now)} keys",
              f"({where} against {args.compare})")
        return 1 if diff else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
