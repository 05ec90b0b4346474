"""Lesson 5's and 6's charts as the learner gets them: inline SVG (thirtyone/widgets/svgchart.py), read back from the
widget's HTML (tests/helpers/charts.py). A line per series with the values it was drawn from, each with its own marker;
the legend names every line; the accessible name is there; ticks are round numbers written as the language writes them;
a chart's button or menu that fails says so in words; and every chart draws in a process where neither matplotlib nor
NumPy can be imported (the course in a browser)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.charts import (
    SVG,
    axis_names,
    chart_alt,
    chart_bars,
    chart_lines,
    chart_words,
    charts,
    legend,
    svg_of,
    tick_labels,
)

from thirtyone import i18n
from thirtyone.coach import GameRecord
from thirtyone.timing import ThresholdPoint
from thirtyone.widgets import charts as chart_widgets
from thirtyone.widgets import play
from thirtyone.widgets.charts import DiscardStudyView, SuitStudyChart, SurvivalChart, ThresholdChart
from thirtyone.widgets.svgchart import MARKERS, nice_ticks

ROOT = Path(__file__).resolve().parents[2]


def test_ticks_are_round_steps_within_the_values() -> None:
    assert nice_ticks(0, 100, 6) == [0, 20, 40, 60, 80, 100]
    assert nice_ticks(5, 25, 9) == [5, 10, 15, 20, 25]
    assert nice_ticks(6, 22, 9) == [6, 8, 10, 12, 14, 16, 18, 20, 22]
    assert nice_ticks(0.3, 0.4, 7) == [0.3, 0.32, 0.34, 0.36, 0.38, 0.4]
    assert nice_ticks(3, 3) == [3]


@pytest.mark.parametrize("compare", ["players", "seat", "turn"])
def test_a_survival_chart_draws_each_curve_with_its_values_its_marker_and_its_name(compare: str) -> None:
    chart = SurvivalChart(compare=compare, players=4, seat=2, live_deals=200)
    curves = chart.curves()
    lines = chart_lines(chart.figure.value)
    assert [ln.label for ln in lines] == [label for label, _c in curves] == legend(chart.figure.value)
    for line, (_label, curve) in zip(lines, curves, strict=True):
        assert line.x == [p.value for p in curve]
        assert line.y == pytest.approx([100 * p.p for p in curve], abs=1e-4)  # the chance, in percent
        assert line.polyline_points == line.markers == len(curve)
        assert not line.dashed
    assert len({ln.marker for ln in lines}) == len(lines) and {ln.marker for ln in lines} <= set(MARKERS)
    assert chart_alt(chart.figure.value) == chart._alt(curves, None)  # the alt text: the SVG's aria-label and title
    assert axis_names(chart.figure.value) == ["chance of surviving the knock", "hand value when knocking"]
    assert "<figcaption>" in chart.figure.value
    curve = chart.compute_live()  # the live line: dashed, last, named in the legend
    lines = chart_lines(chart.figure.value)
    assert lines[-1].dashed and lines[-1].x == [p.value for p in curve] and len(lines) == len(curves) + 1
    assert legend(chart.figure.value)[-1] == "simulated now (200 deals)"


def test_the_percent_axis_and_the_hand_values_are_round_ticks() -> None:
    chart = SurvivalChart(compare="seat", players=4, turn=0)
    ticks = tick_labels(chart.figure.value)
    assert ticks[:6] == ["0%", "20%", "40%", "60%", "80%", "100%"]
    values = [int(t) for t in ticks[6:]]
    assert values == sorted(values) and len(set(b - a for a, b in zip(values, values[1:]))) == 1


def test_the_tournament_chart_marks_the_fewest_lives_and_keeps_its_numbers() -> None:
    chart = ThresholdChart("scat", 4)
    chart.points = [ThresholdPoint(24.0, 100, 0.50, 0.40, 0.60), ThresholdPoint(25.0, 100, 0.45, 0.35, 0.55),
                    ThresholdPoint(26.0, 100, 0.52, 0.42, 0.62)]
    chart.draw()
    [line] = chart_lines(chart.figure.value)
    assert line.x == [24, 25, 26] and line.y == [0.5, 0.45, 0.52]
    assert "fewest: 25" in chart_words(chart.figure.value)
    assert legend(chart.figure.value) == []  # one line: no legend
    with i18n.using("de"):
        chart.draw()
    ticks = tick_labels(chart.figure.value)
    assert "0,40" in ticks and "0,60" in ticks and not [t for t in ticks if "." in t], ticks
    with i18n.using("de"):
        marked = i18n._("fewest: {value}").format(value=25)
    assert marked != "fewest: 25" and marked in chart_words(chart.figure.value)


def test_the_studies_draw_their_means_and_their_shares() -> None:
    study = SuitStudyChart(deals=60)
    assert study.sums is not None
    lines = chart_lines(study.figure.value)
    assert [ln.y for ln in lines] == [pytest.approx([m.mean for m in row], abs=1e-3) for row in study.sums.values()]
    assert len(legend(study.figure.value)) == 2
    view = DiscardStudyView(rounds=8)
    assert view.counts is not None
    bars = chart_bars(view.figure.value)
    assert [float(b["data-value"]) for b in bars] == pytest.approx(
        [100 * view.counts["their suit"].rate, 100 * view.counts["another suit"].rate], abs=1e-3)
    assert all(float(b["data-low"]) <= float(b["data-value"]) <= float(b["data-high"]) for b in bars)
    assert chart_alt(view.figure.value).startswith("Bar chart: ")


def _boom(*_a: object, **_k: object) -> None:
    raise RuntimeError("no simulation here")


def _said(message: str) -> bool:
    return ('class="to-error" role="alert"' in message and "The simulation failed" in message
            and "no simulation here" in message)


def test_a_chart_whose_simulation_fails_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live cell, the tournament's rounds, a menu that simulates and the studies' More buttons: a failure is a
    line the learner reads under the chart (and the widget_errors fixture fails the test if a callback raised)."""
    survival = SurvivalChart(compare="turn", players=4, seat=2)
    threshold = ThresholdChart(rounds=5)
    suit, discard = SuitStudyChart(deals=40), DiscardStudyView(rounds=5)
    shown = survival.figure.value
    monkeypatch.setattr(chart_widgets, "live_curve", _boom)
    survival.live_button.click()
    assert _said(survival.message.value) and survival.figure.value == shown  # no "Simulating…" left waiting
    monkeypatch.setattr(chart_widgets, "table_curve", _boom)
    survival.opponents_menu.value = "random"
    assert _said(survival.message.value)
    monkeypatch.setattr(chart_widgets, "threshold_curve", _boom)
    threshold.run_button.click()
    assert _said(threshold.message.value)
    monkeypatch.setattr(chart_widgets, "shipped_thresholds", _boom)
    threshold.players_menu.value = 3
    assert _said(threshold.message.value)
    monkeypatch.setattr(chart_widgets, "suit_study", _boom)
    monkeypatch.setattr(chart_widgets, "discard_study", _boom)
    for study in (suit, discard):
        study.more_button.click()
        assert _said(study.message.value)


