"""Limits of the stored text fields, checked before anything reaches the database.

The lengths are the columns' (db/models.py): PostgreSQL enforces them, SQLite does not, so both
are held to them here. Control characters (a newline above all) would break the line-based
record files a match is exported to, and bidi overrides or zero-width characters make two names that
look alike differ, so titles, dates and names refuse them.
"""

from __future__ import annotations

from typing import Any

from companion.rules.text import hidden_character

TITLE_MAX = 200
NAME_MAX = 100
DATE_MAX = 32
SIDE_MAX = 32
TEAM_MAX = 64


def has_control_character(text: str) -> bool:
    """A control, format (NUL, bidi override, zero-width) or line-separator character: see rules/text.py."""
    return hidden_character(text) is not None


def text_problem(value: Any, limit: int, *, optional: bool = True) -> str | None:
    """Why `value` cannot be stored in a text column of `limit` characters; None when it can."""
    if value is None:
        return None if optional else "is missing"
    if not isinstance(value, str):
        return f"must be text{' or null' if optional else ''}, not {type(value).__name__} {value!r}"
    if len(value) > limit:
        return f"is {len(value)} characters long; at most {limit} are allowed"
    if has_control_character(value):
        return (f"contains an invisible or control character ({hidden_character(value)}, such as a line break, "
                f"NUL or right-to-left override): {value[:60]!r}")
    return None


def options_problem(value: Any) -> str | None:
    """Why `value` is not a rules-options object (names to numbers, text, true/false or null)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return f"must be an object of option names to values, not {type(value).__name__}"
    for key, item in value.items():
        if not isinstance(key, str) or not (item is None or isinstance(item, str | int | float | bool)):
            return f"option {key!r} must be a number, text, true/false or null, not {type(item).__name__}"
    return None
