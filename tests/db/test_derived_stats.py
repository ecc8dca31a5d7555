"""The statistics kept as matches change equal the ones rebuilt from the event log, whatever happened:
random matches with undo, redo, reopening a finished match, deletion and import (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session

from companion.rules.record import read_record
from db.live import DurableMatch
from db.repository import delete_match
from db.stats import card_records, head_to_head, player_records, ruleset_records
from db.stats_rebuild import disagreements, rebuild
from db.transfer import export_record, import_text
from tests.db.conftest import kendo_setup
from tests.db.test_history import KNOWN_MATCH

NAMES = ("Aiko", "Ben", "Chie", "Dai")


def _figures(engine: Engine) -> dict[str, Any]:
    """Everything `shinpan stats` shows, for all, one player, a pair and a period."""
    with Session(engine) as session:
        return {
            "players": player_records(session=session),
            "aiko": player_records(session=session, player="aiko"),
            "pair": head_to_head("Aiko", None, session=session),
            "cards": card_records(session=session),
            "ben's cards": card_records(session=session, player="Ben"),
            "period": card_records(session=session, since=date(2000, 1, 1), until=date(2999, 1, 1)),
            "period players": player_records(session=session, since=date(2000, 1, 1)),
            "rulesets": ruleset_records(session=session),
        }


def _derived_rows(engine: Engine) -> dict[str, list[Any]]:
    with engine.connect() as connection:
        return {table: [tuple(r) for r in connection.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2, 3"))]
                for table in ("stats_cards", "stats_players", "stats_streaks")}


def _random_history(engine: Engine, rng: random.Random) -> list[int]:
    """Twelve matches played, taken back and played on at random; most finish, some reopen first."""
    kept = []
    for number in range(12):
        names = tuple(rng.sample(NAMES, 2))
        with DurableMatch.start(engine, kendo_setup((names[0], names[1]), number)) as live:
            for _ in range(400):
                finished = live.match.outcome().finished
                roll = rng.random()
                if live.match.actions and (roll < 0.15 or (finished and roll < 0.5)):
                    live.undo()  # a finished match taken back reopens
                elif live.match.redo_actions and roll < 0.3:
                    live.redo()
                elif finished:
                    break
                else:
                    live.push(rng.choice(live.match.legal_responses()).action)
                if number % 4 == 3 and len(live.match.actions) > 12:
                    break  # left in progress
            kept.append(live.match_id)
    return kept


def test_incremental_statistics_equal_a_rebuild_after_undo_redo_deletion_and_import(engine: Engine) -> None:
    rng = random.Random(2026)
    ids = _random_history(engine, rng)
    with Session(engine) as session, session.begin():
        again = export_record(ids[0], session=session)
        delete_match(ids[0], session=session)  # a finished match, deleted
        delete_match(ids[3], session=session)  # one left in progress
        import_text(again, session=session, source="again.txt")  # the deleted match comes back, imported
        import_text(KNOWN_MATCH, session=session, source="known.txt")
    live = DurableMatch.start(engine, read_record(KNOWN_MATCH).setup)  # recorded after the imports
    for line in read_record(KNOWN_MATCH).lines:
        live.push(line.action)
    live.undo()
    live.close()

    kept, rows = _figures(engine), _derived_rows(engine)
    assert kept["cards"] and kept["players"] and any(r.streak for r in kept["players"])
    assert sum(c.answered for c in kept["cards"]) > 0 and sum(c.ippons for c in kept["cards"]) > 0
    with engine.connect() as connection:
        assert disagreements(connection) == []
    rebuild(engine)
    assert _figures(engine) == kept
    assert {t: [r for r in v if any(r[4:])] for t, v in _derived_rows(engine).items() if t == "stats_cards"} == \
        {"stats_cards": [r for r in rows["stats_cards"] if any(r[4:])]}  # all-zero rows are what undo leaves


def test_the_figures_of_a_known_match_count_plays_answers_and_ippons(engine: Engine) -> None:
    live = DurableMatch.start(engine, read_record(KNOWN_MATCH).setup)
    for line in read_record(KNOWN_MATCH).lines:
        live.push(line.action)
    live.close()
    with Session(engine) as session:
        cards = {c.card: c for c in card_records(session=session)}
        records = {r.player: r for r in player_records(session=session)}
    # Ben's MEN offer followed Aiko's KOTE offer: the only play another seat's play followed.
    assert (cards["men"].played, cards["men"].ippons, cards["men"].answered) == (3, 2, 0)
    assert (cards["kote"].played, cards["kote"].ippons, cards["kote"].answered) == (2, 1, 1)
    assert (records["Ben"].wins, records["Ben"].streak, records["Ben"].best_win_streak) == (1, "W1", 1)
    assert (records["Aiko"].losses, records["Aiko"].streak) == (1, "L1")
