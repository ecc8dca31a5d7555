"""Strike, Charge and Blast; Block and Dodge out of turn; damage, knockback and knockdown (C3, C4)."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.errors import IllegalAction
from companion.rules.mace import cards as mc
from companion.rules.mace import flow, unseen
from companion.rules.mace.hexgrid import distance, line_beyond, moves, on_grid
from companion.rules.mace.state import (
    Attack,
    Blast,
    Blasted,
    Block,
    Blocked,
    CardsDiscarded,
    Charge,
    Charged,
    ChargeLost,
    ChargeUp,
    DamageDealt,
    DefenceDeclined,
    DiscardForDamage,
    Dodge,
    Dodged,
    KnockedBack,
    KnockedDown,
    MaceState,
    Phase,
    Strike,
    Struck,
)
from companion.rules.mace.table import (
    check_in_hand,
    draw,
    play_from_hand,
    seen_cards,
    take_from_hand,
    to_discard,
    top_value,
    value_now,
)
from companion.rules.model import Event

SUIT_OF_ACTION = {"Strike": "spades", "Charge": "clubs", "Blast": "clubs", "Block": "diamonds",
                  "Dodge": "hearts"}


def check_suit(what: str, card_id: str) -> None:
    suit = SUIT_OF_ACTION[what]
    info = mc.card(card_id)
    if not info.has_suit(suit):
        raise IllegalAction(f"a {what} is played with {suit} (or a Joker); {info.code} is "
                            f"{info.suit}", f"MACE {what}")


def target_seat(state: MaceState, actor: int, label: str, what: str) -> int:
    seat = state.seat_of(label)
    if seat is None:
        raise IllegalAction(f"no fighter called {label!r} (fighters: {', '.join(state.names)})",
                            f"MACE {what}")
    if seat == actor:
        raise IllegalAction(f"a fighter cannot {what.lower()} himself", f"MACE {what}")
    if not state.fighters[seat].in_combat:
        raise IllegalAction(f"{state.names[seat]} is {state.fighters[seat].out}", "C4")
    return seat


def in_someones_reach(state: MaceState, seat: int) -> int | None:
    """The first other fighter whose Reach (C2) holds `seat`, if any; knocked down or not (MCD6)."""
    here = state.fighters[seat].hex
    for other in state.in_combat():
        if other != seat and distance(state.fighters[other].hex, here) == 1:
            return other
    return None


def _play_to_discard(state: MaceState, seat: int, card_id: str, value: int,
                     events: list[Event]) -> MaceState:
    state = play_from_hand(state, seat, card_id)
    state = to_discard(state, card_id, value)
    return draw(state, seat, events)


def strike(state: MaceState, action: Strike, events: list[Event]) -> MaceState:
    seat = action.actor
    check_suit("Strike", action.card)
    check_in_hand(state, action.card)
    target = target_seat(state, seat, action.target, "Strike")
    gap = distance(state.fighters[seat].hex, state.fighters[target].hex)
    if gap != 1:
        raise IllegalAction(f"{state.names[target]} is {gap} hexes away: a Strike reaches only the "
                            "six hexes around the striker", "C2")
    value = value_now(state, action.card)
    events.append(Struck(seat, target, action.card, value))
    state = _play_to_discard(state, seat, action.card, value, events)
    attack = Attack("strike", seat, target, action.card, value, value, state.fighters[seat].hex)
    return open_attack(state.evolve(action_used=True), attack, events)


def charge(state: MaceState, action: ChargeUp, events: list[Event]) -> MaceState:
    seat = action.actor
    if action.card is not None:
        check_suit("Charge", action.card)
        check_in_hand(state, action.card)
    near = in_someones_reach(state, seat)
    if near is not None:
        raise IllegalAction(f"{state.names[seat]} is in {state.names[near]}'s Reach and cannot "
                            "Charge", "MACE Charge")
    if action.card is None:
        # Unseen (MCD12): a card of his hand, so none on the table now; its value as a Joker is
        # fixed now (MCD3), its own when it is named.
        placed = unseen.new_charge(state, seen_cards(state), top_value(state))
        if placed is None:
            raise IllegalAction(f"no club or Joker can be in {state.names[seat]}'s hand: each is "
                                "on the table or must be another face-down Charge", "MCD12")
        state = take_from_hand(state, seat)
    else:
        placed = Charge(action.card, value_now(state, action.card))
        state = play_from_hand(state, seat, action.card)
    fighter = state.fighters[seat]
    state = state.with_fighter(seat, charges=(*fighter.charges, placed))
    events.append(Charged(seat))
    state = draw(state, seat, events)
    return flow.resume(state.evolve(action_used=True), events)


def blast(state: MaceState, action: Blast, events: list[Event]) -> MaceState:
    seat = action.actor
    check_suit("Blast", action.card)
    fighter = state.fighters[seat]
    held = next((c for c in fighter.charges if c.card == action.charge), None)
    hidden = any(c.card is None for c in fighter.charges)
    if held is None and not hidden:
        what = (f"{state.names[seat]} has no Charge" if not fighter.charges
                else f"{mc.code(action.charge)} is not one of {state.names[seat]}'s Charges")
        raise IllegalAction(f"{what}: a Blast reveals a face-down Charge card", "MACE Blast")
    if action.card == action.charge:
        raise IllegalAction("the Blast card and the revealed Charge are two different cards",
                            "MACE Blast")
    if held is None:
        unseen.refuse_unless_possible(state, seat, action.charge, seen_cards(state))
    check_in_hand(state, action.card)
    near = in_someones_reach(state, seat)
    if near is not None:
        raise IllegalAction(f"{state.names[seat]} is in {state.names[near]}'s Reach and cannot "
                            "Blast", "MACE Blast")
    target = target_seat(state, seat, action.target, "Blast")
    gap = distance(fighter.hex, state.fighters[target].hex)
    if held is None:
        state, held = unseen.reveal(state, seat, action.charge, gap)  # named now (MCD13)
    else:
        state = state.with_fighter(seat, charges=_without(state.fighters[seat].charges, held))
    assert held.card is not None
    if gap > held.value:
        raise IllegalAction(f"{state.names[target]} is {gap} hexes away; the Charge "
                            f"{mc.code(held.card)} reaches {held.value}", "MACE Blast")
    value = value_now(state, action.card)
    state = to_discard(state, held.card, held.value)
    events.append(Blasted(seat, target, action.card, value, held.card, held.value))
    state = _play_to_discard(state, seat, action.card, value, events)
    unseen.check_distinct(state, action.card)
    attack = Attack("blast", seat, target, action.card, value, value, fighter.hex)
    return open_attack(state.evolve(action_used=True), attack, events)


def _without(charges: tuple[Charge, ...], held: Charge) -> tuple[Charge, ...]:
    """All but `held` (the first equal one: two unseen Charges may be equal values)."""
    index = charges.index(held)
    return charges[:index] + charges[index + 1:]


def open_attack(state: MaceState, attack: Attack, events: list[Event]) -> MaceState:
    """The target may defend, unless he is knocked down (MACE Knockdown) or it deals nothing
    (a Joker on an empty discard pile, MCD3)."""
    if attack.damage <= 0:
        return flow.resume(state, events)
    if state.fighters[attack.target].knocked_down:
        events.append(DefenceDeclined(attack.target, knocked_down=True))
        return deal(state, attack, events)
    return state.evolve(phase=Phase.DEFENCE, attack=attack)


def deal(state: MaceState, attack: Attack, events: list[Event]) -> MaceState:
    """Damage still standing after the defence must be covered by discards (C4)."""
    if attack.damage <= 0:
        return flow.resume(state, events)
    events.append(DamageDealt(attack.target, attack.attacker, attack.damage))
    return state.evolve(phase=Phase.DAMAGE, attack=attack)


def block(state: MaceState, action: Block, attack: Attack, events: list[Event]) -> MaceState:
    check_suit("Block", action.card)
    check_in_hand(state, action.card)
    value = value_now(state, action.card)
    left = max(0, attack.damage - value)
    events.append(Blocked(action.actor, action.card, value, left))
    state = _play_to_discard(state, action.actor, action.card, value, events)
    return deal(state, replace(attack, damage=left), events)


def dodge_room(state: MaceState, seat: int, allowed: int) -> dict[tuple[int, int], int]:
    """A Dodge's move ignores Reach (C2) but never enters an occupied hex (MCD1)."""
    return moves(state.fighters[seat].hex, allowed, state.occupied(but=seat), (), state.radius)


