"""The History screen's words for an opened match are the words of the match list."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.db_adapter import DbStore
from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
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
