"""What the language tests walk: every translated widget (``_pseudo_widgets``) and every lesson-5 widget, chart and
coach sentence (``_pseudo_views``), made and driven as a learner would, with the text each one shows at each step.
Run under the pseudo-locale by ``tests/course/test_i18n.py`` and ``test_i18n_lesson5.py`` (every word inside the
markers) and by ``test_whole_sentences.py`` (no sentence glued from translated pieces)."""

from __future__ import annotations

from typing import Any

from helpers.charts import axis_names, chart_words, legend
from helpers.words import _visible
from thirtyone import parse_cards
from thirtyone.bots import KNOCK_RULES, knock_rule
from thirtyone.coach import Advice, GameRecord, KnockRecord, coach
from thirtyone.game import Action, new_game
from thirtyone.readwords import read_sentences

__all__ = ["_pseudo_widgets", "_pseudo_views", "_figure_texts"]


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
    game = PlayGame("schwimmen", bots=2, seed=3, pace=0, rollouts=10, replay_rollouts=5)
    add("PlayGame started", game)
    replayed = 0
    for _move in range(400):
        t = game.table
        if t is None or t.state.game_over:
            break
        if t.state.round_over:
            if game.replay_panel.layout.display is None and replayed < 3:  # the coach plays the round again
                replayed += game.replay_panel.watch()
                add(f"PlayGame round {t.state.round} replayed", game)
            t.next_round()
        elif t.my_turn:
            t.play(t.legal()[-1])
        else:
            t.play_bots()
    assert game.state is not None and game.state.game_over and replayed
    add("PlayGame over", game)
    return made


# -- what a person reads: test_i18n.py's own reading of a widget tree (descriptions, tooltips, labels, menu
# labels, HTML text and accessible attributes) and its check of the markers ----------------------------------
def _figure_texts(text: str) -> list[str]:
    """The words a chart shows: the names of its axes, its legend and the words drawn in its SVG (tick labels, a
    marked value, bar names and notes)."""
    return axis_names(text) + legend(text) + chart_words(text)


def _coach_texts(advice: Advice) -> list[str]:
    out = [advice.headline, advice.explanation, advice.situation, advice.verdict_text, *(m.words for m in advice.moves),
           *(m.ing for m in advice.moves)]
    if advice.knock is not None:
        out.append(advice.knock.explanation)
    return out


def _coached_game(preset: str, seed: int) -> list[str]:
    """A game of three where seat 0 asks the coach and knocks now and then: everything the coach said."""
    s = new_game(preset, 3, seed=seed)
    record = GameRecord(0, ("Sam", "Ana", "Ben"), rollouts=20)
    said: list[str] = []
    for i in range(60):
        if s.game_over:
            break
        record.observe(s)
        if s.round_over:
            s = s.apply("next round")
            continue
        if s.current_player == 0:
            advice = coach(s, rollouts=20, knock_rollouts=20, seed=seed)
            said += _coach_texts(advice)
            said += read_sentences(s.view(0), advice.read, ("Sam", "Ana", "Ben"), advice.best)
            knock = next((a for a in s.legal_actions() if a.kind == "knock"), None)
            move = knock if knock is not None and i % 3 == 0 else advice.best
            record.note_move(s, move, advice if i % 2 else None)
            s = s.apply(move)
        else:
            s = s.apply(s.legal_actions()[0])
    record.observe(s)
    header, rows = record.lives_table()
    return said + [record.summary(), *record.knock_lines(), *header, *(c for r in rows for c in r)]


