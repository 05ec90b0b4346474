"""The files shipped in thirtyone/data/ (thirtyone/shipped.py): each is what its builder computes now, byte for
byte; each is read once per process; a missing or damaged one is computed instead, never an error.

When the engine, a study or a chart changes, a file here goes stale: `make data` (`python -m thirtyone
build-data`) writes them all afresh.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thirtyone import Rules, shipped

SHIPPED_DIR = shipped.DIR
"""The real folder (the tests below that move :data:`thirtyone.shipped.DIR` compare with it)."""


BY_TABLE = {"knock_rules.json"}
"""Files too long to compute whole in a test (120 knock rules × 30 tables × 10,000 rounds, 3 to 5 minutes): each of
their tables is computed on its own deals, so a test computes some of them now (``KNOCK_RULE_TABLES``) and checks
that the rest of the file is what its builder writes around them."""
KNOCK_RULE_TABLES = ("scat|2", "schwimmen|4", "widow|6")
"""The knock-rule tables computed now: both kinds of game, two to six players."""


@pytest.mark.parametrize("name", [n for n, f in shipped.FILES.items() if not f.measured and n not in BY_TABLE])
def test_each_shipped_file_is_what_its_builder_computes_now(name: str) -> None:  # measured ones: test_strength.py
    same = shipped.FILES[name].path.read_bytes() == shipped.build(name)
    assert same, f"thirtyone/data/{name} is stale: run `make data` (python -m thirtyone build-data {name})"


@pytest.mark.slow
@pytest.mark.parametrize("table", KNOCK_RULE_TABLES)
def test_a_shipped_knock_rule_table_is_what_the_tournament_computes_now(table: str) -> None:
    from thirtyone.knockrules import knock_rule_entry

    doc = json.loads(shipped.FILES["knock_rules.json"].path.read_text(encoding="utf-8"))
    name, players = table.split("|")
    best, rows = knock_rule_entry(name, int(players))
    stale = "thirtyone/data/knock_rules.json is stale: run `make data ARGS=knock_rules.json`"
    assert (doc["best"][table], doc["results"][table]) == (best, rows), f"{stale} (its table {table})"


def test_the_shipped_knock_rule_file_is_its_tables_as_its_builder_writes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table's winner is the one :func:`best_knock_rule` picks from its rows, and the file is byte for byte
    what :func:`knock_rule_bytes` writes around those tables (each table as shipped, none computed)."""
    from thirtyone import knockrules

    path = shipped.FILES["knock_rules.json"].path
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(doc["results"]) == sorted(f"{p}|{n}" for p in Rules.PRESET_NAMES for n in range(2, 7))
    for table, rows in doc["results"].items():
        assert len(rows) >= 100 and all(r[3] == knockrules.KNOCK_RULE_ROUNDS for r in rows), table
        best = knockrules.best_knock_rule([knockrules.KnockRuleRow(knockrules.KnockSchedule(*r[:3]), r[3], r[4],
                                                                  (r[5], r[6])) for r in rows])
        assert doc["best"][table] == [best.start, best.drop, best.floor], table
    monkeypatch.setattr(knockrules, "knock_rule_entry",
                        lambda name, players: (doc["best"][f"{name}|{players}"], doc["results"][f"{name}|{players}"]))
    assert path.read_bytes() == knockrules.knock_rule_bytes()


def test_every_file_in_the_data_folder_is_registered() -> None:
    assert sorted(p.name for p in SHIPPED_DIR.iterdir()) == sorted(shipped.FILES)


def test_a_file_is_read_once_and_shared() -> None:
    tables = shipped.load("knock_tables.json")
    assert shipped.load("knock_tables.json") is tables
    assert tables == json.loads((SHIPPED_DIR / "knock_tables.json").read_text(encoding="utf-8"))
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()


@pytest.fixture
def elsewhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty folder in place of thirtyone/data/, and nothing read yet but the knock-rule tournament (the
    intermediate's thresholds, which other builders read: a minute to compute, checked on its own above)."""
    kept = {"knock_rules.json": shipped.load("knock_rules.json")}
    monkeypatch.setattr(shipped, "DIR", tmp_path)
    monkeypatch.setattr(shipped, "_CACHE", kept)
    return tmp_path


def test_a_missing_file_is_computed_instead(elsewhere: Path) -> None:
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()
    assert not (elsewhere / "hand_tables.bin").exists()  # computed, not written


def test_a_damaged_file_is_computed_instead(elsewhere: Path) -> None:
    (elsewhere / "hand_tables.bin").write_bytes(bytes(1000))  # the wrong length
    (elsewhere / "precomputed.json").write_text('{"results": ', encoding="utf-8")  # cut short
    assert bytes(shipped.load("hand_tables.bin")) == (SHIPPED_DIR / "hand_tables.bin").read_bytes()
    assert shipped.load("precomputed.json") == json.loads((SHIPPED_DIR / "precomputed.json").read_text("utf-8"))


def test_write_replaces_the_file_and_what_is_read_after_it(elsewhere: Path) -> None:
    (elsewhere / "precomputed.json").write_text('{"results": {}}', encoding="utf-8")
    assert shipped.load("precomputed.json") == {"results": {}}
    assert shipped.write("precomputed.json") == elsewhere / "precomputed.json"
    assert (elsewhere / "precomputed.json").read_bytes() == (SHIPPED_DIR / "precomputed.json").read_bytes()
    assert shipped.load("precomputed.json") == json.loads((SHIPPED_DIR / "precomputed.json").read_text("utf-8"))
    assert sorted(p.name for p in elsewhere.iterdir()) == ["precomputed.json"]  # no part file left


def test_an_unknown_name_says_which_files_there_are() -> None:
    with pytest.raises(ValueError, match=r"no shipped file 'tables\.json'; the files are: hand_tables\.bin, "):
        shipped.load("tables.json")


def test_a_missing_measurement_is_none_never_hours_of_play(elsewhere: Path) -> None:
    """The bots' strength (a measured file, hours to compute) is ``None`` when missing or damaged, and only
    ``build-data strength.json`` computes it."""
    assert shipped.FILES["strength.json"].measured and not shipped.FILES["knock_tables.json"].measured
    assert shipped.load("strength.json") is None
    (elsewhere / "strength.json").write_text("{", encoding="utf-8")
    shipped._CACHE.pop("strength.json")
    assert shipped.load("strength.json") is None
