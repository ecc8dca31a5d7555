"""Entering a catalog's owner values: the card values the rulebook does not print (K9).

One override file per catalog (`<catalog-id>.toml` in `SHINPAN_OWNER_VALUES`, else `owner-values/` in
the user's data folder), in the format of docs/examples/kenpo-owner-values.toml. An entry is checked
exactly as the catalog loader checks an override file (`apply_overrides`, then the ruleset's own card
checks where it has them); a refused entry leaves the file as it was.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.app.paths import user_file, write_atomically
from companion.rules.catalog import Catalog, FieldSpec, apply_overrides, load_catalog
from companion.rules.errors import CatalogError
from companion.rules.files import OWNER_FILE_MAX, read_limited

OWNER_VALUES_ENV = "SHINPAN_OWNER_VALUES"
COUNT_SPEC = FieldSpec(type="int", min=0, description="how many copies of this card are in the deck")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def owner_values_folder() -> Path:
    """`SHINPAN_OWNER_VALUES` when set, else owner-values/ in the user's data folder."""
    return user_file(OWNER_VALUES_ENV, "owner-values")


def owner_values_path(catalog_id: str, folder: Path | None = None) -> Path:
    return (folder or owner_values_folder()) / f"{catalog_id}.toml"


def saved_count(catalog_id: str, folder: Path | None = None) -> int:
    """How many owner values the saved file for this catalog holds (0 when none or unreadable)."""
    try:
        data = _read(owner_values_path(catalog_id, folder))
    except (OSError, ValueError):  # unreadable, too large, not UTF-8 or not TOML: none saved
        return 0
    cards = data.get("card", {})
    return sum(len(v) for v in cards.values() if isinstance(v, dict)) if isinstance(cards, dict) else 0


def _read(path: Path) -> dict[str, Any]:
    """The saved file; FileRefused (a ValueError's kin, caught with OSError by callers) when it is not a
    regular file or too large, UnicodeDecodeError or TOMLDecodeError (both ValueErrors) when unreadable."""
    return tomllib.loads(read_limited(path, OWNER_FILE_MAX, "owner values file").decode("utf-8"))


def _kenpo_check(catalog: Catalog) -> object:
    from companion.rules.kenpo.cards import build_cards

    return build_cards(catalog)


# The checks a ruleset makes when it loads its cards: a file it would refuse at the match's start is
# refused here, when the owner can still fix it.
RULESET_CHECKS: dict[str, Callable[[Catalog], object]] = {"kenpo-masters": _kenpo_check}


def toml_value(value: Any) -> str:
    """A value as TOML text (inline tables for tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{k if _BARE_KEY.match(k) else json.dumps(k)} = {toml_value(v)}" for k, v in value.items()]
        return "{ " + ", ".join(items) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def shown(spec: FieldSpec, value: Any) -> str:
    """A value as the owner types it: plain text, a comma list, a number, or an inline table."""
    if value is None:
        return ""
    if spec.type == "str":
        return str(value)
    if spec.type.startswith("list"):
        return ", ".join(str(v) for v in value)
    return toml_value(value)


def allowed_text(spec: FieldSpec) -> str:
    words = {"str": "text", "int": "a whole number", "bool": "true or false", "list[str]": "a list of words",
             "list[int]": "a list of whole numbers", "table": "a table such as { key = value }"}
    parts = [words[spec.type]]
    if spec.choices:
        parts.append("from " + ", ".join(spec.choices))
    if spec.min is not None and spec.max is not None:
        parts.append(f"{spec.min} to {spec.max}")
    elif spec.min is not None:
        parts.append(f"at least {spec.min}")
    elif spec.max is not None:
        parts.append(f"at most {spec.max}")
    return ", ".join(parts)


def parse_entry(spec: FieldSpec, text: str, where: tuple[str, str, str]) -> Any:
    """The typed text as the value the override file would hold; CatalogError when it cannot be read."""
    file, card, field = where
    text = text.strip()
    if spec.type == "str":
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            return text[1:-1]
        return text
    if spec.type.startswith("list") and not text.startswith("["):
        items = [item.strip() for item in text.split(",") if item.strip()]
        if spec.type == "list[str]":
            return items
        text = "[" + ", ".join(items) + "]"
    if spec.type == "bool" and text.lower() in ("yes", "no"):
        return text.lower() == "yes"
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        raise CatalogError(file, f"{text!r} cannot be read: write {allowed_text(spec)}", card, field) from None


@dataclass(frozen=True)
class OwnerValueRow:
    card_id: str
    card_name: str
    field: str
    description: str
    allowed: str
    entered: str  # what is saved, as the owner would type it; "" while unknown

    @property
    def label(self) -> str:
        """The text box's accessible name: the card and what the value means."""
        return f"{self.card_name}: {self.field}"


