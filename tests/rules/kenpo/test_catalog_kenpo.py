"""The Kenpo Masters catalog: every card the rulebook names, values from K9 with their sources, and
the owner's override file, validated like the catalog (only owner values, never against K9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.catalog import load_catalog
from companion.rules.errors import CatalogError, InvalidSetup
from companion.rules.kenpo.cards import build_cards, kenpo_cards
from tests.conftest import REPO, Cli
from tests.rules.kenpo.helpers import OWNER_EXAMPLE, record_text

NAMED = {"Front Kick", "Jab", "Block", "Round Kick", "Hand Fake", "Spinning Backfist", "Back Round Kick",
         "Reverse Punch", "Side Kick", "Blitz", "Fast Footwork", "Hard Block", "Burst of Speed", "Change Sides"}


def test_every_card_the_rulebook_names_is_in_the_catalog() -> None:
    catalog = load_catalog("kenpo-masters")
    assert {c.name for c in catalog.cards} == NAMED
    assert {c.name for c in catalog.of_kind("effect")} == {"Hand Fake", "Burst of Speed", "Change Sides"}


def test_values_from_k9_with_their_sources() -> None:
    catalog = load_catalog("kenpo-masters")
    front_kick = catalog.card("front-kick")
    assert (front_kick.value("arrow-front"), front_kick.source("arrow-front")) == (5, "derived")
    assert front_kick.value("arrow-front-left") == 2 and front_kick.value("move-stand") == "+2"
    # No symmetry is assumed (K9): the front-right arrow is the owner's to enter.
    assert front_kick.source("arrow-front-right") == "owner" and not front_kick.known("arrow-front-right")
    assert catalog.card("back-round-kick").value("arrow-right") == 2
    assert catalog.card("reverse-punch").value("arrow-right") == 1
    assert catalog.card("spinning-backfist").value("arrow-left") == 2
    assert catalog.card("block").value("arrow-front") == -3
    assert catalog.card("block").value("prevents-at-least") == {"front-left": 2}
    assert catalog.card("blitz").value("move-stand") == "no"
    cards = kenpo_cards()
    assert [m for m, arrow in cards["hard-block"].moves.items() if arrow.allowed is not False] == ["stand"]
    assert cards["hard-block"].special["immediate-damage"] == 1
    assert cards["jab"].moves["forward"].bonus == 1
    assert cards["fast-footwork"].must_be_first and cards["fast-footwork"].never_comboed
    assert all(c.count.source == "owner" and not c.count.known for c in catalog.cards)


def test_the_owner_example_fills_every_unknown_value() -> None:
    catalog = load_catalog("kenpo-masters", [REPO / OWNER_EXAMPLE])
    assert catalog.unknown_values() == []
    assert sum(c.count.value for c in catalog.cards) == 26
    assert kenpo_cards(OWNER_EXAMPLE)["jab"].moves["back"].bonus == -2


def _override(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text('[override]\ncatalog = "kenpo-masters"\n' + body)
    return path


@pytest.mark.parametrize(("body", "words"), [
    ('[card.front-kick]\narrow-front = 6\n', ["front-kick", "arrow-front", "derived"]),
    ('[card.front-kick]\nqualifiers = ["Kick", "High"]\n', ["front-kick", "qualifiers", "High"]),
    ('[card.block]\narrow-front-left = -1\n', ["block", "arrow-front-left", "at least 2"]),
    ('[card.round-kick]\nmove-forward = "no"\n', ["round-kick", "move-forward", "allows"]),
    ('[card.jab]\nmove-back = "two"\n', ["jab", "move-back", "signed bonus"]),
    ('[card.side-kick]\ncombo = { onto = [] }\n', ["side-kick", "combo", "onto"]),
])
def test_a_bad_owner_file_is_refused_naming_card_and_field(tmp_path: Path, body: str, words: list[str]) -> None:
    path = _override(tmp_path, body)
    with pytest.raises(CatalogError) as caught:
        build_cards(load_catalog("kenpo-masters", [path]))
    for word in words:
        assert word in str(caught.value)


def test_owner_counts_must_make_the_26_card_deck(tmp_path: Path) -> None:
    ids = [c.id for c in load_catalog("kenpo-masters").cards]
    body = "".join(f"[card.{card}]\ncount = {3 if card == 'jab' else 2}\n" for card in ids)  # 3 + 13 * 2 = 29
    with pytest.raises(CatalogError, match="add up to 29, not the deck's 26"):
        build_cards(load_catalog("kenpo-masters", [_override(tmp_path, body)]))


def test_a_missing_owner_file_is_a_clear_setup_error(cli: Cli, tmp_path: Path) -> None:
    with pytest.raises(InvalidSetup, match="not found"):
        kenpo_cards("no-such-deck.toml")
    record = tmp_path / "game.shinpan"
    record.write_text(record_text("Cullam: starts").replace(
        "player: Adam, side red", "player: Adam, side red\noption: owner-values = no-such-deck.toml"))
    result = cli.run("replay", str(record))
    assert result.returncode != 0 and "no-such-deck.toml" in result.stderr and "Traceback" not in result.stderr
