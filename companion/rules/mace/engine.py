"""MACE's transitions: `apply` for every action, with setup, Momentum and the Momentum Boost."""

from __future__ import annotations

from companion.rules.errors import IllegalAction, InvalidSetup
from companion.rules.mace import cards as mc
from companion.rules.mace import combat, flow
from companion.rules.mace.hexgrid import Hex, distance, format_hex, moves, on_grid, reach_of, ring_corners
from companion.rules.mace.state import (
    Blast,
    Block,
    Boost,
    ChargeUp,
    DiscardForDamage,
    Dodge,
    EndTurn,
    Fighter,
    FighterForfeited,
    MaceState,
    MomentumBoosted,
    MomentumPlaced,
    MomentumRevealed,
    NoDefence,
    Phase,
    PlayMomentum,
    Strike,
)
from companion.rules.mace.table import DECK_SIZE, HAND_SIZE, check_in_hand, draw, play_from_hand, to_discard
from companion.rules.model import Action, Event, Forfeit

# MCD2: where the fighters stand at the start, as corners of the hex ring of the start radius.
START_CORNERS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4)}
TURN_ACTIONS = (Strike, ChargeUp, Blast, Boost, EndTurn)
DEFENCES = (Block, Dodge, NoDefence)


def check_radii(start_radius: int, ring_radius: int) -> None:
    if start_radius < 1:
        raise InvalidSetup("option start-radius must be at least 1 (fighters start apart)")
    if ring_radius < 0:
        raise InvalidSetup("option ring-radius is 0 (unbounded) or a positive number of hexes")
    if ring_radius and ring_radius < start_radius:
        raise InvalidSetup(f"option ring-radius {ring_radius} is smaller than start-radius "
                           f"{start_radius}: the fighters would start outside the ring")


def initial_state(names: tuple[str, ...], start_radius: int, ring_radius: int,
                  knockback_rounds_up: bool = False) -> MaceState:
    check_radii(start_radius, ring_radius)
    corners = ring_corners(start_radius)
    fighters = tuple(Fighter(corners[i], HAND_SIZE) for i in START_CORNERS[len(names)])
    return MaceState(names=names, fighters=fighters, phase=Phase.MOMENTUM,
                     deck=DECK_SIZE - HAND_SIZE * len(names), radius=ring_radius,
                     knockback_rounds_up=knockback_rounds_up)


def apply(state: MaceState, action: Action) -> tuple[MaceState, tuple[Event, ...]]:
    if state.phase is Phase.OVER:
        raise IllegalAction("the combat is over", "C4")
    if not 0 <= action.actor < len(state.fighters) or not state.fighters[action.actor].in_combat:
        raise IllegalAction("that fighter is no longer in the combat", "C4")
    events: list[Event] = []
    if isinstance(action, Forfeit):
        state = _forfeit(state, action.actor, events)
    elif state.phase is Phase.MOMENTUM:
        state = _momentum(state, action, events)
    elif isinstance(action, PlayMomentum):
        raise IllegalAction("the Momentum cards are revealed; change yours with a Momentum Boost "
                            "on your turn", "MACE Momentum")
    elif state.phase is Phase.TURN:
        state = _turn(state, action, events)
    else:
        state = _answer(state, action, events)
    return state, tuple(events)


def _momentum(state: MaceState, action: Action, events: list[Event]) -> MaceState:
    seat = action.actor
    if not isinstance(action, PlayMomentum):
        raise IllegalAction("first every fighter plays a Momentum card face down", "MACE Momentum")
    if state.fighters[seat].momentum is not None:
        raise IllegalAction(f"{state.names[seat]} has already played a Momentum card",
                            "MACE Momentum")
    _check_momentum_card(state, action.card)
    state = play_from_hand(state, seat, action.card).with_fighter(seat, momentum=action.card)
    events.append(MomentumPlaced(seat))
    state = draw(state, seat, events)
    if any(f.momentum is None for f in state.fighters if f.in_combat):
        return state
    events.append(MomentumRevealed(tuple(f.momentum for f in state.fighters)))
    return flow.begin_round(state, events)


def _check_momentum_card(state: MaceState, card_id: str) -> None:
    if mc.card(card_id).joker:
        raise IllegalAction("a Joker can never be played to Momentum", "C1")
    check_in_hand(state, card_id)


