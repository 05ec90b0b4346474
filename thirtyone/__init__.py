"""thirtyone: the card game 31 (Scat, Schwimmen, Blitz, Knack) — rules engine and tutorial.

Layers import downward only: cards → rules → scoring → policy (the rules kernel) → game → narration (the one
text layer, which says the engine's codes in words when they are shown; the engine's objects reach it through
``i18n.text()``, where it registers itself when imported below) → bots/odds/analysis → widgets.
"""

from . import narration  # noqa: F401  the text layer registers itself (i18n.text)
from .cards import ALL_CARDS, Card, card, deck, format_cards, parse_cards
from .game import (
    Action,
    ActionKind,
    Event,
    Illegal,
    IllegalActionError,
    IllegalMove,
    Loss,
    Phase,
    PlayerView,
    Reason,
    RoundEnd,
    RoundResult,
    State,
    narrate,
    new_game,
    parse_action,
)
from .rules import PRESETS, Rules
from .scoring import Score, compare_hands, hand_value, score

__all__ = [
    "ALL_CARDS", "Card", "card", "deck", "format_cards", "parse_cards",
    "PRESETS", "Rules",
    "Score", "compare_hands", "hand_value", "score",
    "Action", "ActionKind", "Event", "IllegalActionError", "Phase", "PlayerView", "RoundEnd", "RoundResult", "State",
    "Illegal", "IllegalMove", "Loss", "Reason",
    "narrate", "new_game", "parse_action",
]
__version__ = "0.1.0"
