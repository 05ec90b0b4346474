"""What a learner reads for the engine's names: rule sets, sources, options and their values.

The one table of display names. The API keeps its identifiers (``"bga-commerce"``,
``knocker_lowest="two_if_sole"``); every page, widget and table shows the words below instead,
so no identifier, Python value or source file number ever reaches the screen.

* :data:`SOURCES` — the four rule texts the project follows, by name (see ``docs/rules.md``).
* :data:`PRESETS` — each preset's name, a one-line description, its sources and aliases.
* :data:`OPTIONS` — each rule option's label, what it means, and each of its values as a sentence.
* :func:`preset_name`, :func:`option_label`, :func:`value_text` — look-ups with clear errors.

Data only: nothing here imports the rest of the package, so every layer may use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Source", "PresetInfo", "OptionInfo", "SOURCES", "PRESETS", "OPTIONS", "ALIASES", "preset_name",
           "preset_label", "option_label", "value_text", "value_short", "sources_text"]


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
    Source("gamecircle", "GameCircle", "GameCircle's rules of Schwimmen, with Feuer"),
    Source("bga", "Board Game Arena", "Board Game Arena's two games of 31 and their table options"),
    Source("classic", "the classic rules", "the classic rules of 31 (Scat) played with a widow"),
    Source("scat", "the Scat house rules", "a Treinta y uno (Scat, Blitz) rule page with house rules and strategy"),
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


PRESETS: dict[str, PresetInfo] = {p.key: p for p in (
    PresetInfo("scat", "Scat", "Scat (52 cards, draw and discard)", ("scat", "classic"),
               ("blitz", "31", "thirty-one", "ride-the-bus")),
    PresetInfo("schwimmen", "Schwimmen", "Schwimmen (32 cards, swap with the center)", ("gamecircle",),
               ("knack", "schnautz")),
    PresetInfo("feuer", "Schwimmen with Feuer", "Schwimmen with Feuer (three aces end the round)",
               ("gamecircle",), ("fire",)),
    PresetInfo("bga-commerce", "Board Game Arena's Schwimmen", "Board Game Arena's Schwimmen (swap with the center)",
               ("bga",), ("bga",)),
    PresetInfo("bga-draw", "Board Game Arena's Blitz", "Board Game Arena's Blitz (draw and discard)", ("bga",)),
    PresetInfo("widow", "Scat with a widow", "Scat with a widow (52 cards, swap with the center)", ("classic",)),
)}
"""The six presets, in the order the lessons show them."""

ALIASES: dict[str, str] = {a: p.key for p in PRESETS.values() for a in p.aliases}
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


_ONOFF = {True: "yes", False: "no"}

OPTIONS: dict[str, OptionInfo] = {o.key: o for o in (
    OptionInfo("deck", "Deck", "Which cards are played.",
               {32: "32 cards: seven to ace in each suit.", 52: "52 cards: two to ace in each suit."},
               {32: "32 cards (7 to ace)", 52: "52 cards"}),
    OptionInfo("family", "Kind of game", "How a turn changes your hand.",
               {"draw": "Draw and discard: take the top card of the stock or of the discard pile, then throw one.",
                "commerce": "Swap with the center: trade cards with three face-up cards in the middle."},
               {"draw": "draw and discard", "commerce": "swap with the center"}),
    OptionInfo("lives", "Lives", "How many lives each player starts with.", {}, {}),
    OptionInfo("swimming", "Swimming", "What happens when a player loses their last life.",
               {True: "A player who loses their last life is swimming: they play on, and the next loss puts them out.",
                False: "A player who loses their last life is out of the game at once."},
               {True: "yes", False: "no: out at once"}),
    OptionInfo("three_of_a_kind", "Three of a kind", "What three cards of one rank are worth.",
               {None: "Three of a kind counts like any other hand: its best suit.",
                30.5: "Three of a kind counts 30.5: it beats every hand but 31."},
               {None: "best suit, as usual", 30.5: "30.5"}),
    OptionInfo("three_aces", "Three aces", "What three aces are worth.",
               {None: "Three aces count like any three of a kind.", 32: "Three aces count 32, above 31."},
               {None: "as three of a kind", 32: "32"}),
    OptionInfo("fire", "Feuer (three aces end the round)", "Whether three aces end the round at once.",
               {True: "Feuer: three aces end the round at once, and everyone else loses a life, even a player "
                      "holding 31.",
                False: "Three aces do not end the round."},
               {True: "yes", False: "no"}),
    OptionInfo("instant_31", "A 31", "What happens when a player has 31.",
               {"others_lose": "A 31 ends the round at once, and everyone else loses a life.",
                "showdown": "A 31 ends the round at once, and the lowest hand loses as in any showdown."},
               {"others_lose": "everyone else loses", "showdown": "ends the round: the lowest loses"}),
    OptionInfo("ties", "Ties for the lowest hand", "Who loses when two hands tie for the lowest.",
               {"all_lose": "Every player tied for the lowest hand loses a life.",
                "tiebreak": "The tie is broken: three of a kind by rank; other hands by their suit in Skat "
                            "order: clubs above spades above hearts above diamonds."},
               {"all_lose": "all tied players lose", "tiebreak": "broken by suit or rank"}),
    OptionInfo("knocker_lowest", "A knocker with the lowest hand",
               "What a knock costs when the knocker has the lowest hand.",
               {"two_lives": "A knocker with the lowest hand loses two lives.",
                "two_if_sole": "A knocker who is alone with the lowest hand loses two lives; tied, one.",
                "one_life": "A knocker with the lowest hand loses one life, like anyone."},
               {"two_lives": "two lives", "two_if_sole": "two lives if alone, else one", "one_life": "one life"}),
    OptionInfo("knocker_wins_ties", "The knocker wins ties",
               "Whether a knocker wins a tie of equal value.",
               {True: "The knocker wins every tie of equal value, before suit or rank.",
                False: "A knocker's tie is settled like anyone's."},
               {True: "yes", False: "no"}),
    OptionInfo("loser", "Who loses a life", "Who loses a life at the showdown.",
               {"lowest": "The lowest hand loses a life.",
                "under_21": "Everyone under 21 loses a life; if nobody is under 21, the lowest hand does."},
               {"lowest": "the lowest hand", "under_21": "everyone under 21"}),
    OptionInfo("first_knock", "The first knock", "When a player may knock.",
               {"anytime": "You may knock on any turn, even the first of the round.",
                "not_first_turn": "Nobody may knock on the very first turn of the round.",
                "not_own_first_turn": "Nobody may knock on their own first turn of the round, except the dealer.",
                "not_first_orbit": "Nobody may knock until every player has had a turn."},
               {"anytime": "any turn", "not_first_turn": "not on the round's first turn",
                "not_own_first_turn": "not on your own first turn (the dealer may)",
                "not_first_orbit": "once everyone has had a turn"}),
    OptionInfo("allow_pass", "Passing", "Whether a player may pass (change nothing) on a turn.",
               {True: "You may pass: change nothing this turn.", False: "You may not pass: every turn swaps a card."},
               _ONOFF),
    OptionInfo("allow_swap_all", "Swap all three", "Whether a player may swap their whole hand with the center.",
               {True: "You may swap all three cards with the center at once.",
                False: "You may swap only one card at a time."},
               _ONOFF),
    OptionInfo("all_pass", "When everyone passes", "What happens when every player passes in a row.",
               {"new_center": "When everyone passes in a row, the center is cleared and three new cards are laid.",
                "showdown": "When everyone passes in a row, the round ends in a showdown."},
               {"new_center": "three new center cards", "showdown": "showdown"}),
    OptionInfo("first_choice", "The face-down center", "Who may first take the face-down center hand.",
               {"dealer": "The dealer may take the face-down center for their own hand, or keep theirs.",
                "left_of_dealer": "The player left of the dealer may take the face-down center, on their first turn.",
                None: "The center is dealt face up; nobody takes it first."},
               {"dealer": "the dealer", "left_of_dealer": "the player left of the dealer", None: "nobody"}),
    OptionInfo("dealer_exchange", "Dealer's new hand",
               "Whether the dealer may trade their hand for three stock cards before play.",
               {True: "Before play, the dealer may trade their hand for three cards from the stock.",
                False: "The dealer plays the hand they were dealt."},
               _ONOFF),
    OptionInfo("discard_taken", "Throwing back the card taken",
               "Whether you may throw away the card you just took from the discard pile.",
               {True: "You may throw back the card you just took from the discard pile.",
                False: "You may not throw back the card you just took from the discard pile."},
               _ONOFF),
)}
"""Every rule option, in the order of the ``Rules`` fields."""


def preset_name(key: str) -> str:
    """A preset's short name (``"bga-draw"`` → ``"Board Game Arena's Blitz"``); ``"your own rules"`` otherwise."""
    info = PRESETS.get(key)
    return info.name if info else "your own rules"


