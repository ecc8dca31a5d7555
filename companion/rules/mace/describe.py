"""One line a person reads for each MACE event, with the ruling behind it."""

from __future__ import annotations

from companion.rules.mace import cards as mc
from companion.rules.mace.hexgrid import format_hex
from companion.rules.mace.state import (
    Blasted,
    Blocked,
    CardsDiscarded,
    Charged,
    ChargeLost,
    DamageDealt,
    DeckReshuffled,
    DefenceDeclined,
    Dodged,
    FighterForfeited,
    HandShrank,
    KnockedBack,
    KnockedDown,
    KnockedOut,
    MomentumBoosted,
    MomentumPlaced,
    MomentumRevealed,
    RoundBegan,
    Struck,
    TurnBegan,
    TurnEnded,
    TurnMissed,
)
from companion.rules.model import Event, MatchWon


def describe(event: Event, names: tuple[str, ...]) -> str:
    match event:
        case MomentumPlaced(seat=seat):
            return f"{names[seat]} plays a Momentum card face down"
        case MomentumRevealed(cards=cards):
            shown = ", ".join(f"{names[s]} {mc.code(c)}" for s, c in enumerate(cards) if c)
            return f"Momentum revealed: {shown}"
        case RoundBegan(number=number, order=order):
            return f"round {number}: {', '.join(names[s] for s in order)} (C5)"
        case TurnBegan(seat=seat):
            return f"{names[seat]}'s turn"
        case TurnMissed(seat=seat):
            return f"{names[seat]} was knocked down and misses this turn, then rises"
        case TurnEnded(seat=seat):
            return f"{names[seat]}'s turn ends"
        case Struck(attacker=a, target=t, card=card, value=value):
            return f"{names[a]} strikes {names[t]} with {mc.code(card)} for {value}"
        case Charged(seat=seat):
            return f"{names[seat]} charges a card face down"
        case Blasted(attacker=a, target=t, card=card, value=value, charge=charge, reach=reach):
            return (f"{names[a]} blasts {names[t]} with {mc.code(card)} for {value}, revealing "
                    f"Charge {mc.code(charge)} (reach {reach})")
        case MomentumBoosted(seat=seat, old=old, new=new, start=start, end=end):
            return (f"{names[seat]} boosts Momentum {mc.code(old)} -> {mc.code(new)}, moving "
                    f"{format_hex(start)} -> {format_hex(end)}")
        case Blocked(seat=seat, card=card, value=value, damage_left=left):
            return f"{names[seat]} blocks with {mc.code(card)} ({value}): {left} damage left"
        case Dodged(seat=seat, card=card, start=start, end=end):
            return (f"{names[seat]} dodges with {mc.code(card)}, moving {format_hex(start)} -> "
                    f"{format_hex(end)}")
        case DefenceDeclined(seat=seat, knocked_down=down):
            return f"{names[seat]} cannot defend: knocked down" if down else \
                f"{names[seat]} does not defend"
        case DamageDealt(target=t, attacker=a, amount=amount):
            return f"{names[t]} takes {amount} damage from {names[a]} (C4)"
        case CardsDiscarded(seat=seat, cards=cards, total=total):
            return f"{names[seat]} discards {mc.codes(cards)} ({total}) (C4)"
        case ChargeLost(seat=seat, card=card):
            return f"{names[seat]} loses Charge {mc.code(card)} (C4)"
        case KnockedBack(seat=seat, start=start, end=end, hexes=hexes, stopped=stopped):
            stop = ", stopped before an occupied hex or the ring's edge" if stopped else ""
            return (f"{names[seat]} is knocked back {hexes} hex(es), {format_hex(start)} -> "
                    f"{format_hex(end)}{stop} (C3)")
        case KnockedDown(seat=seat, knockback=kb, hand=hand):
            return (f"KNOCKDOWN: {names[seat]} (knockback {kb} > {hand} card(s) in hand); misses "
                    "the next turn (C3)")
        case KnockedOut(seat=seat):
            return f"KNOCKOUT: {names[seat]} has no cards left (C4)"
        case FighterForfeited(seat=seat):
            return f"{names[seat]} forfeits at the end of the round"
        case DeckReshuffled(cards=cards):
            return f"the deck is empty: {cards} discarded cards shuffled into a new deck"
        case HandShrank(seat=seat):
            return f"no card left to draw: {names[seat]}'s hand shrinks (MCD9)"
        case MatchWon(winners=winners, reason=reason):
            return f"combat won by {', '.join(names[s] for s in winners)}: {reason}"
    return event.name