class OwnerValuesViewModel:
    def __init__(self, catalog_id: str, folder: Path | None = None) -> None:
        self.catalog: Catalog = load_catalog(catalog_id)
        self.path = owner_values_path(catalog_id, folder)
        self.message = ""
        self.refused = False  # the message says why a save was refused
        self.drafts: dict[tuple[str, str], str] = {}
        self.entered: dict[str, dict[str, Any]] = {}
        self._damaged = False
        self._load()
        rows = self.rows()
        self.card_id: str | None = rows[0].card_id if rows else None  # the card whose values are shown

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = _read(self.path)
            self._check(apply_overrides(self.catalog, data, str(self.path)))
        except (OSError, ValueError, CatalogError) as error:
            self._damaged = True
            self.message = (f"Your saved owner values could not be read ({error}); saving keeps that file "
                            "beside the new one as .damaged.")
            return
        cards = data.get("card", {})
        self.entered = {card: dict(values) for card, values in cards.items()}

    def _check(self, catalog: Catalog) -> None:
        check = RULESET_CHECKS.get(self.catalog.id)
        if check is not None:  # its messages name the owner's file, not the catalog's
            check(catalog.model_copy(update={"path": self.path.name}))

    def spec(self, field: str) -> FieldSpec:
        return COUNT_SPEC if field == "count" else self.catalog.fields[field]

    def rows(self) -> list[OwnerValueRow]:
        """Every owner value of every card, in catalog order: unknown ones and those already entered."""
        rows = []
        for card in self.catalog.cards:
            fields = (["count"] if card.count.source == "owner" else [])
            fields += [name for name, value in card.values.items() if value.source == "owner"]
            for field in fields:
                spec = self.spec(field)
                entered = self.entered.get(card.id, {}).get(field)
                rows.append(OwnerValueRow(card.id, card.name, field, spec.description or field,
                                          allowed_text(spec), shown(spec, entered)))
        return rows

    def card_choices(self) -> list[tuple[str, str]]:
        """(card id, "Front Kick (1 of 12 entered)") for each card with owner values."""
        totals: dict[str, list[int]] = {}
        names: dict[str, str] = {}
        for row in self.rows():
            counts = totals.setdefault(row.card_id, [0, 0])
            counts[0] += bool(row.entered)
            counts[1] += 1
            names[row.card_id] = row.card_name
        return [(card, f"{names[card]} ({done} of {total} entered)") for card, (done, total) in totals.items()]

    def select_card(self, card_id: str) -> None:
        self.card_id = card_id

    def card_rows(self) -> list[OwnerValueRow]:
        """The chosen card's owner values, what the owner typed (not saved yet) shown over what is saved."""
        return [row for row in self.rows() if row.card_id == self.card_id]

    def text(self, row: OwnerValueRow) -> str:
        return self.drafts.get((row.card_id, row.field), row.entered)

    def entered_count(self) -> int:
        return sum(len(values) for values in self.entered.values())

    def remaining_count(self) -> int:
        return len(self.rows()) - self.entered_count()

    def set_text(self, card_id: str, field: str, text: str) -> None:
        """What the owner typed; checked and kept only by `save`."""
        self.drafts[(card_id, field)] = text

    def save(self) -> bool:
        """Check every typed value with the catalog's own rules and write the file; on a refusal the
        message names the card, the field and why, and nothing is kept."""
        candidate = {card: dict(values) for card, values in self.entered.items()}
        try:
            for (card_id, field), text in self.drafts.items():
                if field != "count" and field not in self.catalog.fields:
                    raise CatalogError(self.path.name, "is not a value of this card", card_id, field)
                if not text.strip():
                    candidate.get(card_id, {}).pop(field, None)
                    continue
                value = parse_entry(self.spec(field), text, (self.path.name, card_id, field))
                candidate.setdefault(card_id, {})[field] = value
            candidate = {card: values for card, values in candidate.items() if values}
            data = {"override": {"catalog": self.catalog.id}, "card": candidate}
            self._check(apply_overrides(self.catalog, data, self.path.name))
        except CatalogError as error:
            return self._refuse(str(error))
        try:
            self._write(candidate)
        except OSError as error:
            return self._refuse(str(error))
        self.refused = False
        changed = len(self.drafts)
        self.entered, self.drafts = candidate, {}
        self.message = (f"Saved {changed} change{'s' if changed != 1 else ''}: {self.entered_count()} owner "
                        f"values entered for {self.catalog.name}, {self.remaining_count()} still to enter.")
        return True

    def _refuse(self, reason: str) -> bool:
        self.refused = True
        self.message = f"Not saved: {reason}. Your saved values are unchanged."
        return False

    def enter(self, card_id: str, field: str, text: str) -> bool:
        """One value typed and saved at once."""
        self.set_text(card_id, field, text)
        saved = self.save()
        if not saved:
            self.drafts.pop((card_id, field), None)
        return saved

    def file_text(self, cards: dict[str, dict[str, Any]]) -> str:
        lines = [f"# Owner values for {self.catalog.name}, entered in Shinpan's Decks screen.",
                 "# Only values the rulebook does not print (K9); see docs/examples/kenpo-owner-values.toml.",
                 "", "[override]", f"catalog = {toml_value(self.catalog.id)}"]
        for card in self.catalog.cards:
            values = cards.get(card.id)
            if values:
                lines += ["", f"[card.{card.id}]"]
                lines += [f"{name} = {toml_value(value)}" for name, value in values.items()]
        return "\n".join(lines) + "\n"

    def _write(self, cards: dict[str, dict[str, Any]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._damaged and self.path.exists():
            os.replace(self.path, self.path.with_suffix(".damaged"))
            self._damaged = False
        write_atomically(self.path, self.file_text(cards).encode("utf-8"))
