"""Who may talk to the served app: the Origin and Host checks made before any session exists.

A browser lets any page open a websocket to any address, 127.0.0.1 included, and CORS does not cover
websockets; the browser does send the page's Origin. So the server compares that Origin with its own,
exactly (scheme, host, port: never a prefix or a pattern, which `trusted.example.com.evil.com` would
pass). A page that reaches the server under its own host name by DNS rebinding has a matching Origin
but names itself in Host, so Host must name this server too. A connection with no Origin at all is a
native client (the desktop and phone builds): a browser always sends one. docs/security.md has the
whole threat model.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass(frozen=True, order=True)
class Origin:
    """A web origin as a browser serializes it: scheme, host (lower case, no brackets), port."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = DEFAULT_PORTS.get(self.scheme)
        return f"{self.scheme}://{host}" if self.port == default else f"{self.scheme}://{host}:{self.port}"


class BadEdgeOption(ValueError):
    """An --allow-origin that is not exactly scheme://host[:port], or an --allow-host that is no host name."""


_HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


def _normal_host(host: str) -> str:
    host = host.strip().lower().rstrip(".")
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


def _is_host(host: str) -> bool:
    """A DNS name or an IP address: nothing a pattern or a wildcard could hide in."""
    return _ip(host) is not None or bool(_HOST_NAME.match(host))


def parse_origin(text: str) -> Origin | None:
    """The Origin header's value as an Origin, or None for `null`, a path, credentials or anything odd."""
    text = text.strip()
    if not text or any(ch.isspace() or ord(ch) < 0x21 or ord(ch) > 0x7E for ch in text):
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        return None
    if not _is_host(_normal_host(parts.hostname)):
        return None
    if parts.path or parts.query or parts.fragment or text.endswith(("?", "#")):
        return None
    return Origin(parts.scheme, _normal_host(parts.hostname), port if port is not None else DEFAULT_PORTS[parts.scheme])


def origin_option(text: str) -> Origin:
    """An --allow-origin value, checked: the same exact form a browser sends."""
    origin = parse_origin(text)
    if origin is None:
        raise BadEdgeOption(f"--allow-origin {text!r} is not an origin; give scheme://host[:port], "
                        "for example https://club.example.org (no path, no wildcard)")
    return origin


def parse_host_header(text: str) -> tuple[str, int | None] | None:
    """The Host header as (host, port or None), or None when it is not a host."""
    text = text.strip()
    if not text or any(ch.isspace() or ch in "/?#@\\" for ch in text):
        return None
    try:
        parts = urlsplit(f"//{text}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or not _is_host(_normal_host(parts.hostname)):
        return None
    return _normal_host(parts.hostname), port


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


@lru_cache(maxsize=256)
def is_local_address(host: str) -> bool:
    """True when `host` is an IP address of this machine: only those can be bound to."""
    address = _ip(host)
    if address is None:
        return False
    if address.is_loopback:
        return True
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((host, 0))
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class EdgePolicy:
    """The addresses and origins this server answers to; `refusal` says why a request is not one of them."""

    bind_host: str
    allowed_hosts: frozenset[str] = field(default_factory=frozenset)
    allowed_origins: frozenset[Origin] = field(default_factory=frozenset)

    @classmethod
    def make(cls, bind_host: str, allow_hosts: tuple[str, ...] = (),
             allow_origins: tuple[str, ...] = ()) -> EdgePolicy:
        hosts = frozenset(_normal_host(h) for h in allow_hosts)
        for host in sorted(hosts):
            if not _is_host(host):
                raise BadEdgeOption(f"--allow-host {host!r} is not a host name; give a name such as "
                                    "club.example.org or an address (no wildcard, no port)")
        return cls(_normal_host(bind_host), hosts, frozenset(origin_option(o) for o in allow_origins))

    def host_allowed(self, host: str) -> bool:
        if host in LOOPBACK_NAMES or host == self.bind_host or host in self.allowed_hosts:
            return True
        # Bound to every interface: any address of this machine, written as an address (a name could
        # be an attacker's, rebound to us; an address cannot).
        return self.bind_host in WILDCARD_HOSTS and is_local_address(host)

    def refusal(self, host_header: str | None, origin_header: str | None) -> str | None:
        """None when the request may go on; otherwise the reason, for one log line."""
        host = parse_host_header(host_header) if host_header is not None else None
        if host is None:
            return f"Host {host_header!r} is not a host"
        if not self.host_allowed(host[0]):
            return f"Host {host_header!r} is not this server (DNS rebinding?); add it with --allow-host"
        if origin_header is None:
            return None  # a native client (desktop or phone build): browsers always send Origin
        origin = parse_origin(origin_header)
        if origin is None:
            return f"Origin {origin_header[:80]!r} is not an origin"
        if origin in self.allowed_origins:
            return None
        own = Origin("http", host[0], host[1] if host[1] is not None else DEFAULT_PORTS["http"])
        if origin == own:
            return None
        return f"Origin {str(origin)!r} is not this server's; add it with --allow-origin"
