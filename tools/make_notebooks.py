"""Write notebooks/*.ipynb from the cell lists below.

No execution counts and no outputs. The cells nbval checks (``# NBVAL_CHECK_OUTPUT``) keep the text
they must print in their metadata (``thirtyone.expected_output``); tests/conftest.py hands it to nbval
as the cell's output, and nbval compares it with a fresh run.

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
    """A deterministic cell nbval checks: the text it must print is kept in its metadata (the
    notebook itself carries no outputs)."""
    cell = code("# NBVAL_CHECK_OUTPUT\n" + text.strip("\n"))
    cell["metadata"] = {"thirtyone": {"expected_output": printed.strip("\n") + "\n"}}
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
4. [One game, many rule sets](04-variants.ipynb) — the six rule sets side by side, and the same cards
   dealt under each: instant 31, ties, the knocker, Feuer, under 21, lives and swimming.
5. [When to knock](05-knock-timing.ipynb) — how safe a knock is, by hand value, players, seat and turn;
   the best threshold; a "Should I knock?" advisor and a drill; the Scat strategy in numbers.
6. [A whole game, with a coach](06-play.ipynb) — play to the last player against one to seven bots,
   ask the coach for the best move and its numbers, and see your game in numbers at the end.

More lessons follow the same pattern: a short idea, then something to do with cards.
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

A hand of **31** ends the round at once, the moment its holder has three cards again.
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

In **Schwimmen** (commerce) you play with 32 cards, sevens to aces. Three cards lie in the middle,
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
  hand loses one life, even the knocker's, and a tie is broken by the scoring suit (three of a kind by rank).

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


VARIANTS = [
    md("""
# Lesson 4: one game, many rule sets

Every table plays 31 a little differently. This lesson puts six common rule sets side by side,
then deals the same cards under each of them, so you can see the result change.
"""),
    md("""
## Six rule sets

Each rule set comes from one of the source texts: **000** GameCircle's Schwimmen, **001** Board Game Arena,
**002** classic 31 with a widow, **003** Scat. The table shows the options where they differ, what each
option means, and which source plays which value. Untick rule sets to compare just two; tick
*Show every option* to see what they share.
"""),
    code("""
from thirtyone.variants import replay
from thirtyone.widgets import PresetTable, RuleReplay

PresetTable()
"""),
    md("""
## The same cards under every rule set

The examples below deal three hands of cards 7 to ace, which both decks hold. Sam deals and knocks on
his first turn; the others draw a card and throw it back (or pass), so the showdown compares the hands as dealt.
The engine plays the round under each rule set. Here is one, ties for the lowest hand, in Scat and in Schwimmen:
"""),
    checked("""
names = ["Sam", "Ana", "Ben"]
print(replay("ties", "scat").explain(names))
print(replay("ties", "schwimmen").explain(names))
""", """
Sam knocked and everyone had one more turn. Ana loses 1 life: tied for the lowest hand (19). Ben loses 1 life: tied for the lowest hand (19).
Sam knocked and everyone had one more turn. Ben loses 1 life: the lowest hand (19).
"""),
    md("""
## Instant 31

Ana is dealt 31. In Scat and the widow game the round ends and **everyone else** loses a life. At the
Schwimmen tables the round ends in a showdown instead: only the **lowest** hand loses. Which rows change?
"""),
    code("""
RuleReplay("instant-31")
"""),
    md("""
## Ties for the lowest hand

Scat says every player tied for lowest loses. Schwimmen breaks the tie by the scoring suit:
clubs ♣ beat spades ♠, which beat hearts ♥, which beat diamonds ♦. Find the row where only Ben loses.
"""),
    code("""
RuleReplay("ties")
"""),
    md("""
## When the knocker is lowest

Knocking is a bet that you are not the lowest. In Scat a knocker who loses pays **two lives**; in Schwimmen
only one; Board Game Arena charges two only when the knocker is alone at the bottom. Switch the situation to
*The knocker ties for lowest* and compare.
"""),
    code("""
RuleReplay("knocker-lowest")
"""),
    md("""
## Feuer: three aces

Three aces are worth 11 in Scat (three suits: only the best card counts), 32 in Schwimmen,
and with **Feuer** (fire) they end the round at once: everyone else loses a life.
"""),
    code("""
RuleReplay("feuer")
"""),
    md("""
## Everyone under 21 loses

Board Game Arena adds a rule: at the showdown **everyone under 21** loses a life, not just the lowest.
How many lives does this round cost under each rule set?
"""),
    code("""
RuleReplay("under-21")
"""),
    md("""
## Lives, swimming and elimination

Everyone starts with three lives. Lose the last one and you are not out yet: you are **swimming**
(or **on the bus**) and play on; the next loss puts you out. Board Game Arena plays without swimming:
the last life lost, you are out. Ana has one life left here. Where is she still in the game?
"""),
    code("""
RuleReplay("lives")
"""),
    md("""
## Your own hands

Type three hands (cards 7 to ace, like `K♥ 9♥ 7♣`). Sam deals and knocks. Can you find hands
where all six rule sets agree? Where they all disagree?
"""),
    code("""
