"""The engine's words: the one text layer, which says the engine's codes and data in the language in use
when they are shown, never when they happen.

The engine (rules, scoring, game, policy, lockstep, odds; cards still word their own parse errors, said as they
are raised) deals in codes: a round's end is a
:class:`~thirtyone.policy.RoundEnd`, why a seat lost a :class:`~thirtyone.policy.Loss` (a
:class:`~thirtyone.policy.Reason` with the value it needs), why a move is illegal an
:class:`~thirtyone.game.IllegalMove`, a score its counting cards and rule. This module turns them into words:

- what happened, in sentences: :func:`describe` says one :class:`~thirtyone.game.Event` (a card drawn from the
  stock, a face-down hand taken or an exchanged hand named only to its player, or to everyone when no
  ``viewer`` is given); :func:`narrate` says a run of them, joining a draw and its discard into one sentence;
- a round's result: :func:`explain` (``RoundResult.explain``), :func:`loss_words` (``RoundResult.reasons``),
  :func:`result_html`;
- a score: :func:`score_words` (``Score.explanation``), :func:`score_html`, :func:`compare_words`
  (``compare_hands``' explanation);
- a rule set: :func:`rules_summary` (``Rules.summary``);
- an illegal move: :func:`illegal_words`, :func:`illegal_message` (``IllegalActionError``'s message);
- a state or a player's view as a notebook shows it: :func:`game_html`; a card, cards and tables in HTML:
  :func:`card_html`, :func:`cards_html`, :func:`html_table`.

It sits above the game and imports it; the engine's objects show themselves by importing this module inside
the method that shows them (``Score.explanation``, ``RoundResult.explain``, ``_repr_html_``), as python-chess's
``Board._repr_svg_`` imports ``chess.svg``. So a game played in English and narrated after ``use("es")`` is
said in Spanish, and no cache of the engine holds a word.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable, Iterable, Sequence

from . import progress
from .cards import RANK_VALUES, SUIT_NAMES, SUITS, Card
from .game import Action, Event, Illegal, IllegalMove, Loss, Phase, PlayerView, Reason, RoundEnd, RoundResult, State
from .i18n import N_, _, card_text, cards_text, ngettext, number, pgettext, rank_text, register_text_layer
from .names import and_join, preset_name
from .rules import Rules
from .scoring import Score, hand_value

__all__ = ["card_html", "cards_html", "html_table", "FACE_DOWN_HTML", "describe", "narrate", "player_name", "the_card", "join_names", "loss_words", "loss_sentence", "explain", "result_html",
           "score_words", "score_html", "compare_words", "illegal_words", "illegal_message", "no_knock_sentence", "game_html", "rules_summary"]

SENTENCES: dict[str, str] = {
    "deal": N_("Round {round}: {p} deals."),
    "center": N_("The center is turned face up: {c}."),
    "first discard": N_("The first card of the discard pile is {the_card}."),
    "draw discard": N_("{p} took {the_card} from the discard pile."),
    "discard": N_("{p} threw {the_card}."),
    "knock": N_("{p} knocked: everyone else has one more turn."),
    "pass": N_("{p} passed."),
    "keep hand": N_("{p} kept their hand."),
    "reshuffle": N_("The stock is empty: the discard pile, all but its top card, is shuffled into a new stock."),
    "new center": N_("Everyone passed: three new center cards are laid: {c}."),
    "31": N_("{p} shows 31 ({c}): the round ends at once."),
    "fire": N_("{p} shows three aces ({c}): Feuer! The round ends at once."),
    "void": N_("Everyone left would be out: nobody loses a life and the round is dealt again."),
    "swimming": N_("{p} has no lives left and is swimming: one more loss and they are out."),
    "out": N_("{p} is out of the game."),
    "winner": N_("{p} wins the game!"),
}
"""The events whose sentence needs only the player ``{p}``, the cards everyone sees ``{c}``, the round and the note
(English, marked for the catalog: translated when said)."""

YOURS: dict[str, Callable[[], str]] = {
    "deal": lambda: pgettext("your seat", "Round {round}: {p} deals."),
    "draw discard": lambda: pgettext("your seat", "{p} took {the_card} from the discard pile."),
    "discard": lambda: pgettext("your seat", "{p} threw {the_card}."),
    "knock": lambda: pgettext("your seat", "{p} knocked: everyone else has one more turn."),
    "pass": lambda: pgettext("your seat", "{p} passed."),
    "keep hand": lambda: pgettext("your seat", "{p} kept their hand."),
    "31": lambda: pgettext("your seat", "{p} shows 31 ({c}): the round ends at once."),
    "fire": lambda: pgettext("your seat", "{p} shows three aces ({c}): Feuer! The round ends at once."),
    "swimming": lambda: pgettext("your seat", "{p} has no lives left and is swimming: one more loss and they are out."),
    "out": lambda: pgettext("your seat", "{p} is out of the game."),
    "winner": lambda: pgettext("your seat", "{p} wins the game!"),
}
"""The same sentences said to the viewer about their own move: the same English ("Sam (you) knocked: …"), while
Spanish speaks to the learner ("Has golpeado: …") where it says "Ana ha golpeado: …" of another player. The
catalog tells them apart by the context "your seat" (``tests/course/test_i18n.py`` checks the English is the same)."""


def player_name(player: int | None, names: Sequence[str] | None) -> str:
    """A seat's name: ``names[player]`` if given, else ``"Player 2"``; empty for nobody."""
    if player is None:
        return ""
    if names is not None and player < len(names):
        return names[player]
    return _("Player {seat}").format(seat=player)


