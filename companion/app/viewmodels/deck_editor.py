"""The Martial Arts TCG deck editor: an owner's decks, kept as TOML files in the user's data folder.

A card is added kind first, then only the numbers that kind prints (T7); a card can be duplicated, its
copies counted up and down, the deck imported and exported as CSV, and the T6 check is shown after
every change. Every value goes through the ruleset's own readers (`build_card`, `check_deck`), so the
editor accepts exactly what a deck file may hold.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.app.paths import user_file, write_atomically
from companion.rules.errors import CatalogError, RulesError
from companion.rules.martial_arts_tcg.cards import (
    REQUIRED,
    CardProblem,
    Deck,
    DeckCard,
    Kind,
    build_card,
    check_deck,
    duplicate_problem,
    slug,
)
from companion.rules.martial_arts_tcg.deck_csv import cards_from_csv, deck_to_csv
from companion.rules.martial_arts_tcg.deck_toml import deck_from_toml, deck_to_toml

DECKS_ENV = "SHINPAN_DECKS"
# What the add-card form asks for each kind, the printed numbers first (T7).
OPTIONAL = {Kind.ATTACK: ("adr",), Kind.DEFENSE: ("adr",), Kind.STRATEGY: (), Kind.EVENT: ()}
FIELD_WORDS = {"atk": "ATK", "def": "DEF", "lnk": "LNK", "cpt": "CPT", "adr": "ADR cost", "copies": "copies",
               "name": "name", "effects": "effects (e.g. heal 2; draw 1)", "text": "printed text"}


def decks_folder() -> Path:
    return user_file(DECKS_ENV, "decks")


def card_line(card: DeckCard) -> str:
    numbers = [f"{label} {value}" for label, value in (("ATK", card.atk), ("DEF", card.defense),
                                                         ("LNK", card.lnk), ("CPT", card.cpt),
                                                         ("ADR", card.adr)) if value is not None]
    special = f" · {card.special.value}" if card.special.value else ""
    side = f" + {card.sideboard} in the sideboard" if card.sideboard else ""
    return f"{card.name} · {card.kind.value}{special} · {' '.join(numbers) or 'no numbers'} · x{card.copies}{side}"


class DeckEditorViewModel:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or decks_folder()
        self.deck: Deck | None = None
        self.message = ""
        self.kind: Kind = Kind.ATTACK
        self.form: dict[str, str] = {}
        self.saved = True
        self.new_name = ""  # typed for the next new deck

    # --- the decks kept ---------------------------------------------------------------------------

    def saved_decks(self) -> list[tuple[str, Deck]]:
        """(file, deck) of every readable deck in the folder; an unreadable file is skipped."""
        found = []
        for path in sorted(self.folder.glob("*.toml")) if self.folder.is_dir() else []:
            try:
                found.append((path.name, deck_from_toml(path.read_text(encoding="utf-8"), path.name)))
            except (OSError, UnicodeDecodeError, CatalogError):
                continue
        return found

    def new_deck(self, name: str) -> bool:
        name = name.strip()
        if not name:
            self.message = "Give the deck a name first."
            return False
        self.deck = Deck(deck_id=slug(name)[:24].strip("-") or "deck", name=name)
        self.saved, self.message = False, f"New deck {name}: add its cards below."
        return True

    def open(self, file: str) -> None:
        self.deck = dict(self.saved_decks()).get(file)
        self.saved, self.message = True, "" if self.deck else f"{file} could not be read."

    def start_from(self, deck: Deck, name: str) -> None:
        """A copy of another deck (an example deck) to change and keep as one's own."""
        self.deck = replace(deck, deck_id=slug(name)[:24].strip("-") or "deck", name=name)
        self.saved, self.message = False, f"{name}: a copy of {deck.name}; change it and save it."

    # --- what the screen shows --------------------------------------------------------------------

    def fields(self) -> list[str]:
        """The add-card form's boxes for the chosen kind: only what that kind prints."""
        return ["name", *REQUIRED[self.kind], *OPTIONAL[self.kind], "copies", "effects", "text"]

    def field_label(self, field: str) -> str:
        required = field == "name" or field in REQUIRED[self.kind]
        return f"{self.kind.value} card {FIELD_WORDS[field]}" + ("" if required else " (if printed)")

    def card_lines(self) -> list[tuple[str, str]]:
        return [(card.name, card_line(card)) for card in self.deck.cards] if self.deck else []

    def check_line(self) -> str:
        """The T6 check, live: what is wrong, or that the deck may be played."""
        if self.deck is None:
            return ""
        problems = check_deck(self.deck)
        count = f"{self.deck.main_count} cards in the deck"
        if not problems:
            return f"{count}: ready to play (T6)."
        return f"{count}. Not ready: " + "; ".join(str(p) for p in problems)

    # --- changes ----------------------------------------------------------------------------------

    def choose_kind(self, kind: Kind) -> None:
        self.kind = kind
        self.form = {key: value for key, value in self.form.items() if key in self.fields()}

    def set_field(self, field: str, text: str) -> None:
        self.form[field] = text

    def add_card(self) -> bool:
        """The form as a new card: refused with the field and the rule when a value cannot be held."""
        if self.deck is None:
            self.message = "Open or start a deck first."
            return False
        raw: dict[str, object] = {key: value.strip() for key, value in self.form.items() if value.strip()}
        raw["kind"] = self.kind.value
        raw.setdefault("copies", "1")
        try:
            card = build_card(raw)
        except CardProblem as problem:
            self.message = f"Not added: {FIELD_WORDS.get(problem.field, problem.field)} {problem.reason}."
            return False
        if not self._replace_cards((*self.deck.cards, card)):
            return False
        self.form = {}
        self.message = f"Added {card.name} (x{card.copies})."
        return True

    def duplicate(self, name: str) -> bool:
        """A new card with the same kind and numbers, named apart, to change what differs."""
        card = self._card(name)
        if card is None or self.deck is None:
            return False
        taken = {c.key for c in self.deck.cards}
        number = 2
        while (new_name := f"{card.name} {number}").casefold().replace(" ", "") in taken:
            number += 1
        copy = replace(card, name=new_name, card_id="")
        return self._replace_cards((*self.deck.cards, copy))

    def change_copies(self, name: str, by: int) -> bool:
        card = self._card(name)
        if card is None or self.deck is None:
            return False
        copies = max(0, card.copies + by)
        return self._replace_cards(tuple(replace(c, copies=copies) if c is card else c for c in self.deck.cards))

    def remove(self, name: str) -> bool:
        card = self._card(name)
        if card is None or self.deck is None:
            return False
        return self._replace_cards(tuple(c for c in self.deck.cards if c is not card))

    def import_csv(self, text: str, source: str) -> bool:
        """The cards of a CSV file (a spreadsheet's export) replace the deck's; nothing changes on an error."""
        if self.deck is None:
            self.message = "Open or start a deck first."
            return False
        try:
            cards = cards_from_csv(text, source)
        except RulesError as error:
            self.message = f"Not imported: {error}."
            return False
        if self._replace_cards(cards):
            self.message = f"Imported {len(cards)} cards from {source}."
            return True
        return False

    def export_csv(self) -> tuple[str, bytes] | None:
        if self.deck is None:
            return None
        return f"{self.deck.deck_id}.csv", deck_to_csv(self.deck).encode("utf-8")

    def save(self) -> bool:
        """Written to a temporary file, then renamed over the old one: a failed save keeps the last."""
        if self.deck is None:
            return False
        path = self.folder / f"{self.deck.deck_id}.toml"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(path, deck_to_toml(self.deck).encode("utf-8"))
        except OSError as error:
            self.message = f"Not saved ({error.strerror or error}); the deck is still here to save again."
            return False
        self.saved, self.message = True, f"Saved {self.deck.name} ({path.name})."
        return True

    def _card(self, name: str) -> DeckCard | None:
        return self.deck.card(name) if self.deck else None

    def _replace_cards(self, cards: tuple[DeckCard, ...]) -> bool:
        assert self.deck is not None
        clash = duplicate_problem(cards)
        if clash is not None:
            index, why = clash
            self.message = f"Not changed: {cards[index].name}: {why}."
            return False
        self.deck = replace(self.deck, cards=cards)
        self.saved = False
        return True
