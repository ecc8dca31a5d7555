"""A club night under load: referee sessions tapping once a second across several matches on one server.

    python benchmarks/club_load.py [--sessions 20] [--matches 10] [--seconds 300] [--browsers 4]
                                   [--postgres URL] [--json]

The server is the real `shinpan serve` (a subprocess, on loopback) on a fresh database, SQLite by
default, or PostgreSQL with --postgres (or $SHINPAN_TEST_POSTGRES_URL; each run gets its own schema).
The referee sessions are the server's own session code (the live screen's view-model over the store
with background writes, as `shinpan serve` makes it), two per match, one per player, each tapping a
legal response for its player once a second, all on one thread as the server's event loop runs
them. Besides them, --browsers headless Chromium phones use the served app itself, tapping between
Home and New match once a second. Figures:

- tap to stored: a referee's tap until its write is durable (the "Saving..." line gone); goal p95 <= 150 ms
- tap on the loop: how long a tap holds the shared event loop (every other phone waits that long)
- other phone: a tap until the other player's phone of the same match shows it
- board delay: a write until /board.json shows it; goal <= 1 s
- actions lost: stored actions missing from the database at the end (goal 0)
- Chromium tap to redraw in the real web build; the server's peak memory
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.report import Figure, emit, median, percentile
from companion.app.background_session import BackgroundSession
from companion.app.db_adapter import DbStore
from companion.app.viewmodels.live import LiveViewModel
from companion.rules.registry import get_ruleset
from db.engine import open_database
from db.live import DurableMatch

REPO = Path(__file__).resolve().parents[1]
TAP_GOAL_MS = 150.0
BOARD_GOAL_MS = 1000.0


@dataclass
class Referee:
    live: LiveViewModel
    seat: int
    match_index: int
    taps: int = 0


@dataclass
class Timings:
    stored: list[float] = field(default_factory=list)
    on_loop: list[float] = field(default_factory=list)
    other_phone: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    browser: list[float] = field(default_factory=list)


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(database: str, folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, SHINPAN_DATABASE_URL=database, SHINPAN_SETTINGS=str(folder / "settings.json"))
    log = (folder / "serve.log").open("wb")
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port)], cwd=REPO,
                              env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return server, url
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit(f"shinpan serve did not start: see {folder / 'serve.log'}")


def peak_memory_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def board_watcher(url: str, match_ids: list[int], seen: dict[int, list[tuple[int, float]]],
                  stop: threading.Event) -> None:
    """Poll the board as a TV does (but every 50 ms), noting when each match's action count changes."""
    last: dict[int, int] = {}
    while not stop.is_set():
        try:
            with urllib.request.urlopen(url + "board.json", timeout=5) as answer:
                board = json.loads(answer.read())
        except OSError:
            time.sleep(0.05)
            continue
        now = time.perf_counter()
        for shown in board["matches"]:
            count = shown.get("actions")
            if shown["id"] in match_ids and isinstance(count, int) and last.get(shown["id"]) != count:
                last[shown["id"]] = count
                seen.setdefault(shown["id"], []).append((count, now))
        time.sleep(0.05)


def browser_phones(url: str, count: int, seconds: float, timings: Timings, stop: threading.Event) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        pages = []
        for _ in range(count):
            page = browser.new_page(viewport={"width": 412, "height": 915})
            page.set_default_timeout(30_000)
            page.goto(url)
            page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
            page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
            page.get_by_role("button", name="New match").wait_for(timeout=60_000)
            pages.append(page)
        deadline = time.monotonic() + seconds
        on_new = [False] * count
        while time.monotonic() < deadline and not stop.is_set():
            for index, page in enumerate(pages):
                tap, expect = ("Home", "New match") if on_new[index] else ("New match", "Start match")
                started = time.perf_counter()
                page.get_by_role("button", name=tap, exact=True).first.click()
                page.get_by_role("button", name=expect, exact=True).first.wait_for()
                timings.browser.append((time.perf_counter() - started) * 1000)
                on_new[index] = not on_new[index]
            time.sleep(max(0.0, 1.0 - 0.05 * count))
        browser.close()


