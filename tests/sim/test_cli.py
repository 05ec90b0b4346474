"""The command line (``python -m thirtyone ...``): each study runs with tiny sizes and prints the
library's own numbers as a table; bad input is a usage error, not a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from thirtyone import shipped
from thirtyone.analysis import deal_study, knock_survival, threshold_tournament, wilson
from thirtyone.cli import main


def rows(out: str) -> list[list[str]]:
    """The table rows of the output: lines that start with two numbers."""
    return [line.split() for line in out.splitlines() if re.match(r"\s*[\d.]+\s+[\d.]", line)]


def test_survival_prints_the_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survival", "scat", "-p", "3", "-s", "2", "-t", "1", "--deals", "600", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("scat, 3 players, seat 2, turn 1, greedy opponents:")
    cell = knock_survival("scat", 3, 2, 1, "greedy", deals=600, seed=4)
    shown = rows(out)
    assert shown, out
    assert [float(r[0]) for r in shown] == [v for v, (k, _) in cell.items() if k >= 30]  # thin rows left out
    for value, knocks, survive, ci in shown:
        k, s = cell[float(value)]
        lo, hi = wilson(s, k)
        assert int(knocks) == k
        assert survive == f"{s / k:.1%}"
        assert ci == f"{lo:.1%}-{hi:.1%}"


def test_survival_against_random_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survival", "schwimmen", "-p", "2", "-s", "1", "-t", "2", "--opponents", "random",
                 "--deals", "400"]) == 0
    out = capsys.readouterr().out
    assert "schwimmen, 2 players, seat 1, turn 2, random opponents:" in out
    assert rows(out)


def test_tournament_prints_every_threshold_and_marks_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "schwimmen", "-p", "3", "--rounds", "80", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["threshold", "lives", "lost/round", "95%", "CI"]
    shown = rows(out)
    expected = threshold_tournament("schwimmen", 3, rounds=80, seed=2)
    assert [float(r[0]) for r in shown] == [r.threshold for r in expected] == [float(t) for t in range(20, 32)]
    assert [float(r[1]) for r in shown] == [round(r.lives_lost, 3) for r in expected]
    best = [r for r in shown if r[-1] == "best"]
    assert len(best) == 1
    assert float(best[0][1]) == min(float(r[1]) for r in shown)


def test_deal_study_prints_a_table_per_players_and_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal-study", "scat", "--deals", "400", "--players", "2", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    heads = [line for line in out.splitlines() if line.endswith("knocking on the deal:")]
    assert heads == [f"{n} players, seat {s} after the dealer, knocking on the deal:"
                     for n in (2, 3) for s in range(1, n + 1)]
    study = deal_study("scat", [2, 3], deals=400, seed=1)
    first = out.split(heads[1])[0]  # 2 players, seat 1
    assert [(float(r[0]), int(r[1])) for r in rows(first)] == [
        (v, k) for v, (k, _) in study[2][1].items() if k >= 30]
    assert out.rstrip().splitlines()[-1].startswith("400 deals per player count, ")


def test_build_data_writes_the_files_named_in_their_order_and_says_so(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = shipped.DIR
    kept = {"knock_rules.json": shipped.load("knock_rules.json")}  # the intermediate's thresholds: a minute to compute
    monkeypatch.setattr(shipped, "DIR", tmp_path)
    monkeypatch.setattr(shipped, "_CACHE", kept)
    (tmp_path / "precomputed.json").write_text("{}", encoding="utf-8")
    assert main(["build-data", "precomputed.json", "hand_tables.bin"]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = [re.fullmatch(r"wrote (.+): ([\d,]+) bytes, (\w+), [\d.]+ s", line) for line in lines[:-1]]
    assert all(said), lines
    assert [(m.group(1), m.group(3)) for m in said if m] == [  # the hand tables first: the results read them
        (str(tmp_path / "hand_tables.bin"), "new"), (str(tmp_path / "precomputed.json"), "changed")]
    assert re.fullmatch(r"[\d.]+ s in all", lines[-1])
    for name in ("hand_tables.bin", "precomputed.json"):
        assert (tmp_path / name).read_bytes() == (real / name).read_bytes()
    assert main(["build-data", "precomputed.json"]) == 0
    assert ", unchanged, " in capsys.readouterr().out


def test_odds_prints_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "schwimmen"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand values, schwimmen (32 cards):")
    from fractions import Fraction
    assert sum(Fraction(r[2]) for r in rows(out)) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["survival", "nosuch"], "unknown preset 'nosuch'"),
    (["survival", "scat", "-p", "12"], "players must be 2 to 9"),
    (["survival", "scat", "-p", "3", "-s", "4"], "seat must be 1"),
    (["survival", "scat", "--opponents", "expert"], "invalid choice: 'expert'"),
    (["tournament", "scat", "--rounds", "many"], "invalid int value: 'many'"),
    (["deal-study", "widow", "--players", "10"], "players must be 2 to 9"),
    (["build-data", "tables.json"], "no shipped file 'tables.json'; the files are: hand_tables.bin, "),
])
def test_bad_input_is_a_usage_error(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: thirtyone")
    assert message in err


def test_python_dash_m_runs_the_same_main() -> None:
    done = subprocess.run([sys.executable, "-m", "thirtyone", "survival", "scat", "-p", "2", "--deals", "200"],
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.startswith("scat, 2 players, seat 1, turn 0, greedy opponents:")
    assert rows(done.stdout)


def test_the_safe_value_is_where_every_well_counted_value_survives_half_the_time() -> None:
    from thirtyone.cli import safe_value

    cell = {24.0: (100, 70), 25.0: (100, 40), 26.0: (5, 1), 27.0: (100, 60), 28.0: (100, 90)}
    assert safe_value(cell) == 27.0  # 24 survives often, but 25 does not; 26 has too few knocks to count
    assert safe_value({**cell, 25.0: (100, 55)}) == 24.0
    assert safe_value({28.0: (100, 30)}) is None
