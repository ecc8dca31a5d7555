"""Which Shinpan release writes to the database, from the installed distribution's metadata, so that
`db/` depends on the rules core only and not on the app around it."""

from __future__ import annotations

import functools
from importlib.metadata import PackageNotFoundError, version


@functools.cache
def writer_version() -> str:
    try:
        return version("shinpan")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
