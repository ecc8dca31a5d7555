"""Every legal response, with its ruling and consequence; plus the map data behind them.

Hands are hidden, so the engine lists what the rules allow for any card that may be in the hand
(every card the table has not seen) and checks the card actually played. Moves are many: each
Momentum Boost card is listed staying put, and one card of each value also with its notable
destinations (each step, each hex in an opponent's Reach, the nearest hex to each opponent; for
a Dodge each step and the hex furthest from the attacker);
`legal_extras` carries every hex a Boost of each value reaches.
"""

from __future__ import annotations

from typing import Any

from companion.rules.mace import cards as mc
from companion.rules.mace import legal_unseen, search
from companion.rules.mace.build import blast, boost, boost_lines, dodge, play_momentum, response, strike
from companion.rules.mace.combat import in_someones_reach, knockback_path
from companion.rules.mace.engine import boost_room
from companion.rules.mace.hexgrid import Hex, distance, format_hex, neighbours
from companion.rules.mace.state import (
    Attack,
    Block,
    ChargeUp,
    DiscardForDamage,
    EndTurn,
    MaceState,
    NoDefence,
    Phase,
)
from companion.rules.mace.table import top_value, unseen, value_now
from companion.rules.model import Forfeit, LegalResponse

MAX_VALUE = 14


def legal_responses(state: MaceState) -> list[LegalResponse]:
    if state.phase is Phase.OVER:
        return []
    free = unseen(state)
    if state.phase is Phase.MOMENTUM:
        return _momentum(state, free)
    if state.phase is Phase.TURN:
        return _turn(state, free)
    assert state.attack is not None
    if state.phase is Phase.DEFENCE:
        return _defences(state, state.attack, free)
    return _discards(state, state.attack, free)


def _of_suit(free: list[str], suit: str) -> list[str]:
    deck = mc.deck()
    return [c for c in free if deck[c].has_suit(suit)]


def _not_jokers(free: list[str]) -> list[tuple[str, int]]:
    """The cards that are not Jokers, with their values."""
    deck = mc.deck()
    return [(c, value) for c in free if (value := deck[c].value) is not None]


def _momentum(state: MaceState, free: list[str]) -> list[LegalResponse]:
    found = []
    cards = [c for c, _ in _not_jokers(free)]  # never a Joker (C1)
    for seat, fighter in enumerate(state.fighters):
        if fighter.momentum is not None or not fighter.in_combat:
            continue
        found += [response(play_momentum(seat, card_id), "MACE Momentum",
                           "a Momentum card is played face down (never a Joker, C1)",
                           "revealed when every fighter has played one") for card_id in cards]
    return found


def _turn(state: MaceState, free: list[str]) -> list[LegalResponse]:
    seat = state.active
    name = state.names[seat]
    found: list[LegalResponse] = []
    if state.between_rounds:
        for fighter_seat, fighter in enumerate(state.fighters):
            if fighter.in_combat:
                found.append(response(Forfeit(fighter_seat), "MACE Ending Combat",
                                      "a fighter may forfeit at the end of a round (MCD8)",
                                      f"{state.names[fighter_seat]} leaves the combat"))
    if not state.action_used:
        found += _strikes(state, seat, free)
        if in_someones_reach(state, seat) is None:
            found += _charges_and_blasts(state, seat, free)
    if not state.boost_used:
        found += _boosts(state, seat, free)
    found.append(response(EndTurn(seat), "MACE Turns",
                          "the Action and the Momentum Boost may each be passed",
                          f"{name}'s turn ends"))
    return found


def _strikes(state: MaceState, seat: int, free: list[str]) -> list[LegalResponse]:
    found: list[LegalResponse] = []
    here = state.fighters[seat].hex
    spades: list[tuple[str, int]] | None = None
    for target in state.in_combat():
        if target == seat or distance(state.fighters[target].hex, here) != 1:
            continue
        who = state.names[target]
        if spades is None:
            spades = [(c, value_now(state, c)) for c in _of_suit(free, "spades")]
        for card_id, value in spades:
            found.append(response(
                strike(seat, card_id, who), "MACE Strike",
                f"{who} is in Reach (C2); a spade strikes for its value",
                f"{value} damage to {who} unless blocked or dodged; knockback {state.knockback(value)} (C3)"))
    return found


