"""Start-up of whole `shinpan` commands as a user runs them (issue 17): `--help`, `rules`, `rules --json`
and `replay` of the largest example record of each ruleset, each a fresh process of the installed entry
point (`shinpan` beside this Python, .venv/bin/shinpan), timed from start to exit.

    python benchmarks/startup.py [--runs N] [--no-bytecode-cache] [--json]

Goal: median wall time <= 150 ms for every command. Peer: `python -c pass` of the same interpreter in the
same environment, the floor no command can go below (the interpreter, site and the editable install's
finder). The commands and the floor run in turns, one run of each per round after a warm-up round, so a
burst of load on the shared machine falls on all of them alike. Each command's median CPU time (user +
system) is printed too, without a goal: on a busy machine the wall time waits for a core, the CPU time
much less, so it tells what the command itself costs.

Python caches compiled modules, as on any user's machine, but in $TMPDIR/shinpan-bench-cache/pycache
(PYTHONPYCACHEPREFIX): the repository gets no __pycache__ folders, and a PYTHONDONTWRITEBYTECODE in the
caller's environment does not make every run compile Shinpan's sources again. --no-bytecode-cache
measures that case instead (the environment as it is; where bytecode is not written, every run compiles).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.report import Figure, emit, median

ROOT = Path(__file__).resolve().parents[1]
RECORD_FOLDERS = (ROOT / "docs" / "examples", *sorted((ROOT / "tests" / "rules").glob("*/records")))
GOAL_MS = 150.0
FLOOR = "python -c pass"
_RULESET_HEADER = re.compile(r"^ruleset:\s*(\S+)", re.MULTILINE)


def largest_record_per_ruleset() -> dict[str, Path]:
    """The largest record file of each ruleset (the most to replay), by the id its `ruleset:` line names."""
    largest: dict[str, Path] = {}
    for folder in RECORD_FOLDERS:
        for path in sorted(folder.glob("*.shinpan")):
            found = _RULESET_HEADER.search(path.read_text(encoding="utf-8"))
            if found is None:
                continue
            ruleset = found.group(1)
            if ruleset not in largest or path.stat().st_size > largest[ruleset].stat().st_size:
                largest[ruleset] = path
    return dict(sorted(largest.items()))


def commands(shinpan: Path) -> dict[str, list[str]]:
    """Figure name -> command line, the floor included."""
    runs = {
        "startup.help": [str(shinpan), "--help"],
        "startup.rules": [str(shinpan), "rules"],
        "startup.rules_json": [str(shinpan), "rules", "--json"],
    }
    for ruleset, record in largest_record_per_ruleset().items():
        runs[f"startup.replay.{ruleset}"] = [str(shinpan), "replay", str(record.relative_to(ROOT))]
    runs[FLOOR] = [sys.executable, "-c", "pass"]
    return runs


def environment(bytecode_cache: bool) -> dict[str, str]:
    env = dict(os.environ)
    if bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "shinpan-bench-cache" / "pycache")
    return env


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU time of one run in ms; a failing command stops the benchmark (its time would mean nothing)."""
    cpu_before = _children_cpu_seconds()
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    wall = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode().strip()}")
    return wall, (_children_cpu_seconds() - cpu_before) * 1000


def measure(runs: dict[str, list[str]], rounds: int, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Median wall and CPU ms of each command over `rounds` rounds, after one warm-up round (file cache,
    bytecode)."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for round_number in range(rounds + 1):
        for name, argv in runs.items():
            timed = run_once(argv, env)
            if round_number:
                samples[name].append(timed)
    return {name: (median([wall for wall, _ in timed]), median([cpu for _, cpu in timed]))
            for name, timed in samples.items()}


def figures(medians: dict[str, tuple[float, float]]) -> list[Figure]:
    floor_wall, floor_cpu = medians[FLOOR]
    found = []
    for name, (wall, cpu) in medians.items():
        if name != FLOOR:
            found.append(Figure(f"{name}.median_time", wall, "ms", f"<= {GOAL_MS:g} ms", peer=floor_wall,
                                peer_name=FLOOR, met=wall <= GOAL_MS))
            found.append(Figure(f"{name}.median_cpu_time", cpu, "ms", peer=floor_cpu, peer_name=FLOOR))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="timed runs of each command, after a warm-up (11)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="run in the environment as it is, without the benchmark's bytecode cache")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    shinpan = Path(sys.executable).with_name("shinpan")
    if not shinpan.exists():
        print(f"{shinpan} is missing: run this with the virtual environment's Python after `make`",
              file=sys.stderr)
        return 2
    runs = commands(shinpan)
    for name, command in runs.items():
        print(f"{name}: {' '.join(command)}", file=sys.stderr)
    emit(figures(measure(runs, args.runs, environment(not args.no_bytecode_cache))), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
