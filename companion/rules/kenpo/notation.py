"""Kenpo Masters actions in record notation.

    starts                               chosen at random to take the first turn
    Front Kick forward                   a card with the move made with it (first Action card)
    Jab                                  a card comboed on the last one (same movement, K8)
    rest                                 draw 2, no move, no card (K7)
    end                                  the turn's cards are down: the opponent's cards resolve
    end; block Jab with Block            which attack each defence card blocks (K5)
    end; points Round Kick 3             points entered by hand for a card the catalog lacks (K9)
    end; points own Side Kick 2          ... for the acting player's own card at a Break
    Jab@2                                the second Jab on the table, where there are two
"""

from __future__ import annotations

import re

from companion.rules.errors import MalformedAction
from companion.rules.kenpo.cards import card_id, kenpo_cards
from companion.rules.kenpo.geometry import MOVES
from companion.rules.kenpo.state import BlockChoice, CardRef, EndTurn, HandPoints, PlayCard, Rest, Starts
from companion.rules.model import Action
from companion.rules.numbers import whole_number

MAX_COPIES = 99
MAX_POINTS = 999  # far beyond any card's points: a longer number is a typing slip
_REF = re.compile(r"^(?P<name>.+?)\s*(?:@\s*(?P<copy>\d+))?$")
_BLOCK = re.compile(r"^block\s+(?P<attack>.+?)\s+with\s+(?P<defence>.+)$", re.IGNORECASE)
_POINTS = re.compile(r"^points\s+(?P<own>own\s+)?(?P<card>.+?)\s+(?P<points>-?\d+)$", re.IGNORECASE)


def card_name(card: str) -> str:
    return kenpo_cards()[card].name


def ref_text(ref: CardRef) -> str:
    return card_name(ref.card) + (f"@{ref.copy}" if ref.copy != 1 else "")


def _clauses(blocks: tuple[BlockChoice, ...], points: tuple[HandPoints, ...]) -> str:
    parts = [f"block {ref_text(b.attack)} with {ref_text(b.defence)}" for b in blocks]
    parts += [f"points {'own ' if p.own else ''}{ref_text(p.ref)} {p.points}" for p in points]
    return "".join(f"; {part}" for part in parts)


def format_action(action: Action) -> str:
    if isinstance(action, Starts):
        return "starts"
    if isinstance(action, PlayCard):
        return card_name(action.card) + (f" {action.move}" if action.move else "")
    if isinstance(action, Rest):
        return "rest" + _clauses((), action.points)
    if isinstance(action, EndTurn):
        return "end" + _clauses(action.blocks, action.points)
    raise MalformedAction(f"{type(action).__name__} has no Kenpo Masters notation")


def _ref(text: str) -> CardRef:
    found = _REF.match(text.strip())
    if not found:
        raise MalformedAction(f"{text!r} is not a card name")
    copy = whole_number(found["copy"], 1, MAX_COPIES) if found["copy"] else 1
    if copy is None:
        raise MalformedAction(f"{text[:60]!r}: copies count from 1 to {MAX_COPIES}")
    return CardRef(card_id(found["name"]), copy)


def _parse_clauses(head: str, parts: list[str]) -> tuple[tuple[BlockChoice, ...], tuple[HandPoints, ...]]:
    blocks: list[BlockChoice] = []
    points: list[HandPoints] = []
    for part in parts:
        block = _BLOCK.match(part)
        entry = _POINTS.match(part)
        if block and head == "end":
            blocks.append(BlockChoice(_ref(block["defence"]), _ref(block["attack"])))
        elif entry:
            value = whole_number(entry["points"], -MAX_POINTS, MAX_POINTS)
            if value is None:
                raise MalformedAction(f"{part[:60]!r}: points are a whole number from -{MAX_POINTS} to {MAX_POINTS}")
            points.append(HandPoints(_ref(entry["card"]), value, bool(entry["own"])))
        else:
            allowed = "'block ATTACK with DEFENCE' or 'points CARD N'" if head == "end" else "'points CARD N'"
            raise MalformedAction(f"{part!r} after {head!r} is not {allowed}")
    return tuple(blocks), tuple(points)


def parse_action(actor: int, text: str) -> Action:
    parts = [p.strip() for p in " ".join(text.strip().split()).split(";")]
    head = parts[0].lower()
    if any(not p for p in parts):
        raise MalformedAction(f"{text!r}: an empty part between ';'")
    if head == "starts":
        if len(parts) > 1:
            raise MalformedAction("'starts' takes nothing more")
        return Starts(actor)
    if head in ("rest", "end"):
        blocks, points = _parse_clauses(head, parts[1:])
        return Rest(actor, points) if head == "rest" else EndTurn(actor, blocks, points)
    if len(parts) > 1:
        raise MalformedAction(f"{text!r}: blocks and points are written after 'end' (or 'rest')")
    if head in MOVES:
        raise MalformedAction(f"{text!r}: a fighter moves only with an Action card that shows the move (K2); "
                              f"write the card, then the move, e.g. 'Front Kick {head}'")
    words = parts[0].lstrip("+").strip().split(" ")
    move = words[-1].lower() if len(words) > 1 and words[-1].lower() in MOVES else None
    name = " ".join(words[:-1] if move else words)
    if not name:
        raise MalformedAction(f"{text!r}: name the card, then the move ({', '.join(MOVES)})")
    return PlayCard(actor, card_id(name), move)
