"""Kendo Taikai rule version 1, "Musashi's Challenge": 2-6 players, the last one standing wins (M1-M17)."""

from __future__ import annotations

from typing import Any

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
from companion.rules.musashi import engine, legal, notation
from companion.rules.musashi.describe import describe_event, summary
from companion.rules.musashi.flow import places
from companion.rules.musashi.state import (
    DeclareSum,
    MusashiState,
    NoAnswer,
    Phase,
    Play,
    Pull,
    SwitchBeforeGame,
    TakeBonus,
)
from companion.rules.registry import register
from companion.rules.ruleset import Ruleset

__all__ = ["RULESET", "Musashi", "MusashiState", "NoAnswer", "Play"]

JIKAN_DESU_MAX = 16  # 46 green cards, 30 of them dealt to six players (KT1 2)


class Musashi(Ruleset[MusashiState]):
    id = "musashi"
    name = "Kendo Taikai: Musashi's Challenge (rule version 1)"
    aliases = ("kendo-musashi", "musashi-challenge", "musashis-challenge", "kendo-taikai-1", "kpc1")
    players_min = 2
    players_max = 6
    catalog_id = kc.CATALOG_ID
    rulebook = "kendo-taikai.txt"
    handles_forfeit = True
    options = (
        OptionSpec("strengthening-travels", False, "KAIHI SURU and TSUYOI KAMAE pass a strengthened attack on "
                   "with its SEME or JODAN NO KAMAE (the other reading of M10; by default they neutralise it and "
                   "pass the basic attack on alone).", (), "M10"),
        OptionSpec("brown-answers", False, "An appropriate brown card answers a basic attack as in rule version 2, "
                   "and its attacker attacks again (M12; by default brown cards only start attacks).", (), "M12"),
        OptionSpec("jikan-desu-cards", 0, "How many JIKAN DESU cards the owner's green pack holds: they are put "
                   "aside (KT1 1), so the green deck counts 46 minus these (MSD3).",
                   tuple(range(JIKAN_DESU_MAX + 1)), "MSD3"),
    )

    def initial_state(self, setup: MatchSetup) -> MusashiState:
        return engine.initial_state(
            tuple(p.name for p in setup.players),
            strengthening_travels=bool(self.option(setup, "strengthening-travels")),
            brown_answers=bool(self.option(setup, "brown-answers")),
            jikan_desu_cards=int(self.option(setup, "jikan-desu-cards")),
        )

    def to_act(self, state: MusashiState) -> tuple[int, ...]:
        return engine.to_act(state)

    def legal_responses(self, state: MusashiState) -> list[LegalResponse]:
        return legal.legal_responses(state)

    def clear_caches(self) -> None:
        legal.clear_cache()

    def apply(self, state: MusashiState, action: Action) -> tuple[MusashiState, tuple[Event, ...]]:
        return engine.apply(state, action)

    def outcome(self, state: MusashiState) -> Outcome:
        if state.phase is not Phase.OVER:
            return ONGOING
        winners = (state.winner,) if state.winner is not None else ()
        return Outcome(True, winners, state.drawn, state.reason, places(state))

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, actor: int, text: str) -> Action:
        return notation.parse_action(actor, text)

    def summary(self, state: MusashiState, setup: MatchSetup) -> dict[str, Any]:
        return {"ruleset": self.id, **summary(state)}

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        names = [p.name for p in setup.players]
        match event:
            case MatchWon(winners=winners, reason=reason):
                return f"game won by {', '.join(names[s] for s in winners)}: {reason}"
            case MatchDrawn(reason=reason, ruling=ruling):
                return f"game drawn: {reason} [{ruling}]"
        return describe_event(event, names)

    def action_words(self, state: MusashiState, setup: MatchSetup, action: Action) -> str | None:
        names = [p.name for p in setup.players]
        match action:
            case Pull(actor=taker, count=count) if state.pull is not None:
                plural = "s" if count != 1 else ""
                return f"{names[taker]} takes {count} card{plural} from {names[state.pull.giver]} (blind)"
            case TakeBonus(actor=seat, deck=deck):
                return f"{names[seat]} draws the bonus card ({deck})" if deck else f"{names[seat]}: no bonus card"
            case SwitchBeforeGame(actor=seat, count=count):
                return f"{names[seat]} switched {count} card{'s' if count != 1 else ''}"
            case DeclareSum(actor=seat, total=total):
                return f"{names[seat]}'s brown cards add up to {total}"
        return None

    def legal_extras(self, state: MusashiState) -> dict[str, Any]:
        notes = legal.target_notes(state)
        if not notes:
            return {}
        return {"targets": [{"player": state.names[seat], "allowed": allowed, "why": why, "ruling": ruling}
                            for seat, allowed, why, ruling in notes]}

    def legal_extras_lines(self, state: MusashiState) -> list[str]:
        notes = legal.target_notes(state)
        if not notes:
            return []
        lines = [f"targets for {state.names[state.turn]}:"]
        for seat, allowed, why, ruling in notes:
            lines.append(f"  {state.names[seat]}: {'yes' if allowed else 'no'}, {why} [{ruling}]")
        return lines


RULESET = register(Musashi())
