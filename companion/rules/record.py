"""The plain-text match record: header lines, then one action per line (the role PGN plays in chess).

    # comment
    ruleset: kendo-shiai
    player: Aiko, side red
    player: Ben, side white
    option: brown-answers-brown = attacker-starts
    seed: 7
    date: 2026-11-21

    1. Aiko: switch
    2. Ben: switch

See docs/records.md for the whole format.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.rules import content
from companion.rules.errors import IllegalAction, InvalidSetup, RecordError, RulesError
from companion.rules.match import Match
from companion.rules.model import Action, Forfeit, MatchSetup, OptionSpec, OptionValue, PlayerSpec
from companion.rules.numbers import SEED_MAX, whole_number
from companion.rules.registry import get_ruleset
from companion.rules.text import hidden_character

FORMAT_VERSION = 1
_HEADER = re.compile(r"^(?P<key>[A-Za-z][A-Za-z-]*)\s*:\s*(?P<value>.*)$")
# A comment starts with '#' at the start of a line or after a space, and is followed by a space or
# the line's end: "Table #2" in a title stays text.
_COMMENT = re.compile(r"(?:^|\s)#(?:\s|$)")
_QUOTE_LIMIT = 60
_ACTION = re.compile(r"^(?:\d+\s*[.)]\s*)?(?P<actor>[^:]+?)\s*:\s*(?P<text>.+)$")
_ISO_DATE = re.compile(r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$")


def _is_iso_date(text: str) -> bool:
    if not _ISO_DATE.match(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:  # 2026-02-31
        return False
    return True


_HEADER_KEYS = {"ruleset", "format", "rules", "player", "option", "seed", "date", "title", "result"}
RULES_MAX = 10_000  # a rules revision is a small number; anything longer is no revision


@dataclass
class RecordLine:
    number: int
    action: Action
    text: str


@dataclass
class ParsedRecord:
    setup: MatchSetup
    lines: list[RecordLine] = field(default_factory=list)
    title: str | None = None
    result: str | None = None
    result_line: int = 0

    @property
    def actions(self) -> list[Action]:
        return [line.action for line in self.lines]


def _strip_comment(line: str) -> str:
    found = _COMMENT.search(line)
    return (line[: found.start()] if found else line).strip()


def quoted(text: str) -> str:
    """Text quoted in an error, cut short so a runaway line cannot flood the message."""
    return repr(text if len(text) <= _QUOTE_LIMIT else text[:_QUOTE_LIMIT] + "…")


def _parse_player(value: str, number: int) -> PlayerSpec:
    parts = [p.strip() for p in value.split(",")]
    name, side, team = parts[0], None, None
    for extra in parts[1:]:
        key, _, val = extra.partition(" ")
        if key == "side" and val.strip():
            side = val.strip()
        elif key == "team" and val.strip():
            team = val.strip()
        else:
            raise RecordError(number, f"player attribute {extra!r} is not 'side X' or 'team X'")
    if not name:
        raise RecordError(number, "a player line needs a name")
    return PlayerSpec(name, side, team)


def _parse_option(value: str, number: int) -> tuple[str, str]:
    name, sep, val = value.partition("=")
    if not sep or not name.strip() or not val.strip():
        raise RecordError(number, f"option {value!r} is not written as 'name = value'")
    return name.strip(), val.strip()


def _names_a_player(label: str, players: list[PlayerSpec]) -> bool:
    wanted = label.strip().casefold()
    if any(p.name.casefold() == wanted for p in players):
        return True
    return wanted.startswith("p") and wanted[1:].isdigit()


def read_record(text: str) -> ParsedRecord:
    """Parse a record; raises RecordError naming the first bad line."""
    headers: dict[str, str] = {}
    players: list[PlayerSpec] = []
    options: dict[str, OptionValue] = {}
    body: list[tuple[int, str]] = []
    header_lines: dict[str, int] = {}
    option_lines: dict[str, int] = {}
    blocks: list[content.Block] = []
    block: content.Block | None = None
    in_body = False
    for number, raw in enumerate(text.splitlines(), start=1):
        # Content blocks come before comments are stripped: a deck's '#' is its own text.
        if raw.startswith("|"):
            if block is None:
                raise RecordError(number, "a content line ('|') outside a content block; a block starts with "
                                  "'content: sha256:<hex>'")
            block.lines.append(content.content_line(raw))
            continue
        block = None
        started = content.BLOCK_START.match(raw.strip())
        if started:
            block = content.Block(number, started["ref"], [])
            blocks.append(block)
            continue
        line = _strip_comment(raw)
        if not line:
            continue
        header = _HEADER.match(line) if not in_body else None
        key = header["key"].lower() if header else ""
        if header and key in _HEADER_KEYS:
            value = header["value"].strip()
            if key == "player":
                players.append(_parse_player(value, number))
            elif key == "option":
                name, val = _parse_option(value, number)
                if name in options:
                    raise RecordError(number, f"option {name!r} is given twice")
                options[name] = val
                option_lines[name] = number
            elif key in headers:
                raise RecordError(number, f"header {key!r} is given twice")
            else:
                headers[key] = value
                header_lines[key] = number
            continue
        if header and not _names_a_player(header["key"], players):
            known = ", ".join(sorted(_HEADER_KEYS))
            raise RecordError(number, f"{quoted(line)} is neither a header ({known}) nor a player's action")
        in_body = True
        body.append((number, line))

    if "ruleset" not in headers:
        raise RecordError(1, "the record has no 'ruleset:' header line")
    version = headers.get("format", str(FORMAT_VERSION))
    if version != str(FORMAT_VERSION):
        raise RecordError(1, f"record format {version} is not supported (this version reads {FORMAT_VERSION})")
    for key in ("title", "date"):
        if key in headers and (hidden := hidden_character(headers[key])) is not None:
            raise RecordError(header_lines.get(key, 1), f"the {key} holds an invisible or control character "
                              f"({hidden}); remove it")
    if "date" in headers and not _is_iso_date(headers["date"]):
        raise RecordError(header_lines.get("date", 1), f"date {headers['date'][:40]!r} is not a date written "
                          "YYYY-MM-DD")
    seed = None
    if "seed" in headers:
        seed = whole_number(headers["seed"], -SEED_MAX, SEED_MAX)
        if seed is None:
            raise RecordError(header_lines.get("seed", 1), f"seed {headers['seed'][:40]!r} is not a whole number "
                              f"within 64 bits (-{SEED_MAX} to {SEED_MAX})")
    try:
        ruleset = get_ruleset(headers["ruleset"])
    except RulesError as error:
        raise RecordError(header_lines.get("ruleset", 1), str(error)) from None
    rules = 1  # records written before rules revisions existed were played under the first
    if "rules" in headers:
        found = whole_number(headers["rules"], 1, RULES_MAX)
        if found is None:
            raise RecordError(header_lines["rules"], f"rules {headers['rules'][:40]!r} is not a rules revision "
                              f"(a whole number from 1; {ruleset.id} is at {ruleset.revision})")
        rules = found
    options = _resolve_content(ruleset.options, rules, options, option_lines, blocks)
    try:
        setup = ruleset.make_setup(players, options, seed=seed, date=headers.get("date"), rules=rules)
    except InvalidSetup as error:
        # An option's own problem (a deck of 49 cards) is named at its option line.
        named = next((line for name, line in option_lines.items() if str(error).startswith(f"option {name}:")),
                     header_lines.get("rules", 1) if "rules revision" in str(error) else 1)
        raise RecordError(named, str(error)) from None
    except RulesError as error:
        raise RecordError(1, str(error)) from None

    record = ParsedRecord(setup, title=headers.get("title"), result=headers.get("result"),
                          result_line=header_lines.get("result", 0))
    for number, line in body:
        match = _ACTION.match(line)
        if not match:
            raise RecordError(number, f"{quoted(line)} is not 'Player: action'")
        seat = setup.seat_of(match["actor"])
        if seat is None:
            names = ", ".join(p.name for p in setup.players)
            raise RecordError(number, f"no player called {quoted(match['actor'])} (players: {names})")
        action_text = match["text"].strip()
        try:
            action = (
                Forfeit(seat) if action_text.lower() == "forfeit" else ruleset.parse_action(seat, action_text)
            )
        except RulesError as error:
            raise RecordError(number, str(error)) from None
        record.lines.append(RecordLine(number, action, action_text))
    return record


def _resolve_content(specs: Iterable[OptionSpec], rules: int, options: dict[str, OptionValue],
                     option_lines: dict[str, int], blocks: list[content.Block]) -> dict[str, OptionValue]:
    """Each embedded option's reference replaced by its block's text; every block checked against its hash."""
    by_ref: dict[str, str] = {}
    for block in blocks:
        text = block.text
        if len(text.encode("utf-8")) > content.BLOCK_MAX:
            raise RecordError(block.line, f"content block {content.short(block.ref)} is larger than "
                              f"{content.BLOCK_MAX // 1024 // 1024} MB")
        found = content.reference(text)
        if found != block.ref or content.canonical(text) != text:
            raise RecordError(block.line, f"content block {content.short(block.ref)} does not match its content "
                              f"(the lines below it hash to {content.short(found)}); the record was changed")
        if block.ref in by_ref:
            raise RecordError(block.line, f"content block {content.short(block.ref)} is given twice")
        by_ref[block.ref] = text
    embedded = {spec.name for spec in specs if spec.embedded_in(rules)}
    resolved = dict(options)
    used: set[str] = set()
    for name in [name for name in options if name in embedded]:  # in record order: the first bad line is named
        value = str(options[name])
        if not value:
            continue  # empty: nothing chosen (Kenpo without owner values)
        if not content.REFERENCE.match(value):
            raise RecordError(option_lines[name], f"option {name} takes a content reference 'sha256:<64 hex "
                              "digits>' with its content block at the end of the record (docs/records.md)")
        if value not in by_ref:
            raise RecordError(option_lines[name], f"option {name} names content {content.short(value)}, but the "
                              "record has no content block with that hash")
        resolved[name] = by_ref[value]
        used.add(value)
    for block in blocks:
        if block.ref not in used:
            raise RecordError(block.line, f"content block {content.short(block.ref)} is named by no option")
    return resolved


def replay_record(record: ParsedRecord) -> Match:
    """Replay every line; raises RecordError with the first illegal line, its reason and ruling.

    A `result:` header, when present, must agree with the replay.
    """
    try:
        match = Match(record.setup)
    except RulesError as error:
        raise RecordError(1, f"the match cannot be set up: {error}") from None
    for line in record.lines:
        try:
            match.push(line.action)
        except IllegalAction as error:
            raise RecordError(line.number, f"{quoted(line.text)}: {error.reason}", error.ruling) from None
    if record.result is not None:
        replayed = result_text(match)
        if record.result.strip().casefold() != (replayed or "").casefold():
            found = f"the replay gives {replayed!r}" if replayed else "the replayed match is not finished"
            raise RecordError(record.result_line, f"the record says 'result: {record.result}' but {found}")
    return match


def result_text(match: Match) -> str | None:
    """The `result:` line's value for a finished match ("Aiko won", "draw"), or None."""
    outcome = match.outcome()
    if not outcome.finished:
        return None
    if outcome.draw:
        return "draw"
    return ", ".join(match.setup.players[s].name for s in outcome.winners) + " won"