def preset_label(key: str) -> str:
    """A preset's drop-down label; ``"Your own rules"`` for a rule set that is no preset."""
    info = PRESETS.get(key)
    return info.label if info else "Your own rules"


def sources_text(key: str) -> str:
    """Where a preset comes from, by name (``"GameCircle"``)."""
    info = PRESETS.get(key)
    if info is None:
        return "your own choice"
    return " and ".join(SOURCES[s].name for s in info.sources)


def option_label(key: str) -> str:
    """An option's label; a ``ValueError`` names the options there are."""
    try:
        return OPTIONS[key].label
    except KeyError:
        raise ValueError(f"no rule option {key!r}: options are {', '.join(OPTIONS)}") from None


def value_text(key: str, value: Any) -> str:
    """An option's value as a sentence (``lives=3`` → ``"Each player starts with 3 lives."``)."""
    if key == "lives":
        return f"Each player starts with {value} {'life' if value == 1 else 'lives'}."
    info = OPTIONS.get(key)
    if info is None:
        option_label(key)
    assert info is not None
    if value not in info.values:
        raise ValueError(f"the option {info.label!r} has no value {value!r}")
    return info.values[value]


def value_short(key: str, value: Any) -> str:
    """An option's value in a few words, for a table cell or a menu."""
    if key == "lives":
        return str(value)
    info = OPTIONS.get(key)
    if info is None:
        option_label(key)
    assert info is not None
    if value in info.short:
        return info.short[value]
    return value_text(key, value)