def _records() -> list[str]:
    """Game records made by hand, so every kind of sentence the record has is said (knocks the coach agreed with,
    found about as good, would rather not have made; one knock, two, four; an old record without verdicts)."""
    draw, take, swap = Action("draw stock"), Action("draw discard"), Action("swap", parse_cards("8♣ Q♥"))
    top = parse_cards("Q♥")[0]
    kinds = [KnockRecord(1, 5, 24.0, True, 0.20, "about as good", draw, 0.25, 2),
             KnockRecord(2, 7, 25.0, False, 0.30, "about as good", take, 0.25, 2, top),
             KnockRecord(3, 2, 19.0, False, 1.80, "play on", take, 0.10, 2, parse_cards("9♥")[0], True),
             KnockRecord(4, 1, 29.5, True, 0.05, "knock", swap, 0.40, 1),
             KnockRecord(5, 3, 20.0, False, 0.50),  # only whether the coach advised the knock
             KnockRecord(6, 3, 20.0, True, 0.10)]
    out: list[str] = []
    for knocks, winner in ((kinds, 0), (kinds[3:4] * 2, 1), (kinds[3:4] * 4, 1), (kinds[1:2], None), (kinds[2:3], 2),
                           ([], None)):
        record = GameRecord(0, ("Sam", "Ana", "Ben"), start=(3, 3, 3), rounds=[(1, (2, 3, 3), (False,) * 3),
                                                                               (2, (2, 0, 3), (False, True, False))],
                            knocks=list(knocks), asked=3, followed=1, lost={1: 1, 2: 0, 3: 2}, winner=winner)
        header, rows = record.lives_table()
        out += [record.summary(), *record.knock_lines(), *header, *(c for r in rows for c in r), record.name(5)]
    return out


def _read_texts() -> list[str]:
    """Every kind of sentence the coach says of what it read (thirtyone/readwords.py), from reads made by hand: a
    card taken, a swap, throws alone; the player next or not; a card kept or thrown; you collecting the suit too; a
    player who plays on (or never knocks) and one who knocks early."""
    from thirtyone.readwords import KnockRead, SuitRead, _knock_sentence, _meaning, _suit_sentences, numbers_sentence

    s = new_game("scat", 3, seed=1)
    view = s.view(0)
    sw = new_game("schwimmen", 3, seed=1).view(0)
    c = parse_cards("9♠ K♥ Q♠ 7♠ 4♣")
    out = [numbers_sentence("Ana", 1, 0.9, 0.4)]
    for r, v, best in ((SuitRead(1, 1, 0.9, 0.4, c[0], c[1], (), True, (c[2],)), view, Action("discard", (c[4],))),
                       (SuitRead(1, 1, 0.9, 0.4, c[0], c[1], (), True, (c[2],)), view, Action("discard", (c[2],))),
                       (SuitRead(1, 1, 0.9, 0.4, None, None, (c[1], c[4]), False, ()), view, None),
                       (SuitRead(1, 1, 0.9, 0.4, c[0], c[1], (), True, ()), view, Action("draw stock")),
                       (SuitRead(1, 1, 0.9, 0.4, c[0], c[1], (), True, (c[2], c[3])), view, None),
                       (SuitRead(1, 1, 0.9, 0.4, c[0], c[1], (), True, (c[2],)), sw, None)):
        out += _suit_sentences(v, r, "Ana", best)
        out.append(_meaning(v, r, "Ana", best))
    for k in (KnockRead(1, True, 28.0, 24.0, 3), KnockRead(1, True, 32.0, 24.0, 1), KnockRead(1, False, 20.0, 24.0, 2)):
        for best in (Action("draw stock"), Action("knock")):
            out.append(_knock_sentence(k, "Ana", best))
    return out


