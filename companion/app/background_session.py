"""A live match whose database writes run on a thread of its own, for the served app.

On a server every phone's taps share one event loop: a write that waits for a locked or slow database
(up to SQLite's 10 s busy timeout) would freeze every phone. Here a tap changes the match in memory at
once (the rules check it first, so an illegal play is refused at once), and the write follows on this
session's writer thread, in order. The screen says how many changes are not yet stored; a failed write
is said on this phone only and retried, the unsaved changes kept. Another phone's change to the same
match is noticed within POLL_SECONDS and shown here; a tap made on an older version is refused by the
database (the match's revision) and this phone is told what the other recorded first.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from companion.rules.match import Match, Step
from companion.rules.model import Action, Event
from db.errors import MatchChangedElsewhere
from db.live import DurableMatch

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5  # how soon another phone's change shows here
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)
DRAIN_SECONDS = 1.5  # at shutdown, how long queued writes get to finish

_live_sessions: weakref.WeakSet[BackgroundSession] = weakref.WeakSet()


@dataclass(frozen=True)
class Change:
    kind: Literal["push", "undo", "redo"]
    action: Action | None = None


def copy_of(match: Match) -> Match:
    """An independent Match in the same place, redo list included."""
    copy = Match(match.setup, match.actions)
    copy.restore_redo(match.redo_actions)
    return copy


class BackgroundSession:
    """A LiveSession (companion.app.storage) over a DurableMatch that only its writer thread touches."""

    def __init__(self, durable: DurableMatch, *, poll_seconds: float = POLL_SECONDS) -> None:
        self._durable = durable
        self._match = copy_of(durable.match)
        self._changes: deque[Change] = deque()
        self._lock = threading.Lock()  # the in-memory match and the queue
        self._db_lock = threading.Lock()  # the DurableMatch; always taken before _lock
        self._wake = threading.Event()
        self._closed = False
        self._poll_seconds = poll_seconds
        self.problem = ""  # the last write that failed and is being retried, for this phone only
        self._notice = ""  # what another phone did, said once
        self.listener: Callable[[], None] | None = None  # told (from the writer thread) when to redraw
        self._thread = threading.Thread(target=self._run, name=f"shinpan-writes-{durable.match_id}", daemon=True)
        _live_sessions.add(self)
        self._thread.start()

    # --- the LiveSession interface, called on the app's event loop ------------------------------

    @property
    def match(self) -> Match:
        return self._match

    @property
    def unsaved(self) -> int:
        return len(self._changes)

    def take_notice(self) -> str:
        notice, self._notice = self._notice, ""
        return notice

    def push(self, action: Action) -> tuple[Event, ...]:
        with self._lock:
            events = self._match.push(action)  # IllegalAction here: refused at once, nothing queued
            self._queue(Change("push", action))
        return events

    def undo(self) -> Step:
        with self._lock:
            step = self._match.undo()
            self._queue(Change("undo"))
        return step

    def redo(self) -> Step:
        with self._lock:
            step = self._match.redo()
            self._queue(Change("redo"))
        return step

    def reload(self) -> None:
        """Throw away what is not stored and show the match as the database has it."""
        with self._db_lock, self._lock:
            self._changes.clear()
            self._durable.reload()
            self._match = copy_of(self._durable.match)
            self.problem = ""

    def wait_until_saved(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self._changes and time.monotonic() < deadline and self._thread.is_alive():
            time.sleep(0.01)
        return not self._changes

    def close(self) -> None:
        self._closed = True
        self._wake.set()

    @property
    def following(self) -> bool:
        """The writer still runs: storing what is queued, or watching for other phones' changes."""
        return self._thread.is_alive()

    # --- the writer thread ------------------------------------------------------------------------

    def _queue(self, change: Change) -> None:
        self._changes.append(change)
        self._wake.set()

    def _tell(self) -> None:
        listener = self.listener
        if listener is not None:
            try:
                listener()
            except Exception as error:  # a phone that left cannot be redrawn: nothing to do
                log.debug("no redraw: %s", error)

    def _run(self) -> None:
        failures = 0
        while not (self._closed and not self._changes):
            self._wake.wait(self._poll_seconds)
            self._wake.clear()
            if not self._changes:
                self._follow_other_phones()
                continue
            while self._changes:
                try:
                    with self._db_lock:
                        if not self._changes:  # reload() dropped them meanwhile
                            break
                        self._write(self._changes[0])
                        with self._lock:
                            self._changes.popleft()
                except MatchChangedElsewhere:
                    self._lost_to_another_phone()
                    break
                except Exception as error:  # locked, full, gone: keep the change and try again
                    failures += 1
                    self.problem = (f"Not saved yet ({error}); trying again - {len(self._changes)} change(s) "
                                    "kept on this phone")
                    self._tell()
                    time.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS)) - 1])
                    self._reconnect()
                    continue
                failures = 0
            if not self._changes:
                self.problem = ""
            self._tell()
        with self._db_lock:
            self._durable.close()

    def _reconnect(self) -> None:
        """After a failed write: a fresh connection (the server may have restarted). A push whose commit
        reached the database although its answer was lost is found there and not made twice."""
        with self._db_lock:
            try:
                self._durable.reconnect()
                if self._durable.stored_revision() == self._durable.revision:
                    return
                before = self._durable.match.actions
                self._durable.reload()
            except Exception as error:  # still down: the next try says so
                log.debug("reconnect failed: %s", error)
                return
            with self._lock:
                head = self._changes[0] if self._changes else None
                if head is not None and head.kind == "push" and \
                        self._durable.match.actions == (*before, head.action):
                    self._changes.popleft()

    def _write(self, change: Change) -> None:
        if change.kind == "push":
            assert change.action is not None
            self._durable.push(change.action)
        elif change.kind == "undo":
            self._durable.undo()
        else:
            self._durable.redo()

    def _follow_other_phones(self) -> None:
        with self._db_lock:
            try:
                if self._durable.stored_revision() == self._durable.revision:
                    return
                with self._lock:
                    if self._changes:
                        return  # this phone's own write comes first; its revision check decides
                    self._durable.reload()
                    before = len(self._match.actions)
                    self._match = copy_of(self._durable.match)
                    self._notice = (f"Updated from another phone: {len(self._match.actions)} actions "
                                    f"({before} before).")
            except Exception as error:  # the next write, or the next look, will say what is wrong
                log.debug("other phones' changes not read: %s", error)
                return
        self._tell()

    def _lost_to_another_phone(self) -> None:
        with self._db_lock, self._lock:
            lost = len(self._changes)
            self._changes.clear()
            self._durable.reload()
            self._match = copy_of(self._durable.match)
            steps = self._match.steps
            what = ""
            if steps:
                last = steps[-1]
                name = self._match.setup.players[last.action.actor].name \
                    if 0 <= last.action.actor < len(self._match.setup.players) else "?"
                what = f" ({name}: {self._match.ruleset.format_action(last.action)})"
            self._notice = (f"Another phone recorded step {len(self._match.actions)} first{what}; "
                            f"{lost} change(s) from this phone were not recorded. This is the match as stored.")
            self.problem = ""
        self._tell()


@atexit.register
def _drain_at_exit() -> None:
    """A server stopping finishes the writes already queued (briefly): an acknowledged tap is kept."""
    deadline = time.monotonic() + DRAIN_SECONDS
    for session in list(_live_sessions):
        session.close()
        session.wait_until_saved(max(0.0, deadline - time.monotonic()))
