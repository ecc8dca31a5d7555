"""Which QR decoders a platform's build carries, so each build runs exactly the chain it can ship.

A Flet phone build (`flet build apk` / `ipa`) installs binary packages from pypi.flet.dev, which
has pyzbar (with libzbar 0.23.93 bundled) and OpenCV but no zxing-cpp (docs/tags.md, "Decoders on
each platform"). Desktop builds and the web server install from PyPI and may lead with zxing-cpp.
"""

from __future__ import annotations

import sys

PHONE_PLATFORMS = frozenset({"android", "ios"})
PHONE_CHAIN: tuple[str, ...] = ("pyzbar", "opencv")
DESKTOP_CHAIN: tuple[str, ...] = ("zxing-cpp", "pyzbar", "opencv")


def decoder_chain_for(platform: str) -> tuple[str, ...]:
    """The decoder back-ends for a platform named as Flet's `page.platform` names it
    (android, ios, linux, macos, windows...): a phone gets exactly what its build can carry."""
    return PHONE_CHAIN if platform.strip().lower() in PHONE_PLATFORMS else DESKTOP_CHAIN


def running_platform() -> str:
    """The platform this Python process runs on, in `page.platform`'s words. The decoders run where
    Python runs: on the phone in a phone build, on the server when a phone's browser opens the web
    app (whose `page.platform` says android although the server has zxing-cpp)."""
    # PEP 738/730: sys.platform is "android"/"ios" from Python 3.13; the 3.12 back-ports Flet's
    # builds use keep "linux" on Android but add sys.getandroidapilevel.
    if sys.platform == "android" or hasattr(sys, "getandroidapilevel"):
        return "android"
    if sys.platform == "ios":
        return "ios"
    return {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
