"""tools/mutate.py's mechanics (``make mutate``), on a tiny repository of its own: a mutant is applied to a
copy, never to the original; the copy's package is the one imported (not the editable install's
``thirtyone``), even when a cached bytecode file of the original lies next to it; caught, survived,
equivalent and stale mutants are told apart, and a stale snippet makes the script exit non-zero.
The full mutation run over the package is ``make mutate``, on demand."""

from __future__ import annotations

import compileall
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_tool"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


mutate = _load_tool()

PACKAGE = '''MARK = "the tiny copy"


def add(a, b):
    return a + b


def unused():
    return 1
'''
TESTS = '''import thirtyone


def test_add():
    assert thirtyone.add(2, 3) == 5


def test_the_copy_is_imported():
    assert thirtyone.MARK == "the tiny copy"  # not the editable install's thirtyone
'''
FILE = "thirtyone/__init__.py"
MUTANTS = (
    # "a + b" -> "a - b" keeps the file's size: a copied .pyc of the original would pass for it
    mutate.Mutant("minus", FILE, "return a + b", "return a - b", "adds by subtracting"),
    mutate.Mutant("swapped", FILE, "return a + b", "return b + a", "adds the other way round",
                  equivalent="addition of numbers commutes"),
    mutate.Mutant("untested", FILE, "return 1\n", "return 2\n", "a function no test calls"),
    mutate.Mutant("gone", FILE, "return a * b", "return a / b", "a snippet that is not in the file"),
)


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # the tiny tests need no plugin: quick start-up
    (tmp_path / "thirtyone").mkdir()
    (tmp_path / FILE).write_text(PACKAGE, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_tiny.py").write_text(TESTS, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\nmarkers = ["browser: b", "slow: s"]\n', encoding="utf-8")
    assert compileall.compile_dir(tmp_path / "thirtyone", quiet=1)  # a bytecode cache of the original
    return tmp_path


def test_mutants_are_caught_survive_or_are_stale_and_the_original_is_untouched(tiny: Path, capsys):
    code = mutate.main(["-j", "2"], root=tiny, mutants=MUTANTS, tests=["tests/test_tiny.py"])
    out = capsys.readouterr().out
    assert code == 2  # the stale snippet
    rows = {line.split()[0]: line.split()[2] for line in out.splitlines()
            if line.split() and line.split()[0] in {m.name for m in MUTANTS}}
    assert rows == {"minus": "caught", "swapped": "equivalent", "untested": "survived", "gone": "stale"}
    assert "tests/test_tiny.py::test_add" in out  # the test that caught it
    assert "caught 1 of 2 mutants that change behaviour: 50.0%" in out
    assert (tiny / FILE).read_text(encoding="utf-8") == PACKAGE


def test_the_share_decides_the_exit_code(tiny: Path, capsys):
    assert mutate.main(["--only", "minus", "--only", "swapped"], root=tiny, mutants=MUTANTS,
                       tests=["tests/test_tiny.py"]) == 0
    assert "caught 1 of 1 mutants that change behaviour: 100.0%" in capsys.readouterr().out
    assert mutate.main(["--only", "untested"], root=tiny, mutants=MUTANTS, tests=["tests/test_tiny.py"]) == 1


def test_check_finds_stale_snippets_without_running_tests(tiny: Path, capsys):
    assert mutate.main(["--check"], root=tiny, mutants=MUTANTS) == 2
    out = capsys.readouterr().out
    assert "stale: gone" in out and "3 of 4 snippets found once each" in out
    assert mutate.main(["--check", "--only", "minus"], root=tiny, mutants=MUTANTS) == 0


def test_list_and_unknown_names(tiny: Path, capsys):
    assert mutate.main(["--list"], root=tiny, mutants=MUTANTS) == 0
    listed = capsys.readouterr().out
    assert all(m.name in listed for m in MUTANTS) and "addition of numbers commutes" in listed
    with pytest.raises(SystemExit):
        mutate.main(["--only", "nonesuch"], root=tiny, mutants=MUTANTS)


def test_the_engine_mutants_name_real_files_once_each():
    names = [m.name for m in mutate.MUTANTS]
    assert len(names) == len(set(names))
    assert all((ROOT / m.file).exists() and m.old != m.new and m.what for m in mutate.MUTANTS)


def test_each_mutant_runs_its_own_tests_first_then_its_files_or_the_engine_tests():
    engine = mutate.Mutant("e", "thirtyone/game.py", "a", "b", "w")
    assert mutate.tests_for(engine) == list(mutate.ENGINE_TESTS)
    quiz = mutate.Mutant("q", "thirtyone/widgets/quiz.py", "a", "b", "w", tests=("tests/test_x.py",))
    run = mutate.tests_for(quiz)
    assert run[0] == "tests/test_x.py" and run[1:] == list(mutate.FILE_TESTS["thirtyone/widgets/quiz.py"])
    assert len(run) == len(set(run))


def test_every_module_of_the_package_has_two_named_mistakes_or_more():
    from collections import Counter

    per_file = Counter(m.file for m in mutate.MUTANTS)
    modules = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "thirtyone").glob("*.py"))
               if p.name not in ("__init__.py", "__main__.py")]
    widgets = [f"thirtyone/widgets/{n}.py" for n in ("table", "quiz", "picker", "advisor", "play", "guide", "ruleset",
                                                           "views", "variants", "card", "_html", "review", "memory")]
    assert [f for f in modules + widgets if per_file[f] < 2] == []
    assert per_file["thirtyone/widgets/charts.py"] + per_file["thirtyone/widgets/study.py"] >= 2


def test_several_names_after_one_only(tiny: Path, capsys):
    assert mutate.main(["--list", "--only", "minus", "swapped"], root=tiny, mutants=MUTANTS) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listed] == ["minus", "swapped"]
