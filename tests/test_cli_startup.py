"""What keeps `shinpan --help`, `rules` and `replay` starting fast (issue 17; timed by benchmarks/startup.py):
they import none of the storage, app or scanning packages, `rules` imports no ruleset, and `replay` imports
its record's ruleset alone. The static data that makes this possible is checked against what it stands for:
the rulesets' listing (companion/rules/builtin_listing.py) and the commands of each CLI module. Catalogs are
made without pydantic validating them a second time: they are checked to be what its validation makes."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.main import COMMANDS_BY_MODULE, build_parser, main
from companion.rules import registry
from companion.rules.builtin_listing import BUILTIN_LISTING
from companion.rules.catalog import Catalog, available_catalogs, load_catalog
from companion.rules.errors import CatalogError
from companion.rules.listing import RulesetListing, listing_of, render_listing_module
from tests.conftest import REPO

# One record of each ruleset, named by its `ruleset:` line.
RECORDS = {
    "kendo-shiai": "docs/examples/kendo-shiai-match.shinpan",
    "kenpo-masters": "tests/rules/kenpo/records/play-example.shinpan",
    "mace": "docs/examples/mace-four-fighters.shinpan",
    "martial-arts-tcg": "docs/examples/martial-arts-tcg-match.shinpan",
    "musashi": "docs/examples/musashi-four-players.shinpan",
}
# Packages that take long to import and that none of these commands needs. `db.outcomes` is allowed: a
# tuple of words that `history --outcome` offers, kept apart from the database layer for --help.
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "flet", "cv2", "numpy", "PIL", "reportlab", "db", "cardscans",
         "companion.app")
LIGHT = {"db", "db.outcomes"}
LISTING_FILE = REPO / "companion" / "rules" / "builtin_listing.py"

# Runs the command as the installed entry point does, then reports every module it imported.
PROBE = (
    "import sys\n"
    "from companion.cli.main import main\n"
    "try:\n"
    "    code = main(sys.argv[1:])\n"
    "except SystemExit as exit:\n"  # --help exits from argparse
    "    code = exit.code\n"
    "sys.stdout.flush()\n"
    "sys.stderr.write('\\nexit ' + str(code) + '\\nloaded ' + ' '.join(sorted(sys.modules)) + '\\n')\n"
)


def imported_by(*args: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=REPO,
                            timeout=120, check=False)
    lines = result.stderr.splitlines()
    assert len(lines) >= 2 and lines[-2] == "exit 0", f"shinpan {' '.join(args)} failed: {result.stderr}"
    return set(lines[-1].removeprefix("loaded ").split())


def heavy_among(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded - LIGHT if any(m == heavy or m.startswith(heavy + ".") for heavy in HEAVY))


def test_the_records_here_are_of_the_ruleset_they_stand_for() -> None:
    for ruleset, record in RECORDS.items():
        assert f"ruleset: {ruleset}\n" in (REPO / record).read_text(encoding="utf-8")
    assert set(RECORDS) == {listing.id for listing in BUILTIN_LISTING}


@pytest.mark.parametrize("args", [("--help",), ("rules",), ("rules", "--json")])
def test_help_and_rules_import_no_heavy_package_no_ruleset_and_no_pydantic(args: tuple[str, ...]) -> None:
    loaded = imported_by(*args)
    assert heavy_among(loaded) == []
    assert sorted(set(registry.BUILTIN_MODULES) & loaded) == []
    assert "pydantic" not in loaded


@pytest.mark.parametrize("ruleset", sorted(RECORDS))
def test_replay_imports_no_heavy_package_and_its_own_ruleset_alone(ruleset: str) -> None:
    loaded = imported_by("replay", RECORDS[ruleset])
    assert heavy_among(loaded) == []
    module = next(listing.module for listing in BUILTIN_LISTING if listing.id == ruleset)
    assert sorted(set(registry.BUILTIN_MODULES) & loaded) == [module]


def test_the_listing_is_what_the_rulesets_register() -> None:
    """Rewrite the listing with SHINPAN_WRITE_LISTING=1 after changing a ruleset's names, players, options or
    revisions."""
    expected = render_listing_module(listing_of(ruleset) for ruleset in registry.all_rulesets())
    if os.environ.get("SHINPAN_WRITE_LISTING") == "1":
        LISTING_FILE.write_text(expected, encoding="utf-8")
    assert LISTING_FILE.read_text(encoding="utf-8") == expected, (
        "companion/rules/builtin_listing.py differs from the rulesets: rewrite it with "
        "`SHINPAN_WRITE_LISTING=1 .venv/bin/python -m pytest tests/test_cli_startup.py -k listing`"
    )
    assert tuple(listing.module for listing in BUILTIN_LISTING) == registry.BUILTIN_MODULES


def test_rules_prints_the_same_from_the_listing_as_from_the_rulesets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = []
    for source in (registry.ruleset_listings, registry.all_rulesets):
        monkeypatch.setattr(registry, "ruleset_listings", source)
        assert main(["rules"]) == 0 and main(["rules", "--json"]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]
    listed = json.loads(printed[0][printed[0].index("\n[") + 1:])  # the text form, then the JSON one
    assert [entry["id"] for entry in listed] == sorted(listing.id for listing in BUILTIN_LISTING)


# Finds every name of one ruleset in a fresh process, then reports which ruleset modules got imported.
LOOKUP = (
    "import sys\n"
    "from companion.rules.registry import BUILTIN_MODULES, get_ruleset\n"
    "found = {get_ruleset(name).id for name in sys.argv[1:]}\n"
    "print(' '.join(sorted(found)))\n"
    "print(' '.join(m for m in BUILTIN_MODULES if m in sys.modules))\n"
)


@pytest.mark.parametrize("listing", BUILTIN_LISTING, ids=lambda listing: listing.id)
def test_each_name_finds_its_ruleset_importing_that_ruleset_alone(listing: RulesetListing) -> None:
    spellings = [*listing.names(), f"  {listing.id.upper()} "]
    result = subprocess.run([sys.executable, "-c", LOOKUP, *spellings], capture_output=True, text=True, cwd=REPO,
                            timeout=120, check=True)
    assert result.stdout.splitlines() == [listing.id, listing.module]


def test_an_unknown_name_is_refused_naming_every_ruleset() -> None:
    with pytest.raises(Exception, match="known: kendo-shiai, kenpo-masters, mace, martial-arts-tcg, musashi"):
        registry.get_ruleset("no-such-game")


def test_a_built_in_name_is_taken_before_its_ruleset_is_imported() -> None:
    probe = (
        "import sys\n"
        "from companion.rules.registry import register\n"
        "from companion.rules.ruleset import Ruleset\n"
        "class Impostor(Ruleset):\n"
        "    id = 'impostor'\n"
        "    aliases = ('MACE',)\n"
        "Impostor.__abstractmethods__ = frozenset()\n"
        "try:\n"
        "    register(Impostor())\n"
        "except ValueError as error:\n"
        "    print(error)\n"
        "print('companion.rules.mace' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120,
                            check=True)
    assert result.stdout.splitlines() == ["ruleset name 'MACE' is taken by mace", "False"]


@pytest.mark.parametrize("module", sorted(COMMANDS_BY_MODULE))
def test_each_cli_module_registers_the_commands_main_lists_for_it(module: str) -> None:
    parser = argparse.ArgumentParser(prog="shinpan")
    subparsers = parser.add_subparsers(dest="command")
    importlib.import_module(module).register(subparsers)
    assert tuple(subparsers.choices) == COMMANDS_BY_MODULE[module]


def test_a_command_gets_the_same_parser_alone_as_among_all() -> None:
    whole = build_parser()
    commands = next(a for a in whole._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == [name for names in COMMANDS_BY_MODULE.values() for name in names]
    for command, full in commands.choices.items():
        alone = next(a for a in build_parser(command)._actions if isinstance(a, argparse._SubParsersAction))
        assert alone.choices[command].format_help() == full.format_help()


def test_a_shipped_catalog_is_what_pydantic_would_have_validated() -> None:
    for catalog_id in available_catalogs():
        catalog = load_catalog(catalog_id)
        assert Catalog.model_validate(catalog.model_dump()) == catalog
        assert load_catalog(catalog_id) is catalog  # parsed once a process while its file is unchanged


CATALOG_HEAD = '[catalog]\nid = "t"\nname = "T"\n'
ONE_CARD = '[[card]]\nid = "a"\nname = "A"\nkind = "k"\ncount = 1\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (CATALOG_HEAD + '[fields.power]\ntype = "float"\n' + ONE_CARD, "field 'power': field definition is invalid"),
        (CATALOG_HEAD + '[fields.power]\ntype = "int"\nmaximum = 3\n' + ONE_CARD, "unknown key 'maximum'"),
        (CATALOG_HEAD + '[fields.power]\ntype = "str"\nchoices = "MEN"\n' + ONE_CARD, "choices must be a list"),
        (CATALOG_HEAD + '[fields.power]\ntype = "str"\nchoices = [1, 2]\n' + ONE_CARD, "choices must be a list"),
        (CATALOG_HEAD + '[fields.power]\ntype = "int"\nmin = true\n' + ONE_CARD, "min must be a whole number"),
        (CATALOG_HEAD + '[fields.power]\ntype = "int"\nmax = "9"\n' + ONE_CARD, "max must be a whole number"),
        (CATALOG_HEAD + '[fields.power]\ntype = "int"\ndescription = 3\n' + ONE_CARD, "description must be text"),
        ('fields = 3\n' + CATALOG_HEAD + ONE_CARD, "[fields] must be a table"),
        ('[catalog]\nid = "t"\nname = "T"\nrulesets = "kendo-shiai"\n' + ONE_CARD, "rulesets must be a list"),
        ('[catalog]\nid = "t"\nname = "T"\nnotes = [1]\n' + ONE_CARD, "notes must be a list"),
    ],
)
def test_a_catalog_s_own_definitions_are_checked_by_hand_naming_the_field(
    tmp_path: Path, text: str, message: str
) -> None:
    """What FieldSpec's validation refused, and (like a card's values) a quoted or true/false bound, which it
    turned into a number."""
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=re.escape(message)):
        load_catalog(path)
