"""The Martial Arts TCG's transitions: `apply` for every action; never mutates, raises IllegalAction."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.martial_arts_tcg import combat, modes
from companion.rules.martial_arts_tcg.cards import Deck, Kind, Verb, Who, playable
from companion.rules.martial_arts_tcg.effects import apply_effect
from companion.rules.martial_arts_tcg.hand import cancelled_on_play, check_playable, find, take
from companion.rules.martial_arts_tcg.seating import ENEMY_HEALTH, HERO, LEADER_HEALTH, START_HEALTH, Rules
from companion.rules.martial_arts_tcg.state import (
    HAND_AT_START,
    Adjust,
    AdrSpent,
    AttackWith,
    Block,
    CardCancelled,
    CardPlayed,
    Counter,
    EndTurn,
    EventInPlay,
    EventPlaced,
    LeaderDeclared,
    Leads,
    Link,
    MatState,
    NoBlock,
    Phase,
    PhaseEntered,
    PlayCard,
    PlayDeck,
    Rewind,
    SeatState,
    Shuffle,
    Shuffled,
    StarterChosen,
    Starts,
    ToResolve,
)
from companion.rules.martial_arts_tcg.turns import (
    Events,
    begin_turn,
    draw,
    end_turn,
    finish_recovery,
    pass_turn,
    settle_health,
)
from companion.rules.model import Action, Event, Forfeit, MatchWon
from companion.rules.text import normalise_name


def play_deck(deck: Deck, rules: Rules) -> PlayDeck:
    cards = tuple(playable(card, anything_goes=rules.anything_goes) for card in deck.cards)
    return PlayDeck(deck.name, cards, {card.key: index for index, card in enumerate(cards)})


def initial_state(names: tuple[str, ...], decks: tuple[Deck, ...], rules: Rules) -> MatState:
    played = tuple(play_deck(deck, rules) for deck in decks)
    # Army of One: the Hero 30, every Enemy 10 until the leader is declared (15, T1, T10)
    health = [START_HEALTH if not rules.army or seat == HERO else ENEMY_HEALTH for seat in range(len(names))]
    seats = tuple(SeatState(health=health[seat], start_health=health[seat], deck=deck.size, out=(0,) * len(deck.cards))
                  for seat, deck in enumerate(played))
    pools = len({rules.pool_of(seat) for seat in range(len(names))})
    return MatState(names=names, decks=played, seats=seats, adr=(0,) * pools, events=(None,) * pools, rules=rules)


def to_act(state: MatState) -> tuple[int, ...]:
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.SETUP:
        waiting = tuple(seat for seat, held in enumerate(state.seats) if not held.shuffled)
        return waiting or tuple(range(len(state.names)))
    if phase is Phase.RECOVERY:
        return (state.turn,)
    seats = [state.control]
    if phase is Phase.BLOCK:
        seats = list(modes.defenders(state))  # the attacked player and his teammates (T9, T10)
    if state.counter is not None:
        seats.append(state.counter.defender)
    for answer in cancel_answerers(state):
        if answer not in seats:
            seats.append(answer)
    return tuple(seats)


def cancel_answerers(state: MatState) -> tuple[int, ...]:
    """The opponents still in who may cancel the Strategy card just played (the FAQ), if their decks can."""
    rewind = state.rewind
    if rewind is None:
        return ()
    return tuple(seat for seat in state.standing_opponents(rewind.seat)
                 if any(card.kind is Kind.STRATEGY and card.cancels for card in state.decks[seat].cards
                        if card.copies))


def apply(state: MatState, action: Action) -> tuple[MatState, tuple[Event, ...]]:
    events: Events = []
    if state.phase is Phase.OVER:
        raise IllegalAction("the match is over", "T1")
    if isinstance(action, Forfeit):
        return _forfeit(state, action.actor, events), tuple(events)
    if action.actor in state.fallen:
        raise IllegalAction(f"{state.names[action.actor]} is out (0 health): he plays no more",
                            modes.team_ruling(state))
    if isinstance(action, Adjust):
        state = _adjust(state.evolve(rewind=None), action, events)
    elif state.phase is Phase.SETUP:
        state = _setup(state, action, events)
    elif state.phase is Phase.RECOVERY:
        state = _recovery(state, action, events)
    else:
        state = _play(state, action, events)
    return settle_health(state, events), tuple(events)


def _setup(state: MatState, action: Action, events: Events) -> MatState:
    seat = action.actor
    if isinstance(action, Shuffle):
        if state.seats[seat].shuffled:
            raise IllegalAction(f"{state.names[seat]} has already shuffled and drawn 7", "T6")
        events.append(Shuffled(seat, state.seats[seat].deck))
        state = state.seat(seat, shuffled=True)
        return draw(state, seat, HAND_AT_START, "each player shuffles and draws 7 (T6)", events)
    if isinstance(action, Starts | Leads):
        if not all(held.shuffled for held in state.seats):
            raise IllegalAction("first each player shuffles his Main Deck and draws 7", "T6")
        if state.rules.army:
            return _leads(state, seat, action, events)
        if isinstance(action, Leads):
            raise IllegalAction("only the Enemies of an Army of One declare a leader; write 'starts'", "T10")
        events.append(StarterChosen(seat))
        return begin_turn(state.evolve(starter=seat), seat, events)
    raise IllegalAction("before the fight each player shuffles and draws 7, then who starts is recorded", "T6")


def _leads(state: MatState, seat: int, action: Action, events: Events) -> MatState:
    """Army of One: the Enemies declare their leader, who has 15 health and starts (T10)."""
    if not isinstance(action, Leads):
        raise IllegalAction("in an Army of One the Enemies declare their leader, who starts: 'NAME: leads'", "T10")
    if state.rules.is_hero(seat):
        raise IllegalAction(f"{state.names[seat]} is the Hero: the leader is one of the Enemies", "T10")
    events.append(LeaderDeclared(seat, LEADER_HEALTH))
    events.append(StarterChosen(seat))
    state = state.seat(seat, health=LEADER_HEALTH, start_health=LEADER_HEALTH)
    return begin_turn(state.evolve(starter=seat, leader=seat), seat, events)


def _forfeit(state: MatState, seat: int, events: Events) -> MatState:
    """A forfeit concedes for the player's side: the other player, team, or side wins (MTD25)."""
    winners = state.opponents(seat)
    reason = f"{state.names[seat]} forfeited" + (" for his side" if len(state.names) > 2 else "")
    events.append(MatchWon(winners, reason, "forfeit"))
    return state.evolve(phase=Phase.OVER, attack=None, counter=None, rewind=None, winners=winners, reason=reason)


