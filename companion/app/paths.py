"""Where the app keeps its own files: an environment variable names each, else the user's folders."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

APP_NAME = "shinpan"


def user_file(env: str, name: str, *, config: bool = False) -> Path:
    """`$env` when set (tests and portable installs), else NAME in the user's data (or config) folder."""
    override = os.environ.get(env)
    if override:
        return Path(override)
    from platformdirs import user_config_path, user_data_path

    folder = user_config_path(APP_NAME, appauthor=False) if config else user_data_path(APP_NAME, appauthor=False)
    return folder / name


def write_atomically(path: Path, data: bytes) -> None:
    """Written beside the real file, synced, then renamed over it: a crash or a full disk mid-write
    leaves the old file whole, never a partial one."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