def the_card(card: Card | str) -> str:
    """A card with its article, for a sentence: ``"the 9♥"`` (Spanish ``"el 9♥"``, ``"la Q♥"``: a queen and a
    jack are feminine there, so they are a message of their own), written as the language's decks print it
    (German ``"D♥"``: :func:`thirtyone.i18n.card_text`)."""
    code = str(card)
    if code[:1] in ("Q", "J"):
        return _("the {queen_or_jack}").format(queen_or_jack=card_text(code))
    return _("the {card}").format(card=card_text(code))


def join_names(words: Sequence[str]) -> str:
    """``"Sam"``, ``"Sam and Ana"``, ``"Sam, Ana and Ben"`` (``"Sam, Ana y Ben"`` in Spanish: the course's one
    list joiner, :func:`thirtyone.names.and_join`)."""
    return and_join(list(words))


def _draw_stock(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} drew {the_card} from the stock.") if mine
                else _("{p} drew {the_card} from the stock."))
        return said.format(p=p, the_card=the_card(cards_text(e.secret)))
    return _("{p} drew from the stock.").format(p=p)


def _swap(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    said = (pgettext("your seat", "{p} swapped {the_give} for {the_take} from the center.") if mine
            else _("{p} swapped {the_give} for {the_take} from the center."))
    return said.format(p=p, the_give=the_card(e.cards[0]), the_take=the_card(e.cards[1]))


def _swap_all(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    said = (pgettext("your seat", "{p} swapped all three cards with the center and now holds {cards}.") if mine
            else _("{p} swapped all three cards with the center and now holds {cards}."))
    return said.format(p=p, cards=cards_text(e.cards[3:]))


def _take_center(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} took the face-down center hand ({secret}); their old hand {cards} lies "
                                      "face up as the center.") if mine
                else _("{p} took the face-down center hand ({secret}); their old hand {cards} lies face up as the "
                       "center."))
        return said.format(p=p, secret=cards_text(e.secret), cards=cards_text(e.cards))
    return _("{p} took the face-down center hand; their old hand {cards} lies face up as the center.").format(
        p=p, cards=cards_text(e.cards))


def _exchange_hand(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} exchanged their hand for three stock cards and now holds {cards}.")
                if mine else _("{p} exchanged their hand for three stock cards and now holds {cards}."))
        return said.format(p=p, cards=cards_text(e.secret))
    return _("{p} exchanged their hand for three stock cards.").format(p=p)


_SHOWDOWN: dict[str, tuple[str, str]] = {
    "knock": (N_("Showdown ({p} knocked and everyone has had one more turn): {shown}."), ""),
    "all_pass": (N_("Showdown (everyone passed in a row): {shown}."), N_("Showdown (everyone passed in a row): {shown}.")),
    "empty_stock": (N_("Showdown (the stock ran out): {shown}."), N_("Showdown (the stock ran out): {shown}.")),
    "31": (N_("Showdown ({p} has 31): {shown}."), N_("Showdown (31 was shown): {shown}.")),
    "fire": (N_("Showdown ({p} has three aces: Feuer): {shown}."), N_("Showdown (Feuer): {shown}.")),
}
"""How a round ended → the showdown's sentence (why it came and every seat's value ``{shown}``), with the player
who ended it, and without one: one whole sentence each, never a "why" glued into it."""


_SHOWDOWN_YOURS: dict[str, Callable[[], str]] = {
    "knock": lambda: pgettext("your seat", "Showdown ({p} knocked and everyone has had one more turn): {shown}."),
    "31": lambda: pgettext("your seat", "Showdown ({p} has 31): {shown}."),
    "fire": lambda: pgettext("your seat", "Showdown ({p} has three aces: Feuer): {shown}."),
}
"""The showdown's sentence said to the viewer who ended the round (see :data:`YOURS`)."""


