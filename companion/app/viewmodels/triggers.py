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
    "HikiWake": "HIKI-WAKE",
}


APP_TITLE = "Shinpan"
SOUND_NOTE = "\u266a "  # a title starting with it plays the web build's trigger sound (server/sound.py)


@dataclass(frozen=True)
class Trigger:
    """A banner: a big title (IPPON) and the line that says to whom and why, with its ruling."""

    title: str
    text: str
    seat: int | None = None


def trigger_title(event: Event) -> str:
    return title_of(event.name)


def title_of(event_name: str) -> str:
    """A trigger's banner word from its event's name: IpponAwarded is IPPON, KnockedDown KNOCKDOWN."""
    if event_name in _TITLES:
        return _TITLES[event_name]
    return " ".join(re.findall(r"[A-Z][a-z]*", event_name)).upper() or event_name.upper()


def triggers_of(events: tuple[Event, ...], ruleset: Ruleset[object], setup: MatchSetup) -> list[Trigger]:
    found = []
    for event in events:
        if event.is_trigger:
            seat = getattr(event, "seat", None)
            title, text = trigger_title(event), ruleset.describe_event(event, setup)
            if text.upper().startswith(title + ":"):  # the banner's title already says it
                text = text[len(title) + 1:].strip()
            found.append(Trigger(title, text, seat if isinstance(seat, int) else None))
    return found


def announcement_title(banners: list[Trigger], number: int) -> str:
    """The page title that announces new triggers: the web build plays its sound when the title changes
    to one starting with the note (companion/app/server/trigger_sound.js). `number` counts this session's
    announcements, so two IPPONs in a row are two changes, two sounds."""
    return f"{SOUND_NOTE}{' · '.join(banner.title for banner in banners)} #{number} · {APP_TITLE}"
