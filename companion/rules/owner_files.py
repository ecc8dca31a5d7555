"""Where an owner's file (Kenpo owner values, later deck lists) may be opened from, by whom (issue 20).

A record or a typed rules option names the file. On the command line that is the user's own machine
and his own path: any file is his to name, and a relative name is looked for beside the record first.
The app is different: a served app's New match and resumed matches take the name from whoever is at
the other end of the network, and opening it (even to say "not valid TOML at line 1") tells him which
files exist and their shape. So the app restricts owner files to its own folders: what the Decks
screen saved, and the examples shipped with Shinpan. Outside them the answer is the same whether the
file exists or not.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from companion.rules.errors import InvalidSetup
from companion.rules.files import assets_dir

_restricted_to: tuple[Path, ...] | None = None  # None: the command line's "any file of mine"
_beside: ContextVar[tuple[Path, ...]] = ContextVar("owner_files_beside", default=())


def shipped_folders() -> tuple[Path, ...]:
    """The owner files Shinpan ships: assets/owner-values/ and the examples in docs/examples/."""
    return assets_dir() / "owner-values", assets_dir().parent / "docs" / "examples"


def open_owner_files_only_under(*folders: Path) -> None:
    """From now on in this process, open owner files only in `folders` and the shipped ones (the app
    calls this once at start with its owner-values folder)."""
    global _restricted_to
    _restricted_to = tuple(folder.resolve() for folder in (*folders, *shipped_folders()))


def open_any_owner_file() -> None:
    """Back to the command line's default (tests that start an app in-process call it when done)."""
    global _restricted_to
    _restricted_to = None


@contextmanager
def owner_files_beside(folder: Path) -> Iterator[None]:
    """While replaying a record from `folder`, a relative owner file is looked for there first."""
    token = _beside.set((folder, *_beside.get()))
    try:
        yield
    finally:
        _beside.reset(token)


def _allowed(path: Path) -> bool:
    if _restricted_to is None:
        return True
    resolved = path.resolve()
    return any(resolved.is_relative_to(folder) for folder in _restricted_to)


def resolve_owner_file(name: str) -> Path:
    """The file an owner-values option names: an absolute path, or a name beside the record being
    replayed, in assets/owner-values/, or under the project folder. Raises InvalidSetup when there is
    none, or (in the app) when it lies outside the app's own folders."""
    path = Path(name)
    folders = (*_beside.get(), assets_dir() / "owner-values", assets_dir().parent)
    candidates = [path] if path.is_absolute() else [folder / path for folder in folders]
    allowed = [candidate for candidate in candidates if _allowed(candidate)]
    if not allowed:
        raise InvalidSetup(f"owner values file {name[:80]!r} is not one the app may open: it opens only the "
                           "values saved on its Decks screen - enter them there and choose them in New match")
    for candidate in allowed:
        if candidate.exists():
            return candidate.resolve()
    raise InvalidSetup(f"owner values file {name[:80]!r} not found; give an absolute path, or a path beside the "
                       "record, or put it in assets/owner-values/")