def dodge(state: MaceState, action: Dodge, attack: Attack, events: list[Event]) -> MaceState:
    seat = action.actor
    check_suit("Dodge", action.card)
    check_in_hand(state, action.card)
    value = value_now(state, action.card)
    if value < attack.value:
        raise IllegalAction(f"a Dodge needs at least {attack.value}; {mc.code(action.card)} is "
                            f"worth {value}: Block with a diamond or take the damage", "MCD4")
    start = state.fighters[seat].hex
    end = action.to or start
    allowed = value - attack.value
    if end not in dodge_room(state, seat, allowed):
        raise IllegalAction(f"the Dodge moves {state.names[seat]} at most {allowed} hex(es) to a "
                            f"free hex; {end[0]},{end[1]} is not one of them", "MACE Dodge")
    events.append(Dodged(seat, action.card, value, start, end))
    state = _play_to_discard(state, seat, action.card, value, events)
    state = state.with_fighter(seat, hex=end)
    return flow.resume(state, events)


def decline(state: MaceState, attack: Attack, events: list[Event]) -> MaceState:
    events.append(DefenceDeclined(attack.target, knocked_down=False))
    return deal(state, attack, events)


def discard_for_damage(state: MaceState, action: DiscardForDamage, attack: Attack,
                       events: list[Event]) -> MaceState:
    seat = action.actor
    fighter = state.fighters[seat]
    if not action.cards:
        raise IllegalAction(f"{attack.damage} damage: name the cards discarded", "C4")
    if len(set(action.cards)) != len(action.cards):
        raise IllegalAction("the same card is named twice", "MCD7")
    if len(action.cards) > fighter.hand:
        raise IllegalAction(f"{state.names[seat]} has only {fighter.hand} card(s) in hand", "C4")
    whole_hand = len(action.cards) == fighter.hand  # MCD5: the whole hand always answers
    lost = _charge_to_lose(state, seat, action.charge, action.cards, whole_hand)
    total = 0
    for card_id in action.cards:
        check_in_hand(state, card_id)
        value = value_now(state, card_id)  # a Joker takes the card discarded just before it
        state = to_discard(state, card_id, value)
        total += value
    if total < attack.damage and not whole_hand:
        raise IllegalAction(f"{mc.codes(action.cards)} add up to {total}, less than the "
                            f"{attack.damage} damage: discard more, or the whole hand", "C4")
    state = unseen.prune(state.with_fighter(seat, hand=fighter.hand - len(action.cards)),
                         action.cards)
    events.append(CardsDiscarded(seat, action.cards, total))
    if lost is not None:
        if lost.card is None:  # an unseen Charge, named as it goes face up (MCD13)
            assert action.charge is not None
            state, lost = unseen.reveal(state, seat, action.charge)
        else:
            state = state.with_fighter(seat, charges=_without(state.fighters[seat].charges, lost))
        assert lost.card is not None
        state = to_discard(state, lost.card, lost.value)
        events.append(ChargeLost(seat, lost.card))
    unseen.check_distinct(state, *action.cards)
    if state.fighters[seat].hand == 0:
        state = flow.remove_fighter(state, seat, "knocked out", events)
        state = flow.finish_if_won(state, events)
        return state if state.phase is Phase.OVER else flow.resume(state, events)
    state = knock_back(state, seat, attack, events)
    return flow.resume(state, events)


