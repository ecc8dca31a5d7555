"""Card catalogs as data: TOML files validated on load, each value tagged with where it came from.

A value's source is `rulebook` (printed in the rules), `derived` (worked out from the rules'
examples, see RULINGS.md K9) or `owner` (read off the deck by its owner; unknown until entered).

The models are pydantic's, built lazily (`defer_build`): a catalog file is checked field by field here,
with the file, card and field named in every error, and its models are then made without pydantic
validating the same values again. Building the validators of the four models, and pydantic's plugin
lookup that comes with the first one, cost about 40 ms of the 150 ms a command may take to start
(issue 17); code that makes these models itself still gets them validated, on first use.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from companion.rules.errors import CatalogError, UnknownCard
from companion.rules.files import OWNER_FILE_MAX, FileRefused, assets_dir, read_limited
from companion.rules.text import normalise_name

Source = Literal["rulebook", "derived", "owner"]
SOURCES: tuple[str, ...] = ("rulebook", "derived", "owner")
FieldType = Literal["str", "int", "bool", "list[str]", "list[int]", "table"]
FIELD_TYPES: tuple[str, ...] = ("str", "int", "bool", "list[str]", "list[int]", "table")
_FIELD_KEYS = {"type", "choices", "min", "max", "description"}
_CARD_KEYS = {"id", "name", "kind", "source", "aliases", "count", "note"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


# What may differ between a written card name and the catalog's: case, spaces, hyphens, arrows, slashes.
class Sourced(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    value: Any = None
    source: Source
    note: str = ""

    @property
    def known(self) -> bool:
        return self.value is not None


class FieldSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    type: FieldType
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    description: str = ""


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    kind: str
    count: Sourced
    aliases: tuple[str, ...] = ()
    values: dict[str, Sourced] = {}
    note: str = ""

    def value(self, field: str, default: Any = None) -> Any:
        entry = self.values.get(field)
        return default if entry is None or entry.value is None else entry.value

    def source(self, field: str) -> str | None:
        entry = self.values.get(field)
        return entry.source if entry else None

    def known(self, field: str) -> bool:
        entry = self.values.get(field)
        return bool(entry and entry.known)


class Catalog(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    rulebook: str = ""
    rulesets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    fields: dict[str, FieldSpec] = {}
    cards: tuple[Card, ...] = ()
    path: str = ""

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise UnknownCard(card_id, [c.id for c in self.cards])

    def find(self, name: str) -> Card:
        """A card by id, name or alias, however it is spelled; suggests the nearest names if none."""
        found = self.name_index().get(normalise_name(name))
        if found is None:
            raise UnknownCard(name, [c.name for c in self.cards])
        return self.card(found)

    def name_index(self) -> dict[str, str]:
        """Card id by every normalised spelling (id, name, aliases): what parsers look names up in."""
        return {normalise_name(label): card.id for card in self.cards for label in (card.id, card.name, *card.aliases)}

    def of_kind(self, *kinds: str) -> list[Card]:
        return [c for c in self.cards if c.kind in kinds]

    def unknown_values(self) -> list[tuple[Card, str]]:
        """Owner values not yet entered: what the deck's owner still has to read off the cards."""
        found = [(c, name) for c in self.cards for name, v in c.values.items() if not v.known]
        found += [(c, "count") for c in self.cards if not c.count.known]
        return found


def _check_value(spec: FieldSpec, value: Any, where: tuple[str, str | None, str]) -> Any:
    file, card, field = where

    def fail(reason: str) -> CatalogError:
        return CatalogError(file, reason, card, field)

    if spec.type == "table":
        if not isinstance(value, dict):
            raise fail(f"must be a table, not {value!r}")
        return value
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise fail(f"must be true or false, not {value!r}")
        return value
    items = value if spec.type.startswith("list") else [value]
    if spec.type.startswith("list") and not isinstance(value, list):
        raise fail(f"must be a list, not {value!r}")
    item_type = int if spec.type.endswith("int]") or spec.type == "int" else str
    for item in items:
        if item_type is int and (not isinstance(item, int) or isinstance(item, bool)):
            raise fail(f"must be a whole number, not {item!r}")
        if item_type is str and not isinstance(item, str):
            raise fail(f"must be text, not {item!r}")
        if spec.choices and item not in spec.choices:
            raise fail(f"{item!r} is not one of {', '.join(spec.choices)}")
        if isinstance(item, int) and spec.min is not None and item < spec.min:
            raise fail(f"{item} is below the least allowed, {spec.min}")
        if isinstance(item, int) and spec.max is not None and item > spec.max:
            raise fail(f"{item} is above the most allowed, {spec.max}")
    return tuple(value) if isinstance(value, list) else value


