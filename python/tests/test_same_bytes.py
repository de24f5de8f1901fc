"""skyqueue.run gives the `skyqueue run` binary's results, byte for byte.

Every example runs (about 8 s for all of them on one core, the same again for the binary)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import skyqueue
from conftest import EXAMPLES, ROOT, cli, example_ids


@pytest.mark.parametrize("preset", example_ids())
def test_every_example_gives_the_binarys_bytes(preset):
    expected = cli("run", f"examples/{preset}.json")
    assert expected.returncode == 0, expected.stderr
    # A preset id: the scenario text goes in on stdin (`skyqueue run -`).
    result = skyqueue.run(preset)
    assert result.json_text == expected.stdout
    assert skyqueue.run(preset, raw=True) == expected.stdout
    # The series as a DataFrame: one column per series id, one row per bucket.
    series = json.loads(expected.stdout)["series"]
    frame = result["series"]
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [c["id"] for c in series["columns"]]
    assert list(frame.index) == series["t_s"]
    for col, values in zip(series["columns"], series["values"]):
        assert [None if pd.isna(v) else v for v in frame[col["id"]]] == values


def test_a_file_a_path_and_a_dict_give_the_same_bytes():
    expected = cli("run", "examples/mm1-load-0.8.json", "--seed", "7").stdout
    path = EXAMPLES / "mm1-load-0.8.json"
    assert skyqueue.run(path, seed=7, raw=True) == expected
    assert skyqueue.run(str(path), seed=7, raw=True) == expected
    assert skyqueue.run(json.loads(path.read_text()), seed=7, raw=True) == expected
    # ... and a different seed gives different results.
    assert skyqueue.run(path, seed=8, raw=True) != expected


def test_results_are_the_json_as_dicts():
    result = skyqueue.run("md1-load-0.8")
    assert result["scenario"]["model"] == "queue"
    assert result["engine"] == skyqueue.version()
    assert result["summary"]["queue"]["arrivals"] > 1000
    assert result["series"].attrs["bucket_s"] == result["scenario"]["metrics"]["bucket_s"]
    assert {c["id"]: c["unit"] for c in result["series"].attrs["columns"]}["wait_ms"] == "ms"


def test_the_version_is_the_binarys():
    assert skyqueue.version() + "\n" == cli("--version").stdout
    assert Path(ROOT / "python" / "pyproject.toml").read_text().count(f'version = "{skyqueue.__version__}"') == 1


def test_runs_on_several_threads_at_once_keep_their_own_output():
    # Each call captures its command's output on its own thread: concurrent runs do not mix.
    from concurrent.futures import ThreadPoolExecutor

    names = ["mm1-load-0.8", "md1-load-0.8", "mm1k-overload", "dccp-g711"] * 2
    expected = {n: cli("run", f"examples/{n}.json").stdout for n in set(names)}
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda n: skyqueue.run(n, raw=True), names))
    assert got == [expected[n] for n in names]
