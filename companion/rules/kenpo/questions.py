"""Points entered by hand, asked in words (K9): "How many points did Adam's Side Kick score?"

A card whose arrows the rulebook does not print scores what the referee reads from the printed card,
when no owner values were entered for it (KPD1). The engine offers sample values; the app shows them
as the answers to one question instead of one cryptic `end; points own Side Kick 2` button each.
"""

from __future__ import annotations

from companion.rules.kenpo.cards import kenpo_cards
from companion.rules.kenpo.notation import format_action
from companion.rules.kenpo.state import EndTurn, HandPoints, KenpoState, Rest
from companion.rules.model import Action, HandEntry, MatchSetup


def hand_entry(state: KenpoState, setup: MatchSetup, action: Action) -> HandEntry | None:
    if not isinstance(action, EndTurn | Rest) or not action.points:
        return None
    names = kenpo_cards(state.owner_values)
    owners = [_owner(setup, action.actor, entry) for entry in action.points]
    cards = [f"{owner}'s {names[entry.ref.card].name}" for owner, entry in zip(owners, action.points, strict=True)]
    values = {entry.points for entry in action.points}
    if len(cards) == 1:
        question = f"How many points did {cards[0]} score?"
    else:
        question = f"How many points did {_and(cards)} score?"
    answer = (_points(action.points[0].points) if len(values) == 1 and len(cards) == 1
              else f"{_points(action.points[0].points)} each" if len(values) == 1
              else ", ".join(f"{card} {entry.points}" for card, entry in zip(cards, action.points, strict=True)))
    shown = _and(sorted({names[entry.ref.card].name for entry in action.points}))
    reason = (f"The rulebook does not print every value of {shown} that the points need: they are owner values "
              "not entered for this match (K9). Read the points from the printed card; enter the values on the "
              "Decks screen (Enter owner values) and later matches count them by themselves.")
    without_points = EndTurn(action.actor, action.blocks) if isinstance(action, EndTurn) else Rest(action.actor)
    verb = "ends the turn" if isinstance(action, EndTurn) else "rests"
    rest = f"{setup.players[action.actor].name} {verb}" + format_action(without_points).removeprefix(
        "end").removeprefix("rest")
    return HandEntry(question, answer, reason, rest)


def _owner(setup: MatchSetup, actor: int, entry: HandPoints) -> str:
    """`own` is the acting player's card (resolving at a Break); otherwise the opponent's waiting card."""
    return setup.players[actor if entry.own else 1 - actor].name


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _points(value: int) -> str:
    return "1 point" if value == 1 else f"{value} points"
