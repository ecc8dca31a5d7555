"""The History screen's words for an opened match are the words of the match list."""

from __future__ import annotations

from companion.app.storage import MemoryStore
from companion.app.viewmodels.app import AppViewModel
from tests.app.helpers import press, start_kendo, to_first_exchange


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
