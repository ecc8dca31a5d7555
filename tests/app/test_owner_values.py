"""Entering owner values without a browser: saved to a real file, read back, refused as the loader refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.viewmodels.decks import DecksViewModel
from companion.app.viewmodels.new_match import NewMatchViewModel
from companion.app.viewmodels.owner_values import OWNER_VALUES_ENV, OwnerValuesViewModel
from companion.rules.catalog import load_catalog
from companion.rules.kenpo.cards import kenpo_cards


def test_each_unknown_owner_value_is_listed_with_its_meaning_and_what_is_allowed(tmp_path: Path) -> None:
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    rows = {(r.card_id, r.field): r for r in vm.rows()}
    assert len(rows) == len(load_catalog("kenpo-masters").unknown_values())
    arrow = rows[("front-kick", "arrow-front-right")]
    assert arrow.label == "Front Kick: arrow-front-right"
    assert "damage (+) or prevention (-)" in arrow.description
    assert arrow.allowed == "a whole number, -20 to 20"
    assert "Kick" in rows[("front-kick", "qualifiers")].allowed
    assert ("front-kick", "implied-qualifiers") not in rows  # the rulebook gives it: not the owner's
    assert all(r.entered == "" for r in rows.values())


def test_saved_values_are_written_as_an_override_file_and_load_back(tmp_path: Path) -> None:
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    vm.set_text("front-kick", "count", "3")
    vm.set_text("front-kick", "qualifiers", "Kick")
    vm.set_text("front-kick", "move-back", "no")
    vm.set_text("front-kick", "arrow-front-right", "2")
    assert vm.save(), vm.message
    assert "4 owner values entered" in vm.message
    saved = tmp_path / "kenpo-masters.toml"
    # The file is one the catalog loader and the Kenpo rules read as they read an owner's own file.
    catalog = load_catalog("kenpo-masters", [saved])
    front_kick = catalog.card("front-kick")
    assert front_kick.count.value == 3 and front_kick.value("arrow-front-right") == 2
    assert kenpo_cards(str(saved))["front-kick"].qualifiers == ("Kick",)

    again = OwnerValuesViewModel("kenpo-masters", tmp_path)
    entered = {(r.card_id, r.field): r.entered for r in again.rows() if r.entered}
    assert entered == {("front-kick", "count"): "3", ("front-kick", "qualifiers"): "Kick",
                       ("front-kick", "move-back"): "no", ("front-kick", "arrow-front-right"): "2"}
    assert again.entered_count() == 4

    again.set_text("front-kick", "move-back", "")  # an emptied box forgets the value
    assert again.save()
    assert ("front-kick", "move-back") not in {(r.card_id, r.field) for r in again.rows() if r.entered}


def test_an_out_of_range_value_is_refused_with_the_catalogs_message_and_the_file_kept(tmp_path: Path) -> None:
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    assert vm.enter("jab", "count", "3")
    saved = tmp_path / "kenpo-masters.toml"
    before = saved.read_bytes()
    assert not vm.enter("front-kick", "arrow-front-right", "25")
    assert "card 'front-kick', field 'arrow-front-right': 25 is above the most allowed, 20" in vm.message
    assert "unchanged" in vm.message
    assert saved.read_bytes() == before
    assert not vm.enter("jab", "count", "three")
    assert "cannot be read" in vm.message and saved.read_bytes() == before
    assert OwnerValuesViewModel("kenpo-masters", tmp_path).entered == {"jab": {"count": 3}}


def test_a_value_the_rulebook_gives_or_contradicts_is_refused(tmp_path: Path) -> None:
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    assert not vm.enter("jab", "move-forward", "+2")
    assert "field 'move-forward': comes from the rulebook, not the owner" in vm.message
    # The Kenpo rules' own check: the rulebook shows the Front Kick is a Kick (K9).
    assert not vm.enter("front-kick", "qualifiers", "Punch")
    assert "must include Kick" in vm.message and "K9" in vm.message
    assert not (tmp_path / "kenpo-masters.toml").exists()


def test_a_damaged_saved_file_is_said_and_kept_aside_on_the_next_save(tmp_path: Path) -> None:
    saved = tmp_path / "kenpo-masters.toml"
    saved.write_text("[card.front-kick\ncount = 3\n")
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    assert "could not be read" in vm.message and vm.entered_count() == 0
    assert vm.enter("jab", "count", "2")
    assert (tmp_path / "kenpo-masters.damaged").read_text().startswith("[card.front-kick")


def test_decks_count_the_entered_values_and_new_match_offers_the_saved_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(OWNER_VALUES_ENV, str(tmp_path))
    decks = DecksViewModel()
    decks.open("kenpo-masters")
    total = len(load_catalog("kenpo-masters").unknown_values())
    assert decks.summary_line().endswith(f"{total} owner values still to enter, 0 entered")
    editor = decks.open_owner_values()
    assert editor.enter("front-kick", "count", "3")
    decks.close_owner_values()
    assert decks.summary_line().endswith(f"{total - 1} owner values still to enter, 1 entered")

    new = NewMatchViewModel()
    new.select_ruleset("kenpo-masters")
    choices = new.owner_value_choices("owner-values")
    assert [label for label, _ in choices] == ["none", "my deck's values (1 entered)"]
    new.set_option("owner-values", choices[1][1])
    setup = new.setup()
    assert setup is not None and setup.option_map["owner-values"] == str(tmp_path / "kenpo-masters.toml")


def test_the_editor_shows_one_card_at_a_time_and_keeps_typed_text_until_saved(tmp_path: Path) -> None:
    vm = OwnerValuesViewModel("kenpo-masters", tmp_path)
    labels = dict(vm.card_choices())
    assert labels["jab"] == "Jab (0 of 12 entered)"
    vm.select_card("jab")
    assert {r.card_id for r in vm.card_rows()} == {"jab"}
    count = next(r for r in vm.card_rows() if r.field == "count")
    vm.set_text("jab", "count", "2")
    vm.select_card("block")
    assert vm.text(count) == "2"  # still typed, not yet saved
    assert not (tmp_path / "kenpo-masters.toml").exists()
    assert vm.save()
    assert dict(vm.card_choices())["jab"] == "Jab (1 of 12 entered)"