def rematch(engine: Any, store: DbStore, kendo: Any, referees: list[Referee], table: int, match_ids: list[int],
            played: dict[int, int]) -> None:
    """The table's finished match is put away (its length kept to check) and a new one begun by the same two
    referee sessions; the board watcher follows the new match id."""
    pair = [r for r in referees if r.match_index == table]
    finished = match_ids[table]
    played[finished] = max(len(r.live.match.actions) for r in pair)
    for referee in pair:
        referee.live.session.close()
    with DurableMatch.start(engine, kendo.make_setup([f"Red{table}", f"White{table}"], seed=table)) as first:
        match_ids[table] = first.match_id
    for referee in pair:
        referee.live = LiveViewModel(store.resume(str(first.match_id)), str(first.match_id))


def run(database: str, args: argparse.Namespace, label: str) -> list[Figure]:
    folder = Path(tempfile.mkdtemp(prefix="shinpan-club-load-"))
    server, url = start_server(database, folder)
    engine = open_database(database)
    store = DbStore(engine, "benchmark")
    store.background_writes = True
    kendo = get_ruleset("kendo-shiai")
    referees: list[Referee] = []
    match_ids: list[int] = []
    for index in range(args.matches):
        with DurableMatch.start(engine, kendo.make_setup([f"Red{index}", f"White{index}"], seed=index)) as first:
            match_ids.append(first.match_id)
        for seat in (0, 1):
            session = store.resume(str(match_ids[-1]))
            referees.append(Referee(LiveViewModel(session, str(match_ids[-1])), seat, index))
    referees = referees[: args.sessions]
    timings = Timings()
    stored_at: dict[tuple[int, int], float] = {}  # (match id, action count) -> when durable
    stop = threading.Event()
    seen: dict[int, list[tuple[int, float]]] = {}
    watcher = threading.Thread(target=board_watcher, args=(url, match_ids, seen, stop), daemon=True)
    watcher.start()
    phones = threading.Thread(target=browser_phones, args=(url, args.browsers, args.seconds, timings, stop),
                              daemon=True) if args.browsers else None
    if phones is not None:
        phones.start()
    rng = random.Random(1)
    waiting: list[tuple[Referee, float, int, int]] = []  # taps not yet stored: referee, tapped at, actions, match
    deadline = time.monotonic() + args.seconds
    next_round = time.monotonic()
    played: dict[int, int] = {}  # a finished match's id -> its actions, checked against the database at the end
    while time.monotonic() < deadline:
        for referee in referees:  # one "second" of the server's loop: every referee may tap once
            live = referee.live
            if live.finished:
                # A finished match is followed by the table's next one, so the load lasts the whole run.
                if not any(r.match_index == referee.match_index for r, _, _, _ in waiting):
                    rematch(engine, store, kendo, referees, referee.match_index, match_ids, played)
                continue
            if referee.seat not in live.match.to_act():
                continue
            choices = [i for i, r in enumerate(live.match.legal_responses()) if r.action.actor == referee.seat]
            if not choices:
                continue
            started = time.perf_counter()
            if live.choose(rng.choice(choices)):
                timings.on_loop.append((time.perf_counter() - started) * 1000)
                waiting.append((referee, started, len(live.match.actions), match_ids[referee.match_index]))
                referee.taps += 1
        next_round += 1.0
        while time.monotonic() < next_round:
            still = []
            for referee, tapped, count, match_id in waiting:
                session = referee.live.session
                assert isinstance(session, BackgroundSession)
                if session.unsaved == 0:
                    now = time.perf_counter()
                    timings.stored.append((now - tapped) * 1000)
                    stored_at[(match_id, count)] = now
                    other = next(r for r in referees if r.match_index == referee.match_index and r is not referee)
                    other_session = other.live.session
                    assert isinstance(other_session, BackgroundSession)
                    threading.Thread(target=_watch_other, args=(other_session, count, tapped, timings),
                                     daemon=True).start()
                else:
                    still.append((referee, tapped, count, match_id))
            waiting = still
            time.sleep(0.002)
    stop.set()
    if phones is not None:
        phones.join(60)
    for referee in referees:
        session = referee.live.session
        assert isinstance(session, BackgroundSession)
        session.wait_until_saved(10)
    lost = 0
    for match_id, actions in played.items():
        stored = DurableMatch.resume(engine, match_id)
        lost += max(0, actions - len(stored.match.actions))
        stored.close()
    for index, match_id in enumerate(match_ids):
        in_memory = next(r for r in referees if r.match_index == index).live.match.actions
        stored = DurableMatch.resume(engine, match_id)
        longest = max((r.live.match.actions for r in referees if r.match_index == index), key=len)
        lost += max(0, len(longest) - len(stored.match.actions))
        del in_memory
        stored.close()
    for match_id, changes in seen.items():
        for count, shown_at in changes:
            written = stored_at.get((match_id, count))
            if written is not None:
                timings.board.append(max(0.0, (shown_at - written) * 1000))
    memory = peak_memory_mib(server.pid)
    server.terminate()
    server.wait(10)
    engine.dispose()
    taps = sum(r.taps for r in referees)
    figures = [
        Figure(f"club {label}: taps by {len(referees)} sessions in {args.seconds:g} s", taps, "taps"),
        Figure(f"club {label}: tap to stored p50", median(timings.stored), "ms"),
        Figure(f"club {label}: tap to stored p95", percentile(timings.stored, 0.95), "ms", f"<= {TAP_GOAL_MS:g} ms",
               met=percentile(timings.stored, 0.95) <= TAP_GOAL_MS),
        Figure(f"club {label}: tap to stored p99", percentile(timings.stored, 0.99), "ms"),
        Figure(f"club {label}: tap on the loop p95", percentile(timings.on_loop, 0.95), "ms"),
        Figure(f"club {label}: other phone shows it p95",
               percentile(timings.other_phone, 0.95) if timings.other_phone else float("nan"), "ms", "<= 1000 ms"),
        Figure(f"club {label}: board delay p95", percentile(timings.board, 0.95) if timings.board else float("nan"),
               "ms", f"<= {BOARD_GOAL_MS:g} ms",
               met=bool(timings.board) and percentile(timings.board, 0.95) <= BOARD_GOAL_MS),
        Figure(f"club {label}: actions lost", lost, "actions", "0", met=lost == 0),
        Figure(f"club {label}: server peak memory", memory, "MiB"),
    ]
    if timings.browser:
        figures += [Figure(f"club {label}: Chromium tap to redraw p50", median(timings.browser), "ms"),
                    Figure(f"club {label}: Chromium tap to redraw p95", percentile(timings.browser, 0.95), "ms",
                           f"<= {TAP_GOAL_MS:g} ms", met=percentile(timings.browser, 0.95) <= TAP_GOAL_MS)]
    return figures


