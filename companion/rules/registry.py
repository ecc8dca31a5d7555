"""The one explicit list of rulesets, found by id or alias."""

from __future__ import annotations

import importlib
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


# Each module registers its ruleset when imported; imported on first use, exactly once.
BUILTIN_MODULES = (
    "companion.rules.kendo_shiai",
    "companion.rules.mace",
    "companion.rules.kenpo",
    "companion.rules.musashi",
    "companion.rules.martial_arts_tcg",
)


def unregister(ruleset: Ruleset[Any]) -> None:
    """Remove a ruleset (used by tests that register a throwaway one)."""
    for key in [k for k, v in _RULESETS.items() if v is ruleset]:
        del _RULESETS[key]


def _load_builtin() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


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
