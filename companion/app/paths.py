"""Where the app keeps its own files: an environment variable names each, else the user's folders."""

from __future__ import annotations

import os
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