def _charges_and_blasts(state: MaceState, seat: int, free: list[str]) -> list[LegalResponse]:
    clubs = _of_suit(free, "clubs")
    values = [value_now(state, c) for c in clubs]
    found = [response(ChargeUp(seat, c), "MACE Charge",
                      "nobody has him in Reach; a club is played face down",
                      f"a Charge worth {value} for a later Blast")
             for c, value in zip(clubs, values, strict=True)]
    found += legal_unseen.charge_unseen(state, seat)
    here = state.fighters[seat].hex
    for held in state.fighters[seat].charges:
        if held.card is None:
            continue  # listed below, with the cards it could be (MCD13)
        for target in state.in_combat():
            gap = distance(state.fighters[target].hex, here)
            if target == seat or gap > held.value:
                continue
            who = state.names[target]
            for card_id, value in zip(clubs, values, strict=True):
                found.append(response(
                    blast(seat, card_id, held.card, who), "MACE Blast",
                    f"{who} is {gap} hex(es) away, within the Charge's {held.value}; nobody has "
                    "the blaster in Reach",
                    f"{value} damage to {who} unless blocked or dodged; knockback {state.knockback(value)}"))
    return found + legal_unseen.blasts(state, seat, clubs)


def _boosts(state: MaceState, seat: int, free: list[str]) -> list[LegalResponse]:
    fighter = state.fighters[seat]
    old = mc.card(fighter.momentum or "").value or 0
    cards = _not_jokers(free)  # a Joker is never Momentum (C1)
    limits = {abs(value - old) for _, value in cards} - {0}
    others = [state.fighters[s].hex for s in state.in_combat() if s != seat]
    picks = search.boost_destinations(fighter.hex, others, state.radius, limits)
    found: list[LegalResponse] = []
    values_done: set[int] = set()
    said: dict[tuple[Hex, int], str] = {}  # the same destinations recur from value to value
    whys: dict[int, str] = {}  # and the same limits from card to card
    ruling, stays = "MACE Momentum Boost", "stays put; the turn order changes next round (C5)"
    for card_id, value in cards:
        allowed = abs(value - old)
        why = whys.get(allowed)
        if why is None:
            why = whys[allowed] = (f"replaces Momentum {mc.code(fighter.momentum or '')} ({old}); "
                                   f"moves up to {allowed}")
        found.append(response(boost(seat, card_id, None), ruling, why, stays))
        if value in values_done or allowed == 0:
            continue
        values_done.add(value)
        destinations = []
        for pick in picks[allowed]:
            text = said.get(pick)
            if text is None:
                text = said[pick] = (f"moves to {format_hex(pick[0])} ({pick[1]} hex(es); into but "
                                     "not through Reach, C2)")
            destinations.append((pick[0], text))
        boost_lines(seat, card_id, destinations, ruling, why, found)  # some 200 in a 4-fighter turn
    return found


def _defences(state: MaceState, attack: Attack, free: list[str]) -> list[LegalResponse]:
    seat = attack.target
    found = []
    for card_id in _of_suit(free, "diamonds"):
        value = value_now(state, card_id)
        left = max(0, attack.damage - value)
        found.append(response(Block(seat, card_id), "MACE Block",
                              f"a diamond reduces the damage by its value ({value})",
                              f"{left} damage left" + ("" if left else ": no damage")))
    attacker_hex = state.fighters[attack.attacker].hex
    hearts = [(c, value_now(state, c)) for c in _of_suit(free, "hearts")]
    hearts = [(c, v) for c, v in hearts if v >= attack.value]
    limits = {v - attack.value for _, v in hearts} - {0}
    picks = search.dodge_destinations(state.fighters[seat].hex, state.occupied(but=seat),
                                      attacker_hex, state.radius, limits)
    values_done: set[int] = set()
    said: dict[Hex, str] = {}  # the same destinations recur from value to value
    for card_id, value in hearts:
        allowed = value - attack.value
        why = f"a heart of at least {attack.value} negates the attack; moves up to {allowed} (C2)"
        found.append(response(dodge(seat, card_id, None), "MACE Dodge", why, "no damage; stays put"))
        if value in values_done or allowed == 0:
            continue
        values_done.add(value)
        for hex_ in picks[allowed]:
            text = said.get(hex_)
            if text is None:
                text = said[hex_] = f"no damage; moves to {format_hex(hex_)}"
            found.append(response(dodge(seat, card_id, hex_), "MACE Dodge", why, text))
    found.append(response(NoDefence(seat), "MACE Defensive Action",
                          "a defence is optional", f"{attack.damage} damage to cover (C4)"))
    return found


