"""The club PIN: hashed at rest, checked with a lock-out, and traded for a signed session cookie.

A served app beyond loopback is reachable by every phone on the network; the PIN is what separates
the club's referees from everyone else there. It is stored as a scrypt hash in the match database
(db/club.py), so every server process on one database shares it, and a changed PIN takes effect at
the next login without a restart. A browser that entered it gets a cookie signed with a key also kept
in the database; the cookie says only when it expires.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

PIN_PATTERN = re.compile(r"^[0-9]{4,12}$")
PIN_RULE = "a PIN is 4 to 12 digits (0-9)"
SESSION_SECONDS = 12 * 3600  # a club night
MAX_FAILURES = 10
LOCK_SECONDS = 60.0
COOKIE = "shinpan_club"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


class BadPin(ValueError):
    """A PIN that is not 4-12 ASCII digits."""


def check_pin_text(pin: str) -> str:
    if not PIN_PATTERN.match(pin):
        raise BadPin(f"{PIN_RULE}; nothing was changed")
    return pin


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(check_pin_text(pin).encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    try:
        kind, salt_hex, digest_hex = stored.split("$")
        salt, digest = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
    except ValueError:
        return False
    if kind != "scrypt" or not PIN_PATTERN.match(pin):
        return False
    return hmac.compare_digest(hashlib.scrypt(pin.encode(), salt=salt, **_SCRYPT), digest)


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def new_session_key() -> str:
    return secrets.token_hex(32)


@dataclass(frozen=True)
class SessionSigner:
    """Cookies of the form `<expiry>.<nonce>.<hmac>`: valid until expiry, unforgeable without the key."""

    key: bytes

    def _mac(self, body: str) -> str:
        return hmac.new(self.key, body.encode(), hashlib.sha256).hexdigest()

    def issue(self, now: float) -> str:
        body = f"{int(now) + SESSION_SECONDS}.{secrets.token_hex(8)}"
        return f"{body}.{self._mac(body)}"

    def valid(self, token: str | None, now: float) -> bool:
        if not token or len(token) > 200:
            return False
        body, _, mac = token.rpartition(".")
        expiry = body.split(".", 1)[0]
        if not expiry.isascii() or not expiry.isdigit() or len(expiry) > 12:
            return False
        return hmac.compare_digest(self._mac(body), mac) and int(expiry) > now


@dataclass
class Lockout:
    """Ten wrong PINs from one client lock it out for a minute (counted over the last minute)."""

    clock: Callable[[], float] = time.monotonic
    _failures: dict[str, deque[float]] = field(default_factory=dict)
    _locked_until: dict[str, float] = field(default_factory=dict)

    def wait_seconds(self, client: str) -> float:
        left = self._locked_until.get(client, 0.0) - self.clock()
        if left <= 0:
            self._locked_until.pop(client, None)
            return 0.0
        return left

    def failed(self, client: str) -> int:
        """Record a wrong PIN; how many tries are left before the lock-out."""
        now = self.clock()
        recent = self._failures.setdefault(client, deque())
        recent.append(now)
        while recent and now - recent[0] > LOCK_SECONDS:
            recent.popleft()
        if len(recent) >= MAX_FAILURES:
            self._locked_until[client] = now + LOCK_SECONDS
            recent.clear()
            return 0
        if len(self._failures) > 10_000:  # a scan from many addresses cannot grow memory without bound
            self._failures = {client: recent}
        return MAX_FAILURES - len(recent)

    def succeeded(self, client: str) -> None:
        self._failures.pop(client, None)


def cookie_value(header: str | None, name: str = COOKIE) -> str | None:
    """One cookie's value from a Cookie header."""
    for part in (header or "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None
