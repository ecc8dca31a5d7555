from __future__ import annotations

import pytest
import segno

from cardscans.decklist import catalog_cards
from cardscans.decoders import DecodedCode
from cardscans.identify import sighting_from_code
from cardscans.tagformat import TagError, check_character, decode_tag, encode_tag
from companion.rules.catalog import available_catalogs, load_catalog

SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))


def code(text: str) -> DecodedCode:
    return DecodedCode(text, SQUARE, "test")


def test_every_card_of_every_catalog_round_trips_and_fits_qr_version_2() -> None:
    assert "kendo-taikai" in available_catalogs()
    for catalog in map(load_catalog, available_catalogs()):
        for card in catalog.cards:
            for copy in (1, 5, 99):
                text = encode_tag(catalog.id, card.id, copy)
                payload = decode_tag(text)
                assert (payload.catalog, payload.card_id, payload.copy) == (catalog.id, card.id, copy)
                assert segno.make_qr(text, error="m", boost_error=False).version <= 2, text
    for card in catalog_cards("playing-cards"):
        assert segno.make_qr(encode_tag("playing-cards", card.card_id.lower(), 2), error="m").version <= 2


def test_check_character_catches_any_single_change_and_swaps() -> None:
    text = encode_tag("kendo-taikai", "hiki-kote", 3)
    body = text[:-2]
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
    for index, original in enumerate(body):
        for other in alphabet:
            if other != original:
                changed = body[:index] + other + body[index + 1:]
                assert check_character(changed) != text[-1], changed
    for index in range(len(body) - 1):
        a, b = body[index], body[index + 1]
        if a != b:
            swapped = body[:index] + b + a + body[index + 2:]
            assert check_character(swapped) != text[-1], swapped


def test_a_tag_becomes_a_card_sighting_with_its_copy() -> None:
    sighting = sighting_from_code(code(encode_tag("kendo-taikai", "men-kote", 4)))
    assert (sighting.kind, sighting.catalog, sighting.card_id, sighting.copy) == ("card", "kendo-taikai",
                                                                                  "men-kote", 4)
    assert sighting.to_dict()["polygon"] == [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]


@pytest.mark.parametrize(("text", "reason"), [
    ("https://example.com/shop?id=4", "not a Shinpan tag"),
    ("4006381333931", "not a Shinpan tag"),
    ("SP2/KT/MEN/1/X", "version 2"),
    ("SP1/KT/MEN/1", "damaged"),
    ("SP1/KT/MEN/1/0", "check character"),
    ("SP1/KT/NO-SUCH-CARD/1/" + check_character("SP1/KT/NO-SUCH-CARD/1"), "does not have"),
    ("SP1/XYZ/MEN/1/" + check_character("SP1/XYZ/MEN/1"), "not installed"),
    ("\x00\x01SP1\x7f" + "A" * 2000, "not a Shinpan tag"),
])
def test_other_codes_are_foreign_with_the_text_and_a_reason(text: str, reason: str) -> None:
    sighting = sighting_from_code(code(text))
    assert sighting.kind == "foreign"
    assert sighting.text == text and sighting.card_id is None
    assert reason in sighting.reason


def test_a_tag_for_another_catalog_is_foreign_when_the_table_plays_one_catalog() -> None:
    text = encode_tag("playing-cards", "qh", 1)
    assert sighting_from_code(code(text)).card_id == "QH"
    other = sighting_from_code(code(text), catalog="kendo-taikai")
    assert other.kind == "foreign" and "playing-cards" in other.reason


def test_impossible_tags_are_refused_when_written() -> None:
    with pytest.raises(TagError, match="copy"):
        encode_tag("kendo-taikai", "men", 100)
    with pytest.raises(TagError, match="lower-case"):
        encode_tag("kendo-taikai", "MEN/1", 1)
