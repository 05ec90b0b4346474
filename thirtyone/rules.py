"""Rule sets: every option of 31 as a frozen, validated dataclass, and the named presets.

``Rules()`` is the ``scat`` preset. ``Rules.preset("schwimmen")`` gives a named one,
``rules.replace(lives=5)`` a variant. Every field is checked when a rule set is made;
a bad value raises ``ValueError`` naming the field and the values it allows. Options of
the other family must be ``None`` (see ``docs/rules.md``, "Every option", and its decision 20).

The field docs below are for programmers; what a learner reads about each option and value
comes from :mod:`thirtyone.names`.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, ClassVar

from . import names as _names
from .i18n import text

__all__ = ["Family", "Rules", "PRESETS", "DRAW_ONLY", "COMMERCE_ONLY", "RULE_FIELDS"]

class Named(str, enum.Enum):
    """A closed set of names, each also its string: ``Family.DRAW == "draw"``, ``f"{Family.DRAW}"`` is
    ``"draw"``, and so is its key in a dictionary, so code and text that use the strings keep working;
    a misspelt member (``Family.DRAWW``) is an error. Its repr is the string's too, so messages that quote
    one (``family 'draw'``) read as before. (``enum.StrEnum`` is Python 3.11; this works from 3.10.)"""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)

    def __repr__(self) -> str:
        return str.__repr__(self)


class Family(Named):
    """The two kinds of 31 (``Rules.family``; docs/rules.md, "Every option")."""

    DRAW = "draw"
    """Draw and discard: Scat, Blitz."""
    COMMERCE = "commerce"
    """Swap with the center: Schwimmen."""


DRAW_ONLY = ("dealer_exchange", "discard_taken")
"""Fields that belong to the draw-and-discard family (``None`` in commerce)."""
COMMERCE_ONLY = ("allow_pass", "allow_swap_all", "all_pass")
"""Fields that belong to the commerce family (``None`` in draw and discard)."""

_CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": (32, 52),
    "family": ("draw", "commerce"),
    "three_of_a_kind": (None, 30.5),
    "three_aces": (None, 32),
    "instant_31": ("others_lose", "showdown"),
    "ties": ("all_lose", "tiebreak"),
    "knocker_lowest": ("two_lives", "two_if_sole", "one_life"),
    "loser": ("lowest", "under_21"),
    "first_knock": ("anytime", "not_first_turn", "not_own_first_turn", "not_first_orbit"),
    "all_pass": ("new_center", "showdown"),
    "first_choice": (None, "dealer", "left_of_dealer"),
}
_BOOLS = ("swimming", "fire", "knocker_wins_ties", "allow_pass", "allow_swap_all",
          "dealer_exchange", "discard_taken")


@dataclass(frozen=True)
class Rules:
    """One way to play 31. Field docs quote the option; ``docs/rules.md`` names its sources."""

    deck: int = 52
    """32 (7..A, piquet) or 52 cards."""
    family: str = "draw"
    """``"draw"`` (draw and discard: Scat, Blitz) or ``"commerce"`` (swap with the center: Schwimmen)."""
    lives: int = 3
    """Lives each player starts with (≥ 1)."""
    swimming: bool = True
    """After the last life, one more loss is free ("swimming" / "on the bus")."""
    three_of_a_kind: float | None = None
    """``None``: three of a kind scores as a normal hand; ``30.5``: it beats everything but 31."""
    three_aces: int | None = None
    """``None``: three aces are three of a kind; ``32``: three aces score 32."""
    fire: bool = False
    """Three aces end the round at once and everyone else loses a life, a player holding 31 too:
    Feuer beats 31 (docs/rules.md, decision 14)."""
    instant_31: str = "others_lose"
    """31 ends the round at once: ``"others_lose"`` (everyone else loses a life) or ``"showdown"``."""
    ties: str = "all_lose"
    """Ties for lowest: ``"all_lose"`` or ``"tiebreak"`` (rank of a triple, else suit in Skat order)."""
    knocker_lowest: str = "two_lives"
    """A knocker with the lowest hand loses ``"two_lives"``, ``"two_if_sole"`` (only when alone) or ``"one_life"``."""
    knocker_wins_ties: bool = False
    """The knocker wins any tie of equal value, before the suit or rank tie-break."""
    loser: str = "lowest"
    """``"lowest"`` hand loses, or ``"under_21"``: everyone under 21 (the lowest if nobody is)."""
    first_knock: str = "anytime"
    """When the first knock may come: ``"anytime"``, ``"not_first_turn"``, ``"not_own_first_turn"``, ``"not_first_orbit"``."""
    allow_pass: bool | None = None
    """Commerce: a player may pass."""
    allow_swap_all: bool | None = None
    """Commerce: a player may swap all three cards with the center."""
    all_pass: str | None = None
    """Commerce, everyone passes in a row: ``"new_center"`` or ``"showdown"``."""
    first_choice: str | None = None
    """Commerce: who may take the face-down center hand: ``"dealer"``, ``"left_of_dealer"`` or ``None``."""
    dealer_exchange: bool | None = False
    """Draw: the dealer may swap their hand for three stock cards before play."""
    discard_taken: bool | None = True
    """Draw: a player may discard the card just taken from the discard pile."""

    PRESET_NAMES: ClassVar[tuple[str, ...]] = (
        "scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow")

    def __post_init__(self) -> None:
        for name in ("deck", "lives"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"Rules.{name} must be a whole number, not {value!r}")
        if self.family in _CHOICES["family"]:
            object.__setattr__(self, "family", Family(self.family))  # a Family, equal to its string
        own, other = (DRAW_ONLY, COMMERCE_ONLY) if self.family == "draw" else (COMMERCE_ONLY, DRAW_ONLY)
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if name in other:
                continue
            if value not in allowed or isinstance(value, bool):
                shown = " | ".join("None" if a is None else repr(a) for a in allowed)
                raise ValueError(f"Rules.{name} cannot be {value!r}: allowed values are {shown}")
        if self.lives < 1:
            raise ValueError(f"Rules.lives must be at least 1, not {self.lives}")
        for name in other:
            if getattr(self, name) is not None:
                raise ValueError(
                    f"Rules.{name} is a {'commerce' if self.family == 'draw' else 'draw-and-discard'} "
                    f"option and must be None when family is {self.family!r}, not {getattr(self, name)!r}")
        if self.family == "draw" and self.first_choice is not None:
            raise ValueError(
                f"Rules.first_choice is a commerce option and must be None when family is 'draw', "
                f"not {self.first_choice!r}")
        for name in _BOOLS:
            value = getattr(self, name)
            if name in own or name not in DRAW_ONLY + COMMERCE_ONLY:
                if not isinstance(value, bool):
                    raise ValueError(f"Rules.{name} must be True or False, not {value!r}")

    # -- construction -------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set: ``scat``, ``schwimmen``, ``feuer``, ``bga-commerce``, ``bga-draw``, ``widow``."""
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        key = _ALIASES.get(key, key)
        if key not in PRESETS:
            raise ValueError(f"unknown preset {name!r}: choose one of {', '.join(cls.PRESET_NAMES)}")
        return PRESETS[key]

    @classmethod
    def coerce(cls, rules: Rules | str | None = None) -> Rules:
        """The rule set a function was given: a ``Rules`` as it is, a preset name (or alias) looked up,
        ``None`` the default (``scat``). Anything else raises ``TypeError`` saying what is allowed."""
        if isinstance(rules, Rules):
            return rules
        if rules is None:
            return PRESETS["scat"]
        if isinstance(rules, str):
            return cls.preset(rules)
        raise TypeError(f"rules must be a Rules or a preset name ({', '.join(cls.PRESET_NAMES)}), "
                        f"not {type(rules).__name__} {rules!r}")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed, validated like any rule set.

        Changing ``family`` fills the new family's options from its default preset
        (``scat`` or ``schwimmen``) and clears the old family's, unless given.
        """
        unknown = sorted(set(changes) - set(RULE_FIELDS))
        if unknown:
            raise ValueError(f"Rules has no field {unknown[0]!r}: fields are {', '.join(RULE_FIELDS)}")
        family = changes.get("family", self.family)
        if family != self.family and family in ("draw", "commerce"):
            base = PRESETS["scat" if family == "draw" else "schwimmen"]
            for name in DRAW_ONLY + COMMERCE_ONLY + ("first_choice",):
                changes.setdefault(name, getattr(base, name))
        return dataclasses.replace(self, **changes)

    # -- descriptions -------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The preset this rule set equals, or ``"custom"``."""
        for key, preset in PRESETS.items():
            if preset == self:
                return key
        return "custom"

    @property
    def max_players(self) -> int:
        """8 with the 32-card deck, 9 with 52 (docs/rules.md, decision 12)."""
        return 8 if self.deck == 32 else 9

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """The fields where two rule sets differ: ``{field: (mine, theirs)}``."""
        return {f: (getattr(self, f), getattr(other, f)) for f in RULE_FIELDS
                if getattr(self, f) != getattr(other, f)}

    def summary(self) -> str:
        """A few sentences a learner can read, in the language in use: how this rule set plays
        (:func:`thirtyone.narration.rules_summary`)."""
        return text().rules_summary(self)

    def __str__(self) -> str:
        return f"Rules({self.name})"


RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))

_SCAT = Rules()
_SCHWIMMEN = Rules(deck=32, family="commerce", three_of_a_kind=30.5, three_aces=32,
                   instant_31="showdown", ties="tiebreak", knocker_lowest="one_life",
                   allow_pass=True, allow_swap_all=True, all_pass="new_center",
                   first_choice="dealer", dealer_exchange=None, discard_taken=None)
PRESETS: dict[str, Rules] = {
    "scat": _SCAT,
    "schwimmen": _SCHWIMMEN,
    "feuer": _SCHWIMMEN.replace(fire=True),
    "bga-commerce": _SCHWIMMEN.replace(swimming=False, fire=True, knocker_lowest="two_if_sole",
                                       knocker_wins_ties=True, loser="under_21",
                                       first_knock="not_own_first_turn"),
    "bga-draw": Rules(swimming=False, three_of_a_kind=30.5, three_aces=32, fire=True,
                      instant_31="showdown", ties="tiebreak", knocker_lowest="two_if_sole",
                      knocker_wins_ties=True, loser="under_21", first_knock="not_own_first_turn",
                      dealer_exchange=True, discard_taken=False),
    "widow": Rules(family="commerce", allow_pass=True, allow_swap_all=True, all_pass="showdown",
                   first_choice="left_of_dealer", dealer_exchange=None, discard_taken=None),
}
"""The six named rule sets of docs/rules.md, "The six presets", by name."""
_ALIASES = _names.ALIASES
