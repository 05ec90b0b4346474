"""Engine objects that show themselves (issue 12): a learner who types ``game``, ``game.view(1)``, a score,
a result or a card in JupyterLab sees a small HTML table. The HTML is parsed here (html.parser) and checked
for what a learner reads: players, lives, hands face up or face down as the object allows, the discard top or
the center, whose turn it is, a score's value and explanation; every card says its name in words."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from helpers.engine import play, stack

from thirtyone import Rules, Score, deck, narration, new_game, parse_cards, score

SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")
README_DECK = "2♣ Q♠ K♥ 3♦ J♠ 9♥ 5♠ 2♥ 4♣ 7♦ 8♣ 6♦"  # the README's staged deal: hands K♥ 9♥ 4♣, 2♣ 3♦ 5♠, Q♠ J♠ 2♥


@dataclass
class Cell:
    text: str = ""
    cards: list[str] = field(default_factory=list)
    """The aria-label of each card in the cell: ``"king of hearts"``, ``"face-down card"``."""


@dataclass
class Shown:
    """What the HTML shows: the caption, the column heads, the rows (cells), the lines below, every card."""

    caption: str = ""
    head: list[str] = field(default_factory=list)
    rows: list[list[Cell]] = field(default_factory=list)
    lines: list[Cell] = field(default_factory=list)
    cards: list[tuple[str, str, str]] = field(default_factory=list)
    """(text, aria-label, title) of every card element."""
    raw: str = ""

    def row(self, head: str) -> list[Cell]:
        found = [r for r in self.rows if r[0].text.replace("▶", "").strip() == head]
        assert len(found) == 1, f"no single row {head!r} in {[r[0].text for r in self.rows]}"
        return found[0]

    def column(self, name: str, head: str) -> Cell:
        return self.row(head)[self.head.index(name)]

    def line(self, start: str) -> Cell:
        found = [x for x in self.lines if x.text.startswith(start)]
        assert len(found) == 1, f"no single line {start!r} in {[x.text for x in self.lines]}"
        return found[0]


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown = Shown()
        self.open: list[str] = []
        self.cell: Cell | None = None
        self.card: list[str] | None = None
        self.in_caption = self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.open.append(tag)
        if tag == "caption":
            self.in_caption = True
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and not self.in_head:
            self.shown.rows.append([])
        elif tag in ("th", "td") and not self.in_head:
            self.cell = Cell()
            self.shown.rows[-1].append(self.cell)
        elif tag == "p":
            self.cell = Cell()
            self.shown.lines.append(self.cell)
        if a.get("role") == "img":
            label, title = a.get("aria-label") or "", a.get("title") or ""
            self.card = ["", label, title]
            if self.cell is not None:
                self.cell.cards.append(label)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}: the HTML is not well formed"
        self.open.pop()
        if tag == "caption":
            self.in_caption = False
        elif tag == "thead":
            self.in_head = False
        elif tag in ("td", "th", "p"):
            self.cell = None
        elif tag == "span" and self.card is not None:
            self.shown.cards.append((self.card[0], self.card[1], self.card[2]))
            self.card = None

    def handle_data(self, data: str) -> None:
        if self.in_caption:
            self.shown.caption += data
        elif self.in_head and self.open[-1] == "th":
            self.shown.head.append(data)
        elif self.cell is not None:
            self.cell.text += data
        if self.card is not None:
            self.card[0] += data


def shown(obj: object) -> Shown:
    raw = obj._repr_html_()  # type: ignore[attr-defined]
    assert isinstance(raw, str)
    p = _Parser()
    p.feed(raw)
    p.close()
    assert p.open == [], f"unclosed {p.open}"
    p.shown.raw = raw
    for cell in [c for r in p.shown.rows for c in r] + p.shown.lines:
        cell.text = " ".join(cell.text.split())
    return p.shown


def names(text: str) -> list[str]:
    return [c.name for c in parse_cards(text)]


# -- cards and scores ----------------------------------------------------------------------------------
def test_every_card_shows_its_rank_and_suit_and_says_its_name_in_words() -> None:
    for c in deck(52):
        (text, label, title), = shown(c).cards
        assert (text, label, title) == (str(c), c.name, c.name)  # not only colour: the symbol and the words


def test_a_score_shows_the_hand_its_value_the_cards_that_count_and_why() -> None:
    s = score("K♥ 9♥ 4♣", SCAT)
    out = shown(s)
    assert out.caption == "K♥ 9♥ 4♣: worth 19"
    table = {r[0].text: r[1] for r in out.rows}
    assert list(table) == ["Hand", "Value", "Counts", "Counts nothing", "Why"]
    assert table["Hand"].cards == names("K♥ 9♥ 4♣")
    assert table["Value"].text == "19"
    assert table["Counts"].cards == names("K♥ 9♥") and "hearts ♥" in table["Counts"].text
    assert table["Counts nothing"].cards == names("4♣")
    assert table["Why"].text == s.explanation


def test_a_triple_under_the_house_rules_says_which_rule_counts() -> None:
    out = shown(score("A♥ A♠ A♦", SCHWIMMEN))
    table = {r[0].text: r[1] for r in out.rows}
    assert table["Value"].text == "32" and "three aces" in table["Counts"].text
    assert "Counts nothing" not in table
    assert {r[0].text: r[1] for r in shown(score("10♥ 10♠ 10♦", SCHWIMMEN)).rows}["Value"].text == "30.5"


def test_text_in_the_html_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = parse_cards("K♥ 9♥ 4♣")
    s = Score(hand, 19.0, 2, hand[:2], hand[2:], "suit", 1)
    monkeypatch.setattr(narration, "score_words", lambda score, with_value=False: "<b>bold</b> & \"quoted\"")
    out = shown(s)
    assert {r[0].text: r[1] for r in out.rows}["Why"].text == "<b>bold</b> & \"quoted\""
    assert "<b>" not in out.raw


# -- game states ---------------------------------------------------------------------------------------
def test_a_state_shows_every_seat_its_lives_and_hand_the_discard_top_and_whose_turn() -> None:
    g = new_game("scat", players=3, seed=1, deck=README_DECK)
    out = shown(g)
    assert out.caption == "Scat · round 1 · Player 1 to play"
    assert out.head == ["Player", "Lives", "Hand", "Value", "Notes"]
    assert [r[0].text.replace("▶", "").strip() for r in out.rows] == ["Player 0", "Player 1", "Player 2"]
    for seat, hand, value in [(0, "K♥ 9♥ 4♣", "19"), (1, "2♣ 3♦ 5♠", "5"), (2, "Q♠ J♠ 2♥", "20")]:
        assert out.column("Hand", f"Player {seat}").cards == names(hand)  # a state sees every hand
        assert out.column("Lives", f"Player {seat}").text == "3"
        assert out.column("Value", f"Player {seat}").text == value
    assert out.column("Notes", "Player 1").text == "to play"  # in words, not only a mark or a colour
    assert out.column("Notes", "Player 0").text == "dealer"
    assert out.line("Discard pile").cards == names("7♦") and "(1 card)" in out.line("Discard pile").text
    assert out.line("Stock").text == "Stock: 42 cards"
    assert out.line("Player 1 may").text == "Player 1 may: draw stock, draw discard, knock"


def test_a_players_view_shows_their_own_hand_and_the_others_face_down() -> None:
    g = new_game("scat", players=3, seed=1, deck=README_DECK)
    out = shown(g.view(2))
    assert out.caption.endswith("· as Player 2 sees it")
    assert out.column("Hand", "Player 2").cards == names("Q♠ J♠ 2♥")
    assert out.column("Value", "Player 2").text == "20"
    for seat in (0, 1):
        assert out.column("Hand", f"Player {seat}").cards == ["face-down card"] * 3
        assert out.column("Value", f"Player {seat}").text == ""
    hidden = names("K♥ 9♥ 4♣ 2♣ 3♦ 5♠") + ["K♥", "9♥", "4♣", "2♣", "3♦", "5♠"]
    assert not any(h in out.raw for h in hidden), "another player's card is in the HTML"
    assert out.column("Notes", "Player 1").text == "to play"
    assert not [x for x in out.lines if x.text.startswith("Player 2 may")]  # not their turn: nothing to do


def test_a_view_after_a_draw_from_the_stock_keeps_the_card_secret() -> None:
    g = play(new_game("scat", players=3, seed=1, deck=README_DECK), "draw stock")
    drawn = g.hands[1][-1]
    assert shown(g).column("Hand", "Player 1").cards[-1] == drawn.name
    assert shown(g).caption.endswith("Player 1 to discard")
    other = shown(g.view(0))
    assert other.column("Hand", "Player 1").cards == ["face-down card"] * 4 and drawn.name not in other.raw


def test_once_the_round_is_over_every_hand_who_lost_and_why_are_shown() -> None:
    g = play(new_game("scat", players=3, seed=1, deck=README_DECK),
             "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    for out in (shown(g), shown(g.view(2))):
        assert "round over" in out.caption
        assert out.column("Hand", "Player 1").cards == names("2♣ 3♦ 5♠")
        assert out.column("Hand", "Player 0").cards == names("K♥ 9♥ 4♣")
        assert out.column("Lives", "Player 1").text == "1"
        assert out.column("Notes", "Player 1").text == "knocked, loses 2 lives"
        assert out.line("Player 1 knocked").text == g.result.explain()
    assert shown(g).line("Next").text == "Next: next round"


def test_a_round_result_shows_each_hand_its_value_and_what_it_cost() -> None:
    g = play(new_game("scat", players=3, seed=1, deck=README_DECK),
             "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    out = shown(g.result)
    assert out.caption == "Round 1, ended by a knock"
    assert out.head == ["Player", "Hand", "Value", "Loses", "Why"]
    assert [c.text for c in out.row("Player 1")[2:]] == [
        "5", "2 lives", "the lowest hand (5) and they knocked, so it costs two lives"]
    assert [c.text for c in out.row("Player 2")[2:]] == ["20", "nothing", ""]
    assert out.lines[-1].text == g.result.explain()


def test_commerce_shows_the_center_face_down_to_players_until_it_is_turned() -> None:
    g = new_game("schwimmen", players=3, seed=3)
    center = [c.name for c in g.center]
    assert shown(g).caption == "Schwimmen · round 1 · Player 0 chooses"
    assert shown(g).line("Center").cards == center and "face down" in shown(g).line("Center").text
    view = shown(g.view(1))
    assert view.line("Center").cards == ["face-down card"] * 3 and not any(c in view.raw for c in center)
    turned = shown(play(g, "keep hand").view(1))
    assert turned.line("Center").cards == center and "face down" not in turned.line("Center").text
    assert "Player 1 may: swap" in turned.line("Player 1 may").text


def test_game_over_names_the_winner_and_the_players_who_are_out() -> None:
    rules = SCAT.replace(lives=1, swimming=False)
    g = new_game(rules, players=2, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠"], "7♦"))
    g = play(g, "draw stock", "discard " + str(g.hands[1][0]), "knock", "draw stock")
    g = play(g, "discard " + str(g.hands[1][-1]))
    assert g.game_over
    out = shown(g)
    winner = g.winner
    assert out.caption.endswith(f"game over: Player {winner} wins")
    assert out.column("Notes", f"Player {winner}").text.endswith("wins the game")
    loser = 1 - winner
    assert "out" in out.column("Notes", f"Player {loser}").text and out.column("Lives", f"Player {loser}").text == "0"
    assert not [x for x in out.lines if x.text.startswith("Next")]  # no next round after the game


def test_a_swimming_player_is_named_so() -> None:
    g = new_game(SCAT, players=3, seed=1, deck=README_DECK, lives=[3, 0, 3])
    assert "swimming" in shown(g).column("Notes", "Player 1").text


@pytest.mark.parametrize("name", ["scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow"])
def test_every_state_of_a_whole_game_shows_itself(name: str) -> None:
    """No state of a game, nor any player's view of it, fails to show, and each names whose turn it is."""
    import random

    rng = random.Random(5)
    g = new_game(name, players=3, seed=5)
    for _ in range(400):
        for obj in (g, g.view(0)):
            out = shown(obj)
            assert len(out.rows) == 3
            if g.current_player is not None:
                assert f"Player {g.current_player}" in out.caption
        if g.game_over:
            break
        g = g.apply(rng.choice(g.legal_actions()))


def test_showing_needs_no_jupyter() -> None:
    code = ("import sys\nfrom thirtyone import new_game, score\n"
            "g = new_game('scat', players=3, seed=1)\n"
            "g._repr_html_(); g.view(0)._repr_html_(); score('K♥ 9♥ 4♣')._repr_html_()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'jupyter_core')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
