"""What `shinpan rules` shows of a ruleset, as plain data: read from companion/rules/builtin_listing.py for
the built-in rulesets, so listing them imports none (importing all five, with their card catalogs, takes
longer than the 150 ms a command may take to start, issue 17). tests/test_cli_startup.py keeps that file
equal to the rulesets themselves and rewrites it on request.

NamedTuples, not dataclasses: `dataclasses` costs a few milliseconds to import and nothing here needs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # a listing is made from a ruleset only by tests and for rulesets registered at run time
    from companion.rules.ruleset import Ruleset

OptionDefault = bool | int | str  # companion.rules.model.OptionValue, without importing the model


class OptionListing(NamedTuple):
    name: str
    default: OptionDefault
    description: str
    choices: tuple[OptionDefault, ...] = ()
    ruling: str = ""


class RulesetListing(NamedTuple):
    """The attributes of a Ruleset that the listing shows, under the same names, and the module that
    registers it when imported."""

    module: str
    id: str
    name: str
    aliases: tuple[str, ...]
    players_min: int
    players_max: int
    sides: tuple[str, ...]
    teams: bool
    catalog_id: str | None
    revision: int
    revisions: tuple[str, ...]
    options: tuple[OptionListing, ...]

    def names(self) -> tuple[str, ...]:
        """Every name the ruleset is found by, as the registry compares them."""
        return tuple(key.casefold() for key in (self.id, *self.aliases))


def listing_of(ruleset: Ruleset[Any]) -> RulesetListing:
    return RulesetListing(
        module=type(ruleset).__module__,
        id=ruleset.id,
        name=ruleset.name,
        aliases=tuple(ruleset.aliases),
        players_min=ruleset.players_min,
        players_max=ruleset.players_max,
        sides=tuple(ruleset.sides),
        teams=ruleset.teams,
        catalog_id=ruleset.catalog_id,
        revision=ruleset.revision,
        revisions=tuple(ruleset.revisions),
        options=tuple(
            OptionListing(o.name, o.default, o.description, tuple(o.choices), o.ruling) for o in ruleset.options
        ),
    )


def render_listing_module(listings: Iterable[RulesetListing]) -> str:
    """The source of companion/rules/builtin_listing.py for these listings: one field a line, so a changed
    option is a one-line difference (the repr of a NamedTuple of literals is valid Python)."""
    entries = "".join(_render_listing(listing) for listing in sorted(listings, key=lambda item: item.id))
    return (
        '"""The built-in rulesets as `shinpan rules` lists them, and the module that registers each: written by\n'
        "tests/test_cli_startup.py from the rulesets themselves (SHINPAN_WRITE_LISTING=1), never by hand.\"\"\"\n"
        "\n"
        "# An option's description stays on its one generated line, however long.\n"
        "# ruff: noqa: E501\n"
        "from companion.rules.listing import OptionListing, RulesetListing\n"
        "\n"
        "BUILTIN_LISTING: tuple[RulesetListing, ...] = (\n"
        f"{entries}"
        ")\n"
    )


def _render_listing(listing: RulesetListing) -> str:
    fields = "".join(
        f"        {name}={value!r},\n" for name, value in listing._asdict().items() if name != "options"
    )
    options = "".join(f"            {option!r},\n" for option in listing.options)
    return f"    RulesetListing(\n{fields}        options=(\n{options}        ),\n    ),\n"
