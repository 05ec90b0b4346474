"""What a learner reads for the engine's names: rule sets, sources, options and their values.

The one table of display names. The API keeps its identifiers (``"bga-commerce"``,
``knocker_lowest="two_if_sole"``); every page, widget and table shows the words below instead,
so no identifier, Python value or source file number ever reaches the screen.

* :data:`SOURCES` — the four rule texts the project follows, by name (see ``docs/rules.md``).
* :data:`PRESET_INFO` — each preset's name, a one-line description, its sources and aliases.
* :data:`OPTIONS` — each rule option's label, what it means, and each of its values as a sentence.
* :func:`preset_name`, :func:`option_label`, :func:`value_text` — look-ups with clear errors.

Data only: nothing here imports the rest of the package but :mod:`thirtyone.i18n`, so every layer may use it.
The texts are English, marked with ``N_`` for the catalog; the look-ups translate them when asked
(:func:`preset_name` and the rest), so a learner reads them in the page's language. Reading a field
(``PRESET_INFO[k].name``) gives the English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .i18n import N_, _, ngettext

__all__ = ["Source", "PresetInfo", "OptionInfo", "SOURCES", "PRESET_INFO", "OPTIONS", "ALIASES", "preset_name",
           "preset_label", "option_label", "option_meaning", "value_text", "value_short", "sources_text",
           "source_name", "and_join", "SOURCE_GAMES", "source_game", "FIELD_SOURCES", "OPTIONAL_RULES", "who_plays"]


@dataclass(frozen=True)
class Source:
    """One of the rule texts the project follows."""

    key: str
    """The short key the code uses (``"gamecircle"``)."""
    name: str
    """Its name as a learner reads it (``"GameCircle"``)."""
    title: str
    """What it is, in a few words."""


SOURCES: dict[str, Source] = {s.key: s for s in (
    Source("gamecircle", N_("GameCircle"), N_("GameCircle's rules of Schwimmen, with Feuer")),
    Source("bga", N_("Board Game Arena"), N_("Board Game Arena's two games of 31 and their table options")),
    Source("classic", N_("the classic rules"), N_("the classic rules of 31 (Scat) played with a widow")),
    Source("scat", N_("the Scat rule page"), N_("a Treinta y uno (Scat, Blitz) rule page with house rules and strategy")),
)}
"""The four rule texts, in the order the project's rules document lists them."""


@dataclass(frozen=True)
class PresetInfo:
    """How a preset is called and where it comes from."""

    key: str
    """The name the API takes (``Rules.preset(key)``)."""
    name: str
    """Its short name for a learner (``"Scat"``)."""
    label: str
    """A drop-down label: the name and what kind of game it is."""
    sources: tuple[str, ...]
    """Keys of :data:`SOURCES`."""
    aliases: tuple[str, ...] = ()
    """Other names ``Rules.preset`` accepts."""


PRESET_INFO: dict[str, PresetInfo] = {p.key: p for p in (
    PresetInfo("scat", N_("Scat"), N_("Scat (52 cards, draw and discard)"), ("scat", "classic"),
               ("blitz", "31", "thirty-one", "ride-the-bus")),
    PresetInfo("schwimmen", N_("Schwimmen"), N_("Schwimmen (32 cards, swap with the center)"), ("gamecircle",),
               ("knack", "schnautz")),
    PresetInfo("feuer", N_("Schwimmen with Feuer"), N_("Schwimmen with Feuer (three aces end the round)"),
               ("gamecircle",), ("fire",)),
    PresetInfo("bga-commerce", N_("Board Game Arena's Schwimmen"), N_("Board Game Arena's Schwimmen (swap with the center)"),
               ("bga",), ("bga",)),
    PresetInfo("bga-draw", N_("Board Game Arena's Blitz"), N_("Board Game Arena's Blitz (draw and discard)"), ("bga",)),
    PresetInfo("widow", N_("Scat with a widow"), N_("Scat with a widow (52 cards, swap with the center)"), ("classic",)),
)}
"""The six presets, in the order the lessons show them."""

ALIASES: dict[str, str] = {a: p.key for p in PRESET_INFO.values() for a in p.aliases}
"""Other names a preset goes by, to its key."""


