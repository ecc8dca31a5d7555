"""Kendo Shiai actions in record notation.

    MEN                          a brown card
    MEN>KOTE + MUSHIN            cards played together, joined by '+'
    KOTE>KOTE + TSUBAZERIAI, keep   TSUBAZERIAI's choice: keep (start the next round) or give
    no answer                    declared: no card to answer (or to start a round)
    offer MEN 4 / offer none     a brown card and its number, to choose the starter
"""

from __future__ import annotations

import re

from companion.rules.errors import MalformedAction
from companion.rules.kendo_shiai.state import NoAnswer, OfferBrown, Play
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Action
from companion.rules.numbers import whole_number

NO_ANSWER_WORDS = {"no answer", "cannot start", "no card", "none", "pass"}
_CHOICE = re.compile(r"^(?P<cards>.+?)[\s,]+(?P<choice>keep|give)$", re.IGNORECASE)


def card_text(card_id: str) -> str:
    return kc.card(card_id).name.replace("→", ">")


def format_action(action: Action) -> str:
    if isinstance(action, NoAnswer):
        return "no answer"
    if isinstance(action, OfferBrown):
        return "offer none" if action.card is None else f"offer {card_text(action.card)} {action.number}"
    if isinstance(action, Play):
        text = " + ".join(card_text(c) for c in action.cards)
        return f"{text}, {action.choice}" if action.choice else text
    raise MalformedAction(f"{type(action).__name__} has no Kendo Shiai notation")


def parse_action(actor: int, text: str) -> Action:
    cleaned = " ".join(text.strip().split())
    lowered = cleaned.lower()
    if lowered in NO_ANSWER_WORDS:
        return NoAnswer(actor)
    if lowered.startswith("offer"):
        return _parse_offer(actor, cleaned[5:].strip())
    choice = None
    found = _CHOICE.match(cleaned)
    if found and "+" in found["cards"]:
        cleaned, choice = found["cards"], found["choice"].lower()
    parts = [p.strip() for p in cleaned.split("+")]
    if any(not p for p in parts):
        raise MalformedAction(f"{text!r}: a '+' needs a card on each side")
    for part in parts:
        halves = re.split(r"->|>|→", part)
        if len(halves) > 1 and (len(halves) != 2 or not all(h.strip() for h in halves)):
            raise MalformedAction(f"{part!r}: a red card is written RECEIVES>STRIKES, e.g. MEN>KOTE")
    cards = kc.canonical([kc.card_id(p) for p in parts])
    return Play(actor, cards, choice)


MAX_BROWN_NUMBER = 99  # a brown card's number; anything longer is a typing slip


def _parse_offer(actor: int, rest: str) -> Action:
    if rest.lower() in {"none", "nothing", "0", ""}:
        return OfferBrown(actor, None, 0)
    name, _, number = rest.rpartition(" ")
    value = whole_number(number, 0, MAX_BROWN_NUMBER)
    if not name or value is None:
        raise MalformedAction(f"offer {rest[:60]!r}: write 'offer CARD NUMBER', e.g. 'offer MEN 4' "
                              f"(a number from 0 to {MAX_BROWN_NUMBER})")
    return OfferBrown(actor, kc.card_id(name), value)