def load_record(text: str) -> Match:
    return replay_record(read_record(text))


def format_action_line(setup: MatchSetup, action: Action) -> str:
    ruleset = get_ruleset(setup.ruleset)
    text = "forfeit" if isinstance(action, Forfeit) else ruleset.format_action(action)
    return f"{setup.players[action.actor].name}: {text}"


def write_record(
    setup: MatchSetup,
    actions: Iterable[Action],
    *,
    title: str | None = None,
    result: str | None = None,
) -> str:
    ruleset = get_ruleset(setup.ruleset)
    lines = [f"ruleset: {ruleset.id}", f"format: {FORMAT_VERSION}", f"rules: {setup.rules}"]
    if title:
        lines.append(f"title: {title}")
    if setup.date:
        lines.append(f"date: {setup.date}")
    if setup.seed is not None:
        lines.append(f"seed: {setup.seed}")
    for player in setup.players:
        extras = "".join(
            f", {key} {val}" for key, val in (("side", player.side), ("team", player.team)) if val
        )
        lines.append(f"player: {player.name}{extras}")
    embedded = {spec.name for spec in ruleset.options if spec.embedded_in(setup.rules)}
    blocks: dict[str, list[str]] = {}
    for name, value in setup.options:
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        if name in embedded and shown:
            shown = content.reference(shown)
            blocks.setdefault(shown, content.block_lines(str(value)))
        lines.append(f"option: {name} = {shown}")
    if result:
        lines.append(f"result: {result}")
    lines.append("")
    for number, action in enumerate(actions, start=1):
        lines.append(f"{number}. {format_action_line(setup, action)}")
    for block in blocks.values():
        lines += ["", *block]
    return "\n".join(lines) + "\n"


def match_to_record(match: Match, *, title: str | None = None) -> str:
    return write_record(match.setup, match.actions, title=title, result=result_text(match))