def _showdown(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    shown = ", ".join(f"{player_name(i, names)} {number(v)}" for i, v in enumerate(e.values) if v is not None)
    said = _SHOWDOWN.get(e.note)
    if mine and e.note in _SHOWDOWN_YOURS:
        return _SHOWDOWN_YOURS[e.note]().format(p=p, shown=shown)
    if said is None:  # a round end the text layer does not know (never from the engine): its code as is
        return f"{e.note}: {shown}."
    return _(said[0] if p or not said[1] else said[1]).format(p=p, shown=shown)


SAYERS: dict[str, Callable[[Event, str, bool, Sequence[str] | None, bool], str]] = {
    "draw stock": _draw_stock, "swap": _swap, "swap all": _swap_all, "take center": _take_center,
    "exchange hand": _exchange_hand, "showdown": _showdown,
}
"""The events whose sentence needs more: a secret, some of the cards, every seat's value."""


def _drew_and_threw(draw: Event, discard: Event, names: Sequence[str] | None, viewer: int | None) -> str:
    """A draw and the discard that followed it, one sentence: ``"Ana took the 9♥ from the discard pile and threw
    the 4♣."`` (the card drawn from the stock named only to its player, as :func:`describe` does)."""
    p = player_name(draw.player, names)
    thrown = discard.cards[0]
    mine = viewer is not None and viewer == draw.player
    if draw.kind == "draw discard":
        said = (pgettext("your seat", "{p} took {the_card} from the discard pile and threw {the_thrown}.") if mine
                else _("{p} took {the_card} from the discard pile and threw {the_thrown}."))
        return said.format(p=p, the_card=the_card(cards_text(draw.cards)), the_thrown=the_card(thrown))
    if viewer is None or viewer == draw.player:
        said = (pgettext("your seat", "{p} drew {the_card} from the stock and threw {the_thrown}.") if mine
                else _("{p} drew {the_card} from the stock and threw {the_thrown}."))
        return said.format(p=p, the_card=the_card(cards_text(draw.secret)), the_thrown=the_card(thrown))
    return _("{p} drew from the stock and threw {the_thrown}.").format(p=p, the_thrown=the_card(thrown))


def describe(event: Event, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """The event as a plain sentence; ``secret`` cards only when ``viewer`` is the player (or None: all)."""
    p = player_name(event.player, names)
    see = viewer is None or viewer == event.player
    mine = viewer is not None and viewer == event.player  # said to the learner about their own move
    kind = event.kind
    if kind in SAYERS:
        return SAYERS[kind](event, p, see, names, mine)
    if kind in SENTENCES:
        said = YOURS[kind]() if mine and kind in YOURS else _(SENTENCES[kind])
        the = the_card(cards_text(event.cards[:1])) if "{the_card}" in said else ""
        return said.format(p=p, c=cards_text(event.cards), round=event.round, the_card=the)
    if kind == "lose" and event.loss is not None:
        return loss_sentence(event.loss, p)
    return event.note or kind


def narrate(events: Iterable[Event], names: Sequence[str] | None = None, viewer: int | None = None) -> list[str]:
    """Sentences for a run of events, joining a draw and its discard into one:
    ``"Ana took the 9♥ from the discard pile and threw the 4♣."``"""
    out: list[str] = []
    pending: Event | None = None
    for e in events:
        if pending is not None:
            if e.kind == "discard" and e.player == pending.player:
                out.append(_drew_and_threw(pending, e, names, viewer))
                pending = None
                continue
            out.append(pending.describe(names, viewer))
            pending = None
        if e.kind in ("draw stock", "draw discard"):
            pending = e
        else:
            out.append(e.describe(names, viewer))
    if pending is not None:
        out.append(pending.describe(names, viewer))
    return out


# --------------------------------------------------------------------------------------------
# HTML: how the engine's objects show themselves in a notebook (``_repr_html_``)
# --------------------------------------------------------------------------------------------
#
# Plain strings, text escaped, no Jupyter imports. Nothing depends on colour: a card shows its rank and suit
# symbol and says its name in words (``aria-label`` for screen readers, ``title`` as a tooltip); red suits are
# also tinted. Scores, results and game states build their tables with :func:`html_table`.

_CARD_STYLE = ("display:inline-block;min-width:2em;padding:0 .2em;margin:0 .1em;border:1px solid;"
               "border-radius:.25em;text-align:center;font-family:monospace")
_RED = "color:#c62828;"


def card_html(c: Card) -> str:
    """One card: ``<span role="img" aria-label="king of hearts" title="king of hearts" ...>K♥</span>``."""
    name = html.escape(c.name)
    return (f'<span class="thirtyone-card" role="img" aria-label="{name}" title="{name}" '
            f'style="{_RED if c.is_red else ""}{_CARD_STYLE}">{card_text(c)}</span>')


_FACE_DOWN = N_("face-down card")
FACE_DOWN_HTML = (f'<span class="thirtyone-card" role="img" aria-label="{_FACE_DOWN}" title="{_FACE_DOWN}" '
                  f'style="{_CARD_STYLE}">?</span>')
"""A card nobody may see here (in English: :func:`cards_html` says it in the language in use)."""


def cards_html(cards: Iterable[Card] | None = None, face_down: int = 0) -> str:
    """Cards side by side (:func:`card_html`), or ``face_down`` cards shown as backs; ``—`` for none."""
    back = FACE_DOWN_HTML.replace(_FACE_DOWN, html.escape(_(_FACE_DOWN))) if face_down else ""
    parts = [card_html(c) for c in cards or ()] + [back] * face_down
    none = html.escape(_("no cards"))
    return " ".join(parts) if parts else f'<span aria-label="{none}">—</span>'


def html_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]], kind: str,
               after: Sequence[str] = ()) -> str:
    """A small table: ``caption`` and ``head`` are text (escaped here); each row's cells are HTML (escape
    text with ``html.escape``), the first one the row's header. ``after``: lines of HTML below it.
    ``kind`` names the object, as the class ``thirtyone-<kind>``."""
    cell = 'style="padding:.1em .6em;text-align:left;vertical-align:top"'
    out = [f'<div class="thirtyone-{kind}">', '<table style="border-collapse:collapse">',
           f'<caption style="text-align:left;font-weight:bold">{html.escape(caption)}</caption>']
    if head:
        out.append("<thead><tr>" + "".join(f'<th scope="col" {cell}>{html.escape(h)}</th>' for h in head)
                   + "</tr></thead>")
    out.append("<tbody>")
    for first, *rest in rows:
        out.append(f'<tr><th scope="row" {cell}>{first}</th>' + "".join(f"<td {cell}>{c}</td>" for c in rest)
                   + "</tr>")
    out.append("</tbody></table>")
    out.extend(f'<p style="margin:.3em 0">{line}</p>' for line in after)
    out.append("</div>")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# A round's result
# --------------------------------------------------------------------------------------------

_LOSS: dict[Reason, str] = {
    Reason.FIRE: N_("another player showed three aces (Feuer)"),
    Reason.FIRE_BEATS_31: N_("three aces (Feuer) beat even a 31"),
    Reason.OTHER_31: N_("another player showed 31"),
    Reason.UNDER_21: N_("{value} is under 21"),
    Reason.TIED_LOWEST: N_("tied for the lowest hand ({value})"),
    Reason.LOWEST: N_("the lowest hand ({value})"),
    Reason.KNOCKER_WINS_TIE: N_("the lowest hand ({value}): tied with the knocker, who wins ties"),
}
"""Why a seat lost, by its code (``{value}``: its hand's value); a broken tie says by what (:func:`loss_words`)."""

