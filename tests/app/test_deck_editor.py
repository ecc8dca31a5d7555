"""The Martial Arts TCG deck editor (issue 12): a card added kind first with only its kind's numbers,
refused with the field and the rule when it cannot be held; copies, duplicates, the live T6 check; CSV
out and back in; a saved deck chosen on New match and played, carried in the stored match."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.deck_editor import DECKS_ENV, DeckEditorViewModel
from companion.rules.martial_arts_tcg import example_deck
from companion.rules.martial_arts_tcg.cards import Kind


def test_a_card_is_added_kind_first_and_a_value_it_cannot_hold_is_refused_with_its_field(tmp_path: Path) -> None:
    editor = DeckEditorViewModel(tmp_path)
    assert not editor.new_deck("  ")
    assert editor.new_deck("Dojo")
    editor.choose_kind(Kind.STRATEGY)
    assert editor.fields() == ["name", "adr", "copies", "effects", "text"]  # a Strategy card prints its ADR only
    editor.choose_kind(Kind.ATTACK)
    assert editor.fields()[:5] == ["name", "atk", "def", "lnk", "cpt"]
    for field, text in (("name", "Palm Strike"), ("atk", "4"), ("def", "1"), ("lnk", "2")):
        editor.set_field(field, text)
    assert not editor.add_card()
    assert editor.message == "Not added: CPT is required for Attack cards (T7)."
    editor.set_field("cpt", "-1")
    assert not editor.add_card() and "below 0" in editor.message  # a negative CPT (T1)
    editor.set_field("cpt", "1")
    editor.set_field("copies", "4")
    assert editor.add_card(), editor.message
    assert editor.card_lines() == [("Palm Strike", "Palm Strike · Attack · ATK 4 DEF 1 LNK 2 CPT 1 · x4")]
    assert editor.check_line().startswith("4 cards in the deck. Not ready: the main deck holds 4 cards")
    assert editor.change_copies("Palm Strike", 1)
    assert "Palm Strike: 5 copies" in editor.check_line()  # at most 4 by name (T6)
    assert editor.duplicate("Palm Strike") and [n for n, _ in editor.card_lines()] == ["Palm Strike", "Palm Strike 2"]
    assert editor.remove("Palm Strike 2") and len(editor.card_lines()) == 1


def test_a_deck_goes_out_as_csv_and_back_and_a_malformed_csv_changes_nothing(tmp_path: Path) -> None:
    editor = DeckEditorViewModel(tmp_path)
    editor.start_from(example_deck(0), "Tiger copy")
    assert editor.check_line().endswith("ready to play (T6).")
    exported = editor.export_csv()
    assert exported is not None and exported[0] == "tiger-copy.csv"
    other = DeckEditorViewModel(tmp_path)
    assert other.new_deck("From a spreadsheet")
    assert other.import_csv(exported[1].decode("utf-8"), "tiger.csv"), other.message
    assert other.card_lines() == editor.card_lines()
    before = other.card_lines()
    assert not other.import_csv("name,kind,atk\nJab,Attack,minus one\n", "bad.csv")
    assert "bad.csv" in other.message and "row" in other.message and other.card_lines() == before
    assert other.save() and (tmp_path / "from-a-spreadsheet.toml").exists()
    assert [deck.name for _, deck in DeckEditorViewModel(tmp_path).saved_decks()] == ["From a spreadsheet"]


def test_a_saved_deck_is_chosen_on_new_match_and_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DECKS_ENV, str(tmp_path))
    editor = DeckEditorViewModel()
    editor.start_from(example_deck(0), "Dojo")
    editor.choose_kind(Kind.ATTACK)
    for field, text in (("name", "Dojo Kick"), ("atk", "5"), ("def", "0"), ("lnk", "3"), ("cpt", "1")):
        editor.set_field(field, text)
    assert editor.add_card() and editor.save(), editor.message
    app = AppViewModel(MemoryStore())
    app.go("new")
    new = app.new_match
    assert new is not None
    new.select_ruleset("matcg")
    assert [row.title for row in new.option_rows()][-2:] == ["Deck 1", "Deck 2"]  # no deck for seats nobody has
    choices = new.deck_choices("deck-1")
    assert [label for label, _ in choices] == ["Deck 1: the example deck", "Deck 1: Dojo (59 cards)"]
    new.set_option("deck-1", choices[1][1])
    new.set_name(0, "Ann")
    new.set_name(1, "Ben")
    assert app.start_match(), new.message
    live = app.live
    assert live is not None and live.summary()["decks"][0] == "Dojo"
    for label in ("Ann: shuffle", "Ben: shuffle", "Ann: starts"):
        live.tap(next(item for item in live.other_actions() if item.label == label))
    live.filter_responses("Dojo Kick")
    [attack] = live.responses()
    assert attack.label == "Ann: attack Dojo Kick"  # the new card is played from Ann's deck
    assert live.tap(attack), live.message
    assert "Ann: attack Dojo Kick" in live.timeline()[-1]


def test_a_tag_of_the_players_own_deck_scanned_offers_the_card_to_play() -> None:
    from companion.app.viewmodels.scan import ScanViewModel
    from tests.app.tag_pictures import png_bytes, tag_frame

    app = AppViewModel(MemoryStore())
    app.go("new")
    new = app.new_match
    assert new is not None
    new.select_ruleset("matcg")
    new.set_name(0, "Ann")
    new.set_name(1, "Ben")
    assert app.start_match(), new.message
    live = app.live
    assert live is not None
    for label in ("Ann: shuffle", "Ben: shuffle", "Ann: starts"):
        live.tap(next(item for item in live.other_actions() if item.label == label))
    live.toggle_picker()
    scan = ScanViewModel(live)
    assert scan.picture(png_bytes(tag_frame("tiger-example", "practice-jab")), "photo"), scan.status
    assert live.picker.text == "Practice Jab"  # Ann plays the Tiger deck: its tag names her card
    assert [item.label for item in live.picker_completions()] == ["Ann: attack Practice Jab"]
    assert not scan.picture(png_bytes(tag_frame("crane-example", "example-palm-strike")), "photo")  # Ben's deck
