"""What the player(s) to act may do now, and why: phase, open link, ADR, counter window (T1-T8, T12-T16).

Hands are hidden, so a card is offered while its player holds any card and the deck has a copy that is
not yet known to be out of hand and deck (discards, the Event in play).
"""

from __future__ import annotations

from typing import Any

from companion.rules.martial_arts_tcg.cards import Kind, PlayableCard
from companion.rules.martial_arts_tcg.combat import link_fits, link_rule
from companion.rules.martial_arts_tcg.engine import cancel_answerer
from companion.rules.martial_arts_tcg.state import (
    PHASE_NAMES,
    AttackWith,
    Block,
    Counter,
    EndTurn,
    Link,
    MatState,
    NoBlock,
    Phase,
    PlayCard,
    Shuffle,
    Starts,
    ToResolve,
)
from companion.rules.model import LegalResponse


def stats(card: PlayableCard) -> str:
    if card.kind is Kind.ATTACK:
        return f"ATK {card.atk}, DEF {card.defense}, LNK {card.lnk}, CPT {card.cpt}"
    if card.kind is Kind.DEFENSE:
        return f"DEF {card.defense}, LNK {card.lnk}"
    if card.kind is Kind.STRATEGY:
        return f"ADR {card.adr}"
    return "Event"


def _in_hand(state: MatState, seat: int, kinds: tuple[Kind, ...]) -> list[tuple[int, PlayableCard]]:
    if state.seats[seat].hand == 0:
        return []
    out = state.seats[seat].out
    return [(index, card) for index, card in enumerate(state.decks[seat].cards)
            if card.kind in kinds and card.copies > out[index]]


def _cancel_note(state: MatState, seat: int) -> str:
    return "; a cancel waits for it: it does nothing and is discarded (T7)" if state.seats[seat].cancel_next else ""


def legal_responses(state: MatState) -> list[LegalResponse]:
    phase = state.phase
    if phase is Phase.OVER:
        return []
    if phase is Phase.SETUP:
        waiting = [seat for seat, held in enumerate(state.seats) if not held.shuffled]
        if waiting:
            return [LegalResponse(Shuffle(seat), "T6", "each player shuffles his Main Deck (T6)", "he draws 7")
                    for seat in waiting]
        return [LegalResponse(Starts(seat), "T6", "the players decide who starts; it is recorded (T6)",
                              "his first turn: nobody draws on the game's first turn (T4)")
                for seat in range(len(state.names))]
    if phase is Phase.RECOVERY:
        held = state.seats[state.turn]
        return [LegalResponse(Shuffle(state.turn), "T16", "his deck ran out: this turn is skipped and his discards "
                              f"({held.discard}) become a new Main Deck (T4, T16)",
                              f"he draws the {held.owed} card(s) he could not draw; the other player's turn "
                              "follows" if held.owed else "the other player's turn follows")]
    found = _block(state) if phase is Phase.BLOCK else _controller(state)
    if state.counter is not None:
        found += _counters(state)
    answerer = cancel_answerer(state)
    if answerer is not None:
        found += _answers(state, answerer)
    return found


def _strategies(state: MatState, seat: int, why: str) -> list[LegalResponse]:
    pool = state.adr[state.rules.pool_of(seat)]
    found = []
    for _, card in _in_hand(state, seat, (Kind.STRATEGY,)):
        if card.adr > pool:
            continue
        effects = ", ".join(e.text for e in card.on_play)
        found.append(LegalResponse(PlayCard(seat, card.name), "T3",
                                   f"{why}; {card.name} costs {card.adr} ADR and the pool holds {pool} (T3)",
                                   (f"then: {effects}" if effects else "its text is applied by the referee (T7)")
                                   + _cancel_note(state, seat)))
    return found


def _block(state: MatState) -> list[LegalResponse]:
    waiting = state.attack
    assert waiting is not None
    seat, attacker = waiting.target, waiting.attacker
    card = state.card(attacker, waiting.card)
    health = state.seats[seat].health
    found = []
    for _, guard in _in_hand(state, seat, (Kind.DEFENSE, Kind.ATTACK)):
        value = card.atk if guard.ends_attack else guard.defense
        damage = max(0, card.atk - value)
        ruling = "T1" if guard.kind is Kind.DEFENSE else "T14"
        role = "a Defense card defends with its DEF" if guard.kind is Kind.DEFENSE else \
            "an Attack card defends with its DEF"
        then = f"{damage} gets through ({health} -> {health - damage})" if damage else "absorbs all of it"
        found.append(LegalResponse(Block(seat, guard.name), ruling,
                                   f"Block Phase: {role} ({stats(guard)}) against {card.name}'s ATK {card.atk}: "
                                   f"ATK minus DEF, never below 0 ({ruling})",
                                   f"{then}; a counter-attack may follow with CPT <= {guard.lnk} (T8)"
                                   + _cancel_note(state, seat)))
    found += _strategies(state, seat, "Block Phase: the defender may play Strategy cards")
    found.append(LegalResponse(NoBlock(seat), "T1", f"Block Phase: no defence; {card.name} deals its ATK {card.atk} "
                               "(T1)", f"{card.atk} damage ({health} -> {health - card.atk}); no counter-attack"))
    return found


