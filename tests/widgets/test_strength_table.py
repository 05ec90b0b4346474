"""Lesson 5's table of the bots' strength (issue 19): the shipped measurement, shown as it is, with a verdict that
says no more than its intervals allow, in the language in use."""

from __future__ import annotations

import re

import pytest

from thirtyone import strength
from thirtyone.i18n import using
from thirtyone.strength import LEVEL_BOTS, shipped_coach, shipped_strength
from thirtyone.widgets import charts
from thirtyone.widgets.charts import StrengthTable


@pytest.mark.parametrize("players", [3, 4])
def test_the_table_shows_the_shipped_measurement_of_each_level(players: int) -> None:
    table = StrengthTable(players)
    assert table.players_menu.value == players and list(table.players_menu.options) == [("3", 3), ("4", 4)]
    cells = {g: shipped_strength(g, players) for g in ("scat", "schwimmen")}
    assert [row[0] for row in table.rows] == ["beginner bot", "intermediate bot", "expert bot", "coach of lesson 6"]
    for row, bot in zip(table.rows, LEVEL_BOTS):
        for k, game in enumerate(("scat", "schwimmen")):
            cell = cells[game]
            assert cell is not None
            shown = next(r for r in cell["rows"] if r["bot"] == bot)
            assert row[1 + 2 * k] == f"{100 * shown['lost']:.1f}"
            if bot == "intermediate":
                assert row[2 + 2 * k] == "—"
            else:
                diff, low, high = (float(x.replace("−", "-")) for x in re.findall(r"[−+]?\d+\.\d", row[2 + 2 * k]))
                assert diff == pytest.approx(100 * shown["diff"], abs=0.051)
                assert (low, high) == pytest.approx((100 * (shown["diff"] - shown["half"]),
                                                     100 * (shown["diff"] + shown["half"])), abs=0.051)
    coach = {g: shipped_coach(g, players) for g in ("scat", "schwimmen")}
    for k, game in enumerate(("scat", "schwimmen")):
        c = coach[game]
        assert c is not None
        assert table.rows[3][1 + 2 * k] == f"{100 * c['lost']:.1f}"
        diff, half = c["minus"]["intermediate"]
        shown = [float(x.replace("−", "-")) for x in re.findall(r"[−+]?\d+\.\d", table.rows[3][2 + 2 * k])]
        assert shown == pytest.approx([100 * diff, 100 * (diff - half), 100 * (diff + half)], abs=0.051)
    page = table.figure.value
    if players == 4:  # the coach on every deal of the four-player cells: no number to say
        assert coach["scat"]["rounds"] == coach["schwimmen"]["rounds"] == cells["scat"]["rounds"]  # type: ignore[index]
        assert "made on every turn, over the same deals." in page and "over the first" not in page
    else:
        assert f"over the first {coach['scat']['rounds']:,} of these deals" in page  # type: ignore[index]
    assert f"the same {cells['scat']['rounds']:,} deals for every bot" in page  # type: ignore[index]
    assert 'role="table"' in page and "<caption>" in page


def test_the_verdict_says_measurably_stronger_only_when_the_interval_is_below_0(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def cell(diff: float, half: float) -> dict[str, object]:
        return {"rounds": 10_000, "rows": [{"bot": b, "lost": 0.3 + (diff if b == "expert" else 0.0),
                                             "diff": diff if b == "expert" else 0.0,
                                             "half": half if b == "expert" else 0.0} for b in strength.ARENA_BOTS]}
    made = {"scat": cell(-0.061, 0.009), "schwimmen": cell(-0.01, 0.012)}
    monkeypatch.setattr(charts, "shipped_strength", lambda game, _n: made[game])
    monkeypatch.setattr(charts, "shipped_coach", lambda _game, _n: None)
    text = StrengthTable(4).figure.value
    assert "coach" not in text  # no coach measured: no row, no sentence
    assert ("In Scat the expert bot lost 6.1 fewer lives per 100 rounds than the intermediate bot, and the whole "
            "95% interval is below 0: it is measurably stronger.") in text
    assert "In Schwimmen the 95% interval includes 0: the expert bot is not measurably stronger" in text
    with using("es"):
        spanish = StrengthTable(4)
    assert "En Scat, el bot experto perdió 6,1 vidas menos por cada 100 rondas" in spanish.figure.value
    assert [r[0] for r in spanish.rows] == ["bot principiante", "bot intermedio", "bot experto"]
    assert "−6,1 (de −7,0 a −5,2)" in spanish.figure.value
    assert not re.search(r"\b(lost|fewer|interval|against)\b", spanish.figure.value)


def test_the_coachs_sentences_say_no_more_than_its_intervals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the intermediate bot: fewer lives only when the interval is below 0; against the expert bot: the
    strongest, about as strong or weaker, as the interval lies."""
    def coach(vs_intermediate: tuple[float, float], vs_expert: tuple[float, float]) -> dict[str, object]:
        return {"rounds": 4000, "lost": 0.28, "minus": {"beginner": [-0.06, 0.01], "intermediate": list(vs_intermediate),
                                                         "expert": list(vs_expert)}}
    cases = {"scat": coach((-0.054, 0.016), (-0.003, 0.013)), "schwimmen": coach((-0.005, 0.008), (-0.03, 0.01))}
    monkeypatch.setattr(charts, "shipped_coach", lambda game, _n: cases[game])
    table = StrengthTable(4)
    text = table.figure.value
    assert table.rows[-1][0] == "coach of lesson 6" and table.rows[-1][1] == "28.0"
    assert ("In Scat, followed on every turn, the coach lost 5.4 fewer lives per 100 rounds than the intermediate "
            "bot. Against the expert bot the 95% interval includes 0: the two are about as strong.") in text
    assert ("In Schwimmen the coach is not measurably stronger than the intermediate bot. It lost 3.0 fewer than the "
            "expert bot too: it is measurably the strongest player here.") in text
    assert "over the first 4,000 of these deals" in text
    cases["schwimmen"] = coach((-0.05, 0.01), (0.02, 0.01))
    text = StrengthTable(4).figure.value
    assert "It lost 2.0 more than the expert bot: the expert bot is measurably stronger." in text
    with using("es"):
        spanish = StrengthTable(4)
    assert spanish.rows[-1][0] == "entrenador de la lección 6"
    assert "En Scat, siguiendo al entrenador en cada turno, se perdieron 5,4 vidas menos" in spanish.figure.value
    assert not re.search(r"\b(lost|fewer|coach|interval|against|strong)\b", spanish.figure.value)


def test_a_coach_that_played_every_deal_is_said_to_have_played_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach on all the table's deals: the sentence says so, with no number of deals."""
    deals = shipped_strength("scat", 4)["rounds"]
    row = {"rounds": deals, "lost": 0.28, "minus": {"beginner": [-0.06, 0.01], "intermediate": [-0.05, 0.01],
                                                    "expert": [-0.01, 0.005]}}
    monkeypatch.setattr(charts, "shipped_coach", lambda _game, _n: row)
    text = StrengthTable(4).figure.value
    assert "made on every turn, over the same deals." in text and "over the first" not in text
    with using("de"):
        assert "In denselben Runden wurde jedes Mal der Zug gemacht" in StrengthTable(4).figure.value
    with using("es"):
        assert "hecha en cada turno, en los mismos repartos." in StrengthTable(4).figure.value


def test_without_a_measurement_the_table_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(charts, "shipped_strength", lambda _game, _n: None)
    table = StrengthTable()
    assert table.rows == [] and "was not measured" in table.figure.value
