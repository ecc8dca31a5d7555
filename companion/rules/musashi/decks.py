"""The three decks and their discard piles, counted (M15): what can be drawn, and from where."""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.kendo_taikai import cards as kc
from companion.rules.model import Event
from companion.rules.musashi.state import COLOURS, DiscardsShuffled, MusashiState

# Whole packs (KT1 contents; S8: the catalog's 35 red cards). JIKAN DESU cards are put aside (KT1 1).
PACKS = {"brown": 25, "red": 35, "green": 46}
HAND = {"brown": 3, "red": 4, "green": 5}  # KT1 2


def initial_decks(players: int, jikan_desu_cards: int) -> tuple[int, int, int]:
    brown, red, green = (PACKS[c] - HAND[c] * players for c in COLOURS)
    return (brown, red, green - jikan_desu_cards)


def colour_of(card_id: str) -> int:
    return COLOURS.index(kc.card(card_id).kind)


def can_draw(state: MusashiState, colour: str) -> bool:
    index = COLOURS.index(colour)
    return state.decks[index] + state.discards[index] > 0


def draw(state: MusashiState, colour: str, events: list[Event]) -> MusashiState:
    """One card off `colour`'s deck; an empty deck first takes its shuffled discards (M15)."""
    index = COLOURS.index(colour)
    decks, discards = list(state.decks), list(state.discards)
    if decks[index] == 0:
        if discards[index] == 0:
            raise IllegalAction(f"the {colour} deck and its discards are empty", "M15")
        events.append(DiscardsShuffled(colour, discards[index]))
        decks[index], discards[index] = discards[index], 0
    decks[index] -= 1
    return state.evolve(decks=(decks[0], decks[1], decks[2]), discards=(discards[0], discards[1], discards[2]))


def put_under(state: MusashiState, colour: str) -> MusashiState:
    """A switched card goes under its own deck (M15)."""
    index = COLOURS.index(colour)
    decks = list(state.decks)
    decks[index] += 1
    return state.evolve(decks=(decks[0], decks[1], decks[2]))


def discard(state: MusashiState, cards: tuple[str, ...]) -> MusashiState:
    """Played cards go to the discard pile beside their own deck (M15)."""
    piles = list(state.discards)
    for card_id in cards:
        piles[colour_of(card_id)] += 1
    return state.evolve(discards=(piles[0], piles[1], piles[2]))
