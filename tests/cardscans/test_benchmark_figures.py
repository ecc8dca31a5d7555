"""The scan benchmarks print the one figure shape every benchmark prints (benchmarks/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_scan_scenes_prints_the_shared_json_shape_with_its_peers() -> None:
    run = subprocess.run([sys.executable, "benchmarks/scan_scenes.py", "--scenes", "1", "--json"], cwd=REPO,
                         capture_output=True, text=True, timeout=120, check=True)
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(rows) == 6 and all(list(row)[:4] == ["name", "value", "unit", "goal"] for row in rows)
    times = [row for row in rows if row["name"].endswith("median_time")]
    assert [sorted(row["peers"]) for row in times] == [["opencv", "pyzbar", "zxing-cpp"]] * 2
    assert all(isinstance(row["met"], bool) for row in rows)
    assert all(value > 0 for row in times for value in row["peers"].values())


def test_a_figure_without_peers_keeps_the_single_peer_shape() -> None:
    sys.path.insert(0, str(REPO))
    from benchmarks.report import Figure

    assert json.loads(Figure("x", 1.0, "ms", "<= 2 ms", 3.0, "raw sqlite3").as_json()) == {
        "name": "x", "value": 1.0, "unit": "ms", "goal": "<= 2 ms", "peer": 3.0, "peer_name": "raw sqlite3"}
    shaped = json.loads(Figure("y", 1.0, "%", "100 %", peers={"pyzbar": 50.0}, met=False).as_json())
    assert shaped == {"name": "y", "value": 1.0, "unit": "%", "goal": "100 %", "peers": {"pyzbar": 50.0},
                      "met": False}


def test_the_stage_diagnostic_times_every_stage_of_a_committed_set() -> None:
    command = ["benchmarks/scan_stages.py", "--set", "ammememe-white-scenes", "--photos", "2", "--json"]
    run = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, text=True, timeout=300, check=True)
    rows = {row["name"]: row for row in map(json.loads, run.stdout.splitlines())}
    assert all(list(row)[:4] == ["name", "value", "unit", "goal"] for row in rows.values())
    prefix = "scan_stages.ammememe-white-scenes."
    assert rows[prefix + "frames"]["value"] == 2
    assert rows[prefix + "outlines_found.calls"]["value"] == 1  # once a frame
    # stages nest inside the whole scan: none may take longer than it
    whole = rows[prefix + "whole_scan"]["value"]
    assert whole > 0 and all(row["value"] <= whole for row in rows.values() if row["unit"] == "ms a frame")
    assert rows[prefix + "outlines_read"]["value"] > 0
    assert 0 <= rows[prefix + "wrong"]["value"] <= rows[prefix + "right"]["value"] <= 100


def test_the_stage_diagnostic_leaves_out_the_parts_asked_and_says_so_in_every_figure() -> None:
    def figures(*without: str) -> dict[str, float]:
        command = ["benchmarks/scan_stages.py", "--set", "ammememe-white-scenes", "--photos", "3", "--json"]
        for part in without:
            command += ["--without", part]
        run = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, text=True, timeout=300,
                             check=True)
        return {row["name"]: row["value"] for row in map(json.loads, run.stdout.splitlines())}

    whole = figures()
    lean = figures("later-looks", "extra-reads")
    prefix = "scan_stages.ammememe-white-scenes."
    lean_prefix = prefix + "without-later-looks.without-extra-reads."
    assert all(name.startswith(lean_prefix) for name in lean)
    # the later looks read no spot (their spots are left out); step 8 still runs once a frame
    assert lean[lean_prefix + "spot_reads.calls"] < whole[prefix + "spot_reads.calls"]
    assert lean[lean_prefix + "step_8.calls"] == whole[prefix + "step_8.calls"]


def test_the_off_screen_benchmark_reads_committed_scenes_both_ways() -> None:
    run = subprocess.run([sys.executable, "benchmarks/scan_off_screen.py", "--pictures", "3", "--json"], cwd=REPO,
                         capture_output=True, text=True, timeout=300, check=True)
    rows = {row["name"]: row for row in map(json.loads, run.stdout.splitlines())}
    assert all(list(row)[:4] == ["name", "value", "unit", "goal"] for row in rows.values())
    assert rows["scan_off_screen.pictures"]["value"] == 3  # of the 34 committed scenes, tune and report
    waits = [rows[f"scan_off_screen.longest_wait.{part}"] for part in ("median", "p95", "max")]
    assert all(row["unit"] == "ms" and row["peer_name"] == "on the screen's thread" for row in waits)
    assert all(row["peer"] > 0 and row["value"] >= 0 for row in waits)
