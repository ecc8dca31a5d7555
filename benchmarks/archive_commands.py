"""Whole commands on a large archive, timed as a user runs them: a fresh `python -m companion ...` process
each time, its wall time and its peak memory (the child's own ru_maxrss, from wait4).

Per archive size: `stats --json`, `history --json`, `history ID --json`, `export FILE.json`, and the
app's start to Home (open the store, build the app's view-models, list Home's entries, as the app
does before it draws anything); plus the in-process open check. For the largest two sizes, the growth
of each figure is printed as a ratio.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.report import Figure, median

ROOT = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024
APP_TO_HOME = (
    "import sys, tempfile, pathlib\n"
    "from companion.app.db_adapter import open_store\n"
    "from companion.app.viewmodels.app import AppViewModel\n"
    "store = open_store()\n"
    "vm = AppViewModel(store, pathlib.Path(tempfile.gettempdir()) / 'shinpan-bench-settings.json')\n"
    "entries = vm.home.entries()\n"
    "assert entries and store.description.startswith('database'), store.description\n"
)
GOALS = {  # at 100,000 matches on the development VM
    "stats": ("<= 1000 ms", 1000.0, "<= 150 MiB", 150.0),
    "history": ("<= 200 ms", 200.0, "", None),
    "history ID": ("<= 200 ms", 200.0, "", None),
    "app start to Home": ("<= 1500 ms", 1500.0, "", None),
}


@dataclass(frozen=True)
class Run:
    wall_ms: float
    peak_mib: float


GNU_TIME = Path("/usr/bin/time")


def run_once(argv: Sequence[str], database: str) -> Run:
    """One run. Peak memory is measured by GNU time, which forks the command from its own small process:
    Linux keeps a process's peak across exec, so a command started straight from this (large) benchmark
    process would report this process's size instead of its own."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHINPAN_DATABASE_URL": database}
    with tempfile.NamedTemporaryFile("r", suffix=".maxrss") as report:
        wrapped = [str(GNU_TIME), "-f", "%M", "-o", report.name, *argv] if GNU_TIME.exists() else list(argv)
        started = time.perf_counter()
        done = subprocess.run(wrapped, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              check=False)
        wall = (time.perf_counter() - started) * 1000
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[2:])} failed ({done.returncode}): {done.stderr.decode().strip()}")
        peak_kib = report.read().strip().splitlines()[-1] if GNU_TIME.exists() else "nan"
    return Run(wall, float(peak_kib) / 1024)


def best_of(argv: Sequence[str], database: str, repeats: int) -> Run:
    """The median wall time and the largest peak of `repeats` runs (the first warms the file cache)."""
    run_once(argv, database)
    runs = [run_once(argv, database) for _ in range(repeats)]
    return Run(median([r.wall_ms for r in runs]), max(r.peak_mib for r in runs))


def commands(newest: int, folder: Path) -> dict[str, list[str]]:
    python = [sys.executable]
    return {
        "stats": [*python, "-m", "companion", "stats", "--json"],
        "history": [*python, "-m", "companion", "history", "--json"],
        "history ID": [*python, "-m", "companion", "history", str(newest), "--json"],
        "export": [*python, "-m", "companion", "export", str(folder / "export.json")],
        "app start to Home": [*python, "-c", APP_TO_HOME],
        "python + imports (floor)": [*python, "-c", "import companion.cli.main as m, db.history; m.build_parser()"],
    }


def measure_commands(database: str, matches: int, backend: str, repeats: int,
                     skip: frozenset[str] = frozenset()) -> dict[str, Run]:
    with tempfile.TemporaryDirectory(prefix="shinpan-bench-export-") as temp:
        found = {}
        for name, argv in commands(matches, Path(temp)).items():
            if name in skip:
                continue
            found[name] = best_of(argv, database, 1 if name == "export" else repeats)
        return found


def figures(results: dict[str, Run], matches: int, backend: str) -> list[Figure]:
    made = []
    for name, run in results.items():
        time_goal, time_limit, memory_goal, memory_limit = GOALS.get(name, ("", None, "", None))
        judged = matches == 100_000 and backend == "sqlite"
        made.append(Figure(f"storage {backend} {matches} matches: {name}, wall", run.wall_ms, "ms",
                           time_goal if judged else "",
                           met=(run.wall_ms <= time_limit) if judged and time_limit else None))
        made.append(Figure(f"storage {backend} {matches} matches: {name}, peak memory", run.peak_mib, "MiB",
                           memory_goal if judged else "",
                           met=(run.peak_mib <= memory_limit) if judged and memory_limit else None))
    return made


def growth(small: dict[str, Run], large: dict[str, Run], sizes: tuple[int, int]) -> list[Figure]:
    """How each figure grew from the smaller archive to the larger (memory's goal: flat, about 1x)."""
    made = []
    label = f"{sizes[1] // sizes[0]}x matches ({sizes[0]} to {sizes[1]})"
    for name in large:
        if name not in small:
            continue
        made.append(Figure(f"storage growth {label}: {name}, wall", large[name].wall_ms / small[name].wall_ms, "x"))
        made.append(Figure(f"storage growth {label}: {name}, peak memory",
                           large[name].peak_mib / small[name].peak_mib, "x", "flat (about 1x)"))
    return made