_LOSS_TWO: dict[Reason, str] = {
    Reason.UNDER_21: N_("{value} is under 21 and they knocked, so it costs two lives"),
    Reason.TIED_LOWEST: N_("tied for the lowest hand ({value}) and they knocked, so it costs two lives"),
    Reason.LOWEST: N_("the lowest hand ({value}) and they knocked, so it costs two lives"),
}
"""Why a knocker lost two lives (``knocker_lowest``), by its code: each a phrase of its own."""

_LOSS_SENTENCE: dict[tuple[Reason, bool, int], str] = {
    # (reason, a tie broken by rank, lives) → who lost what and why, one sentence
    (Reason.FIRE, False, 1): N_("{name} loses 1 life: another player showed three aces (Feuer)."),
    (Reason.FIRE_BEATS_31, False, 1): N_("{name} loses 1 life: three aces (Feuer) beat even a 31."),
    (Reason.OTHER_31, False, 1): N_("{name} loses 1 life: another player showed 31."),
    (Reason.UNDER_21, False, 1): N_("{name} loses 1 life: {value} is under 21."),
    (Reason.TIED_LOWEST, False, 1): N_("{name} loses 1 life: tied for the lowest hand ({value})."),
    (Reason.LOWEST, False, 1): N_("{name} loses 1 life: the lowest hand ({value})."),
    (Reason.KNOCKER_WINS_TIE, False, 1): N_(
        "{name} loses 1 life: the lowest hand ({value}): tied with the knocker, who wins ties."),
    (Reason.TIE_BROKEN, True, 1): N_("{name} loses 1 life: the lowest hand ({value}): the tie is broken by rank."),
    (Reason.TIE_BROKEN, False, 1): N_("{name} loses 1 life: the lowest hand ({value}): the tie is broken by suit."),
    (Reason.UNDER_21, False, 2): N_("{name} loses 2 lives: {value} is under 21 and they knocked, so it costs two lives."),
    (Reason.TIED_LOWEST, False, 2): N_(
        "{name} loses 2 lives: tied for the lowest hand ({value}) and they knocked, so it costs two lives."),
    (Reason.LOWEST, False, 2): N_(
        "{name} loses 2 lives: the lowest hand ({value}) and they knocked, so it costs two lives."),
    (Reason.TIE_BROKEN, True, 2): N_("{name} loses 2 lives: the lowest hand ({value}): the tie is broken by rank, "
                                     "and they knocked, so it costs two lives."),
    (Reason.TIE_BROKEN, False, 2): N_("{name} loses 2 lives: the lowest hand ({value}): the tie is broken by suit, "
                                      "and they knocked, so it costs two lives."),
}
"""Who lost what and why, one whole sentence a case (a loss costs 1 life, or 2 to a knocker with the lowest hand
under ``knocker_lowest``): never a reason glued into "loses 1 life: …"."""


def loss_words(loss: Loss) -> str:
    """Why a seat lost, in words (a table's cell): ``"the lowest hand (19): the tie is broken by suit"``."""
    if loss.reason == Reason.TIE_BROKEN:
        if loss.lives == 2:
            said = (_("the lowest hand ({value}): the tie is broken by rank, and they knocked, so it costs two lives")
                    if loss.by_rank else
                    _("the lowest hand ({value}): the tie is broken by suit, and they knocked, so it costs two lives"))
        else:
            said = (_("the lowest hand ({value}): the tie is broken by rank") if loss.by_rank
                    else _("the lowest hand ({value}): the tie is broken by suit"))
    elif loss.lives == 2:
        said = _(_LOSS_TWO[loss.reason])
    else:
        said = _(_LOSS[loss.reason])
    return said.format(value=number(loss.value))


def loss_sentence(loss: Loss, name: str) -> str:
    """Who lost what and why, one sentence: ``"Ben loses 1 life: the lowest hand (19)."``"""
    by_rank = loss.reason == Reason.TIE_BROKEN and loss.by_rank
    return _(_LOSS_SENTENCE[loss.reason, by_rank, loss.lives]).format(name=name, value=number(loss.value))


def explain(result: RoundResult, names: Sequence[str] | None = None) -> str:
    """A short paragraph: why the round ended, and who lost what and why (``RoundResult.explain``)."""
    how = result.how
    if how == "knock":
        why = _("{name} knocked and everyone had one more turn.").format(name=player_name(result.knocker, names))
    elif how == "all_pass":
        why = _("Everyone passed in a row.")
    elif how == "empty_stock":
        why = _("The stock ran out.")
    else:
        shown = result.shown_by()
        who = join_names([player_name(s, names) for s in shown])
        after = result.knocker is not None and result.knocker not in shown
        if how == "31" and who:  # several may show 31: the verb agrees in Spanish
            said = (ngettext("{who} showed 31 after {knocker} knocked.",
                             "{who} showed 31 after {knocker} knocked.", len(shown)) if after
                    else ngettext("{who} showed 31.", "{who} showed 31.", len(shown)))
        else:
            plain = _SHOWN[how == RoundEnd.THIRTY_ONE, after] if not who else _FIRE_SHOWN[after]
            said = _(plain)
        why = said.format(who=who, knocker=player_name(result.knocker, names))
    parts = [why]
    if result.void:
        parts.append(_("Everyone left would be out, so nobody loses a life and the round is dealt again."))
    for seat, (n, loss) in enumerate(zip(result.losses, result.why)):
        if n and loss is not None:
            parts.append(loss_sentence(loss, player_name(seat, names)))
    if not result.void and not any(result.losses):
        parts.append(_("Nobody loses a life."))
    return " ".join(parts)


