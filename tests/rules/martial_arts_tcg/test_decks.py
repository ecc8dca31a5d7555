"""Owner-built decks (T6, T7, T26): files validated on load, the T6 check, TOML and CSV both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import CatalogError, InvalidSetup
from companion.rules.martial_arts_tcg import example_deck
from companion.rules.martial_arts_tcg.cards import Kind, Verb, Who, check_deck, parse_effect
from companion.rules.martial_arts_tcg.deck_csv import DeckCsvError, cards_from_csv, deck_from_csv, deck_to_csv
from companion.rules.martial_arts_tcg.deck_toml import deck_from_toml, deck_to_toml, load_deck, save_deck
from tests.rules.martial_arts_tcg.helpers import RULESET

HEAD = '[deck]\nid = "mine"\nname = "Mine"\n'


def _attack(name: str, copies: int, atk: str = "3", extra: str = "") -> str:
    return (f'\n[[card]]\nname = "{name}"\nkind = "Attack"\natk = {atk}\ndef = 1\nlnk = 2\ncpt = 1\n'
            f'copies = {copies}\n{extra}')


def _deck(*cards: str) -> str:
    return HEAD + "".join(cards)


def test_the_example_decks_pass_t6_and_are_clearly_example_cards() -> None:
    for seat in (0, 1):
        deck = example_deck(seat)
        assert check_deck(deck) == [] and check_deck(deck, anything_goes=True) == []
        assert "not cards of the published game" in deck.note
        assert all(card.text.startswith("Example card") for card in deck.cards)


def test_t6_a_deck_of_49_cards_or_five_copies_says_what_is_wrong() -> None:
    text = _deck(*(_attack(f"Card {n}", 4) for n in range(12)), _attack("Last", 1))
    problems = check_deck(deck_from_toml(text))
    assert [str(p) for p in problems] == ["the main deck holds 49 cards; a deck holds at least 50 [T6]"]
    text = _deck(*(_attack(f"Card {n}", 4) for n in range(12)), _attack("Last", 5))
    assert [str(p) for p in check_deck(deck_from_toml(text))] == ["Last: 5 copies; at most 4 of a card by name [T6]"]
    with pytest.raises(InvalidSetup, match=r"option deck-1: deck 'Mine': Last: 5 copies"):
        RULESET.make_setup(["Ann", "Ben"], {"deck-1": text})


def test_t26_the_sideboard_joins_in_anything_goes_but_counts_toward_four_copies() -> None:
    weapon = _attack("Staff", 0, extra='special = "Weapon"\nsideboard = 2\n')
    text = _deck(*(_attack(f"Card {n}", 4) for n in range(12)), _attack("Staff", 3), "")
    assert check_deck(deck_from_toml(text)) == []
    text = _deck(*(_attack(f"Card {n}", 4) for n in range(13)), weapon)
    deck = deck_from_toml(text)
    assert check_deck(deck, anything_goes=True) == [] and deck.main_count == 52
    bad = _deck(*(_attack(f"Card {n}", 4) for n in range(13)), _attack("Staff", 3, extra='sideboard = 2\n'))
    assert "5 copies (3 in the deck, 2 in the sideboard)" in str(check_deck(deck_from_toml(bad))[0])
    in_main = _deck(*(_attack(f"Card {n}", 4) for n in range(13)), _attack("Club", 1, extra='special = "Weapon"\n'))
    assert "stays in the sideboard" in str(check_deck(deck_from_toml(in_main))[0])


@pytest.mark.parametrize(("text", "message"), [
    (_deck(_attack("Punch", 4, atk="-1")), "mine.toml, card 'Punch', field 'atk': -1 is below 0"),
    (_deck('\n[[card]]\nname = "Block"\nkind = "Defense"\nlnk = 2\n'),
     "mine.toml, card 'Block', field 'def': is required for Defense cards (T7)"),
    (_deck('\n[[card]]\nname = "Odd"\nkind = "Trick"\n'), "card 'Odd', field 'kind': 'Trick' is not one of"),
    (_deck(_attack("Punch", 4, extra='effects = ["fly 3"]\n')), "field 'effects': 'fly' is not an effect"),
    (_deck(_attack("Punch", 4), _attack("punch", 1)), "card 'punch', field 'name': another card has the same name"),
    (_deck(_attack("Punch", 4, extra="colour = 3\n")), "field 'colour': is not a card field"),
    ('[deck]\nname = "x"\n' + _attack("Punch", 4), "mine.toml, field 'id': [deck] is required text"),
    ("[deck\n", "mine.toml: is not valid TOML"),
])
def test_a_bad_deck_file_is_named_by_file_card_and_field(text: str, message: str) -> None:
    with pytest.raises(CatalogError) as raised:
        deck_from_toml(text, "mine.toml")
    assert message in str(raised.value)


def test_effects_are_read_with_their_defaults() -> None:
    assert parse_effect("heal 2").who is Who.SELF and parse_effect("damage 1").who is Who.OPPONENT
    assert parse_effect("draw 1", Kind.EVENT).who is Who.BOTH
    assert parse_effect("health -3").verb is Verb.DAMAGE and parse_effect("ADR +1").amount == 1
    assert parse_effect("cancel the next card").verb is Verb.CANCEL
    assert parse_effect("end the attack").verb is Verb.END_ATTACK
    assert parse_effect("draw 1 on hit").on_hit


def test_toml_and_csv_round_trip(tmp_path: Path) -> None:
    deck = example_deck(0)
    assert deck_from_toml(deck_to_toml(deck)) == deck
    path = save_deck(deck, tmp_path / "tiger.toml")
    assert load_deck(path) == deck
    csv_text = deck_to_csv(deck)
    assert csv_text.splitlines()[0] == "name,style,kind,special,atk,def,lnk,cpt,adr,copies,sideboard,effects,text,id"
    again = deck_from_csv(csv_text, deck_id=deck.deck_id, name=deck.name, owner=deck.owner, note=deck.note)
    assert again == deck


@pytest.mark.parametrize(("text", "message"), [
    ("name,kind,atk\nPunch,Attack,3\n", "deck.csv, row 2, column 'def': is required for Attack cards (T7)"),
    ("name,kind,atk,def,lnk,cpt\nPunch,Attack,3,1,2,1\nKick,Attack,x,1,2,1\n",
     "deck.csv, row 3, column 'atk': must be a whole number, not 'x'"),
    ("name,kind,atk,def,lnk,cpt\nPunch,Attack,-2,1,2,1\n", "row 2, column 'atk': -2 is below 0"),
    ("name,colour\nPunch,red\n", "deck.csv, row 1: column 2 is headed 'colour', which is no card field"),
    ("name,atk\nPunch,3\n", "deck.csv, row 1: the header has no 'kind' column"),
    ("name,kind\nPunch,Event,extra\n", "deck.csv, row 2: the row has 3 cells and the header 2"),
    ("", "deck.csv: is empty"),
    ("name,kind\n\n", "deck.csv: holds no card rows"),
])
def test_a_malformed_csv_names_its_row_and_column(text: str, message: str) -> None:
    with pytest.raises(DeckCsvError) as raised:
        cards_from_csv(text)
    assert message in str(raised.value)


def test_a_spreadsheet_csv_with_a_byte_order_mark_and_effects_in_one_cell_reads() -> None:
    cards = cards_from_csv("\ufeffName,Kind,ADR,Copies,Effects\nFocus,strategy,1,3,draw 2; heal 1\n")
    assert cards[0].kind is Kind.STRATEGY and [e.text for e in cards[0].effects] == ["draw 2 self", "heal 1 self"]
