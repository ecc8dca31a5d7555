"""Musashi's Challenge actions in record notation (docs/records.md, "## Musashi's Challenge").

    switch 2                      cards switched before the game (rule 3, M13)
    sum 11                        the sum of the player's brown cards (rule 4, M14)
    KOTE + SEME at Ben            an attack, a counterattack or a passed-on attack, at a player
    TSUBAZERIAI                   a play aimed at nobody: a block, a neutralising card
    no answer                     declared: nothing answers what must be answered now
    pull 2 / pull 2: MEN, SEME    the attacker takes cards blind, naming them if the referee saw them
    switch red for brown          rule 9: a red (or green) card for a brown one
    no attack                     declared: no card to attack with and no brown card to switch for
    bonus green / bonus none      rule 8's bonus card
    forfeit                       the player to act leaves the game (MSD12)
"""

from __future__ import annotations

import re

from companion.rules.errors import MalformedAction
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Action, Forfeit
from companion.rules.musashi.state import (
    COLOURS,
    DeclareSum,
    NoAnswer,
    NoAttack,
    Play,
    Pull,
    SwitchBeforeGame,
    SwitchForBrown,
    TakeBonus,
)
from companion.rules.numbers import whole_number

NO_ANSWER_WORDS = {"no answer", "none", "pass"}
NO_ATTACK_WORDS = {"no attack", "cannot attack"}
_AT = re.compile(r"^(?P<cards>.+?)\s+at\s+(?P<target>.+)$", re.IGNORECASE)
_SWITCH_FOR = re.compile(r"^switch\s+(?P<colour>\w+)\s+for\s+brown$", re.IGNORECASE)
_NUMBERED = re.compile(r"^(?P<verb>switch|sum)\s+(?P<number>\S+)$", re.IGNORECASE)
_PULL = re.compile(r"^pull\s+(?P<count>[^:\s]+)\s*(?::\s*(?P<cards>.*))?$", re.IGNORECASE)
_BONUS = re.compile(r"^bonus\s+(?P<deck>\w+)$", re.IGNORECASE)
MAX_NUMBER = 99  # a typed count or sum; anything longer is a slip


def card_text(card_id: str) -> str:
    return kc.card(card_id).name.replace("→", ">")


def format_action(action: Action) -> str:
    match action:
        case SwitchBeforeGame(count=count):
            return f"switch {count}"
        case DeclareSum(total=total):
            return f"sum {total}"
        case Play(cards=cards, target=target):
            text = " + ".join(card_text(c) for c in cards)
            return f"{text} at {target}" if target is not None else text
        case NoAnswer():
            return "no answer"
        case Pull(count=count, cards=cards):
            named = f": {', '.join(card_text(c) for c in cards)}" if cards else ""
            return f"pull {count}{named}"
        case SwitchForBrown(colour=colour):
            return f"switch {colour} for brown"
        case NoAttack():
            return "no attack"
        case TakeBonus(deck=deck):
            return f"bonus {deck or 'none'}"
        case Forfeit():
            return "forfeit"
    raise MalformedAction(f"{type(action).__name__} has no Musashi's Challenge notation")


def _number(text: str, what: str) -> int:
    value = whole_number(text, 0, MAX_NUMBER)
    if value is None:
        raise MalformedAction(f"{what} {text[:40]!r} is not a whole number from 0 to {MAX_NUMBER}")
    return value


def _cards(text: str) -> tuple[str, ...]:
    parts = [p.strip() for p in text.split("+")]
    if any(not p for p in parts):
        raise MalformedAction(f"{text[:60]!r}: a '+' needs a card on each side")
    for part in parts:
        halves = re.split(r"->|>|→", part)
        if len(halves) > 1 and (len(halves) != 2 or not all(h.strip() for h in halves)):
            raise MalformedAction(f"{part[:60]!r}: a red card is written RECEIVES>STRIKES, e.g. MEN>KOTE")
    return kc.canonical([kc.card_id(p) for p in parts])


def parse_action(actor: int, text: str) -> Action:
    cleaned = " ".join(text.strip().split())
    lowered = cleaned.lower()
    if lowered in NO_ANSWER_WORDS:
        return NoAnswer(actor)
    if lowered in NO_ATTACK_WORDS:
        return NoAttack(actor)
    if lowered == "forfeit":
        return Forfeit(actor)
    if found := _SWITCH_FOR.match(cleaned):
        colour = found["colour"].lower()
        if colour not in COLOURS:
            raise MalformedAction(f"{found['colour']!r} is no deck: switch a red or green card for a brown one")
        return SwitchForBrown(actor, colour)
    if found := _NUMBERED.match(cleaned):
        verb = found["verb"].lower()
        number = _number(found["number"], "a count" if verb == "switch" else "a sum")
        return SwitchBeforeGame(actor, number) if verb == "switch" else DeclareSum(actor, number)
    if found := _PULL.match(cleaned):
        count = _number(found["count"], "a count")
        listed = found["cards"] or ""
        names = [n.strip() for n in listed.split(",") if n.strip()]
        return Pull(actor, count, tuple(kc.card_id(n) for n in names))
    if found := _BONUS.match(cleaned):
        deck = found["deck"].lower()
        if deck not in (*COLOURS, "none"):
            raise MalformedAction(f"bonus {found['deck']!r}: write 'bonus brown', 'bonus red', 'bonus green' "
                                  "or 'bonus none'")
        return TakeBonus(actor, None if deck == "none" else deck)
    if lowered.split(" ")[0] in {"switch", "sum", "pull", "bonus"}:
        raise MalformedAction(f"{text[:60]!r}: write 'switch 2', 'sum 11', 'pull 2', 'switch red for brown' or "
                              "'bonus red' (see docs/records.md)")
    if found := _AT.match(cleaned):
        return Play(actor, _cards(found["cards"]), found["target"].strip())
    return Play(actor, _cards(cleaned))