RuleReplay("own")
"""),
    md("""
## What next

In [lesson 5](05-knock-timing.ipynb) you learn when to knock. Back to [the lessons](index.ipynb).
"""),
]

KNOCK_TIMING = [
    md("""
# Lesson 5: when to knock

A knock ends the round: everyone else has one more turn, then the lowest hand loses. Knock too early and
you may be the lowest; wait too long and someone else knocks first, or reaches 31. The charts here come from
simulations, thousands of deals played by bots. A range in brackets is a 95% interval: the true chance
lies in it 95 times out of 100.
"""),
    md("""
## How safe is a knock?

Each line is a number of players: the chance that a knock with this hand value survives (you lose no life),
knocking at your first chance after one turn of the table. Only the lowest hand loses, so at a bigger table
someone else is more likely to be lower than you. Where does each line cross 50%? Switch the knocker to the
dealer, or the rules to Schwimmen.
"""),
    code("""
from thirtyone.widgets import (DiscardStudyView, KnockAdvisor, KnockDrill, SuitStudyChart, SurvivalChart,
                               ThresholdChart)

SurvivalChart(compare="players")
"""),
    md("""
## Knocking on the deal

You may knock before anyone has moved, on the cards you were dealt. Each line is a seat at the table.
Does it matter where you sit? Change the number of players and see.
"""),
    code("""
SurvivalChart(compare="seat", turn=0)
"""),
    md("""
## The best threshold

A simple plan: knock as soon as your hand is worth a **threshold** or more. Which threshold loses the fewest
lives? Every threshold played the same deals against bots; the bars are 95% intervals. Press the button
to play more rounds yourself.
"""),
    code("""
ThresholdChart()
"""),
    md("""
## Should I knock?

Pick your hand, the number of players, your seat and how many turns have been played. The advisor deals the
other hands at random and plays your situation out 10,000 times: once knocking now, once playing on.
Try a hand worth 24 early and late in the round.
"""),
    code("""
KnockAdvisor()
"""),
    md("""
## Knock or play on? A drill

Here is a situation. Would you knock? Your answer is marked against a simulation; when the two choices are
too close to tell apart, either answer counts.
"""),
    code("""
KnockDrill()
"""),
    md("""
## Choose a suit early

The Scat text (003) says: choose a suit early, one where you hold an ace or two faces, and throw the rest.
Here a player draws alone from the stock, keeping one suit or keeping the highest cards of any suit.
Deal more and watch the bands narrow.
"""),
    code("""
SuitStudyChart()
"""),
    md("""
## Read the discard pile

"A player who picks up spades is collecting spades" (003). Cards taken from the pile are face up, so
everyone sees them. In rounds played by the bots, how often does the next player take the card you throw?
"""),
    code("""
DiscardStudyView()
"""),
    md("""
## Knock on a weak total to cut a run

"Knocking on a weak total to cut off someone else's run is often better than waiting" (003). The same total is
safer early: every turn you wait, the others improve their hands. Each line is a moment to knock; compare a
knock on 18 after one turn and after five.
"""),
    code("""
SurvivalChart(compare="turn", players=4, seat=2)
"""),
    md("""
## What next

Put it to work in [lesson 6](06-play.ipynb): a whole game with a coach. Back to [lesson 4](04-variants.ipynb),
or to [the lessons](index.ipynb).
"""),
]

PLAY = [
    md("""
# Lesson 6: a whole game, with a coach

Time to play a whole game: round after round, until only one player is left. Choose the rules, how many
bots you play against and how well they play, then click **Start the game**. Fewer lives make a shorter game.
"""),
    md("""
## Play

On your turn, **Ask the coach**: it deals the cards you cannot see at random, many times over, plays each
of your moves on, and names the move that loses the fewest lives on average. The coach sees only what you
see. Its numbers have 95% intervals: when two intervals overlap, the moves are about as good.
At the end of the game you see your lives over the rounds, and each of your knocks next to the coach's advice.
"""),
    code("""
from thirtyone.widgets import PlayGame

PlayGame("scat", bots=3, level="intermediate", seed=1)
"""),
    md("""
## What next

Try another rule set, or expert bots. Back to [lesson 5](05-knock-timing.ipynb), or to [the lessons](index.ipynb).
"""),
]


def write(name: str, cells: list[dict], folder: Path = NOTEBOOKS) -> None:
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
    (folder / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


LESSONS = {
    "index.ipynb": INDEX,
    "01-scoring.ipynb": SCORING,
    "02-scat.ipynb": SCAT,
    "03-schwimmen.ipynb": SCHWIMMEN,
    "04-variants.ipynb": VARIANTS,
    "05-knock-timing.ipynb": KNOCK_TIMING,
    "06-play.ipynb": PLAY,
}


def main(folder: Path = NOTEBOOKS) -> None:
    """Write every notebook into ``folder``."""
    for name, cells in LESSONS.items():
        write(name, cells, folder)


if __name__ == "__main__":
    main()
