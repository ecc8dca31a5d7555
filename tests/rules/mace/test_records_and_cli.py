"""MACE records: notation round trips, `shinpan replay` and `shinpan legal` for 2-4 fighters, the
four-fighter example to a single survivor, and bad input refused with the ruling, nothing lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.errors import IllegalAction, MalformedAction
from companion.rules.mace import RULESET
from companion.rules.match import Match
from companion.rules.model import Forfeit
from companion.rules.record import load_record, match_to_record, read_record
from tests.conftest import REPO, Cli
from tests.rules.mace.helpers import play, record_text

EXAMPLES = REPO / "docs" / "examples"
FOUR = EXAMPLES / "mace-four-fighters.shinpan"


def test_the_four_fighter_record_ends_with_one_survivor_and_the_right_knockouts(cli: Cli) -> None:
    result = cli.json("replay", str(FOUR))
    assert result["state"]["outcome"]["winners"] == ["Dee"]
    knockouts = [(e["step"], e["text"]) for e in result["triggers"] if e["event"] == "KnockedOut"]
    assert knockouts == [(37, "KNOCKOUT: Ann has no cards left (C4)"),
                         (56, "KNOCKOUT: Cal has no cards left (C4)"),
                         (68, "KNOCKOUT: Ben has no cards left (C4)")]
    downs = [e["data"]["seat"] for e in result["triggers"] if e["event"] == "KnockedDown"]
    assert downs == [0, 2, 0, 2, 1]
    players = {p["name"]: p for p in result["state"]["players"]}
    assert [n for n, p in players.items() if p["knocked_out"]] == ["Ann", "Ben", "Cal"]
    assert players["Dee"]["hand"] == 3 and players["Dee"]["hex"] == [4, -8]


def test_the_example_records_round_trip() -> None:
    for path in sorted(EXAMPLES.glob("mace-*.shinpan")):
        match = load_record(path.read_text(encoding="utf-8"))
        again = read_record(match_to_record(match))
        assert again.actions == list(match.actions), path.name
        assert Match(again.setup, again.actions).state == match.state


@pytest.mark.parametrize(("name", "to_act", "kinds"), [
    ("mace-duel.shinpan", ["Ben"], {"block", "dodge", "no"}),
    ("mace-three-fighters.shinpan", ["Cal"], {"charge", "blast", "boost", "pass"}),
])
def test_shinpan_legal_lists_what_the_fighter_to_act_may_do(cli: Cli, name: str, to_act: list[str],
                                                            kinds: set[str]) -> None:
    result = cli.json("legal", str(EXAMPLES / name))
    assert result["to_act"] == to_act
    assert {r["action"].split()[0] for r in result["responses"]} == kinds
    assert all(r["ruling"] for r in result["responses"])
    assert "map" in result


def test_shinpan_legal_works_mid_combat_with_four_fighters(cli: Cli, tmp_path: Path) -> None:
    lines = FOUR.read_text(encoding="utf-8").splitlines()
    cut = [line for line in lines if not line.startswith(("result:", "37.", "38.", "39."))]
    body_end = next(i for i, line in enumerate(cut) if line.startswith("40."))
    partial = tmp_path / "four-mid.shinpan"
    partial.write_text("\n".join(cut[:body_end]) + "\n", encoding="utf-8")
    result = cli.json("legal", str(partial))
    assert result["to_act"] == ["Ann"]  # Ann, knocked down, takes the Blast: she must discard
    assert {r["action"].split()[0] for r in result["responses"]} == {"discard"}
    assert result["knockback"]["from"] == [2, -5]


def test_notation_reads_and_writes_every_action() -> None:
    texts = ["momentum 7H", "strike KS at Ben", "charge 9C", "blast 8C with 10C at Ben",
             "boost 3D to 1,-2", "boost 3D", "pass", "block 5D", "dodge QH to 2,0", "dodge QH",
             "no defence", "discard 9H 5C", "discard 9H 5C, lose charge 7C"]
    for text in texts:
        assert RULESET.format_action(RULESET.parse_action(0, text)) == text
    assert RULESET.format_action(RULESET.parse_action(0, "Strike ace of spades at Ben")) == \
        "strike AS at Ben"


def test_unreadable_actions_say_what_to_write() -> None:
    with pytest.raises(MalformedAction, match="strike KS at Ben"):
        RULESET.parse_action(0, "strike KS")
    with pytest.raises(MalformedAction, match="not a MACE action"):
        RULESET.parse_action(0, "kick Ben")


BAD_INPUT = [
    # (record so far, bad action of the fighter to act, ruling)
    (("Ann: momentum QH", "Ben: momentum 9S", "Ann: boost 9H to -1,0"), "strike 9H at Ben",
     "MACE Strike"),
    (("Ann: momentum QH", "Ben: momentum 9S"), "blast 8C with 5C at Ben", "MACE Blast"),
    (("Ann: momentum QH",), "momentum RJ", "C1"),
    (("Ann: momentum QH", "Ben: momentum 9S", "Ann: boost 9H to -1,0", "Ann: strike JS at Ben",
      "Ben: no defence"), "discard 5D 4D", "C4"),
    (("Ann: momentum KH", "Ben: momentum 9S"), "boost 6H to -3,0", "C2"),
]


@pytest.mark.parametrize(("lines", "bad", "ruling"), BAD_INPUT,
                         ids=["strike-with-heart", "blast-no-charge", "joker-momentum",
                              "discard-short", "move-through-reach"])
def test_bad_input_is_refused_with_the_ruling_and_nothing_changes(lines: tuple[str, ...], bad: str,
                                                                  ruling: str) -> None:
    match = play(*lines)
    before, actions = match.state, match.actions
    seat = match.to_act()[0]  # the fighter whose turn or defence it is comes first
    with pytest.raises(IllegalAction) as refused:
        match.push(match.ruleset.parse_action(seat, bad))
    assert refused.value.ruling == ruling
    assert match.state == before and match.actions == actions


def test_a_bad_line_in_a_record_names_the_line_and_the_ruling(cli: Cli) -> None:
    text = record_text("Ann: momentum QH", "Ben: momentum 9S", "Ann: strike 9H at Ben")
    result = cli.run("replay", "-", stdin=text)
    assert result.returncode == 2
    assert "line 7" in result.stderr and "[MACE Strike]" in result.stderr


def test_forfeit_in_a_record_takes_one_fighter_out() -> None:
    text = record_text("Ann: momentum QH", "Ben: momentum 9S", "Cal: momentum 2C",
                       "Ann: pass", "Ben: pass", "Cal: pass", "Cal: forfeit", players=3)
    match = load_record(text)
    assert not match.outcome().finished
    assert [p["forfeited"] for p in match.summary()["players"]] == [False, False, True]
    listed = [RULESET.format_action(r.action) for r in match.legal_responses()]
    assert "forfeit" in listed  # Ann may still forfeit: nobody has acted in round 2


def test_every_fighter_may_forfeit_at_the_end_of_a_round_and_is_offered_it() -> None:
    match = play("Ann: momentum QH", "Ben: momentum 9S")
    forfeits = {r.action.actor for r in match.legal_responses() if isinstance(r.action, Forfeit)}
    assert forfeits == {0, 1} and set(match.to_act()) == {0, 1}
    match.push(Forfeit(1))
    assert match.outcome().finished and match.outcome().winners == (0,)
