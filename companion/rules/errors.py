"""Typed errors of the rules core: each names where and why, and the ruling behind it."""

from __future__ import annotations

from collections.abc import Iterable


class RulesError(Exception):
    """Base of every error the rules core raises on bad input."""


class IllegalAction(RulesError):
    """An action the rules forbid now. `ruling` is the rule number (e.g. "S3")."""

    def __init__(self, reason: str, ruling: str) -> None:
        super().__init__(f"{reason} [{ruling}]")
        self.reason = reason
        self.ruling = ruling


class UnknownCard(RulesError):
    """A card name that is in no catalog, with the nearest names as suggestions."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        import difflib  # imported when a name is wrong, not by every command that can raise one (issue 17)

        self.name = name
        self.suggestions = tuple(difflib.get_close_matches(name.upper(), list(known), n=3, cutoff=0.5))
        hint = f"; did you mean {' or '.join(self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")


class MalformedAction(RulesError):
    """Action text that the ruleset's notation cannot read."""


class UnknownRuleset(RulesError):
    def __init__(self, name: str, known: Iterable[str]) -> None:
        import difflib  # as in UnknownCard: only when a name is wrong

        known_list = sorted(known)
        close = difflib.get_close_matches(name, known_list, n=2, cutoff=0.4)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        super().__init__(f"unknown ruleset {name!r}{hint} (known: {', '.join(known_list)})")


class InvalidSetup(RulesError):
    """Options or players that the ruleset does not accept."""


class RecordError(RulesError):
    """A match record line that cannot be read or replayed; carries the 1-based line number."""

    def __init__(self, line_number: int, reason: str, ruling: str | None = None) -> None:
        where = f"line {line_number}: " if line_number else ""
        rule = f" [{ruling}]" if ruling else ""
        super().__init__(f"{where}{reason}{rule}")
        self.line_number = line_number
        self.reason = reason
        self.ruling = ruling


class CatalogError(RulesError):
    """A catalog or override file that fails validation: file, card and field are named."""

    def __init__(self, file: str, reason: str, card: str | None = None, field: str | None = None):
        where = file
        if card:
            where += f", card {card!r}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.card = card
        self.field = field
        self.reason = reason
