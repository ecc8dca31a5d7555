"""Kenpo Masters' transitions: the turn (K5, K8), rest and the deck (K7), Break (K4), the end (K6)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.errors import IllegalAction
from companion.rules.kenpo.cards import KenpoCard, kenpo_cards
from companion.rules.kenpo.combos import play_card
from companion.rules.kenpo.geometry import START, Square, direction
from companion.rules.kenpo.resolve import Fighter, Hit, allocation_map, ref_index, ref_of, score
from companion.rules.kenpo.state import (
    WINNING_SCORE,
    CardRef,
    CardsDrawn,
    DeckReshuffled,
    EndTurn,
    FightersReset,
    HandPoints,
    KenpoState,
    Phase,
    PlayCard,
    Played,
    PointsScored,
    Rest,
    Rested,
    StarterChosen,
    Starts,
    TurnPassed,
)
from companion.rules.model import Action, Event, MatchDrawn, MatchWon, set_seat

Events = list[Event]


def initial_state(names: tuple[str, str], sides: tuple[str, str], owner_values: str, *,
                  double_before_bonus: bool = False, break_bars_both: bool = True) -> KenpoState:
    kenpo_cards(owner_values)  # a bad owner file fails at set-up, not in the middle of a match
    squares: tuple[Square, Square] = (START[sides[0]], START[sides[1]])
    return KenpoState(names=names, sides=sides, owner_values=owner_values, phase=Phase.SETUP, turn=0,
                      squares=squares, double_before_bonus=double_before_bonus, break_bars_both=break_bars_both)


def rest_problem(state: KenpoState, seat: int) -> tuple[str, str] | None:
    """Why `seat` may not rest now, with the ruling (K7, K4), or None. An empty hand always rests."""
    if state.hands[seat] == 0:
        return None
    if state.first_turn:
        return "no rest on the game's first turn", "K7"
    if state.no_rest[seat]:
        return "no rest on the first turn after a Break", "K4"
    if state.rested_last[seat]:
        return "no rest two turns in a row", "K7"
    return None


def defender_moved(state: KenpoState) -> bool:
    return any(m != "stand" for m in state.moves_made)


def end_problem(state: KenpoState) -> tuple[str, str] | None:
    """Why the turn may not end yet, with the ruling, or None."""
    if state.phase is Phase.BREAK:
        return None
    if state.phase is not Phase.COMBO:
        return "play a card or rest first", "K7"
    cards = kenpo_cards(state.owner_values)
    if any(cards[p.card].is_action for p in state.played) or state.hands[state.turn] == 0:
        return None
    return "a turn needs an Action card while cards are left in hand", "KPD5"


@dataclass(frozen=True)
class Scored:
    seat: int
    points: int
    card: str
    detail: str
    by_hand: bool


def resolution(state: KenpoState, blocks: tuple[tuple[CardRef, CardRef], ...],
               entered: tuple[HandPoints, ...]) -> list[Scored]:
    """Everything that scores at the end of this turn (or at its Break, KPD12), checking the referee's entries."""
    cards = kenpo_cards(state.owner_values)
    seat = state.turn
    other = 1 - seat
    me = Fighter(state.squares[seat], state.sides[seat])
    them = Fighter(state.squares[other], state.sides[other])
    at_break = state.phase is Phase.BREAK
    allocation = allocation_map(state.pending, state.played, blocks, cards, defender_moved(state))
    before = state.double_before_bonus
    hits: list[tuple[bool, Hit]] = [
        (False, score(state.pending, i, cards, them, me, allocation, double_before_bonus=before))
        for i in range(len(state.pending))]
    if at_break:
        own_attacks = [i for i, p in enumerate(state.played) if cards[p.card].is_attack]
        hits += [(True, score(state.played, i, cards, me, them, {}, double_before_bonus=before))
                 for i in own_attacks]
    by_ref = _entries(state, entered, cards)
    scored: list[Scored] = []
    for own, hit in hits:
        group = state.played if own else state.pending
        key = (own, hit.index)
        name = cards[hit.played.card].name
        owner = seat if own else other
        if key in by_ref:
            value = by_ref.pop(key)
            if hit.points is not None and hit.points != value:
                raise IllegalAction(f"{name} scores {hit.points} by the catalog ({hit.detail}), not {value}", "K9")
            scored.append(Scored(owner, value, hit.played.card, "entered by hand (K9)" if hit.points is None
                                 else hit.detail, hit.points is None))
        elif hit.points is None:
            ref = ref_of(group, hit.index)
            copy = f"@{ref.copy}" if ref.copy > 1 else ""
            own_word = "own " if own else ""
            raise IllegalAction(f"enter the points of {name} by hand: {hit.detail}; write "
                                f"'points {own_word}{name}{copy} N'", "K9")
        elif hit.points:
            scored.append(Scored(owner, hit.points, hit.played.card, hit.detail, False))
    if by_ref:
        (own, index), _ = next(iter(by_ref.items()))
        group = state.played if own else state.pending
        raise IllegalAction(f"{cards[group[index].card].name} does not resolve now: no points to enter", "K5")
    scored += _immediate(state, cards, me, them)
    return scored


