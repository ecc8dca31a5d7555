"""A match exported on one machine replays the same on another that never had its files (issue 17).

Machine A referees a Kenpo Masters match with an owner's values file (KPD15) and a Martial Arts TCG
match with the players' own decks (MTD1), then exports them. Machine A's folders are deleted. Machine B
(another home, another working folder, an empty database) imports the exports and replays the record
files: the same actions, the same scores and the same result, though no owner file or deck is on it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.app.db_adapter import DbStore
from companion.rules.match import Match
from companion.rules.record import read_record
from companion.rules.registry import get_ruleset
from db.engine import open_database

REPO = Path(__file__).resolve().parents[2]
KENPO_RECORD = REPO / "tests" / "rules" / "kenpo" / "records" / "k5-resolution.shinpan"
MATCG_RECORD = REPO / "docs" / "examples" / "martial-arts-tcg-match.shinpan"


def shinpan(machine: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command line as a user of `machine` runs it: its own home and working folder, and no
    Shinpan settings inherited from this test run."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SHINPAN_")}
    env.update(HOME=str(machine / "home"), XDG_DATA_HOME=str(machine / "home" / ".local" / "share"))
    (machine / "home").mkdir(parents=True, exist_ok=True)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          cwd=machine, env=env, timeout=120)


def checked(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stderr
    return result.stdout


def timeline(machine: Path, database: Path, match_id: str) -> dict[str, Any]:
    shown = json.loads(checked(shinpan(machine, "history", match_id, "--json", "--database", str(database))))
    assert isinstance(shown, dict)
    return shown


def referee_on_machine_a(machine: Path) -> tuple[Path, list[str]]:
    """Two matches played through the app's store on machine A, each depending on a file of A's."""
    own_values = machine / "my-owner-values.toml"
    shutil.copy(REPO / "docs" / "examples" / "kenpo-owner-values.toml", own_values)
    own_deck = machine / "my-deck.toml"
    shutil.copy(REPO / "assets" / "decks" / "martial-arts-tcg-crane.toml", own_deck)
    database = machine / "shinpan.db"
    store = DbStore(open_database(f"sqlite:///{database}"), "machine A")
    ids = []
    for record, options in ((KENPO_RECORD, {"owner-values": str(own_values)}),
                            (MATCG_RECORD, {"deck-2": own_deck.read_text()})):
        parsed = read_record(record.read_text())
        ruleset = get_ruleset(parsed.setup.ruleset)
        chosen = {**dict(parsed.setup.options), **options}
        setup = ruleset.make_setup(parsed.setup.players, chosen, seed=parsed.setup.seed, date=parsed.setup.date)
        assert setup.rules == ruleset.revision  # a new match: today's rules
        match_id, session = store.start(setup)
        for line in parsed.lines:
            session.push(line.action)
        ids.append(match_id)
    return database, ids


def test_an_export_replays_identically_on_a_machine_without_the_owner_files(tmp_path: Path) -> None:
    machine_a, machine_b = tmp_path / "a", tmp_path / "b"
    machine_a.mkdir()
    machine_b.mkdir()
    database_a, ids = referee_on_machine_a(machine_a)
    before = {match_id: timeline(machine_a, database_a, match_id) for match_id in ids}
    checked(shinpan(machine_a, "export", "--database", str(database_a), str(machine_a / "club.json")))
    checked(shinpan(machine_a, "export", "--database", str(database_a), str(machine_a / "records")))
    for name in ("club.json", "records"):
        shutil.move(machine_a / name, machine_b / name)  # the only things that travel
    shutil.rmtree(machine_a)

    database_b = machine_b / "empty.db"
    checked(shinpan(machine_b, "import", "--database", str(database_b), "club.json"))
    listed = json.loads(checked(shinpan(machine_b, "history", "--json", "--database", str(database_b))))
    assert listed["total"] == 2
    for entry in listed["matches"]:
        after = timeline(machine_b, database_b, str(entry["id"]))
        original = next(shown for shown in before.values()
                        if shown["match"]["ruleset"] == after["match"]["ruleset"])
        assert played(after) == played(original)  # every action with its events and points
        for key in ("state", "status", "winners", "reason"):  # scores, health, hands, the result
            assert after["match"][key] == original["match"][key], key

    kenpo = next(shown for shown in before.values() if shown["match"]["ruleset"] == "kenpo-masters")
    records = sorted((machine_b / "records").iterdir())
    assert len(records) == 2
    for record in records:
        text = record.read_text()
        assert str(tmp_path) not in text  # no path of machine A's in what travels
        replayed = json.loads(checked(shinpan(machine_b, "replay", f"records/{record.name}", "--json")))
        if "ruleset: kenpo-masters" in text:
            assert "option: owner-values = sha256:" in text and "rules: 2" in text
            assert replayed["state"] == kenpo["match"]["state"]


def played(shown: dict[str, Any]) -> list[tuple[str, str, list[Any]]]:
    return [(step["player"], step["action"], step["events"]) for step in shown["timeline"]]


def test_without_the_owner_values_the_same_kenpo_actions_do_not_replay() -> None:
    """What makes the test above mean something: the Jab's back arrow is an owner value (K9)."""
    parsed = read_record(KENPO_RECORD.read_text())
    setup = get_ruleset("kenpo-masters").make_setup(parsed.setup.players, {"owner-values": ""})
    match = Match(setup)
    with pytest.raises(Exception, match="enter the points of Jab by hand"):
        for line in parsed.lines:
            match.push(line.action)