# -- every lesson-5 widget, made and driven under the pseudo-locale ---------------------------------------
def _pseudo_views() -> list[tuple[str, list[str], list[str]]]:
    from thirtyone.widgets.advisor import KnockAdvisor, KnockDrill
    from thirtyone.widgets.charts import (
        DiscardStudyView,
        KnockRulesTable,
        StrengthTable,
        SuitStudyChart,
        SurvivalChart,
        ThresholdChart,
    )

    made: list[tuple[str, list[str], list[str]]] = []

    def add(name: str, widget: Any) -> None:
        made.append((name, _visible(widget), []))  # nothing taken out: the engine speaks through i18n too

    a = KnockAdvisor(rollouts=200)
    add("KnockAdvisor", a)
    a.choose(rules="schwimmen", hand="K♥ K♠ K♣", players=3, seat=3)  # 30.5: three of a kind
    add("KnockAdvisor schwimmen", a)
    a.choose(rules="bga-commerce", hand="A♥ K♥ 7♣", players=4, seat=1)  # no knocking on some turns
    add("KnockAdvisor bga", a)
    a.turn_menu.value = a.turn_menu.options[0][1]
    add("KnockAdvisor a turn with no knocking", a)
    a.picker.pick("A♥")
    add("KnockAdvisor too few cards", a)
    a.choose(rules="scat", hand="A♥ K♥ Q♥", players=2, seat=2)  # 31 on the deal: a message
    add("KnockAdvisor a hand that ends the round", a)
    a.choose(rules="widow", hand="A♥ K♥ 7♣", players=5, seat=1)
    add("KnockAdvisor widow", a)
    a.rule_editor.set("allow_pass", False)
    add("KnockAdvisor own rules", a)
    d = KnockDrill(seed=3, rollouts=200)
    add("KnockDrill", d)
    for answer in ("knock", "play on", "knock"):
        d.answer(answer)
        add(f"KnockDrill answered {answer}", d)
        d.next_situation()
    d.rule_editor.choose("schwimmen")
    d.answer("play on")
    add("KnockDrill schwimmen", d)
    from thirtyone.widgets.tableread import TableReading

    reading = TableReading(rollouts=100)
    add("TableReading", reading)
    reading.check()  # nothing chosen yet: a message
    add("TableReading nothing chosen", reading)
    for i in range(len(reading.spots)):
        reading.suit_buttons.value = i % 4
        reading.throw_buttons.value = bool(i % 2)
        reading.check()
        add(f"TableReading answered {i}", reading)
        reading.next_spot()
    made.append(("coach reads", _read_texts(), []))
    for compare in ("players", "seat", "turn"):
        chart = SurvivalChart(compare=compare, players=4, seat=2, live_deals=100)
        add(f"SurvivalChart {compare}", chart)
        chart.compute_live()
        add(f"SurvivalChart {compare} live", chart)
    chart = SurvivalChart(compare="players", seat=0, turn=0, opponents="random")
    add("SurvivalChart dealer, random", chart)
    t = ThresholdChart("schwimmen", 3, rounds=5)
    add("ThresholdChart", t)
    t.run()
    add("ThresholdChart run", t)
    drawn = t.figure.value  # its chart, before the points are taken away below
    t.rules_menu.value = "bga-draw"  # simulated when chosen
    add("ThresholdChart bga-draw", t)
    t.points = []  # nothing to show: a message
    t.draw()
    add("ThresholdChart no points", t)
    s = SuitStudyChart(deals=50)
    s.run()
    add("SuitStudyChart", s)
    v = DiscardStudyView(rounds=6)
    add("DiscardStudyView", v)
    add("KnockRulesTable", KnockRulesTable())
    add("StrengthTable", StrengthTable())
    # every chart is an SVG in the widget's HTML: its words are read with the rest, and once more as the chart's
    for name, figure in (("survival", chart.figure.value), ("threshold", drawn), ("suit study", s.figure.value),
                         ("discard", v.figure.value)):
        made.append((f"chart words {name}", _figure_texts(figure), []))
    made.append(("knock rules", list(KNOCK_RULES.values()), []))
    made.append(("knock rule per table", [knock_rule(level, preset, n).text for level in ("beginner", "intermediate",
                                                                                        "expert")
                                          for preset in ("scat", "schwimmen") for n in (2, 5)], []))
    made.append(("game records", _records(), []))
    for preset, seed in (("schwimmen", 1), ("scat", 2), ("widow", 3)):
        made.append((f"coach {preset}", _coached_game(preset, seed), []))
    return made
