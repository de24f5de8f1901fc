"""A bad scenario or flag is a Python exception with the command's message, never a crash."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

import skyqueue
from conftest import cli

BAD = {
    "unknown field": ('{"model": "queue", "queue": {"capacity": 5}}', ["queue.capacity"], "unknown field `capacity`"),
    "out of range": (
        '{"version": 2, "model": "queue", "traffic": {"rate_pps": -1}, "duration_s": 0}',
        ["duration_s", "traffic.rate_pps"],
        "must be greater than 0",
    ),
    "unknown model": ('{"model": "nope"}', ["model"], "unknown variant `nope`"),
    "malformed JSON": ('{"model": "queue",', [""], "invalid JSON at line 1, column 18"),
    "huge number": ('{"model": "queue", "duration_s": 1e400}', ["duration_s"], ""),
    "huge seed": ('{"model": "queue", "seed": 100000000000000000000000000000}', ["seed"], "whole number"),
    "not an object": ("[1, 2]", None, ""),
    "empty": ("", [""], "invalid JSON"),
}


@pytest.mark.parametrize("case", BAD)
def test_an_invalid_scenario_raises_scenario_error_with_the_binarys_message(case, tmp_path):
    text, paths, message = BAD[case]
    file = tmp_path / "bad.json"
    file.write_text(text)
    with pytest.raises(skyqueue.ScenarioError) as e:
        skyqueue.run(file)
    assert isinstance(e.value, ValueError)
    assert e.value.code == 2
    if paths is not None:
        assert sorted(err["path"] for err in e.value.errors) == paths
    assert e.value.errors and all(err["message"] for err in e.value.errors)
    assert message in e.value.errors[0]["message"] or message in str(e.value)
    # The same message as the command line's, for the same file.
    binary = cli("run", str(file))
    assert binary.returncode == 2
    assert str(e.value) + "\n" == binary.stderr
    # ... and the same errors from stdin (`skyqueue run -`), as a dict scenario goes in.
    with pytest.raises(skyqueue.ScenarioError) as from_stdin:
        skyqueue._cli.invoke(["run", "-"], text)
    assert from_stdin.value.errors == e.value.errors
    assert str(from_stdin.value) == str(e.value).replace(str(file), "-", 1)
    if case not in ("malformed JSON", "empty", "huge number", "not an object"):
        with pytest.raises(skyqueue.ScenarioError) as from_dict:
            skyqueue.run(json.loads(text))
        assert from_dict.value.errors == e.value.errors


def test_a_huge_python_number_is_refused_not_crashed():
    with pytest.raises(skyqueue.ScenarioError) as e:
        skyqueue.run({"model": "queue", "traffic": {"flows": 10**400}})
    assert [err["path"] for err in e.value.errors] == ["traffic.flows"]
    with pytest.raises(ValueError):
        skyqueue.run({"model": "queue", "duration_s": float("inf")})


def test_a_missing_file_is_an_os_error():
    with pytest.raises(skyqueue.EngineIOError) as e:
        skyqueue.run(Path("/nonexistent/scenario.json"))
    assert isinstance(e.value, OSError) and e.value.code == 1
    assert e.value.errors == [{"path": "", "message": "cannot read /nonexistent/scenario.json: No such file or directory (os error 2)"}]
    with pytest.raises(FileNotFoundError):
        skyqueue.run("nowhere/scenario.json")
    with pytest.raises(ValueError, match="neither a preset"):
        skyqueue.run("no-such-preset")


@pytest.mark.parametrize(
    "flags, path, message",
    [
        ({"alpha": 2, "beta": 0.9, "n": 12}, "--alpha", "--alpha: 2 is outside 0 to 1 (both excluded)"),
        ({"alpha": 0.9, "beta": 0.9}, "--n", "calc ge needs --n <N>"),
        ({"alpha": 0.9, "beta": 0.9, "n": 3, "bogus": 1}, "--bogus", "unexpected argument '--bogus' found"),
        ({"alpha": 0.9, "beta": 0.9, "n": "x"}, "--n", "--n: `x` is not a whole number"),
        ({"alpha": 0.5, "beta": 0.9, "n": 1, "k": 5}, "--k", "--k: 5 is above --n (1)"),
    ],
)
def test_a_bad_calc_flag_is_a_usage_error_naming_it(flags, path, message):
    with pytest.raises(skyqueue.UsageError) as e:
        skyqueue.calc.ge(**flags)
    assert isinstance(e.value, ValueError) and e.value.code == 2
    assert e.value.errors[0]["path"] == path
    assert message in e.value.errors[0]["message"]
    args = [a for k, v in flags.items() for a in (f"--{k}", str(v))]
    assert str(e.value) + "\n" == cli("calc", "ge", *args).stderr


def test_the_engine_runs_without_the_gil():
    # While a run takes its fraction of a second, this thread keeps counting: the module
    # releases the GIL (with the GIL held, the counter would stand still until the run ends).
    done = threading.Event()
    count = 0

    def work():
        skyqueue.run("voip-leo-codes", raw=True)
        done.set()

    worker = threading.Thread(target=work)
    t0 = time.perf_counter()
    worker.start()
    while not done.is_set():
        count += 1
    worker.join()
    elapsed = time.perf_counter() - t0
    assert elapsed > 0.1
    assert count > 100_000, f"only {count} loops in {elapsed:.2f} s"
