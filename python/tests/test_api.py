"""Presets, schema, defaults, models and the calculators give what the command line gives."""

from __future__ import annotations

import json
import math

import skyqueue
from conftest import EXAMPLES, ROOT, cli, example_ids


def test_presets_are_the_examples_built_in():
    presets = skyqueue.presets()
    assert sorted(presets) == example_ids()
    for name, scenario in presets.items():
        assert scenario == json.loads((EXAMPLES / f"{name}.json").read_text())
    mine = skyqueue.preset("mm1-load-0.8")
    mine["seed"] = 99
    assert skyqueue.preset("mm1-load-0.8")["seed"] == 1
    assert skyqueue.run(mine)["scenario"]["seed"] == 99


def test_schema_defaults_and_models():
    assert skyqueue.schema() == json.loads(cli("schema").stdout)
    assert skyqueue.defaults("voip-leo") == json.loads(cli("defaults", "--model", "voip-leo").stdout)
    assert skyqueue.defaults()["model"] == "queue"
    models = skyqueue.models()
    assert models["voip-leo"] == "VoIP over LEO (paper 000)"
    assert list(models) == [line.split()[0] for line in cli("models").stdout.splitlines()]
    assert "voip.policy" in skyqueue.models("voip-leo")


def test_calc_ge_gives_the_known_numbers():
    ge = skyqueue.calc.ge(alpha=0.99, beta=0.9, n=12, k=10)
    assert ge["codeword_failure"] == 0.13930035378584507
    assert ge["erasure_prob"] == 0.090909090909091
    assert ge["p_m"][0] == 0.8139438675079239 and len(ge["p_m"]) == 13
    # A flag with underscores: e_good= is --e-good.
    args = ["--alpha", "0.99", "--beta", "0.9", "--n", "12", "--e-good", "0.1", "--interleave", "2"]
    expected = json.loads(cli("calc", "ge", *args).stdout)
    assert skyqueue.calc.ge(alpha=0.99, beta=0.9, n=12, e_good=0.1, interleave=2) == expected
    assert expected["e_good"] == 0.1 and expected["interleave"] == 2


def test_the_other_calculators():
    assert skyqueue.calc.slant(altitude_km=780, elevation_deg=8.2)["one_way_ms"] == 8.217953551780838
    assert skyqueue.calc.tfrc(packet_bytes=200, rtt_s=0.5, loss_event_rate=0.01)["x_kbps"] == 35.94631499615775
    assert skyqueue.calc.emodel(codec="g711", delay_ms=150)["mos"] == 4.327545871079546
    pair = skyqueue.calc.pair(constellation="iridium", from_="Atlantic ship", to="London", hours=1)
    assert pair == json.loads(
        cli("calc", "pair", "--constellation", "iridium", "--from", "Atlantic ship", "--to", "London", "--hours", "1").stdout
    )
    assert pair["from"]["name"] == "Atlantic ship" and pair["handovers"]["intra_orbital"] == 12
    # True is a bare flag; False leaves it out.
    pss = ["--capacity-bps", "1e6", "--bw", "0.5", "--lm", "12000", "--lr", "0", "--packet-bytes", "500", "--duration-s", "2"]
    base = dict(capacity_bps=1e6, bw=0.5, lm=12000, lr=0, packet_bytes=500, duration_s=2)
    assert skyqueue.calc.pss(**base, variable_capacity=True) == json.loads(cli("calc", "pss", *pss, "--variable-capacity").stdout)
    assert skyqueue.calc.pss(**base, variable_capacity=False) == json.loads(cli("calc", "pss", *pss).stdout)
    assert skyqueue.calc.pss(**base, variable_capacity=True) != skyqueue.calc.pss(**base)
    transfer = skyqueue.calc.transfer(from_="Atlantic ship", to="London", bytes=9000, runs=2, hystart=True)
    expected = cli("calc", "transfer", "--from", "Atlantic ship", "--to", "London", "--bytes", "9000", "--runs", "2", "--hystart")
    assert transfer == json.loads(expected.stdout)


