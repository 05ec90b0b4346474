"""Cards as a user relies on them, whatever mistake might break them (not only the named ones of ``make mutate``).

Every notation ``parse_cards`` and ``card`` accept, for every card; every refusal, with a message that names what
was wrong and says what is allowed; both decks, card for card and in order; each card's points, colour, parts and
spoken name (what a screen reader reads); cards as the ints they are (order, hash, equality, identity).
The engine's codes are tested here, not display words another language may print otherwise.
"""

from __future__ import annotations

import itertools
import re

import pytest

from thirtyone.cards import (
    ALL_CARDS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    card,
    deck,
    format_cards,
    parse_cards,
)
from thirtyone.i18n import using

# How a user may write each rank (index 0..12 = 2..A) and each suit (index 0..3 = clubs, spades, hearts, diamonds),
# written out here by hand, not read from the module's own tables.
RANK_SPELLINGS: dict[int, tuple[str, ...]] = {
    0: ("2",), 1: ("3",), 2: ("4",), 3: ("5",), 4: ("6",), 5: ("7",), 6: ("8",), 7: ("9",),
    8: ("10", "T", "t"), 9: ("J", "j"), 10: ("Q", "q"), 11: ("K", "k"), 12: ("A", "a", "1"),
}
SUIT_SPELLINGS: dict[int, tuple[str, ...]] = {
    0: ("♣", "♧", "C", "c"), 1: ("♠", "♤", "S", "s"), 2: ("♥", "♡", "H", "h"), 3: ("♦", "♢", "D", "d"),
}
PRINTED_RANK = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PRINTED_SUIT = ("♣", "♠", "♥", "♦")
POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
SPOKEN_RANK = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
SPOKEN_SUIT = ("clubs", "spades", "hearts", "diamonds")


# -- the card objects ------------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(52))
def test_each_card_is_its_int_with_its_rank_suit_points_colour_and_print(i: int) -> None:
    c = ALL_CARDS[i]
    rank, suit = divmod(i, 4)
    assert type(c) is Card and c == i and int(c) == i and hash(c) == hash(i)
    assert (c.rank, c.suit) == (rank, suit)
    assert c.value == POINTS[rank]
    assert c.symbol == PRINTED_RANK[rank] and c.suit_symbol == PRINTED_SUIT[suit]
    assert str(c) == PRINTED_RANK[rank] + PRINTED_SUIT[suit] == f"{c}"
    assert repr(c) == f"Card('{c}')"
    assert c.is_red is (suit in (2, 3))
    assert Card(i) == c and ALL_CARDS[int(Card(i))] is c


def test_the_points_of_a_suit_add_up_as_the_game_counts_them() -> None:
    """A whole suit of 52 cards: 2+...+10 = 54, J Q K 30, A 11; of 32 cards 7+8+9+10 = 34, J Q K 30, A 11."""
    for s in range(4):
        assert sum(c.value for c in deck(52) if c.suit == s) == 95
        assert sum(c.value for c in deck(32) if c.suit == s) == 75
    assert max(c.value for c in ALL_CARDS) == 11 and [c for c in ALL_CARDS if c.value == 11] == list(parse_cards("A♣ A♠ A♥ A♦"))


def test_every_card_has_its_own_spoken_name_and_the_screen_reader_reads_it() -> None:
    with using("en"):
        names = [c.name for c in ALL_CARDS]
        assert names == [f"{SPOKEN_RANK[r]} of {SPOKEN_SUIT[s]}" for r in range(13) for s in range(4)]
        for c in ALL_CARDS:
            shown = c._repr_html_()
            assert f'aria-label="{c.name}"' in shown and f'title="{c.name}"' in shown and 'role="img"' in shown
            assert re.sub(r"<[^>]+>", "", shown) == str(c)
    assert len(set(names)) == 52


def test_red_cards_are_drawn_red_and_black_ones_are_not() -> None:
    red = {re.search(r'style="([^"]*)"', c._repr_html_()).group(1) for c in ALL_CARDS if c.is_red}  # type: ignore[union-attr]
    black = {re.search(r'style="([^"]*)"', c._repr_html_()).group(1) for c in ALL_CARDS if not c.is_red}  # type: ignore[union-attr]
    assert len(red) == len(black) == 1 and red != black
    assert [c.is_red for c in parse_cards("2♣ 2♠ 2♥ 2♦ A♣ A♠ A♥ A♦")] == [False, False, True, True] * 2
    assert sum(c.is_red for c in ALL_CARDS) == 26


def test_cards_order_by_rank_then_suit_in_skat_order_and_compare_as_ints() -> None:
    assert sorted(parse_cards("A♣ 2♦ K♥ 2♣ 10♠ 2♠")) == list(parse_cards("2♣ 2♠ 2♦ 10♠ K♥ A♣"))
    assert card("A", "♦") > card("K", "♣") > card("Q", "♦") and card("2", "♠") > card("2", "♣")
    assert card("A", "♦") == 51 and card("2", "♣") == 0 and ALL_CARDS == tuple(range(52))
    assert {card("K", "H"): 1}[Card(46)] == 1 and 46 in {card("K", "H")}
    assert card("K", "♥") != card("K", "♦") and card("K", "♥") == Card(46)


