"""Characters that change how text looks without being seen: refused in names, sides, titles and dates.

A NUL, a line break, a right-to-left override (U+202E) or a zero-width space in a player's name would
make two names that look the same differ, reorder what a referee reads, or break a one-line record
header. Unicode's categories say which they are: controls (Cc), format characters (Cf, the bidi
overrides and zero-width ones among them), line and paragraph separators (Zl, Zp), lone surrogates (Cs).
"""

from __future__ import annotations

import re
import unicodedata

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def hidden_character(text: str) -> str | None:
    """The first invisible or control character in `text`, written as U+XXXX; None when there is none."""
    for ch in text:
        if unicodedata.category(ch) in HIDDEN_CATEGORIES:
            return f"U+{ord(ch):04X}"
    return None


_NAME_SEPARATORS = re.compile(r"[ \t\-_/>\u2192.']")


def normalise_name(text: str) -> str:
    """Card names compare without case, spaces, hyphens or arrows: 'Maki-waza' == 'MAKI WAZA'.

    Any other character stays, so a name with a NUL, an emoji or a right-to-left override inside
    matches no card (it used to be dropped and the name matched).
    """
    return _NAME_SEPARATORS.sub("", text.upper())