def test_mean_ci_is_the_engines_on_the_shared_cases():
    """The cases the engine's own test and the app's sweep test read: the same numbers here."""
    fixture = json.loads((ROOT / "engine-wasm/crates/engine/tests/fixtures/mean-ci.json").read_text())
    for case in fixture["cases"]:
        values = [math.nan if v is None else float(v) for v in case["samples"]]
        mean, half, n = skyqueue.mean_ci(values)
        assert n == case["n"], case["name"]
        for got, want in ((mean, case["mean"]), (half, case["half"])):
            if want is None:
                assert math.isnan(got), case["name"]
            else:
                assert abs(got - want) <= 1e-6 * abs(want), (case["name"], got, want)


def test_traffic_matrix_gives_the_commands_numbers_as_frames():
    # Hypatia's workload for 0.2 simulated seconds of UDP at 10 Mb/s (docs/NETWORK.md).
    net = skyqueue.traffic_matrix(protocol="udp", duration_s=0.2)
    expected = json.loads(
        cli("bench", "--workload", "traffic-matrix", "--protocol", "udp", "--duration-s", "0.2", "--json").stdout
    )
    assert net["events"] == expected["events"] and net["goodput_mbps"] == expected["goodput_mbps"]
    flows = net["per_flow"]
    assert len(flows) == 100 and flows.index.name == "flow"
    # Flow 0 goes from Pune (city 58) to Montreal (94), flow 1 back.
    assert (flows.loc[0, "from_city"], flows.loc[0, "to_city"], flows.loc[1, "from_city"]) == (58, 94, 94)
    assert list(flows["goodput_bytes"]) == [f["goodput_bytes"] for f in expected["per_flow"]]
    assert (flows["received"] + flows["lost_queue"] + flows["lost_no_route"] <= flows["sent"]).all()
    assert len(net["busiest_links"]) == 10 and net["busiest_links"]["utilisation"].max() <= 1.0
    try:
        skyqueue.traffic_matrix(rate_mbps=0.0)
    except skyqueue.UsageError as e:
        assert "--rate-mbps: 0 is outside the allowed range" in str(e)
    else:
        raise AssertionError("a rate of 0 was accepted")
    try:
        skyqueue.traffic_matrix(path_flow=3)
    except ValueError as e:
        assert "path_flow: give path_out too" in str(e)
    else:
        raise AssertionError("path_flow without path_out was accepted")


def test_a_network_run_gives_its_flows_and_links_as_frames():
    # The Hypatia traffic-matrix preset, 1 simulated second (docs/NETWORK.md).
    scenario = skyqueue.preset("network-hypatia-kuiper-tcp")
    scenario["duration_s"] = 1
    r = skyqueue.run(scenario)
    assert r.json_text == cli("run", "-", stdin=json.dumps(scenario)).stdout
    flows = r.frame("network.flows")
    assert len(flows) == 100 and list(flows.columns[:3]) == ["from", "to", "goodput_mbps"]
    assert (flows["lost"] <= flows["sent"]).all()
    assert math.isclose(flows["goodput_mbps"].sum(), r["summary"]["network"]["goodput_mbps"])
    links = r.frame("network.busiest_links")
    assert len(links) == 10 and links["utilization"].is_monotonic_decreasing
    assert "goodput_mbps" in r["series"].columns
    try:
        r.frame("network.follow")
    except KeyError as e:
        assert "not a table" in str(e)
    else:
        raise AssertionError("a record was taken for a table")


def test_a_network_over_a_catalogue_file():
    # The Starlink catalogue example over a cut of the catalogue (its 70-degree shell), 0.5 s.
    scenario = json.loads((EXAMPLES / "catalogue" / "network-starlink-traffic-matrix.json").read_text())
    scenario["duration_s"] = 0.5
    cut = ROOT / "engine-wasm/crates/engine/tests/fixtures/starlink-70deg-cut.tle"
    r = skyqueue.run(scenario, catalogue=cut)
    n = r["summary"]["network"]
    assert n["constellation"] == "a real catalogue, +Grid in every shell" and n["satellites"] > 300
    assert len(r.frame("network.flows")) == 100
    try:
        skyqueue.run(scenario, catalogue="1 25544U 98067A   26133.5 ...")
    except FileNotFoundError as e:
        assert str(e).startswith("catalogue: no such file: 1 25544U")
    else:
        raise AssertionError("catalogue text was taken for a file")
