"""skyqueue.sweep returns the `skyqueue sweep --format csv` table as a DataFrame."""

from __future__ import annotations

import io

import pandas as pd
import pytest

import skyqueue
from conftest import cli


def test_the_frame_has_the_binarys_columns_and_values():
    args = ["--param", "traffic.rate_pps", "--values", "500,800", "--seeds", "2", "--format", "csv"]
    expected = cli("sweep", "examples/mm1-load-0.8.json", *args)
    assert expected.returncode == 0, expected.stderr
    frame = skyqueue.sweep("mm1-load-0.8", param="traffic.rate_pps", values=[500, 800], seeds=2)
    assert list(frame.columns) == expected.stdout.splitlines()[0].split(",")
    # The app's columns: policy, seed, the swept field by its path, then the summary by its paths.
    assert list(frame.columns[:3]) == ["policy", "seed", "traffic.rate_pps"]
    assert "queue.wait.mean_s" in frame.columns
    assert len(frame) == 4
    pd.testing.assert_frame_equal(frame, pd.read_csv(io.StringIO(expected.stdout)))
    assert list(frame["traffic.rate_pps"]) == [500, 500, 800, 800]
    assert list(frame["seed"]) == [1, 2, 1, 2]
    # The same text, on one thread or two.
    raw = skyqueue.sweep("mm1-load-0.8", param="traffic.rate_pps", values=[500, 800], seeds=2, threads=1, raw=True)
    assert raw == expected.stdout


def test_policies():
    frame = skyqueue.sweep(
        "voip-leo-codes", param="voip.flows", values=[5, 10], policies=["rr", "codes"], threads=2
    )
    assert list(frame["policy"]) == ["rr", "codes", "rr", "codes"]
    assert list(frame["voip.policy"]) == ["RR", "CoDeS", "RR", "CoDeS"]
    assert list(frame["voip.flows"]) == [5, 5, 10, 10]


def test_a_text_valued_sweep():
    frame = skyqueue.sweep("tcp-iridium-9kb-seam", param="transfer.to", values=["London", "Los Angeles"])
    assert list(frame["transfer.to"]) == ["London", "Los Angeles"]
    # Each run sent the file to the swept receiver.
    assert list(frame["transfer.to"]) == ["London", "Los Angeles"]
    assert list(frame["transfer.route.to.name"]) == ["London", "Los Angeles"]
    assert list(frame["transfer.delivered_bytes"]) == [9000, 9000]


def test_a_comma_in_a_text_value_is_refused():
    with pytest.raises(ValueError, match="values"):
        skyqueue.sweep("tcp-iridium-9kb-seam", param="transfer.from", values=["45,-30"])


def test_an_invalid_value_names_its_field():
    with pytest.raises(skyqueue.ScenarioError) as e:
        skyqueue.sweep("mm1-load-0.8", param="traffic.rate_pps", values=[500, -1])
    assert [err["path"] for err in e.value.errors] == ["traffic.rate_pps"]


def test_a_bad_flag_is_a_usage_error():
    with pytest.raises(skyqueue.UsageError) as e:
        skyqueue.sweep("mm1-load-0.8", param="traffic.rate_pps", values=[500], seeds=0)
    assert e.value.errors[0]["path"] == "--seeds"
    # A model without policies: the scenario's `model` is named.
    with pytest.raises(skyqueue.ScenarioError) as e:
        skyqueue.sweep("mm1-load-0.8", param="traffic.rate_pps", values=[500], policies=["pf"])
    assert e.value.errors[0]["path"] == "model"