def _recovery(state: MatState, action: Action, events: Events) -> MatState:
    seat = state.turn
    if not isinstance(action, Shuffle) or action.actor != seat:
        raise IllegalAction(f"{state.names[seat]}'s deck ran out: he skips this turn and shuffles his discards "
                            "into a new Main Deck ('shuffle')", "T16")
    state = finish_recovery(state, seat, events, reshuffled=True)
    return begin_turn(state, pass_turn(state, events), events)


def _play(state: MatState, action: Action, events: Events) -> MatState:
    seat = action.actor
    if isinstance(action, PlayCard) and _answers_strategy(state, seat, action.card):
        return _cancel_answer(state, seat, action.card, events)
    state = state.evolve(rewind=None)
    if isinstance(action, Counter):
        return combat.counter(state, seat, action.card, action.target, events)
    if isinstance(action, Block | NoBlock):
        return combat.block(state, seat, action.card if isinstance(action, Block) else None, events)
    if isinstance(action, PlayCard) and state.phase is Phase.BLOCK:
        return _strategy(state, seat, action, events)
    if seat != state.control:
        raise IllegalAction(_not_yours(state, seat), "T8")
    if state.phase is Phase.BLOCK:
        raise IllegalAction(f"{state.names[state.control]}'s attack waits for {state.names[seat]}'s block", "T1")
    state = state.evolve(counter=None)  # the attacker acts: the defender's counter is lost (T8, T13)
    if isinstance(action, AttackWith | Link):
        if state.phase is Phase.RESOLVE:
            raise IllegalAction("the Resolve Phase has begun: no more attacks this turn", "T8")
        return combat.attack(state, seat, action.card, action.target, events, link=isinstance(action, Link))
    if isinstance(action, PlayCard):
        name, target = modes.split_card(state, seat, action.card, action.target)
        index = find(state, seat, name)
        if state.card(seat, index).kind is Kind.EVENT:
            if target is not None:
                raise IllegalAction("an Event card is aimed at nobody: it affects every player (T5)", "T5")
            return _event(state, seat, index, action.replacing, events)
        if action.replacing is not None:
            raise IllegalAction("only an Event card replaces another (T5)", "T5")
        return _strategy(state, seat, action, events)
    if isinstance(action, ToResolve):
        if state.phase is Phase.RESOLVE:
            raise IllegalAction("the Resolve Phase has already begun", "T8")
        events.append(PhaseEntered(seat, Phase.RESOLVE))
        return state.evolve(phase=Phase.RESOLVE, chain=None)
    if isinstance(action, EndTurn):
        return end_turn(state, events)
    raise IllegalAction(f"{type(action).__name__} is not an action now", "T8")


