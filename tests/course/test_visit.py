"""A page visit is cheap (issue 10): what a lesson shows on load is read from shipped files that equal what the
code computes, and a page imports and computes only what it shows (benchmarks/bench_visit.py has the numbers).

Each page's code cells run here in a fresh Python process, as in the fresh kernel of every Voilà visit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from thirtyone import precomputed, shipped
from thirtyone.rules import Rules
from thirtyone.strategy import discard_study, suit_study
from thirtyone.timing import advise

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PAGES = ["index", "01-scoring", "02-scat", "03-schwimmen", "04-variants", "05-knock-timing", "06-play", "glossary",
         "review"]


def run_page(page: str, after: str, before: str = "") -> dict:
    """Run ``before``, the page's code cells in a new process (cwd notebooks/), then ``after``, which prints
    JSON."""
    cells = json.loads((NOTEBOOKS / f"{page}.ipynb").read_text(encoding="utf-8"))["cells"]
    code = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    probe = ("import sys, json\n"
             "from thirtyone import scoring\n")
    program = probe + before + "\n" + code + "\n\n" + after
    done = subprocess.run([sys.executable, "-c", program], cwd=NOTEBOOKS, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


REPORT = ("import gc\n"
          "tables = [t for t in gc.get_objects() if isinstance(t, scoring.ScoringTables)]  # every option pair's\n"
          "print(json.dumps({'modules': sorted(m for m in ('matplotlib', 'numpy', 'thirtyone.lockstep')"
          " if m in sys.modules),"
          " 'whole': sorted(str(t) for t in tables if t.values.whole or t.keeps.whole),"
          " 'ranked': sum(name in vars(t) for t in tables for name in ('ranks', '_flat', 'flat_ranks'))}))")


@pytest.mark.parametrize("page", PAGES)
def test_a_page_imports_no_chart_library_and_builds_no_whole_table_on_load(page: str) -> None:
    seen = run_page(page, REPORT)
    assert seen["modules"] == [], f"{page} imports {seen['modules']} on load"
    assert seen["whole"] == [] and seen["ranked"] == 0, f"{page} builds a whole hand table on load"


def test_lesson_5_opens_on_the_shipped_results_without_simulating() -> None:
    """The advisor's first advice and both studies' first runs come from thirtyone/data/precomputed.json."""
    before = ("from thirtyone import strategy, timing\n"
              "def boom(*_a, **_k):\n"
              "    raise AssertionError('simulated on load')\n"
              "strategy.new_game = strategy.value_table = timing.knock_advice = boom\n")
    seen = run_page("05-knock-timing", REPORT, before)
    assert seen["modules"] == []


def test_the_shipped_first_results_hold_each_recipe_once() -> None:
    """thirtyone/data/precomputed.json holds one result of each recipe (tests/engine/test_shipped.py checks it equals a
    fresh computation)."""
    results = shipped.load("precomputed.json")["results"]
    assert sorted(results) == sorted({kind for kind, _ in precomputed.RECIPES})
    assert all(len(entries) == 1 for entries in results.values())


def test_a_shipped_result_is_the_fresh_one_and_used_only_for_its_own_arguments(monkeypatch) -> None:
    scat = Rules.preset("scat")
    fresh = {}
    before = precomputed.enabled(False)
    try:
        fresh["suit"] = suit_study(scat, 6, 600, seed=0)
        fresh["discard"] = discard_study(scat, 4, 120, seed=0)
        fresh["advice"] = advise(scat, "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1]
    finally:
        precomputed.enabled(before)
    from thirtyone import timing

    timing._advise.cache_clear()

    def no_simulation(*_a, **_k):
        raise AssertionError("simulated although the result is shipped")

    monkeypatch.setattr(timing, "knock_advice", no_simulation)
    assert suit_study("scat", 6, 600, seed=0) == fresh["suit"]
    assert list(suit_study("scat", 6, 600, seed=0)) == list(fresh["suit"])  # same order of the lines
    assert discard_study("scat", 4, 120, seed=0) == fresh["discard"]
    assert advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=0)[1] == fresh["advice"]
    pooled = suit_study("scat", 6, 600, seed=0, previous=fresh["suit"])
    assert pooled == {p: [a + a for a in row] for p, row in fresh["suit"].items()}
    with pytest.raises(AssertionError, match="simulated"):  # other arguments are computed, not looked up
        advise("scat", "K♥ Q♥ 7♣", 4, 2, 5, rollouts=10_000, seed=1)
    assert precomputed.lookup("suit_study", rules=scat, draws=6, deals=601, seed=0) is None
    timing._advise.cache_clear()
