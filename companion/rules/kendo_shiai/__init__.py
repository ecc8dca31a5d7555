"""Kendo Taikai rule version 2, "Kendo Shiai": two players, two IPPONs win (rulings S1-S8)."""

from __future__ import annotations

from typing import Any

from companion.rules.kendo_shiai import engine, legal, notation
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
from companion.rules.model import (
    ONGOING,
    Action,
    Event,
    LegalResponse,
    MatchDrawn,
    MatchSetup,
    MatchWon,
    OptionSpec,
    Outcome,
)
from companion.rules.registry import register
from companion.rules.ruleset import Ruleset

__all__ = ["RULESET", "KendoShiai", "KendoState", "NoAnswer", "OfferBrown", "Play"]


def describe_pending(pending: Pending | None, names: tuple[str, str]) -> str:
    if pending is None:
        return ""
    by = names[pending.attacker]
    return {
        Threat.ATTACK: f"{by}'s attack on {pending.target}",
        Threat.JODAN: f"{by}'s {pending.target} with JODAN NO KAMAE",
        Threat.SEME: f"{by}'s SEME",
        Threat.SEME_BROWN: f"{by}'s {pending.target} placed on SEME",
        Threat.OSHIDASHI: f"{by}'s OSHIDASHI",
        Threat.MAKI_WAZA: f"{by}'s MAKI WAZA",
        Threat.FUDOSHIN: f"{by}'s FUDOSHIN",
    }[pending.threat]


class KendoShiai(Ruleset[KendoState]):
    id = "kendo-shiai"
    name = "Kendo Taikai: Kendo Shiai (rule version 2)"
    aliases = ("kendo", "shiai", "kendo-taikai-2", "kpc2")
    players_min = 2
    players_max = 2
    sides = ("red", "white")
    catalog_id = kc.CATALOG_ID
    rulebook = "kendo-taikai.txt"
    options = (
        OptionSpec(
            "brown-answers-brown",
            "attacker-starts",
            "Who starts after a brown card answers a brown attack: the attacker (S2) or the answerer.",
            ("attacker-starts", "answerer-starts"),
            "S2",
        ),
    )

    def initial_state(self, setup: MatchSetup) -> KendoState:
        names = (setup.players[0].name, setup.players[1].name)
        starter = "attacker" if self.option(setup, "brown-answers-brown") == "attacker-starts" else "answerer"
        return engine.initial_state(names, starter)

    def to_act(self, state: KendoState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.OFFER:
            return tuple(seat for seat in (0, 1) if state.offers[seat] is None)
        return (state.turn,)

    def legal_responses(self, state: KendoState) -> list[LegalResponse]:
        return legal.legal_responses(state)

    def clear_caches(self) -> None:
        legal.clear_cache()

    def apply(self, state: KendoState, action: Action) -> tuple[KendoState, tuple[Event, ...]]:
        return engine.apply(state, action)

    def outcome(self, state: KendoState) -> Outcome:
        if state.phase is not Phase.OVER or state.winner is None:
            return ONGOING
        return Outcome(True, (state.winner,), False, state.reason)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, actor: int, text: str) -> Action:
        return notation.parse_action(actor, text)

    def summary(self, state: KendoState, setup: MatchSetup) -> dict[str, Any]:
        players = []
        for seat, player in enumerate(setup.players):
            players.append({
                "name": player.name,
                "side": player.side,
                "ippon": state.ippons[seat],
                "hansoku": state.hansoku[seat],
                "hand": state.hands[seat],
            })
        return {
            "ruleset": self.id,
            "players": players,
            "phase": state.phase.value,
            "round": state.round_number,
            "turn": state.names[state.turn] if state.phase in (Phase.START, Phase.ANSWER) else None,
            "to_answer": describe_pending(state.pending, state.names),
            "table": [{"player": state.names[seat], "cards": [notation.card_text(c) for c in cards]}
                      for seat, cards in state.table],
            "encho": state.encho,
            "switch_and_pick_due": engine.switch_due(state),
            "jikan_desu_watch": state.names[state.jikan_watch] if state.jikan_watch is not None else None,
        }

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        names = [p.name for p in setup.players]
        match event:
            case IpponAwarded(seat=seat, reason=reason, ruling=ruling):
                return f"IPPON to {names[seat]}: {reason} [{ruling}]"
            case HansokuGiven(seat=seat, reason=reason, ruling=ruling):
                return f"HANSOKU to {names[seat]}: {reason} [{ruling}]"
            case MatchWon(winners=winners, reason=reason):
                return f"match won by {', '.join(names[s] for s in winners)}: {reason}"
            case MatchDrawn(reason=reason):
                return f"match drawn: {reason}"
            case SwitchedAndPicked(seat=seat):
                return f"{names[seat]} switches one card and picks a red or green card [S6]"
            case BrownOffered(seat=seat, card=card, number=number):
                shown = kc.card(card).name if card else "no card"
                return f"{names[seat]} offers {shown} ({number})"
            case OffersTied(number=number):
                return f"both offered {number}: offer again"
            case StarterChosen(seat=seat):
                return f"{names[seat]} starts the first round"
            case CardsPlayed(seat=seat, cards=cards, effect=effect, ruling=ruling):
                return f"{names[seat]} plays {kc.names(cards)}: {effect} [{ruling}]"
            case ExchangeEnded(starter=starter, reason=reason, ruling=ruling):
                return f"exchange over ({reason}); {names[starter]} starts the next round [{ruling}]"
            case CardsLost(seat=seat, count=count, reason=reason, ruling=ruling):
                return f"{names[seat]} loses {count} card(s): {reason} [{ruling}]"
            case BrownPickedAndDropped(seat=seat):
                return f"{names[seat]} picks a brown card and drops one [S4]"
            case HandsToppedUp(hands=hands):
                return f"hands topped up to {hands[0]} and {hands[1]} cards [S3]"
            case JikanDesuCalled(seat=seat, encho=encho):
                what = "ENCHO follows" if encho else "the opponent has one round to score"
                return f"JIKAN DESU by {names[seat]}: {what} [S7]"
            case EnchoBegan(starter=starter):
                return f"ENCHO: the next IPPON wins; {names[starter]} starts [S7]"
        return event.name


RULESET = register(KendoShiai())
