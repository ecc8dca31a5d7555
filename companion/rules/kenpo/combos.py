"""Playing one card (K2, K4, K8): the link to the card before it, the one movement, the Break.

`play_card` returns the new state and events or raises IllegalAction naming the ruling. Values the
catalog lacks never make a play illegal; they are reported as unverified (KPD1).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.cards import KenpoCard, kenpo_cards
from companion.rules.kenpo.geometry import move_problem, same_rank, step
from companion.rules.kenpo.state import (
    BreakCalled,
    CardPlayed,
    KenpoState,
    Moved,
    Phase,
    PlayCard,
    Played,
)
from companion.rules.model import Event, set_seat


@dataclass(frozen=True)
class Verdict:
    ruling: str
    why: str
    unverified: tuple[str, ...] = ()


def is_transparent(card: KenpoCard) -> bool:
    """Burst of Speed and Change Sides sit anywhere in a combo; the next card links past them (KPD3, KPD4)."""
    return bool(card.special.get("combine-any-two") or card.special.get("mirror"))


def link_target(state: KenpoState, cards: dict[str, KenpoCard]) -> int | None:
    """Index of the card the next card is comboed on: the last one played that is not transparent."""
    for index in range(len(state.played) - 1, -1, -1):
        if not is_transparent(cards[state.played[index].card]):
            return index
    return None


def link_verdict(prev: KenpoCard, card: KenpoCard) -> Verdict:
    """May `card` be comboed on `prev` (K8)? Raises IllegalAction when the texts forbid it."""
    if card.never_comboed:
        raise IllegalAction(f"{card.name} may never be comboed on anything, whatever {prev.name} allows", "K8")
    takes = prev.matcher_list("takes")
    on = card.matcher_list("on")
    verdicts = [card.matches(m) for m in takes or ()] + [prev.matches(m) for m in on or ()]
    if True in verdicts:
        source = next((m for m in takes or () if card.matches(m)), None)
        why = (f"{prev.name} lets {source.describe()} be comboed on it" if source is not None
               else f"{card.name} may be comboed on {prev.name}")
        return Verdict("K8", why)
    unknown = []
    if takes is None:
        unknown.append(f"{prev.name}'s combo text")
    if on is None:
        unknown.append(f"{card.name}'s combo text")
    if None in verdicts:
        unknown.append("qualifiers")
    if unknown:
        return Verdict("K8", f"{card.name} on {prev.name}",
                       (f"{' and '.join(unknown)}: owner values not entered yet (KPD1)",))
    raise IllegalAction(f"{card.name} may not be comboed on {prev.name}: neither card's text allows it", "K8")


def _move_verdict(card: KenpoCard, move: str, mirrored: bool, ruling: str) -> tuple[int | None, tuple[str, ...]]:
    arrow = card.move(move, mirrored)
    shown = f"{card.name}{' (mirrored)' if mirrored else ''}"
    if arrow.allowed is False:
        raise IllegalAction(f"{shown} does not show the move {move!r}", ruling)
    if arrow.allowed is None:
        return None, (f"{shown}'s {move!r} movement arrow is an owner value not entered yet (KPD1)",)
    return arrow.bonus, ()


def check_link(state: KenpoState, card: KenpoCard) -> Verdict:
    """May `card` join this turn's cards now, whatever its move (K7, K8)? Raises IllegalAction."""
    cards = kenpo_cards(state.owner_values)
    if state.hands[state.turn] == 0:
        raise IllegalAction(f"{state.names[state.turn]} has no card in hand", "K7")
    if not state.played:
        return Verdict("K8", f"{card.name} opens the turn")
    if card.never_comboed or card.must_be_first:
        raise IllegalAction(f"{card.name} must be the first card and may never be comboed on anything", "K8")
    link = link_target(state, cards)
    if is_transparent(card):
        return Verdict("K8", f"{card.name} may join any combo (KPD3, KPD4)")
    if link is None:
        return Verdict("K8", f"{card.name} opens the turn")
    prev = cards[state.played[link].card]
    if state.burst_waiting:
        return Verdict("K8", f"Burst of Speed combines {card.name} with {prev.name} (KPD3)")
    return link_verdict(prev, card)


