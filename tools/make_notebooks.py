"""Write notebooks/*.ipynb from the cell lists below.

No execution counts and no outputs, except in the cells nbval checks (``# NBVAL_CHECK_OUTPUT``):
those keep the text they must print, which nbval compares with a fresh run.

Edit the text here, run ``.venv/bin/python tools/make_notebooks.py``, commit both.
"""

from __future__ import annotations

import json
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
BINDER = ("https://mybinder.org/v2/gh/thirtyone/thirtyone/HEAD"
          "?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb")


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")}


def code(text: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": text.strip("\n")}


def checked(text: str, printed: str) -> dict:
    """A deterministic cell nbval checks: it keeps the text it must print, and (as nbval requires
    of a cell with outputs) an execution count."""
    cell = code("# NBVAL_CHECK_OUTPUT\n" + text.strip("\n"))
    cell["execution_count"] = 1
    cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": printed.strip("\n") + "\n"}]
    return cell


INDEX = [
    md("""
# 31: learn the card game

**31** is a quick card game for two to nine players. Everyone holds three cards and
tries to collect **31 points in one suit**. The lowest hand at the end of a round loses a life;
the last player with lives left wins.

It goes by many names: **Thirty-one**, **Scat**, **Blitz**, **Ride the Bus**, and in German
**Schwimmen**, **Knack** or **Hosn obi**. Tables play it two ways: *draw and discard* (Scat, Blitz,
52 cards) and *commerce*, swapping cards with three in the middle (Schwimmen, 32 cards).
"""),
    md("""
## Try it: what is this hand worth?

Here is a hand, what it is worth, and why. The cards that count are highlighted.
Deal a few more: can you see which suit counts before you read the answer?
"""),
    code("""
from thirtyone.widgets import ScoreView

ScoreView("K♥ 9♥ 4♣", deal_button=True)
"""),
    md("""
## The lessons

1. [What is a hand worth?](01-scoring.ipynb) — card values, the best suit, 31, the house rules,
   a sandbox, a quiz, and comparing hands.
2. [A round of Scat](02-scat.ipynb) — draw and discard: a turn, the discard pile, knocking,
   instant 31, the showdown and lives; then a round against bots.
3. [A round of Schwimmen](03-schwimmen.ipynb) — swapping with the center: the first choice,
   swap one, swap all, pass, closing, Feuer; then a round against bots.

More lessons (when to knock, the odds) follow the same pattern: a short idea,
then something to do with cards.
"""),
    md(f"""
## Open it anywhere

- **In your browser, nothing to install:** [open the lessons in Binder]({BINDER}).
  The first start takes a minute or two.
- **On your computer:** with Python 3.10 or newer and `make`, run `make tutorial` in the project folder
  and open the address it prints.
"""),
]

SCORING = [
    md("""
# Lesson 1: what is a hand worth?

You hold three cards. Only **one suit** counts: the suit that gives you the most points.
The best you can do is **31**. This lesson shows how to count a hand, then lets you practise.
"""),
    md("""
## Every card has a value

An **ace** is worth 11. A **king**, **queen**, **jack** or **ten** is worth 10.
Every other card is worth its number. Click a card to check.
"""),
    code("""
from thirtyone import Rules, score
from thirtyone.widgets import CardValues, HandComparison, Quiz, Sandbox, ScoreView

CardValues()
"""),
    md("""
## Only one suit counts

Add up the cards of each suit and keep the best suit. Cards of other suits count nothing:
`K♥ 9♥ 4♣` is worth **19**, because the king and the nine of hearts make 19 and the four of clubs
is alone in its suit.
"""),
    checked("""
print(score("K♥ 9♥ 4♣").explanation)
""", "K♥ + 9♥ = 19; 4♣ is another suit and counts nothing"),
    code("""
ScoreView("K♥ 9♥ 4♣")
"""),
    md("""
## Three suits: only the best card counts

When all three cards have different suits, each suit holds one card, so only the best card counts.
Three tens are worth just **10**.
"""),
    checked("""
print(score("10♠ 10♥ 10♦").explanation)
""", "all suits differ, so only the best card counts: 10♠ = 10; 10♥ and 10♦ are other suits and count nothing"),
    md("""
## 31: the best hand

An ace and two cards worth ten, all in one suit, make **31**. In most games, 31 ends the round at once.
"""),
    checked("""
print(score("A♠ K♠ 10♠").explanation)
""", "A♠ + K♠ + 10♠ = 31, the best a hand of one suit can be"),
    md("""
## House rules: three of a kind, three aces

Many tables add two house rules. **Three of a kind** counts **30.5**: it beats everything but 31.
**Three aces** count **32**. The Schwimmen rules use both; Scat uses neither.
"""),
    checked("""
schwimmen = Rules.preset("schwimmen")
print(score("10♠ 10♥ 10♦", schwimmen))
print(score("A♣ A♠ A♥", schwimmen))
""", """
30.5: 10♠ 10♥ 10♦: three of a kind counts 30.5
32: A♣ A♠ A♥: three aces count 32
"""),
    md("""
## The sandbox

Pick three cards (click them, or use Tab and Enter), or deal a random hand.
Then change the rules: pick three tens and switch from Scat to Schwimmen.
"""),
    code("""
Sandbox()
"""),
    md("""
## Quiz: what is this hand worth?

Type the value and press Enter or *Check*. Your score keeps running; *Next hand* deals another.
"""),
    code("""
Quiz()
"""),
    md("""
## Comparing hands and ties

At the end of a round the **lowest** hand loses a life. When two hands tie, tables differ:
with **Scat** rules everyone tied for lowest loses; with **Schwimmen** rules the tie is broken
by the scoring suit, clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦ (and three of a kind by rank).
Type your own hands, or switch the rules and watch the tie-break.
"""),
    code("""
HandComparison(["K♣ 9♣ 8♦", "K♥ 9♥ 7♠", "A♠ Q♦ J♦"], "schwimmen")
"""),
    md("""
## What next

You can count any hand. Back to [the lessons](index.ipynb).
"""),
]


SCAT = [
    md("""
# Lesson 2: a round of Scat

In **Scat** (also Blitz, or draw and discard) you play with all 52 cards. On your turn you take one card
and throw one, so you always end your turn with three. When you think your hand will not be the lowest,
you **knock**: everyone else has one more turn, then the hands are shown.
"""),
    md("""
## A staged round, step by step

Follow a round at a table of three. Click **Next** to watch the others play. When it is your move,
make it on the table: click the **stock** or the top card of the **discard pile** to take a card,
then click a card in your hand to throw it. Tab and Enter (or Space) work too.
"""),
    code("""
from thirtyone import format_cards, new_game
from thirtyone.widgets import CardTable, Walkthrough

Walkthrough.named("scat")
"""),
    md("""
## What you did

- **The deal:** three cards each, one card face up to start the discard pile, the rest is the stock.
- **A turn:** take the top card of the stock (only you see it) or of the discard pile (everyone sees it),
  then throw one card face up.
- **The discard pile** tells you what others collect: Ben picked up a spade, so he wants spades.
- **Knocking** instead of taking a card: everyone else has exactly one more turn; the knocker has none.
- **The showdown:** the lowest hand loses a life. In Scat a knocker who is lowest loses two.

At the start of the round the engine lists these moves for you:
"""),
    checked("""
game = new_game("scat", players=3, deck="K♥ 8♠ Q♣ 5♥ 7♠ J♣ 4♣ 2♦ 3♦ 9♥")
print("Sam holds", format_cards(game.hands[1]), "and the discard pile shows", format_cards(game.discard_pile))
print("Sam may:", ", ".join(str(move) for move in game.legal_actions()))
""", """
Sam holds K♥ 5♥ 4♣ and the discard pile shows 9♥
Sam may: draw stock, draw discard, knock
"""),
    md("""
## Instant 31

A hand of **31** ends the round at once, even in the middle of the table's turns.
With Scat rules everyone else loses a life. Ben has no lives left: he is **swimming**.
"""),
    code("""
Walkthrough.named("scat-31")
"""),
    md("""
## Lives

Everyone starts with three lives. A player who loses the last one keeps playing, **swimming**
(or **on the bus**); the next loss puts them out. The last player left wins the game.
"""),
    md("""
## Your turn: a round against two bots

Now play a whole round. The bots play at the pace you pick; choose *one move per click* to see each
move on its own. *Step back* takes back your last move, and *Show all hands* lets you peek, to learn
why the bots do what they do. After the showdown, *Next round* deals again.
"""),
    code("""
CardTable("scat", players=3, seat=1)
"""),
    md("""
## What next

In [lesson 3](03-schwimmen.ipynb) you swap cards with the center instead: Schwimmen.
Back to [the lessons](index.ipynb).
"""),
]

SCHWIMMEN = [
    md("""
# Lesson 3: a round of Schwimmen

In **Schwimmen** (commerce) you play with 32 cards, sevens to aces. Three cards lie face up in the middle,
the **center**. On your turn you swap one card with the center, swap all three, pass, or knock.
"""),
    md("""
## A staged round, step by step

You deal this round. Click **Next** to watch the others. To swap, click a card of your hand,
then a card of the center (or the other way round); the buttons pass, swap all three and knock.
"""),
    code("""
from thirtyone import format_cards, new_game
from thirtyone.widgets import CardTable, Walkthrough

Walkthrough.named("schwimmen")
"""),
    md("""
## What you did

- **The first choice:** the dealer may take the face-down center hand for their own, which then lies
  face up as the center; or keep their hand, and the center is turned face up.
- **Swap one:** give one card and take one from the center.
- **Swap all:** give your whole hand for the whole center.
- **Pass:** change nothing. When **everyone passes** in a row, the center is cleared away and three new
  cards come from the stock.
- **Closing (knocking):** everyone else has one more turn, then the showdown. With these rules the lowest
  hand loses one life, even the knocker's, and ties are broken by suit.

Before the first turn, the dealer's choice is the only move:
"""),
    checked("""
game = new_game("schwimmen", players=3, deck="10♥ J♥ 7♣ 8♥ 7♥ 8♦ 7♠ 8♣ 9♠ A♥ 9♥ 8♠")
print("Sam holds", format_cards(game.hands[0]))
print("Sam may:", ", ".join(str(move) for move in game.legal_actions()))
""", """
Sam holds 7♣ 8♦ 9♠
Sam may: keep hand, take center
"""),
    md("""
## Feuer

Many tables play **Feuer** (fire): three aces count 32 and end the round at once, and everyone else
loses a life.
"""),
    code("""
Walkthrough.named("feuer")
"""),
    md("""
## Your turn: a round against two bots

You deal, so you choose first: keep your hand or take the center. Pick the bots' pace, or
*one move per click*; *Step back* takes back your last move; *Show all hands* lets you peek.
"""),
    code("""
CardTable("schwimmen", players=3, seat=0)
"""),
    md("""
## What next

Back to [lesson 2](02-scat.ipynb), or to [the lessons](index.ipynb).
"""),
]


def write(name: str, cells: list[dict]) -> None:
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.split('.')[0]}-{i:02d}"
    (NOTEBOOKS / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write("index.ipynb", INDEX)
    write("01-scoring.ipynb", SCORING)
    write("02-scat.ipynb", SCAT)
    write("03-schwimmen.ipynb", SCHWIMMEN)