def result_html(result: RoundResult) -> str:
    """The result as a notebook shows it: every hand, its value, who loses what and why."""
    rows = []
    for seat, (hand, sc) in enumerate(zip(result.hands, result.scores)):
        player = html.escape(_("Player {seat}").format(seat=seat))
        if hand is None or sc is None:
            rows.append([player, "—", "", html.escape(_("out")), ""])
            continue
        n = result.losses[seat]
        lost = ngettext("{n} life", "{n} lives", n).format(n=n) if n else _("nothing")
        loss = result.why[seat]
        why = "" if loss is None else loss_words(loss)
        rows.append([player, cards_html(hand), number(sc.value), html.escape(lost), html.escape(why)])
    caption = _(_HOW.get(result.how, _ROUND)).format(round=result.round)
    return html_table(caption, (_("Player"), _("Hand"), _("Value"), _("Loses"), _("Why")), rows, "result",
                      [html.escape(explain(result))])


_HOW = {"knock": N_("Round {round}, ended by a knock"), "all_pass": N_("Round {round}, ended when everyone passed"),
        "empty_stock": N_("Round {round}, ended when the stock ran out"),
        "31": N_("Round {round}, ended by a 31 shown"), "fire": N_("Round {round}, ended by Feuer (three aces)")}
"""A result's caption, one whole message for each way a round ends (English, translated when shown)."""
_ROUND = N_("Round {round}")
"""A result's caption when the way its round ended has no message (never with the engine's rounds)."""

_SHOWN: dict[tuple[bool, bool], str] = {
    # (a 31, not three aces; after someone else knocked) → the sentence when nobody is named
    (True, False): N_("31 was shown."),
    (True, True): N_("31 was shown after {knocker} knocked."),
    (False, False): N_("A player showed three aces: Feuer."),
    (False, True): N_("A player showed three aces after {knocker} knocked: Feuer."),
}
"""Why a round ended at once when :func:`explain` cannot name who did it."""
_FIRE_SHOWN = {False: N_("{who} showed three aces: Feuer."),
               True: N_("{who} showed three aces after {knocker} knocked: Feuer.")}
"""Why a round ended with Feuer (one seat can hold three aces)."""


# --------------------------------------------------------------------------------------------
# Scores
# --------------------------------------------------------------------------------------------

_RULE_WORDS = {"three_of_a_kind": N_("three of a kind"), "three_aces": N_("three aces")}

_OTHERS = {
    (True, True): N_("{head}; the other suit makes less ({sums}) and counts nothing"),
    (True, False): N_("{head}; the other suit makes no more ({sums}) and counts nothing"),
    (False, True): N_("{head}; the other suits make less ({sums}) and count nothing"),
    (False, False): N_("{head}; the other suits make no more ({sums}) and count nothing"),
}
"""(one other suit, all of them less) → the sentence that follows the counting cards' sum ``{head}``."""

_DIFFER_OTHERS = {
    (True, True): N_("all suits differ, so only the best card counts: {total}; the other suit makes less ({sums}) "
                     "and counts nothing"),
    (True, False): N_("all suits differ, so only the best card counts: {total}; the other suit makes no more "
                      "({sums}) and counts nothing"),
    (False, True): N_("all suits differ, so only the best card counts: {total}; the other suits make less ({sums}) "
                      "and count nothing"),
    (False, False): N_("all suits differ, so only the best card counts: {total}; the other suits make no more "
                       "({sums}) and count nothing"),
}
"""The same, when every card is of its own suit: one whole message each (never "all suits differ …" glued in)."""


def score_words(s: Score, with_value: bool = False) -> str:
    """Why a hand is worth what it is, one sentence (``Score.explanation``):
    ``"K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing"``; ``with_value``: after the value
    and a colon (``str(score)``)."""
    cards = s.cards
    if s.rule == "three_aces":  # a triple's counting cards are in the book's order, whatever the hand's
        text = _("{cards}: three aces count {value}").format(cards=cards_text(s.counting), value=number(s.value))
    elif s.rule == "three_of_a_kind":
        text = _("{cards}: three of a kind counts {value}").format(cards=cards_text(s.counting),
                                                                    value=number(s.value))
    elif not cards:
        text = _("no cards: worth 0")
    else:
        best = int(s.value)
        total = " + ".join([card_text(c) for c in s.counting]) + f" = {best}"
        differ = len(cards) > 1 and len({c & 3 for c in cards}) == len(cards)
        if s.others:
            text = _others_text(total, s.others, best, differ)
        elif differ:
            text = _("all suits differ, so only the best card counts: {total}").format(total=total)
        else:
            text = total
        if s.rule == "thirty_one":
            text = _("{total}, the best a hand of one suit can be").format(total=text)
    return f"{number(s.value)}: {text}" if with_value else text