def test_a_lesson_6_chart_that_cannot_be_drawn_says_so_and_the_summary_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    record = GameRecord(0, names=("Sam", "Ana"), start=(2, 2))
    record.rounds = [(1, (1, 2), (False, False)), (2, (1, 0), (False, False))]
    assert len(charts(play.lives_chart(record, ("Sam", "Ana")))) == 1
    monkeypatch.setattr(play, "line_chart", _boom)
    games = [{"place": 1, "players": 2, "lives": [2, 1], "lost": 1, "knocks": 0, "agreed": 0, "day": 5.0,
              "rules": "scat"}]
    history = play.history_html(games, 5.0)
    assert "The chart could not be drawn this time (RuntimeError: no simulation here)" in history
    assert 'role="alert"' in history and "Your last games, oldest first" in history  # the table is still there


def test_the_lives_chart_draws_every_players_lives_until_they_are_out() -> None:
    record = GameRecord(1, names=("Ana", "Sam", "Ben"), start=(3, 3, 3))
    record.rounds = [(1, (3, 2, 3), (False,) * 3), (2, (0, 2, 3), (False,) * 3), (3, (0, 2, 1), (True, False, False))]
    chart = play.lives_chart(record, ("Ana", "Sam (you)", "Ben"))
    lines = chart_lines(chart)
    assert [ln.label for ln in lines] == legend(chart) == ["Ana", "Sam (you)", "Ben"]
    assert [ln.y for ln in lines] == [[3, 3, 0, -1], [3, 2, 2, 2], [3, 3, 3, 1]]
    assert all(ln.x == [0, 1, 2, 3] for ln in lines)
    assert "out" in tick_labels(chart)
    widths = re.findall(r'<polyline [^>]*stroke-width="([\d.]+)"', chart)
    assert float(widths[1]) > max(float(widths[0]), float(widths[2]))  # the learner's line is the thickest
    assert chart_alt(chart).startswith("Lives of each player at the start and after every round. Ana: 3, 3, 0, out")



