"""Kendo Shiai's transitions: `apply` for every action, with the round, IPPON and HANSOKU bookkeeping."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.kendo_shiai.plays import Effect, Resolution, classify
from companion.rules.kendo_shiai.state import (
    BrownOffered,
    BrownPickedAndDropped,
    CardsLost,
    CardsPlayed,
    EnchoBegan,
    ExchangeEnded,
    HandsToppedUp,
    HansokuGiven,
    IpponAwarded,
    JikanDesuCalled,
    KendoState,
    NoAnswer,
    OfferBrown,
    OffersTied,
    Pending,
    Phase,
    Play,
    StarterChosen,
    SwitchedAndPicked,
    Threat,
)
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Action, Event, MatchWon, set_seat

STARTING_HAND = 8
TOP_UP = 6
ENCHO_HAND = 5
FUDOSHIN_LOSS = 2
JODAN_LOSS = 2

Events = list[Event]


def initial_state(names: tuple[str, str], brown_answer_starter: str) -> KendoState:
    return KendoState(names=names, phase=Phase.OFFER, turn=0, hands=(STARTING_HAND, STARTING_HAND),
                      brown_answer_starter=brown_answer_starter)


def switch_due(state: KendoState) -> bool:
    """Before playing or answering, the player switches one card and picks a red or green (S6)."""
    seat = state.turn
    if state.phase not in (Phase.START, Phase.ANSWER) or state.switched[seat] or state.hands[seat] == 0:
        return False
    return not (state.phase is Phase.START and state.switch_barred)


def _switch(state: KendoState, events: Events) -> KendoState:
    seat = state.turn
    events.append(SwitchedAndPicked(seat))
    return state.evolve(
        hands=set_seat(state.hands, seat, state.hands[seat] + 1),
        switched=set_seat(state.switched, seat, True),
        switched_in_round=set_seat(state.switched_in_round, seat, True),
    )


def _give_turn(state: KendoState, seat: int, pending: Pending) -> KendoState:
    switched = state.switched if seat == state.turn else set_seat(state.switched, seat, False)
    return state.evolve(phase=Phase.ANSWER, turn=seat, pending=pending, switched=switched, switch_barred=False)


def _new_round(state: KendoState, starter: int, *, barred: bool) -> KendoState:
    return state.evolve(phase=Phase.START, turn=starter, pending=None, table=(), switched=(False, False),
                        switched_in_round=(False, False), switch_barred=barred, cannot_start_penalised=False,
                        round_number=state.round_number + 1)


def _win(state: KendoState, seat: int, reason: str, ruling: str, events: Events) -> KendoState:
    events.append(MatchWon((seat,), reason, ruling))
    return state.evolve(phase=Phase.OVER, winner=seat, reason=reason, pending=None)


def _end_round(state: KendoState, starter: int, reason: str, ruling: str, events: Events,
               *, barred: bool = False) -> KendoState:
    """A round ends without an IPPON: JIKAN DESU at 1:0 may end the match here (S7)."""
    if state.jikan_watch is not None:
        leader = state.jikan_watch
        return _win(state, leader, f"time: {state.names[1 - leader]} scored no IPPON after JIKAN DESU", "S7",
                    events)
    events.append(ExchangeEnded(starter, reason, ruling))
    return _new_round(state, starter, barred=barred)


def award_ippon(state: KendoState, scorer: int, reason: str, ruling: str, events: Events) -> KendoState:
    conceder = 1 - scorer
    ippons = set_seat(state.ippons, scorer, state.ippons[scorer] + 1)
    events.append(IpponAwarded(scorer, reason, ruling))
    state = state.evolve(ippons=ippons)
    if state.encho:
        return _win(state, scorer, "the first IPPON of ENCHO", "S7", events)
    if ippons[scorer] >= 2:
        return _win(state, scorer, f"two IPPONs ({ippons[scorer]}:{ippons[conceder]})", "S3", events)
    if state.jikan_watch is not None:
        state = state.evolve(jikan_watch=None)  # the opponent scored in time: play goes on (S7)
    hands = (max(state.hands[0], TOP_UP), max(state.hands[1], TOP_UP))
    if hands != state.hands:
        events.append(HandsToppedUp(hands))
    barred = state.switched_in_round[conceder]
    events.append(ExchangeEnded(conceder, "IPPON: the player who conceded it starts", "S3"))
    return _new_round(state.evolve(hands=hands), conceder, barred=barred)


def give_hansoku(state: KendoState, offender: int, reason: str, ruling: str, events: Events) -> KendoState:
    count = state.hansoku[offender] + 1
    events.append(HansokuGiven(offender, reason, ruling))
    if count >= 2:
        state = state.evolve(hansoku=set_seat(state.hansoku, offender, 0))
        return award_ippon(state, 1 - offender, "second HANSOKU", "S3", events)
    state = state.evolve(hansoku=set_seat(state.hansoku, offender, count))
    barred = state.switched_in_round[offender]
    return _end_round(state, offender, "HANSOKU: the player given it starts", "S3", events, barred=barred)


def _lose_cards(state: KendoState, seat: int, count: int, reason: str, ruling: str, events: Events) -> KendoState:
    lost = min(count, state.hands[seat])
    events.append(CardsLost(seat, lost, reason, ruling))
    return state.evolve(hands=set_seat(state.hands, seat, state.hands[seat] - lost))


def _check_turn(state: KendoState, action: Action) -> None:
    if state.phase is Phase.OVER:
        raise IllegalAction("the match is over", "S3")
    if state.phase is Phase.OFFER:
        if not isinstance(action, OfferBrown):
            raise IllegalAction("first each player offers a brown card to choose who starts", "KT2 start")
        return
    if isinstance(action, OfferBrown):
        raise IllegalAction("the starter is already chosen", "KT2 start")
    if action.actor != state.turn:
        doing = "start the round" if state.phase is Phase.START else "answer"
        raise IllegalAction(f"it is {state.names[state.turn]}'s turn to {doing}", "KT2 I")


def apply(state: KendoState, action: Action) -> tuple[KendoState, tuple[Event, ...]]:
    _check_turn(state, action)
    events: Events = []
    if isinstance(action, OfferBrown):
        state = _offer(state, action, events)
    elif isinstance(action, Play):
        state = _play(state, action, events)
    elif isinstance(action, NoAnswer):
        state = _no_answer(state, events)
    else:
        raise IllegalAction(f"{type(action).__name__} is not an action of Kendo Shiai", "KT2 I")
    return state, tuple(events)


def _offer(state: KendoState, action: OfferBrown, events: Events) -> KendoState:
    seat = action.actor
    if state.offers[seat] is not None:
        raise IllegalAction(f"{state.names[seat]} has already offered a card", "KT2 start")
    if action.card is not None:
        info = kc.card(action.card)
        if info.kind != "brown":
            raise IllegalAction(f"{info.name} is not a brown card: only brown cards carry numbers", "KT2 start")
        allowed = info.numbers or (1, 2, 3, 4, 5)
        if action.number not in allowed:
            shown = ", ".join(map(str, sorted(set(allowed))))
            raise IllegalAction(f"{info.name} cards show {shown}, not {action.number}", "KT2 start")
    elif action.number != 0:
        raise IllegalAction("an offer without a card counts 0", "KT2 start")
    if not state.first_switch_done[seat]:
        events.append(SwitchedAndPicked(seat))
        state = state.evolve(hands=set_seat(state.hands, seat, state.hands[seat] + 1),
                             first_switch_done=set_seat(state.first_switch_done, seat, True))
    events.append(BrownOffered(seat, action.card, action.number))
    offers = set_seat(state.offers, seat, action.number)
    if offers[0] is None or offers[1] is None:
        return state.evolve(offers=offers)
    if offers[0] == offers[1]:
        events.append(OffersTied(offers[0]))
        return state.evolve(offers=(None, None))
    starter = 0 if offers[0] > offers[1] else 1
    events.append(StarterChosen(starter))
    state = _new_round(state.evolve(offers=offers), starter, barred=False)
    # The first switch-and-pick of the game serves the starter's first round.
    return state.evolve(switched=set_seat(state.switched, starter, True),
                        switched_in_round=set_seat(state.switched_in_round, starter, True))


def _play(state: KendoState, action: Play, events: Events) -> KendoState:
    seat = action.actor
    resolution = classify(state, action.cards, action.choice)
    if switch_due(state) and not resolution.skip_switch:
        state = _switch(state, events)
        if state.pending and state.pending.threat is Threat.SEME_BROWN:
            # Having switched, the SEME player can no longer score at once (S5): re-check as a plain answer.
            resolution = classify(state, action.cards, action.choice)
    if state.hands[seat] < len(action.cards):
        raise IllegalAction(f"{state.names[seat]} has only {state.hands[seat]} card(s) in hand", "hand count")
    state = state.evolve(hands=set_seat(state.hands, seat, state.hands[seat] - len(action.cards)),
                         table=(*state.table, (seat, action.cards)), switch_barred=False)
    events.append(CardsPlayed(seat, action.cards, resolution.consequence, resolution.ruling))
    return _resolve(state, seat, resolution, events)


def _resolve(state: KendoState, seat: int, resolution: Resolution, events: Events) -> KendoState:
    other = 1 - seat
    if resolution.effect is Effect.THREAT:
        assert resolution.pending is not None
        return _give_turn(state, other, resolution.pending)
    if resolution.effect is Effect.CONTINUE:
        assert resolution.pending is not None
        return _give_turn(state, seat, resolution.pending)
    if resolution.effect is Effect.END:
        starter = seat if resolution.starter_self else other
        return _end_round(state, starter, resolution.why, resolution.ruling, events,
                          barred=resolution.switch_barred)
    if resolution.effect is Effect.RESTART:
        # Same round, same starter, whose switch-and-pick for it is already done (S5, S6).
        return state.evolve(phase=Phase.START, turn=other, pending=None, table=(), switch_barred=False)
    if resolution.effect is Effect.IPPON:
        return award_ippon(state, seat, resolution.why, resolution.ruling, events)
    return _jikan_desu(state, seat, events)


def _jikan_desu(state: KendoState, seat: int, events: Events) -> KendoState:
    other = 1 - seat
    if state.ippons[other] == 1:
        events.append(JikanDesuCalled(seat, encho=True))
        events.append(EnchoBegan(seat))
        state = state.evolve(hands=(ENCHO_HAND, ENCHO_HAND), hansoku=(0, 0), encho=True, jikan_used=True)
        return _new_round(state, seat, barred=False)
    events.append(JikanDesuCalled(seat, encho=False))
    state = _new_round(state, other, barred=False)
    return state.evolve(jikan_watch=seat)


def _no_answer(state: KendoState, events: Events) -> KendoState:
    seat = state.turn
    if switch_due(state):
        state = _switch(state, events)
    if state.phase is Phase.START:
        return _cannot_start(state, seat, events)
    pending = state.pending
    assert pending is not None
    if pending.threat in (Threat.OSHIDASHI, Threat.MAKI_WAZA):
        what = "stepped out (no KAIHI SURU against OSHIDASHI)" if pending.threat is Threat.OSHIDASHI else \
            "dropped the shinai (no TSUYOI KAMAE against MAKI WAZA)"
        return give_hansoku(state, seat, what, "S4", events)
    if pending.threat is Threat.JODAN:
        state = _lose_cards(state, seat, JODAN_LOSS, "could not neutralise JODAN NO KAMAE", "KT2 I.3k", events)
        return _end_round(state, seat, "JODAN NO KAMAE not neutralised: its victim starts", "KT2 I.3k", events)
    if pending.threat is Threat.FUDOSHIN:
        state = _lose_cards(state, seat, FUDOSHIN_LOSS, "FUDOSHIN: the opponent picked two cards to throw away",
                            "KT2 I.3d", events)
        return _end_round(state, seat, "after FUDOSHIN the opponent starts", "KT2 I.3d", events)
    return award_ippon(state, 1 - seat, f"{state.names[seat]} had no answer", "S3", events)


def _cannot_start(state: KendoState, seat: int, events: Events) -> KendoState:
    if not state.cannot_start_penalised:
        state = give_hansoku(state, seat, "no card to start a round with", "S4", events)
        if state.phase is Phase.OVER:
            return state
    events.append(BrownPickedAndDropped(seat))
    if state.hands[seat] == 0:
        state = state.evolve(hands=set_seat(state.hands, seat, 1))
    return state.evolve(cannot_start_penalised=True)
