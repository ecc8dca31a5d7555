"""Build Kendo Shiai matches from record lines, as a referee would write them."""

from __future__ import annotations

from companion.rules.kendo_shiai.state import KendoState
from companion.rules.match import Match
from companion.rules.record import load_record

# Aiko (red, seat 0) shows the higher brown number, so she starts the first round.
OPENING = ("Aiko: offer MEN 5", "Ben: offer KOTE 1")


def record_text(*lines: str, options: dict[str, str] | None = None) -> str:
    head = ["ruleset: kendo-shiai", "player: Aiko, side red", "player: Ben, side white"]
    head += [f"option: {k} = {v}" for k, v in (options or {}).items()]
    return "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"


def play(*lines: str, options: dict[str, str] | None = None, opening: bool = True) -> Match:
    body = (*OPENING, *lines) if opening else lines
    return load_record(record_text(*body, options=options))


def state(match: Match) -> KendoState:
    result: KendoState = match.rules_state
    return result


def event_names(match: Match) -> list[str]:
    return [e.name for e in match.steps[-1].events] if match.steps else []


def legal_texts(match: Match) -> set[str]:
    return {match.ruleset.format_action(r.action) for r in match.legal_responses()}
