"""Martial Arts TCG actions in record notation (docs/records.md, "## Martial Arts: The Trading Card Game").

    shuffle                          the Main Deck (setup, T6) or the discards (Recovery Phase, T16)
    starts                           who starts (T6)
    play CARD [replacing CARD]       an Event or Strategy card (T3, T5)
    attack CARD / link CARD          a new attack (T12) / a linked attack after a hit (T2)
    block CARD / no block            a defence (T1, T14) / none
    counter CARD                     a counter-attack after a defence (T8)
    resolve / end                    on to the Resolve Phase / End Turn
    adjust EFFECT by CARD            a referee adjustment for card text (T7): adjust damage 2 opponent by Tiger Claw
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
    Link,
    NoBlock,
    PlayCard,
    Shuffle,
    Starts,
    ToResolve,
)
from companion.rules.model import Action, Forfeit

_BARE = {"shuffle": Shuffle, "starts": Starts, "no block": NoBlock, "take": NoBlock, "resolve": ToResolve,
         "end": EndTurn, "end turn": EndTurn}
_WITH_CARD = {"attack": AttackWith, "link": Link, "block": Block, "counter": Counter}
NAME_MAX = 60
HELP = ("write shuffle, starts, play CARD, attack CARD, link CARD, block CARD, no block, counter CARD, resolve, end "
        "or adjust EFFECT by CARD (docs/records.md)")


def format_action(action: Action) -> str:
    match action:
        case Shuffle():
            return "shuffle"
        case Starts():
            return "starts"
        case PlayCard(card=card, replacing=replacing):
            return f"play {card}" + (f" replacing {replacing}" if replacing else "")
        case AttackWith(card=card):
            return f"attack {card}"
        case Link(card=card):
            return f"link {card}"
        case Block(card=card):
            return f"block {card}"
        case NoBlock():
            return "no block"
        case Counter(card=card):
            return f"counter {card}"
        case ToResolve():
            return "resolve"
        case EndTurn():
            return "end"
        case Adjust(effect=effect, card=card):
            return f"adjust {effect.text} by {card}"
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


def parse_action(actor: int, text: str) -> Action:
    cleaned = " ".join(text.strip().split())
    lowered = cleaned.lower()
    if lowered in _BARE:
        return _BARE[lowered](actor)
    if lowered == "forfeit":
        return Forfeit(actor)
    verb, _, rest = cleaned.partition(" ")
    verb = verb.lower()
    if verb in _WITH_CARD:
        return _WITH_CARD[verb](actor, _card(rest))
    if verb == "play":
        card, found, replaced = rest.partition(" replacing ")
        return PlayCard(actor, _card(card), _card(replaced) if found else None)
    if verb == "adjust":
        effect_text, found, card = rest.partition(" by ")
        if not found:
            raise MalformedAction(f"{cleaned[:60]!r}: an adjustment names the card causing it: "
                                  "'adjust damage 2 opponent by Tiger Claw' (T7)")
        try:
            effect = parse_effect(effect_text, Kind.STRATEGY)
        except CardProblem as problem:
            raise MalformedAction(f"adjust: {problem.reason}") from None
        return Adjust(actor, effect, _card(card))
    raise MalformedAction(f"{cleaned[:60]!r}: {HELP}")