def discard_examples(free: list[str], hand: int, damage: int) -> list[tuple[str, ...]]:
    """One set of k cards for each k from 1 to the hand that covers the damage, cheapest first,
    and the whole hand when nothing covers (C4)."""
    pool = sorted((c for c in free if not mc.card(c).joker), key=lambda c: mc.card(c).value or 0)
    found: list[tuple[str, ...]] = []
    for count in range(1, min(hand, len(pool)) + 1):
        low = pool[:count - 1]
        need = damage - sum(mc.card(c).value or 0 for c in low)
        last = next((c for c in pool[count - 1:] if (mc.card(c).value or 0) >= need), None)
        if last is not None:
            found.append((*low, last))
        elif count == hand:
            found.append(tuple(pool[:count]))
    if not any(len(cards) == hand for cards in found):
        # The whole hand is always an answer (MCD5); Jokers too when few cards are unseen.
        whole = (pool + [c for c in free if mc.card(c).joker])[:hand]
        if len(whole) == hand:
            found.append(tuple(whole))
    return found


def _discards(state: MaceState, attack: Attack, free: list[str]) -> list[LegalResponse]:
    seat = attack.target
    fighter = state.fighters[seat]
    knockback = state.knockback(attack.damage)
    found = []
    pool = legal_unseen.discard_pool(state, free, fighter.hand)
    examples = discard_examples(pool, fighter.hand, attack.damage)
    for cards, charges in zip(examples, legal_unseen.lost_charges(state, seat, examples),
                              strict=True):
        total = sum(mc.card(c).value or 0 for c in cards)
        left = fighter.hand - len(cards)
        if left == 0:
            result = "hand empty: knocked out (C4)"
        else:
            down = "; knocked down (C3)" if knockback > left else ""
            result = f"{left} card(s) left; knockback {knockback}{down}"
        for charge in charges:
            lose = f"; loses Charge {mc.code(charge)}" if charge else ""
            found.append(response(
                DiscardForDamage(seat, cards, charge), "C4",
                f"discards worth {total} against {attack.damage} damage"
                + (" (the whole hand)" if total < attack.damage else ""),
                result + lose))
    return found


def _blast_targets(state: MaceState, seat: int) -> dict[str, list[str]]:
    """Who each Charge reaches; unseen ones together as "face down", by the furthest any card
    they could be reaches (never naming one, MCD12)."""
    here = state.fighters[seat].hex
    reaches = {mc.code(c.card): c.value for c in state.fighters[seat].charges if c.card}
    hidden = legal_unseen.reveal_reach(state, seat)
    if hidden:
        reaches["face down"] = max(hidden.values())
    return {label: [state.names[s] for s in state.in_combat() if s != seat
                    and distance(state.fighters[s].hex, here) <= reach]
            for label, reach in reaches.items()}


def legal_extras(state: MaceState) -> dict[str, Any]:
    """The map for the app: each fighter's hex and Reach, Blast ranges, Boost and knockback reach."""
    extras: dict[str, Any] = {
        "map": {
            state.names[s]: {"hex": list(state.fighters[s].hex),
                             "reach": [list(h) for h in neighbours(state.fighters[s].hex)]}
            for s in state.in_combat()
        },
        "joker_value": top_value(state),
    }
    if state.phase is Phase.TURN:
        seat = state.active
        here = state.fighters[seat].hex
        near = in_someones_reach(state, seat)
        extras["actions"] = {
            "strike_targets": [state.names[s] for s in state.in_combat()
                               if s != seat and distance(state.fighters[s].hex, here) == 1],
            "charge_allowed": near is None and not state.action_used,
            "in_reach_of": state.names[near] if near is not None else None,
            "blast_targets": _blast_targets(state, seat) if near is None else {},
        }
        if not state.boost_used:
            old = mc.card(state.fighters[seat].momentum or "").value or 0
            room = boost_room(state, seat, MAX_VALUE)
            extras["boost_reach"] = {
                str(value): [list(h) for h, n in sorted(room.items()) if n <= abs(value - old)]
                for value in range(2, MAX_VALUE + 1)
            }
    if state.phase is Phase.DAMAGE and state.attack is not None:
        path, stopped = knockback_path(state, state.attack.target, state.attack)
        extras["knockback"] = {"hexes": [list(h) for h in path], "stopped": stopped,
                               "from": list(state.attack.source)}
    return extras
