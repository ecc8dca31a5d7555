"""Martial Arts: The Trading Card Game: owner-built decks, 30 health, combos and counters (rulings T1-T27).

Play modes are rules options of this one ruleset (ARCHITECTURE "Growing it"): `mode = normal |
anything-goes | two-on-two | army-of-one`, read in `initial_state` (seating.py) and in the few places
that differ (modes.py: whose turn follows, draws, who defends, whom a card names, who has won).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from companion.rules.errors import CatalogError, IllegalAction, InvalidSetup
from companion.rules.files import assets_dir
from companion.rules.martial_arts_tcg import engine, legal, notation
from companion.rules.martial_arts_tcg.cards import Deck, check_deck
from companion.rules.martial_arts_tcg.deck_toml import deck_from_toml, deck_to_toml, load_deck
from companion.rules.martial_arts_tcg.describe import describe_event, summary
from companion.rules.martial_arts_tcg.seating import (
    SEATS_MAX,
    Goal,
    Mode,
    Rules,
    check_seat_count,
    fill_team_names,
    mode_of,
    teams_of,
)
from companion.rules.martial_arts_tcg.state import Adjust, MatState, Phase
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
    PlayerSpec,
)
from companion.rules.registry import register
from companion.rules.ruleset import Ruleset

__all__ = ["RULESET", "MartialArtsTcg", "MatState", "deck_option", "example_deck"]

EXAMPLE_DECKS = ("martial-arts-tcg-tiger.toml", "martial-arts-tcg-crane.toml")

if TYPE_CHECKING:  # a replay needs no catalog model (pydantic); the picker's catalog is built on demand
    from companion.rules.catalog import Catalog


def deck_option(seat: int) -> str:
    return f"deck-{seat + 1}"


@lru_cache(maxsize=4)
def example_deck(seat: int) -> Deck:
    """The shipped example deck a seat plays when its player brings none (made-up cards, assets/decks/):
    Tiger and Crane by turns, so teams and Enemies may share a deck (MTD18)."""
    return load_deck(assets_dir() / "decks" / EXAMPLE_DECKS[seat % len(EXAMPLE_DECKS)])


def read_deck_option(name: str, value: str, *, anything_goes: bool) -> str:
    """A deck option's value checked (T6, T26) and made canonical: the text the record embeds (MTD1)."""
    try:
        deck = deck_from_toml(value, name)
    except CatalogError as error:
        raise InvalidSetup(f"option {name}: {error}") from None
    problems = check_deck(deck, anything_goes=anything_goes)
    if problems:
        raise InvalidSetup(f"option {name}: deck {deck.name!r}: " + "; ".join(str(p) for p in problems))
    return deck_to_toml(deck)


