"""Entering owner values without a browser: saved to a real file, read back, refused as the loader refuses."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from companion.app.db_adapter import DbStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.decks import DecksViewModel
from companion.app.viewmodels.live import LiveViewModel
from companion.app.viewmodels.new_match import NewMatchViewModel
from companion.app.viewmodels.owner_values import OWNER_VALUES_ENV, OwnerValuesViewModel
from companion.rules.catalog import load_catalog
from companion.rules.errors import InvalidSetup
from companion.rules.kenpo.cards import kenpo_cards
from companion.rules.owner_files import open_any_owner_file, open_owner_files_only_under
from companion.rules.registry import get_ruleset
from db.engine import open_database


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
    lines = decks.card_lines()
    assert any(line.startswith("Front Kick") and line.endswith("· 3 (your count)") for line in lines), lines
    assert not any(line.startswith("Front Kick") and "count unknown" in line for line in lines)

    new = NewMatchViewModel()
    new.select_ruleset("kenpo-masters")
    choices = new.owner_value_choices("owner-values")
    assert [label for label, _ in choices] == ["none", "my deck's values (1 entered)"]
    new.set_option("owner-values", choices[1][1])
    setup = new.setup()
    assert setup is not None
    # The match carries the saved values' text (KPD15), not the path of the file the Decks editor rewrites.
    assert setup.option_map["owner-values"] == (tmp_path / "kenpo-masters.toml").read_text()
    assert setup.rules == 2


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


FRONT_KICK_ARROWS = ("arrow-front-right", "arrow-left", "arrow-right", "arrow-back-left", "arrow-back-right",
                     "arrow-back")


def save_front_kick_arrows(folder: Path, value: int) -> Path:
    editor = OwnerValuesViewModel("kenpo-masters", folder)
    for field in FRONT_KICK_ARROWS:
        editor.set_text("front-kick", field, str(value))
    assert editor.save(), editor.message
    return editor.path


def start_kenpo(database: Path, owner_values: str) -> AppViewModel:
    app = AppViewModel(DbStore(open_database(f"sqlite:///{database}"), "test database"))
    app.go("new")
    assert app.new_match is not None
    app.new_match.select_ruleset("kenpo-masters")
    app.new_match.set_name(0, "Yui")
    app.new_match.set_name(1, "Ren")
    app.new_match.set_option("owner-values", owner_values)
    assert app.start_match(), app.new_match.message
    return app


def play(live: LiveViewModel, *texts: str) -> None:
    for text in texts:
        assert live.play_text(text, 0), (text, live.message)


def threat(live: LiveViewModel) -> list[tuple[tuple[int, ...], object]]:
    squares = live.board()["extras"]["threat_map"]["squares"]
    return sorted((tuple(s["square"]), s.get("total")) for s in squares if s.get("attacks"))


def test_a_match_started_with_the_saved_values_keeps_them_when_the_decks_editor_saves_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "owner-values"
    monkeypatch.setenv(OWNER_VALUES_ENV, str(folder))
    saved = save_front_kick_arrows(folder, 2)
    original = saved.read_bytes()
    new = NewMatchViewModel()
    new.select_ruleset("kenpo-masters")
    app = start_kenpo(tmp_path / "shinpan.db", new.owner_value_choices("owner-values")[1][1])
    live = app.live
    assert live is not None
    play(live, "starts", "Front Kick forward", "end")
    before = threat(live)
    assert ((2, 2), 2) in before  # the Front Kick's owner value 2, as saved when the match started

    save_front_kick_arrows(folder, 7)  # meanwhile, on the Decks screen
    assert saved.read_bytes() != original
    assert threat(live) == before
    # History and a resumed match replay it with the values it was played with, not today's file.
    app.go("live", live.match_id)
    assert app.live is not None and threat(app.live) == before
    assert live.match.setup.option_map["owner-values"] == original.decode("utf-8")  # carried, KPD15


def test_a_match_started_with_the_saved_values_goes_on_after_the_working_file_is_moved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "owner-values"
    monkeypatch.setenv(OWNER_VALUES_ENV, str(folder))
    saved = save_front_kick_arrows(folder, 3)
    app = start_kenpo(tmp_path / "shinpan.db", str(saved))  # the saved file's own path: the same values
    live = app.live
    assert live is not None
    play(live, "starts", "Front Kick forward")
    os.rename(saved, saved.with_suffix(".moved"))  # the folder is synced or cleaned up
    play(live, "end")
    assert len(live.match.actions) == 3 and not live.save_failed
    app.go("live", live.match_id)
    assert app.live is not None and len(app.live.match.actions) == 3
    assert ((2, 2), 3) in threat(app.live)


def test_a_match_carries_its_owner_values_so_it_replays_after_the_whole_folder_is_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "owner-values"
    monkeypatch.setenv(OWNER_VALUES_ENV, str(folder))
    saved = str(save_front_kick_arrows(folder, 2).resolve())
    app = start_kenpo(tmp_path / "shinpan.db", saved)
    live = app.live
    assert live is not None
    play(live, "starts", "Front Kick forward", "end")
    before = threat(live)
    assert ((2, 2), 2) in before

    shutil.rmtree(folder)  # another phone, a cleaned-up data folder: the file is nowhere
    assert not folder.exists()
    app.go("live", live.match_id)
    assert app.live is not None and threat(app.live) == before
    assert app.live.play_text("rest", 1), app.live.message  # Ren's turn: the match goes on
    assert len(app.live.match.actions) == 4 and not app.live.save_failed


def test_a_typed_owner_file_path_is_refused_and_the_saved_values_are_the_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(OWNER_VALUES_ENV, str(tmp_path / "owner-values"))
    own = save_front_kick_arrows(tmp_path / "my-deck", 3)  # a file outside the Decks screen's folder
    new = NewMatchViewModel()
    new.select_ruleset("kenpo-masters")
    for typed in (str(own), "/etc/shadow", "../../etc/passwd"):  # what a remote user could send
        new.set_option("owner-values", typed)
        assert "Decks screen" in new.message
        assert new.options["owner-values"] == ""
    setup = new.setup()
    assert setup is not None and setup.option_map["owner-values"] == ""


def test_a_served_app_opens_no_owner_file_outside_its_folders_and_says_the_same_whether_it_exists(
        tmp_path: Path) -> None:
    folder = tmp_path / "owner-values"
    saved = save_front_kick_arrows(folder, 2)
    outside = save_front_kick_arrows(tmp_path / "elsewhere", 2)
    open_owner_files_only_under(folder)
    try:
        answers = []
        for name in (str(outside), str(tmp_path / "no-such.toml"), "/etc/shadow", f"{folder}/../elsewhere/x.toml"):
            with pytest.raises(InvalidSetup) as refused:
                kenpo_cards(name)
            answers.append(str(refused.value).replace(repr(name[:80]), "NAME"))
        assert len(set(answers)) == 1 and "Decks screen" in answers[0]
        assert kenpo_cards(str(saved))["front-kick"].arrows["back"] == 2  # the Decks screen's own file
        assert kenpo_cards("docs/examples/kenpo-owner-values.toml")  # shipped with Shinpan
    finally:
        open_any_owner_file()
    assert kenpo_cards(str(outside))  # the command line opens the user's own files


def test_a_revision_1_match_whose_owner_file_is_missing_is_explained_with_the_match_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match stored before KPD15 (rules revision 1) names its owner file by path; when that file
    is gone the referee is told, nothing stored changes, and the match goes on once it is back."""
    folder = tmp_path / "owner-values"
    monkeypatch.setenv(OWNER_VALUES_ENV, str(folder))
    saved = save_front_kick_arrows(folder, 3).resolve()
    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    setup = get_ruleset("kenpo-masters").make_setup(["Yui", "Ren"], {"owner-values": str(saved)}, rules=1)
    assert setup.option_map["owner-values"] == str(saved)  # revision 1 keeps the path
    match_id, _ = store.start(setup)
    app = AppViewModel(store)
    app.go("live", match_id)
    live = app.live
    assert live is not None
    play(live, "starts", "Front Kick forward")

    os.rename(saved, saved.with_suffix(".moved"))
    assert not live.play_text("end", 0)
    assert live.message.startswith("The rules could not apply it: owner values file")
    assert "not found" in live.message and "The match is unchanged." in live.message
    assert "Not saved" not in live.message and not live.save_failed
    assert len(live.match.actions) == 2

    os.rename(saved.with_suffix(".moved"), saved)  # put back: the same match goes on, nothing was lost
    play(live, "end")
    app.go("live", live.match_id)
    assert app.live is not None and len(app.live.match.actions) == 3
    assert ((2, 2), 3) in threat(app.live)