def _others_text(head: str, others: Sequence[Card], best: int, differ: bool = False) -> str:
    """``head`` (the counting cards' sum) and the suits that lose, with their sums:
    ``"9♥ = 9; the other suit makes less (3♦ + 2♦ = 5) and counts nothing"``; ``differ``: every card is of its own
    suit (``"all suits differ, so only the best card counts: A♠ = 11; the other suits …"``)."""
    groups: dict[int, list[Card]] = {}
    for c in others:  # high cards first already
        groups.setdefault(c & 3, []).append(c)
    # the highest sum first, equal sums in Skat order (each suit once, so the lists are never compared)
    sums = sorted([(sum([RANK_VALUES[c >> 2] for c in g]), -s, g) for s, g in groups.items()], reverse=True)
    parts = ", ".join([" + ".join([card_text(c) for c in g]) + f" = {t}" for t, _s, g in sums])
    less = all(t < best for t, _s, _g in sums)
    if differ:
        return _(_DIFFER_OTHERS[len(sums) == 1, less]).format(total=head, sums=parts)
    return _(_OTHERS[len(sums) == 1, less]).format(head=head, sums=parts)


def score_html(s: Score) -> str:
    """The score as a notebook shows it: the hand, its value, the cards that count and why."""
    rows = [[_("Hand"), cards_html(s.cards)], [_("Value"), number(s.value)]]
    if s.suit is not None:
        rows.append([_("Counts"), f"{cards_html(s.counting)} ({_suit(s.suit)})"])
    elif s.rule in _RULE_WORDS:
        rows.append([_("Counts"), _("{cards} (all three: {rule})").format(
            cards=cards_html(s.counting), rule=_(_RULE_WORDS[s.rule]))])
    if s.others:
        rows.append([_("Counts nothing"), cards_html(s.others)])
    rows.append([_("Why"), html.escape(s.explanation)])
    caption = _("{cards}: worth {value}").format(cards=cards_text(s.cards) or _("No cards"), value=number(s.value))
    return html_table(caption, (), rows, "score")


def compare_words(scores: Sequence[Score], lowest: Sequence[int], rules: Rules) -> str:
    """Which of several hands is lowest and why (``compare_hands``' explanation); ``lowest``: the hands that
    share the lowest key."""
    lines = []
    low_values = [i for i, s in enumerate(scores) if s.value == scores[lowest[0]].value]
    if len(low_values) > 1 and rules.ties == "tiebreak":
        if len(lowest) == 1:
            s = scores[lowest[0]]
            hands = join_names([str(i + 1) for i in low_values])
            if s.suit is None:
                said = _("Hands {hands} tie on {value}; hand {hand} loses the tie-break: its rank ({rank}) is the "
                         "lowest of the tied triples.").format(hands=hands, value=number(s.value), hand=lowest[0] + 1,
                                                               rank=rank_text(s.cards[0].symbol))
            else:
                above = sorted({t.suit for t in (scores[i] for i in low_values)
                                if t.suit is not None and t.suit != s.suit})
                said = _("Hands {hands} tie on {value}; hand {hand} loses the tie-break: its suit, {suit}, comes below "
                         "{higher_suits} in Skat order (clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦).").format(
                             hands=hands, value=number(s.value), hand=lowest[0] + 1, suit=_suit(s.suit),
                             higher_suits=join_names([_suit(u) for u in above]))
            lines.append(said)
        else:
            lines.append(_("Hands {hands} tie on value and suit: the tie-break cannot part them, so they all lose.")
                         .format(hands=join_names([str(i + 1) for i in lowest])))
    elif len(lowest) > 1:
        lines.append(_("Hands {hands} tie for lowest on {value}: with these rules they all lose.").format(
            hands=join_names([str(i + 1) for i in lowest]), value=number(scores[lowest[0]].value)))
    else:
        lines.append(_("Hand {hand} is lowest with {value}.").format(hand=lowest[0] + 1,
                                                                     value=number(scores[lowest[0]].value)))
    return " ".join(lines)


def _suit(suit: int) -> str:
    """A suit's name and sign, in the language in use: ``"hearts ♥"``, ``"corazones ♥"``."""
    return f"{_(SUIT_NAMES[suit])} {SUITS[suit]}"


# --------------------------------------------------------------------------------------------
# Rule sets
# --------------------------------------------------------------------------------------------

def rules_summary(r: Rules) -> str:
    """A few sentences a learner can read, in the language in use: how a rule set plays (``Rules.summary``)."""
    if r.family == "draw":
        fam = _("Draw and discard: take the top card of the stock or the discard pile, then throw one.")
    else:
        fam = _(_SWAP_WAYS[bool(r.allow_swap_all), bool(r.allow_pass)])
    swim = (ngettext("{n} life each; lose the last one and you are swimming: the next loss puts you out.",
                     "{n} lives each; lose the last one and you are swimming: the next loss puts you out.",
                     r.lives) if r.swimming else
            ngettext("{n} life each; lose the last one and you are out.",
                     "{n} lives each; lose the last one and you are out.", r.lives))
    parts = [_("32-card deck (7 to ace).") if r.deck == 32 else _("52-card deck (2 to ace)."), fam,
             swim.format(n=r.lives)]
    specials = [_(said).format(toak=number(r.three_of_a_kind or 30.5)) for said, on in (
        (_THREE_OF_A_KIND, r.three_of_a_kind), (_THREE_ACES, r.three_aces), (_FEUER, r.fire)) if on]
    if specials:  # clauses of one sentence: "Three of a kind counts 30.5; three aces count 32."
        said = "; ".join(specials)
        parts.append(said[:1].upper() + said[1:] + ".")
    parts.append(_("31 ends the round at once: everyone else loses a life.") if r.instant_31 == "others_lose"
                 else _("31 ends the round at once: the lowest hand loses as usual."))
    parts.append(_(_LOSERS[r.loser]) + "; " + (_("ties are broken by suit or rank.") if r.ties == "tiebreak"
                                                  else _("everyone tied for lowest loses.")))
    parts.append(_(_KNOCKER_LOWEST[r.knocker_lowest]))
    if r.knocker_wins_ties:
        parts.append(_("The knocker wins ties."))
    parts.append(_(_FIRST_KNOCK[r.first_knock]))
    if r.family == "commerce":
        parts.append(_("If everyone passes in a row: three new center cards.") if r.all_pass == "new_center"
                     else _("If everyone passes in a row: showdown."))
        if r.first_choice:
            parts.append(_("The dealer may first take the face-down center hand.") if r.first_choice == "dealer"
                         else _("The player left of the dealer may first take the face-down center hand."))
    else:
        if r.dealer_exchange:
            parts.append(_("The dealer may swap their hand for three stock cards before play."))
        if not r.discard_taken:
            parts.append(_("You may not throw away the card you just took from the discard pile."))
    return " ".join(parts)