def _entries(state: KenpoState, entered: tuple[HandPoints, ...],
             cards: dict[str, KenpoCard]) -> dict[tuple[bool, int], int]:
    found: dict[tuple[bool, int], int] = {}
    for entry in entered:
        group = state.played if entry.own else state.pending
        index = ref_index(group, entry.ref)
        whose = "this turn's cards" if entry.own else "the attacks waiting to resolve"
        if index is None:
            raise IllegalAction(f"{entry.ref.card} is not among {whose}", "K5")
        if entry.points < 0:
            raise IllegalAction("points are never below 0", "K5")
        if (entry.own, index) in found:
            raise IllegalAction(f"points for {cards[entry.ref.card].name} are entered twice", "K9")
        found[(entry.own, index)] = entry.points
    return found


def _immediate(state: KenpoState, cards: dict[str, KenpoCard], me: Fighter, them: Fighter) -> list[Scored]:
    """Hard Block deals its damage when the opponent's cards resolve, if he is adjacent (KPD7)."""
    found = []
    for played in state.played:
        damage = cards[played.card].special.get("immediate-damage", 0)
        if damage and direction(me.square, them.square, me.side) is not None:
            found.append(Scored(state.turn, damage, played.card, "immediate damage", False))
    return found


def _award(state: KenpoState, scored: list[Scored], events: Events) -> KenpoState:
    scores = state.scores
    for item in scored:
        scores = set_seat(scores, item.seat, scores[item.seat] + item.points)
        events.append(PointsScored(item.seat, item.points, item.card, item.detail, item.by_hand))
    state = state.evolve(scores=scores)
    if max(scores) < WINNING_SCORE:
        return state
    if scores[0] == scores[1]:
        reason = f"both reached {WINNING_SCORE} with {scores[0]} each"
        events.append(MatchDrawn(reason, "K6"))
        return state.evolve(phase=Phase.OVER, draw=True, reason=reason)
    winner = 0 if scores[0] > scores[1] else 1
    reason = f"first to {WINNING_SCORE}: {scores[winner]} to {scores[1 - winner]}"
    events.append(MatchWon((winner,), reason, "K6"))
    return state.evolve(phase=Phase.OVER, winner=winner, reason=reason)


def draw_cards(state: KenpoState, seat: int, count: int, reason: str, events: Events) -> KenpoState:
    """Draw from the deck, shuffling the discards into a new deck when it runs out (K7, KPD14)."""
    hands, decks, discards = state.hands, state.decks, state.discards
    drawn = 0
    for _ in range(count):
        if decks[seat] == 0 and discards[seat] > 0:
            events.append(DeckReshuffled(seat, discards[seat]))
            decks, discards = set_seat(decks, seat, discards[seat]), set_seat(discards, seat, 0)
        if decks[seat] == 0:
            break
        decks = set_seat(decks, seat, decks[seat] - 1)
        hands = set_seat(hands, seat, hands[seat] + 1)
        drawn += 1
    events.append(CardsDrawn(seat, drawn, reason))
    return state.evolve(hands=hands, decks=decks, discards=discards)


def _staying_attacks(played: tuple[Played, ...], cards: dict[str, KenpoCard]) -> tuple[Played, ...]:
    """The attacks that wait for the opponent's next turn (KPD6), their combo links renumbered."""
    kept = [i for i, p in enumerate(played) if cards[p.card].is_attack]
    new_index = {old: new for new, old in enumerate(kept)}
    return tuple(replace(played[i], link=_renumber(played[i].link, new_index)) for i in kept)


def _renumber(link: int | None, new_index: dict[int, int]) -> int | None:
    return None if link is None else new_index.get(link)


