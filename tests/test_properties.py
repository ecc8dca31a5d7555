"""Property-based tests (Hypothesis) of everything that reads input from outside (issue 20): the record
reader, the JSON import, the QR tag parser and the image decoder. Any input ends in a result or the
documented error, never another exception; a refused import leaves the database as it was.

Bounded for the suite by the `ci` profile (tests/conftest.py); `make fuzz` runs the `fuzz` profile, many
times longer. A failing input Hypothesis finds is kept below as an `@example`, a regular test forever.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image
from sqlmodel import Session, func, select

from cardscans.imageio import ImageError, decode_image_bytes, to_gray
from cardscans.tagformat import TagError, decode_tag, encode_tag
from companion.rules.errors import RulesError
from companion.rules.match import Match
from companion.rules.model import PlayerSpec
from companion.rules.record import load_record, write_record
from companion.rules.registry import get_ruleset
from db.engine import open_database
from db.errors import StorageError
from db.live import DurableMatch
from db.models import StoredMatch
from db.transfer import export_json, import_text

# Characters a hostile file is made of: record syntax, digits of other scripts, controls, invisibles.
HOSTILE = st.sampled_from([*":.,#=>-\n\t 0123456789\u0664\uff11\x00\u202e\u200b\U0001f94b\ufeff\r",
                           "MEN", "KOTE", "offer", "player: ", "option: ", "seed: ", "result: ", "9" * 30])


def _played(ruleset_id: str, players: list[str], seed: int, steps: int) -> Match:
    ruleset = get_ruleset(ruleset_id)
    sides = ruleset.sides
    specs = [PlayerSpec(name, sides[i % len(sides)] if sides else None) for i, name in enumerate(players)]
    match = Match(ruleset.make_setup(specs, {}, seed=seed, date="2026-11-25"))
    rng = random.Random(seed)
    for _ in range(steps):
        if match.outcome().finished:
            break
        match.push(rng.choice(match.legal_responses()).action)
    return match


@cache
def base_records() -> tuple[str, ...]:
    """Real records of real play in each ruleset (random legal play), the seeds the mutations start from."""
    matches = [_played("kendo-shiai", ["Aiko", "Ben"], 1, 40), _played("kenpo-masters", ["Adam", "Cullam"], 2, 25),
               _played("mace", ["Ann", "Ben", "Cy"], 3, 30)]
    return tuple(write_record(m.setup, m.actions, title="Club night") for m in matches)


def _mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    for position, cut, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + cut % 8:]
    return text


EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 7), st.lists(HOSTILE, max_size=3).map("".join)),
                 min_size=1, max_size=6)


@given(index=st.integers(0, 2), edits=EDITS)
@example(index=0, edits=[(0, 0, "seed: " + "9" * 30 + "\n")])
@example(index=1, edits=[(60, 0, "\x00")])
def test_a_mutated_record_replays_or_is_one_rules_error(index: int, edits: list[tuple[int, int, str]]) -> None:
    text = _mutate(base_records()[index], edits)
    try:
        match = load_record(text)
    except RulesError as error:
        assert str(error) and "Traceback" not in str(error)
        return
    assert match.outcome() is not None  # a record that reads is a match that answers


@given(text=st.text(max_size=400))
def test_any_text_is_a_record_or_one_rules_error(text: str) -> None:
    with contextlib.suppress(RulesError):  # the documented error; any other exception fails the test
        load_record(text)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Any:
    engine = open_database(f"sqlite:///{tmp_path_factory.mktemp('properties') / 'shinpan.db'}")
    for seed in range(2):
        live = DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=seed))
        for _ in range(12):
            live.push(random.Random(seed).choice(live.match.legal_responses()).action)
        live.close()
    yield engine
    engine.dispose()


@cache
def base_export(engine: Any) -> str:
    with Session(engine) as session:
        return json.dumps(export_json([1, 2], session=session))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.lists(HOSTILE, max_size=5)
    .map("".join) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
FIELDS = st.sampled_from(["ruleset", "format_version", "rules", "title", "seed", "date", "options", "players", "status",
                          "reason", "actions", "started_at", "finished_at", "redo", "app_version"])


def _stored(engine: Any) -> int:
    with Session(engine) as session:
        return int(session.exec(select(func.count()).select_from(StoredMatch)).one())


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=FIELDS, value=JSON_VALUES, where=st.integers(0, 1), action=st.integers(0, 11))
@example(field="seed", value=2**64, where=0, action=0)
@example(field="status", value="draw", where=0, action=0)
def test_a_mutated_json_export_imports_or_is_refused_with_the_database_unchanged(
        database: Any, field: str, value: Any, where: int, action: int) -> None:
    document = json.loads(base_export(database))
    match = document["matches"][where]
    if field == "actions" and isinstance(value, dict) and match["actions"]:
        match["actions"][action % len(match["actions"])].update(value)
    else:
        match[field] = value
    before = _stored(database)
    try:
        with Session(database) as session, session.begin():
            import_text(json.dumps(document), session=session, source="mutated.json")
    except StorageError as error:
        assert str(error).startswith("mutated.json"), str(error)
        assert _stored(database) == before
    else:
        assert _stored(database) in (before, before + 1)


@given(raw=st.binary(max_size=600))
def test_any_bytes_are_an_import_or_one_refusal(database: Any, raw: bytes) -> None:
    text = raw.decode("utf-8", errors="replace")
    before = _stored(database)
    try:
        with Session(database) as session, session.begin():
            import_text(text, session=session, source="bytes")
    except StorageError:
        assert _stored(database) == before


TAG_EDITS = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 2),
                               st.text(st.sampled_from(list("/0123456789AZ- \u0661\uff11\x00\u202e")), max_size=2)),
                     max_size=3)


@given(catalog=st.sampled_from(["kendo-taikai", "kenpo-masters", "mace-standard", "playing-cards", "my-deck"]),
       card=st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}", fullmatch=True), copy=st.integers(1, 99), edits=TAG_EDITS)
@example(catalog="kendo-taikai", card="men", copy=1, edits=[(12, 1, "\u0661")])
@example(catalog="kendo-taikai", card="men", copy=1, edits=[(0, 0, " ")])
@example(catalog="my-deck", card="p9eghoprw", copy=34, edits=[(12, 0, "-7")])  # found: a card id "-7p9..."
def test_a_mutated_tag_is_exactly_its_card_or_a_tag_error(
        catalog: str, card: str, copy: int, edits: list[tuple[int, int, str]]) -> None:
    text = encode_tag(catalog, card, copy)
    for position, cut, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + cut:]
    try:
        tag = decode_tag(text)
    except TagError:
        return
    # Only text exactly as Shinpan prints it names a card: the tag re-encodes to the very same text.
    assert encode_tag(tag.catalog, tag.card_id, tag.copy) == text


@given(text=st.text(max_size=80))
def test_any_text_is_a_tag_or_a_tag_error(text: str) -> None:
    with contextlib.suppress(TagError):  # the documented error; any other exception fails the test
        decode_tag(text)


@cache
def _encoded(kind: str) -> bytes:
    rng = np.random.default_rng(1)
    picture = Image.fromarray(rng.integers(0, 255, (48, 64, 3), dtype=np.uint8))
    buffer = io.BytesIO()
    picture.save(buffer, format=kind)
    return buffer.getvalue()


@given(kind=st.sampled_from(["PNG", "JPEG", "BMP", "WEBP"]), edits=st.lists(
    st.tuples(st.integers(0, 100_000), st.binary(min_size=0, max_size=4)), max_size=5), cut=st.integers(0, 100_000))
def test_a_mutated_image_decodes_or_is_one_image_error(kind: str, edits: list[tuple[int, bytes]], cut: int) -> None:
    data = bytearray(_encoded(kind))
    for position, replacement in edits:
        at = position % len(data)
        data[at:at + len(replacement)] = replacement
    data = data[: max(1, cut % (len(data) + 1))] if cut % 3 == 0 else data
    try:
        image = decode_image_bytes(bytes(data), "mutated")
    except ImageError as error:
        assert str(error).startswith("mutated:")
        return
    assert to_gray(image).ndim == 2


@given(raw=st.binary(max_size=300))
def test_any_bytes_are_an_image_or_one_image_error(raw: bytes) -> None:
    with contextlib.suppress(ImageError):  # the documented error; any other exception fails the test
        decode_image_bytes(raw, "bytes")


def test_the_fuzz_profile_is_registered() -> None:
    """`make fuzz` names a profile that must exist, or it would silently run the short one."""
    assert settings.get_profile("fuzz").max_examples >= 10 * settings.get_profile("ci").max_examples
    assert Path(__file__).name in (Path(__file__).parents[1] / "Makefile").read_text()
