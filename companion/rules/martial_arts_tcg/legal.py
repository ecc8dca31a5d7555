"""What the player(s) to act may do now, and why: phase, open link, ADR, counter window (T1-T8, T12-T16);
with more seats, who may defend for whom (T9, T10, T20), whom an attack may name and what the Hero's
switch earns (T10), and whose turn comes next (T19, T21).

Hands are hidden, so a card is offered while its player holds any card and the deck has a copy that is
not yet known to be out of hand and deck (discards, the Event in play). An action names its target
whenever its player has more than one opponent still in (docs/records.md: `at NAME`).
"""

from __future__ import annotations

from typing import Any

from companion.rules.martial_arts_tcg import modes
from companion.rules.martial_arts_tcg.cards import Kind, PlayableCard, Who
from companion.rules.martial_arts_tcg.combat import link_fits, link_rule
from companion.rules.martial_arts_tcg.engine import cancel_answerers
from companion.rules.martial_arts_tcg.state import (
    PHASE_NAMES,
    AttackWith,
    Block,
    Counter,
    EndTurn,
    Leads,
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


def _named(state: MatState, seat: int, target: int, card: str) -> str | None:
    """The target's name when the line must say it: more than one opponent in, or ' at ' in the card's name."""
    if len(state.standing_opponents(seat)) > 1 or " at " in card.casefold():
        return state.names[target]
    return None


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
        if state.rules.army:
            return [LegalResponse(Leads(seat), "T10", "the Enemies declare their leader (T10)",
                                  f"{state.names[seat]} has 15 health and starts; nobody draws on the first turn (T4)")
                    for seat in state.opponents(0)]
        return [LegalResponse(Starts(seat), "T6", "the players decide who starts; it is recorded (T6)",
                              "his first turn: nobody draws on the game's first turn (T4)")
                for seat in range(len(state.names))]
    if phase is Phase.RECOVERY:
        held = state.seats[state.turn]
        why = "his deck ran out" if not held.exhausted else "the Hero is exhausted: he skips every other turn (T17)"
        _, follows, ruling = modes.next_turn(state)
        return [LegalResponse(Shuffle(state.turn), "T16", f"{why}: this turn is skipped and his discards "
                              f"({held.discard}) become a new Main Deck (T4, T16)",
                              (f"he draws the {held.owed} card(s) he could not draw; " if held.owed else "")
                              + f"{follows} ({ruling})")]
    found = _block(state) if phase is Phase.BLOCK else _controller(state)
    if state.counter is not None:
        found += _counters(state)
    for answerer in cancel_answerers(state):
        found += _answers(state, answerer)
    return found


def _strategies(state: MatState, seat: int, why: str) -> list[LegalResponse]:
    pool = state.adr[state.rules.pool_of(seat)]
    team = "team's " if state.rules.teamed else ""  # pooled ADR, spendable by either teammate (T9, T21)
    found = []
    for _, card in _in_hand(state, seat, (Kind.STRATEGY,)):
        if card.adr > pool:
            continue
        effects = ", ".join(e.text for e in card.on_play)
        then = (f"then: {effects}" if effects else "its text is applied by the referee (T7)") \
            + _cancel_note(state, seat)
        aimed = any(e.who is not Who.SELF for e in card.on_play)
        targets = state.standing_opponents(seat) if aimed and len(state.standing_opponents(seat)) > 1 else ()
        costs = f"{card.name} costs {card.adr} ADR and the {team}pool holds {pool} (T3)"
        if not targets:
            found.append(LegalResponse(PlayCard(seat, card.name), "T3", f"{why}; {costs}", then))
            continue
        for target in targets:  # never at a teammate (T9)
            found.append(LegalResponse(PlayCard(seat, card.name, target=state.names[target]), "T9",
                                       f"{why}; aimed at {state.names[target]}, an opponent: Strategy cards may not "
                                       f"target a teammate (T9); {costs}", then))
    return found


def _block(state: MatState) -> list[LegalResponse]:
    waiting = state.attack
    assert waiting is not None
    target, attacker = waiting.target, waiting.attacker
    card = state.card(attacker, waiting.card)
    health = state.seats[target].health
    found = []
    for seat in modes.defenders(state):
        mate = seat != target
        for _, guard in _in_hand(state, seat, (Kind.DEFENSE, Kind.ATTACK)):
            value = card.atk if guard.ends_attack else guard.defense
            damage = max(0, card.atk - value)
            ruling = modes.team_ruling(state) if mate else ("T1" if guard.kind is Kind.DEFENSE else "T14")
            role = "a Defense card defends with its DEF" if guard.kind is Kind.DEFENSE else \
                "an Attack card defends with its DEF"
            who = f"{state.names[seat]} defends for {state.names[target]}, his teammate ({ruling}); " if mate else ""
            through = f" to {state.names[target]}" if mate else ""
            then = f"{damage} gets through{through} ({health} -> {health - damage}{', T20' if mate else ''})" \
                if damage else "absorbs all of it"
            found.append(LegalResponse(Block(seat, guard.name), ruling,
                                       f"Block Phase: {who}{role} ({stats(guard)}) against {card.name}'s ATK "
                                       f"{card.atk}: ATK minus DEF, never below 0 (T1)",
                                       f"{then}; {'he' if mate else 'a counter-attack'} may "
                                       f"{'counter-attack' if mate else 'follow'} with CPT <= {guard.lnk} (T8)"
                                       + _cancel_note(state, seat)))
        found += _strategies(state, seat, "Block Phase: the defending side may play Strategy cards")
    found.append(LegalResponse(NoBlock(target), "T1", f"Block Phase: no defence; {card.name} deals its ATK {card.atk} "
                               "(T1)", f"{card.atk} damage ({health} -> {health - card.atk}); no counter-attack"))
    return found


def _controller(state: MatState) -> list[LegalResponse]:
    seat, phase = state.control, state.phase
    name = PHASE_NAMES[phase]
    found: list[LegalResponse] = []
    if phase in (Phase.PREP, Phase.CONTINUED):
        found += _attacks(state, seat, name)
    slot = "team, either teammate replaces it (T9)" if state.rules.teamed else \
        "player, replaced only by its owner (T5)"
    for _, card in _in_hand(state, seat, (Kind.EVENT,)):
        mine = state.events[state.rules.pool_of(seat)]
        replaces = f"; it replaces {state.card(mine.seat, mine.card).name} (T5)" if mine else ""
        effects = ", ".join(e.text for e in card.on_play) or "its text is applied by the referee (T7)"
        found.append(LegalResponse(PlayCard(seat, card.name), "T5",
                                   f"{name}: an Event card is played in the Prep or Resolve Phase; one per "
                                   f"{slot}{replaces}",
                                   f"affects every player: {effects}"
                                   + ("; the attacks end: Resolve Phase" if phase is Phase.CONTINUED else "")))
    found += _strategies(state, seat, f"{name}: Strategy cards are played in the Prep, Attack and Resolve Phases")
    if phase is not Phase.RESOLVE:
        found.append(LegalResponse(ToResolve(seat), "T8", f"{name}: no more attacks; on to the Resolve Phase",
                                   "Events and Strategy cards, then End Turn"))
    follows, why, ruling = modes.next_turn(state)
    found.append(LegalResponse(EndTurn(seat), ruling, f"End Turn: whoever controls the turn last ends it (T8); {why} "
                               f"({ruling})", f"{state.names[follows]}'s turn begins with the Draw Phase (T4)"))
    return found


def _attacks(state: MatState, seat: int, phase_name: str) -> list[LegalResponse]:
    """New attacks at each opponent still in; links on the chain's target, and for the Hero at any Enemy
    still in: the switch (T10)."""
    chain = state.chain
    open_lnk = chain.lnk if chain is not None and chain.attacker == seat else None
    struck = chain.target if chain is not None and open_lnk is not None else None
    standing = state.standing_opponents(seat)
    hero = state.rules.is_hero(seat)
    link_targets = standing if hero else tuple(t for t in standing if t == struck)
    before = state.card(seat, chain.card).name if chain is not None and chain.card is not None else ""
    phase_why = "Attack Phase: an Attack card attacks" if state.phase is Phase.PREP else \
        "Continued Attack Phase: a new attack starts a new chain (T12)"
    rule = "T12" if state.phase is Phase.CONTINUED else "T1"
    many = len(standing) > 1
    note = _cancel_note(state, seat)
    found = []
    for _, card in _in_hand(state, seat, (Kind.ATTACK,)):
        card_stats = stats(card)
        spelled = many or " at " in card.name.casefold()  # the line names its target (see _named)
        if open_lnk is not None and link_fits(state, card, open_lnk):
            fit = f"{phase_name}: {card.name} ({card_stats}) links after {before} (LNK {open_lnk}): " \
                f"{link_rule(state, open_lnk)} (T2)"
            for target in link_targets:
                if target == struck:
                    found.append(LegalResponse(Link(seat, card.name, state.names[target] if spelled else None), "T2",
                                               fit + (f", on {state.names[target]}" if many else ""),
                                               "a hit earns 1 ADR at once (T3)" + note))
                else:
                    found.append(LegalResponse(Link(seat, card.name, state.names[target]), "T10",
                                               f"{fit}; the Hero switches from {state.names[struck or 0]} to "
                                               f"{state.names[target]} after a hit (T10)",
                                               "a hit earns 1 ADR (T3) and 1 more for the switch (T10)" + note))
        for target in standing:
            blocks = f"{state.names[target]}{' or a teammate' if state.teammates(target) else ''} blocks"
            found.append(LegalResponse(AttackWith(seat, card.name, state.names[target] if spelled else None), rule,
                                       f"{phase_why} ({card_stats})" + (f", at {state.names[target]}" if many else ""),
                                       f"{blocks}: ATK {card.atk} minus DEF" + note))
    return found


def _counters(state: MatState) -> list[LegalResponse]:
    window = state.counter
    assert window is not None
    seat = window.defender
    guard = state.card(seat, window.card)
    precedence = "the defence absorbed all the damage, so the counter comes first" if window.absorbed_all else \
        "the attacker's link comes first; if he does not link, the counter may follow (T13, MTD8)"
    attacker = state.control
    # the attacker, or (T19) the other opponent; the Hero's counter may strike any Enemy (T10)
    targets = (attacker, *(t for t in state.standing_opponents(seat) if t != attacker))
    found = []
    for _, card in _in_hand(state, seat, (Kind.ATTACK,)):
        if card.cpt > window.max_cpt:
            continue
        for target in targets:
            other = "" if target == attacker else f", at {state.names[target]} rather than the attacker (T19)"
            found.append(LegalResponse(Counter(seat, card.name, _named(state, seat, target, card.name)), "T8",
                                       f"counter-attack after {guard.name} (LNK {window.max_cpt}): CPT {card.cpt} <= "
                                       f"{window.max_cpt} (T8); {precedence}{other}",
                                       f"takes over the turn for {state.names[seat]}'s side at the Attack Phase; "
                                       f"{state.names[target]} blocks; a hit earns 1 ADR (T3)"
                                       + _cancel_note(state, seat)))
    return found


def _answers(state: MatState, seat: int) -> list[LegalResponse]:
    rewind = state.rewind
    assert rewind is not None
    played = state.card(rewind.seat, rewind.card).name
    pool = state.adr[state.rules.pool_of(seat)]
    if seat not in state.opponents(rewind.seat):
        return []
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
