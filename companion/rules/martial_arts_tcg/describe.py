"""What the app, the spectator board and `shinpan replay` show: the summary and one line per event.

The summary is the table as everyone sees it: per seat health, counts, team, role and whether he is
out; per pool (player or team) the ADR and the Event; the phase, the combo, the target, whose turn
follows and why. Never which cards a hand holds.
"""

from __future__ import annotations

from typing import Any

from companion.rules.martial_arts_tcg import modes
from companion.rules.martial_arts_tcg.combat import link_rule
from companion.rules.martial_arts_tcg.seating import HERO, TEAM_NAMES
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
    LeaderDeclared,
    MatState,
    Phase,
    PhaseEntered,
    RecoveryPhase,
    Shuffled,
    StarterChosen,
    TargetSwitched,
    TurnBegan,
    TurnPassed,
    TurnTakenOver,
)
from companion.rules.model import Event, MatchDrawn, MatchWon


def _pool_name(state: MatState, pool: int) -> str:
    names = TEAM_NAMES.get(state.rules.mode)
    return names[pool] if names else state.names[pool]


def summary(state: MatState) -> dict[str, Any]:
    """Everything the table shows and can be counted; never which cards a hand holds."""
    rules = state.rules
    players = []
    for seat, held in enumerate(state.seats):
        pool = rules.pool_of(seat)
        slot = state.events[pool]
        players.append({
            "name": state.names[seat],
            "team": _pool_name(state, pool) if rules.teamed else None,
            "role": modes.role(state, seat),
            "health": held.health,
            "start_health": held.start_health,
            "out": seat in state.fallen,
            "adr": state.adr[pool],
            "hand": held.hand,
            "deck": held.deck,
            "discard": held.discard,
            "event": state.card(slot.seat, slot.card).name if slot is not None and slot.seat == seat else None,
            "skips_next_turn": held.skip_next,
            "exhausted": held.exhausted,
            "next_card_cancelled": held.cancel_next,
        })
    pools = [{"pool": _pool_name(state, pool),
              "players": [state.names[seat] for seat in range(len(state.names)) if rules.pool_of(seat) == pool],
              "adr": state.adr[pool],
              "event": state.card(slot.seat, slot.card).name if slot is not None else None,
              "event_of": state.names[slot.seat] if slot is not None else None}
             for pool, slot in enumerate(state.events)]
    chain = state.chain
    live = state.phase not in (Phase.SETUP, Phase.OVER)
    waiting = state.attack
    counter = state.counter
    follows = modes.next_turn(state) if live else None
    target = waiting.target if waiting is not None else (chain.target if chain is not None else None)
    enemies = state.opponents(HERO) if rules.army else ()
    return {
        "players": players,
        "pools": pools,
        "phase": state.phase.value,
        "phase_name": PHASE_NAMES[state.phase],
        "turn": state.names[state.turn] if live else None,
        "controls": state.names[state.control] if live else None,
        "turn_number": state.turn_number,
        "mode": rules.mode.value,
        "anything_goes": rules.anything_goes,
        "goal": rules.goal.value if rules.army else None,
        "hero": state.names[HERO] if rules.army else None,
        "leader": state.names[state.leader] if state.leader is not None else None,
        "enemies_defeated": sum(1 for seat in enemies if seat in state.fallen),
        "enemies": len(enemies),
        "out": [state.names[seat] for seat in state.fallen],
        "chain": chain.hits if chain is not None else 0,
        "next_link": link_rule(state, chain.lnk) if chain is not None and chain.lnk is not None else None,
        "target": state.names[target] if target is not None and live else None,
        "defenders": [state.names[seat] for seat in modes.defenders(state)],
        "counter": f"{state.names[counter.defender]} may counter with CPT <= {counter.max_cpt}" if counter else None,
        "to_answer": (f"{state.names[waiting.attacker]}'s {state.card(waiting.attacker, waiting.card).name} "
                      f"(ATK {state.card(waiting.attacker, waiting.card).atk})") if waiting is not None else "",
        "next_turn": {"player": state.names[follows[0]], "why": follows[1], "ruling": follows[2]}
        if follows is not None else None,
        "decks": [deck.name for deck in state.decks],
    }


def describe_event(event: Event, names: list[str]) -> str:
    match event:
        case Shuffled(seat=seat, cards=cards):
            return f"{names[seat]} shuffles {cards} cards into his Main Deck"
        case StarterChosen(seat=seat):
            return f"{names[seat]} starts (T6)"
        case LeaderDeclared(seat=seat, health=health):
            return f"{names[seat]} leads the Enemies: {health} health, and he starts (T10)"
        case TargetSwitched(seat=seat, old=old, new=new):
            return f"{names[seat]} switches from {names[old]} to {names[new]}: the combo goes on (T10)"
        case TurnPassed(seat=seat, why=why, ruling=ruling):
            return f"next: {names[seat]}'s turn, {why} [{ruling}]"
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
            how = "the switch to another Enemy" if ruling == "T10" else \
                f"hit {hits} of the chain" if hits else "a card's effect"
            return f"{names[seat]} earns 1 ADR ({how}), {total} in all [{ruling}]"
        case CardCancelled(seat=seat, card=card, ruling=ruling):
            return f"{names[seat]}'s {card} is cancelled: it does nothing [{ruling}]"
        case AttackResolved(attacker=attacker, target=target, card=card, atk=atk, defence=defence,
                            defence_value=value, damage=damage, health=health, defender=defender):
            guard = f"{defence} (DEF {value})" if defence else "no block"
            if defender is not None:
                guard = f"{names[defender]}'s {guard}, defending for {names[target]} (T9)"
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
            out = " and is out (T9, T10)" if len(names) > 2 else ""
            return f"HEALTH 0: {names[seat]} is at {health}{out} [T1]"
        case MatchWon(winners=winners, reason=reason, ruling=ruling):
            return f"match won by {', '.join(names[s] for s in winners)}: {reason} [{ruling}]"
        case MatchDrawn(reason=reason, ruling=ruling):
            return f"match drawn: {reason} [{ruling}]"
    return event.name