def _watch_other(session: BackgroundSession, count: int, tapped: float, timings: Timings) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if len(session.match.actions) >= count:
            timings.other_phone.append((time.perf_counter() - tapped) * 1000)
            return
        time.sleep(0.01)


def postgres_schema(base: str) -> tuple[str, Any]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(make_url(base).set(drivername="postgresql+psycopg"), pool_pre_ping=True)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})

    def drop() -> None:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    return url.render_as_string(hide_password=False), drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--browsers", type=int, default=4, help="headless Chromium phones (0: none)")
    parser.add_argument("--postgres", default=os.environ.get("SHINPAN_TEST_POSTGRES_URL"),
                        help="also run on this PostgreSQL server (default $SHINPAN_TEST_POSTGRES_URL)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.browsers and not Path("/usr/bin/chromium").exists():
        print("no /usr/bin/chromium: running without browser phones", file=sys.stderr)
        args.browsers = 0
    figures = run(f"sqlite:///{tempfile.mkdtemp(prefix='shinpan-club-')}/club.db", args, "sqlite")
    if args.postgres:
        url, drop = postgres_schema(args.postgres)
        try:
            figures += run(url, args, "postgresql")
        finally:
            drop()
    emit(figures, args.json)


if __name__ == "__main__":
    main()