def _not_yours(state: MatState, seat: int) -> str:
    if state.phase is Phase.BLOCK:
        return f"{state.names[seat]} waits: {state.names[state.control]}'s attack is to be blocked"
    return (f"it is {state.names[state.control]}'s turn ({state.names[state.control]} controls it since "
            f"{'the counter-attack' if state.control != state.turn else 'its start'})")


def _pay(state: MatState, seat: int, index: int, events: Events) -> MatState:
    card = state.card(seat, index)
    pool = state.rules.pool_of(seat)
    if state.adr[pool] < card.adr:
        raise IllegalAction(f"{card.name} costs {card.adr} ADR and {state.names[seat]} has {state.adr[pool]}", "T3")
    left = state.adr[pool] - card.adr
    if card.adr:
        events.append(AdrSpent(seat, card.name, card.adr, left))
    return state.evolve(adr=(*state.adr[:pool], left, *state.adr[pool + 1:]))


def _strategy(state: MatState, seat: int, action: PlayCard, events: Events) -> MatState:
    name, target = modes.split_card(state, seat, action.card, action.target)
    index = find(state, seat, name)
    card = state.card(seat, index)
    if state.phase is Phase.BLOCK:
        assert state.attack is not None
        if seat not in modes.defenders(state):
            raise IllegalAction(f"{state.names[state.attack.attacker]}'s attack waits for its block: Strategy cards "
                                "now are the defending side's", "T3")
    check_playable(state, seat, index, (Kind.STRATEGY,), "a Strategy play")
    aim = modes.strategy_aim(state, seat, target, any(e.who is not Who.SELF for e in card.on_play))
    before = state
    state = _pay(take(state, seat, index), seat, index, events)
    state, cancelled = cancelled_on_play(state, seat, index, events)
    if cancelled:  # its ADR stays spent (T3)
        return state
    events.append(CardPlayed(seat, card.name, "a Strategy card", "T3"))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events, aim=aim)
    return state.evolve(rewind=Rewind(before.evolve(rewind=None), seat, index))


def _answers_strategy(state: MatState, seat: int, name: str) -> bool:
    rewind = state.rewind
    if rewind is None or seat not in state.opponents(rewind.seat):
        return False
    found = state.decks[seat].index.get(normalise_name(name))
    if found is None:
        return False
    card = state.card(seat, found)
    return card.kind is Kind.STRATEGY and card.cancels


