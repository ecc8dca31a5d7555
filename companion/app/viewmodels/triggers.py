"""Trigger events (IPPON, HANSOKU, Break, match won...) turned into the banners the referee sees."""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.rules.model import Event, MatchSetup
from companion.rules.ruleset import Ruleset

_TITLES = {
    "IpponAwarded": "IPPON",
    "HansokuGiven": "HANSOKU",
    "MatchWon": "MATCH WON",
    "MatchDrawn": "MATCH DRAWN",
    "BreakCalled": "BREAK",
    "KnockedDown": "KNOCKDOWN",
    "JikanDesuCalled": "JIKAN DESU",
    "EnchoBegan": "ENCHO",
}


@dataclass(frozen=True)
class Trigger:
    """A banner: a big title (IPPON) and the line that says to whom and why, with its ruling."""

    title: str
    text: str
    seat: int | None = None


def trigger_title(event: Event) -> str:
    name = event.name
    if name in _TITLES:
        return _TITLES[name]
    return " ".join(re.findall(r"[A-Z][a-z]*", name)).upper() or name.upper()


def triggers_of(events: tuple[Event, ...], ruleset: Ruleset[object], setup: MatchSetup) -> list[Trigger]:
    found = []
    for event in events:
        if event.is_trigger:
            seat = getattr(event, "seat", None)
            found.append(Trigger(trigger_title(event), ruleset.describe_event(event, setup),
                                 seat if isinstance(seat, int) else None))
    return found
