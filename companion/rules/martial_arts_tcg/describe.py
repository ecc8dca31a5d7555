"""What the app, the spectator board and `shinpan replay` show: the summary and one line per event."""

from __future__ import annotations

from typing import Any

from companion.rules.martial_arts_tcg.combat import link_rule
from companion.rules.martial_arts_tcg.state import (
    PHASE_NAMES,
    AdrEarned,
    AdrSpent,
    AttackResolved,
    CardCancelled,
    CardPlayed,
    CardsDrawn,
    ChainBroken,
    DeckRanOut,
    EffectApplied,
    EventPlaced,
    HealthGone,
    MatState,
    Phase,
    PhaseEntered,
    RecoveryPhase,
    Shuffled,
    StarterChosen,
    TurnBegan,
    TurnTakenOver,
)
from companion.rules.model import Event, MatchDrawn, MatchWon


def summary(state: MatState) -> dict[str, Any]:
    """Everything the table shows and can be counted; never which cards a hand holds."""
    players = []
    for seat, held in enumerate(state.seats):
        pool = state.rules.pool_of(seat)
        slot = state.events[pool]
        players.append({
            "name": state.names[seat],
            "health": held.health,
            "adr": state.adr[pool],
            "hand": held.hand,
            "deck": held.deck,
            "discard": held.discard,
            "event": state.card(slot.seat, slot.card).name if slot is not None and slot.seat == seat else None,
            "skips_next_turn": held.skip_next,
            "next_card_cancelled": held.cancel_next,
        })
    chain = state.chain
    live = state.phase not in (Phase.SETUP, Phase.OVER)
    waiting = state.attack
    counter = state.counter
    return {
        "players": players,
        "phase": state.phase.value,
        "phase_name": PHASE_NAMES[state.phase],
        "turn": state.names[state.turn] if live else None,
        "controls": state.names[state.control] if live else None,
        "turn_number": state.turn_number,
        "mode": "anything-goes" if state.rules.anything_goes else "normal",
        "chain": chain.hits if chain is not None else 0,
        "next_link": link_rule(state, chain.lnk) if chain is not None and chain.lnk is not None else None,
        "counter": f"{state.names[counter.defender]} may counter with CPT <= {counter.max_cpt}" if counter else None,
        "to_answer": (f"{state.names[waiting.attacker]}'s {state.card(waiting.attacker, waiting.card).name} "
                      f"(ATK {state.card(waiting.attacker, waiting.card).atk})") if waiting is not None else "",
        "decks": [deck.name for deck in state.decks],
    }


def describe_event(event: Event, names: list[str]) -> str:
    match event:
        case Shuffled(seat=seat, cards=cards):
            return f"{names[seat]} shuffles {cards} cards into his Main Deck"
        case StarterChosen(seat=seat):
            return f"{names[seat]} starts (T6)"
        case CardsDrawn(seat=seat, count=count, reason=reason):
            return f"{names[seat]} draws {count}: {reason}"
        case DeckRanOut(seat=seat, owed=owed):
            return f"{names[seat]}'s deck ran out ({owed} card(s) owed): he skips his next turn (T16)"
        case RecoveryPhase(seat=seat, reshuffled=count):
            return f"RECOVERY PHASE: {names[seat]} skips his turn, {count} discards shuffled into his deck (T4, T16)"
        case TurnBegan(seat=seat, number=number):
            return f"turn {number}: {names[seat]}" + (" (nobody draws on the first turn, T4)" if number == 1 else "")
        case PhaseEntered(seat=seat, phase=phase):
            return f"{names[seat]}: {PHASE_NAMES[phase]}"
        case CardPlayed(seat=seat, card=card, role=role, ruling=ruling):
            return f"{names[seat]} plays {card} as {role} [{ruling}]"
        case AdrSpent(seat=seat, card=card, cost=cost, left=left):
            return f"{names[seat]} spends {cost} ADR on {card} ({left} left) [T3]"
        case AdrEarned(seat=seat, hits=hits, total=total, ruling=ruling):
            how = f"hit {hits} of the chain" if hits else "a card's effect"
            return f"{names[seat]} earns 1 ADR ({how}), {total} in all [{ruling}]"
        case CardCancelled(seat=seat, card=card, ruling=ruling):
            return f"{names[seat]}'s {card} is cancelled: it does nothing [{ruling}]"
        case AttackResolved(attacker=attacker, target=target, card=card, atk=atk, defence=defence,
                            defence_value=value, damage=damage, health=health):
            guard = f"{defence} (DEF {value})" if defence else "no block"
            return (f"{names[attacker]}'s {card} (ATK {atk}) against {guard}: {damage} damage, {names[target]} "
                    f"at {health} [T1]")
        case ChainBroken(seat=seat, reason=reason, ruling=ruling):
            return f"{names[seat]}'s combo is broken: {reason} [{ruling}]"
        case TurnTakenOver(seat=seat, card=card):
            return f"COUNTER-ATTACK: {names[seat]} takes over the turn with {card} [T8]"
        case EventPlaced(seat=seat, card=card, replaced=replaced):
            return f"{names[seat]}'s Event {card} is in play" + (f", replacing {replaced}" if replaced else "") + \
                " [T5]"
        case EffectApplied(seat=seat, card=card, effect=effect, result=result, adjusted=adjusted):
            by = "referee adjustment" if adjusted else "declared effect"
            return f"{card}: {effect} ({by}): {result} [T7]"
        case HealthGone(seat=seat, health=health):
            return f"HEALTH 0: {names[seat]} is at {health} [T1]"
        case MatchWon(winners=winners, reason=reason, ruling=ruling):
            return f"match won by {', '.join(names[s] for s in winners)}: {reason} [{ruling}]"
        case MatchDrawn(reason=reason, ruling=ruling):
            return f"match drawn: {reason} [{ruling}]"
    return event.name
