"""What each action did for the cards, from its stored data and events: the one definition that the
incremental statistics, their rebuild and `shinpan check` share (docs/storage.md, "Statistics").

- *played*: once per card named by an action in force (any `card` or `cards` field of its data);
- *IPPONs* (an `IpponAwarded` event) and *points* (any event with a `seat` and integer `points`) go to
  the cards of the scoring seat's latest play, unless a scoring or penalty event happened since that
  play, or the same action also gave a penalty (a HANSOKU-made IPPON belongs to no card);
- *answered*: once per play that another seat's play of cards followed before anything was scored or
  penalised.

Facts of one action depend only on the actions since the last scoring or penalty event (the
"exchange"), so an appended action's facts are found without walking the whole match.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

PENALTY_WORDS = ("Hansoku", "Penalty")


@dataclass(frozen=True)
class StoredStep:
    """One action in force as the credit rules read it."""

    actor: int
    data: Any
    events: Sequence[Any]


@dataclass(frozen=True)
class CardFact:
    """What one action changed for one card of one seat."""

    seat: int
    card: str
    played: int = 0
    ippons: int = 0
    points: int = 0
    answered: int = 0


def cards_of(data: Any) -> list[str]:
    """Card ids named by an action's data, whatever the ruleset: any `card` or `cards` field."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "card" and isinstance(value, str):
                found.append(value)
            elif key == "cards" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, str))
            elif isinstance(value, dict | list):
                found.extend(cards_of(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(cards_of(value))
    return found


def _scores(event: Any) -> tuple[int, int, int] | None:
    """(seat, ippons, points) for a scoring event, else None."""
    if not isinstance(event, dict):
        return None
    seat = event.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return None
    if event.get("type") == "IpponAwarded":
        return seat, 1, 0
    points = event.get("points")
    if isinstance(points, int) and not isinstance(points, bool):
        return seat, 0, points
    return None


def _is_penalty(event: Any) -> bool:
    return isinstance(event, dict) and any(word in str(event.get("type", "")) for word in PENALTY_WORDS)


def ends_exchange(step: StoredStep) -> bool:
    """Whether credit state starts afresh after this action: it scored or penalised."""
    return any(_scores(e) is not None or _is_penalty(e) for e in step.events)


@dataclass
class _Play:
    seat: int
    cards: list[str]
    answered: bool = False


@dataclass
class CreditTracker:
    """Reads a match's actions in force in order and tells what each did for the cards."""

    last_play: dict[int, _Play] = field(default_factory=dict)  # per seat, since the exchange began
    latest: _Play | None = None  # the newest play of the exchange, whoever made it

    def facts(self, step: StoredStep) -> list[CardFact]:
        found: list[CardFact] = []
        cards = cards_of(step.data)
        if cards:
            previous = self.latest
            if previous is not None and previous.seat != step.actor and not previous.answered:
                previous.answered = True
                found += [CardFact(previous.seat, card, answered=1) for card in previous.cards]
            play = _Play(step.actor, cards)
            self.last_play[step.actor] = play
            self.latest = play
            found += [CardFact(step.actor, card, played=1) for card in cards]
        penalty_here = any(_is_penalty(e) for e in step.events)
        for event in step.events:
            scored = _scores(event)
            if scored is None:
                continue
            seat, ippons, points = scored
            scorer = self.last_play.get(seat)
            if penalty_here or scorer is None:
                continue
            found += [CardFact(seat, card, ippons=ippons, points=points) for card in scorer.cards]
        if ends_exchange(step):
            self.last_play, self.latest = {}, None
        return found


def facts_of_match(steps: Iterable[StoredStep]) -> Iterator[CardFact]:
    """Every fact of a match's actions in force, in order (the rebuild reads matches this way)."""
    tracker = CreditTracker()
    for step in steps:
        yield from tracker.facts(step)


def facts_of_last(steps: Sequence[StoredStep]) -> list[CardFact]:
    """The facts of the last of `steps` (a match's actions in force up to it), reading only its exchange."""
    if not steps:
        return []
    start = len(steps) - 1
    while start > 0 and not ends_exchange(steps[start - 1]):
        start -= 1
    tracker = CreditTracker()
    for step in steps[start:-1]:
        tracker.facts(step)
    return tracker.facts(steps[-1])
