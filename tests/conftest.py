"""Shared fixtures: the repository root and the `shinpan` command as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

# Property tests (tests/test_properties.py): bounded in the suite, long under `make fuzz`.
settings.register_profile("ci", max_examples=400, deadline=None, derandomize=True)
settings.register_profile("fuzz", max_examples=20_000, deadline=None)
settings.load_profile(os.environ.get("SHINPAN_HYPOTHESIS_PROFILE", "ci"))
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path in ../shared; skips the test when it is missing, except in CI where that is a failure."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        pytest.skip(f"{path} is not here (../shared exists only beside the project checkout)")
    return path


class Cli:
    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.env = env

    def run(self, *args: str, stdin: str | None = None, check: bool = False) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, **(self.env or {})}
        result = subprocess.run(
            [sys.executable, "-m", "companion", *args],
            input=stdin, capture_output=True, text=True, cwd=REPO, env=env, timeout=120,
        )
        if check and result.returncode != 0:
            raise AssertionError(f"shinpan {' '.join(args)} failed ({result.returncode}): {result.stderr}")
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json", check=True).stdout)


@pytest.fixture
def cli() -> Cli:
    return Cli()