def _controller(state: MatState) -> list[LegalResponse]:
    seat, phase = state.control, state.phase
    name = PHASE_NAMES[phase]
    found: list[LegalResponse] = []
    if phase in (Phase.PREP, Phase.CONTINUED):
        chain = state.chain
        open_lnk = chain.lnk if chain is not None and chain.attacker == seat else None
        for _, card in _in_hand(state, seat, (Kind.ATTACK,)):
            if open_lnk is not None and link_fits(state, card, open_lnk):
                before = state.card(seat, chain.card).name if chain is not None and chain.card is not None else ""
                earns = "a hit earns 1 ADR at once (T3)"
                found.append(LegalResponse(Link(seat, card.name), "T2",
                                           f"{name}: {card.name} ({stats(card)}) links after {before} (LNK "
                                           f"{open_lnk}): {link_rule(state, open_lnk)} (T2)", earns
                                           + _cancel_note(state, seat)))
            phase_why = "Attack Phase: an Attack card attacks" if phase is Phase.PREP else \
                "Continued Attack Phase: a new attack starts a new chain (T12)"
            found.append(LegalResponse(AttackWith(seat, card.name), "T12" if phase is Phase.CONTINUED else "T1",
                                       f"{phase_why} ({stats(card)})",
                                       f"{state.names[state.opponents(seat)[0]]} blocks: ATK {card.atk} minus DEF"
                                       + _cancel_note(state, seat)))
    for _, card in _in_hand(state, seat, (Kind.EVENT,)):
        mine = state.events[state.rules.pool_of(seat)]
        replaces = f"; it replaces {state.card(mine.seat, mine.card).name} (T5)" if mine else ""
        effects = ", ".join(e.text for e in card.on_play) or "its text is applied by the referee (T7)"
        found.append(LegalResponse(PlayCard(seat, card.name), "T5",
                                   f"{name}: an Event card is played in the Prep or Resolve Phase; one per player, "
                                   f"replaced only by its owner (T5){replaces}",
                                   f"affects both players: {effects}"
                                   + ("; the attacks end: Resolve Phase" if phase is Phase.CONTINUED else "")))
    found += _strategies(state, seat, f"{name}: Strategy cards are played in the Prep, Attack and Resolve Phases")
    if phase is not Phase.RESOLVE:
        found.append(LegalResponse(ToResolve(seat), "T8", f"{name}: no more attacks; on to the Resolve Phase",
                                   "Events and Strategy cards, then End Turn"))
    found.append(LegalResponse(EndTurn(seat), "T8", "End Turn: whoever controls the turn last ends it (T8)",
                               f"{state.names[state.opponents(seat)[0]]}'s turn begins with the Draw Phase (T4)"))
    return found


def _counters(state: MatState) -> list[LegalResponse]:
    window = state.counter
    assert window is not None
    seat = window.defender
    guard = state.card(seat, window.card)
    precedence = "the defence absorbed all the damage, so the counter comes first" if window.absorbed_all else \
        "the attacker's link comes first; if he does not link, the counter may follow (T13, MTD8)"
    return [LegalResponse(Counter(seat, card.name), "T8",
                          f"counter-attack after {guard.name} (LNK {window.max_cpt}): CPT {card.cpt} <= "
                          f"{window.max_cpt} (T8); {precedence}",
                          f"takes over the turn at the Attack Phase; {state.names[state.control]} blocks; a hit earns "
                          "1 ADR (T3)" + _cancel_note(state, seat))
            for _, card in _in_hand(state, seat, (Kind.ATTACK,)) if card.cpt <= window.max_cpt]


def _answers(state: MatState, seat: int) -> list[LegalResponse]:
    rewind = state.rewind
    assert rewind is not None
    played = state.card(rewind.seat, rewind.card).name
    pool = state.adr[state.rules.pool_of(seat)]
    return [LegalResponse(PlayCard(seat, card.name), "T7",
                          f"{card.name} cancels {played} before it resolves (T7, the FAQ); it costs {card.adr} ADR "
                          f"and the pool holds {pool}", f"{played} does nothing; its ADR stays spent (T3)")
            for _, card in _in_hand(state, seat, (Kind.STRATEGY,)) if card.cancels and card.adr <= pool]


def damage_table(state: MatState) -> list[dict[str, Any]]:
    """For the defender: what each Attack and Defense card of his deck would let through (T1)."""
    waiting = state.attack
    if state.phase is not Phase.BLOCK or waiting is None:
        return []
    atk = state.card(waiting.attacker, waiting.card).atk
    seat = waiting.target
    rows = []
    for index, card in enumerate(state.decks[seat].cards):
        if card.kind not in (Kind.ATTACK, Kind.DEFENSE) or not card.copies:
            continue
        value = atk if card.ends_attack else card.defense
        rows.append({"card": card.name, "kind": card.kind.value, "def": card.defense,
                     "damage": max(0, atk - value), "counter_cpt": card.lnk,
                     "may_be_in_hand": state.available(seat, index) > 0 and state.seats[seat].hand > 0})
    return sorted(rows, key=lambda row: (row["damage"], row["card"]))