def _sourced(raw: Any, default_source: Source, spec: FieldSpec, where: tuple[str, str | None, str]) -> Sourced:
    file, card, field = where
    if isinstance(raw, dict) and "source" in raw and set(raw) <= {"value", "source", "note"}:
        source = raw["source"]
        if source not in SOURCES:
            raise CatalogError(file, f"source {source!r} is not one of {', '.join(SOURCES)}", card, field)
        value = raw.get("value")
        if value is None and source != "owner":
            raise CatalogError(file, "only an owner value may be left unknown", card, field)
        checked = None if value is None else _check_value(spec, value, where)
        return Sourced.model_construct(value=checked, source=source, note=str(raw.get("note", "")))
    return Sourced.model_construct(value=_check_value(spec, raw, where), source=default_source)


def _field_spec(raw: Any, file: str, name: str) -> FieldSpec:
    """A [fields.NAME] table, checked as FieldSpec's own validation would (no other keys, each of its type)."""

    def fail(reason: str) -> CatalogError:
        return CatalogError(file, f"field definition is invalid: {reason}", None, name)

    if not isinstance(raw, dict):
        raise fail("must be a table")
    unknown = sorted(set(raw) - _FIELD_KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(_FIELD_KEYS))})")
    if raw.get("type") not in FIELD_TYPES:
        raise fail(f"type must be one of {', '.join(FIELD_TYPES)}, not {raw.get('type')!r}")
    choices = raw.get("choices", [])
    if not isinstance(choices, list | tuple) or not all(isinstance(choice, str) for choice in choices):
        raise fail("choices must be a list of text")
    for bound in ("min", "max"):
        value = raw.get(bound)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise fail(f"{bound} must be a whole number, not {value!r}")
    if not isinstance(raw.get("description", ""), str):
        raise fail("description must be text")
    return FieldSpec.model_construct(**{**raw, "choices": tuple(choices)})


# The spec every card's `count` is checked against (a copy count).
_COUNT_SPEC = FieldSpec.model_construct(type="int", min=0)


