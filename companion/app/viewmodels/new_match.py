"""New match: ruleset, its rules options (each with its one-line explanation), players and sides."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from companion.app.viewmodels.owner_values import owner_values_path, saved_count
from companion.rules.errors import RulesError
from companion.rules.model import MatchSetup, OptionSpec, OptionValue, PlayerSpec
from companion.rules.registry import all_rulesets, get_ruleset
from companion.rules.ruleset import Ruleset

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")
OWNER_VALUES_OPTION = "owner-values"


@dataclass(frozen=True)
class OptionRow:
    name: str
    value: OptionValue
    choices: tuple[OptionValue, ...]
    explanation: str  # the one-line description, with its ruling

    @property
    def is_switch(self) -> bool:
        return isinstance(self.value, bool)

    @property
    def title(self) -> str:
        """The option in words ("Brown answers brown"); the record keeps its id."""
        return option_words(self.name).capitalize()


def option_words(value: OptionValue) -> str:
    """An option's id or value as the screen says it: words for ids, yes and no for switches."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ")


class NewMatchViewModel:
    def __init__(self, remembered_names: list[str] | None = None, today: datetime.date | None = None,
                 owner_values_folder: Path | None = None) -> None:
        self.owner_values_folder = owner_values_folder  # None: SHINPAN_OWNER_VALUES or the data folder
        self.decks_folder: Path | None = None  # None: SHINPAN_DECKS or the data folder
        self._saved_decks: list[tuple[str, str]] | None = None  # (label, deck file text), once read
        self.rulesets: list[Ruleset[object]] = all_rulesets()
        self.remembered_names = list(remembered_names or [])
        self.today = today
        self.message = ""
        self.ruleset_id = ""
        self.options: dict[str, OptionValue] = {}
        self.names: list[str] = []
        self.sides: list[str | None] = []
        self.select_ruleset(self.rulesets[0].id if self.rulesets else "")

    @property
    def ruleset(self) -> Ruleset[object]:
        return get_ruleset(self.ruleset_id)

    def ruleset_choices(self) -> list[tuple[str, str]]:
        return [(r.id, r.name) for r in self.rulesets]

    def select_ruleset(self, ruleset_id: str) -> None:
        if not ruleset_id:
            return
        self.ruleset_id = get_ruleset(ruleset_id).id
        ruleset = self.ruleset
        self.options = {spec.name: spec.default for spec in ruleset.options}
        count = ruleset.players_min
        old = self.names
        suggestions = self.remembered_names + [n for n in DEFAULT_NAMES if n not in self.remembered_names]
        self.names = [old[i] if i < len(old) else suggestions[i % len(suggestions)] for i in range(count)]
        sides = ruleset.sides
        self.sides = [sides[i % len(sides)] if sides else None for i in range(count)]
        self.message = ""

    def option_rows(self) -> list[OptionRow]:
        rows = []
        for spec in self.ruleset.options:
            if spec.embedded and not self._seat_has_player(spec.name):
                continue  # a deck for a seat nobody sits in
            rows.append(OptionRow(spec.name, self.options[spec.name], self._choices(spec), self._explain(spec)))
        return rows

    def _seat_has_player(self, option: str) -> bool:
        number = option.rsplit("-", 1)[-1]
        return not number.isdigit() or int(number) <= len(self.names)

    def is_deck(self, name: str) -> bool:
        return not self.is_owner_values(name) and any(spec.embedded and spec.name == name
                                                      for spec in self.ruleset.options)

    def deck_choices(self, name: str) -> list[tuple[str, str]]:
        """(label, option value) for a deck option: the shipped example deck, or a deck saved in the
        deck editor; the value is the deck file's text, which the record carries (T6, MTD1)."""
        if not self.is_deck(name):
            return []
        from companion.app.viewmodels.deck_editor import DeckEditorViewModel
        from companion.rules.martial_arts_tcg.deck_toml import deck_to_toml

        if self._saved_decks is None:  # read once for this screen, not once per seat and redraw
            self._saved_decks = [(f"{deck.name} ({deck.main_count} cards)", deck_to_toml(deck))
                                 for _, deck in DeckEditorViewModel(self.decks_folder).saved_decks()]
        seat = option_words(name).capitalize()  # "Deck 2": each button says whose deck it sets
        return [(f"{seat}: the example deck", ""), *((f"{seat}: {label}", text) for label, text in self._saved_decks)]

    @staticmethod
    def _choices(spec: OptionSpec) -> tuple[OptionValue, ...]:
        if isinstance(spec.default, bool):
            return (True, False)
        return spec.choices

    @staticmethod
    def _explain(spec: OptionSpec) -> str:
        return f"{spec.description} [{spec.ruling}]" if spec.ruling else spec.description

    def owner_value_choices(self, name: str) -> list[tuple[str, str]]:
        """(label, option value) for an owner-values option: none, or the file saved on the Decks
        screen for this ruleset's catalog; empty for any other option, or when nothing was saved."""
        catalog_id = self.ruleset.catalog_id
        if name != OWNER_VALUES_OPTION or catalog_id is None:
            return []
        entered = saved_count(catalog_id, self.owner_values_folder)
        if not entered:
            return []
        saved = str(owner_values_path(catalog_id, self.owner_values_folder).resolve())
        return [("none", ""), (f"my deck's values ({entered} entered)", saved)]

    def is_owner_values(self, name: str) -> bool:
        return name == OWNER_VALUES_OPTION and self.ruleset.catalog_id is not None

    def set_option(self, name: str, value: OptionValue | str) -> None:
        spec = next(s for s in self.ruleset.options if s.name == name)
        if self.is_owner_values(name) and value not in {choice for _, choice in self.owner_value_choices(name)} | {""}:
            self.message = ("Owner values come from the Decks screen: enter them there, then choose "
                            "\"my deck's values\" here.")
            return
        try:
            self.options[name] = spec.validate(value)
            self.message = ""
        except RulesError as error:
            self.message = str(error)

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def can_add_player(self) -> bool:
        return len(self.names) < self.ruleset.players_max

    def can_remove_player(self) -> bool:
        return len(self.names) > self.ruleset.players_min

    def add_player(self) -> None:
        if self.can_add_player():
            taken = {n.casefold() for n in self.names}
            pool = self.remembered_names + [f"Player {i}" for i in range(1, 11)]
            self.names.append(next(n for n in pool if n.casefold() not in taken))
            sides = self.ruleset.sides
            self.sides.append(sides[len(self.sides) % len(sides)] if sides else None)

    def remove_player(self) -> None:
        if self.can_remove_player():
            self.names.pop()
            self.sides.pop()

    def unused_names(self) -> list[str]:
        taken = {n.strip().casefold() for n in self.names}
        return [n for n in self.remembered_names if n.casefold() not in taken]

    def use_name(self, name: str) -> None:
        """A remembered name goes to the first seat still holding a placeholder, else the last seat."""
        placeholders = [i for i, n in enumerate(self.names) if n in DEFAULT_NAMES or not n.strip()]
        self.names[placeholders[0] if placeholders else len(self.names) - 1] = name

    def side_choices(self) -> tuple[str, ...]:
        return self.ruleset.sides

    def set_side(self, seat: int, side: str) -> None:
        """Choosing a side for one player gives the other player the side he leaves (two sides)."""
        old = self.sides[seat]
        self.sides[seat] = side
        for other, current in enumerate(self.sides):
            if other != seat and current == side:
                self.sides[other] = old

    def swap_sides(self) -> None:
        self.sides.reverse()

    def starter_text(self) -> str:
        if self.ruleset_id == "kendo-shiai":
            return "Who starts: each player offers a brown card; the larger number starts (equal: offer again)."
        return "Who starts: decided at the table by the ruleset's own way of choosing, recorded as the first actions."

    def setup(self) -> MatchSetup | None:
        """The new match's setup, or None with `message` saying what to fix."""
        players = [PlayerSpec(name.strip(), side) for name, side in zip(self.names, self.sides, strict=True)]
        date = (self.today or datetime.date.today()).isoformat()
        # The owner values chosen are read here, once: the match carries their text (KPD15), so later
        # saves on the Decks screen change no match already started.
        options = dict(self.options)
        try:
            setup = self.ruleset.make_setup(players, options, date=date)
        except RulesError as error:
            self.message = f"{error}."
            return None
        self.message = ""
        return setup
