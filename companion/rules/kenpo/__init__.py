"""Ancient Arts: Kenpo Masters: two fighters on a 3x3 ring, first to 20 points (rulings K1-K9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.rules import content
from companion.rules.kenpo import engine, legal, notation, questions
from companion.rules.kenpo.cards import CATALOG_ID, is_owner_values_text, kenpo_cards, owner_values_content
from companion.rules.kenpo.geometry import SIDES
from companion.rules.kenpo.state import (
    BreakCalled,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    EndTurn,
    FightersReset,
    KenpoState,
    Moved,
    Phase,
    PlayCard,
    PointsScored,
    Rest,
    Rested,
    StarterChosen,
    Starts,
    TurnPassed,
)
from companion.rules.model import (
    ONGOING,
    Action,
    Event,
    HandEntry,
    LegalResponse,
    MatchDrawn,
    MatchSetup,
    MatchWon,
    OptionSpec,
    OptionValue,
    Outcome,
    PlayerSpec,
)
from companion.rules.registry import register
from companion.rules.ruleset import Ruleset

__all__ = ["RULESET", "EndTurn", "KenpoMasters", "KenpoState", "PlayCard", "Rest", "Starts"]


class KenpoMasters(Ruleset[KenpoState]):
    id = "kenpo-masters"
    name = "Ancient Arts: Kenpo Masters"
    aliases = ("kenpo", "ancient-arts")
    players_min = 2
    players_max = 2
    sides = SIDES
    catalog_id = CATALOG_ID
    rulebook = "kenpo-masters.txt"
    revision = 2
    revisions = (
        "the rules as first refereed; owner values named by the path of their file",
        "owner values carried inside the match (a content block in its record, KPD15): the same on any machine",
    )
    options = (
        OptionSpec(
            "owner-values",
            "",
            "An owner's file of the card values the rulebook does not print (K9); empty: none. "
            "A path, or a file name in assets/owner-values/; the match carries its content (KPD15).",
            (),
            "K9",
            embedded=True,
            embedded_since=2,
        ),
        OptionSpec(
            "jab-doubling",
            "after-bonus",
            "When the Jab doubles (comboed on a blocked kick): after its movement bonus (K9) or before it.",
            ("after-bonus", "before-bonus"),
            "K9",
        ),
        OptionSpec(
            "break-no-rest",
            "both",
            "Who may not rest on his first turn after a Break: both players (K4) or only the next player.",
            ("both", "next-player"),
            "K4",
        ),
    )

    def make_setup(self, players: Sequence[PlayerSpec | str], options: Mapping[str, OptionValue] | None = None,
                   seed: int | None = None, date: str | None = None, rules: int | None = None) -> MatchSetup:
        """As every ruleset's; from revision 2 a named owner-values file is read once, here, and the match
        carries its text (KPD15), so it replays the same on a machine that never had the file."""
        setup = super().make_setup(players, options, seed, date, rules)
        chosen = dict(setup.options)
        named = str(chosen.get("owner-values", ""))
        if setup.rules < 2 or not named:
            return setup
        chosen["owner-values"] = owner_values_content(named)
        return replace(setup, options=tuple(sorted(chosen.items())))

    def initial_state(self, setup: MatchSetup) -> KenpoState:
        names = (setup.players[0].name, setup.players[1].name)
        sides = (setup.players[0].side or SIDES[0], setup.players[1].side or SIDES[1])
        return engine.initial_state(
            names, sides, str(self.option(setup, "owner-values")),
            double_before_bonus=self.option(setup, "jab-doubling") == "before-bonus",
            break_bars_both=self.option(setup, "break-no-rest") == "both",
        )

    def to_act(self, state: KenpoState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.SETUP:
            return (0, 1)
        return (state.turn,)

    def legal_responses(self, state: KenpoState) -> list[LegalResponse]:
        return legal.legal_responses(state)

    def apply(self, state: KenpoState, action: Action) -> tuple[KenpoState, tuple[Event, ...]]:
        return engine.apply(state, action)

    def outcome(self, state: KenpoState) -> Outcome:
        if state.phase is not Phase.OVER:
            return ONGOING
        if state.draw:
            return Outcome(True, (), True, state.reason)
        assert state.winner is not None
        return Outcome(True, (state.winner,), False, state.reason)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, actor: int, text: str) -> Action:
        return notation.parse_action(actor, text)

    def hand_entry(self, state: KenpoState, setup: MatchSetup, action: Action) -> HandEntry | None:
        return questions.hand_entry(state, setup, action)

    def legal_extras(self, state: KenpoState) -> dict[str, Any]:
        return {"threat_map": legal.threat_map(state), "play": legal.card_table(state)}

    def legal_extras_lines(self, state: KenpoState) -> list[str]:
        return legal.threat_map_lines(legal.threat_map(state))

    def summary(self, state: KenpoState, setup: MatchSetup) -> dict[str, Any]:
        cards = kenpo_cards(state.owner_values)
        players = []
        for seat, player in enumerate(setup.players):
            players.append({
                "name": player.name,
                "side": state.sides[seat],
                "points": state.scores[seat],
                "square": list(state.squares[seat]),
                "hand": state.hands[seat],
                "deck": state.decks[seat],
                "discards": state.discards[seat],
            })

        def table(cards_: tuple[Any, ...]) -> list[dict[str, Any]]:
            return [{"player": state.names[p.seat], "card": cards[p.card].name, "move": p.move,
                     "mirrored": p.mirrored} for p in cards_]

        may_rest = state.phase is Phase.TURN and engine.rest_problem(state, state.turn) is None
        return {
            "ruleset": self.id,
            "players": players,
            "phase": state.phase.value,
            "turn": state.names[state.turn] if state.phase not in (Phase.SETUP, Phase.OVER) else None,
            "pending": table(state.pending),
            "played": table(state.played),
            "moves_made": list(state.moves_made),
            "may_rest": may_rest,
            # Carried values are named by their hash, as in the record (KPD15): the text is in the setup.
            "owner_values": (content.reference(state.owner_values) if is_owner_values_text(state.owner_values)
                             else state.owner_values or None),
        }

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        names = [p.name for p in setup.players]
        cards = kenpo_cards()
        match event:
            case StarterChosen(seat=seat):
                return f"{names[seat]} takes the first turn"
            case CardPlayed(seat=seat, card=card, move=move, note=note, ruling=ruling):
                moving = f", moving {move}" if move else ""
                return f"{names[seat]} plays {cards[card].name}{moving}: {note} [{ruling}]"
            case Moved(seat=seat, move=move, square=square):
                return f"{names[seat]} steps {move} to {square}"
            case BreakCalled(reason=reason, ruling=ruling):
                return f"BREAK: {reason}; every card resolves at once [{ruling}]"
            case PointsScored(seat=seat, points=points, card=card, detail=detail, by_hand=by_hand, ruling=ruling):
                if by_hand:
                    return f"{names[seat]} scores {points} with {cards[card].name}, points entered by hand [K9]"
                return f"{names[seat]} scores {points} with {cards[card].name} ({detail}) [{ruling}]"
            case Rested(seat=seat, drawn=drawn, forced=forced):
                why = "no card in hand, so he must rest" if forced else "rests"
                return f"{names[seat]} {why}, drawing {drawn} [K7]"
            case CardsDrawn(seat=seat, count=count, reason=reason):
                return f"{names[seat]} draws {count}: {reason}"
            case DeckReshuffled(seat=seat, cards=count):
                return f"{names[seat]}'s deck is empty: {count} discards shuffled into a new deck [K7]"
            case FightersReset():
                return "both fighters return to their start squares [K4]"
            case TurnPassed(seat=seat):
                return f"{names[seat]} to play"
            case MatchWon(winners=winners, reason=reason, ruling=ruling):
                return f"match won by {', '.join(names[s] for s in winners)}: {reason} [{ruling}]"
            case MatchDrawn(reason=reason, ruling=ruling):
                return f"match drawn: {reason} [{ruling}]"
        return event.name


RULESET = register(KenpoMasters())
