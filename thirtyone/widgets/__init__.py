"""Jupyter widgets for the lessons: the only part of thirtyone that imports the Jupyter stack.

Every widget draws cards with one component (:mod:`thirtyone.widgets.card`) and asks the
engine for values and reasons; none of them re-implements a rule.

Names are imported on first use (PEP 562), so a lesson loads only the widgets it shows:
lesson 1 never pays for the studies or the bots.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_HOME = {
    "PlayingCard": "card", "CardRow": "card",
    "CardPicker": "picker", "RulePicker": "picker", "RuleEditor": "ruleset",
    "ScoreView": "views", "CardValues": "views", "Sandbox": "views", "HandComparison": "views",
    "Quiz": "quiz", "TieQuiz": "quiz",
    "Memory": "memory", "Review": "review",
    "CardTable": "table",
    "Walkthrough": "guide",
    "PresetTable": "variants", "RuleReplay": "variants",
    "SurvivalChart": "charts", "ThresholdChart": "charts", "SuitStudyChart": "charts",
    "DiscardStudyView": "charts",
    "KnockAdvisor": "advisor", "KnockDrill": "advisor",
    "TableReading": "tableread",
    "PlayGame": "play", "GameSetup": "play",
    "ClassPlay": "classplay", "TeacherView": "classteacher",
}

__all__ = list(_HOME)


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'thirtyone.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .advisor import KnockAdvisor, KnockDrill  # noqa: F401
    from .card import CardRow, PlayingCard  # noqa: F401
    from .charts import DiscardStudyView, SuitStudyChart, SurvivalChart, ThresholdChart  # noqa: F401
    from .classplay import ClassPlay  # noqa: F401
    from .classteacher import TeacherView  # noqa: F401
    from .guide import Walkthrough  # noqa: F401
    from .memory import Memory  # noqa: F401
    from .picker import CardPicker, RulePicker  # noqa: F401
    from .play import GameSetup, PlayGame  # noqa: F401
    from .quiz import Quiz, TieQuiz  # noqa: F401
    from .review import Review  # noqa: F401
    from .ruleset import RuleEditor  # noqa: F401
    from .table import CardTable  # noqa: F401
    from .tableread import TableReading  # noqa: F401
    from .variants import PresetTable, RuleReplay  # noqa: F401
    from .views import CardValues, HandComparison, Sandbox, ScoreView  # noqa: F401