def test_card_and_parse_cards_give_the_one_object_of_each_card() -> None:
    for c in ALL_CARDS:
        assert card(c.rank, c.suit) is c
        assert parse_cards(str(c))[0] is c
        assert parse_cards([int(c)])[0] is c  # type: ignore[list-item]
        assert deck(52)[deck(52).index(c)] is c


# -- card(rank, suit) ------------------------------------------------------------------------------
@pytest.mark.parametrize("rank", range(13))
def test_card_takes_every_spelling_of_a_rank_and_a_suit(rank: int) -> None:
    for suit in range(4):
        want = ALL_CARDS[rank * 4 + suit]
        assert card(rank, suit) is want
        for r, s in itertools.product(RANK_SPELLINGS[rank], SUIT_SPELLINGS[suit]):
            assert card(r, s) is want, (r, s)
            assert card(r, suit) is want and card(rank, s) is want


@pytest.mark.parametrize(("rank", "suit", "says"), [
    ("X", "♥", r"unknown rank 'X'"), ("11", "♥", r"unknown rank '11'"), ("0", "H", "unknown rank '0'"),
    ("", "H", "unknown rank ''"), ("KH", "H", "unknown rank 'KH'"), (13, 0, "unknown rank 13"), (-1, 0, "unknown rank -1"),
    ("K", "X", "unknown suit 'X'"), ("K", "", "unknown suit ''"), ("K", "♥♥", "unknown suit"), ("K", 4, "unknown suit 4"),
    ("K", -1, "unknown suit -1"), ("K", "hearts", "unknown suit 'hearts'"),
])
def test_card_refuses_what_is_no_rank_or_suit_and_says_what_is(rank: int | str, suit: int | str, says: str) -> None:
    with pytest.raises(ValueError, match=says) as err:
        card(rank, suit)
    message = str(err.value)
    if "rank" in says:
        assert "2 3 4 5 6 7 8 9 10 J Q K A" in message
    else:
        assert "♣ ♠ ♥ ♦" in message and "C S H D" in message


# -- parse_cards: what it reads ----------------------------------------------------------------------
@pytest.mark.parametrize("rank", range(13))
def test_parse_cards_reads_every_spelling_of_every_card(rank: int) -> None:
    for suit in range(4):
        want = ALL_CARDS[rank * 4 + suit]
        for r, s in itertools.product(RANK_SPELLINGS[rank], SUIT_SPELLINGS[suit]):
            assert parse_cards(r + s) == (want,), r + s
            assert parse_cards(r.lower() + s.lower()) == (want,) and parse_cards(r.upper() + s.upper()) == (want,)


@pytest.mark.parametrize("text", [
    "K♥ 9♥ 4♣", "K♥,9♥,4♣", "K♥, 9♥, 4♣", "K♥\t9♥\n4♣", "  K♥ 9♥ 4♣  ", "K♥ ,, 9♥ , 4♣,", ",K♥ 9♥ 4♣",
    "kh 9h 4c", "KH 9H 4C", "k♡ 9♡ 4♧", "Kh\r\n9H   4c",
])
def test_parse_cards_reads_any_separator_of_spaces_commas_tabs_and_newlines(text: str) -> None:
    assert parse_cards(text) == (ALL_CARDS[46], ALL_CARDS[30], ALL_CARDS[8])


def test_parse_cards_keeps_the_order_written() -> None:
    for order in itertools.permutations(("A♠", "10♦", "7♣", "2♥")):
        assert format_cards(parse_cards(" ".join(order))) == " ".join(order)


def test_parse_cards_takes_cards_text_and_ints_from_any_iterable() -> None:
    hand = (ALL_CARDS[49], ALL_CARDS[32], ALL_CARDS[0])  # A♠ 10♣ 2♣
    assert parse_cards(hand) == hand
    assert parse_cards(list(hand)) == hand
    assert parse_cards(iter(hand)) == hand
    assert parse_cards(["A♠", "tc", "2C"]) == hand
    assert parse_cards([49, 32, 0]) == hand  # type: ignore[list-item]
    assert parse_cards([ALL_CARDS[49], "10♣", 0]) == hand  # type: ignore[list-item]
    assert parse_cards([]) == () and parse_cards("") == () and parse_cards(" ,\n ") == ()
    assert all(type(c) is Card for c in parse_cards([49, "10♣"]))  # type: ignore[list-item]


@pytest.mark.parametrize("size", [32, 52])
def test_parse_cards_reads_every_card_of_the_deck_in_one_text(size: int) -> None:
    d = deck(size)
    assert parse_cards(format_cards(d), size) == d
    assert parse_cards(format_cards(d).lower(), size) == d
    assert parse_cards(", ".join(str(c) for c in reversed(d)), size) == tuple(reversed(d))


