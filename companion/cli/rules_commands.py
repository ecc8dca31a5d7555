"""`shinpan rules`, `shinpan replay`, `shinpan legal`: the rules core from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.output import CliError, print_json, read_text

if TYPE_CHECKING:  # the rules are imported by the commands that use them: `shinpan --help` stays quick
    from companion.rules.match import Match

EXIT_BAD_RECORD = 2


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser("rules", help="list the rulesets and their options")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(func=cmd_rules)

    replay = subparsers.add_parser("replay", help="replay a match record and print the final state")
    replay.add_argument("file", help="record file ('-' for standard input)")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.set_defaults(func=cmd_replay)

    legal = subparsers.add_parser("legal", help="print the legal responses at the end of a record")
    legal.add_argument("file", help="record file ('-' for standard input)")
    legal.add_argument("--json", action="store_true", help="print JSON")
    legal.set_defaults(func=cmd_legal)


def cmd_rules(args: argparse.Namespace) -> int:
    # The listing, not the rulesets: importing all five would take most of a second's tenth (issue 17).
    from companion.rules.registry import ruleset_listings

    rulesets = ruleset_listings()
    if args.json:
        print_json([
            {
                "id": r.id,
                "name": r.name,
                "aliases": list(r.aliases),
                "players": [r.players_min, r.players_max],
                "sides": list(r.sides),
                "teams": r.teams,
                "catalog": r.catalog_id,
                "rules": r.revision,
                "revisions": list(r.revisions),
                "options": [
                    {"name": o.name, "default": o.default, "choices": list(o.choices),
                     "description": o.description, "ruling": o.ruling}
                    for o in r.options
                ],
            }
            for r in rulesets
        ])
        return 0
    for r in rulesets:
        players = str(r.players_min) if r.players_min == r.players_max else f"{r.players_min}-{r.players_max}"
        aliases = f" (also: {', '.join(r.aliases)})" if r.aliases else ""
        print(f"{r.id}{aliases}\n  {r.name}; {players} players; rules revision {r.revision}")
        for o in r.options:
            choices = f" [{' | '.join(map(str, o.choices))}]" if o.choices else ""
            print(f"  option {o.name} = {o.default}{choices}\n    {o.description}")
    return 0


def _load(path: str) -> Match:
    from companion.rules.errors import RecordError
    from companion.rules.owner_files import owner_files_beside
    from companion.rules.record import load_record

    try:
        # A relative owner-values file is the record's neighbour, wherever the command is run from.
        with owner_files_beside(Path(path).parent if path != "-" else Path.cwd()):
            return load_record(read_text(path))
    except RecordError as error:
        raise CliError(f"{path}: {error}", EXIT_BAD_RECORD) from None


def _events(match: Match, *, as_json: bool) -> list[dict[str, Any]]:
    """The events in order as `replay --json` prints them; for the text form only the triggers, without
    their data, as that is all it shows (a long record has thousands of events)."""
    from companion.rules.model import to_data

    rows = []
    for step in match.steps:
        for event in step.events:
            if not (as_json or event.is_trigger):
                continue
            row: dict[str, Any] = {
                "step": step.number,
                "event": event.name,
                "trigger": event.is_trigger,
                "text": match.ruleset.describe_event(event, match.setup),
            }
            if as_json:
                row["data"] = to_data(event)
            rows.append(row)
    return rows


def cmd_replay(args: argparse.Namespace) -> int:
    match = _load(args.file)
    summary = match.summary()
    events = _events(match, as_json=args.json)
    triggers = [e for e in events if e["trigger"]]
    if args.json:
        print_json({
            "ruleset": match.ruleset.id,
            "actions": len(match.actions),
            "state": summary,
            "triggers": triggers,
            "events": events,
        })
        return 0
    print(f"{match.ruleset.name}: {len(match.actions)} actions")
    for line in _summary_lines(summary):
        print(line)
    print("triggers:" if triggers else "triggers: none")
    for event in triggers:
        print(f"  {event['step']}. {event['text']}")
    return 0


def _summary_lines(summary: dict[str, Any]) -> list[str]:
    lines = []
    for player in summary.get("players", []):
        facts = ", ".join(f"{k} {v}" for k, v in player.items() if k not in {"name"} and v is not None)
        lines.append(f"  {player['name']}: {facts}")
    outcome = summary["outcome"]
    if outcome["status"] == "in progress":
        to_act = ", ".join(summary["to_act"])
        lines.append(f"to act: {to_act}" + (f" (answering {summary['to_answer']})" if summary.get("to_answer")
                                              else ""))
    elif outcome["status"] == "draw":
        lines.append(f"outcome: draw ({outcome['reason']})")
    else:
        lines.append(f"outcome: {', '.join(outcome['winners'])} won ({outcome['reason']})")
    if outcome.get("places"):
        lines.append("places: " + ", ".join(f"{row['place']}. {row['player']}" for row in outcome["places"]))
    return lines


def cmd_legal(args: argparse.Namespace) -> int:
    from companion.rules.model import to_data
    from companion.rules.record import format_action_line

    match = _load(args.file)
    responses = match.legal_responses()
    summary = match.summary()
    extra = match.ruleset.legal_extras(match.rules_state) if not match.outcome().finished else {}
    if args.json:
        print_json({
            "ruleset": match.ruleset.id,
            "to_act": summary["to_act"],
            "state": summary,
            "responses": [
                {
                    "player": match.setup.players[r.action.actor].name,
                    "action": match.ruleset.format_action(r.action),
                    "ruling": r.ruling,
                    "why": r.why,
                    "consequence": r.consequence,
                    "data": to_data(r.action),
                }
                for r in responses
            ],
            **extra,
        })
        return 0
    for line in _summary_lines(summary):
        print(line)
    if not responses:
        print("no legal responses: the match is over")
        return 0
    for r in responses:
        consequence = f" -> {r.consequence}" if r.consequence else ""
        print(f"  {format_action_line(match.setup, r.action)}  [{r.ruling}] {r.why}{consequence}")
    for line in match.ruleset.legal_extras_lines(match.rules_state):
        print(line)
    return 0
