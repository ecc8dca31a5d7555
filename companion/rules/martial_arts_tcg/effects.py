"""Declared effects and referee adjustments (T7): health, ADR, draws, discards, cancels, ending the attack."""

from __future__ import annotations

from companion.rules.martial_arts_tcg.cards import Effect, Verb, Who
from companion.rules.martial_arts_tcg.state import (
    AdrEarned,
    CardCancelled,
    ChainBroken,
    EffectApplied,
    MatState,
    Phase,
)
from companion.rules.martial_arts_tcg.turns import Events, draw


def reached(state: MatState, seat: int, who: Who, aim: int | None) -> tuple[int, ...]:
    """Whom an effect reaches: its player; the opponent the card is aimed at (the attacked player, the
    attacker blocked, the Strategy card's target) or, aimed at nobody (an Event), every opponent still
    in; `both`: the player and that opponent, or every player still in (MTD4, MTD21)."""
    if who is Who.SELF:
        return (seat,)
    if who is Who.OPPONENT:
        return (aim,) if aim is not None else state.standing_opponents(seat)
    if aim is not None:
        return (seat, aim)
    return tuple(other for other in range(len(state.names)) if other not in state.fallen)


def apply_effect(state: MatState, seat: int, effect: Effect, card: str, events: Events, *,
                 aim: int | None = None, adjusted: bool = False) -> MatState:
    """One effect of `seat`'s card. Health is settled by the caller (both may fall at once, T24)."""
    for target in reached(state, seat, effect.who, aim):
        state, result = _one(state, seat, target, effect, card, events)
        events.append(EffectApplied(target, card, effect.text, result, adjusted))
    return state


def _one(state: MatState, seat: int, target: int, effect: Effect, card: str, events: Events) -> tuple[MatState, str]:
    held = state.seats[target]
    name = state.names[target]
    amount = effect.amount
    match effect.verb:
        case Verb.HEAL:
            health = min(held.health + amount, held.start_health)  # T23
            return state.seat(target, health=health), f"{name} heals to {health} (T23: never above " \
                f"{held.start_health})"
        case Verb.DAMAGE:
            return state.seat(target, health=held.health - amount), f"{name} takes {amount}"
        case Verb.DRAW:
            return draw(state, target, amount, f"{card}: draw {amount} (T7)", events), f"{name} draws {amount}"
        case Verb.DISCARD:
            dropped = min(amount, held.hand)
            return (state.seat(target, hand=held.hand - dropped, discard=held.discard + dropped),
                    f"{name} discards {dropped} from his hand")
        case Verb.ADR:
            pool = state.rules.pool_of(target)
            total = max(0, state.adr[pool] + amount)
            adr = (*state.adr[:pool], total, *state.adr[pool + 1:])
            if amount > 0:
                events.append(AdrEarned(target, 0, total, "T7"))
            return state.evolve(adr=adr), f"{name}'s ADR is {total}"
        case Verb.CANCEL:
            return cancel(state, target, card, events)
        case Verb.END_ATTACK:
            return end_attack(state, target, card, events)
    raise AssertionError(effect.verb)


def cancel(state: MatState, target: int, card: str, events: Events) -> tuple[MatState, str]:
    """A cancel takes the target's attack waiting for its block (T27), else his next card (T7, MTD10)."""
    waiting = state.attack
    if waiting is not None and waiting.attacker == target:
        cancelled = state.card(target, waiting.card).name
        events.append(CardCancelled(target, cancelled, "T27"))
        events.append(ChainBroken(target, f"{cancelled} was cancelled", "T27"))
        return (state.evolve(attack=None, chain=None, counter=None, phase=Phase.CONTINUED, control=target),
                f"{cancelled} is cancelled: the combo ends, a new attack may follow (T27)")
    return (state.seat(target, cancel_next=True),
            f"{state.names[target]}'s next Attack, Defense or Strategy card does nothing (T7)")


def end_attack(state: MatState, target: int, card: str, events: Events) -> tuple[MatState, str]:
    """The target's attack does nothing more: no damage from a waiting one, no link after it (MTD11)."""
    waiting = state.attack
    if waiting is not None and waiting.attacker == target:
        ended = state.card(target, waiting.card).name
        events.append(ChainBroken(target, f"{card} ended the attack", "T7"))
        return (state.evolve(attack=None, chain=None, counter=None, phase=Phase.CONTINUED, control=target),
                f"{ended} is ended: no damage, the combo ends")
    if state.chain is not None and state.chain.attacker == target:
        events.append(ChainBroken(target, f"{card} ended the attack", "T7"))
        return state.evolve(chain=None), "the combo ends"
    return state, "no attack to end"