def _charge_to_lose(state: MaceState, seat: int, named: str | None, discards: tuple[str, ...],
                    knocked_out: bool) -> Charge | None:
    """The Charge lost with the discards (C4); an unseen one is returned unnamed, to be named."""
    charges = state.fighters[seat].charges
    name = state.names[seat]
    if not charges:
        if named is not None:
            raise IllegalAction(f"{name} has no Charge to lose", "C4")
        return None
    if named is None:
        if len(charges) == 1 and charges[0].card is not None:
            return charges[0]
        if knocked_out and all(c.card is None for c in charges):
            return None  # they all leave with him, never named (MCD14)
        if len(charges) == 1:
            raise IllegalAction(f"{name} loses his face-down Charge: it goes face up onto the "
                                "discard pile, so name it (lose charge CARD)", "MCD13")
        raise IllegalAction(f"{name} has {len(charges)} Charges: name the one he loses", "C4")
    found = next((c for c in charges if c.card == named), None)
    if found is not None:
        return found
    if not any(c.card is None for c in charges):
        raise IllegalAction(f"{mc.code(named)} is not one of {name}'s Charges", "C4")
    if named in discards:
        raise IllegalAction(f"{mc.code(named)} is named both as a discard from the hand and as the "
                            "Charge he loses", "MCD7")
    unseen.refuse_unless_possible(state, seat, named, seen_cards(state))
    return next(c for c in charges if c.card is None)


def knockback_path(state: MaceState, seat: int, attack: Attack) -> tuple[list[tuple[int, int]], bool]:
    """Hexes the fighter is pushed through, and whether something stopped him early (C3, MCD11)."""
    hexes = state.knockback(attack.damage)
    here = state.fighters[seat].hex
    occupied = state.occupied(but=seat)
    path: list[tuple[int, int]] = []
    for nxt in line_beyond(attack.source, here, hexes):
        if nxt in occupied or not on_grid(nxt, state.radius):
            return path, True
        path.append(nxt)
    return path, False


def knock_back(state: MaceState, seat: int, attack: Attack, events: list[Event]) -> MaceState:
    hexes = state.knockback(attack.damage)
    if hexes == 0:
        return state
    path, stopped = knockback_path(state, seat, attack)
    start = state.fighters[seat].hex
    end = path[-1] if path else start
    state = state.with_fighter(seat, hex=end)
    events.append(KnockedBack(seat, start, end, len(path), stopped))
    hand = state.fighters[seat].hand
    if hexes > hand:
        events.append(KnockedDown(seat, hexes, hand))
        state = state.with_fighter(seat, knocked_down=True)
    return state
