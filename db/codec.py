"""Actions and set-ups as stored data that outlives code changes.

The canonical form of an action is its record notation (what `shinpan replay` reads) plus the
actor's seat; `to_data` JSON is kept beside it for tools, never needed to rebuild the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.model import Action, Forfeit, MatchSetup, OptionValue, PlayerSpec, to_data
from companion.rules.registry import get_ruleset

FORFEIT = "forfeit"  # shared by every ruleset, as in companion/rules/record.py


def action_notation(ruleset_id: str, action: Action) -> str:
    if isinstance(action, Forfeit):
        return FORFEIT
    return get_ruleset(ruleset_id).format_action(action)


def parse_notation(ruleset_id: str, actor: int, notation: str) -> Action:
    """Rebuild an action; raises the ruleset's MalformedAction or UnknownCard."""
    if notation.strip().lower() == FORFEIT:
        return Forfeit(actor)
    return get_ruleset(ruleset_id).parse_action(actor, notation)


def action_data(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = to_data(action)
    return data


def events_data(events: Sequence[Any]) -> list[Any]:
    return [to_data(event) for event in events]


def rebuild_setup(
    ruleset_id: str,
    seats: Sequence[tuple[str, str | None, str | None]],
    options: Mapping[str, OptionValue],
    seed: int | None,
    date: str | None,
    rules: int = 1,
) -> MatchSetup:
    """The MatchSetup a stored match started from (seats in order: name, side, team), under the rules
    revision it was played with; one newer than this program knows is refused (StorageError)."""
    ruleset = get_ruleset(ruleset_id)
    if rules > ruleset.revision:
        from db.errors import StorageError

        raise StorageError(f"this match was played under rules revision {rules} of {ruleset.id}, newer than this "
                           f"Shinpan knows (revision {ruleset.revision}): update Shinpan to open it")
    players = tuple(PlayerSpec(name, side, team) for name, side, team in seats)
    return MatchSetup(ruleset.id, players, tuple(sorted(options.items())), seed, date, rules)
