"""Responses grouped by kind, and moves chosen on the map (issue 19, MACE).

A MACE turn can list 200 responses, most of them a Boost card with a destination hex written as axial
coordinates. The referee sees them grouped by kind (Strike, Charge, Blast, Boost, Dodge...), one button
per card; a card that moves its fighter (an action with a destination, `to`) is chosen first, then the
scoreboard's map marks where it may go, each hex with its distance written in it, and a tap there plays it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.viewmodels.responses import ResponseItem

Hex = tuple[int, int]


@dataclass(frozen=True)
class MoveChoice:
    """A card that moves its fighter: `title` ("Boost 2H"), staying put (when allowed) and each hex."""

    title: str
    stay: ResponseItem | None
    destinations: tuple[tuple[Hex, ResponseItem], ...]


@dataclass(frozen=True)
class ResponseGroup:
    """One kind of play: its title, the plays that go nowhere, and the cards that move."""

    kind: str
    plays: tuple[ResponseItem, ...]
    moves: tuple[MoveChoice, ...]


def verb_and_card(notation: str) -> tuple[str, str]:
    """("boost", "2H") from the record line "Ben: boost 2H to -1,1": the kind is the word after the
    player's name (which holds no ':' or ',', companion/rules/ruleset.py)."""
    action = notation.split(": ", 1)[-1]
    action = action.split(" to ", 1)[0]
    verb, _, rest = action.partition(" ")
    return verb, rest


def play_title(item: ResponseItem) -> str:
    """What a grouped play's button says: the kind and the card, without the player's name."""
    verb, rest = verb_and_card(item.notation or item.label)
    return f"{verb.capitalize()} {rest}".strip()


def group_by_kind(items: list[ResponseItem]) -> list[ResponseGroup]:
    """The acting player's card plays by kind, in the order the rules list them."""
    plays: dict[str, list[ResponseItem]] = {}
    moves: dict[str, dict[str, list[ResponseItem]]] = {}
    for item in items:
        verb, card = verb_and_card(item.notation or item.label)
        kind = verb.capitalize()
        plays.setdefault(kind, [])
        moves.setdefault(kind, {})
        if item.moves:
            moves[kind].setdefault(f"{kind} {card}".strip(), []).append(item)
        else:
            plays[kind].append(item)
    groups = []
    for kind in plays:
        choices = []
        for title, variants in moves[kind].items():
            stay = next((v for v in variants if v.destination is None), None)
            destinations = tuple((v.destination, v) for v in variants if v.destination is not None)
            choices.append(MoveChoice(title, stay, destinations))
        groups.append(ResponseGroup(kind, tuple(plays[kind]), tuple(choices)))
    return groups


HEX_PREFIX = "hex "  # how a scoreboard names a tapped hex to `choose_target` (components/targets.py)


def hex_name(place: Hex) -> str:
    return f"{HEX_PREFIX}{place[0]},{place[1]}"


def hex_target(name: str) -> Hex | None:
    """The hex a `hex q,r` target names; None for a player's name."""
    if not name.startswith(HEX_PREFIX):
        return None
    q, _, r = name.removeprefix(HEX_PREFIX).partition(",")
    try:
        return int(q), int(r)
    except ValueError:
        return None
