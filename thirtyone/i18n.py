"""The course's languages: the standard gettext machinery over ``thirtyone/locale``.

English is the default and the identity: every message is written in English in the code, ``_("Check")`` is
``"Check"`` until a notebook says otherwise, so nothing an English page shows changes. Other languages are
catalogs in ``thirtyone/locale/<lang>/LC_MESSAGES/thirtyone.po`` (translated by hand, extracted with Babel
into ``thirtyone/locale/messages.pot``; ``babel.cfg`` says which files and keywords). A language is one line of
:data:`REGISTERED` (its own name and how it writes numbers) and its catalog on disk: :data:`LANGUAGES` holds
English and each registered language whose catalog is there (English, Español, Deutsch).

How a page picks its language
    A notebook's first code cell says ``thirtyone.i18n.use("es")`` (or ``"de"``). Each page runs in its own
    kernel, so the language is per notebook (per kernel): a module-level setting, not a browser setting, and
    one page in Spanish never changes another page in English. :func:`using` sets it for a ``with`` block (tests).

How a widget picks it up
    Widgets call :func:`_` (and :func:`ngettext`, :func:`number`) when they *draw*, never at import: a module
    keeps its English text as data marked with :func:`N_` (extracted, not translated there) and translates it
    at the moment it is shown. So a widget made after ``use("es")`` speaks Spanish, and importing a module
    under one language and drawing under another works. Identifiers (``"bga-commerce"``, ``"two_if_sole"``,
    ``"knock"`` as an action's text) are the API and never translated.

Card ranks in each language (decided once)
    The engine has one notation: ``A K Q J 10 … 2`` with the suit signs (``str(card)`` is ``"Q♥"``;
    ``parse_cards``, actions like ``"discard Q♥"``, the event log's codes and every test read it). A learner sees
    the letters the decks of the page's language print, :data:`CARD_LETTERS`: :func:`card_text` and
    :func:`cards_text` write a card for the eye, the card widgets draw their faces with them, and
    :func:`typed_cards` reads what a learner types in them back into the engine's notation.
    Spanish keeps ``A K Q J``: the Spanish rule text this project follows writes them so itself ("K♥ 9♥ 4♣ vale
    19: el rey y el nueve de corazones"), and the cards a Spanish-speaking player of 31 holds are French-suited
    decks that print J Q K (the game needs four suits of 7 to ace, not the Spanish deck's sota, caballo, rey). A
    card is read "rey de corazones" (as, rey, reina, jota; tréboles, picas, corazones, diamantes), as the Spanish
    texts name them. German decks print ``B`` (Bube) and ``D`` (Dame), and ``K`` (König), ``A`` (Ass), 10 … 2
    as in English: a German page shows "D♥", "B♠" ("D♥ ist 10 wert") and reads them aloud as German players do,
    "Herz-Dame", "Kreuz-Ass" (Kreuz, Pik, Herz, Karo; Ass, König, Dame, Bube).

Words decided for Spanish (one word per thing; ``tests/course/test_i18n.py`` and ``test_spanish_text.py`` hold them)
    - the game's words as the Spanish rule texts say them: golpear / el golpe (knock), nadar (swimming), las vidas,
      el centro, Fuego (Feuer), 31 al instante, el mazo (the stock), el descarte (never "pila de descartes",
      "montón", "pozo"), el recuento (the showdown), el repartidor / reparte, tomar (never "coger"), una regla de
      la casa (a house rule);
    - a player who has lost their last life is **fuera de la partida** ("queda fuera de la partida"; "fuera" in
      a table cell or on a chart's axis), never "eliminado": a word that does not agree with the player, so a
      sentence is right whoever "{p}" is (the players' names are not marked for gender, and a name typed by a
      learner never could be). The same for every sentence that names a player: its words agree with nobody
      ("quien golpea", "empate en la mano más baja", "con la siguiente derrota queda fuera de la partida");
    - counts go through :func:`ngettext` whatever the English needs ("1 acierto de 1", "2 aciertos de 3"), and a
      phrase about "both" or "all" of several things is a message of its own ("las dos veces", "las 3 veces");
    - the bots' levels are written in small letters everywhere, menus included: principiante, intermedio,
      experto (as the card table's other menus: "lento", "normal");
    - after a colon the next word is in small letters (a label followed by a whole sentence ends in a full stop
      instead: "Te toca." for "Your move:");
    - the learner is spoken to with "tú" and the other players by name; a sentence about the learner's own move
      says "Has golpeado" where it says "Ana ha golpeado" (:func:`pgettext`, "your seat").

Words decided for German (one word per thing; ``tests/course/test_i18n.py`` and ``test_german_text.py`` hold them)
    Chosen from what German players and German rule texts say; each thing has one word, and the words in
    brackets are never used for it:

    - Einunddreißig / 31 (the game; Schwimmen and Scat keep their names);
    - klopfen / das Klopfen (knock: "Anna klopft", "nach dem Klopfen"; never "zumachen", "schließen",
      "dichtmachen", except where lesson 3 and the glossary say once that some tables say „zumachen“ or
      „schließen“);
    - schieben (pass, in Schwimmen; never "passen"); tauschen (swap one card; never "wechseln"), alle drei
      tauschen (swap all three);
    - der Stapel (the stock; never "Talon", "Kartenstapel", "Nachziehstapel"); die Ablage (the discard pile;
      never "Ablagestapel", "Abwurfstapel"); ablegen (discard: "legt 8♣ ab"; never "abwerfen"); ziehen ("zieht
      vom Stapel"); die Ablage nehmen ("nimmt 8♣ von der Ablage"); die Mitte (the center; never "Tisch",
      "Pool");
    - das Feuer (never "Feuerblatt"); schwimmen ("Anna schwimmt", the last life); das Leben / die Leben (lives;
      never "Chips", "Marken");
    - ausgeschieden (a player with no lives left: "scheidet aus", "ist ausgeschieden", "ausgeschieden" in a
      table cell or on a chart's axis; never "eliminiert", "raus"): a word that agrees with any name;
    - das Aufdecken (the showdown: "beim Aufdecken"; never "Showdown", "Abrechnung");
    - die Hand (three cards; never "Blatt", which is the deck), der Wert (a hand's value: "die Hand ist 19
      wert", "Wert 30,5"; never "Punkte" for it); die Farbe (a suit; never "Anzug"): Kreuz, Pik, Herz, Karo;
      Ass, König, Dame, Bube, Zehn, Neun … and a card read aloud "Herz-König" (``"{rank} of {suit}"`` is
      ``"{suit}-{rank}"``; never "König von Herz");
    - geben / der Geber (deal, dealer: "Anna gibt"; never "austeilen", "Dealer"); die Runde, die Partie (a
      whole game of rounds; never "Spiel" for it); das Regelwerk, die Hausregel (never "Regelset"); der Zug
      ("du bist am Zug"); der Gleichstand (a tie; never "Unentschieden"); 31 sofort (instant 31);
    - the bots: der Bot, Anfänger, Fortgeschrittener, Experte; der Trainer (the coach; never "Coach"), der
      Ratgeber (the advisor), die Übung (the drill), das Quiz, die geführte Runde (the walkthrough), die
      Wiederholung (the review), das Glossar, die Lektion ("Lektion 3 von 6"), "Weiter: … →" / "← Zurück: …",
      Sprache (language);
    - the learner is "du" (small letters, "dein"), the other players are named, and a sentence about a player
      needs no article or pronoun of the player's gender ("Anna klopft", "wer klopft", "scheidet aus"); German
      quotation marks „…“; after a colon a whole sentence starts with a capital letter;
    - the imperative has its full form: "Wähle", "Klicke auf", "Lege … ab", "Zähle", "Drücke", "Tausche",
      "Schiebe", "Spiele weiter" (never "Wähl", "Klick auf", "Leg … ab"); strong verbs keep theirs ("Nimm", "Sieh");
    - die Situation (never "Lage"); a deal played out is a Runde ("dieselben 4.000 Runden", "3.000 simulierte
      Runden"), the unseen cards laid out at random are "Kartenverteilungen" or "Verteilungen der Karten" (never
      "Verteilungen" for deals); a player or a bot knocks, a threshold never does ("ein Bot mit einer Schwelle
      klopft");
    - a count said in words where German says it so: "einmal" (the singular of an :func:`ngettext` may leave out
      its number; never "1-mal"); a value as a label is "Wert: 19" (never "19 wert" after a name); the pace menu's
      step mode is "Zug für Zug (per Klick)"; the interval is the "95-%-Intervall" (Duden's spelling);
    - a sentence is one message: a label is never followed by a value's few words ("bei … : nein"), and a choice of
      a rule is said by its whole sentence (``names.value_text``) (``tests/course/test_whole_sentences.py``).

Numbers
    :func:`number` writes a value as a reader of the language does: ``30.5`` in English, ``30,5`` in Spanish and
    German; :func:`fixed` with a fixed number of decimals (a chart's tick labels too: ``7,5``, ``0,25``);
    :func:`grouped` marks thousands (``10,000``; ``10.000`` in Spanish and German); :func:`percent` writes a
    percentage (``35%``; ``35 %`` in German; ``percent(95, compound=True)`` is ``95-%`` in German, for
    "95-%-Intervall"). :data:`REGISTERED` holds each language's signs, one line a language.

The pseudo-locale
    ``use("pseudo")`` wraps every translated message in ``⟦…⟧`` (made in code from the messages themselves, so
    it is always complete and never stale): a test drives the widgets under it and fails on any visible text
    outside the markers, i.e. a string nobody wrapped in :func:`_`.

This module imports nothing from Jupyter and nothing else of the package: every layer may use it.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["DOMAIN", "LOCALE_DIR", "LANGUAGES", "PSEUDO", "use", "using", "language", "_", "N_", "ngettext",
           "number", "fixed", "grouped", "percent", "REGISTERED", "pgettext", "npgettext", "translation", "PseudoTranslations", "ENGINE_WORDS", "card_name", "register_text_layer", "text",
           "CARD_LETTERS", "card_text", "cards_text", "rank_text", "typed_cards",
           "shown_cards"]

DOMAIN = "thirtyone"
"""The gettext domain: the catalogs are ``<lang>/LC_MESSAGES/thirtyone.po`` (and ``.mo``)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs live (shipped with the package)."""

PSEUDO = "pseudo"
"""The pseudo-locale's name: every message wrapped in ``⟦…⟧``."""