def parse_catalog(data: dict[str, Any], file: str) -> Catalog:
    head = data.get("catalog")
    if not isinstance(head, dict):
        raise CatalogError(file, "missing the [catalog] table")
    for key in ("id", "name"):
        if not isinstance(head.get(key), str) or not head[key]:
            raise CatalogError(file, f"[catalog] needs a text {key!r}")
    for key in ("rulesets", "notes"):
        listed = head.get(key, [])
        if not isinstance(listed, list) or not all(isinstance(item, str) for item in listed):
            raise CatalogError(file, f"[catalog] {key} must be a list of text")
    raw_fields = data.get("fields", {})
    if not isinstance(raw_fields, dict):
        raise CatalogError(file, "[fields] must be a table of field definitions")
    fields = {name: _field_spec(raw, file, name) for name, raw in raw_fields.items()}
    cards: list[Card] = []
    seen: set[str] = set()
    names: set[str] = set()
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CatalogError(file, "has no [[card]] entries")
    for index, raw in enumerate(raw_cards, start=1):
        card_id = raw.get("id")
        label = str(card_id or f"#{index}")
        if not isinstance(card_id, str) or not _ID.match(card_id):
            raise CatalogError(file, "id must be lower-case letters, digits and hyphens", label, "id")
        if card_id in seen:
            raise CatalogError(file, "id is used twice", label, "id")
        seen.add(card_id)
        for key in ("name", "kind"):
            if not isinstance(raw.get(key), str) or not raw[key]:
                raise CatalogError(file, "is required text", label, key)
        key_name = normalise_name(raw["name"])
        if key_name in names:
            raise CatalogError(file, "another card has the same name", label, "name")
        names.add(key_name)
        default_source = raw.get("source", "rulebook")
        if default_source not in SOURCES:
            raise CatalogError(file, f"source must be one of {', '.join(SOURCES)}", label, "source")
        if "count" not in raw:
            raise CatalogError(file, "is required (write { source = \"owner\" } if unknown)", label, "count")
        count = _sourced(raw["count"], default_source, _COUNT_SPEC, (file, label, "count"))
        values: dict[str, Sourced] = {}
        for name, value in raw.items():
            if name in _CARD_KEYS:
                continue
            if name not in fields:
                known = ", ".join(sorted(fields)) or "none"
                raise CatalogError(file, f"is not a field of this catalog (fields: {known})", label, name)
            values[name] = _sourced(value, default_source, fields[name], (file, label, name))
        aliases = raw.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise CatalogError(file, "must be a list of names", label, "aliases")
        cards.append(
            Card.model_construct(
                id=card_id,
                name=raw["name"],
                kind=raw["kind"],
                count=count,
                aliases=tuple(aliases),
                values=values,
                note=str(raw.get("note", "")),
            )
        )
    return Catalog.model_construct(
        id=head["id"],
        name=head["name"],
        rulebook=str(head.get("rulebook", "")),
        rulesets=tuple(head.get("rulesets", ())),
        notes=tuple(head.get("notes", ())),
        fields=fields,
        cards=tuple(cards),
        path=file,
    )


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_limited(path, OWNER_FILE_MAX, "catalog or owner values file").decode("utf-8"))
    except FileNotFoundError:
        raise CatalogError(str(path), "file not found") from None
    except FileRefused as error:
        raise CatalogError(str(path), str(error).removeprefix(f"{path}: ")) from None
    except UnicodeDecodeError:
        raise CatalogError(str(path), "is not UTF-8 text") from None
    except OSError as error:
        raise CatalogError(str(path), f"cannot be read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(str(path), f"is not valid TOML: {error}") from None


def apply_overrides(catalog: Catalog, data: dict[str, Any], file: str) -> Catalog:
    """Fill in owner values from an owner's override file; only owner values may be set."""
    head = data.get("override", {})
    if not isinstance(head, dict):  # owner values arrive in records from other machines (KPD15): any shape
        raise CatalogError(file, "[override] is a table (catalog = \"...\")")
    if head.get("catalog") not in (None, catalog.id):
        raise CatalogError(file, f"is for catalog {head.get('catalog')!r}, not {catalog.id!r}")
    entries = data.get("card", {})
    if not isinstance(entries, dict):
        raise CatalogError(file, "cards are given as [card.ID] tables")
    by_id = {c.id: c for c in catalog.cards}
    updated = dict(by_id)
    for card_id, values in entries.items():
        if card_id not in by_id:
            raise CatalogError(file, f"no such card in {catalog.id}", card_id)
        if not isinstance(values, dict):
            raise CatalogError(file, "a card's owner values are a [card.ID] table", card_id)
        card = by_id[card_id]
        new_values = dict(card.values)
        new_count = card.count
        for name, value in values.items():
            current = card.count if name == "count" else card.values.get(name)
            if current is None:
                raise CatalogError(file, "is not a value of this card", card_id, name)
            if current.source != "owner":
                raise CatalogError(file, f"comes from the {current.source}, not the owner", card_id, name)
            spec = _COUNT_SPEC if name == "count" else catalog.fields[name]
            checked = Sourced.model_construct(value=_check_value(spec, value, (file, card_id, name)), source="owner",
                                              note=current.note)
            if name == "count":
                new_count = checked
            else:
                new_values[name] = checked
        updated[card_id] = card.model_copy(update={"values": new_values, "count": new_count})
    return catalog.model_copy(update={"cards": tuple(updated[c.id] for c in catalog.cards)})


def catalog_path(catalog_id: str) -> Path:
    return assets_dir() / "catalogs" / f"{catalog_id}.toml"


# The last parse of each shipped catalog (named by id), with its file's state then (modification time, size,
# inode). A ruleset asks for its catalog more than once a command (its cards, its name index); a catalog is
# frozen, so one parse serves every caller until the file changes. Catalogs named by path are parsed each
# time: a test or a tool may rewrite one within the file system's clock tick.
_SHIPPED: dict[str, tuple[tuple[int, int, int], Catalog]] = {}


def _shipped_catalog(path: Path) -> Catalog:
    try:
        info = path.stat()
        state: tuple[int, int, int] | None = (info.st_mtime_ns, info.st_size, info.st_ino)
    except OSError:
        state = None  # _read_toml says what is wrong with the file
    cached = _SHIPPED.get(str(path))
    if state is not None and cached is not None and cached[0] == state:
        return cached[1]
    catalog = parse_catalog(_read_toml(path), str(path))
    if state is not None:
        _SHIPPED[str(path)] = (state, catalog)
    return catalog


def load_catalog(id_or_path: str | Path, overrides: Iterable[str | Path] = ()) -> Catalog:
    path = Path(id_or_path)
    if path.suffix:
        catalog = parse_catalog(_read_toml(path), str(path))
    else:
        catalog = _shipped_catalog(catalog_path(str(id_or_path)))
    for override in overrides:
        override_path = Path(override)
        catalog = apply_overrides(catalog, _read_toml(override_path), str(override_path))
    return catalog


def available_catalogs() -> list[str]:
    folder = assets_dir() / "catalogs"
    return sorted(p.stem for p in folder.glob("*.toml"))