def _turn(state: MaceState, action: Action, events: list[Event]) -> MaceState:
    active = state.active
    if action.actor != active:
        raise IllegalAction(f"it is {state.names[active]}'s turn", "MACE Turns")
    if not isinstance(action, TURN_ACTIONS):
        raise IllegalAction(f"nobody is attacking {state.names[active]}: on his turn he Strikes, "
                            "Charges, Blasts, Boosts or passes", "MACE Turns")
    state = state.evolve(between_rounds=False)
    if isinstance(action, EndTurn):
        return flow.end_turn(state, events)
    if isinstance(action, Boost):
        if state.boost_used:
            raise IllegalAction(f"{state.names[active]} has already made a Momentum Boost this "
                                "turn", "MACE Turns")
        return boost(state, action, events)
    if state.action_used:
        raise IllegalAction(f"{state.names[active]} has already used his Action this turn",
                            "MACE Turns")
    if isinstance(action, Strike):
        return combat.strike(state, action, events)
    if isinstance(action, ChargeUp):
        return combat.charge(state, action, events)
    assert isinstance(action, Blast)
    return combat.blast(state, action, events)


def _answer(state: MaceState, action: Action, events: list[Event]) -> MaceState:
    attack = state.attack
    assert attack is not None
    target = state.names[attack.target]
    by = f"{state.names[attack.attacker]}'s {attack.kind} ({attack.value})"
    if action.actor != attack.target:
        raise IllegalAction(f"{target} must first answer {by}", "MACE Defensive Action")
    if state.phase is Phase.DAMAGE:
        if not isinstance(action, DiscardForDamage):
            raise IllegalAction(f"{target} takes {attack.damage} damage: record the cards he "
                                "discards", "C4")
        return combat.discard_for_damage(state, action, attack, events)
    if isinstance(action, Block):
        return combat.block(state, action, attack, events)
    if isinstance(action, Dodge):
        return combat.dodge(state, action, attack, events)
    if isinstance(action, NoDefence):
        return combat.decline(state, attack, events)
    raise IllegalAction(f"{target} answers {by}: Block, Dodge or no defence",
                        "MACE Defensive Action")


def boost_room(state: MaceState, seat: int, allowed: int) -> dict[Hex, int]:
    """Hexes a Momentum Boost of `allowed` hexes reaches: into, not through, opposing Reach (C2)."""
    others = [state.fighters[s].hex for s in state.in_combat() if s != seat]
    return moves(state.fighters[seat].hex, allowed, set(others), reach_of(others), state.radius)


def boost(state: MaceState, action: Boost, events: list[Event]) -> MaceState:
    seat = action.actor
    fighter = state.fighters[seat]
    old = fighter.momentum
    assert old is not None
    _check_momentum_card(state, action.card)
    old_value, new_value = mc.card(old).value or 0, mc.card(action.card).value or 0
    allowed = abs(new_value - old_value)
    end = action.to or fighter.hex
    if end not in boost_room(state, seat, allowed):
        raise IllegalAction(_why_not_there(state, seat, end, allowed), _ruling_not_there(
            state, seat, end, allowed))
    state = play_from_hand(state, seat, action.card).with_fighter(seat, momentum=action.card, hex=end)
    state = to_discard(state, old)
    events.append(MomentumBoosted(seat, old, action.card, fighter.hex, end))
    state = draw(state, seat, events)
    return flow.resume(state.evolve(boost_used=True), events)


def _blocked_plainly(state: MaceState, seat: int, end: Hex, allowed: int) -> str | None:
    if end in state.occupied(but=seat):
        return f"hex {format_hex(end)} is occupied"
    if not on_grid(end, state.radius):
        return f"hex {format_hex(end)} is outside the ring (radius {state.radius})"
    if distance(state.fighters[seat].hex, end) > allowed:
        return (f"the Boost moves {state.names[seat]} at most {allowed} hex(es); "
                f"{format_hex(end)} is {distance(state.fighters[seat].hex, end)} away")
    return None


def _why_not_there(state: MaceState, seat: int, end: Hex, allowed: int) -> str:
    plain = _blocked_plainly(state, seat, end, allowed)
    if plain:
        return plain
    return (f"every way to {format_hex(end)} within {allowed} hex(es) passes through an opposing "
            "fighter's Reach: a fighter may move into Reach, not through it")


def _ruling_not_there(state: MaceState, seat: int, end: Hex, allowed: int) -> str:
    return "MACE Momentum Boost" if _blocked_plainly(state, seat, end, allowed) else "C2"


def _forfeit(state: MaceState, seat: int, events: list[Event]) -> MaceState:
    if state.phase is not Phase.TURN or not state.between_rounds:
        raise IllegalAction("a fighter may forfeit only at the end of a round, before anyone acts "
                            "in the next", "MACE Ending Combat, MCD8")
    was_active = state.active == seat
    events.append(FighterForfeited(seat))
    state = flow.remove_fighter(state, seat, "forfeited", events)
    state = flow.finish_if_won(state, events)
    if state.phase is Phase.OVER or not was_active:
        return state
    return flow.start_turn(state, state.turn_index + 1, events)
