"""Catalogs are data validated on load; every error names file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.catalog import available_catalogs, load_catalog
from companion.rules.errors import CatalogError, UnknownCard


def test_the_kendo_taikai_catalog_holds_the_printed_deck() -> None:
    catalog = load_catalog("kendo-taikai")
    browns = catalog.of_kind("brown")
    assert len(browns) == 7 and sum(c.count.value for c in browns) == 25
    reds = catalog.of_kind("red")
    assert len(reds) == 16 and sum(c.count.value for c in reds) == 35  # the table's count (S8)
    assert catalog.find("MEN->KOTE").count.value == 4 and catalog.find("MEN>MEN").count.value == 3
    greens = {c.name for c in catalog.of_kind("green")}
    assert greens == {"JODAN NO KAMAE", "SEME", "TAI-JODAN", "MUSHIN", "OSHIDASHI", "MAKI WAZA", "TSUBAZERIAI",
                      "BOGYO", "KAIHI SURU", "TSUYOI KAMAE", "FUDOSHIN", "JIKAN DESU"}
    assert {c.name for c in catalog.of_kind("marker")} >= {"HAJIME / IPPON", "HANSOKU"}
    assert any("35" in note and "36" in note for note in catalog.notes)


def test_every_value_says_where_it_came_from() -> None:
    catalog = load_catalog("kendo-taikai")
    hiki_do = catalog.card("hiki-do")
    assert hiki_do.value("target") == "DO" and hiki_do.source("target") == "derived"  # S8's typo
    assert catalog.card("men").source("numbers") == "owner" and not catalog.card("men").known("numbers")
    assert catalog.card("seme").count.source == "owner"
    unknown = {(card.id, name) for card, name in catalog.unknown_values()}
    assert ("men", "numbers") in unknown and ("bogyo", "count") in unknown


def test_owner_values_are_filled_in_from_an_override_file(tmp_path: Path) -> None:
    override = tmp_path / "my-deck.toml"
    override.write_text('[override]\ncatalog = "kendo-taikai"\n[card.men]\nnumbers = [1, 2, 3, 4, 5]\n'
                        '[card.bogyo]\ncount = 4\n')
    catalog = load_catalog("kendo-taikai", overrides=[override])
    assert catalog.card("men").value("numbers") == (1, 2, 3, 4, 5)
    assert catalog.card("men").source("numbers") == "owner"
    assert catalog.card("bogyo").count.value == 4


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[card.men]\ncount = 9\n', "card 'men', field 'count': comes from the rulebook, not the owner"),
        ('[card.men]\nnumbers = [1, 9]\n', "card 'men', field 'numbers': 9 is above the most allowed, 5"),
        ('[card.nosuch]\ncount = 1\n', "card 'nosuch': no such card in kendo-taikai"),
        ('[override]\ncatalog = "kenpo"\n', "is for catalog 'kenpo'"),
    ],
)
def test_an_override_may_only_set_valid_owner_values(tmp_path: Path, body: str, message: str) -> None:
    override = tmp_path / "bad.toml"
    override.write_text(body)
    with pytest.raises(CatalogError) as raised:
        load_catalog("kendo-taikai", overrides=[override])
    assert message in str(raised.value) and "bad.toml" in str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not toml [", "is not valid TOML"),
        ('[[card]]\nid = "x"\n', "missing the [catalog] table"),
        ('[catalog]\nid = "t"\nname = "T"\n[[card]]\nid = "Bad Id"\nname = "A"\nkind = "k"\ncount = 1\n',
         "card 'Bad Id', field 'id'"),
        ('[catalog]\nid = "t"\nname = "T"\n[[card]]\nid = "a"\nname = "A"\nkind = "k"\n',
         "card 'a', field 'count': is required"),
        ('[catalog]\nid = "t"\nname = "T"\n[[card]]\nid = "a"\nname = "A"\nkind = "k"\ncount = 1\ncolour = 2\n',
         "card 'a', field 'colour': is not a field of this catalog"),
        ('[catalog]\nid = "t"\nname = "T"\n[fields.power]\ntype = "int"\n[[card]]\nid = "a"\nname = "A"\n'
         'kind = "k"\ncount = 1\npower = { source = "rulebook" }\n',
         "card 'a', field 'power': only an owner value may be left unknown"),
        ('[catalog]\nid = "t"\nname = "T"\n[fields.power]\ntype = "int"\n[[card]]\nid = "a"\nname = "A"\n'
         'kind = "k"\ncount = 1\npower = "high"\n', "card 'a', field 'power': must be a whole number"),
        ('[catalog]\nid = "t"\nname = "T"\n[[card]]\nid = "a"\nname = "A"\nkind = "k"\ncount = 1\n'
         '[[card]]\nid = "a"\nname = "B"\nkind = "k"\ncount = 1\n', "card 'a', field 'id': id is used twice"),
    ],
)
def test_a_broken_catalog_is_refused_with_file_card_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(CatalogError) as raised:
        load_catalog(path)
    assert str(raised.value).startswith(str(path)) and message in str(raised.value)


def test_every_shipped_catalog_loads() -> None:
    assert "kendo-taikai" in available_catalogs()
    for catalog_id in available_catalogs():
        assert load_catalog(catalog_id).cards


def test_an_unknown_card_suggests_the_nearest_names() -> None:
    with pytest.raises(UnknownCard) as raised:
        load_catalog("kendo-taikai").find("TSUBAZERIA")
    assert raised.value.suggestions[0] == "TSUBAZERIAI"
