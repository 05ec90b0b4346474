"""tools/fingerprint.py, the proof that a refactor changes nothing a user sees (issue 20): run on its
``--quick`` subset it is deterministic and covers each part (games, scores, illegal moves, bots' rules,
advice, the command line, widgets, shipped data, pages, the catalogs); ``--compare`` names a planted
difference and exits 1, and exits 0 on an equal fingerprint."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from helpers.languages import catalogs

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    spec = importlib.util.spec_from_file_location("fingerprint_tool", ROOT / "tools" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fingerprint_tool"] = module
    spec.loader.exec_module(module)
    return module


fingerprint = _load_tool()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fp") / "base.json"
    assert fingerprint.main(["--quick", "-o", str(path)]) == 0
    return path


def test_quick_fingerprint_covers_every_part_in_every_language(base: Path) -> None:
    prints = json.loads(base.read_text(encoding="utf-8"))
    prefixes = {key.split("/")[0] for key in prints}
    assert {"game", "score", "illegal", "parse", "knock_rule", "KNOCK_RULES", "advice", "cli", "widget", "data",
            "catalog", "page"} <= prefixes
    assert not [key for key, value in prints.items() if "!error" in key or str(value).startswith("!error")]
    assert prints["game/scat/2p/mixed/en/narrate"][0] == "Round 1: Player 0 deals."
    assert set(fingerprint.LANGS) == {"en", *catalogs()}  # every language on disk, without an edit
    for lang in fingerprint.LANGS:
        assert f"game/scat/2p/mixed/{lang}/narrate" in prints, lang
    assert prints["game/scat/2p/mixed/es/narrate"][0] == "Ronda 1: reparte Jugador 0."
    assert prints["cli/odds scat"].startswith("Hand values, scat (52 cards):")
    assert prints["catalog/es/Knock"] == "Golpear"
    assert prints["page/notebooks/es/index.ipynb"] == fingerprint._digest((ROOT / "notebooks/es/index.ipynb").read_bytes())
    assert prints["data/data/hand_tables.bin"] == fingerprint._digest((ROOT / "thirtyone/data/hand_tables.bin").read_bytes())
    assert "Click a card to see its value." in prints["widget/CardValues/en/built/root.children[1]"]["state"]["value"]
    assert "Pulsa una carta" in prints["widget/CardValues/es/built/root.children[1]"]["state"]["value"]
    references = prints["widget/Quiz/en/built/root"]["state"]["children"]
    assert references[0] == "@root.children[0]"  # a widget reference is its path, not a model id


def test_compare_is_equal_on_a_second_run_and_names_a_planted_difference(
        base: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert fingerprint.main(["--quick", "--compare", str(base)]) == 0  # deterministic: a new run is equal
    assert "equal:" in capsys.readouterr().out
    prints = json.loads(base.read_text(encoding="utf-8"))
    key = "game/scat/2p/mixed/es/narrate"
    prints[key] = [prints[key][0].replace("reparte", "baraja")] + prints[key][1:]
    del prints["data/data/strength.json"]
    planted = tmp_path / "planted.json"
    planted.write_text(json.dumps(prints), encoding="utf-8")
    assert fingerprint.main(["--quick", "--compare", str(planted)]) == 1
    out = capsys.readouterr().out
    assert f"* {key}\n" in out and "baraja" in out and "reparte" in out
    assert "+ data/data/strength.json: only after" in out
    assert "2 of " in out