# -- parse_cards: what it refuses, and the message ---------------------------------------------------
@pytest.mark.parametrize("token", [
    "XH", "K", "KX", "11H", "1O♥", "K♥♥", "10", "♥", "KH9H", "0c", "KHH", "10♥10", "♥K", "HK", "01♥",
    "1♥0", "Z", "K♥.", "K-♥", "K/H", "K♥;", "100♥", "kh!", "½♥",
])
def test_text_that_is_no_card_is_refused_naming_it_and_saying_how_to_write_one(token: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_cards(f"A♠ {token} 9♦")
    message = str(err.value)
    assert message.startswith(f"cannot read {token!r} as a card")
    assert "(2-10, T, J, Q, K, A)" in message and "(♣ ♠ ♥ ♦ or C S H D)" in message and "like K♥ or 10c" in message


@pytest.mark.parametrize("token", [52, -1, 100, True, 3.0, None])
def test_an_item_that_is_no_card_is_refused_naming_it(token: object) -> None:
    with pytest.raises(ValueError, match=rf"cannot read {re.escape(repr(str(token)))} as a card"):
        parse_cards(["A♠", token])  # type: ignore[list-item]


@pytest.mark.parametrize(("text", "twice"), [
    ("KH 9h kh", "K♥"), ("K♥ k♡", "K♥"), ("10c tc", "10♣"), ("A♠ 1s", "A♠"), ("2♦ 3♦ 2d", "2♦"),
])
def test_the_same_card_written_twice_in_any_spelling_is_refused_naming_it(text: str, twice: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_cards(text)
    assert str(err.value) == f"{twice} appears twice: a deck holds each card once"
    with pytest.raises(ValueError, match=f"{twice} appears twice"):
        parse_cards([parse_cards(twice)[0], twice])


@pytest.mark.parametrize("rank", range(13))
def test_the_32_card_deck_takes_seven_to_ace_and_refuses_two_to_six_naming_the_card(rank: int) -> None:
    for suit in range(4):
        c = ALL_CARDS[rank * 4 + suit]
        assert parse_cards(str(c), 52) == (c,) and parse_cards(str(c)) == (c,)
        if rank >= 5:
            assert parse_cards(str(c), 32) == (c,)
            assert parse_cards([c], 32) == (c,)
        else:
            for given in (str(c), [c], [int(c)]):
                with pytest.raises(ValueError) as err:
                    parse_cards(given, 32)  # type: ignore[arg-type]
                assert str(err.value) == f"{c} is not in the 32-card deck, which holds 7 to A only"


# -- format_cards --------------------------------------------------------------------------------------
def test_format_cards_writes_the_printed_cards_one_space_apart() -> None:
    assert format_cards(parse_cards("kh 10c 7d as")) == "K♥ 10♣ 7♦ A♠"
    assert format_cards(iter(parse_cards("2c"))) == "2♣"
    assert format_cards(()) == ""
    assert format_cards(deck(52)).split(" ") == [str(c) for c in deck(52)]
    for c in ALL_CARDS:
        assert format_cards([c, c]) == f"{c} {c}"


# -- the decks -----------------------------------------------------------------------------------------
def test_the_52_card_deck_is_two_to_ace_of_clubs_then_spades_hearts_diamonds() -> None:
    expected = [f"{r}{s}" for s in PRINTED_SUIT for r in PRINTED_RANK]
    assert [str(c) for c in deck(52)] == expected
    assert [str(c) for c in deck()] == expected
    assert all(type(c) is Card for c in deck(52)) and isinstance(deck(52), tuple)


def test_the_32_card_deck_is_seven_to_ace_of_clubs_then_spades_hearts_diamonds() -> None:
    expected = [f"{r}{s}" for s in PRINTED_SUIT for r in PRINTED_RANK[5:]]
    assert [str(c) for c in deck(32)] == expected
    assert [c for c in deck(52) if c.rank >= 5] == sorted(deck(32), key=lambda c: (c.suit, c.rank))
    assert deck(32) == tuple(c for c in deck(52) if c in deck(32))  # the same order as the long deck's


def test_a_fresh_deck_is_the_same_every_time() -> None:
    assert deck(52) == deck(52) and deck(32) == deck(32) and deck(52) is not None


@pytest.mark.parametrize("size", [0, 1, 24, 31, 33, 36, 40, 48, 51, 53, 104, -52, "52", "32", 32.5, None])
def test_any_other_deck_size_is_refused_saying_which_there_are(size: object) -> None:
    with pytest.raises(ValueError) as err:
        deck(size)  # type: ignore[arg-type]
    assert str(err.value) == f"deck must be 32 or 52 cards, not {size!r}"


def test_the_module_tables_agree_with_the_cards() -> None:
    """The public tables a lesson or a user may read: ranks weakest first, suits in Skat order."""
    assert RANKS == PRINTED_RANK and SUITS == PRINTED_SUIT
    assert RANK_NAMES == SPOKEN_RANK and SUIT_NAMES == SPOKEN_SUIT
