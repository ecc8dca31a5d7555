"""Whole numbers read from what a person or a file wrote: ASCII digits, bounded before conversion.

Python's int() accepts Arabic-Indic and full-width digits and refuses more than 4,300 digits with a
ValueError; both reached the rules from records and typed entries. Every number a record holds (a
seat label, an offer, a hex, a points entry, a copy, the seed) is read here, so each parser says in its
own words what is wrong instead of raising.
"""

from __future__ import annotations

MAX_DIGITS = 19  # 2**63 has 19 digits: nothing Shinpan stores is longer
SEED_MAX = 2**63 - 1  # the database's seed column is a signed 64-bit integer


def whole_number(text: str, low: int, high: int) -> int | None:
    """`text` as an integer within low..high, or None when it is not one (wrong digits, too long, out of range)."""
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in ("+", "-") else stripped
    if not digits or len(digits) > MAX_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    value = int(stripped)
    return value if low <= value <= high else None
