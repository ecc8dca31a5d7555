"""Attacks, links, blocks and counter-attacks (T1, T2, T3, T8, T12-T15, T27)."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.martial_arts_tcg.cards import Kind, PlayableCard
from companion.rules.martial_arts_tcg.effects import apply_effect
from companion.rules.martial_arts_tcg.hand import cancelled_on_play, check_playable, find, take
from companion.rules.martial_arts_tcg.state import (
    AdrEarned,
    AttackResolved,
    CardPlayed,
    Chain,
    ChainBroken,
    CounterWindow,
    MatState,
    Phase,
    TurnTakenOver,
    WaitingAttack,
)
from companion.rules.martial_arts_tcg.turns import Events


def target_of(state: MatState, attacker: int) -> int:
    """The attacked seat: the one opponent (Two-on-Two and Army of One will name theirs, T9, T10)."""
    return state.opponents(attacker)[0]


def link_fits(state: MatState, card: PlayableCard, lnk: int) -> bool:
    """T2: CPT at most the previous card's LNK; the printed reading (an option) asks CPT at least LNK."""
    return card.cpt >= lnk if state.rules.cpt_at_least_lnk else card.cpt <= lnk


def link_rule(state: MatState, lnk: int) -> str:
    return f"CPT >= {lnk}" if state.rules.cpt_at_least_lnk else f"CPT <= {lnk}"


def attack(state: MatState, seat: int, name: str, events: Events, *, link: bool) -> MatState:
    if state.control != seat or state.phase not in (Phase.PREP, Phase.CONTINUED) or state.attack is not None:
        raise IllegalAction(f"{state.names[seat]} does not attack now: {state.names[state.control]} controls the "
                            "turn, and attacks are made in the Attack and Continued Attack Phases", "T8")
    index = find(state, seat, name)
    check_playable(state, seat, index, (Kind.ATTACK,), "an attack")
    card = state.card(seat, index)
    chain = state.chain
    if link:
        if chain is None or chain.attacker != seat or chain.lnk is None:
            raise IllegalAction("no link is open: a link follows an attack that hit (a defended or cancelled "
                                "attack breaks the chain); write 'attack CARD' for a new attack (MTD7)", "T2")
        if not link_fits(state, card, chain.lnk):
            before = state.card(seat, chain.card).name if chain.card is not None else "the previous card"
            raise IllegalAction(f"{card.name} has CPT {card.cpt}; the link after {before} (LNK {chain.lnk}) needs "
                                f"{link_rule(state, chain.lnk)}", "T2")
    state = take(state, seat, index).evolve(counter=None)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:
        events.append(ChainBroken(seat, f"{card.name} was cancelled", "T27"))
        return state.evolve(chain=None, phase=Phase.CONTINUED)
    role = "a link" if link else "a new attack"
    events.append(CardPlayed(seat, card.name, role, "T2" if link else "T12"))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events)
    if not link or chain is None:
        chain = Chain(seat, 0, None)
    waiting = WaitingAttack(seat, target_of(state, seat), index, linked=link)
    return state.evolve(attack=waiting, chain=chain, phase=Phase.BLOCK)


def block(state: MatState, seat: int, name: str | None, events: Events) -> MatState:
    waiting = state.attack
    if state.phase is not Phase.BLOCK or waiting is None or waiting.target != seat:
        raise IllegalAction(f"{state.names[seat]} has no attack to block now", "T1")
    if name is None:
        return _resolve(state, None, events)
    index = find(state, seat, name)
    check_playable(state, seat, index, (Kind.DEFENSE, Kind.ATTACK), "a block")
    card = state.card(seat, index)
    state = take(state, seat, index)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:  # the attack still waits: another card or no block (T15 counts cards that defend)
        return state
    events.append(CardPlayed(seat, card.name, "a block" if card.kind is Kind.DEFENSE else "an Attack card's DEF as "
                             "a block", "T1" if card.kind is Kind.DEFENSE else "T14"))
    for effect in card.on_play:
        if effect.verb.value != "end-attack":  # a block that ends the attack absorbs all of it
            state = apply_effect(state, seat, effect, card.name, events)
    if state.attack is None or state.phase is Phase.OVER:  # its cancel took the attack (T27)
        return state
    return _resolve(state, index, events)


def _resolve(state: MatState, defence: int | None, events: Events) -> MatState:
    """Damage is ATK minus DEF, never below 0 (T1); any damage is a hit (T13)."""
    waiting = state.attack
    assert waiting is not None
    attacker, target = waiting.attacker, waiting.target
    card = state.card(attacker, waiting.card)
    guard = state.card(target, defence) if defence is not None else None
    value = 0 if guard is None else (card.atk if guard.ends_attack else guard.defense)
    damage = max(0, card.atk - value)
    health = state.seats[target].health - damage
    state = state.seat(target, health=health).evolve(attack=None, phase=Phase.CONTINUED, control=attacker)
    events.append(AttackResolved(attacker, target, card.name, card.atk, guard.name if guard else None, value, damage,
                                 health))
    chain = state.chain
    if damage > 0:
        hits = (chain.hits if chain is not None else 0) + 1
        state = state.evolve(chain=Chain(attacker, hits, card.lnk, waiting.card))
        if hits >= 2:  # each hit after the first of an unbroken chain, a counter's after the guard (T3)
            pool = state.rules.pool_of(attacker)
            total = state.adr[pool] + 1
            state = state.evolve(adr=(*state.adr[:pool], total, *state.adr[pool + 1:]))
            events.append(AdrEarned(attacker, hits, total, "T3"))
        for effect in card.on_hit:
            state = apply_effect(state, attacker, effect, card.name, events)
    else:
        state = state.evolve(chain=None)
        events.append(ChainBroken(attacker, f"{guard.name if guard else 'the block'} absorbed all of {card.name}",
                                  "T2"))
    if guard is not None:
        state = state.evolve(counter=CounterWindow(target, defence if defence is not None else 0, guard.lnk,
                                                   damage == 0))
    return state


def counter(state: MatState, seat: int, name: str, events: Events) -> MatState:
    window = state.counter
    if window is None or window.defender != seat or state.phase is not Phase.CONTINUED:
        raise IllegalAction(f"{state.names[seat]} has no counter-attack open: a counter follows his own defence, "
                            "before the attacker acts again", "T8")
    index = find(state, seat, name)
    check_playable(state, seat, index, (Kind.ATTACK,), "a counter-attack")
    card = state.card(seat, index)
    guard = state.card(seat, window.card)
    if card.cpt > window.max_cpt:
        raise IllegalAction(f"{card.name} has CPT {card.cpt}; a counter after {guard.name} (LNK {window.max_cpt}) "
                            f"needs CPT <= {window.max_cpt}", "T8")
    attacker = state.control
    state = take(state, seat, index).evolve(counter=None)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:
        return state
    events.append(TurnTakenOver(seat, card.name))
    events.append(CardPlayed(seat, card.name, "a counter-attack", "T8"))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events)
    # The guard starts the counter's chain: its first hit earns 1 ADR (T3).
    return state.evolve(control=seat, chain=Chain(seat, 1, None), phase=Phase.BLOCK,
                        attack=WaitingAttack(seat, attacker, index, counter=True))