def check_move(state: KenpoState, card: KenpoCard, move: str | None) -> tuple[str | None, int | None, tuple[str, ...]]:
    """The move `card` makes now (None if it makes none), its bonus, and unverified notes (K2, K8)."""
    seat = state.turn
    if not card.is_action:
        if move is not None:
            raise IllegalAction(f"{card.name} is an Effect card: Effect cards never move", "K8")
        return None, 0, ()
    if state.move_due:
        if move is None:
            raise IllegalAction(f"say the move made with {card.name}: the first Action card moves", "K8")
        problem = move_problem(state.squares[seat], move, state.sides[seat], state.squares[1 - seat])
        if problem:
            raise IllegalAction(problem, "K2")
        bonus, notes = _move_verdict(card, move, state.mirror_on, "K2")
        return move, bonus, notes
    made = state.moves_made[-1]
    if move is not None and move != made:
        raise IllegalAction(f"one movement per turn: this turn already moved {made!r}", "K8")
    bonus, notes = _move_verdict(card, made, state.mirror_on, "K8")
    return None, bonus, notes


def _fake_bonus(state: KenpoState, card: KenpoCard, cards: dict[str, KenpoCard]) -> int | None:
    """Hand Fake's bonus for this card, when it is the next attack after one or more (KPD8)."""
    if not card.is_attack:
        return 0
    total: int | None = 0
    for fake_id in state.fake_waiting:
        rule = cards[fake_id].special["next-attack-bonus"]
        kick = card.has(rule["qualifier"])
        add = None if kick is None else (rule["bonus"] if kick else rule.get("otherwise", 0))
        total = None if add is None or total is None else total + add
    return total


def check_play(state: KenpoState, action: PlayCard) -> tuple[Played, Verdict, str | None]:
    """The card as it lands on the table, why it is allowed, and the move it makes (if it moves)."""
    cards = kenpo_cards(state.owner_values)
    card = cards.get(action.card)
    if card is None:
        raise IllegalAction(f"no card {action.card!r} in Kenpo Masters", "K9")
    verdict = check_link(state, card)
    moved, bonus, notes = check_move(state, card, action.move)
    link = link_target(state, cards) if state.played else None
    made = moved or (state.moves_made[-1] if state.moves_made else None)
    played = Played(action.card, action.actor, state.mirror_on, made, bonus if card.is_attack else 0,
                    _fake_bonus(state, card, cards), link)
    return played, Verdict(verdict.ruling, verdict.why, verdict.unverified + notes), moved


def play_card(state: KenpoState, action: PlayCard) -> tuple[KenpoState, list[Event]]:
    cards = kenpo_cards(state.owner_values)
    played, verdict, moved = check_play(state, action)
    card = cards[action.card]
    seat = action.actor
    other = 1 - seat
    events: list[Event] = []
    note = verdict.why + ("; unverified: " + "; ".join(verdict.unverified) if verdict.unverified else "")
    events.append(CardPlayed(seat, action.card, moved, note, verdict.ruling))
    squares = state.squares
    moves_made = state.moves_made
    break_reason = ""
    if moved is not None:
        square = step(squares[seat], moved, state.sides[seat])
        squares = set_seat(squares, seat, square)
        moves_made = (*moves_made, moved)
        events.append(Moved(seat, moved, square))
        if same_rank(square, squares[other]):
            break_reason = "both fighters on the same horizontal line"
    # A forward step in the opponent's last turn; a Break clears it (KPD9).
    first_after_forward = (not state.played and card.special.get("break-first-after-forward")
                           and "forward" in state.last_moves[other])
    if first_after_forward and not break_reason:
        break_reason = f"{card.name} as the first card after the opponent moved forward"
    fake_waiting = state.fake_waiting
    if card.is_attack:
        fake_waiting = ()
    if card.special.get("next-attack-bonus"):
        fake_waiting = (*fake_waiting, card.id)
    burst = state.burst_waiting
    if card.special.get("combine-any-two"):
        burst = True
    elif not is_transparent(card) and played.link is not None:
        burst = False
    state = state.evolve(
        played=(*state.played, played),
        hands=set_seat(state.hands, seat, state.hands[seat] - 1),
        squares=squares,
        moves_made=moves_made,
        move_due=bool(card.special.get("moves-again")) or (state.move_due and not card.is_action),
        fake_waiting=fake_waiting,
        burst_waiting=burst,
        mirror_on=state.mirror_on or bool(card.special.get("mirror")),
        phase=Phase.COMBO,
    )
    if break_reason:
        events.append(BreakCalled(break_reason))
        state = state.evolve(phase=Phase.BREAK, break_reason=break_reason)
    return state, events