REGISTERED: dict[str, tuple[str, str, str, str]] = {
    # code: (its own name, decimal sign, thousands sign, what follows a percentage)
    "en": ("English", ".", ",", "%"),
    "es": ("Español", ",", ".", "%"),
    "de": ("Deutsch", ",", ".", "\u00a0%"),  # 30,5; 10.000; 35 % (a no-break space: "35" and "%" stay together)
}
"""Every language the course knows how to write numbers in, one line each: adding a language is a line here (and
its catalog, and its pages: README, "Adding a language")."""


def _catalog_file(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


LANGUAGES: dict[str, str] = {code: entry[0] for code, entry in REGISTERED.items()
                             if code == "en" or _catalog_file(code).exists()}
"""The course's languages, each by its own name (what a language switch shows): English and every registered
language whose catalog is on disk (a language registered before its catalog is written is not offered)."""

_DECIMAL = {**{code: entry[1] for code, entry in REGISTERED.items()}, PSEUDO: ","}
"""The decimal sign per language (the pseudo-locale uses the comma, so a number written with the English
point where a translated one belongs shows up too)."""
_THOUSANDS = {**{code: entry[2] for code, entry in REGISTERED.items()}, PSEUDO: "."}
"""The thousands separator per language (the pseudo-locale's, like Spanish, is the point)."""
_PERCENT = {**{code: entry[3] for code, entry in REGISTERED.items()}, PSEUDO: "%"}
"""What follows a percentage per language: ``35%`` in English and Spanish, ``35 %`` in German."""


class PseudoTranslations(gettext.NullTranslations):
    """Every message wrapped in ``⟦…⟧``: ``"Check"`` → ``"⟦Check⟧"`` (plural forms too)."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


def _compiled(lang: str) -> gettext.NullTranslations:
    """A language's catalog compiled in memory from its ``.po`` (with Babel), for a checkout where
    ``pybabel compile`` has not run (or ran before the ``.po`` changed): the ``.po`` is the source, the ``.mo``
    (``pybabel compile -D thirtyone -d thirtyone/locale``) only a build product, not kept in git."""
    po = _catalog_file(lang)
    if not po.exists():
        raise ValueError(f"no catalog for language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


_CACHE: dict[str, gettext.NullTranslations] = {}


def translation(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (``"en"``, ``"es"``, ``"de"``, ``"pseudo"``); a ``ValueError`` names the languages."""
    if not isinstance(lang, str):
        raise TypeError(f"a language is a name like 'es', not {lang!r}")
    if lang in _CACHE:
        return _CACHE[lang]
    if lang == "en":
        t: gettext.NullTranslations = gettext.NullTranslations()
    elif lang == PSEUDO:
        t = PseudoTranslations()
    elif lang in REGISTERED and lang not in LANGUAGES:
        raise ValueError(f"no catalog for language {lang!r} yet ({_catalog_file(lang)}): the languages are "
                         f"{', '.join(LANGUAGES)}")
    elif lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: the languages are {', '.join(LANGUAGES)} (and {PSEUDO!r} for tests)")
    else:
        folder = LOCALE_DIR / lang / "LC_MESSAGES"
        mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
        if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            t = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])
        else:  # no .mo, or one older than its .po: the .po is the truth
            t = _compiled(lang)
    _CACHE[lang] = t
    return t


