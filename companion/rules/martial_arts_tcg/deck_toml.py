"""Deck files as TOML: read and validated (errors name the file, card and field), written canonically.

    [deck]
    id = "tiger-example"                 # tag code: lower-case letters, digits, hyphens
    name = "Tiger (example deck)"
    owner = "Shinpan examples"
    note = "Made-up example cards"

    [[card]]
    name = "Straight Punch"
    style = "Example Karate"
    kind = "Attack"                      # Attack, Defense, Strategy, Event
    special = "Weapon"                   # optional: Weapon or Illegal Move (sideboard only, T6)
    atk = 3
    def = 1
    lnk = 3
    cpt = 2
    adr = 1                              # a Strategy card's ADR cost
    text = "printed text"
    copies = 4                           # in the main deck
    sideboard = 0                        # in the sideboard (joins in Anything Goes, T6, T26)
    effects = ["heal 1", "draw 1 on hit"]
    id = "punch"                         # optional tag code; default: made from the name

The canonical text `deck_to_toml` writes is what a match record embeds (content blocks, T7).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.rules.errors import CatalogError
from companion.rules.files import OWNER_FILE_MAX, FileRefused, read_limited
from companion.rules.martial_arts_tcg.cards import (
    DECK_ID,
    NAME_MAX,
    TEXT_MAX,
    CardProblem,
    Deck,
    DeckCard,
    build_card,
    card_fields,
    check_label,
    duplicate_problem,
)

_DECK_KEYS = ("id", "name", "owner", "note")


def deck_from_data(data: dict[str, Any], file: str) -> Deck:
    head = data.get("deck")
    if not isinstance(head, dict):
        raise CatalogError(file, "missing the [deck] table (id and name)")
    for key in head:
        if key not in _DECK_KEYS:
            raise CatalogError(file, f"[deck] has no key {key!r} (keys: {', '.join(_DECK_KEYS)})", None, key)
    extra = [key for key in data if key not in ("deck", "card")]
    if extra:
        raise CatalogError(file, f"unknown table {extra[0]!r}; a deck file holds [deck] and [[card]] entries")
    try:
        deck_id = check_label("id", head.get("id"), required=True, limit=24)
        name = check_label("name", head.get("name"), required=True, limit=NAME_MAX)
        owner = check_label("owner", head.get("owner"), required=False, limit=NAME_MAX)
        note = check_label("text", head.get("note"), required=False, limit=TEXT_MAX)
    except CardProblem as problem:
        raise CatalogError(file, f"[deck] {problem.reason}", None, problem.field) from None
    if not DECK_ID.match(deck_id):
        raise CatalogError(file, "[deck] id is lower-case letters, digits and hyphens, at most 24", None, "id")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CatalogError(file, "has no [[card]] entries")
    cards: list[DeckCard] = []
    for index, raw in enumerate(raw_cards, start=1):
        label = str(raw.get("name") or f"#{index}") if isinstance(raw, dict) else f"#{index}"
        if not isinstance(raw, dict):
            raise CatalogError(file, "is not a table", label)
        try:
            cards.append(build_card(raw))
        except CardProblem as problem:
            raise CatalogError(file, problem.reason, label[:NAME_MAX], problem.field) from None
    duplicate = duplicate_problem(tuple(cards))
    if duplicate is not None:
        index, reason = duplicate
        raise CatalogError(file, reason, cards[index].name, "name" if "name" in reason else "id")
    return Deck(deck_id=deck_id, name=name, cards=tuple(cards), owner=owner, note=note)


@lru_cache(maxsize=32)
def deck_from_toml(text: str, file: str = "deck") -> Deck:
    """A deck from TOML text; CatalogError names the file, the card and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(file, f"is not valid TOML: {error}") from None
    return deck_from_data(data, file)


def load_deck(path: str | Path) -> Deck:
    """Read a deck file (at most 1 MB, a regular file)."""
    where = str(path)
    try:
        text = read_limited(path, OWNER_FILE_MAX, "deck file").decode("utf-8-sig")
    except FileNotFoundError:
        raise CatalogError(where, "file not found") from None
    except FileRefused as error:
        raise CatalogError(where, str(error).removeprefix(f"{where}: ")) from None
    except UnicodeDecodeError:
        raise CatalogError(where, "is not UTF-8 text") from None
    except OSError as error:
        raise CatalogError(where, f"cannot be read ({error.strerror})") from None
    return deck_from_toml(text, where)


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    for char, written in (("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r")):
        escaped = escaped.replace(char, written)
    return '"' + "".join(ch if ord(ch) >= 0x20 and ord(ch) != 0x7F else f"\\u{ord(ch):04x}" for ch in escaped) + '"'


def _value(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, int):
        return str(value)
    return _string(str(value))


def deck_to_toml(deck: Deck) -> str:
    """The canonical text: fixed key order, values a kind does not use left out. Reads back equal."""
    lines = ["[deck]"]
    for key, text in (("id", deck.deck_id), ("name", deck.name), ("owner", deck.owner), ("note", deck.note)):
        if text:
            lines.append(f"{key} = {_value(text)}")
    for card in deck.cards:
        lines += ["", "[[card]]"]
        for key, value in card_fields(card).items():
            if value is None or value in ("", []) or (key == "sideboard" and value == 0):
                continue
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"


def save_deck(deck: Deck, path: str | Path) -> Path:
    """Write the deck's canonical TOML (a temporary file beside it, then replaced: no half-written deck)."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    temporary.write_text(deck_to_toml(deck), encoding="utf-8")
    temporary.replace(target)
    return target