@dataclass(frozen=True)
class OptionInfo:
    """How one rule option reads."""

    key: str
    """The ``Rules`` field."""
    label: str
    """A short label (a table's row head, a control's name)."""
    meaning: str
    """What the option decides, in a sentence."""
    values: dict[Any, str] = field(default_factory=dict)
    """Each value as a sentence a learner reads."""
    short: dict[Any, str] = field(default_factory=dict)
    """Each value in a few words, for a table cell or a menu (the sentence when missing)."""


_ONOFF = {True: N_("yes"), False: N_("no")}

OPTIONS: dict[str, OptionInfo] = {o.key: o for o in (
    OptionInfo("deck", N_("Deck"), N_("Which cards are played."),
               {32: N_("32 cards: seven to ace in each suit."), 52: N_("52 cards: two to ace in each suit.")},
               {32: N_("32 cards (7 to ace)"), 52: N_("52 cards")}),
    OptionInfo("family", N_("Kind of game"), N_("How a turn changes your hand."),
               {"draw": N_("Draw and discard: take the top card of the stock or of the discard pile, then throw one."),
                "commerce": N_("Swap with the center: trade cards with three face-up cards in the middle.")},
               {"draw": N_("draw and discard"), "commerce": N_("swap with the center")}),
    OptionInfo("lives", N_("Lives"), N_("How many lives each player starts with."), {}, {}),
    OptionInfo("swimming", N_("Swimming"), N_("What happens when a player loses their last life."),
               {True: N_("A player who loses their last life is swimming: they play on, and the next loss puts them out."),
                False: N_("A player who loses their last life is out of the game at once.")},
               {True: N_("yes"), False: N_("no: out at once")}),
    OptionInfo("three_of_a_kind", N_("Three of a kind"), N_("What three cards of one rank are worth."),
               {None: N_("Three of a kind counts like any other hand: its best suit."),
                30.5: N_("Three of a kind counts 30.5: it beats every hand but 31.")},
               {None: N_("best suit, as usual"), 30.5: N_("30.5")}),
    OptionInfo("three_aces", N_("Three aces"), N_("What three aces are worth."),
               {None: N_("Three aces count like any three of a kind."), 32: N_("Three aces count 32, above 31.")},
               {None: N_("as three of a kind"), 32: N_("32")}),
    OptionInfo("fire", N_("Feuer (three aces end the round)"), N_("Whether three aces end the round at once."),
               {True: N_("Feuer: three aces end the round at once, and everyone else loses a life, even a player "
                      "holding 31."),
                False: N_("Three aces do not end the round.")},
               {True: N_("yes"), False: N_("no")}),
    OptionInfo("instant_31", N_("A 31"), N_("What happens when a player has 31."),
               {"others_lose": N_("A 31 ends the round at once, and everyone else loses a life."),
                "showdown": N_("A 31 ends the round at once, and the lowest hand loses as in any showdown.")},
               {"others_lose": N_("everyone else loses"), "showdown": N_("ends the round: the lowest loses")}),
    OptionInfo("ties", N_("Ties for the lowest hand"), N_("Who loses when two hands tie for the lowest."),
               {"all_lose": N_("Every player tied for the lowest hand loses a life."),
                "tiebreak": N_("The tie is broken: three of a kind by rank; other hands by their suit in Skat "
                            "order: clubs above spades above hearts above diamonds.")},
               {"all_lose": N_("all tied players lose"), "tiebreak": N_("broken by suit or rank")}),
    OptionInfo("knocker_lowest", N_("A knocker with the lowest hand"),
               N_("What a knock costs when the knocker has the lowest hand."),
               {"two_lives": N_("A knocker with the lowest hand loses two lives."),
                "two_if_sole": N_("A knocker who is alone with the lowest hand loses two lives; tied, one."),
                "one_life": N_("A knocker with the lowest hand loses one life, like anyone.")},
               {"two_lives": N_("two lives"), "two_if_sole": N_("two lives if alone, else one"), "one_life": N_("one life")}),
    OptionInfo("knocker_wins_ties", N_("The knocker wins ties"),
               N_("Whether a knocker wins a tie of equal value."),
               {True: N_("The knocker wins every tie of equal value, before suit or rank."),
                False: N_("A knocker's tie is settled like anyone's.")},
               {True: N_("yes"), False: N_("no")}),
    OptionInfo("loser", N_("Who loses a life"), N_("Who loses a life at the showdown."),
               {"lowest": N_("The lowest hand loses a life."),
                "under_21": N_("Everyone under 21 loses a life; if nobody is under 21, the lowest hand does.")},
               {"lowest": N_("the lowest hand"), "under_21": N_("everyone under 21")}),
    OptionInfo("first_knock", N_("The first knock"), N_("When a player may knock."),
               {"anytime": N_("You may knock on any turn, even the round's very first."),
                "not_first_turn": N_("Nobody may knock on the round's very first turn."),
                "not_own_first_turn": N_("Nobody may knock on their own first turn of the round, except the dealer."),
                "not_first_orbit": N_("Nobody may knock until every player has had a turn.")},
               {"anytime": N_("any turn"), "not_first_turn": N_("not on the round's first turn"),
                "not_own_first_turn": N_("not on your own first turn (the dealer may)"),
                "not_first_orbit": N_("once everyone has had a turn")}),
    OptionInfo("allow_pass", N_("Passing"), N_("Whether a player may pass (change nothing) on a turn."),
               {True: N_("You may pass: change nothing this turn."), False: N_("You may not pass: every turn swaps a card.")},
               _ONOFF),
    OptionInfo("allow_swap_all", N_("Swap all three"), N_("Whether a player may swap their whole hand with the center."),
               {True: N_("You may swap all three cards with the center at once."),
                False: N_("You may swap only one card at a time.")},
               _ONOFF),
    OptionInfo("all_pass", N_("When everyone passes"), N_("What happens when every player passes in a row."),
               {"new_center": N_("When everyone passes in a row, the center is cleared and three new cards are laid."),
                "showdown": N_("When everyone passes in a row, the round ends in a showdown.")},
               {"new_center": N_("three new center cards"), "showdown": N_("showdown")}),
    OptionInfo("first_choice", N_("The face-down center"), N_("Who may first take the face-down center hand."),
               {"dealer": N_("The dealer may take the face-down center for their own hand, or keep theirs."),
                "left_of_dealer": N_("The player left of the dealer may take the face-down center, on their first turn."),
                None: N_("The center is dealt face up; nobody takes it first.")},
               {"dealer": N_("the dealer"), "left_of_dealer": N_("the player left of the dealer"), None: N_("nobody")}),
    OptionInfo("dealer_exchange", N_("Dealer's new hand"),
               N_("Whether the dealer may trade their hand for three stock cards before play."),
               {True: N_("Before play, the dealer may trade their hand for three cards from the stock."),
                False: N_("The dealer plays the hand they were dealt.")},
               _ONOFF),
    OptionInfo("discard_taken", N_("Throwing back the card taken"),
               N_("Whether you may throw away the card you just took from the discard pile."),
               {True: N_("You may throw back the card you just took from the discard pile."),
                False: N_("You may not throw back the card you just took from the discard pile.")},
               _ONOFF),
)}
"""Every rule option, in the order of the ``Rules`` fields."""


