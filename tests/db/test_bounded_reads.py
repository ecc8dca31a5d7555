"""Every file is checked before it is read (issue 20): `/dev/zero`, a sparse 3 GB file, a FIFO and a
folder given to `replay`, `legal`, `import`, `scan` and as owner values end at once in one line, through
a real `shinpan` process (a FIFO that blocked would hit the timeout and fail the test)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.db.test_cli_bad_input import shinpan

GB = 1024**3


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, str]:
    sparse = tmp_path / "sparse.shinpan"
    with sparse.open("wb") as handle:
        handle.truncate(3 * GB)  # 3 GB on paper, nothing on disk
    fifo = tmp_path / "fifo.shinpan"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.shinpan"
    folder.mkdir()
    return {"dev-zero": "/dev/zero", "sparse-3gb": str(sparse), "fifo": str(fifo), "folder": str(folder)}


SAYS = {"dev-zero": "not a regular file", "sparse-3gb": "may be at most", "fifo": "not a regular file",
        "folder": "folder"}


@pytest.mark.parametrize("kind", list(SAYS))
@pytest.mark.parametrize("command", ["replay", "legal", "import", "scan"])
def test_a_file_no_one_should_read_whole_is_refused_at_once(
        command: str, kind: str, hostile: dict[str, str], tmp_path: Path) -> None:
    argv = [command, hostile[kind]]
    if command == "import":
        argv += ["--database", str(tmp_path / "shinpan.db")]
    started = time.monotonic()
    result = shinpan(*argv, cwd=tmp_path)
    took = time.monotonic() - started
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    said = result.stderr + result.stdout
    assert SAYS[kind] in said, said
    assert took < 20, f"{command} {kind} took {took:.1f} s"


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "folder"])
def test_an_owner_values_option_naming_a_device_fifo_or_folder_is_one_line(
        kind: str, hostile: dict[str, str], tmp_path: Path) -> None:
    record = tmp_path / "owner.shinpan"
    record.write_text("ruleset: kenpo-masters\nplayer: Aiko\nplayer: Ben\n"
                      f"option: owner-values = {hostile[kind]}\n\n1. Aiko: starts\n", encoding="utf-8")
    result = shinpan("replay", str(record), cwd=tmp_path)
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and SAYS[kind] in result.stderr, result.stderr
