"""The one explicit list of rulesets, found by id or alias."""

from __future__ import annotations

from typing import Any

from companion.rules.errors import UnknownRuleset
from companion.rules.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    for key in (ruleset.id, *ruleset.aliases):
        holder = _RULESETS.get(key.casefold())
        if holder is not None and holder is not ruleset:
            raise ValueError(f"ruleset name {key!r} is taken by {holder.id}")
        _RULESETS[key.casefold()] = ruleset
    return ruleset


def _load_builtin() -> None:
    # Imported here so that each ruleset module registers itself exactly once, on first use.
    from companion.rules import kendo_shiai  # noqa: F401


def get_ruleset(name: str) -> Ruleset[Any]:
    _load_builtin()
    try:
        return _RULESETS[name.strip().casefold()]
    except KeyError:
        raise UnknownRuleset(name, {r.id for r in _RULESETS.values()}) from None


def all_rulesets() -> list[Ruleset[Any]]:
    _load_builtin()
    unique = {id(r): r for r in _RULESETS.values()}
    return sorted(unique.values(), key=lambda r: r.id)