_SWAP_WAYS = {
    # (may swap all three, may pass) → how a turn goes in commerce
    (False, False): N_("Swap with the center: swap one card with the face-up center."),
    (True, False): N_("Swap with the center: swap one card or all three with the face-up center."),
    (False, True): N_("Swap with the center: swap one card with the face-up center, or pass."),
    (True, True): N_("Swap with the center: swap one card or all three with the face-up center, or pass."),
}
_THREE_OF_A_KIND = N_("three of a kind counts {toak}")
_THREE_ACES = N_("three aces count 32")
_FEUER = N_("three aces are Feuer: they end the round at once and everyone else loses a life, even a player holding 31")
"""The special hands, each a clause of one sentence (``{toak}``: 30.5 as the reader writes it)."""
_LOSERS = {
    "lowest": N_("The lowest hand loses a life"),
    "under_21": N_("Everyone under 21 loses a life (the lowest, if nobody is under 21)"),
}
"""Who loses a showdown, before the clause on ties."""
_KNOCKER_LOWEST = {
    "two_lives": N_("A knocker with the lowest hand loses two lives."),
    "two_if_sole": N_("A knocker who is alone with the lowest hand loses two lives."),
    "one_life": N_("A knocker with the lowest hand loses one life, like anyone."),
}
_FIRST_KNOCK = {
    "anytime": N_("You may knock on any turn, even the round's very first."),
    "not_first_turn": N_("Nobody may knock on the round's very first turn."),
    "not_own_first_turn": N_("Only the dealer may knock in their own first turn."),
    "not_first_orbit": N_("Nobody may knock until everyone has had a turn."),
}
"""The sentences of :func:`rules_summary`, in English (marked for the catalog, translated when it is read)."""


# --------------------------------------------------------------------------------------------
# Illegal moves
# --------------------------------------------------------------------------------------------

_ILLEGAL: dict[Illegal, str] = {
    Illegal.GAME_OVER: N_("the game is over"),
    Illegal.ROUND_OVER: N_("the round is over: the only move is 'next round'"),
    Illegal.COMMERCE_ONLY: N_("'{action}' belongs to the commerce family; these rules are draw and discard"),
    Illegal.DRAW_ONLY: N_("'{action}' belongs to draw and discard; these rules are commerce"),
    Illegal.ROUND_NOT_OVER: N_("the round is not over yet"),
    Illegal.MUST_CHOOSE: N_("Player {seat} must first choose: keep their hand or take the other one"),
    Illegal.CHOICE_TOO_LATE: N_("'{action}' is a choice made only before the first turn"),
    Illegal.ALREADY_KNOCKED: N_("Player {seat} has already knocked: only one knock per round"),
    Illegal.MUST_DISCARD: N_("Player {seat} has drawn and must now discard a card"),
    Illegal.DRAW_FIRST: N_("draw first (from the stock or the discard pile), then discard"),
    Illegal.TAKEN_CARD: N_("these rules forbid discarding the card just taken from the discard pile"),
    Illegal.NOT_IN_HAND: N_("{card} is not in Player {seat}'s hand"),
    Illegal.NOT_IN_CENTER: N_("{card} is not in the center"),
    Illegal.NO_PASSING: N_("these rules do not allow passing"),
    Illegal.NO_SWAP_ALL: N_("these rules do not allow swapping all three cards"),
    Illegal.NOT_NOW: N_("it is not allowed at this point"),
}
"""Why a move is illegal, by its code (an action's text stays the API's word)."""
_NO_KNOCK = {"not_first_turn": N_("nobody may knock on the round's very first turn"),
             "not_own_first_turn": N_("only the dealer may knock in their own first turn"),
             "not_first_orbit": N_("nobody may knock until everyone has had a turn")}
"""Why a knock is not allowed yet, by ``Rules.first_knock``."""
_NO_KNOCK_NOW = N_("knocking is not allowed now")
_NO_KNOCK_PLAY_ON = {"not_first_turn": N_("Nobody may knock on the round's very first turn: play on."),
                     "not_own_first_turn": N_("Only the dealer may knock in their own first turn: play on."),
                     "not_first_orbit": N_("Nobody may knock until everyone has had a turn: play on.")}
"""Why a knock is not allowed yet, by ``Rules.first_knock``, and the advice that follows, one sentence each."""


def no_knock_sentence(rule: str) -> str:
    """Why a knock is not allowed yet (``rule``: the rules' ``first_knock``; ``""``: another reason) and that the
    learner plays on, one sentence: ``"Nobody may knock on the round's very first turn: play on."``"""
    return _(_NO_KNOCK_PLAY_ON[rule]) if rule in _NO_KNOCK_PLAY_ON else _("These rules do not allow a knock now: play on.")


