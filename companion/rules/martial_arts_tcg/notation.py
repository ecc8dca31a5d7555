"""Martial Arts TCG actions in record notation (docs/records.md, "## Martial Arts: The Trading Card Game").

    shuffle                          the Main Deck (setup, T6) or the discards (Recovery Phase, T16)
    starts / leads                   who starts (T6) / Army of One: the Enemies' leader, who starts (T10)
    play CARD [replacing CARD]       an Event or Strategy card (T3, T5)
    attack CARD / link CARD          a new attack (T12) / a linked attack after a hit (T2)
    block CARD / no block            a defence, also a teammate's (T1, T14, T9) / none
    counter CARD                     a counter-attack after a defence (T8)
    resolve / end                    on to the Resolve Phase / End Turn
    adjust EFFECT by CARD            a referee adjustment for card text (T7): adjust damage 2 opponent by Tiger Claw

`attack`, `link`, `counter`, `play` (a Strategy card) and `adjust` end with `at NAME` to name the
player aimed at (T9, T10): `attack Practice Jab at Ben`. The last ` at ` of the line is the one read;
a card whose name holds ` at ` is still found (modes.split_card).
"""

from __future__ import annotations

from companion.rules.errors import MalformedAction
from companion.rules.martial_arts_tcg.cards import CardProblem, Kind, parse_effect
from companion.rules.martial_arts_tcg.state import (
    Adjust,
    AttackWith,
    Block,
    Counter,
    EndTurn,
    Leads,
    Link,
    NoBlock,
    PlayCard,
    Shuffle,
    Starts,
    ToResolve,
)
from companion.rules.model import Action, Forfeit

_BARE: dict[str, type[Action]] = {"shuffle": Shuffle, "starts": Starts, "leads": Leads, "no block": NoBlock,
                                  "take": NoBlock, "resolve": ToResolve, "end": EndTurn, "end turn": EndTurn}
_AIMED: dict[str, type[AttackWith | Link | Counter]] = {"attack": AttackWith, "link": Link, "counter": Counter}
NAME_MAX = 60
HELP = ("write shuffle, starts, leads, play CARD, attack CARD, link CARD, block CARD, no block, counter CARD, "
        "resolve, end or adjust EFFECT by CARD; 'at NAME' names whom it aims at (docs/records.md)")


def _at(target: str | None) -> str:
    return f" at {target}" if target else ""



def format_action(action: Action) -> str:
    match action:
        case Shuffle():
            return "shuffle"
        case Starts():
            return "starts"
        case Leads():
            return "leads"
        case PlayCard(card=card, replacing=replacing, target=target):
            return f"play {card}" + (f" replacing {replacing}" if replacing else "") + _at(target)
        case AttackWith(card=card, target=target):
            return f"attack {card}{_at(target)}"
        case Link(card=card, target=target):
            return f"link {card}{_at(target)}"
        case Block(card=card):
            return f"block {card}"
        case NoBlock():
            return "no block"
        case Counter(card=card, target=target):
            return f"counter {card}{_at(target)}"
        case ToResolve():
            return "resolve"
        case EndTurn():
            return "end"
        case Adjust(effect=effect, card=card, target=target):
            return f"adjust {effect.text} by {card}{_at(target)}"
        case Forfeit():
            return "forfeit"
    raise MalformedAction(f"{type(action).__name__} has no Martial Arts TCG notation")


def _card(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise MalformedAction(f"a card name is missing; {HELP}")
    if len(name) > NAME_MAX:
        raise MalformedAction(f"card name {name[:40]!r}… is longer than {NAME_MAX} characters")
    return name


def _aimed(rest: str) -> tuple[str, str | None]:
    """`CARD at NAME`: the text before the last ' at ' and the name after it (any case of 'at')."""
    if rest.lower().endswith(" at"):
        raise MalformedAction(f"{rest[:60]!r}: 'at' is followed by the name of a player")
    where = rest.lower().rfind(" at ")
    if where < 0:
        return rest, None
    target = rest[where + 4:].strip()
    if not target:
        raise MalformedAction(f"{rest[:60]!r}: 'at' is followed by the name of a player")
    if len(target) > NAME_MAX:
        raise MalformedAction(f"player name {target[:40]!r}… is longer than {NAME_MAX} characters")
    return rest[:where], target


def parse_action(actor: int, text: str) -> Action:
    cleaned = " ".join(text.strip().split())
    lowered = cleaned.lower()
    if lowered in _BARE:
        return _BARE[lowered](actor)
    if lowered == "forfeit":
        return Forfeit(actor)
    verb, _, rest = cleaned.partition(" ")
    verb = verb.lower()
    if verb == "block":
        return Block(actor, _card(rest))
    if verb in _AIMED:
        card, target = _aimed(rest)
        return _AIMED[verb](actor, _card(card), target)
    if verb == "play":
        rest, target = _aimed(rest)
        card, found, replaced = rest.partition(" replacing ")
        return PlayCard(actor, _card(card), _card(replaced) if found else None, target)
    if verb == "adjust":
        rest, target = _aimed(rest)
        effect_text, found, card = rest.partition(" by ")
        if not found:
            raise MalformedAction(f"{cleaned[:60]!r}: an adjustment names the card causing it: "
                                  "'adjust damage 2 opponent by Tiger Claw' (T7)")
        try:
            effect = parse_effect(effect_text, Kind.STRATEGY)
        except CardProblem as problem:
            raise MalformedAction(f"adjust: {problem.reason}") from None
        return Adjust(actor, effect, _card(card), target)
    raise MalformedAction(f"{cleaned[:60]!r}: {HELP}")
