"""Jupyter widgets for the lessons: the only part of thirtyone that imports the Jupyter stack.

Every widget draws cards with one component (:mod:`thirtyone.widgets.card`) and asks the
engine for values and reasons; none of them re-implements a rule.
"""

from .advisor import KnockAdvisor, KnockDrill
from .card import CardRow, PlayingCard
from .charts import DiscardStudyView, SuitStudyChart, SurvivalChart, ThresholdChart
from .guide import Walkthrough
from .picker import CardPicker, RulePicker
from .quiz import Quiz
from .table import CardTable
from .variants import PresetTable, RuleReplay
from .views import CardValues, HandComparison, Sandbox, ScoreView

__all__ = ["PlayingCard", "CardRow", "CardPicker", "RulePicker", "ScoreView", "CardValues",
           "Sandbox", "HandComparison", "Quiz", "CardTable", "Walkthrough",
           "PresetTable", "RuleReplay", "SurvivalChart", "ThresholdChart", "KnockAdvisor", "KnockDrill",
           "SuitStudyChart", "DiscardStudyView"]
