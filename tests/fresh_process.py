"""Runs a kill test's loop in a freshly spawned process, whose only thread is its main one.

A test that forks children to kill them at random moments must not fork the test worker itself: a
fork copies every lock as it stands, and a lock that another thread of the worker held at that
moment (a thread an earlier test left running) stays held in the child for ever. Such a child hangs
before it records anything (the crash test once saw 210 kills and no acknowledged change).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

Result = TypeVar("Result")


def in_fresh_process(function: Callable[..., Result], *args: Any) -> Result:
    """`function(*args)` in a spawned process (a module-level function, its arguments picklable);
    an assertion it fails is raised here."""
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as driver:
        return driver.submit(function, *args).result()
