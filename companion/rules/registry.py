"""The one explicit list of rulesets, found by id or alias.

A built-in ruleset's module is imported the first time one of its names is asked for, and alone:
`shinpan replay` of a MACE record imports MACE, not all five rulesets and their card catalogs (issue 17:
a command starts in 150 ms). Which module answers to which names is read from
companion/rules/builtin_listing.py, which a test keeps equal to what the modules register.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from companion.rules.builtin_listing import BUILTIN_LISTING
from companion.rules.errors import UnknownRuleset
from companion.rules.listing import RulesetListing, listing_of

if TYPE_CHECKING:  # the contract is imported by the rulesets themselves, not needed to find one
    from companion.rules.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any]] = {}

# Each module registers its ruleset when imported; imported on first use, exactly once.
BUILTIN_MODULES: tuple[str, ...] = tuple(listing.module for listing in BUILTIN_LISTING)
_BUILTIN_BY_NAME: dict[str, RulesetListing] = {key: listing for listing in BUILTIN_LISTING for key in listing.names()}


def _is_from(ruleset: Ruleset[Any], module: str) -> bool:
    defined_in = type(ruleset).__module__
    return defined_in == module or defined_in.startswith(module + ".")


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    for key in (ruleset.id, *ruleset.aliases):
        holder = _RULESETS.get(key.casefold())
        if holder is not None and holder is not ruleset:
            raise ValueError(f"ruleset name {key!r} is taken by {holder.id}")
        # A built-in ruleset not imported yet holds its names all the same.
        builtin = _BUILTIN_BY_NAME.get(key.casefold())
        if builtin is not None and not _is_from(ruleset, builtin.module):
            raise ValueError(f"ruleset name {key!r} is taken by {builtin.id}")
        _RULESETS[key.casefold()] = ruleset
    return ruleset


def unregister(ruleset: Ruleset[Any]) -> None:
    """Remove a ruleset (used by tests that register a throwaway one)."""
    for key in [k for k, v in _RULESETS.items() if v is ruleset]:
        del _RULESETS[key]


def _load_builtin() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


def get_ruleset(name: str) -> Ruleset[Any]:
    key = name.strip().casefold()
    found = _RULESETS.get(key)
    if found is None and key in _BUILTIN_BY_NAME:
        importlib.import_module(_BUILTIN_BY_NAME[key].module)
        found = _RULESETS.get(key)
    if found is None:
        # Every module is imported before the name is refused: a listing gone stale only costs time, and
        # the error names every ruleset there is.
        _load_builtin()
        found = _RULESETS.get(key)
    if found is None:
        raise UnknownRuleset(name, {r.id for r in _RULESETS.values()})
    return found


def all_rulesets() -> list[Ruleset[Any]]:
    _load_builtin()
    unique = {id(r): r for r in _RULESETS.values()}
    return sorted(unique.values(), key=lambda r: r.id)


def ruleset_listings() -> list[RulesetListing]:
    """What `shinpan rules` shows of every ruleset, sorted by id like all_rulesets(), without importing the
    built-in ones: their listing is static data; a ruleset registered at run time is listed as it is."""
    builtin_ids = {listing.id for listing in BUILTIN_LISTING}
    registered = {id(r): r for r in _RULESETS.values() if r.id not in builtin_ids}
    listings = [*BUILTIN_LISTING, *(listing_of(r) for r in registered.values())]
    return sorted(listings, key=lambda listing: listing.id)
