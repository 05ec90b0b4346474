"""Cards as a user meets them: how they print, how text becomes cards, the two decks."""

from __future__ import annotations

import pytest

from thirtyone.cards import ALL_CARDS, Card, card, deck, format_cards, parse_cards


# -- printing ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["K♥", "10♣", "7♦", "A♠", "2♣", "Q♦", "J♥", "9♠"])
def test_a_card_prints_as_rank_and_suit_symbol(text: str) -> None:
    (c,) = parse_cards(text)
    assert str(c) == text
    assert f"{c}" == text
    assert f"{c:>4}" == text.rjust(4)
    assert repr(c) == f"Card('{text}')"


@pytest.mark.parametrize(("text", "name"), [
    ("K♥", "king of hearts"), ("10♣", "ten of clubs"), ("7♦", "seven of diamonds"),
    ("A♠", "ace of spades"), ("J♣", "jack of clubs"), ("2♦", "two of diamonds"),
])
def test_card_names_are_spoken_words(text: str, name: str) -> None:
    assert parse_cards(text)[0].name == name


def test_card_points_ace_eleven_faces_ten_numbers_their_face() -> None:
    values = {str(c)[:-1]: c.value for c in deck(52)}
    assert values == {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
                      "J": 10, "Q": 10, "K": 10, "A": 11}


def test_red_and_black() -> None:
    assert [c.is_red for c in parse_cards("K♣ K♠ K♥ K♦")] == [False, False, True, True]


def test_card_parts() -> None:
    c = parse_cards("Q♥")[0]
    assert (c.symbol, c.suit_symbol) == ("Q", "♥")
    assert card("Q", "♥") == card("q", "h") == card(10, 2) == c


def test_format_cards_joins_with_spaces() -> None:
    assert format_cards(parse_cards("kh 9h 4c")) == "K♥ 9♥ 4♣"
    assert format_cards([]) == ""


# -- decks ---------------------------------------------------------------------------------
def test_the_52_card_deck_holds_every_card_once() -> None:
    d = deck(52)
    assert len(d) == len(set(d)) == 52
    assert set(d) == set(ALL_CARDS)
    assert deck() == d


def test_the_32_card_deck_is_seven_to_ace_in_four_suits() -> None:
    d = deck(32)
    assert len(d) == len(set(d)) == 32
    assert {str(c)[:-1] for c in d} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert {c.suit_symbol for c in d} == {"♣", "♠", "♥", "♦"}


@pytest.mark.parametrize("size", [0, 36, 40, 53])
def test_other_deck_sizes_are_refused(size: int) -> None:
    with pytest.raises(ValueError, match="32 or 52"):
        deck(size)


def test_cards_are_small_ints_that_compare_and_hash_like_ints() -> None:
    assert all(isinstance(c, int) for c in ALL_CARDS)
    assert sorted(ALL_CARDS) == list(range(52))
    assert len({*ALL_CARDS, *range(52)}) == 52
    assert isinstance(deck(32)[0], Card)


# -- parsing -------------------------------------------------------------------------------
def test_parse_cards_reads_the_printed_form() -> None:
    assert [str(c) for c in parse_cards("K♥ 9♥ 4♣")] == ["K♥", "9♥", "4♣"]


@pytest.mark.parametrize("text", ["KH 10c th 7d", "kh,10C,TH,7D", "Kh, 10c , tH  7d", "K♥ 10♣ T♥ 7♦",
                                  "k♡ 10♧ t♡ 7♢"])
def test_parse_cards_reads_ascii_any_case_commas_or_spaces(text: str) -> None:
    assert format_cards(parse_cards(text)) == "K♥ 10♣ 10♥ 7♦"


def test_every_card_round_trips_through_text() -> None:
    for c in ALL_CARDS:
        assert parse_cards(str(c)) == (c,)
        assert parse_cards(str(c).lower()) == (c,)
    assert parse_cards(format_cards(deck(52))) == deck(52)


def test_parse_cards_passes_cards_through_and_reads_empty_text() -> None:
    hand = parse_cards("A♠ K♠")
    assert parse_cards(hand) == hand
    assert parse_cards(["A♠", "k♠"]) == hand
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()


@pytest.mark.parametrize("text", ["XH", "K", "KX", "11H", "1O♥", "K♥♥", "10", "♥", "KH9H", "0c"])
def test_unreadable_cards_raise_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read") as err:
        parse_cards(f"A♠ {text}")
    assert repr(text) in str(err.value)
    assert "like K♥ or 10c" in str(err.value)


def test_a_duplicate_card_is_refused() -> None:
    with pytest.raises(ValueError, match="K♥ appears twice"):
        parse_cards("KH 9h kh")


def test_a_card_outside_the_rule_sets_deck_is_refused() -> None:
    with pytest.raises(ValueError, match=r"6♥ is not in the 32-card deck"):
        parse_cards("6♥", 32)
    with pytest.raises(ValueError, match="2♣"):
        parse_cards("A♠ K♠ 2c", 32)
    assert format_cards(parse_cards("6♥", 52)) == "6♥"
    assert format_cards(parse_cards("7♥ A♠", 32)) == "7♥ A♠"


@pytest.mark.parametrize(("rank", "suit"), [("X", "♥"), (13, 0), (-1, 0), ("K", "X"), ("K", 4)])
def test_card_refuses_unknown_ranks_and_suits(rank: int | str, suit: int | str) -> None:
    with pytest.raises(ValueError, match="unknown (rank|suit)"):
        card(rank, suit)