def _cancel_answer(state: MatState, seat: int, name: str, events: Events) -> MatState:
    """The FAQ: a cancel played right after the opponent's Strategy card takes it back unresolved; the
    ADR paid for it stays spent (T3, T7)."""
    rewind = state.rewind
    assert rewind is not None
    owner, index = rewind.seat, rewind.card
    base = rewind.before
    cancelled = base.card(owner, index)
    base = _pay(take(base, owner, index), owner, index, events)
    events.append(CardCancelled(owner, cancelled.name, "T7"))
    answer = find(base, seat, name)
    card = base.card(seat, answer)
    check_playable(base, seat, answer, (Kind.STRATEGY,), "a cancel")
    base = _pay(take(base, seat, answer), seat, answer, events)
    events.append(CardPlayed(seat, card.name, "a cancel of the Strategy card just played", "T7"))
    used = False
    for effect in card.on_play:
        if effect.verb is Verb.CANCEL and not used and effect.who is not Who.SELF:
            used = True  # this cancel was spent on the Strategy card
            continue
        base = apply_effect(base, seat, effect, card.name, events, aim=owner)
    return base


def _event(state: MatState, seat: int, index: int, replacing: str | None, events: Events) -> MatState:
    card = state.card(seat, index)
    if state.phase not in (Phase.PREP, Phase.CONTINUED, Phase.RESOLVE):
        raise IllegalAction("Event cards are played in the Prep or the Resolve Phase", "T5")
    check_playable(state, seat, index, (Kind.EVENT,), "an Event play")
    pool = state.rules.pool_of(seat)
    current = state.events[pool]
    if replacing is not None:
        _check_replacing(state, seat, replacing)
    old = state.card(current.seat, current.card).name if current is not None else None
    if current is not None:  # the replaced Event goes to its owner's discard area (still known out)
        state = state.seat(current.seat, discard=state.seats[current.seat].discard + 1)
    state = take(state, seat, index, to_discard=False)
    slots = (*state.events[:pool], EventInPlay(seat, index), *state.events[pool + 1:])
    state = state.evolve(events=slots)
    if state.phase is Phase.CONTINUED:  # an Event ends the attacks: it belongs to the Resolve Phase
        events.append(PhaseEntered(seat, Phase.RESOLVE))
        state = state.evolve(phase=Phase.RESOLVE, chain=None)
    events.append(EventPlaced(seat, card.name, old))
    for effect in card.on_play:
        state = apply_effect(state, seat, effect, card.name, events)
    return state


def _check_replacing(state: MatState, seat: int, replacing: str) -> None:
    key = normalise_name(replacing)
    pool = state.rules.pool_of(seat)
    for owner_pool, slot in enumerate(state.events):
        if slot is None or state.card(slot.seat, slot.card).key != key:
            continue
        if owner_pool != pool:
            raise IllegalAction(f"{state.card(slot.seat, slot.card).name} is {state.names[slot.seat]}'s Event: only "
                                f"its {'team' if state.rules.teamed else 'owner'} replaces it; yours goes beside it",
                                "T9" if state.rules.teamed else "T5")
        return
    mine = state.events[pool]
    shown = f"your Event in play is {state.card(mine.seat, mine.card).name}" if mine else "you have no Event in play"
    raise IllegalAction(f"no Event {replacing[:60]!r} is in play to replace ({shown})", "T5")


def _adjust(state: MatState, action: Adjust, events: Events) -> MatState:
    seat = action.actor
    if state.phase is Phase.SETUP:
        raise IllegalAction("adjustments come once the fight has begun", "T7")
    index = state.decks[seat].index.get(normalise_name(action.card))
    if index is None:
        raise IllegalAction(f"an adjustment names the card causing it, a card of {state.names[seat]}'s deck; "
                            f"{action.card[:60]!r} is not one", "T7")
    card = state.card(seat, index)
    aim = None
    if action.target is not None:
        aim = modes.seat_named(state, action.target)
        if aim is None or aim == seat or aim in state.fallen:
            raise IllegalAction(f"an adjustment's 'at NAME' names another player still in; {action.target[:60]!r} "
                                "is not one", "T7")
    elif action.effect.who is not Who.SELF and len(state.standing_opponents(seat)) > 1:
        raise IllegalAction("name whom the adjustment reaches: 'adjust EFFECT by CARD at NAME'", "T7")
    return apply_effect(state, seat, action.effect, card.name, events, aim=aim, adjusted=True)
