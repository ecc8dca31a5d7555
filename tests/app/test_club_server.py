"""A club server (`shinpan serve --host 0.0.0.0`), over real sockets on loopback with a real SQLite
file: a PIN made and printed at first start, the app closed to a browser without the PIN, refused on a
wrong one and locked after ten, open with the cookie a right one sets, shared by a second server process
on the same database; the spectator board open to all, showing matches in progress and no hidden card;
an unreachable database stopping the server before it starts (issue 15, docs/club.md)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session
from websockets.exceptions import InvalidStatus

from companion.cli.main import main
from companion.rules.record import read_record
from companion.rules.registry import get_ruleset
from companion.tournaments.model import make_setup
from db.engine import open_database
from db.live import DurableMatch
from db.tournaments import create_tournament, load_tournament, settle_pairing
from tests.app.conftest import REPO, free_port, stop
from tests.app.served import Served, flet_session_answers, login, open_ws, request, start_server
from tests.db.conftest import postgres_url  # noqa: F401 - the fixture, for the PostgreSQL test


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, str, Path]]:
    folder = tmp_path_factory.mktemp("club")
    served = start_server(folder, "--host", "0.0.0.0")
    try:
        found = re.search(r"Club PIN: (\d{6})", served.log.read_text())
        assert found, served.log.read_text()
        yield served, found.group(1), folder / "shinpan.db"
    finally:
        stop(served.process)


def test_the_app_asks_for_the_pin_before_any_session(club: tuple[Served, str, Path]) -> None:
    served, _, _ = club
    status, headers, _ = request(served, "/history")
    assert status == 303 and headers["location"] == "/club/login?next=/history"
    status, _, page = request(served, "/club/login")
    assert status == 200 and 'name="pin"' in page
    with pytest.raises(InvalidStatus) as refused, open_ws(served.ws, served.own_origin):
        pass
    assert refused.value.response.status_code == 403


def test_a_right_pin_opens_the_app_for_that_browser(club: tuple[Served, str, Path]) -> None:
    served, pin, _ = club
    status, cookie = login(served, pin)
    assert status == 303 and cookie is not None and cookie.startswith("shinpan_club=")
    assert request(served, "/", cookie=cookie)[0] == 200
    with open_ws(served.ws, served.own_origin, cookie=cookie) as ws:
        assert flet_session_answers(ws)


def test_wrong_pins_are_refused_then_the_client_is_locked_out_for_a_minute(tmp_path: Path) -> None:
    served = start_server(tmp_path, "--host", "0.0.0.0")
    try:
        pin = re.search(r"Club PIN: (\d{6})", served.log.read_text()).group(1)  # type: ignore[union-attr]
        wrong = "0000" if pin != "000000" else "1111"
        status, headers, page = request(served, "/club/login", data={"pin": wrong})
        assert status == 401 and "9 tries left" in page and "set-cookie" not in {k.lower() for k in headers}
        for _ in range(9):
            status, _, page = request(served, "/club/login", data={"pin": wrong})
        assert status == 429 and "waits one minute" in page
        status, cookie = login(served, pin)  # even the right PIN waits out the minute
        assert status == 429 and cookie is None
    finally:
        stop(served.process)


def test_a_second_server_on_the_same_database_shares_the_pin_and_the_sessions(
        club: tuple[Served, str, Path], tmp_path: Path) -> None:
    served, pin, database = club
    second = start_server(tmp_path, "--host", "0.0.0.0", database=str(database))
    try:
        assert "Club PIN:" not in second.log.read_text()  # the club already has one
        _, cookie = login(served, pin)
        with open_ws(second.ws, second.own_origin, cookie=cookie) as ws:
            assert flet_session_answers(ws)
    finally:
        stop(second.process)


def test_the_board_shows_matches_in_progress_without_a_pin_and_no_hidden_card(
        club: tuple[Served, str, Path]) -> None:
    served, _, database = club
    engine = open_database(str(database))
    mace = get_ruleset("mace")
    try:
        kendo = DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=1))
        record = read_record((REPO / "docs" / "examples" / "mace-three-fighters.shinpan").read_text())
        brawl = DurableMatch.start(engine, record.setup)
        for action in record.actions[:5]:  # Ann's Charge, 8C, lies face down on the table
            brawl.push(action)
        assert mace.format_action(brawl.match.actions[3]) == "charge 8C"
        status, _, text = request(served, "/board.json")
        assert status == 200
        board = json.loads(text)
        shown = {m["id"]: m for m in board["matches"]}
        assert [p["name"] for p in shown[kendo.match_id]["players"]] == ["Aiko", "Ben"]
        assert "IPPON 0" in shown[kendo.match_id]["players"][0]["facts"]
        assert [p["name"] for p in shown[brawl.match_id]["players"]] == ["Ann", "Ben", "Cal"]
        assert "8C" not in json.dumps(shown[brawl.match_id]), "the board shows the face-down Charge"
        status, _, page = request(served, "/board")
        assert status == 200 and "/board.json" in page
        kendo.close()
        brawl.close()
    finally:
        engine.dispose()


def test_the_board_shows_a_running_tournament_and_follows_its_results(club: tuple[Served, str, Path]) -> None:
    served, _, database = club
    engine = open_database(str(database))
    try:
        with Session(engine) as session, session.begin():
            cup = create_tournament(make_setup("Club cup", "kendo-shiai", "bracket", ["Aiko", "Ben", "Chie", "Dai"]),
                                    session=session)
        board = json.loads(request(served, "/board.json")[2])
        shown = {t["id"]: t for t in board["tournaments"]}[cup]
        assert shown["name"] == "Club cup" and shown["next"] == [["Aiko", "Dai"], ["Ben", "Chie"]]
        started = time.monotonic()
        with Session(engine) as session, session.begin():
            settle_pairing(load_tournament(cup, session=session), "Aiko", "Dai", "Aiko", session=session)
        while time.monotonic() - started < 5:  # the board follows within its 0.5 s poll
            shown = {t["id"]: t for t in json.loads(request(served, "/board.json")[2])["tournaments"]}[cup]
            if shown["next"] == [["Ben", "Chie"]]:
                break
            time.sleep(0.1)
        assert shown["next"] == [["Ben", "Chie"]]
        assert [(row["player"], row["place"]) for row in shown["standings"]][-1] == ("Dai", 3)
        assert "tournaments" in request(served, "/board")[2]
    finally:
        engine.dispose()


def test_an_unreachable_database_stops_the_server_before_it_starts(capsys: pytest.CaptureFixture[str]) -> None:
    closed_port = free_port()
    url = f"postgresql://nobody:secret@127.0.0.1:{closed_port}/club"
    assert main(["serve", "--port", str(free_port()), "--database", url]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("shinpan: cannot open the match database postgresql") and "the server was not started" in err
    assert "secret" not in err and len(err.splitlines()) == 1


def test_two_servers_on_one_postgresql_see_each_others_matches(request: pytest.FixtureRequest,
                                                               tmp_path: Path) -> None:
    url = request.getfixturevalue("postgres_url")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = start_server(tmp_path / "a", "--database", url)
    second = start_server(tmp_path / "b", "--database", url)
    engine = open_database(url)
    try:
        with DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=7)) as live:
            for served in (first, second):
                board = json.loads(request_board(served))
                assert [p["name"] for p in board["matches"][0]["players"]] == ["Aiko", "Ben"]
            live.push(live.match.legal_responses()[0].action)
            counts = {json.dumps(json.loads(request_board(s))["matches"][0]) for s in (first, second)}
            assert len(counts) == 1  # both rooms show the same state
    finally:
        engine.dispose()
        stop(first.process)
        stop(second.process)


def request_board(served: Served) -> str:
    status, _, text = request(served, "/board.json")
    assert status == 200
    return text
