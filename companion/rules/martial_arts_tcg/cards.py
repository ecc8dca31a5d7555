"""An owner's deck (T7): the cards he owns, their printed values, and the effects that apply by themselves.

The rulebook has no card list, so every card is entered by its owner: name, style, kind, Weapon or
Illegal Move, ATK, DEF, LNK, CPT, ADR cost, printed text, copies in the main deck and in the sideboard,
and optional declared effects. These are plain frozen values; `deck_toml` and `deck_csv` read and write
them, `check_deck` says what T6 finds wrong. The deck editor calls these functions directly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from companion.rules.text import hidden_character, normalise_name

STAT_MAX = 99
COPIES_MAX = 99  # what a file may say; T6's limit of 4 is a deck problem the check reports
NAME_MAX = 60
TEXT_MAX = 1000
MIN_MAIN_DECK = 50  # T6
MAX_COPIES = 4  # T6, by name, main deck and sideboard together (T26)
DECK_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,23}$")
CARD_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")


class Kind(StrEnum):
    ATTACK = "Attack"
    DEFENSE = "Defense"
    STRATEGY = "Strategy"
    EVENT = "Event"


class Special(StrEnum):
    NONE = ""
    WEAPON = "Weapon"
    ILLEGAL_MOVE = "Illegal Move"


class Verb(StrEnum):
    HEAL = "heal"
    DAMAGE = "damage"
    DRAW = "draw"
    DISCARD = "discard"
    ADR = "adr"
    CANCEL = "cancel"
    END_ATTACK = "end-attack"


class Who(StrEnum):
    SELF = "self"
    OPPONENT = "opponent"
    BOTH = "both"


# Who an effect reaches when the card does not say: the card's player for what helps, the opponent for
# what hurts; an Event always reaches both players (the rulebook: "they will always affect both").
_DEFAULT_WHO = {Verb.HEAL: Who.SELF, Verb.DRAW: Who.SELF, Verb.ADR: Who.SELF, Verb.DAMAGE: Who.OPPONENT,
                Verb.DISCARD: Who.OPPONENT, Verb.CANCEL: Who.OPPONENT, Verb.END_ATTACK: Who.OPPONENT}
_COUNTED = {Verb.HEAL, Verb.DAMAGE, Verb.DRAW, Verb.DISCARD, Verb.ADR}
_ALIASES = {"end the attack": "end-attack", "end attack": "end-attack", "cancel the next card": "cancel",
            "cancel next": "cancel"}
_EFFECT = re.compile(r"^(?P<verb>[a-z-]+)(?:\s+(?P<amount>[+-]?\d{1,2}))?(?:\s+(?P<who>self|opponent|both))?"
                     r"(?:\s+(?P<hit>on hit))?$")


class CardProblem(ValueError):
    """A value the deck cannot hold: names the field; the reader adds the file and card (or row)."""

    def __init__(self, field_name: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field_name
        self.reason = reason


@dataclass(frozen=True)
class Effect:
    """A declared effect (T7): applied by itself when its card is played (or, `on hit`, when it hits)."""

    verb: Verb
    amount: int = 0
    who: Who = Who.SELF
    on_hit: bool = False

    @property
    def text(self) -> str:
        amount = ""
        if self.verb in _COUNTED:
            amount = f" {self.amount:+d}" if self.verb is Verb.ADR else f" {self.amount}"
        return f"{self.verb.value}{amount} {self.who.value}" + (" on hit" if self.on_hit else "")


def parse_effect(text: str, kind: Kind = Kind.ATTACK) -> Effect:
    """`heal 2`, `damage 1 opponent`, `draw 1 both`, `adr +1`, `health -3`, `cancel`, `end-attack`, `… on hit`."""
    cleaned = " ".join(text.strip().lower().split())
    for long, short in _ALIASES.items():
        if cleaned.startswith(long):
            cleaned = short + cleaned[len(long):]
    found = _EFFECT.match(cleaned)
    words = "heal N, damage N, draw N, discard N, adr +N, adr -N, health +N, health -N, cancel, end-attack"
    if not found:
        raise CardProblem("effects", f"{text[:60]!r} is not an effect ({words}; then optionally self, opponent "
                          "or both, and 'on hit')")
    verb_text, amount_text = found["verb"], found["amount"]
    if verb_text == "health":
        if amount_text is None:
            raise CardProblem("effects", f"{text[:60]!r}: write health +N or health -N")
        verb_text, amount_text = ("heal", amount_text) if not amount_text.startswith("-") else \
            ("damage", amount_text[1:])
    try:
        verb = Verb(verb_text)
    except ValueError:
        raise CardProblem("effects", f"{found['verb']!r} is not an effect ({words})") from None
    amount = int(amount_text) if amount_text is not None else 0
    if verb in _COUNTED:
        if amount_text is None:
            raise CardProblem("effects", f"{text[:60]!r}: {verb.value} needs a number, e.g. '{verb.value} 2'")
        if verb is not Verb.ADR and amount < 0:
            raise CardProblem("effects", f"{text[:60]!r}: the number is at least 0")
    elif amount_text is not None:
        raise CardProblem("effects", f"{text[:60]!r}: {verb.value} takes no number")
    on_hit = found["hit"] is not None
    if on_hit and kind is not Kind.ATTACK:
        raise CardProblem("effects", f"{text[:60]!r}: only an Attack card hits")
    default = Who.BOTH if kind is Kind.EVENT else _DEFAULT_WHO[verb]
    return Effect(verb, amount, Who(found["who"]) if found["who"] else default, on_hit)


def slug(name: str) -> str:
    """A card's tag code from its name: 'Rising Knee!' -> 'rising-knee'."""
    words = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return words[:32].rstrip("-") or "card"


