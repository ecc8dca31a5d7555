"""`shinpan` with no command serves the app where there is no display; `shinpan serve` refuses bad
addresses with one clear line and exit code 1 (the served app itself is exercised by the browser
tests, which start it through this very command)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.cli.main import main
from tests.app.conftest import REPO, START_TIMEOUT, stop, wait_until_served


@pytest.mark.parametrize("port", ["0", "70000"])
def test_serve_refuses_a_port_number_outside_tcp(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 1
    assert capsys.readouterr().err.strip() == (
        f"shinpan: --port {port} is not a TCP port; give a number from 1 to 65535")


def test_serve_says_when_the_port_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and "try another --port" in err
    assert len(err.strip().splitlines()) == 1


def test_serve_says_when_the_host_is_not_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "no-such-host.invalid", "--port", "8551"]) == 1
    assert "'no-such-host.invalid' is not an address of this machine" in capsys.readouterr().err


def test_shinpan_with_no_command_serves_the_app_where_there_is_no_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env.update(SHINPAN_DATABASE_URL=str(tmp_path / "shinpan.db"), SHINPAN_SETTINGS=str(tmp_path / "s.json"),
               PYTHONUNBUFFERED="1")
    log = tmp_path / "shinpan.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion"], cwd=REPO, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        found = None
        while found is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"http://127\.0\.0\.1:\d+/", log.read_text())
            time.sleep(0.2)
        assert found, f"no address printed:\n{log.read_text()}"
        wait_until_served(found.group(0), process, log)
        with urllib.request.urlopen(found.group(0), timeout=5) as page:
            assert b"flutter" in page.read().lower()  # the Flet web build, not an error page
    finally:
        stop(process)
