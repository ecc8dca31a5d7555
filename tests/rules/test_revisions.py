"""Rules revisions (issue 17): a match replays under the revision it was played with, years later, after
the rules changed. A throwaway ruleset at revision 2 (a race to 4) keeps revision 1 (a race to 3)
reachable; records and stored matches carry the revision, and one newer than this program is refused
in one line naming both."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion.rules.errors import IllegalAction, MalformedAction, RecordError
from companion.rules.model import ONGOING, Action, Event, LegalResponse, MatchSetup, MatchWon, Outcome
from companion.rules.record import load_record, match_to_record, read_record
from companion.rules.registry import all_rulesets, register, unregister
from companion.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Stride(Action):
    pass


@dataclass(frozen=True)
class RaceState:
    goal: int
    steps: tuple[int, int] = (0, 0)
    turn: int = 0

    @property
    def winner(self) -> int | None:
        return next((seat for seat, n in enumerate(self.steps) if n >= self.goal), None)


class Race(Ruleset[RaceState]):
    id = "race-test"
    name = "Race (test only)"
    revision = 2
    revisions = ("first to 3 strides", "first to 4 strides: a longer race")

    def initial_state(self, setup: MatchSetup) -> RaceState:
        return RaceState(goal=3 if setup.rules == 1 else 4)  # revision 1's race stays reachable

    def to_act(self, state: RaceState) -> tuple[int, ...]:
        return () if state.winner is not None else (state.turn,)

    def legal_responses(self, state: RaceState) -> list[LegalResponse]:
        return [LegalResponse(Stride(state.turn), "R1", "one stride")] if state.winner is None else []

    def apply(self, state: RaceState, action: Action) -> tuple[RaceState, tuple[Event, ...]]:
        if action.actor != state.turn or state.winner is not None:
            raise IllegalAction("not your turn", "R1")
        steps = (state.steps[0] + (action.actor == 0), state.steps[1] + (action.actor == 1))
        after = replace(state, steps=steps, turn=1 - state.turn)
        return after, ((MatchWon((action.actor,), "the race is run"),) if after.winner is not None else ())

    def outcome(self, state: RaceState) -> Outcome:
        return ONGOING if state.winner is None else Outcome(True, (state.winner,), False, "the race is run")

    def format_action(self, action: Action) -> str:
        return "stride"

    def parse_action(self, actor: int, text: str) -> Action:
        if text != "stride":
            raise MalformedAction(f"{text!r} is not 'stride'")
        return Stride(actor)

    def summary(self, state: RaceState, setup: MatchSetup) -> dict[str, Any]:
        return {"steps": list(state.steps)}


@pytest.fixture
def race() -> Iterator[Ruleset[Any]]:
    ruleset = register(Race())
    yield ruleset
    unregister(ruleset)


def record(rules: str | None, strides: int, result: str | None = None) -> str:
    head = ["ruleset: race-test", *([f"rules: {rules}"] if rules else []), "player: Ann", "player: Ben",
            *([f"result: {result}"] if result else []), ""]
    return "\n".join(head + [f"{n + 1}. {('Ann', 'Ben')[n % 2]}: stride" for n in range(strides)]) + "\n"


def test_a_record_written_under_an_older_revision_replays_to_its_result(race: Ruleset[Any]) -> None:
    old = load_record(record("1", 5, result="Ann won"))  # revision 1: Ann's third stride wins
    assert old.setup.rules == 1 and old.outcome().winners == (0,)
    assert not load_record(record("2", 5)).outcome().finished  # the same strides under revision 2
    written = match_to_record(old)
    assert "rules: 1" in written.splitlines()  # and it is written out under its own revision again
    assert load_record(written).outcome() == old.outcome()


def test_a_record_with_no_revision_is_revision_one_and_a_new_match_is_the_current(race: Ruleset[Any]) -> None:
    assert read_record(record(None, 0)).setup.rules == 1  # written before revisions existed
    assert race.make_setup(["Ann", "Ben"]).rules == 2


@pytest.mark.parametrize(("rules", "says"), [
    ("3", "line 2: the match was played under rules revision 3 of race-test, newer than this Shinpan knows "
          "(revision 2): update Shinpan to replay it"),
    ("0", "line 2: rules '0' is not a rules revision"),
    ("٢", "line 2: rules '٢' is not a rules revision"),
])
def test_a_revision_this_program_does_not_know_is_one_line(race: Ruleset[Any], rules: str, says: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_record(record(rules, 1))
    assert str(refused.value).startswith(says) and "\n" not in str(refused.value)


def test_every_ruleset_names_what_each_of_its_revisions_changed() -> None:
    for ruleset in all_rulesets():
        assert ruleset.revision >= 1 and len(ruleset.revisions) == ruleset.revision, ruleset.id


def test_a_stored_match_keeps_its_revision_through_export_and_import_on_another_machine(
        race: Ruleset[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion.cli.main import main

    source = tmp_path / "race.shinpan"
    source.write_text(record("1", 5, result="Ann won"), encoding="utf-8")
    here, there = str(tmp_path / "here.db"), str(tmp_path / "there.db")
    assert main(["import", str(source), "--database", here]) == 0
    assert main(["export", str(tmp_path / "all.json"), "--database", here]) == 0
    written = tmp_path / "race-out.shinpan"
    assert main(["export", str(written), "--database", here, "--format", "record"]) == 0
    exported = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert exported["matches"][0]["rules"] == 1
    assert main(["import", str(tmp_path / "all.json"), "--database", there]) == 0  # an empty database elsewhere
    capsys.readouterr()
    assert main(["history", "--database", there, "--json"]) == 0
    [stored] = json.loads(capsys.readouterr().out)["matches"]
    assert stored["winners"] == ["Ann"] and stored["status"] == "won"
    assert "rules: 1" in written.read_text(encoding="utf-8").splitlines()
    assert main(["replay", str(written), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["outcome"]["winners"] == ["Ann"]
