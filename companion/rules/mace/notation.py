"""MACE actions in record notation (docs/records.md, "## MACE").

    momentum 7H                       a Momentum card, face down until all are revealed
    strike KS at Ben                  Strike (spades) at a fighter in Reach
    charge 9C                         Charge (clubs), face down
    charge                            a Charge the referee could not see (MCD12)
    blast 8C with 10C at Ben          Blast (clubs), revealing the Charge 10C
    boost 3D to 1,-2 / boost 3D       Momentum Boost, moving to hex q,r or staying
    pass                              end the turn, passing what is left of it
    block 5D / dodge QH to 2,0 / no defence
    discard 9H 5C / discard 9H 5C, lose charge 7C
"""

from __future__ import annotations

import re

from companion.rules.errors import MalformedAction
from companion.rules.mace import cards as mc
from companion.rules.mace.hexgrid import Hex, format_hex, parse_hex
from companion.rules.mace.state import (
    Blast,
    Block,
    Boost,
    ChargeUp,
    DiscardForDamage,
    Dodge,
    EndTurn,
    NoDefence,
    PlayMomentum,
    Strike,
)
from companion.rules.model import Action, Forfeit

PASS_WORDS = {"pass", "end", "end turn", "done"}
NO_DEFENCE_WORDS = {"no defence", "no defense", "take", "take it", "none"}
# A Charge the referee could not see (MCD12): no card named until a Blast or a loss names it.
UNSEEN_CHARGE_WORDS = {"charge", "charge ?", "charge unseen", "charge face down"}
_STRIKE = re.compile(r"^strike\s+(?P<card>.+?)\s+at\s+(?P<target>.+)$", re.IGNORECASE)
_BLAST = re.compile(r"^blast\s+(?P<card>.+?)\s+with(?:\s+charge)?\s+(?P<charge>.+?)\s+at\s+"
                    r"(?P<target>.+)$", re.IGNORECASE)
_MOVE = re.compile(r"^(?P<verb>boost|dodge)\s+(?P<card>.+?)(?:\s+to\s+(?P<hex>.+))?$",
                   re.IGNORECASE)
_ONE_CARD = re.compile(r"^(?P<verb>momentum|charge|block)\s+(?P<card>.+)$", re.IGNORECASE)
_DISCARD = re.compile(r"^discard\s+(?P<cards>.+?)(?:\s*[,;]?\s*lose\s+charge\s+(?P<charge>.+))?$",
                      re.IGNORECASE)


def _to(hex_: Hex | None) -> str:
    return f" to {format_hex(hex_)}" if hex_ is not None else ""


def format_action(action: Action) -> str:
    match action:
        case PlayMomentum(card=card):
            return f"momentum {mc.code(card)}"
        case Strike(card=card, target=target):
            return f"strike {mc.code(card)} at {target}"
        case ChargeUp(card=card):
            return f"charge {mc.code(card)}" if card is not None else "charge"
        case Blast(card=card, charge=charge, target=target):
            return f"blast {mc.code(card)} with {mc.code(charge)} at {target}"
        case Boost(card=card, to=to):
            return f"boost {mc.code(card)}{_to(to)}"
        case EndTurn():
            return "pass"
        case Block(card=card):
            return f"block {mc.code(card)}"
        case Dodge(card=card, to=to):
            return f"dodge {mc.code(card)}{_to(to)}"
        case NoDefence():
            return "no defence"
        case Forfeit():
            return "forfeit"
        case DiscardForDamage(cards=cards, charge=charge):
            lose = f", lose charge {mc.code(charge)}" if charge else ""
            return f"discard {mc.codes(cards)}{lose}"
    raise MalformedAction(f"{type(action).__name__} has no MACE notation")


def parse_action(actor: int, text: str) -> Action:
    cleaned = " ".join(text.strip().split())
    lowered = cleaned.lower()
    if lowered in PASS_WORDS:
        return EndTurn(actor)
    if lowered in NO_DEFENCE_WORDS:
        return NoDefence(actor)
    if lowered in UNSEEN_CHARGE_WORDS:
        return ChargeUp(actor, None)
    if found := _STRIKE.match(cleaned):
        return Strike(actor, mc.card_id(found["card"]), found["target"].strip())
    if found := _BLAST.match(cleaned):
        return Blast(actor, mc.card_id(found["card"]), mc.card_id(found["charge"]),
                     found["target"].strip())
    if found := _DISCARD.match(cleaned):
        names = [n for n in re.split(r"[\s,+]+", found["cards"]) if n]
        charge = mc.card_id(found["charge"]) if found["charge"] else None
        return DiscardForDamage(actor, tuple(mc.card_id(n) for n in names), charge)
    if found := _MOVE.match(cleaned):
        hex_ = parse_hex(found["hex"]) if found["hex"] else None
        card = mc.card_id(found["card"])
        return Boost(actor, card, hex_) if found["verb"].lower() == "boost" else Dodge(actor, card, hex_)
    if found := _ONE_CARD.match(cleaned):
        card = mc.card_id(found["card"])
        verb = found["verb"].lower()
        return {"momentum": PlayMomentum, "charge": ChargeUp, "block": Block}[verb](actor, card)
    if lowered.startswith(("strike", "blast")):
        example = "strike KS at Ben" if lowered.startswith("strike") else "blast 8C with 10C at Ben"
        raise MalformedAction(f"{text!r}: name the card and the target, e.g. '{example}'")
    raise MalformedAction(
        f"{text!r} is not a MACE action: momentum, strike, charge, blast, boost, pass, block, "
        "dodge, no defence or discard (see docs/records.md)")
