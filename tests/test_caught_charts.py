"""Lesson 5's charts, as a learner reads them (tools/mutate.py's charts and study mutants)."""

from __future__ import annotations

import html

from thirtyone.timing import ThresholdPoint, table_curve
from thirtyone.widgets.charts import SurvivalChart, ThresholdChart, shipped_tables
from thirtyone.widgets.study import html_table, pct


def test_comparing_table_sizes_for_the_dealer_draws_the_dealers_seat() -> None:
    chart = SurvivalChart(compare="players", seat=0, turn=1)
    assert chart.seat_menu.value == 0
    tables = shipped_tables()
    assert [curve for _label, curve in chart.curves()] == [table_curve(tables, "scat", n, n, 1) for n in range(2, 7)]


def test_the_tournament_names_the_thresholds_inside_the_best_ones_interval() -> None:
    chart = ThresholdChart("scat", 4)
    chart.points = [ThresholdPoint(24.0, 100, 0.50, 0.40, 0.60), ThresholdPoint(25.0, 100, 0.45, 0.35, 0.55),
                    ThresholdPoint(26.0, 100, 0.52, 0.42, 0.62), ThresholdPoint(27.0, 100, 0.70, 0.60, 0.80)]
    chart.draw()
    shown = html.unescape(chart.figure.value)
    assert "Fewest lives lost at 25; thresholds whose means lie inside its interval (24, 25, 26) do about as well" \
        in shown


def test_numbers_are_rounded_and_aligned_in_their_own_column() -> None:
    assert [pct(x) for x in (0.299, 0.234, 0.005, 1.0)] == ["30%", "23%", "0%", "100%"]  # 0.5% rounds to even
    table = html_table("c", ["name", "count", "note"], [["a", "12", "few"]], numeric=[1])
    assert '<td class="to-num">12</td>' in table and "<td>few</td>" in table