@dataclass(frozen=True)
class DeckCard:
    """One card the owner entered. Values the kind does not use stay None."""

    name: str
    kind: Kind
    style: str = ""
    special: Special = Special.NONE
    atk: int | None = None
    defense: int | None = None
    lnk: int | None = None
    cpt: int | None = None
    adr: int | None = None
    text: str = ""
    copies: int = 0
    sideboard: int = 0
    effects: tuple[Effect, ...] = ()
    card_id: str = ""  # the tag code; empty: made from the name

    @property
    def key(self) -> str:
        return normalise_name(self.name)

    @property
    def tag_id(self) -> str:
        return self.card_id or slug(self.name)

    @property
    def owned(self) -> int:
        return self.copies + self.sideboard


@dataclass(frozen=True)
class Deck:
    """An owner's deck: `deck_id` names it on tags (lower-case letters, digits, hyphens)."""

    deck_id: str
    name: str
    cards: tuple[DeckCard, ...] = ()
    owner: str = ""
    note: str = ""

    def card(self, name: str) -> DeckCard | None:
        key = normalise_name(name)
        return next((card for card in self.cards if card.key == key), None)

    @property
    def main_count(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class DeckProblem:
    """Something T6 forbids, with the card (if one) and the ruling."""

    message: str
    card: str | None = None
    ruling: str = "T6"

    def __str__(self) -> str:
        return f"{self.message} [{self.ruling}]"


# --- field checks shared by the TOML and CSV readers ------------------------------------------------


def check_label(field_name: str, value: object, *, required: bool, limit: int) -> str:
    if value is None or value == "":
        if required:
            raise CardProblem(field_name, "is required text")
        return ""
    if not isinstance(value, str):
        raise CardProblem(field_name, f"must be text, not {value!r}")
    text = value.strip()
    if len(text) > limit:
        raise CardProblem(field_name, f"is longer than {limit} characters")
    if field_name != "text" and (hidden := hidden_character(text)) is not None:
        raise CardProblem(field_name, f"holds an invisible or control character ({hidden})")
    return text


def check_number(field_name: str, value: object, *, high: int = STAT_MAX) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
            raise CardProblem(field_name, f"must be a whole number, not {value[:20]!r}")
        value = int(text)
    if not isinstance(value, int) or isinstance(value, bool):
        raise CardProblem(field_name, f"must be a whole number, not {value!r}")
    if value < 0:
        raise CardProblem(field_name, f"{value} is below 0; printed values are 0 or more (T1)")
    if value > high:
        raise CardProblem(field_name, f"{value} is above {high}")
    return value


def _choice(field_name: str, value: object, choices: Mapping[str, StrEnum]) -> StrEnum:
    text = value.strip().casefold() if isinstance(value, str) else value
    if text not in choices:
        shown = ", ".join(repr(str(c)) for c in dict.fromkeys(choices.values()) if str(c))
        raise CardProblem(field_name, f"{value!r} is not one of {shown}")
    return choices[str(text)]


_KINDS: Mapping[str, StrEnum] = {k.value.casefold(): k for k in Kind} | {"defence": Kind.DEFENSE}
_SPECIALS: Mapping[str, StrEnum] = {"": Special.NONE, "none": Special.NONE, "weapon": Special.WEAPON,
                                 "illegal move": Special.ILLEGAL_MOVE, "illegal-move": Special.ILLEGAL_MOVE}
# What each kind must print (T7): an Attack card all four numbers, a Defense card DEF and LNK, a
# Strategy card its ADR cost.
REQUIRED = {Kind.ATTACK: ("atk", "def", "lnk", "cpt"), Kind.DEFENSE: ("def", "lnk"), Kind.STRATEGY: ("adr",),
            Kind.EVENT: ()}
FIELDS = ("name", "style", "kind", "special", "atk", "def", "lnk", "cpt", "adr", "copies", "sideboard",
          "effects", "text", "id")


def build_card(raw: dict[str, object]) -> DeckCard:
    """A card from its fields as a file gives them (TOML values or CSV text); CardProblem names the field."""
    unknown = [key for key in raw if key not in FIELDS]
    if unknown:
        raise CardProblem(unknown[0], f"is not a card field (fields: {', '.join(FIELDS)})")
    name = check_label("name", raw.get("name"), required=True, limit=NAME_MAX)
    if "#" in name or ":" in name or "+" in name:
        raise CardProblem("name", "may not contain '#', ':' or '+' (they have a meaning in match records)")
    if "kind" not in raw or raw["kind"] in (None, ""):
        raise CardProblem("kind", "is required: Attack, Defense, Strategy or Event")
    kind = Kind(_choice("kind", raw["kind"], _KINDS))
    special = Special(_choice("special", raw.get("special", ""), _SPECIALS))
    numbers = {key: check_number(key, raw.get(key)) for key in ("atk", "def", "lnk", "cpt", "adr")}
    for key in REQUIRED[kind]:
        if numbers[key] is None:
            raise CardProblem(key, f"is required for {kind.value} cards (T7)")
    copies = check_number("copies", raw.get("copies"), high=COPIES_MAX) or 0
    sideboard = check_number("sideboard", raw.get("sideboard"), high=COPIES_MAX) or 0
    listed = raw.get("effects", ())
    if isinstance(listed, str):
        listed = [part for part in (p.strip() for p in listed.split(";")) if part]
    if not isinstance(listed, list | tuple) or not all(isinstance(e, str) for e in listed):
        raise CardProblem("effects", "must be a list of effects, e.g. [\"heal 2\", \"draw 1\"]")
    effects = tuple(parse_effect(str(text), kind) for text in listed)
    card_id = check_label("id", raw.get("id"), required=False, limit=32)
    if card_id and not CARD_ID.match(card_id):
        raise CardProblem("id", "is lower-case letters, digits and hyphens, at most 32")
    return DeckCard(name=name, kind=kind, style=check_label("style", raw.get("style"), required=False, limit=NAME_MAX),
                    special=special, atk=numbers["atk"], defense=numbers["def"], lnk=numbers["lnk"],
                    cpt=numbers["cpt"], adr=numbers["adr"],
                    text=check_label("text", raw.get("text"), required=False, limit=TEXT_MAX),
                    copies=copies, sideboard=sideboard, effects=effects, card_id=card_id)


def card_fields(card: DeckCard) -> dict[str, object]:
    """The card as the fields `build_card` reads, None where a value is not printed."""
    return {"name": card.name, "style": card.style, "kind": card.kind.value, "special": card.special.value,
            "atk": card.atk, "def": card.defense, "lnk": card.lnk, "cpt": card.cpt, "adr": card.adr,
            "copies": card.copies, "sideboard": card.sideboard, "effects": [e.text for e in card.effects],
            "text": card.text, "id": card.card_id}


def duplicate_problem(cards: tuple[DeckCard, ...]) -> tuple[int, str] | None:
    """The index of the first card whose name or tag code another card already has, and why."""
    names: set[str] = set()
    tags: set[str] = set()
    for index, card in enumerate(cards):
        if card.key in names:
            return index, "another card has the same name"
        if card.tag_id in tags:
            return index, f"another card has the tag code {card.tag_id!r}; give one an 'id'"
        names.add(card.key)
        tags.add(card.tag_id)
    return None


def check_deck(deck: Deck, *, anything_goes: bool = False) -> list[DeckProblem]:
    """What T6 (and T26 in Anything Goes) finds wrong with the deck; empty when it may be played."""
    problems: list[DeckProblem] = []
    main = deck.main_count
    if main < MIN_MAIN_DECK:
        problems.append(DeckProblem(f"the main deck holds {main} cards; a deck holds at least {MIN_MAIN_DECK}"
                                    + (" (the sideboard does not count, T26)" if anything_goes else "")))
    for card in deck.cards:
        if card.owned > MAX_COPIES:
            where = f" ({card.copies} in the deck, {card.sideboard} in the sideboard)" if card.sideboard else ""
            problems.append(DeckProblem(f"{card.name}: {card.owned} copies{where}; at most {MAX_COPIES} of a card "
                                        "by name", card.name))
        if card.special is not Special.NONE and card.copies:
            problems.append(DeckProblem(f"{card.name} is a {card.special.value} card: it stays in the sideboard "
                                        "(copies = 0, sideboard = N) and joins only in Anything Goes", card.name))
    return problems


@dataclass(frozen=True)
class PlayableCard:
    """A card as the engine uses it: the copies in play under the match's mode, numbers filled in."""

    name: str
    key: str
    kind: Kind
    special: Special
    atk: int
    defense: int
    lnk: int
    cpt: int
    adr: int
    copies: int
    effects: tuple[Effect, ...]
    on_play: tuple[Effect, ...] = field(default=())
    on_hit: tuple[Effect, ...] = field(default=())

    @property
    def cancels(self) -> bool:
        return any(e.verb is Verb.CANCEL for e in self.on_play)

    @property
    def ends_attack(self) -> bool:
        return any(e.verb is Verb.END_ATTACK for e in self.on_play)


def playable(card: DeckCard, *, anything_goes: bool) -> PlayableCard:
    copies = card.copies + (card.sideboard if anything_goes else 0)
    return PlayableCard(card.name, card.key, card.kind, card.special, card.atk or 0, card.defense or 0,
                        card.lnk or 0, card.cpt or 0, card.adr or 0, copies, card.effects,
                        tuple(e for e in card.effects if not e.on_hit), tuple(e for e in card.effects if e.on_hit))