def and_join(words: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` in the language in use."""
    if len(words) <= 1:
        return "".join(words)
    return _("{rest} and {last}").format(rest=", ".join(words[:-1]), last=words[-1])


def preset_name(key: str) -> str:
    """A preset's short name (``"bga-draw"`` → ``"Board Game Arena's Blitz"``); ``"your own rules"`` otherwise."""
    info = PRESET_INFO.get(key)
    return _(info.name) if info else _("your own rules")


def preset_label(key: str) -> str:
    """A preset's drop-down label; ``"Your own rules"`` for a rule set that is no preset."""
    info = PRESET_INFO.get(key)
    return _(info.label) if info else _("Your own rules")


def source_name(key: str) -> str:
    """A source's name as a learner reads it (``"the classic rules"``), in the language in use."""
    return _(SOURCES[key].name)


def sources_text(key: str) -> str:
    """Where a preset comes from, by name (``"GameCircle"``)."""
    info = PRESET_INFO.get(key)
    if info is None:
        return _("your own choice")
    return and_join([source_name(s) for s in info.sources])


def option_label(key: str) -> str:
    """An option's label; a ``ValueError`` names the options there are."""
    try:
        return _(OPTIONS[key].label)
    except KeyError:
        raise ValueError(f"no rule option {key!r}: options are {', '.join(OPTIONS)}") from None


def option_meaning(key: str) -> str:
    """What an option decides, in a sentence (in the language in use)."""
    option_label(key)
    return _(OPTIONS[key].meaning)


def value_text(key: str, value: Any) -> str:
    """An option's value as a sentence (``lives=3`` → ``"Each player starts with 3 lives."``)."""
    if key == "lives":
        return ngettext("Each player starts with {n} life.", "Each player starts with {n} lives.",
                        value).format(n=value)
    info = OPTIONS.get(key)
    if info is None:
        option_label(key)
    assert info is not None
    if value not in info.values:
        raise ValueError(f"the option {info.label!r} has no value {value!r}")
    return _(info.values[value])


def value_short(key: str, value: Any) -> str:
    """An option's value in a few words, for a table cell or a menu."""
    if key == "lives":
        return str(value)
    info = OPTIONS.get(key)
    if info is None:
        option_label(key)
    assert info is not None
    if value in info.short:
        return _(info.short[value])
    return value_text(key, value)


# -- who plays which way, for the table of differences (lesson 4) -----------------------------------------------------
SOURCE_GAMES: dict[tuple[str, str], str] = {
    ("gamecircle", "schwimmen"): N_("Schwimmen"),
    ("gamecircle", "feuer"): N_("Schwimmen with Feuer"),
    ("bga", "bga-commerce"): N_("Schwimmen"),
    ("bga", "bga-draw"): N_("Blitz"),
}
"""A source's game, ``(source, preset)``: where a source's two games play an option two ways, a table names the
game (:func:`source_game`: "GameCircle's Schwimmen with Feuer", "Board Game Arena's Blitz"), never the source on
both sides."""


def source_game(source: str, preset: str) -> str:
    """A source's game by name (``("bga", "bga-draw")`` → "Board Game Arena's Blitz"), in the language in use."""
    game = SOURCE_GAMES.get((source, preset))
    return _("{source}'s {game}").format(source=source_name(source), game=_(game) if game else preset_name(preset))


FIELD_SOURCES: dict[tuple[str, str], tuple[str, ...]] = {
    ("scat", "family"): ("scat",),
    ("scat", "dealer_exchange"): ("scat",),
    ("scat", "discard_taken"): ("scat",),
}
"""Where a preset takes an option from fewer of its sources than :attr:`PresetInfo.sources` (docs/rules.md):
Scat draws and discards as the Scat rule page does; the classic rules' own game is played with a widow."""

OPTIONAL_RULES: dict[str, tuple[str, ...]] = {
    "three_of_a_kind": (N_("Many tables, says the Scat rule page, count three of a kind as 30.5 as a house rule."),),
    "first_knock": (N_("Some tables, says the Scat rule page, forbid a knock on the round's very first turn as a "
                        "house rule."),
                    N_("Some tables, says GameCircle, forbid a knock until everyone has had a turn.")),
    "allow_pass": (N_("Some tables, says GameCircle, forbid passing: every turn swaps a card."),),
    "allow_swap_all": (N_("Some tables, says GameCircle, forbid swapping all three cards at once."),),
}
"""The house rules and variants a rule book says some tables play, though no preset plays them, by option
(docs/rules.md, each option's sources): said wherever the option's sources are listed, as what the rule book
*says* (a report, never a credit: a rule book is credited only with what its own game plays)."""


def who_plays(presets: list[str], key: str, values: list[Any]) -> dict[Any, list[str]]:
    """Who plays each value of option ``key``, given each preset's value (``values``, in the order of ``presets``):
    the sources by name, or a source's game by name where its games play two ways (:func:`source_game`)."""
    credit = {p: FIELD_SOURCES.get((p, key), PRESET_INFO[p].sources if p in PRESET_INFO else ()) for p in presets}
    split = {s for s in SOURCES if len({v for p, v in zip(presets, values) if s in credit[p]}) > 1}
    by: dict[Any, list[str]] = {v: [] for v in values}
    for source in SOURCES:
        for p, v in zip(presets, values):
            if source not in credit[p]:
                continue
            who = source_game(source, p) if source in split else source_name(source)
            if who not in by[v]:
                by[v].append(who)
    return by
