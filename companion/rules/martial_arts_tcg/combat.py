"""Attacks, links, blocks and counter-attacks (T1, T2, T3, T8, T12-T15, T27); a teammate's defence (T9,
T20) and the Hero's switch (T10)."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.martial_arts_tcg import modes
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
    TargetSwitched,
    TurnTakenOver,
    WaitingAttack,
)
from companion.rules.martial_arts_tcg.turns import Events


def link_fits(state: MatState, card: PlayableCard, lnk: int) -> bool:
    """T2: CPT at most the previous card's LNK; the printed reading (an option) asks CPT at least LNK."""
    return card.cpt >= lnk if state.rules.cpt_at_least_lnk else card.cpt <= lnk


def link_rule(state: MatState, lnk: int) -> str:
    return f"CPT >= {lnk}" if state.rules.cpt_at_least_lnk else f"CPT <= {lnk}"


def attack(state: MatState, seat: int, name: str, target_name: str | None, events: Events, *,
           link: bool) -> MatState:
    if state.control != seat or state.phase not in (Phase.PREP, Phase.CONTINUED) or state.attack is not None:
        raise IllegalAction(f"{state.names[seat]} does not attack now: {state.names[state.control]} controls the "
                            "turn, and attacks are made in the Attack and Continued Attack Phases", "T8")
    name, target_name = modes.split_card(state, seat, name, target_name)
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
    target = modes.attack_target(state, seat, target_name, link=link)
    if state.rules.is_hero(seat):
        state = state.evolve(hero_target=target)  # his turn passes to the Enemy he attacked last (T10)
    if link and chain is not None and chain.target is not None and chain.target != target:
        events.append(TargetSwitched(seat, chain.target, target))
    state = take(state, seat, index).evolve(counter=None)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:
        events.append(ChainBroken(seat, f"{card.name} was cancelled", "T27"))
        return state.evolve(chain=None, phase=Phase.CONTINUED)
    role = "a link" if link else "a new attack"
    events.append(CardPlayed(seat, card.name, role, "T2" if link else "T12"))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events, aim=target)
    if not link or chain is None:
        chain = Chain(seat, 0, None)
    waiting = WaitingAttack(seat, target, index, linked=link)
    return state.evolve(attack=waiting, chain=chain, phase=Phase.BLOCK)


def block(state: MatState, seat: int, name: str | None, events: Events) -> MatState:
    waiting = state.attack
    if state.phase is not Phase.BLOCK or waiting is None or seat not in modes.defenders(state):
        raise IllegalAction(f"{state.names[seat]} has no attack to block now", "T1")
    if name is None:
        if seat != waiting.target:
            raise IllegalAction(f"'no block' is {state.names[waiting.target]}'s, the attacked player's; his "
                                "teammate defends for him with 'block CARD' or leaves it to him",
                                modes.team_ruling(state))
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
            state = apply_effect(state, seat, effect, card.name, events, aim=waiting.attacker)
    if state.attack is None or state.phase is Phase.OVER:  # its cancel took the attack (T27)
        return state
    return _resolve(state, index, events, defender=seat)


def _resolve(state: MatState, defence: int | None, events: Events, defender: int | None = None) -> MatState:
    """Damage is ATK minus DEF, never below 0 (T1); any damage is a hit (T13). A teammate's defence
    leaves the rest to the attacked player (T20)."""
    waiting = state.attack
    assert waiting is not None
    attacker, target = waiting.attacker, waiting.target
    guard_seat = target if defender is None else defender
    card = state.card(attacker, waiting.card)
    guard = state.card(guard_seat, defence) if defence is not None else None
    value = 0 if guard is None else (card.atk if guard.ends_attack else guard.defense)
    damage = max(0, card.atk - value)
    health = state.seats[target].health - damage
    state = state.seat(target, health=health).evolve(attack=None, phase=Phase.CONTINUED, control=attacker)
    events.append(AttackResolved(attacker, target, card.name, card.atk, guard.name if guard else None, value, damage,
                                 health, guard_seat if guard_seat != target else None))
    chain = state.chain
    if damage > 0:
        hits = (chain.hits if chain is not None else 0) + 1
        switched = waiting.linked and chain is not None and chain.target is not None and chain.target != target
        state = state.evolve(chain=Chain(attacker, hits, card.lnk, waiting.card, target))
        if hits >= 2:  # each hit after the first of an unbroken chain, a counter's after the guard (T3)
            state = _earn(state, attacker, hits, "T3", events)
        if switched:  # the Hero's switch to another Enemy earns one more (T10)
            state = _earn(state, attacker, hits, "T10", events)
        for effect in card.on_hit:
            state = apply_effect(state, attacker, effect, card.name, events, aim=target)
    else:
        state = state.evolve(chain=None)
        events.append(ChainBroken(attacker, f"{guard.name if guard else 'the block'} absorbed all of {card.name}",
                                  "T2"))
    if guard is not None:
        state = state.evolve(counter=CounterWindow(guard_seat, defence if defence is not None else 0, guard.lnk,
                                                   damage == 0))
    return state


def _earn(state: MatState, seat: int, hits: int, ruling: str, events: Events) -> MatState:
    pool = state.rules.pool_of(seat)
    total = state.adr[pool] + 1
    events.append(AdrEarned(seat, hits, total, ruling))
    return state.evolve(adr=(*state.adr[:pool], total, *state.adr[pool + 1:]))


def counter(state: MatState, seat: int, name: str, target_name: str | None, events: Events) -> MatState:
    window = state.counter
    if window is None or window.defender != seat or state.phase is not Phase.CONTINUED:
        raise IllegalAction(f"{state.names[seat]} has no counter-attack open: a counter follows his own defence, "
                            "before the attacker acts again", "T8")
    name, target_name = modes.split_card(state, seat, name, target_name)
    index = find(state, seat, name)
    check_playable(state, seat, index, (Kind.ATTACK,), "a counter-attack")
    card = state.card(seat, index)
    guard = state.card(seat, window.card)
    if card.cpt > window.max_cpt:
        raise IllegalAction(f"{card.name} has CPT {card.cpt}; a counter after {guard.name} (LNK {window.max_cpt}) "
                            f"needs CPT <= {window.max_cpt}", "T8")
    attacker = state.control
    # the counter strikes the attacker, or the other opponent (T19); the Hero's, any Enemy (T10)
    target = modes.named_opponent(state, seat, target_name, "a counter-attack") if target_name is not None \
        else attacker
    if state.rules.is_hero(seat):
        state = state.evolve(hero_target=target)
    state = take(state, seat, index).evolve(counter=None)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:
        return state
    events.append(TurnTakenOver(seat, card.name))
    events.append(CardPlayed(seat, card.name, "a counter-attack", "T8"))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events, aim=target)
    # The guard starts the counter's chain: its first hit earns 1 ADR (T3).
    return state.evolve(control=seat, chain=Chain(seat, 1, None), phase=Phase.BLOCK,
                        attack=WaitingAttack(seat, target, index, counter=True))
