"""The screens' view-models, without any Flet client: what the referee sees and what each tap does."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.card_picker import CardPickerViewModel
from companion.app.viewmodels.new_match import NewMatchViewModel
from tests.app.helpers import press, score, start_kendo, to_first_exchange

REPO = Path(__file__).resolve().parents[2]


def test_view_models_import_no_flet() -> None:
    code = ("import sys, companion.app.viewmodels.app, companion.app.storage; "
            "print(sorted(m for m in sys.modules if m == 'flet' or m.startswith('flet.')))")
    found = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def test_new_match_shows_each_option_with_its_explanation_and_ruling() -> None:
    vm = NewMatchViewModel()
    vm.select_ruleset("kendo")
    (row,) = vm.option_rows()
    assert row.name == "brown-answers-brown" and row.title == "Brown answers brown"  # words; the id stays
    assert row.choices == ("attacker-starts", "answerer-starts")
    assert "[S2]" in row.explanation and "Who starts after a brown card" in row.explanation
    vm.set_option("brown-answers-brown", "answerer-starts")
    assert vm.option_rows()[0].value == "answerer-starts"


def test_new_match_refuses_two_players_with_one_name_and_says_what_to_fix() -> None:
    vm = NewMatchViewModel()
    vm.select_ruleset("kendo-shiai")
    vm.set_name(0, "Aiko")
    vm.set_name(1, "aiko")
    assert vm.setup() is None
    assert "same name" in vm.message


def test_choosing_a_side_gives_the_other_player_the_side_left() -> None:
    vm = NewMatchViewModel()
    vm.select_ruleset("kendo-shiai")
    assert vm.sides == ["red", "white"]
    vm.set_side(0, "white")
    assert vm.sides == ["white", "red"]
    vm.set_name(0, "Aiko")
    vm.set_name(1, "Ben")
    setup = vm.setup()
    assert setup is not None and [p.side for p in setup.players] == ["white", "red"]


def test_new_match_suggests_remembered_names() -> None:
    vm = NewMatchViewModel(["Chika", "Daisuke", "Emi"])
    vm.select_ruleset("kendo-shiai")
    assert vm.names == ["Chika", "Daisuke"]
    assert vm.unused_names() == ["Emi"]
    vm.use_name("Emi")
    assert vm.names == ["Chika", "Emi"]


def test_offer_phase_lists_the_acting_players_offers_a_screenful_at_a_time() -> None:
    live = start_kendo(MemoryStore()).live
    assert live is not None
    assert "to offer a brown card" in live.turn_text()
    shown = live.responses()
    assert len(shown) == 12 and all(r.label.startswith("Aiko: offer") for r in shown)
    assert live.hidden_response_count() > 0
    assert [r.label for r in live.other_actions()] == ["Aiko: offer none"]
    live.choose_seat(1)
    assert [r.label for r in live.other_actions()] == ["Ben: offer none"]


def test_ippon_is_announced_scored_undone_and_redone() -> None:
    live = start_kendo(MemoryStore()).live
    assert live is not None
    to_first_exchange(live)
    assert live.turn_text() == "Ben (white) to answer Aiko's attack on MEN"
    assert live.table_lines() == ["Aiko: MEN"]
    why = {r.label: r.explanation for r in live.responses()}
    assert why["Ben: MEN"] == "Why: MEN answers the attack on MEN and ends the exchange [S2]"

    press(live, "Ben: no answer")
    assert [b.title for b in live.banners] == ["IPPON"]
    assert live.banners[0].text == "IPPON to Aiko: Ben had no answer [S3]"
    assert score(live) == (1, 0)

    assert live.undo_preview() == "Undo step 4: Ben: no answer (IPPON)"
    live.undo()
    assert score(live) == (0, 0) and live.banners == []
    assert live.notice.startswith("Undone step 4") and live.message == ""
    assert live.redo_preview() == "Redo step 4: Ben: no answer (IPPON)"
    live.redo()
    assert score(live) == (1, 0)
    assert [b.title for b in live.banners] == ["IPPON"]


def test_illegal_or_unreadable_picker_play_leaves_the_match_untouched() -> None:
    live = start_kendo(MemoryStore()).live
    assert live is not None
    to_first_exchange(live)
    before = live.match.actions

    live.picker.search("kote")
    assert live.picker.results()[0].name == "KOTE"
    live.picker.choose("kote")  # KOTE does not answer an attack on MEN (S1)
    assert not live.play_picked()
    assert live.message.startswith("Not legal now:") and "The match is unchanged." in live.message
    assert live.match.actions == before

    assert not live.play_text("KATANA")
    assert live.message.startswith("Not read: unknown card 'KATANA'")
    assert live.match.actions == before

    live.picker.clear()
    live.picker.choose("men")
    assert live.play_picked()
    assert live.timeline()[-1] == "4. Ben: MEN"
    assert live.turn_text() == "Aiko (red) to start a round"  # the attacker starts the next round (S2)


def test_a_whole_match_ends_with_match_won_and_no_more_responses() -> None:
    store = MemoryStore()
    live = start_kendo(store).live
    assert live is not None
    to_first_exchange(live)
    press(live, "Ben: no answer")
    press(live, "Ben: KOTE")
    press(live, "Aiko: no answer")
    press(live, "Aiko: DO")
    press(live, "Ben: no answer")
    assert [b.title for b in live.banners] == ["IPPON", "MATCH WON"]
    assert live.finished and live.result_text() == "Match won by Aiko (red): two IPPONs (2:1)"
    assert live.responses() == [] and live.other_actions() == []
    (stored,) = store.matches()
    assert stored.finished and stored.result == "Aiko won: two IPPONs (2:1)"


def test_card_picker_searches_names_kinds_and_builds_a_play() -> None:
    picker = CardPickerViewModel.for_catalog("kendo-taikai")
    picker.search("mushin")
    assert [c.name for c in picker.results()] == ["MUSHIN"]
    picker.search("green")
    assert {c.kind for c in picker.results()} == {"green"}
    picker.choose("men-kote")
    picker.choose("mushin")
    assert picker.text == "MEN>KOTE + MUSHIN"
    picker.remove_last()
    assert picker.text == "MEN>KOTE"


def test_history_lists_filters_and_replays_a_stored_match_step_by_step() -> None:
    store = MemoryStore()
    app = start_kendo(store)
    assert app.live is not None
    to_first_exchange(app.live)
    press(app.live, "Ben: no answer")
    start_kendo(store, "Chika", "Daisuke")

    history = app.history
    assert len(history.rows()) == 2
    history.query = "chika"
    (row,) = history.rows()
    assert row.players == ("Chika", "Daisuke")
    history.query = ""
    aiko = next(r for r in history.rows() if "Aiko" in r.players)
    history.open(aiko.id)
    assert history.position == 4
    assert history.scoreboard_at_position()["players"][0]["ippon"] == 1
    history.scrub(3)
    assert history.scoreboard_at_position()["players"][0]["ippon"] == 0
    assert history.timeline()[3] == "4. Ben: no answer  — IPPON to Aiko: Ben had no answer [S3]"


def test_home_offers_to_resume_an_unfinished_match_first_with_its_redo_list(tmp_path: Path) -> None:
    pytest.importorskip("db.live")
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    url = f"sqlite:///{tmp_path / 'shinpan.db'}"
    first = DbStore(open_database(url), "test database")
    app = start_kendo(first)
    assert app.live is not None
    to_first_exchange(app.live)
    press(app.live, "Ben: no answer")
    app.live.undo()

    # The app is closed and opened again on the same file.
    reopened = DbStore(open_database(url), "test database")
    app2 = AppViewModel(reopened)
    entries = app2.home.entries()
    assert entries[0].label == "Resume match" and entries[0].detail == "Aiko vs Ben, 3 actions so far"
    app2.go("live", entries[0].match_id)
    assert app2.live is not None
    assert app2.live.turn_text() == "Ben (white) to answer Aiko's attack on MEN"
    assert app2.live.redo_preview() == "Redo step 4: Ben: no answer (IPPON)"
    app2.live.redo()
    assert score(app2.live) == (1, 0)
    assert reopened.player_names()[:2] in (["Aiko", "Ben"], ["Ben", "Aiko"])


def test_settings_are_kept_between_sessions_and_a_damaged_file_means_defaults(tmp_path: Path) -> None:
    from companion.app.viewmodels.settings import SettingsViewModel

    path = tmp_path / "config" / "settings.json"
    first = SettingsViewModel.load(path)
    first.set_theme("dark")
    first.set_text_scale(1.4)
    first.set_card_language("kanji")
    again = SettingsViewModel.load(path)
    assert (again.theme, again.text_scale, again.card_language) == ("dark", 1.5, "kanji")
    assert again.size(16) == 24.0

    path.write_text("{not json", encoding="utf-8")
    damaged = SettingsViewModel.load(path)
    assert (damaged.theme, damaged.text_scale) == ("system", 1.0)


def test_history_charts_score_and_penalties_and_counts_each_players_results(tmp_path: Path) -> None:
    pytest.importorskip("db.live")
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    live = start_kendo(store).live
    assert live is not None
    to_first_exchange(live)
    press(live, "Ben: no answer")
    press(live, "Ben: KOTE")
    press(live, "Aiko: no answer")
    press(live, "Aiko: DO")
    press(live, "Ben: no answer")

    history = AppViewModel(store).history
    (row,) = history.rows()
    history.open(row.id)
    lines = {(s.label, s.kind): s.values for s in history.series()}
    assert lines[("Aiko (red)", "ippon")] == (0, 0, 0, 0, 1, 1, 1, 1, 2)
    assert lines[("Ben (white)", "ippon")] == (0, 0, 0, 0, 0, 0, 1, 1, 1)
    assert lines[("Ben (white)", "hansoku")] == (0,) * 9
    assert [history.stats_text(r) for r in history.stats()] == [
        "Aiko · kendo-shiai: 1 played, 1 won, 0 lost, 0 drawn",
        "Ben · kendo-shiai: 1 played, 0 won, 1 lost, 0 drawn",
    ]
    exported = history.export_opened()
    assert exported is not None and exported.name.endswith("Aiko-v-Ben.txt")
    assert "result: Aiko won" in exported.text and "8. Ben: no answer" in exported.text
    assert '"matches"' in history.export_all().text


def test_a_ruleset_for_two_to_four_players_lets_players_be_added_and_removed() -> None:
    vm = NewMatchViewModel(["Aiko"])
    vm.select_ruleset("mace")
    assert vm.names == ["Aiko", "Player 1"] and not vm.can_remove_player()
    vm.add_player()
    vm.add_player()
    assert vm.names == ["Aiko", "Player 1", "Player 2", "Player 3"] and not vm.can_add_player()
    vm.remove_player()
    setup = vm.setup()
    assert setup is not None and len(setup.players) == 3
    vm.set_option("start-radius", "many")
    assert "whole number" in vm.message


def test_forfeit_needs_a_second_tap_and_a_rematch_keeps_players_and_rules() -> None:
    app = start_kendo(MemoryStore())
    live = app.live
    assert live is not None
    assert app.new_match is not None
    to_first_exchange(live)
    assert not live.forfeit(1) and not live.finished
    assert live.forfeit_label(1) == "Tap again to confirm: Ben (white) forfeits"
    assert live.forfeit(1) and live.finished
    assert live.result_text() == "Match won by Aiko (red): Ben forfeited"
    app.rematch()
    assert app.route == "new" and app.new_match is not None
    assert app.new_match.names == ["Aiko", "Ben"] and app.new_match.ruleset_id == "kendo-shiai"


def test_backup_copies_the_database_file_and_memory_says_there_is_nothing_to_copy(tmp_path: Path) -> None:
    pytest.importorskip("db.backup")
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    app = start_kendo(store)
    app.backup_now()
    assert app.settings.notice.startswith(f"Backed up to {tmp_path / 'backups'}")
    (copy,) = (tmp_path / "backups").glob("*.db")
    assert [m.players for m in DbStore(open_database(f"sqlite:///{copy}"), "copy").matches()] == [("Aiko", "Ben")]

    memory = start_kendo(MemoryStore())
    memory.backup_now()
    assert memory.settings.notice == "No backup made: matches are only in memory: there is no database to back up."


def test_a_match_changed_on_another_device_is_refused_here_until_reloaded(tmp_path: Path) -> None:
    pytest.importorskip("db.live")
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    url = f"sqlite:///{tmp_path / 'shinpan.db'}"
    phone = start_kendo(DbStore(open_database(url), "phone"))
    assert phone.live is not None
    to_first_exchange(phone.live)
    tablet = AppViewModel(DbStore(open_database(url), "tablet"))
    tablet.go("live", phone.live.match_id)
    assert tablet.live is not None

    press(phone.live, "Ben: no answer")  # the phone records the IPPON
    before = tablet.live.match.actions
    tablet.live.filter_responses("MEN")
    assert not tablet.live.choose(tablet.live.responses()[0].index)  # the tablet still shows step 3
    message = tablet.live.message
    assert message.startswith("Not saved, so not recorded:")
    assert message.endswith("The screen now shows the match as stored.")
    # Nothing half-recorded: the tablet now shows the phone's IPPON, not its own refused play.
    assert tablet.live.match.actions[:3] == before and len(tablet.live.match.actions) == 4
    assert score(tablet.live) == (1, 0) and not tablet.live.save_failed
    tablet.live.reload()
    assert tablet.live.notice == "Reloaded: 4 actions as stored."


def test_a_stored_match_the_rules_no_longer_accept_is_explained_not_crashed_on(tmp_path: Path) -> None:
    """A rules change can make an old match unreplayable: History says so and points at the JSON export."""
    import sqlite3

    pytest.importorskip("db.live")
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    database = tmp_path / "shinpan.db"
    store = DbStore(open_database(f"sqlite:///{database}"), "test database")
    live = start_kendo(store).live
    assert live is not None
    to_first_exchange(live)
    history = AppViewModel(store).history
    (row,) = history.rows()
    history.open(row.id)
    with sqlite3.connect(database) as raw:  # as if a later version had renamed the card
        raw.execute("UPDATE match_actions SET notation = 'offer ZANSHIN 4' WHERE seq = 1")
    assert history.export_opened() is None
    assert "ZANSHIN" in history.message and "JSON" in history.message
    history.close()
    history.open(row.id)
    assert history.opened is None and "JSON" in history.message
    assert '"matches"' in history.export_all().text


def test_a_setting_that_cannot_be_saved_says_so(tmp_path: Path) -> None:
    from companion.app.viewmodels.settings import SettingsViewModel

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the config folder should be")
    settings = SettingsViewModel.load(blocker / "settings.json")
    settings.set_text_scale(2.0)
    assert settings.text_scale == 2.0
    assert settings.notice.startswith("Not saved (") and "until the app closes" in settings.notice


def test_each_screen_has_an_address_that_opens_it_again_and_an_unknown_one_is_home(tmp_path: Path) -> None:
    """Back, a reload, a phone back after its network dropped, or a link to one match: the address
    names the screen, and a new session opened at it shows that screen as stored."""
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    url = f"sqlite:///{tmp_path / 'shinpan.db'}"
    app = start_kendo(DbStore(open_database(url), "test database"))
    assert app.live is not None
    to_first_exchange(app.live)
    address = app.location
    assert address == f"/match/{app.live.match_id}"

    elsewhere = AppViewModel(DbStore(open_database(url), "test database"))  # a new session, as after a drop
    elsewhere.open_location(address)
    assert elsewhere.route == "live" and elsewhere.live is not None
    assert elsewhere.live.turn_text() == "Ben (white) to answer Aiko's attack on MEN"
    elsewhere.open_location("/history")
    assert (elsewhere.route, elsewhere.location) == ("history", "/history")
    elsewhere.open_location("/match/99999")
    assert elsewhere.route == "home" and "99999" not in elsewhere.location
    elsewhere.open_location("/no/such/screen")
    assert elsewhere.route == "home" and elsewhere.location == "/"


def test_a_match_left_for_another_stops_being_followed(tmp_path: Path) -> None:
    from companion.app.background_session import BackgroundSession
    from companion.app.db_adapter import DbStore
    from db.engine import open_database

    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    store.background_writes = True  # as served: each live match writes on a thread of its own
    app = start_kendo(store)
    first = app.live
    assert first is not None
    to_first_exchange(first)
    app.go("new")
    assert app.new_match is not None
    assert app.start_match()
    session = first.session
    assert isinstance(session, BackgroundSession)
    deadline = time.monotonic() + 5
    while session.following and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not session.following  # no thread left polling the database for a match nobody shows
    reopened = AppViewModel(DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database"))
    reopened.go("live", first.match_id)
    assert reopened.live is not None and len(reopened.live.match.actions) == 3  # and what it queued is stored


def test_a_declaration_that_concedes_a_trigger_says_so_and_the_banner_offers_undo_at_once() -> None:
    app = start_kendo(MemoryStore())
    live = app.live
    assert live is not None
    to_first_exchange(live)
    [no_answer] = live.other_actions()
    assert live.button_text(no_answer) == "Ben: no answer (IPPON to the opponent)"
    assert all(live.button_text(item) == item.label for item in live.responses())  # card plays stay as they are
    assert live.banner_undo_label() == ""
    press(live, "Ben: no answer")
    assert [b.title for b in live.banners] == ["IPPON"]
    assert live.banner_undo_label() == "Undo it: step 4: Ben: no answer (IPPON)"
    live.undo()
    assert score(live) == (0, 0) and live.banners == [] and live.banner_undo_label() == ""


def test_a_fast_double_tap_is_taken_once_and_never_as_the_other_players_move() -> None:
    app = start_kendo(MemoryStore())
    live = app.live
    assert live is not None
    to_first_exchange(live)
    shown = live.other_actions() + live.responses()  # the list the referee sees when tapping twice
    tapped = next(item for item in shown if item.label == "Ben: MEN>KOTE")
    assert live.tap(tapped)
    recorded = len(live.match.actions)
    assert not live.tap(tapped)  # the second tap of the pair lands on the old list
    assert len(live.match.actions) == recorded and "not taken" in live.notice
    assert live.turn_text() == "Aiko (red) to answer Ben's attack on KOTE"
