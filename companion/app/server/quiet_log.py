"""The server's log stays readable under a flood: one line per problem, at most a few per interval.

Anyone who can reach the port can send junk frames; Flet and uvicorn log each with a full traceback,
so a flood fills the disk and buries the lines that matter. This filter folds a traceback into the
line's end and lets through at most `burst` lines per `interval` seconds, then says how many it held back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

DEFAULT_BURST = 5
DEFAULT_INTERVAL = 10.0
MAX_KINDS = 1000
# Loggers that write a traceback for what a remote client sent.
NOISY_LOGGERS = ("flet_web.fastapi", "flet_transport", "uvicorn.error", "uvicorn.access", "shinpan.edge")


class OneLineRateLimit(logging.Filter):
    """At most `burst` lines per `interval` for each kind of line (its logger and message template)."""

    def __init__(self, burst: int = DEFAULT_BURST, interval: float = DEFAULT_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst, self.interval, self.clock = burst, interval, clock
        self._windows: dict[tuple[str, str], _Window] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        key = (record.name, str(record.msg)[:200])
        window = self._windows.get(key)
        if window is None or now - window.start >= self.interval:
            if len(self._windows) >= MAX_KINDS:
                self._windows.clear()  # a flood of distinct templates cannot grow memory
            held = window.held if window is not None else 0
            window = self._windows[key] = _Window(now)
            if held:
                record.msg = f"{record.getMessage()} ({held} similar lines held back)"
                record.args = None
        if window.passed >= self.burst:
            window.held += 1
            return False
        window.passed += 1
        text = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text = f"{text} [{type(error).__name__}: {' '.join(str(error).split())[:120]}]"
        record.msg, record.args = text, None
        record.exc_info = record.exc_text = record.stack_info = None
        return True


class _Window:
    __slots__ = ("held", "passed", "start")

    def __init__(self, start: float) -> None:
        self.start, self.passed, self.held = start, 0, 0


def quiet_server_logs(burst: int = DEFAULT_BURST, interval: float = DEFAULT_INTERVAL) -> OneLineRateLimit:
    """Install one shared limiter on every logger that reports what remote clients send."""
    limiter = OneLineRateLimit(burst, interval)
    for name in NOISY_LOGGERS:
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, OneLineRateLimit)]:
            logger.removeFilter(old)
        logger.addFilter(limiter)
    return limiter
