"""Choose any rule set: a preset, then every option, with the options of the other kind of game hidden.

:class:`RuleEditor` is what lesson 5's advisor and lesson 6's game use so a learner can play under any
rule set the engine knows. Its labels and values come from :mod:`thirtyone.names` (never identifiers).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as w
import traitlets

from .. import names
from ..i18n import _, ngettext
from ..rules import COMMERCE_ONLY, DRAW_ONLY, RULE_FIELDS, Rules

__all__ = ["RuleEditor", "rules_dropdown_options", "preset_of", "CUSTOM"]

CUSTOM = "custom"
"""The preset menu's value while the options match no preset."""

_CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": (32, 52), "family": ("draw", "commerce"), "lives": (1, 2, 3, 4, 5),
    "three_of_a_kind": (None, 30.5), "three_aces": (None, 32),
    "instant_31": ("others_lose", "showdown"), "ties": ("all_lose", "tiebreak"),
    "knocker_lowest": ("two_lives", "two_if_sole", "one_life"), "loser": ("lowest", "under_21"),
    "first_knock": ("anytime", "not_first_turn", "not_own_first_turn", "not_first_orbit"),
    "all_pass": ("new_center", "showdown"), "first_choice": (None, "dealer", "left_of_dealer"),
}
"""The values each option's menu offers (yes/no for the others)."""


def rules_dropdown_options() -> list[tuple[str, str]]:
    """The preset menu: each preset by its label, then "Your own rules"."""
    return [(names.preset_label(k), k) for k in Rules.PRESET_NAMES] + [(_("Your own rules"), CUSTOM)]


def _values(field: str) -> tuple[Any, ...]:
    return _CHOICES.get(field, (True, False))


NOTHING = "nothing"
"""What a menu holds for an option's ``None`` (ipywidgets reads a ``None`` value as "nothing chosen")."""


def _menu(value: Any) -> Any:
    return NOTHING if value is None else value


def _rule(value: Any) -> Any:
    return None if value == NOTHING else value


def preset_of(r: Rules) -> str:
    """The preset the menu shows for ``r``: the one it equals, lives aside (lives are how long a game
    lasts, not a different game); else "Your own rules"."""
    for key in Rules.PRESET_NAMES:
        if Rules.preset(key).replace(lives=r.lives) == r:
            return key
    return CUSTOM


class RuleEditor(w.VBox):
    """A preset menu and, under "Change single rules", one menu per option of the chosen kind of game.

    ``rules`` (a traitlet: observe it) is the rule set chosen. Choosing a preset sets every option; changing
    an option makes the menu say "Your own rules" unless the options match a preset again. Options of the
    other kind of game are hidden. ``fields`` limits which options are offered (default: every option).
    """

    rules = traitlets.Instance(Rules)
    """The chosen rule set."""

    def __init__(self, rules: Rules | str | None = "scat", *, fields: Iterable[str] | None = None,
                 description: str | None = None, open_options: bool = False) -> None:
        start = Rules.coerce(rules)
        self.fields = tuple(fields) if fields is not None else RULE_FIELDS
        unknown = [f for f in self.fields if f not in RULE_FIELDS]
        if unknown:
            raise ValueError(f"no rule option {unknown[0]!r}: options are {', '.join(RULE_FIELDS)}")
        label = {"description_width": "initial"}
        self.preset_menu = w.Dropdown(options=rules_dropdown_options(), value=CUSTOM,
                                      description=_("Rules") if description is None else description,
                                      style=label, layout=w.Layout(width="max-content", max_width="100%"))
        self.controls: dict[str, w.Dropdown] = {}
        for f in self.fields:
            self.controls[f] = w.Dropdown(
                options=[(names.value_short(f, v), _menu(v)) for v in _values(f)],
                description=names.option_label(f),
                style=label, layout=w.Layout(width="max-content", max_width="100%"))
        self.toggle = w.ToggleButton(value=open_options, description=_("Change single rules"),
                                     tooltip=_("Show a menu for every rule"), icon="",
                                     layout=w.Layout(width="max-content"))
        self.options_box = w.VBox(list(self.controls.values()), layout=w.Layout(flex_flow="column"))
        self.summary = w.HTML()
        self._syncing = False
        super().__init__([self.preset_menu, self.toggle, self.options_box, self.summary])
        self.add_class("to-rule-editor")
        self.rules = start
        self._show_options()
        self.preset_menu.observe(self._preset_chosen, "value")
        self.toggle.observe(lambda _c: self._show_options(), "value")
        for f, menu in self.controls.items():
            menu.observe(lambda change, f=f: self._option_chosen(f, change), "value")

    # -- what a learner does ---------------------------------------------------------------------
    def choose(self, preset: str) -> None:
        """Choose a preset by name (or alias), as the menu does."""
        self.preset_menu.value = Rules.preset(preset).name

    def set(self, field: str, value: Any) -> None:
        """Set one option, as its menu does; a value the option lacks is a ``ValueError``."""
        if field not in self.controls:
            raise ValueError(f"this editor offers no option {field!r}: it offers {', '.join(self.controls)}")
        if value not in _values(field):
            raise ValueError(f"{names.option_label(field)} cannot be {value!r}: choose one of "
                             f"{', '.join(repr(v) for v in _values(field))}")
        if self.controls[field].layout.display == "none":
            raise ValueError(f"{names.option_label(field)} does not apply to {self.rules.family!r} games")
        self.controls[field].value = _menu(value)

    # -- reactions -------------------------------------------------------------------------------
    def _preset_chosen(self, change: Any) -> None:
        if self._syncing or change["new"] == CUSTOM:
            return
        self.rules = Rules.preset(change["new"])

    def _option_chosen(self, field: str, change: Any) -> None:
        value = _rule(change["new"])
        if self._syncing or getattr(self.rules, field) == value:
            return
        self.rules = self.rules.replace(**{field: value})

    def value_of(self, field: str) -> Any:
        """The value an option's menu shows."""
        return _rule(self.controls[field].value)

    def _show_options(self) -> None:
        self.options_box.layout.display = "" if self.toggle.value else "none"

    @traitlets.observe("rules")
    def _rules_shown(self, change: Any) -> None:
        r: Rules = change["new"]
        other = COMMERCE_ONLY if r.family == "draw" else DRAW_ONLY
        self._syncing = True
        try:
            for f, menu in self.controls.items():
                hide = f in other or (f == "first_choice" and r.family == "draw")
                menu.layout.display = "none" if hide else ""
                value = getattr(r, f)
                if not hide and value in _values(f):
                    menu.value = _menu(value)
            self.preset_menu.value = preset_of(r)
        finally:
            self._syncing = False
        key = preset_of(r)
        name = _("Your own rules") if key == CUSTOM else names.preset_name(key) + (
            "" if r.name == key else ngettext(", {n} life each", ", {n} lives each", r.lives).format(n=r.lives))
        self.summary.value = (f'<p class="to-summary"><strong>{html.escape(name)}</strong>: '
                              f"{html.escape(r.summary())}</p>")
