"""The History screen's words for an opened match are the words of the match list."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.db_adapter import DbStore
from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.history import HistoryViewModel
from db.engine import open_database
from db.live import DurableMatch
from tests.app.helpers import press, start_kendo, to_first_exchange
from tests.db.conftest import kendo_setup, play_to_end


def test_an_opened_match_reads_its_result_as_the_list_does() -> None:
    store = MemoryStore()
    live = start_kendo(store).live
    assert live is not None
    to_first_exchange(live)
    history = AppViewModel(store).history
    (row,) = history.rows()
    history.open(row.id)
    assert history.opened_result() == "in progress"
    for label in ("Ben: no answer", "Ben: KOTE", "Aiko: KOTE>MEN", "Ben: no answer"):
        press(live, label)
    (row,) = history.rows()
    history.open(row.id)
    assert history.opened_result() == row.result == "Aiko won: two IPPONs (2:0)"


def test_the_players_figures_follow_the_history_filter(tmp_path: Path) -> None:
    """The same query as `shinpan stats` (db.stats.player_records), narrowed by what the filter names."""
    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    for seed, names in enumerate((("Aiko", "Ben"), ("Chie", "Dai"))):
        with DurableMatch.start(store.engine, kendo_setup(names, seed)) as live:
            play_to_end(live, random.Random(seed))
    history = AppViewModel(store).history
    assert {row.player for row in history.stats()} == {"Aiko", "Ben", "Chie", "Dai"}
    history.query = "chie"
    assert [row.player for row in history.stats()] == ["Chie"]
    history.query = "kendo"
    assert len(history.stats()) == 4
    history.query = "Ai"  # not a whole name: every player's figures, as the CLI without --player
    assert len(history.stats()) == 4
    assert all(row.streak in {"W1", "L1"} for row in history.stats())


def test_the_cards_figures_follow_the_filter_in_the_database_and_in_memory(tmp_path: Path) -> None:
    """The app's Cards figures are `shinpan stats`' (db.card_stats), and the in-memory store counts the same."""
    for store in (DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database"), MemoryStore()):
        app = start_kendo(store, "Aiko", "Ben")
        live = app.live
        assert live is not None
        for text, seat in (("offer MEN 4", 0), ("offer none", 1), ("MEN", 0), ("no answer", 1)):
            assert live.play_text(text, seat), live.message
        history = HistoryViewModel(store)
        rows = {row.card: row for row in history.card_stats()}
        # offered to choose who starts, then played as the attack that scored
        assert rows["men"].played == 2 and rows["men"].ippons == 1 and rows["men"].answered == 0
        assert history.card_text(rows["men"]).startswith("MEN · kendo-shiai: played 2, 1 IPPON, ")
        history.query = "Ben"  # Ben played no card that scored
        assert all(row.ippons == 0 for row in history.card_stats())
        history.query = "kendo-shiai"
        assert "men" in {row.card for row in history.card_stats()}
