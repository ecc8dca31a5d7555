"""What a tournament is made of: its setup, its pairings, the results that settle them (T11, T25).

Pure data (standard library only, like the rules core): the bracket and round-robin modules compute
everything else from a setup and its results, so a tournament replays and undoes like a match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.rules.errors import RulesError
from companion.rules.model import OptionValue, PlayerSpec
from companion.rules.registry import get_ruleset
from companion.rules.text import hidden_character

Format = Literal["bracket", "round-robin"]
FORMATS: tuple[Format, ...] = ("bracket", "round-robin")
PLAYERS_MIN = 2
PLAYERS_MAX: dict[str, int] = {"bracket": 20, "round-robin": 10}  # T11
NAME_MAX = 100

Outcome = Literal["a", "b", "draw"]
WIN_A: Literal["a"] = "a"  # the pairing's first player won
WIN_B: Literal["b"] = "b"
DRAW: Literal["draw"] = "draw"


class TournamentError(RulesError):
    """A tournament that cannot be made, or a result it cannot take; the message says which and why."""


@dataclass(frozen=True)
class TournamentSetup:
    """Everything fixed when the tournament is made. `players` are in seed order (1 first): a drawn
    seeding is drawn once, at creation, and kept as this order, so replaying never draws again."""

    name: str
    ruleset: str
    format: Format
    players: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...] = ()
    drawn: bool = False  # the order came from a random draw (recorded), not the order given
    seed: int | None = None

    @property
    def option_map(self) -> dict[str, OptionValue]:
        return dict(self.options)


def make_setup(name: str, ruleset: str, format: str, players: list[str], *,
               options: dict[str, OptionValue] | None = None, drawn: bool = False,
               seed: int | None = None) -> TournamentSetup:
    """A checked setup; TournamentError naming the problem (T11's sizes, a name given twice)."""
    if format not in FORMATS:
        raise TournamentError(f"format {format!r} is not one of {', '.join(FORMATS)}")
    cleaned = [player.strip() for player in players]
    most = PLAYERS_MAX[format]
    if not PLAYERS_MIN <= len(cleaned) <= most:
        raise TournamentError(f"a {format} takes {PLAYERS_MIN} to {most} players, not {len(cleaned)} (T11)")
    seen: set[str] = set()
    for player in cleaned:
        if not player or len(player) > NAME_MAX:
            raise TournamentError(f"player name {player[:40]!r} must be 1 to {NAME_MAX} characters")
        if (hidden := hidden_character(player)) is not None:
            raise TournamentError(f"player name {player[:40]!r} holds an invisible or control character ({hidden})")
        if player.casefold() in seen:
            raise TournamentError(f"{player} is named twice; each player enters once")
        seen.add(player.casefold())
    ruleset_id = _two_player_ruleset(ruleset, cleaned, options or {})
    title = name.strip()
    if not title or len(title) > 200 or hidden_character(title) is not None:
        raise TournamentError("the tournament needs a name of 1 to 200 visible characters")
    return TournamentSetup(title, ruleset_id, format, tuple(cleaned),
                           tuple(sorted((options or {}).items())), drawn, seed)


def _two_player_ruleset(ruleset: str, players: list[str], options: dict[str, OptionValue]) -> str:
    """The ruleset's id, checked to play one against one with these options (they are checked once
    here, on a sample pairing, so a bad option is refused before the first match)."""
    found = get_ruleset(ruleset)
    if not found.players_min <= 2 <= found.players_max:
        raise TournamentError(f"{found.name} is not played one against one; a tournament pairs two players")
    sides = found.sides
    found.make_setup([PlayerSpec(name, sides[i] if sides else None) for i, name in enumerate(players[:2])],
                     dict(options))
    return found.id


@dataclass(frozen=True)
class Pairing:
    """Two players due to play (or who played): `key` is stable across replays of the tournament."""

    key: str
    stage: int  # round-robin: 1 the main round robin, 2.. the tie-breaks; bracket: always 1
    round: int  # 1-based within its stage
    a: str
    b: str

    def has(self, player: str) -> bool:
        return player in (self.a, self.b)


@dataclass(frozen=True)
class Result:
    """One played match that settled (or, drawn in a bracket, did not settle) a pairing."""

    key: str
    outcome: Outcome
    match_id: int | None = None  # the stored match that settled it, when stored
    forfeit: bool = False

    def winner(self, pairing: Pairing) -> str | None:
        return {WIN_A: pairing.a, WIN_B: pairing.b}.get(self.outcome)


@dataclass(frozen=True)
class Standing:
    player: str
    points: float
    place: int  # 1-based; shared places repeat (two third places in a bracket)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    out_in_round: int | None = None  # bracket: the round he lost in (None: still in, or champion)


@dataclass
class Progress:
    """What a format computes from a setup and its results."""

    pairings: list[Pairing] = field(default_factory=list)  # every pairing known so far, in order
    pending: list[Pairing] = field(default_factory=list)  # due now and not settled
    settled: dict[str, Result] = field(default_factory=dict)  # pairing key -> the result that settled it
    byes: list[tuple[int, str]] = field(default_factory=list)  # (round, player) who went through unplayed
    # Bracket pairings whose players are not all known yet: (round, side a, side b), an unknown side
    # named by the match it comes from ("the winner of Hana v Iori"), so the whole bracket can be shown.
    to_come: list[tuple[int, str, str]] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    winner: str | None = None
    notes: list[str] = field(default_factory=list)  # replays and tie-breaks, said in words
