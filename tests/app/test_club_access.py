"""The club PIN without a server: hashed at rest, a signed cookie that expires and cannot be forged,
ten wrong PINs lock one client out for a minute, and `shinpan club pin` on a real SQLite file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.app.server.club_access import (
    LOCK_SECONDS,
    MAX_FAILURES,
    SESSION_SECONDS,
    BadPin,
    Lockout,
    SessionSigner,
    cookie_value,
    hash_pin,
    pin_matches,
)
from companion.cli.main import main
from db.club import PIN_HASH, read_setting
from db.engine import open_database


def test_a_pin_is_stored_as_a_salted_hash_that_only_the_pin_matches() -> None:
    stored = hash_pin("4321")
    assert "4321" not in stored and stored != hash_pin("4321")  # salted: the same PIN hashes differently
    assert pin_matches("4321", stored)
    assert not pin_matches("4322", stored) and not pin_matches("", stored) and not pin_matches("4321", "junk")


@pytest.mark.parametrize("pin", ["123", "1234567890123", "12a4", "١٢٣٤", "12 34"])
def test_a_pin_must_be_four_to_twelve_ascii_digits(pin: str) -> None:
    with pytest.raises(BadPin, match="4 to 12 digits"):
        hash_pin(pin)


def test_a_session_cookie_is_valid_until_it_expires_and_cannot_be_forged() -> None:
    signer = SessionSigner(b"k" * 32)
    token = signer.issue(now=1000.0)
    assert signer.valid(token, now=1000.0 + SESSION_SECONDS - 1)
    assert not signer.valid(token, now=1000.0 + SESSION_SECONDS + 1)
    expiry, nonce, mac = token.split(".")
    assert not signer.valid(f"{int(expiry) + 10**6}.{nonce}.{mac}", now=1000.0)  # a later expiry forged
    assert not SessionSigner(b"x" * 32).valid(token, now=1000.0)  # another club's key
    assert not signer.valid("", now=0) and not signer.valid(None, now=0) and not signer.valid("a.b", now=0)
    assert cookie_value(f"theme=dark; shinpan_club={token}; x=1") == token


def test_ten_wrong_pins_lock_one_client_out_for_a_minute() -> None:
    now = [0.0]
    lockout = Lockout(clock=lambda: now[0])
    left = [lockout.failed("10.0.0.5") for _ in range(MAX_FAILURES)]
    assert left[0] == MAX_FAILURES - 1 and left[-1] == 0
    assert lockout.wait_seconds("10.0.0.5") == pytest.approx(LOCK_SECONDS)
    assert lockout.wait_seconds("10.0.0.6") == 0  # another phone is not locked out
    now[0] = LOCK_SECONDS + 0.1
    assert lockout.wait_seconds("10.0.0.5") == 0


def test_shinpan_club_pin_stores_only_a_hash_and_refuses_a_bad_pin(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "club.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    assert main(["club", "pin", "--database", database]) == 1
    assert "4 to 12 digits" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("4321\n"))
    assert main(["club", "pin", "--database", database]) == 0
    engine = open_database(database)
    try:
        stored = read_setting(engine, PIN_HASH)
        assert stored is not None and "4321" not in stored and pin_matches("4321", stored)
    finally:
        engine.dispose()
    capsys.readouterr()
    assert main(["club", "status", "--database", database, "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"pin_set": true}'