def illegal_words(why: IllegalMove) -> str:
    """Why a move is illegal, in words: ``"Player 1 has already knocked: only one knock per round"``."""
    if why.code == Illegal.KNOCK_NOT_YET:
        return _(_NO_KNOCK.get(why.rule, _NO_KNOCK_NOW))
    return _(_ILLEGAL[why.code]).format(action=why.action, seat=why.seat,
                                           card=card_text(why.card) if why.card is not None else "")


def illegal_message(action: Action, why: IllegalMove, legal: Sequence[Action]) -> str:
    """``IllegalActionError``'s message: the move, why it is illegal, and what is legal."""
    shown = ", ".join(str(x) for x in legal) or _("nothing (the game is over)")
    return _("cannot {action} now: {why}. Legal: {legal}").format(action=action, why=illegal_words(why), legal=shown)


# --------------------------------------------------------------------------------------------
# A state, or a player's view, as a notebook shows it
# --------------------------------------------------------------------------------------------

_DOING: dict[str, str] = {Phase.CHOICE: N_("chooses"), Phase.FIRST: N_("chooses"), Phase.DISCARD: N_("to discard")}
"""What the player to act is doing, in a phase other than a turn (the notes of a state's table)."""
_STATUS: dict[str, str] = {Phase.CHOICE: N_("Player {seat} chooses"), Phase.FIRST: N_("Player {seat} chooses"),
                           Phase.DISCARD: N_("Player {seat} to discard")}
"""The same as a state's caption says it (``"Player {seat} to play"`` in a turn)."""
_TO_PLAY, _PLAYER_TO_PLAY = N_("to play"), N_("Player {seat} to play")

def game_html(g: State | PlayerView, hands: Sequence[tuple[Card, ...] | None], stock: int,
               center: tuple[Card, ...], center_up: bool, legal: Sequence[Action], viewer: int | None) -> str:
    """The table behind ``State._repr_html_`` and ``PlayerView._repr_html_``; ``None`` for a hand not seen."""
    r = g.rules
    n = len(g.lives)
    p = g.current_player
    over = g.phase == Phase.OVER
    left = [i for i in range(n) if not g.out[i]]
    winner = left[0] if len(left) == 1 else None
    doing = _(_DOING.get(g.phase, _TO_PLAY))
    if winner is not None:
        status = _("game over: Player {seat} wins").format(seat=winner)
    elif over or p is None:
        status = _("round over")
    else:
        status = _(_STATUS.get(g.phase, _PLAYER_TO_PLAY)).format(seat=p)
    caption = _("{rules} · round {round} · {status}").format(rules=preset_name(r.name), round=g.round, status=status)
    if viewer is not None:
        caption = _("{caption} · as Player {seat} sees it").format(caption=caption, seat=viewer)
    rows = []
    for i in range(n):
        hand = hands[i]
        notes = [w for w, yes in ((_("dealer"), i == g.dealer), (doing, i == p and not over),
                                  (_("knocked"), i == g.knocker), (_("wins the game"), i == winner),
                                  (_("out"), g.out[i]),
                                  (_("swimming"), g.lives[i] == 0 and not g.out[i] and r.swimming)) if yes]
        if over and g.result is not None and g.result.losses[i]:
            lost = g.result.losses[i]
            notes.append(ngettext("loses {n} life", "loses {n} lives", lost).format(n=lost))
        if g.out[i] and not (over and g.result is not None and g.result.hands[i] is not None):
            shown, value = "—", ""
        elif hand is None:
            shown, value = cards_html(face_down=g.hand_sizes[i] if isinstance(g, PlayerView) else 3), ""
        else:
            shown, value = cards_html(hand), number(hand_value(hand, r)) if hand else ""
        player = html.escape(_("Player {seat}").format(seat=i))
        head = f'<span aria-hidden="true">▶ </span>{player}' if i == p and not over else player
        rows.append([head, str(g.lives[i]), shown, value, html.escape(", ".join(notes))])
    after = []
    if r.family == "draw":
        pile = g.discard_pile
        after.append(ngettext("Discard pile: {cards} on top ({n} card)", "Discard pile: {cards} on top ({n} cards)",
                              len(pile)).format(cards=cards_html(pile[-1:]), n=len(pile))
                     if pile else _("Discard pile: empty"))
    elif center_up:
        after.append(_("Center: {cards}").format(cards=cards_html(center)))
    else:
        after.append(_("Center: {cards} (face down)").format(
            cards=cards_html(center) if viewer is None else cards_html(face_down=3)))
    after.append(ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock))
    if legal and p is not None:
        after.append(html.escape(_("Player {seat} may: {actions}").format(
            seat=p, actions=", ".join(str(a) for a in legal))))
    elif over and g.result is not None:
        after.append(html.escape(g.result.explain()))
        if legal:
            after.append(_("Next: {action}").format(action="<code>next round</code>"))
    return html_table(caption, (_("Player"), _("Lives"), _("Hand"), _("Value"), _("Notes")), rows, "state", after)


def progress_note(note: progress.Note) -> str:
    """What a page says when the learner's stored record could not be read whole (empty when it could)."""
    if note is progress.Note.NOT_JSON or note is progress.Note.OTHER_VERSION:
        return _("Your stored progress could not be read: it was set aside, and this page starts afresh.")
    if note is progress.Note.DAMAGED:
        return _("Part of your stored progress could not be read: that part was set aside.")
    return ""


register_text_layer(sys.modules[__name__])  # the engine's objects reach the words through i18n.text()
