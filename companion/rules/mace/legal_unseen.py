"""Legal responses around unseen Charges (MCD12-MCD14), without inventing a card.

The engine does not know an unseen Charge, so a Blast or a loss that names it may name any card
it could be. Listing every Blast card with every such card at every target would be hundreds of
lines; as for Boost destinations, each Blast card is listed at each target once (with a card the
Charge could be that reaches him), and each card the Charge could be once (with a Blast card).
Every line listed is one the engine accepts.
"""

from __future__ import annotations

from companion.rules.mace import cards as mc
from companion.rules.mace import unseen
from companion.rules.mace.build import blast, response
from companion.rules.mace.hexgrid import distance
from companion.rules.mace.state import ChargeUp, MaceState
from companion.rules.mace.table import seen_cards, top_value, value_now
from companion.rules.model import LegalResponse


def charge_unseen(state: MaceState, seat: int) -> list[LegalResponse]:
    if unseen.new_charge(state, seen_cards(state), top_value(state)) is None:
        return []
    return [response(ChargeUp(seat, None), "MCD12",
                     "nobody has him in Reach; a card is played face down, unseen by the "
                     "referee", "a Charge, named when a Blast reveals it")]


def reveal_reach(state: MaceState, seat: int) -> dict[str, int]:
    """Each card his unseen Charges could be named as now, with the hexes it would reach (a
    Joker: the furthest its fixed values reach, MCD3)."""
    charges = [c for c in state.fighters[seat].charges if c.card is None]
    if not charges:
        return {}
    seen = seen_cards(state)
    found: dict[str, int] = {}
    for card_id in sorted(frozenset().union(*(c.could_be for c in charges))):
        if unseen.why_not(state, seat, card_id, seen) is not None:
            continue
        if mc.card(card_id).joker:
            found[card_id] = max(c.value for c in charges if card_id in c.could_be)
        else:
            found[card_id] = mc.card(card_id).value or 0
    return found


def _roomy(state: MaceState, spare: int) -> bool:
    """Whether, one unseen Charge named and `spare` cards shown, the others each keep more
    choices than there are of them (then no check is needed)."""
    sets = unseen.open_sets(state)
    return not sets or min(len(s) for s in sets) >= len(sets) - 1 + spare


def discard_pool(state: MaceState, free: list[str], hand: int) -> list[str]:
    """Cards to build example discards from: with few cards left that unseen Charges could be,
    only cards none could be, so the examples never take the last card a Charge may be."""
    if _roomy(state, hand + 1):
        return free
    could_be = frozenset().union(*unseen.open_sets(state))
    return [c for c in free if c not in could_be]


class _Naming:
    """Whether naming a card for one of the seat's unseen Charges (MCD13) and showing some cards
    leaves the unseen Charges distinct cards (MCD12). Answers are kept for one listing: the same
    names and cards come up target after target, and each check is a matching."""

    def __init__(self, state: MaceState, seat: int) -> None:
        self.state, self.seat = state, seat
        self._indexes: dict[tuple[str, int], int | None] = {}
        self._answers: dict[tuple[str, tuple[str, ...], int], bool] = {}

    def ok(self, charge: str, shown: tuple[str, ...], reach: int, roomy: bool) -> bool:
        if roomy:
            return True
        reach_key = reach if mc.card(charge).joker else -1  # only a Joker's reach picks the Charge
        key = (charge, shown, reach_key)
        answer = self._answers.get(key)
        if answer is None:
            if (charge, reach_key) not in self._indexes:
                self._indexes[(charge, reach_key)] = unseen.reveal_index(self.state, self.seat, charge,
                                                                         reach)
            index = self._indexes[(charge, reach_key)]
            answer = self._answers[key] = index is not None and unseen.distinct_after(
                self.state, self.seat, index, frozenset((charge, *shown)))
        return answer


def blasts(state: MaceState, seat: int, clubs: list[str]) -> list[LegalResponse]:
    reach = reveal_reach(state, seat)
    if not reach:
        return []
    roomy = _roomy(state, 2)
    here = state.fighters[seat].hex
    values = {c: value_now(state, c) for c in clubs}
    found: list[LegalResponse] = []
    naming = _Naming(state, seat)
    for target in state.in_combat():
        gap = distance(state.fighters[target].hex, here)
        if target == seat:
            continue
        who = state.names[target]
        reaching = [c for c, r in reach.items() if r >= gap]
        listed: set[tuple[str, str]] = set()
        named_once: set[str] = set()
        for card_id in clubs:
            named = next((c for c in reaching if c != card_id and naming.ok(c, (card_id,), gap, roomy)),
                         None)
            if named is not None:
                listed.add((card_id, named))
                named_once.add(named)
        for named in reaching:
            if named not in named_once:
                card_id = next((b for b in clubs if b != named and naming.ok(named, (b,), gap, roomy)), "")
                if card_id:
                    listed.add((card_id, named))
                    named_once.add(named)
        whys: dict[str, str] = {}  # the same named card and the same damage recur line to line
        damages: dict[int, str] = {}
        for card_id, named in sorted(listed):
            why = whys.get(named)
            if why is None:
                why = whys[named] = (
                    f"{who} is {gap} hex(es) away; the face-down Charge is named as it is revealed, "
                    f"and {mc.code(named)} could be it (reach {reach[named]}); nobody has the "
                    "blaster in Reach")
            value = values[card_id]
            damage = damages.get(value)
            if damage is None:
                damage = damages[value] = (f"{value} damage to {who} unless blocked or dodged; "
                                           f"knockback {state.knockback(value)}")
            found.append(response(blast(seat, card_id, named, who), "MCD13", why, damage))
    return found


def lost_charges(state: MaceState, seat: int, examples: list[tuple[str, ...]]
                 ) -> list[list[str | None]]:
    """For each set of discards, the Charges he may lose with them, named (C4, MCD13): his named
    ones, and cards his unseen ones could be (all with the first set, one with the others); none
    when the discards knock him out and every Charge of his is unseen (MCD14)."""
    charges = state.fighters[seat].charges
    named: list[str | None] = [c.card for c in charges if c.card is not None]
    if not charges:
        return [[None] for _ in examples]
    if len(charges) == 1 and named:
        return [named for _ in examples]
    if not any(c.card is None for c in charges):
        return [list(named) for _ in examples]
    reach = reveal_reach(state, seat)
    hand = state.fighters[seat].hand
    found: list[list[str | None]] = []
    naming = _Naming(state, seat)
    for index, cards in enumerate(examples):
        if len(cards) == hand and not named:
            found.append([None])
            continue
        roomy = _roomy(state, len(cards) + 1)
        could = [c for c in reach if c not in cards and naming.ok(c, cards, 0, roomy)]
        found.append([*named, *(could if index == 0 else could[:1])])
    return found
