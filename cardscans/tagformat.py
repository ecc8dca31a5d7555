"""The Shinpan tag payload, version 1: `SP1/<catalog>/<card>/<copy>/<check>` (see docs/tags.md).

Every character is in QR's alphanumeric set (upper-case letters, digits, `-`, `/`), so a tag for
any card of the known catalogs fits QR version 2 at error-correction level M.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "SP"
VERSION = 1
MAX_COPY = 99
# Short codes keep tags at QR version 1-2; a catalog without one is written by its full id.
CATALOG_CODES: dict[str, str] = {
    "kendo-taikai": "KT",
    "kenpo-masters": "KM",
    "playing-cards": "PC",
    "mace-standard": "MS",
}
_CODE_TO_CATALOG = {code: catalog for catalog, code in CATALOG_CODES.items()}
CHECK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.$%*+:"  # 43 symbols: no '/', no space
_BODY_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-/"  # every character a tag body can hold
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# ASCII only: Python's \d also matches Arabic-Indic and full-width digits, which no printed tag holds.
_TAG = re.compile(r"^SP([0-9]+)/(.*)$", re.ASCII | re.DOTALL)
_V1 = re.compile(r"^SP1/([A-Z0-9][A-Z0-9-]*)/([A-Z0-9][A-Z0-9-]*)/([1-9][0-9]?)/(.)$", re.ASCII)  # as encode_tag writes


class TagError(ValueError):
    """A card that cannot be written as a tag, or text that is not a valid Shinpan tag."""


@dataclass(frozen=True)
class TagPayload:
    catalog: str
    card_id: str
    copy: int


def check_character(body: str) -> str:
    """Weighted sum modulo 43 (a prime above the 38 body symbols): in a body of up to 42 characters
    it catches any one changed character and any swap of two neighbours."""
    total = sum((index + 1) * _BODY_ALPHABET.index(char) for index, char in enumerate(body))
    return CHECK_ALPHABET[total % 43]


def encode_tag(catalog: str, card_id: str, copy: int = 1) -> str:
    for name, value in (("catalog", catalog), ("card id", card_id)):
        if not _ID.match(value):
            raise TagError(f"{name} {value!r} must be lower-case letters, digits and hyphens")
    if not 1 <= copy <= MAX_COPY:
        raise TagError(f"copy {copy} must be between 1 and {MAX_COPY}")
    code = CATALOG_CODES.get(catalog, catalog.upper())
    body = f"{PREFIX}{VERSION}/{code}/{card_id.upper()}/{copy}"
    return f"{body}/{check_character(body)}"


def is_shinpan_text(text: str) -> bool:
    """True when the text claims to be a Shinpan tag of some version (it may still be invalid)."""
    return bool(_TAG.match(text.strip()))


def decode_tag(text: str) -> TagPayload:
    """The payload of a valid tag; TagError saying why otherwise (never any other exception).

    Exactly what `encode_tag` writes: no surrounding spaces, no leading zero in the copy number, ASCII
    only; anything else was not printed by Shinpan and is not a card.
    """
    stripped = text.strip()
    head = _TAG.match(stripped)
    if not head:
        raise TagError("not a Shinpan tag")
    if stripped != text:
        raise TagError("a damaged Shinpan tag (spaces around it); reprint it")
    if head.group(1) != str(VERSION):
        raise TagError(f"a Shinpan tag of format version {head.group(1)}, which this version cannot read; "
                       "update Shinpan")
    match = _V1.match(stripped)
    if not match:
        raise TagError("a damaged Shinpan tag (its fields are malformed); reprint it")
    code, card, copy_text, check = match.groups()
    body = stripped[:-2]
    if check_character(body) != check:
        raise TagError("a damaged Shinpan tag (check character does not match); reprint it")
    copy = int(copy_text)
    if not 1 <= copy <= MAX_COPY:
        raise TagError(f"a Shinpan tag with copy number {copy}, outside 1-{MAX_COPY}; reprint it")
    catalog = _CODE_TO_CATALOG.get(code, code.lower())
    return TagPayload(catalog=catalog, card_id=card.lower(), copy=copy)