def _discard(state: KenpoState, seat: int, count: int) -> KenpoState:
    return state.evolve(discards=set_seat(state.discards, seat, state.discards[seat] + count))


def _pass_turn(state: KenpoState, events: Events, *, rested: bool) -> KenpoState:
    seat = state.turn
    events.append(TurnPassed(1 - seat))
    return state.evolve(
        turn=1 - seat, phase=Phase.TURN, played=(), moves_made=(), move_due=True, fake_waiting=(),
        burst_waiting=False, mirror_on=False, first_turn=False, break_reason="", turns=state.turns + 1,
        rested_last=set_seat(state.rested_last, seat, rested),
        no_rest=set_seat(state.no_rest, seat, False),
        last_moves=set_seat(state.last_moves, seat, state.moves_made),
    )


def _rest(state: KenpoState, action: Rest, events: Events) -> KenpoState:
    seat = action.actor
    if state.phase is not Phase.TURN:
        raise IllegalAction("rest is declared at the start of a turn, before any card", "K7")
    problem = rest_problem(state, seat)
    if problem:
        raise IllegalAction(*problem)
    scored = resolution(state, (), action.points)
    forced = state.hands[seat] == 0
    before = state.hands[seat]
    state = draw_cards(state, seat, 2, "rest (K7)", events)
    events.append(Rested(seat, state.hands[seat] - before, forced))
    state = _discard(state, 1 - seat, len(state.pending)).evolve(pending=())
    state = _award(state, scored, events)
    if state.phase is Phase.OVER:
        return state
    return _pass_turn(state, events, rested=True)


def _end_turn(state: KenpoState, action: EndTurn, events: Events) -> KenpoState:
    problem = end_problem(state)
    if problem:
        raise IllegalAction(*problem)
    cards = kenpo_cards(state.owner_values)
    seat = state.turn
    blocks = tuple((b.defence, b.attack) for b in action.blocks)
    scored = resolution(state, blocks, action.points)
    at_break = state.phase is Phase.BREAK
    state = _discard(state, 1 - seat, len(state.pending))
    staying = () if at_break else _staying_attacks(state.played, cards)
    state = _discard(state, seat, len(state.played) - len(staying))
    state = _award(state.evolve(pending=staying), scored, events)
    if state.phase is Phase.OVER:
        return state
    if not at_break:
        return _pass_turn(state, events, rested=False)
    squares = (START[state.sides[0]], START[state.sides[1]])
    events.append(FightersReset(squares))
    state = state.evolve(squares=squares)
    for each in (seat, 1 - seat):
        state = draw_cards(state, each, 1, "after a Break (K4)", events)
    state = _pass_turn(state.evolve(moves_made=()), events, rested=False)
    # K4: neither player may rest on his first turn after; the other reading bars only the next player.
    barred = (True, True) if state.break_bars_both else set_seat((False, False), state.turn, True)
    return state.evolve(no_rest=barred, last_moves=((), ()))


def apply(state: KenpoState, action: Action) -> tuple[KenpoState, tuple[Event, ...]]:
    events: Events = []
    if state.phase is Phase.OVER:
        raise IllegalAction("the match is over", "K6")
    if state.phase is Phase.SETUP:
        if not isinstance(action, Starts):
            raise IllegalAction("first record who was chosen at random to start ('NAME: starts')", "KM setup")
        events.append(StarterChosen(action.actor))
        return state.evolve(turn=action.actor, phase=Phase.TURN), tuple(events)
    if isinstance(action, Starts):
        raise IllegalAction("the starting player is already chosen", "KM setup")
    if action.actor != state.turn:
        raise IllegalAction(f"it is {state.names[state.turn]}'s turn", "KM turn")
    if isinstance(action, PlayCard):
        if state.phase is Phase.BREAK:
            raise IllegalAction("a Break was called: no more cards this turn", "K4")
        if state.phase is Phase.TURN and state.hands[action.actor] == 0:
            raise IllegalAction(f"{state.names[action.actor]} has no card in hand and must rest", "K7")
        state, played_events = play_card(state, action)
        events += played_events
    elif isinstance(action, Rest):
        state = _rest(state, action, events)
    elif isinstance(action, EndTurn):
        state = _end_turn(state, action, events)
    else:
        raise IllegalAction(f"{type(action).__name__} is not an action of Kenpo Masters", "KM turn")
    return state, tuple(events)
