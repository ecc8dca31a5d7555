"""Musashi's Challenge's transitions: `apply` for every action; never mutates, raises IllegalAction."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.errors import IllegalAction
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Action, Event, Forfeit
from companion.rules.musashi import decks, flow
from companion.rules.musashi.flow import Events, set_at
from companion.rules.musashi.plays import Effect, Reaction, classify
from companion.rules.musashi.setup import declare_sum, declare_switches
from companion.rules.musashi.state import (
    COLOURS,
    AnswerMissing,
    Attack,
    Barred,
    BonusDrawn,
    CardsPlayed,
    CardsPulled,
    Kind,
    MusashiState,
    NoAnswer,
    NoAttack,
    PendingPull,
    Phase,
    Play,
    Pull,
    SwitchedForBrown,
    SwitchForBrown,
    TakeBonus,
)
from companion.rules.musashi.targets import MANY, resolve_target

HAND_AT_START = 12  # 3 brown, 4 red, 5 green (KT1 2)

def initial_state(names: tuple[str, ...], *, strengthening_travels: bool, brown_answers: bool,
                  jikan_desu_cards: int) -> MusashiState:
    count = len(names)
    return MusashiState(names=names, phase=Phase.SWITCH, hands=(HAND_AT_START,) * count,
                        decks=decks.initial_decks(count, jikan_desu_cards), switches=(None,) * count,
                        sums=(None,) * count, last_attacker=(None,) * count,
                        strengthening_travels=strengthening_travels, brown_answers=brown_answers)


def to_act(state: MusashiState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.SWITCH:
        return tuple(seat for seat, count in enumerate(state.switches) if count is None)
    if state.phase is Phase.SUMS:
        return tuple(seat for seat in state.to_declare if state.sums[seat] is None)
    return (state.turn,)


def apply(state: MusashiState, action: Action) -> tuple[MusashiState, tuple[Event, ...]]:
    events: Events = []
    if state.phase is Phase.OVER:
        raise IllegalAction("the game is over", "KT1 8")
    if isinstance(action, Forfeit):
        return _forfeit(state, action, events), tuple(events)
    if state.phase is Phase.SWITCH:
        return declare_switches(state, action, events), tuple(events)
    if state.phase is Phase.SUMS:
        return declare_sum(state, action, events), tuple(events)
    if action.actor != state.turn:
        raise IllegalAction(f"it is {state.names[state.turn]}'s turn to {_doing(state)}", "KT1 6")
    if isinstance(action, Play) and state.phase in (Phase.ATTACK, Phase.ANSWER):
        state = _play(state, action, events)
    elif isinstance(action, NoAnswer) and state.phase is Phase.ANSWER:
        state = _no_answer(state, events)
    elif isinstance(action, Pull) and state.phase is Phase.PULL:
        state = _pull(state, action, events)
    elif isinstance(action, SwitchForBrown) and state.phase is Phase.ATTACK:
        state = _switch_for_brown(state, action, events)
    elif isinstance(action, NoAttack) and state.phase is Phase.ATTACK:
        state = _no_attack(state, events)
    elif isinstance(action, TakeBonus) and state.phase is Phase.BONUS:
        state = _bonus(state, action, events)
    else:
        raise IllegalAction(f"{state.names[state.turn]} is to {_doing(state)} now", _PHASE_RULING[state.phase])
    return state, tuple(events)


_PHASE_RULING = {Phase.ATTACK: "KT1 5", Phase.ANSWER: "KT1 6", Phase.PULL: "M2", Phase.BONUS: "KT1 8"}


def _doing(state: MusashiState) -> str:
    if state.phase is Phase.ATTACK:
        return "start an attack"
    if state.phase is Phase.PULL:
        return "pull cards"
    if state.phase is Phase.BONUS:
        return "draw the bonus card (or none)"
    return "answer"


def _forfeit(state: MusashiState, action: Action, events: Events) -> MusashiState:
    if state.phase in (Phase.SWITCH, Phase.SUMS):
        raise IllegalAction("a player leaves once the first attack is due, when it is his turn", "MSD12")
    if action.actor != state.turn:
        raise IllegalAction(f"a player leaves when it is his turn; now it is {state.names[state.turn]}'s", "MSD12")
    return flow.drop_out(state, action.actor, "forfeited", "MSD12", events)


def _play(state: MusashiState, action: Play, events: Events) -> MusashiState:
    seat = action.actor
    cards = kc.canonical(action.cards)
    attack = state.attack if state.phase is Phase.ANSWER else None
    reaction = classify(attack, cards, brown_answers=state.brown_answers,
                        strengthening_travels=state.strengthening_travels)
    target = resolve_target(state, seat, reaction, action.target)
    if state.hands[seat] < len(cards):
        raise IllegalAction(f"{state.names[seat]} holds only {state.hands[seat]} card(s)", "M1")
    state = decks.discard(state, cards).evolve(hands=set_at(state.hands, seat, state.hands[seat] - len(cards)),
                                               table=(*state.table, (seat, cards)))
    events.append(CardsPlayed(seat, cards, target, reaction.why, reaction.ruling))
    return _resolve(state, seat, reaction, target, events)


def _resolve(state: MusashiState, seat: int, reaction: Reaction, target: int | None,
             events: Events) -> MusashiState:
    attack = state.attack
    if reaction.aims:
        assert target is not None and reaction.kind is not None
        follows = Attack(seat, target, reaction.kind, reaction.target, reaction.strengthening)
        if reaction.effect is Effect.ATTACK:
            state = state.evolve(table=state.table[-1:])
        return state.evolve(phase=Phase.ANSWER, turn=target, attack=follows, barred=None,
                            last_attacker=set_at(state.last_attacker, target, seat))
    assert attack is not None
    if reaction.effect is Effect.NEUTRALISE:
        return state.evolve(attack=replace(attack, strengthening=None))
    if reaction.effect is Effect.BROWN:
        return flow.name_attacker(state, attack.attacker, "a brown card answered his attack: he attacks again",
                                  "M12", events)
    if reaction.effect is Effect.BLOCK and state.hands[seat] == 0:
        return flow.hiki_wake(state, seat, events)
    barred = Barred(attack.attacker, f"{state.names[attack.attacker]} attacked you: with 4-6 players in, the "
                    "attacked player does not attack straight back", "KT1 10")
    ruling = "M8" if reaction.effect is Effect.STOP else "M3"
    return flow.name_attacker(state, seat, "the player who stopped the attack attacks next", ruling, events,
                              barred)


def _no_answer(state: MusashiState, events: Events) -> MusashiState:
    seat = state.turn
    attack = state.attack
    assert attack is not None
    resume = None
    if attack.strengthening is not None:
        owed, what = 1, f"the {kc.card(attack.strengthening).name}"
        resume = replace(attack, strengthening=None)
    elif attack.kind is Kind.BASIC:
        owed, what = 2, f"the basic attack on {attack.target}"
    else:
        owed, what = 1, "OSHIDASHI" if attack.kind is Kind.OSHIDASHI else "MAKI WAZA"
    events.append(AnswerMissing(seat, owed, "M2"))
    if state.hands[seat] == 0:
        return flow.drop_out(state, seat, f"no answer to {what} and no card to give", "M7", events)
    pull = PendingPull(attack.attacker, seat, owed, f"{what} went unanswered", "M2", resume)
    return state.evolve(phase=Phase.PULL, turn=attack.attacker, pull=pull)


def pull_due(state: MusashiState) -> int:
    pull = state.pull
    assert pull is not None
    return min(pull.owed, state.hands[pull.giver])


def _pull(state: MusashiState, action: Pull, events: Events) -> MusashiState:
    pull = state.pull
    assert pull is not None
    giver, held = pull.giver, state.hands[pull.giver]
    due = pull_due(state)
    if action.count > held:
        raise IllegalAction(f"{state.names[giver]} holds only {held} card(s): pull {held}, and he is out", "M7")
    if action.count != due:
        raise IllegalAction(f"{pull.reason}: that costs {pull.owed} card(s); pull {due}", "M2")
    if action.cards and len(action.cards) != action.count:
        raise IllegalAction(f"name all {action.count} pulled cards or none", "M2")
    for card_id in action.cards:
        if card_id == kc.JIKAN_DESU or kc.card(card_id).kind == "marker":
            raise IllegalAction(f"{kc.card(card_id).name} is not in play in Musashi's Challenge", "KT1 1")
    hands = set_at(state.hands, giver, held - due)
    hands = set_at(hands, pull.taker, hands[pull.taker] + due)
    events.append(CardsPulled(pull.taker, giver, due, action.cards, pull.ruling))
    state = state.evolve(hands=hands, pull=None)
    if held < pull.owed:
        return flow.drop_out(state, giver, f"owed {pull.owed} card(s) and held only {held}", "M7", events)
    if pull.resume is not None:
        return state.evolve(phase=Phase.ANSWER, turn=giver, attack=pull.resume)
    if len(state.players_in) < MANY:
        return flow.name_attacker(state, giver, "with 2-3 players the player who lost cards attacks next", "KT1 7",
                                  events)
    barred = Barred(giver, f"you just took cards from {state.names[giver]}", "KT1 7")
    return flow.name_attacker(state, pull.taker, "with 4-6 players the player who got cards attacks next",
                              "KT1 7", events, barred)


def _switch_for_brown(state: MusashiState, action: SwitchForBrown, events: Events) -> MusashiState:
    if state.switched_for_brown:
        raise IllegalAction("one card is switched for a brown card, once: attack with it", "KT1 9")
    if action.colour not in COLOURS[1:]:
        raise IllegalAction("a player with a brown card attacks with it: switch a red or green card", "KT1 9")
    if not decks.can_draw(state, "brown"):
        raise IllegalAction("no brown card is left to draw, not even among the discards: declare no attack", "M15")
    seat = action.actor
    state = decks.put_under(state, action.colour)
    state = decks.draw(state, "brown", events)
    events.append(SwitchedForBrown(seat, action.colour))
    return state.evolve(switched_for_brown=True)


def _no_attack(state: MusashiState, events: Events) -> MusashiState:
    if state.switched_for_brown:
        raise IllegalAction("you hold the brown card you switched for: attack with it", "KT1 9")
    if decks.can_draw(state, "brown"):
        raise IllegalAction("switch one card for a brown card first, e.g. 'switch red for brown'", "KT1 9")
    return flow.drop_out(state, state.turn, "no card to start an attack, and no brown card left to switch for",
                         "M15", events)


def _bonus(state: MusashiState, action: TakeBonus, events: Events) -> MusashiState:
    seat = action.actor
    if action.deck is not None:
        if action.deck not in COLOURS:
            raise IllegalAction(f"the bonus card comes from the brown, red or green deck, not {action.deck!r}",
                                "KT1 8")
        if not decks.can_draw(state, action.deck):
            raise IllegalAction(f"the {action.deck} deck and its discards are empty: take another deck or none",
                                "M15")
        state = decks.draw(state, action.deck, events)
        state = state.evolve(hands=set_at(state.hands, seat, state.hands[seat] + 1))
    events.append(BonusDrawn(seat, action.deck))
    return flow.after_bonus(state, events)
