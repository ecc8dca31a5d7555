"""The Kenpo Masters cards as the engine sees them: the catalog, checked further, with owner values.

Every question about a card answers True, False or None; None means the value is an `owner` value
not yet entered (K9). The engine never refuses a play for a value it cannot see (KPD1).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from companion.rules.catalog import Catalog, Sourced, apply_overrides, load_catalog
from companion.rules.content import canonical
from companion.rules.errors import CatalogError, InvalidSetup, UnknownCard
from companion.rules.files import OWNER_FILE_MAX, FileRefused, read_limited
from companion.rules.kenpo.geometry import DIRECTIONS, MOVES, mirror
from companion.rules.owner_files import resolve_owner_file
from companion.rules.text import normalise_name

CATALOG_ID = "kenpo-masters"
DECK_SIZE = 26
QUALIFIERS = ("Hard", "Fast", "Spinning", "Rushing", "High", "Block", "Punch", "Kick", "Movement", "Effect")
_BONUS = re.compile(r"^[+-]?\d+$")
_MATCHER_KEYS = {"any", "qualifiers", "without", "card"}
_COMBO_KEYS = {"on", "takes", "never", "first"}
_SPECIAL_KEYS = {"double-if-blocked", "next-attack-bonus", "immediate-damage", "break-first-after-forward",
                 "mirror", "combine-any-two", "moves-again", "blocked-only-moving"}

Tri = bool | None


@dataclass(frozen=True)
class Matcher:
    """One 'a card that is ...' clause of a combo text."""

    any: bool = False
    qualifiers: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    card: str | None = None

    def describe(self) -> str:
        if self.any:
            return "any card"
        if self.card:
            return self.card
        parts = [q for q in self.qualifiers] + [f"non-{q}" for q in self.without]
        return " ".join(parts) + " card"


@dataclass(frozen=True)
class MoveArrow:
    """A movement arrow: `allowed` is None when unknown; `bonus` is None when unknown."""

    allowed: Tri
    bonus: int | None


@dataclass(frozen=True)
class KenpoCard:
    id: str
    name: str
    kind: str  # action or effect (K8)
    qualifiers: tuple[str, ...] | None
    implied: tuple[str, ...] = ()
    implied_not: tuple[str, ...] = ()
    moves: dict[str, MoveArrow] = field(default_factory=dict)
    arrows: dict[str, int | None] = field(default_factory=dict)
    at_least: dict[str, int] = field(default_factory=dict)
    combo: dict[str, Any] | None = None
    special: dict[str, Any] = field(default_factory=dict)
    special_known: bool = True

    @property
    def is_action(self) -> bool:
        return self.kind == "action"

    def has(self, qualifier: str) -> Tri:
        if self.qualifiers is not None:
            return qualifier in self.qualifiers
        if qualifier in self.implied:
            return True
        if qualifier in self.implied_not:
            return False
        return None

    @cached_property
    def is_defence(self) -> bool:
        """A Block card prevents damage at the end of its own turn and never stays to deal damage (KPD6)."""
        return self.has("Block") is True

    @cached_property
    def is_movement(self) -> bool:
        return self.is_action and not self.arrows

    @cached_property
    def is_attack(self) -> bool:
        return self.is_action and not self.is_defence and not self.is_movement

    def move(self, move: str, mirrored: bool = False) -> MoveArrow:
        if not self.is_action:
            return MoveArrow(False, None)
        return self.moves[mirror(move) if mirrored else move]

    def arrow(self, where: str, mirrored: bool = False) -> int | None:
        return self.arrows.get(mirror(where) if mirrored else where, 0)

    def prevents_at_least(self, where: str, mirrored: bool = False) -> int:
        return self.at_least.get(mirror(where) if mirrored else where, 0)

    def matcher_list(self, key: str) -> tuple[Matcher, ...] | None:
        if self.combo is None:
            return None
        return tuple(self.combo.get(key, ()))

    @property
    def never_comboed(self) -> bool:
        return bool(self.combo and self.combo.get("never"))

    @property
    def must_be_first(self) -> bool:
        return bool(self.combo and self.combo.get("first"))

    def matches(self, matcher: Matcher) -> Tri:
        """Whether this card is what `matcher` describes; None when its qualifiers are unknown."""
        if matcher.any:
            return True
        if matcher.card is not None:
            return matcher.card == self.id
        verdicts = [self.has(q) for q in matcher.qualifiers] + [
            None if self.has(q) is None else not self.has(q) for q in matcher.without]
        if any(v is False for v in verdicts):
            return False
        return None if any(v is None for v in verdicts) else True


# --- reading and checking the catalog ------------------------------------------------------------


def _fail(catalog: Catalog, card: str, field_name: str, reason: str) -> CatalogError:
    return CatalogError(catalog.path, reason, card, field_name)


def _matchers(catalog: Catalog, card: str, field_name: str, raw: Any, known: set[str]) -> tuple[Matcher, ...]:
    if not isinstance(raw, list):
        raise _fail(catalog, card, field_name, "must be a list of matchers like { qualifiers = [\"Kick\"] }")
    found = []
    for item in raw:
        if not isinstance(item, dict) or not set(item) <= _MATCHER_KEYS:
            raise _fail(catalog, card, field_name, f"matcher {item!r} takes only {', '.join(sorted(_MATCHER_KEYS))}")
        for key in ("qualifiers", "without"):
            bad = [q for q in item.get(key, []) if q not in QUALIFIERS]
            if bad:
                raise _fail(catalog, card, field_name, f"{bad[0]!r} is not a qualifier ({', '.join(QUALIFIERS)})")
        if item.get("card") is not None and item["card"] not in known:
            raise _fail(catalog, card, field_name, f"no card {item['card']!r} in the catalog")
        found.append(Matcher(bool(item.get("any", False)), tuple(item.get("qualifiers", ())),
                             tuple(item.get("without", ())), item.get("card")))
    return tuple(found)


def _move_arrow(catalog: Catalog, card: str, move: str, entry: Sourced | None, implied: bool) -> MoveArrow:
    name = f"move-{move}"
    if entry is None:
        raise _fail(catalog, card, name, "an Action card lists every movement arrow (write { source = \"owner\" })")
    if entry.value is None:
        return MoveArrow(True if implied else None, None)
    text = str(entry.value).strip().lower()
    if text == "no":
        if implied:
            raise _fail(catalog, card, name, "the rulebook shows this card allows the move (K9)")
        return MoveArrow(False, None)
    if _BONUS.match(text):
        return MoveArrow(True, int(text))
    raise _fail(catalog, card, name, f"{entry.value!r} is not 'no' or a signed bonus like +2 or +0")


def _combo(catalog: Catalog, card: str, raw: dict[str, Any], known: set[str]) -> dict[str, Any]:
    extra = set(raw) - _COMBO_KEYS
    if extra:
        keys = ", ".join(sorted(_COMBO_KEYS))
        raise _fail(catalog, card, "combo", f"unknown key {sorted(extra)[0]!r} (keys: {keys})")
    combo: dict[str, Any] = {k: bool(raw.get(k, False)) for k in ("never", "first")}
    for key in ("on", "takes"):
        combo[key] = _matchers(catalog, card, f"combo.{key}", raw.get(key, []), known)
    return combo


def _special(catalog: Catalog, card: str, raw: dict[str, Any], known: set[str]) -> dict[str, Any]:
    extra = set(raw) - _SPECIAL_KEYS
    if extra:
        keys = ", ".join(sorted(_SPECIAL_KEYS))
        raise _fail(catalog, card, "special", f"unknown key {sorted(extra)[0]!r} (keys: {keys})")
    special = dict(raw)
    if "double-if-blocked" in raw:
        special["double-if-blocked"] = _matchers(catalog, card, "special", [raw["double-if-blocked"]], known)[0]
    bonus = raw.get("next-attack-bonus")
    if bonus is not None and not (isinstance(bonus, dict) and isinstance(bonus.get("bonus"), int)
                                  and isinstance(bonus.get("otherwise", 0), int)
                                  and bonus.get("qualifier") in QUALIFIERS):
        raise _fail(catalog, card, "special", "next-attack-bonus is { qualifier = Q, bonus = N, otherwise = M }")
    if not isinstance(raw.get("immediate-damage", 0), int):
        raise _fail(catalog, card, "special", "immediate-damage is a whole number")
    return special


def _check_consistency(catalog: Catalog, view: KenpoCard) -> None:
    if view.qualifiers is not None:
        missing = [q for q in view.implied if q not in view.qualifiers]
        wrong = [q for q in view.implied_not if q in view.qualifiers]
        if missing or wrong:
            reason = f"must include {missing[0]}" if missing else f"cannot include {wrong[0]}"
            raise _fail(catalog, view.id, "qualifiers", f"{reason}: the rulebook shows it (K9)")
    for where, least in view.at_least.items():
        value = view.arrows.get(where)
        if value is not None and -value < least:
            raise _fail(catalog, view.id, f"arrow-{where}",
                        f"the rulebook shows it prevents at least {least}, so it is -{least} or lower (K9)")


def build_cards(catalog: Catalog) -> dict[str, KenpoCard]:
    known = {c.id for c in catalog.cards}
    cards: dict[str, KenpoCard] = {}
    for card in catalog.cards:
        if card.kind not in ("action", "effect"):
            raise _fail(catalog, card.id, "kind", "is action or effect (K8)")
        quals = card.value("qualifiers")
        moves: dict[str, MoveArrow] = {}
        arrows: dict[str, int | None] = {}
        if card.kind == "action":
            implied_moves = card.value("implied-moves", ())
            moves = {m: _move_arrow(catalog, card.id, m, card.values.get(f"move-{m}"), m in implied_moves)
                     for m in MOVES}
            present = [d for d in DIRECTIONS if f"arrow-{d}" in card.values]
            if present and len(present) != len(DIRECTIONS):
                raise _fail(catalog, card.id, "arrows", "list all eight arrows, or none for a Movement card")
            arrows = {d: card.value(f"arrow-{d}") for d in present}
        elif any(k.startswith(("move-", "arrow-")) for k in card.values):
            raise _fail(catalog, card.id, "kind", "Effect cards never move and have no arrows (K8)")
        at_least = card.value("prevents-at-least", {}) or {}
        if any(d not in DIRECTIONS or not isinstance(v, int) or v < 0 for d, v in at_least.items()):
            raise _fail(catalog, card.id, "prevents-at-least", "is direction = whole number >= 0")
        raw_combo = card.value("combo")
        raw_special = card.value("special")
        view = KenpoCard(
            id=card.id, name=card.name, kind=card.kind,
            qualifiers=tuple(quals) if quals is not None else None,
            implied=tuple(card.value("implied-qualifiers", ())),
            implied_not=tuple(card.value("implied-not-qualifiers", ())),
            moves=moves, arrows=arrows, at_least=dict(at_least),
            combo=None if raw_combo is None else _combo(catalog, card.id, raw_combo, known),
            special={} if raw_special is None else _special(catalog, card.id, raw_special, known),
            special_known=raw_special is not None or "special" not in card.values,
        )
        _check_consistency(catalog, view)
        cards[card.id] = view
    counts = [c.count.value for c in catalog.cards]
    if all(n is not None for n in counts) and sum(counts) != DECK_SIZE:
        raise CatalogError(catalog.path, f"the card counts add up to {sum(counts)}, not the deck's {DECK_SIZE}")
    return cards


def kenpo_cards(owner_values: str = "") -> dict[str, KenpoCard]:
    """The cards, with an owner's values applied (option owner-values): the file's text itself, which a
    match carries from rules revision 2 (KPD15), or the path a revision-1 match named."""
    if not owner_values:
        return _cards_from(None, 0)
    if is_owner_values_text(owner_values):
        return _cards_from_text(owner_values)
    path = resolve_owner_file(owner_values)
    return _cards_from(path, path.stat().st_mtime_ns)


def is_owner_values_text(value: str) -> bool:
    """Owner values carried as text end with a line end (content.canonical); a path never holds one."""
    return "\n" in value


def owner_values_content(value: str) -> str:
    """The owner values a revision-2 match carries (KPD15): the text of the file `value` names, or
    `value` itself when it is already the text, checked against the catalog and made canonical.
    InvalidSetup naming the option when the file is missing, too large, not TOML or sets a value the
    catalog does not leave to the owner."""
    if is_owner_values_text(value):
        text = value
    else:
        path = resolve_owner_file(value)
        try:
            text = read_limited(path, OWNER_FILE_MAX, "owner values file").decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidSetup(f"option owner-values: {path.name} is not UTF-8 text") from None
        except (OSError, FileRefused) as error:
            raise InvalidSetup(f"option owner-values: {error}") from None
    text = canonical(text)
    try:
        _cards_from_text(text)
    except CatalogError as error:
        raise InvalidSetup(f"option owner-values: {error}") from None
    return text


@lru_cache(maxsize=8)
def _cards_from_text(text: str) -> dict[str, KenpoCard]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError("owner values", f"is not valid TOML: {error}") from None
    return build_cards(apply_overrides(load_catalog(CATALOG_ID), data, "owner values"))


@lru_cache(maxsize=8)
def _cards_from(path: Path | None, modified: int) -> dict[str, KenpoCard]:
    # `modified` is part of the cache key: an owner file edited while the app runs is read again.
    catalog = load_catalog(CATALOG_ID, [path] if path else [])
    return build_cards(catalog)


@lru_cache(maxsize=1)
def _lookup() -> dict[str, str]:
    return load_catalog(CATALOG_ID).name_index()


def card_id(name: str) -> str:
    """A card's id from any spelling of its name; raises UnknownCard with the nearest names."""
    found = _lookup().get(normalise_name(name))
    if found is None:
        raise _unknown_card(name, [c.name for c in kenpo_cards().values()])
    return found


def _unknown_card(name: str, names: list[str]) -> UnknownCard:
    """The core compares upper-case names; Kenpo's are mixed case, so suggestions are mapped back."""
    by_upper = {n.upper(): n for n in names}
    error = UnknownCard(name, list(by_upper))
    error.suggestions = tuple(by_upper[s] for s in error.suggestions)
    hint = f"; did you mean {' or '.join(error.suggestions)}?" if error.suggestions else ""
    error.args = (f"unknown card {name!r}{hint}",)
    return error