class MartialArtsTcg(Ruleset[MatState]):
    id = "martial-arts-tcg"
    name = "Martial Arts: The Trading Card Game"
    aliases = ("matcg", "ma-tcg", "martial-arts-the-trading-card-game")
    players_min = 2
    players_max = SEATS_MAX
    teams = True
    handles_forfeit = True  # a forfeit concedes for the player's side, not for his teammate's (MTD25)
    rulebook = "martial-arts-tcg.txt"
    options = (
        OptionSpec("mode", "normal", "Normal play (2 players); Anything Goes: the Weapon and Illegal Move cards of "
                   "each sideboard join the deck (T6, T26); Two-on-Two: 4 players in 2 teams (T9); Army of One: "
                   "a Hero against 2 to 9 Enemies (T10).", tuple(mode.value for mode in Mode), "T9"),
        OptionSpec("anything-goes", False, "Anything Goes in a Two-on-Two or an Army of One: the sideboards join the "
                   "decks (T6, T26; with two players, mode anything-goes).", (), "T26"),
        OptionSpec("goal", Goal.LEADER.value, "Army of One: the Hero wins by defeating the leader, or all the "
                   "Enemies (T10).", tuple(goal.value for goal in Goal), "T10"),
        OptionSpec("cpt-at-least-lnk-on-attack", False, "The printed reading of linking: an attack's follow-up "
                   "needs CPT at least the previous card's LNK (by default at most, as for counters, T2).",
                   (), "T2"),
        *(OptionSpec(deck_option(seat), "", f"Player {seat + 1}'s deck file (T7), carried in the record as a "
                     "content block; empty: the shipped example deck.", (), "T6", embedded=True)
          for seat in range(SEATS_MAX)),
    )

    def check_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        checked = super().check_options(options)
        anything_goes = _anything_goes(checked)
        for seat in range(SEATS_MAX):
            name = deck_option(seat)
            if checked.get(name):
                checked[name] = read_deck_option(name, str(checked[name]), anything_goes=anything_goes)
        return checked

    def make_setup(self, players: Sequence[PlayerSpec | str], options: Mapping[str, OptionValue] | None = None,
                   seed: int | None = None, date: str | None = None, rules: int | None = None) -> MatchSetup:
        """As every ruleset's, with each seat's deck filled in (the example deck when none is given), so the
        setup, and the record written from it, always carries both decks' content."""
        requested = str((options or {}).get("mode", Mode.NORMAL.value))
        if requested in tuple(Mode):  # the count each mode is played by, before the ruleset's 2 to 10 (T9, T10)
            check_seat_count(Mode(requested), len(players))
        setup = super().make_setup(players, options, seed, date, rules)
        chosen = dict(setup.options)
        mode = mode_of(chosen.get("mode", Mode.NORMAL.value))
        labels = fill_team_names(mode, tuple(player.team for player in setup.players))
        if mode in (Mode.NORMAL, Mode.ANYTHING_GOES) and any(labels):
            raise InvalidSetup("two players are not teams: teams are for mode two-on-two (T9) or army-of-one (T10)")
        specs = tuple(PlayerSpec(player.name, player.side, label) for player, label in zip(setup.players, labels,
                                                                                           strict=True))
        anything_goes = _anything_goes(chosen)
        for seat in range(SEATS_MAX):
            name = deck_option(seat)
            if seat >= len(setup.players) and chosen.get(name):
                raise InvalidSetup(f"option {name}: there is no player {seat + 1}")
            if seat < len(setup.players) and not chosen.get(name):
                chosen[name] = read_deck_option(name, deck_to_toml(example_deck(seat)), anything_goes=anything_goes)
        return MatchSetup(setup.ruleset, specs, tuple(sorted(chosen.items())), setup.seed, setup.date, setup.rules)

    def card_catalog(self, setup: MatchSetup, seat: int) -> Catalog | None:
        """A player's own deck (T6): its tags name its cards, and the picker lists them."""
        from companion.rules.martial_arts_tcg.deck_catalog import deck_catalog

        decks = self.decks(setup)
        return deck_catalog(decks[seat]) if 0 <= seat < len(decks) else None

    def decks(self, setup: MatchSetup) -> tuple[Deck, ...]:
        found = []
        for seat in range(len(setup.players)):
            text = str(setup.option(deck_option(seat), ""))
            found.append(deck_from_toml(text, deck_option(seat)) if text else example_deck(seat))
        return tuple(found)

    def initial_state(self, setup: MatchSetup) -> MatState:
        mode = mode_of(self.option(setup, "mode"))
        check_seat_count(mode, len(setup.players))  # a setup made by hand, not by make_setup
        rules = Rules(anything_goes=_anything_goes(setup.option_map),
                      cpt_at_least_lnk=bool(self.option(setup, "cpt-at-least-lnk-on-attack")),
                      mode=mode, goal=Goal(str(self.option(setup, "goal"))),
                      teams=teams_of(mode, len(setup.players)))
        return engine.initial_state(tuple(p.name for p in setup.players), self.decks(setup), rules)

    def to_act(self, state: MatState) -> tuple[int, ...]:
        return engine.to_act(state)

    def legal_responses(self, state: MatState) -> list[LegalResponse]:
        return legal.legal_responses(state)

    def apply(self, state: MatState, action: Action) -> tuple[MatState, tuple[Event, ...]]:
        return engine.apply(state, action)

    def outcome(self, state: MatState) -> Outcome:
        if state.phase is not Phase.OVER:
            return ONGOING
        if state.drawn:
            return Outcome(True, (), True, state.reason)
        return Outcome(True, state.winners, False, state.reason)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, actor: int, text: str) -> Action:
        return notation.parse_action(actor, text)

    def summary(self, state: MatState, setup: MatchSetup) -> dict[str, Any]:
        return {"ruleset": self.id, **summary(state)}

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        return describe_event(event, [p.name for p in setup.players])

    def explain(self, state: MatState, action: Action) -> Explanation:
        if isinstance(action, Adjust):
            try:
                engine.apply(state, action)
            except IllegalAction as error:
                return Explanation(False, error.ruling, error.reason)
            return Explanation(True, "T7", "the referee applies card text the program cannot read, naming the "
                               "card that causes it (T7)")
        return super().explain(state, action)

    def legal_extras(self, state: MatState) -> dict[str, Any]:
        table = legal.damage_table(state)
        return {"damage_through": table} if table else {}

    def legal_extras_lines(self, state: MatState) -> list[str]:
        table = legal.damage_table(state)
        if not table:
            return []
        seat = state.attack.target if state.attack is not None else 0
        lines = [f"damage through for {state.names[seat]}, each card of his deck (T1):"]
        for row in table:
            held = "" if row["may_be_in_hand"] else " (none left)"
            lines.append(f"  {row['card']} ({row['kind']}, DEF {row['def']}): {row['damage']}, counter CPT <= "
                         f"{row['counter_cpt']}{held}")
        return lines


def _anything_goes(options: Mapping[str, OptionValue]) -> bool:
    """Anything Goes (T26): mode anything-goes with two players, the option anything-goes with more."""
    return options.get("mode", Mode.NORMAL.value) == Mode.ANYTHING_GOES.value or options.get("anything-goes") is True


RULESET = register(MartialArtsTcg())
