"""`shinpan serve` refuses bad addresses with one clear line and exit code 1 (the served app itself is
exercised by the browser tests, which start it through this very command)."""

from __future__ import annotations

import socket

import pytest

from companion.cli.main import main


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