_current: list[str] = ["en"]
_active: list[gettext.NullTranslations] = [gettext.NullTranslations()]


def use(lang: str) -> None:
    """Speak ``lang`` from now on in this kernel: ``thirtyone.i18n.use("es")`` in a notebook's first cell."""
    t = translation(lang)
    _current[0] = lang
    _active[0] = t


def language() -> str:
    """The language in use (``"en"`` unless :func:`use` said otherwise)."""
    return _current[0]


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then the language before it again."""
    before = _current[0]
    use(lang)
    try:
        yield
    finally:
        use(before)


def _(message: str) -> str:
    """``message`` in the language in use (English: itself)."""
    return _active[0].gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it (data translated when shown, with :func:`_`)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, in the language in use."""
    return _active[0].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` said in a ``context`` where another language needs other words than the same English
    elsewhere: ``pgettext("your seat", "dealer")`` is "dealer" in English, "repartes" in Spanish (where a badge
    on another player's seat says "reparte")."""
    return _active[0].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in a ``context`` (see :func:`pgettext`)."""
    return _active[0].npgettext(context, singular, plural, n)


ENGINE_WORDS = (
    N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds"),
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
    N_("jack"), N_("queen"), N_("king"), N_("ace"),
)
"""The words of ``cards.SUIT_NAMES`` and ``RANK_NAMES``, which stay plain English there (the API's names): marked
here for the catalog, so :func:`card_name` and the widgets can say ``_(SUIT_NAMES[s])``."""


def card_name(rank: str, suit: str) -> str:
    """A card's spoken name from the English words of :mod:`thirtyone.cards` (``"king"``, ``"hearts"``):
    ``"king of hearts"``, ``"rey de corazones"``."""
    return _("{rank} of {suit}").format(rank=_(rank), suit=_(suit))


CARD_LETTERS: dict[str, dict[str, str]] = {
    "de": {"J": "B", "Q": "D"},  # Bube, Dame (König, Ass and 10 … 2 as in English)
}
"""The ranks a language's decks print where they differ from the engine's ``J Q K A``, one line a language (a
language not here prints the engine's letters: English, Spanish)."""


def card_text(card: Any) -> str:
    """A card as the decks of the language in use print it: ``"Q♥"`` (English, Spanish), ``"D♥"`` (German).
    ``card`` is a :class:`~thirtyone.cards.Card` or its engine code (``"Q♥"``)."""
    code = str(card)
    letters = CARD_LETTERS.get(_current[0])
    if not letters:
        return code
    rank, suit = code[:-1], code[-1:]
    return letters.get(rank, rank) + suit


def cards_text(cards: Any) -> str:
    """Cards side by side as the language's decks print them: ``"D♥ 9♥ 4♣"`` in German (:func:`card_text`)."""
    return " ".join(card_text(c) for c in cards)


def rank_text(symbol: str) -> str:
    """A rank's letter as the language's decks print it: ``"Q"``, ``"D"`` in German."""
    return CARD_LETTERS.get(_current[0], {}).get(symbol, symbol)


_TYPED = re.compile(r"[^\s,]+")
_SUIT = "♣♠♥♦♤♡♢♧CSHDcshd"


def typed_cards(text: str) -> str:
    """Cards a learner typed in the letters of the language in use, in the engine's notation for ``parse_cards``:
    ``"D♥ B♠ 4♣"`` → ``"Q♥ J♠ 4♣"`` in German (any case; the engine's own letters still read). In a language
    with letters of its own a token that is no card raises ``ValueError`` saying which ranks that language
    writes (``parse_cards`` names the engine's); elsewhere the text is returned as it is."""
    letters = CARD_LETTERS.get(_current[0])
    if not letters:
        return text
    back = {shown.upper(): code for code, shown in letters.items()}

    def one(m: re.Match[str]) -> str:
        token = m.group(0)
        rank, suit = token[:-1].upper(), token[-1:]
        if suit not in _SUIT or rank not in {*back, "10", *"23456789TAKQJ1"}:
            faces = ", ".join(letters.get(r, r) for r in ("J", "Q", "K", "A"))
            raise ValueError(_("cannot read {token} as a card: write a rank (2-10, T, {faces}) then a suit (♣ ♠ ♥ ♦ "
                               "or C S H D), like {example} or 10c").format(token=repr(token), faces=faces,
                                                                          example=card_text("Q♥")))
        return back.get(rank, rank) + suit

    return _TYPED.sub(one, text)


def shown_cards(text: str) -> str:
    """Cards written in the engine's notation (``"A♠ Q♦ J♦"``, as a lesson's code gives a hand), in the letters a
    learner reads and types on a page of the language in use (``"A♠ D♦ B♦"`` in German), each token as it is
    otherwise: :func:`typed_cards` reads it back."""
    letters = CARD_LETTERS.get(_current[0])
    if not letters:
        return text

    def one(m: re.Match[str]) -> str:
        token = m.group(0)
        rank, suit = token[:-1].upper(), token[-1:]
        return letters[rank] + suit if rank in letters and suit in _SUIT else token

    return _TYPED.sub(one, text)


def number(value: float) -> str:
    """A value as a reader of the language writes it: ``19``, ``30.5`` (English), ``30,5`` (Spanish)."""
    text = str(int(value)) if value == int(value) else str(value)
    return text.replace(".", _DECIMAL.get(_current[0], "."))


def fixed(value: float, digits: int = 2, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals as a reader of the language writes it: ``0.35``, ``0,35`` (Spanish);
    ``lang``: another language than the one in use (a chart's, whose labels are written when it is saved)."""
    return f"{value:.{digits}f}".replace(".", _DECIMAL.get(lang or _current[0], "."))


def percent(value: float, digits: int = 0, lang: str | None = None, compound: bool = False) -> str:
    """A percentage (``value`` out of 100) as a reader of the language writes it: ``35%`` (English, Spanish),
    ``35 %`` (German, a no-break space), ``7,5%`` (Spanish); ``lang`` as for :func:`fixed`. ``compound``: as the
    first part of a compound word (``"{percent}-Intervall"``), where a language that spaces the sign joins it with
    a hyphen instead: ``95-%`` in German, so the message says "95-%-Intervall" (Duden's spelling); ``95%``
    elsewhere ("95% interval", "intervalo del 95%")."""
    sign = _PERCENT.get(lang or _current[0], "%")
    if compound:
        sign = sign.replace("\u00a0", "-")
    return fixed(value, digits, lang) + sign


def grouped(n: int) -> str:
    """A whole number with its thousands marked as the language does: ``10,000``, ``10.000`` (Spanish)."""
    return f"{n:,}".replace(",", _THOUSANDS.get(_current[0], ","))


_TEXT_LAYER: list[ModuleType] = []
"""The one text layer, once it has registered itself (:func:`register_text_layer`)."""


def register_text_layer(layer: ModuleType) -> None:
    """Called once by the text layer (:mod:`thirtyone.narration`) as it is imported: from then on :func:`text`
    hands it to the engine's objects. The package's ``__init__`` imports it, so it is there as soon as any
    part of ``thirtyone`` is imported."""
    _TEXT_LAYER[:] = [layer]


def text() -> Any:
    """The one text layer, which says the engine's codes in the language in use when they are shown.

    The engine's objects show themselves through it (``score.explanation``, ``result.explain()``, every
    ``_repr_html_``, an illegal move's message) without importing it: it sits above them, reading their
    fields, so an import of it from below would close a circle. It registers itself here instead
    (dependency inversion), and every module's imports point down."""
    if not _TEXT_LAYER:
        raise RuntimeError("the text layer (thirtyone.narration) is not loaded: import thirtyone first")
    return _TEXT_LAYER[0]