def test_a_long_game_s_lives_chart_names_its_first_and_last_round() -> None:
    """With more rounds than the axis has room for, every other round is named, and always the last one."""
    record = GameRecord(0, names=("Sam", "Ana"), start=(9, 9))
    record.rounds = [(r, (9 - r // 2, 9), (False, False)) for r in range(1, 16)]  # 15 rounds: 16 ticks
    ticks = tick_labels(play.lives_chart(record, ("Sam (you)", "Ana")))
    rounds = [int(label) for label in ticks[ticks.index("out") + 11:]]  # after the lives axis's out, 0 … 9
    assert rounds[0] == 0 and rounds[-1] == 15 and len(rounds) <= 13, ticks


def test_the_places_chart_draws_a_win_at_the_top() -> None:
    """Lesson 6's last games: place 1 is drawn highest, then 2, then 3 (the axis runs downwards), so a line that
    rises is a learner getting better."""
    games = [{"place": p, "players": 3} for p in (3, 1, 2)]
    svg = svg_of(play.games_chart(games))
    [line] = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "to-line"]
    polyline = line.find(f"{SVG}polyline")
    assert polyline is not None
    heights = [float(xy.split(",")[1]) for xy in (polyline.get("points") or "").split()]  # SVG y grows downwards
    assert heights[1] < heights[2] < heights[0]


NO_CHART_LIBRARY = """
import sys, json
sys.modules["numpy"] = None  # `import numpy` and `import matplotlib` fail, as in a browser's Pyodide here
sys.modules["matplotlib"] = None
from thirtyone.widgets import PlayGame
from thirtyone.widgets.charts import DiscardStudyView, SuitStudyChart, SurvivalChart, ThresholdChart
out = {}

def drawn(widget):
    value = widget.figure.value
    return value.count('<svg class="to-plot"') == 1 and "to-error" not in widget.message.value

survival = SurvivalChart(compare="players")
survival.turn_menu.value = 3
survival.rules_menu.value = "feuer"  # not in the shipped tables: a message, then the live cell simulated now
survival.live_deals = 150
survival.live_button.click()
out["survival"] = drawn(survival) and "Simulated now" in survival.message.value
threshold = ThresholdChart(rounds=4)
threshold.run_button.click()
out["threshold"] = drawn(threshold)
suit, discard = SuitStudyChart(deals=40), DiscardStudyView(rounds=4)
suit.more_button.click()
discard.more_button.click()
out["studies"] = drawn(suit) and drawn(discard)
g = PlayGame("scat", bots=1, level="beginner", seed=2, lives=1, pace=0, rollouts=20)
for _ in range(400):
    t = g.table
    s = t.state
    if s.game_over:
        break
    if s.round_over:
        t.next_round()
        continue
    knock = [a for a in s.legal_actions() if a.kind == "knock"]
    t.play(knock[0] if knock else s.legal_actions()[0])
    t.play_bots()
out["game summary"] = g.table.state.game_over and g.summary.value.count('<svg class="to-plot"') == 2 \\
    and "to-error" not in g.summary.value
out["libraries"] = [m for m in ("numpy", "matplotlib") if sys.modules.get(m) is not None]
print(json.dumps(out))
"""


def test_every_chart_draws_without_matplotlib_or_numpy() -> None:
    done = subprocess.run([sys.executable, "-c", NO_CHART_LIBRARY], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out == {"survival": True, "threshold": True, "studies": True, "game summary": True, "libraries": []}, out
