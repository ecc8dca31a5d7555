"""`shinpan rules`, `replay`, `legal` as a user runs them, on the documented example records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import REPO, Cli

RECORDS_DOC = REPO / "docs" / "records.md"


def documented_records() -> list[str]:
    blocks = re.findall(r"```shinpan\n(.*?)```", RECORDS_DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/records.md has no ```shinpan examples"
    return blocks


def example_files() -> list[Path]:
    return sorted((REPO / "docs" / "examples").glob("*.shinpan"))


def test_rules_lists_every_ruleset_with_its_options(cli: Cli) -> None:
    listed = cli.json("rules")
    shiai = next(r for r in listed if r["id"] == "kendo-shiai")
    assert shiai["players"] == [2, 2] and "kendo" in shiai["aliases"]
    option = shiai["options"][0]
    assert option["name"] == "brown-answers-brown" and option["ruling"] == "S2" and option["description"]
    text = cli.run("rules", check=True).stdout
    assert "kendo-shiai" in text and "brown-answers-brown" in text


@pytest.mark.parametrize("index", range(len(documented_records())))
def test_replay_and_legal_work_on_every_record_in_the_docs(cli: Cli, index: int) -> None:
    record = documented_records()[index]
    replay = cli.run("replay", "-", "--json", stdin=record)
    assert replay.returncode == 0, replay.stderr
    legal = cli.run("legal", "-", stdin=record)
    assert legal.returncode == 0, legal.stderr


def test_every_example_file_replays(cli: Cli) -> None:
    for path in example_files():
        result = cli.run("replay", str(path))
        assert result.returncode == 0, f"{path.name}: {result.stderr}"


def test_replay_prints_the_final_score_and_every_trigger_in_order(cli: Cli) -> None:
    data = cli.json("replay", "docs/examples/kendo-shiai-match.shinpan")
    players = {p["name"]: p for p in data["state"]["players"]}
    assert players["Aiko"]["ippon"] == 2 and players["Ben"]["ippon"] == 1 and players["Aiko"]["hansoku"] == 1
    assert data["state"]["outcome"] == {"status": "won", "winners": ["Aiko"], "reason": "two IPPONs (2:1)"}
    triggers = [(t["step"], t["event"]) for t in data["triggers"]]
    assert triggers == [(7, "IpponAwarded"), (9, "HansokuGiven"), (13, "IpponAwarded"), (20, "IpponAwarded"),
                        (20, "MatchWon")]
    assert "S5" in data["triggers"][0]["text"]
    text = cli.run("replay", "docs/examples/kendo-shiai-match.shinpan", check=True).stdout
    assert "outcome: Aiko won" in text and "IPPON to Aiko" in text


def test_legal_lists_the_answers_with_their_rulings(cli: Cli) -> None:
    data = cli.json("legal", "docs/examples/kendo-shiai-seme.shinpan")
    assert data["to_act"] == ["Ben"]
    by_action = {r["action"]: r for r in data["responses"]}
    assert set(by_action) == {"MEN", "KOTE", "DO", "TSUKI", "SEME", "FUDOSHIN", "no answer"}
    assert by_action["SEME"]["ruling"] == "S5" and "TSUKI" in by_action["SEME"]["consequence"]
    assert by_action["no answer"]["consequence"] == "IPPON to the opponent"


def test_an_illegal_line_exits_non_zero_with_line_reason_and_ruling(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.shinpan"
    bad.write_text("ruleset: kendo-shiai\nplayer: A\nplayer: B\nA: offer MEN 4\nB: offer KOTE 2\nA: BOGYO\n")
    result = cli.run("replay", str(bad))
    assert result.returncode == 2
    assert result.stderr.strip() == f"shinpan: {bad}: line 6: 'BOGYO': BOGYO cannot begin a round [KT2 I.3f]"
    assert cli.run("legal", str(bad)).returncode == 2


def test_missing_and_binary_files_get_a_clear_message(cli: Cli, tmp_path: Path) -> None:
    missing = cli.run("replay", str(tmp_path / "nope.shinpan"))
    assert missing.returncode == 1 and "no such file" in missing.stderr
    binary = tmp_path / "photo.shinpan"
    binary.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
    result = cli.run("replay", str(binary))
    assert result.returncode == 1 and "not a text file" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_help_lists_the_commands(cli: Cli) -> None:
    result = cli.run("--help", check=True)
    for command in ("rules", "replay", "legal"):
        assert command in result.stdout


def test_legal_prints_the_kenpo_threat_map_as_text(cli: Cli, tmp_path: Path) -> None:
    example = (REPO / "docs" / "examples" / "kenpo-play-example.shinpan").read_text(encoding="utf-8")
    # Stop after Adam's turn: Cullam's Front Kick and Jab are pending against him (the rulebook's numbers).
    cut = example.split("8. Cullam:")[0]
    before_adam = cut.split("5. Adam:")[0]
    result = cli.run("legal", "-", stdin=before_adam, check=True).stdout
    assert "threat map: Adam against Cullam's pending cards (K5)" in result
    assert "(1, 2) stand: Front Kick 5, Jab 2 = 7; with Block on Jab: 5" in result


def test_the_transcripts_in_the_docs_are_what_the_command_prints(cli: Cli) -> None:
    text = RECORDS_DOC.read_text(encoding="utf-8")
    transcripts = re.findall(r"```\n\$ shinpan (legal|replay) (\S+)\n(.*?)```", text, re.S)
    assert transcripts, "docs/records.md shows no command transcript"
    for command, path, shown in transcripts:
        printed = cli.run(command, path, check=True).stdout
        assert printed.strip() == shown.strip(), f"docs/records.md's `shinpan {command} {path}` is out of date"


def test_documented_results_agree_with_the_replays(cli: Cli) -> None:
    with_result = [r for r in documented_records() if re.search(r"^result: ", r, re.M)]
    assert with_result
    for record in with_result:
        claimed = re.search(r"^result: (.+)$", record, re.M).group(1)  # type: ignore[union-attr]
        data = json.loads(cli.run("replay", "-", "--json", stdin=record, check=True).stdout)
        outcome = data["state"]["outcome"]
        assert claimed == ("draw" if outcome["status"] == "draw" else f"{', '.join(outcome['winners'])} won")


def test_a_record_saved_with_a_byte_order_mark_replays(cli: Cli, tmp_path: Path) -> None:
    record = (REPO / "docs" / "examples" / "kendo-shiai-match.shinpan").read_text(encoding="utf-8")
    notepad = tmp_path / "notepad.shinpan"
    notepad.write_bytes(b"\xef\xbb\xbf" + record.replace("\n", "\r\n").encode("utf-8"))
    result = cli.run("replay", str(notepad))
    assert result.returncode == 0, result.stderr
    assert "outcome: Aiko won" in result.stdout


def test_replay_prints_the_places_of_a_musashi_game_in_text_and_json(cli: Cli) -> None:
    path = "docs/examples/musashi-four-players.shinpan"
    text = cli.run("replay", path, check=True).stdout
    assert "places: 1. Dee, 2. Ann, 3. Cal, 4. Ben" in text and "outcome: Dee won" in text
    data = cli.json("replay", path)
    assert data["state"]["outcome"]["places"] == [{"player": "Dee", "place": 1}, {"player": "Ann", "place": 2},
                                                  {"player": "Cal", "place": 3}, {"player": "Ben", "place": 4}]
    assert "places" not in cli.json("replay", "docs/examples/kendo-shiai-match.shinpan")["state"]["outcome"]
    assert "places:" not in cli.run("replay", "docs/examples/kendo-shiai-match.shinpan", check=True).stdout


def test_legal_on_a_musashi_record_lists_the_forbidden_targets_with_their_rule(cli: Cli) -> None:
    example = (REPO / "docs" / "examples" / "musashi-four-players.shinpan").read_text(encoding="utf-8")
    cut = example.split("17. Dee:")[0].replace("result: Dee won\n", "")  # Dee has just taken 2 from Ben
    data = json.loads(cli.run("legal", "-", "--json", stdin=cut, check=True).stdout)
    assert data["to_act"] == ["Dee"]
    barred = {row["player"]: row for row in data["targets"]}
    assert barred["Ben"]["allowed"] is False and barred["Ben"]["ruling"] == "KT1 7"
    assert all(not r["action"].endswith("at Ben") for r in data["responses"])
    assert all(r["ruling"] for r in data["responses"])
    text = cli.run("legal", "-", stdin=cut, check=True).stdout
    assert "Ben: no, you just took cards from Ben [KT1 7]" in text


def test_a_martial_arts_tcg_record_keeps_its_decks_through_import_and_export(cli: Cli, tmp_path: Path) -> None:
    example = REPO / "docs" / "examples" / "martial-arts-tcg-match.shinpan"
    database = str(tmp_path / "club.db")
    assert cli.run("import", str(example), "--database", database).returncode == 0
    out = tmp_path / "out.shinpan"
    assert cli.run("export", str(out), "--database", database).returncode == 0
    exported = out.read_text(encoding="utf-8")
    assert exported.count("\ncontent: sha256:") == 2
    replayed = cli.json("replay", str(out))
    assert replayed["state"]["outcome"]["winners"] == ["Ben"]
    # the first four lines of play, and the decks: Ann answers Ben's first attack
    head = exported.split("\n5. Ann:")[0].replace("result: Ben won\n", "")
    cut = head + "\n" + exported[exported.index("\ncontent: "):]
    legal = json.loads(cli.run("legal", "-", "--json", stdin=cut, check=True).stdout)
    assert {r["action"] for r in legal["responses"]} >= {"block Practice High Block", "no block"}
    assert legal["damage_through"][0]["damage"] == 0
