"""The contract every ruleset fulfils, and the behaviour they share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.rules.errors import IllegalAction, InvalidSetup
from companion.rules.model import (
    Action,
    Event,
    Explanation,
    HandEntry,
    LegalResponse,
    MatchSetup,
    OptionSpec,
    OptionValue,
    Outcome,
    PlayerSpec,
)
from companion.rules.text import hidden_character

if TYPE_CHECKING:  # catalogs are loaded when a screen asks for cards, not when a ruleset is imported
    from companion.rules.catalog import Catalog

StateT = TypeVar("StateT")


MAX_LABEL = 100


def _check_label(kind: str, text: str, *, forbidden: str) -> None:
    """Names, sides, teams and dates go into one-line record headers and the database: keep them so."""
    shown = text if len(text) <= 40 else text[:40] + "…"
    if len(text) > MAX_LABEL:
        raise InvalidSetup(f"{kind} {shown!r} is longer than {MAX_LABEL} characters")
    if any(ch in text for ch in forbidden) or hidden_character(text) is not None:
        listed = ", ".join(f"'{ch}'" for ch in forbidden)
        raise InvalidSetup(f"{kind} {shown!r} may not contain {listed} or control characters (line breaks, tabs, "
                           "NUL, right-to-left overrides, zero-width characters)")


class Ruleset(ABC, Generic[StateT]):
    """A ruleset is a value: metadata plus pure functions over its own frozen state."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    players_min: int = 2
    players_max: int = 2
    sides: tuple[str, ...] = ()
    teams: bool = False
    options: tuple[OptionSpec, ...] = ()
    catalog_id: str | None = None
    rulebook: str = ""
    # The rules revision: raised whenever a change could change the outcome of an existing record. The
    # old behaviour stays reachable by `setup.rules` (or, where kept no longer, a replay is refused
    # naming both revisions); REVISIONS says what each changed.
    revision: int = 1
    revisions: tuple[str, ...] = ("the rules as first refereed",)
    # When True, `apply` receives the shared Forfeit action itself (MACE: a fighter leaves a 3-4
    # fighter combat and the others fight on); otherwise the match ends with everyone else winning.
    handles_forfeit: bool = False
    # Fighters stand on a map and some plays move them (MACE's hexes): the app groups the plays by kind
    # and has the referee choose a move's destination on the map (issue 19).
    has_map: bool = False

    # --- set-up -------------------------------------------------------------------------------

    def make_setup(
        self,
        players: Sequence[PlayerSpec | str],
        options: Mapping[str, OptionValue] | None = None,
        seed: int | None = None,
        date: str | None = None,
        rules: int | None = None,
    ) -> MatchSetup:
        """Validated setup: player count, unique names, sides filled in, options checked; `rules` is the
        revision a recorded match was played under (None: a new match, this revision)."""
        revision = self.revision if rules is None else rules
        if revision > self.revision:
            raise InvalidSetup(f"the match was played under rules revision {revision} of {self.id}, newer than "
                               f"this Shinpan knows (revision {self.revision}): update Shinpan to replay it")
        if revision < 1:
            raise InvalidSetup(f"rules revision {revision} does not exist (revisions of {self.id} start at 1)")
        specs = tuple(p if isinstance(p, PlayerSpec) else PlayerSpec(p) for p in players)
        specs = tuple(PlayerSpec(p.name.strip(), p.side, p.team) for p in specs)
        if not self.players_min <= len(specs) <= self.players_max:
            span = (
                str(self.players_min)
                if self.players_min == self.players_max
                else f"{self.players_min} to {self.players_max}"
            )
            raise InvalidSetup(f"{self.name} is played by {span} players, not {len(specs)}")
        names = [p.name.casefold() for p in specs]
        if any(not n.strip() for n in names):
            raise InvalidSetup("every player needs a name")
        if len(set(names)) != len(names):
            raise InvalidSetup("two players have the same name; give each a different one")
        for p in specs:
            _check_label("player name", p.name, forbidden=":,#")
            for kind, value in (("side", p.side), ("team", p.team)):
                if value is not None:
                    _check_label(kind, value, forbidden=":,#")
        if self.sides:
            filled = []
            for seat, p in enumerate(specs):
                side = p.side or self.sides[seat % len(self.sides)]
                if side not in self.sides:
                    raise InvalidSetup(f"{self.name} sides are {', '.join(self.sides)}, not {side!r}")
                filled.append(PlayerSpec(p.name, side, p.team))
            specs = tuple(filled)
            used = [p.side for p in specs]
            if len(specs) <= len(self.sides) and len(set(used)) != len(used):
                raise InvalidSetup("two players have the same side")
        if any(p.team for p in specs) and not self.teams:
            raise InvalidSetup(f"{self.name} is not played in teams")
        if date is not None:
            _check_label("date", date, forbidden="#")
        checked = self.check_options(options or {})
        return MatchSetup(self.id, specs, tuple(sorted(checked.items())), seed, date, revision)

    def check_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        by_name = {spec.name: spec for spec in self.options}
        checked: dict[str, OptionValue] = {}
        for name, value in options.items():
            if name not in by_name:
                known = ", ".join(by_name) or "none"
                raise InvalidSetup(f"{self.name} has no option {name!r} (options: {known})")
            checked[name] = by_name[name].validate(value)
        return checked

    def option(self, setup: MatchSetup, name: str) -> OptionValue:
        spec = next(s for s in self.options if s.name == name)
        return setup.option(name, spec.default)

    # --- the pure functions -------------------------------------------------------------------

    @abstractmethod
    def initial_state(self, setup: MatchSetup) -> StateT: ...

    @abstractmethod
    def to_act(self, state: StateT) -> tuple[int, ...]:
        """Seats that may act now (more than one while, say, both players set up)."""

    @abstractmethod
    def legal_responses(self, state: StateT) -> list[LegalResponse]: ...

    @abstractmethod
    def apply(self, state: StateT, action: Action) -> tuple[StateT, tuple[Event, ...]]:
        """The state after `action` and the events it caused; raises IllegalAction, never mutates."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome: ...

    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The action in record notation, without the actor."""

    @abstractmethod
    def parse_action(self, actor: int, text: str) -> Action:
        """Read record notation; raises MalformedAction or UnknownCard."""

    @abstractmethod
    def summary(self, state: StateT, setup: MatchSetup) -> dict[str, Any]:
        """JSON-ready view of the state: scores, penalties, whose turn, what is on the table."""

    def clear_caches(self) -> None:
        """Forget memoised answers (benchmarks measure the cold cost with it)."""

    def legal_extras(self, state: StateT) -> dict[str, Any]:
        """Ruleset-specific additions to `shinpan legal --json` (Kenpo's threat map, say)."""
        return {}

    def legal_extras_lines(self, state: StateT) -> list[str]:
        """The same additions as plain text lines, for `shinpan legal` without --json."""
        return []

    def describe_event(self, event: Event, setup: MatchSetup) -> str:
        """One line a person reads; rulesets refine it for their own events."""
        return event.name

    def card_catalog(self, setup: MatchSetup, seat: int) -> Catalog | None:
        """The cards `seat` may play in this match, as the picker and the scanner know them: the ruleset's
        catalog, or (Martial Arts TCG) the player's own deck; None where there is no list of cards."""
        if self.catalog_id is None:
            return None
        from companion.rules.catalog import load_catalog

        return load_catalog(self.catalog_id)

    def action_words(self, state: StateT, setup: MatchSetup, action: Action) -> str | None:
        """How the app's button names an action, where the record line would not say it plainly to a
        referee ("Dee takes 2 cards from Ben" for `Dee: pull 2`); None: the record line itself."""
        return None

    def hand_entry(self, state: StateT, setup: MatchSetup, action: Action) -> HandEntry | None:
        """The question `action` answers when it carries a value entered by hand (Kenpo's points for a
        card whose arrows are owner values, K9); None for every other action."""
        return None

    # --- shared behaviour ---------------------------------------------------------------------

    def explain(self, state: StateT, action: Action) -> Explanation:
        """The ruling that makes `action` legal or illegal now."""
        try:
            self.apply(state, action)
        except IllegalAction as error:
            return Explanation(False, error.ruling, error.reason)
        responses = self.legal_responses(state)
        for response in responses:
            if response.action == action:
                return Explanation(True, response.ruling, response.why)
        # Lists may show one representative of many variants (a move's destination, hand-entered
        # points): the closest listed response of the same kind carries the ruling.
        same_kind = [r for r in responses if type(r.action) is type(action)]
        card = getattr(action, "card", None)
        for response in same_kind:
            if getattr(response.action, "card", None) == card:
                return Explanation(True, response.ruling, response.why)
        if same_kind:
            return Explanation(True, same_kind[0].ruling, same_kind[0].why)
        return Explanation(True, "", "allowed by the rules")
