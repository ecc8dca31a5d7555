"""MACE, the Martial Arts Card Engine: 2-4 fighters on a hex grid, health in the hand (C1-C5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.rules.mace import cards as mc
from companion.rules.mace import engine, legal, notation
from companion.rules.mace.deck_catalog import CATALOG_ID
from companion.rules.mace.describe import describe
from companion.rules.mace.flow import momentum_order
from companion.rules.mace.state import Blast, MaceState, Phase, Strike
from companion.rules.model import (
    ONGOING,
    Action,
    Event,
    Explanation,
    LegalResponse,
    MatchSetup,
    OptionSpec,
    OptionValue,
    Outcome,
)
from companion.rules.registry import register
from companion.rules.ruleset import Ruleset

__all__ = ["RULESET", "Mace", "MaceState"]


class Mace(Ruleset[MaceState]):
    id = "mace"
    name = "MACE: Martial Arts Card Engine"
    aliases = ("martial-arts-card-engine",)
    players_min = 2
    players_max = 4
    catalog_id = CATALOG_ID
    rulebook = "mace.txt"
    handles_forfeit = True
    has_map = True  # moves are chosen on the hex map (C3)
    options = (
        OptionSpec("ring-radius", 0, "The fighting area: 0 for an unbounded hex grid, else a ring of "
                   "this many hexes around the centre (moves and knockback stop at its edge).", (),
                   "C2"),
        OptionSpec("knockback-rounding", "down", "Knockback is the damage divided by two, rounded "
                   "down (C3) or, by the other reading, rounded up.", ("down", "up"), "C3"),
        OptionSpec("start-radius", 2, "Fighters start on the corners of the hex ring this far from "
                   "the centre (MCD2).", (), "MCD2"),
    )

    def check_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        checked = super().check_options(options)
        start = int(checked.get("start-radius", 2))
        ring = int(checked.get("ring-radius", 0))
        engine.check_radii(start, ring)
        return checked

    def initial_state(self, setup: MatchSetup) -> MaceState:
        names = tuple(p.name for p in setup.players)
        return engine.initial_state(names, int(self.option(setup, "start-radius")),
                                    int(self.option(setup, "ring-radius")),
                                    self.option(setup, "knockback-rounding") == "up")

    def to_act(self, state: MaceState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.MOMENTUM:
            return tuple(s for s, f in enumerate(state.fighters)
                         if f.in_combat and f.momentum is None)
        if state.attack is not None:
            return (state.attack.target,)
        if state.between_rounds:
            # At the end of a round any fighter may forfeit (MCD8); the active fighter comes first.
            others = tuple(s for s, f in enumerate(state.fighters) if f.in_combat and s != state.active)
            return (state.active, *others)
        return (state.active,)

    def legal_responses(self, state: MaceState) -> list[LegalResponse]:
        return legal.legal_responses(state)

    def legal_extras(self, state: MaceState) -> dict[str, Any]:
        return legal.legal_extras(state)

    def apply(self, state: MaceState, action: Action) -> tuple[MaceState, tuple[Event, ...]]:
        return engine.apply(state, action)

    def outcome(self, state: MaceState) -> Outcome:
        if state.phase is not Phase.OVER or state.winner is None:
            return ONGOING
        return Outcome(True, (state.winner,), False, state.reason)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, actor: int, text: str) -> Action:
        return notation.parse_action(actor, text)

    def summary(self, state: MaceState, setup: MatchSetup) -> dict[str, Any]:
        revealed = state.phase is not Phase.MOMENTUM
        players = []
        for seat, fighter in enumerate(state.fighters):
            momentum = fighter.momentum
            players.append({
                "name": state.names[seat],
                "hex": list(fighter.hex) if fighter.in_combat else None,
                "hand": fighter.hand,
                "charges": len(fighter.charges),
                "momentum": (mc.code(momentum) if revealed else "face down") if momentum else None,
                "knocked_down": fighter.knocked_down,
                "knocked_out": fighter.out == "knocked out",
                "forfeited": fighter.out == "forfeited",
            })
        attack = state.attack
        return {
            "ruleset": self.id,
            "players": players,
            "phase": state.phase.value,
            "round": state.round_number,
            "momentum_order": [state.names[s] for s in state.order],
            "next_round_order": [state.names[s] for s in momentum_order(state)] if revealed else [],
            "turn": state.names[state.active] if state.phase is not Phase.MOMENTUM
            and state.order and state.phase is not Phase.OVER else None,
            "action_used": state.action_used,
            "boost_used": state.boost_used,
            "to_answer": (f"{state.names[attack.attacker]}'s {attack.kind} ({attack.value})"
                          + (f", {attack.damage} damage to discard" if state.phase is Phase.DAMAGE
                             else "")) if attack else "",
            "deck": state.deck,
            "discard_top": _code(state.discard[-1].card) if state.discard else None,
            "joker_value": state.discard[-1].value if state.discard else 0,
            "ring_radius": state.radius,
        }

    def explain(self, state: MaceState, action: Action) -> Explanation:
        """As the core's, with a target written 'ben' or 'P2' matched to the listed 'Ben'."""
        if isinstance(action, Strike | Blast):
            seat = state.seat_of(action.target)
            if seat is not None:
                action = replace(action, target=state.names[seat])
        return super().explain(state, action)

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        return describe(event, tuple(p.name for p in setup.players))


def _code(card_id: str | None) -> str:
    """A card's code; a Charge never named (MCD14) shows as face down, never as a card."""
    return mc.code(card_id) if card_id is not None else "face down"


RULESET = Mace()
register(RULESET)
