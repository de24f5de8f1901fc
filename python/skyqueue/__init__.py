"""SkyQueue in Python: the engine of the ``skyqueue`` command, as a module.

Every function runs the ``skyqueue`` command's own code in this process (no subprocess), so it
gives the command's bytes and error messages: ``run`` and ``sweep`` return what ``skyqueue run``
and ``skyqueue sweep --format csv`` print, as dicts and pandas DataFrames.

    import skyqueue
    r = skyqueue.run("mm1-load-0.8")            # a preset, a dict or a path to a JSON file
    r["summary"]["queue"]                       # summary statistics (dict)
    r["series"]                                 # the time series (DataFrame indexed by t_s)
    df = skyqueue.sweep("voip-leo-codes", param="voip.flows", values=[50, 75], policies=["pf", "codes"])

A bad scenario raises :class:`ScenarioError` (a ValueError) with every field error in ``.errors``.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable
from typing import Any

from . import _engine, calc
from ._cli import EngineIOError, ScenarioError, SkyQueueError, UsageError, _file_arg, invoke, scenario_source, value_text

__all__ = [
    "run",
    "sweep",
    "compare",
    "presets",
    "preset",
    "schema",
    "defaults",
    "models",
    "version",
    "calc",
    "mean_ci",
    "traffic_matrix",
    "Results",
    "SkyQueueError",
    "ScenarioError",
    "UsageError",
    "EngineIOError",
]

__version__ = "0.1.0"


class Results(dict):
    """The results of one run: the JSON that ``skyqueue run`` prints, as a dict.

    Keys: ``engine`` (the engine's version), ``scenario`` (the scenario with every default
    filled in), ``summary`` (summary statistics: times in s unless a key says otherwise, e.g.
    ``wait_ms``; confidence intervals and the closed-form prediction where the model has one)
    and ``series``: the time series as a pandas DataFrame, one row per time bucket, indexed by
    ``t_s`` (the bucket's midpoint, s), one column per series id (``queue_len``, ``wait_ms``...;
    the unit is in each id or in ``series.attrs["columns"]``, which keeps every column's id,
    label, unit and kind; ``series.attrs["bucket_s"]`` is the bucket width in s).

    ``json_text`` is the command's output, byte for byte (with its closing newline).
    """

    json_text: str

    def __init__(self, json_text: str):
        import pandas as pd

        data = json.loads(json_text)
        super().__init__(data)
        self.json_text = json_text
        series = data.get("series")
        if isinstance(series, dict) and "t_s" in series:
            columns = series.get("columns") or []
            values = series.get("values") or []
            frame = pd.DataFrame(
                {col["id"]: pd.array(vals, dtype="Float64").astype(float) for col, vals in zip(columns, values)},
                index=pd.Index(series["t_s"], name="t_s", dtype=float),
            )
            frame.attrs["bucket_s"] = series.get("bucket_s")
            frame.attrs["columns"] = columns
            self["series"] = frame

    def frame(self, path: str):
        """A table of the summary as a pandas DataFrame, one row per record: ``path`` is its
        dotted place in ``summary`` (``"network.flows"``, ``"network.busiest_links"``).

        Raises ``KeyError`` naming the path when there is no list of records there.
        """
        import pandas as pd

        node: Any = self.get("summary")
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"summary.{path}: no such table in this run's summary")
            node = node[part]
        if not isinstance(node, list) or not all(isinstance(r, dict) for r in node):
            raise KeyError(f"summary.{path}: not a table (a list of records)")
        return pd.DataFrame(node)


def run(scenario: Any, seed: int | None = None, raw: bool = False, catalogue: Any = None) -> Results | str:
    """Runs a scenario to its end, as ``skyqueue run`` does.

    ``scenario``: a dict, a path to a JSON file (str or os.PathLike), or a preset id (see
    :func:`presets`). ``seed`` overrides the scenario's seed (0 to 2**53 - 1). ``catalogue``:
    a file of element sets (TLE) put in the model's catalogue field (``run --catalogue``).

    Returns :class:`Results` (the results JSON as a dict, the time series as a DataFrame, the
    exact text in ``.json_text``), or with ``raw=True`` the results JSON text itself.
    Raises :class:`ScenarioError` if the scenario is invalid.
    """
    arg, stdin = scenario_source(scenario)
    args = ["run", arg]
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed: expected a whole number, not {seed!r}")
        args += ["--seed", str(seed)]
    if catalogue is not None:
        if not os.path.isfile(os.fsdecode(catalogue)):
            raise FileNotFoundError(f"catalogue: no such file: {os.fsdecode(catalogue)[:200]}")
        args += ["--catalogue", _file_arg(catalogue)]
    text = invoke(args, stdin)
    return text if raw else Results(text)


def sweep(
    scenario: Any,
    param: str,
    values: Iterable[Any],
    policies: Iterable[str] | None = None,
    seeds: int = 1,
    threads: int = 0,
    raw: bool = False,
    notebook: bool = False,
):
    """Runs a scenario for every value of one field, every policy and every seed, as
    ``skyqueue sweep --format csv`` does, on ``threads`` threads (0: every core).

    ``param``: the field's dotted path (``"voip.flows"``; ``"a+b"`` sets both); ``skyqueue.models(model)``
    lists the fields. ``values``: numbers, bools, None (null) or text (text may not hold a
    comma). ``policies``: the model's policies to run (voip-leo: ``voip.policy``...), or None
    for the scenario's own. ``seeds``: runs seeds 1 to ``seeds`` of every combination.

    Returns a pandas DataFrame read from the command's CSV: one row per run, in grid order, with
    exactly the command's columns in its order, which are also the app's CSV's: ``policy``,
    ``seed``, the swept field (a column named ``param``), then every summary value by its path in
    the summary (``voip.latency_ms``, arrays as ``diffserv.rates_mbps[1]``) in the units of the
    results. With ``raw=True``, the CSV text itself; with ``notebook=True``, the Jupyter notebook
    that ``skyqueue sweep --format ipynb`` and the app's *Download notebook* write (the scenario,
    the command, the rows and a plot), as the text of an ``.ipynb`` file. Raises
    :class:`ScenarioError` if a combination is invalid.
    """
    import pandas as pd

    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError("values: expected a list of values")
    texts = [value_text(v, "values") for v in values]
    for t in texts:
        if "," in t:
            raise ValueError(f"values: {t!r} holds a comma, which the command line's --values cannot carry")
    arg, stdin = scenario_source(scenario)
    args = ["sweep", arg, "--param", str(param), "--values", ",".join(texts)]
    if policies is not None:
        if isinstance(policies, str):
            policies = [policies]
        args += ["--policies", ",".join(str(p) for p in policies)]
    for name, n in (("seeds", seeds), ("threads", threads)):
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"{name}: expected a whole number, not {n!r}")
    args += ["--seeds", str(seeds), "--format", "ipynb" if notebook else "csv", "--threads", str(threads)]
    text = invoke(args, stdin)
    return text if raw or notebook else pd.read_csv(io.StringIO(text))


def compare(scenario: Any, policies: Iterable[str], notebook: bool = False) -> dict[str, Results] | str:
    """Runs a scenario once per policy (2 to 8), as ``skyqueue compare`` does: each run sets the
    model's policy field (voip-leo: ``voip.policy``) and keeps the scenario's seed.

    Returns a dict policy -> :class:`Results`, in the order given; with ``notebook=True``, the
    comparison notebook that ``skyqueue compare --format ipynb`` and the app's *Download
    comparison notebook* write, as the text of an ``.ipynb`` file.
    """
    if isinstance(policies, str):
        policies = [policies]
    names = [str(p) for p in policies]
    arg, stdin = scenario_source(scenario)
    text = invoke(["compare", arg, "--policies", ",".join(names), "--format", "ipynb" if notebook else "json"], stdin)
    if notebook:
        return text
    return {r["policy"]: Results(json.dumps(r["results"])) for r in json.loads(text)}


def presets() -> dict[str, dict]:
    """Every ready-made scenario (the files of examples/, built into the module): preset id ->
    the scenario as a dict. Pass an id, or a (changed) dict, to :func:`run` or :func:`sweep`."""
    return {k: json.loads(v) for k, v in _engine.presets().items()}


def preset(name: str) -> dict:
    """One preset's scenario as a dict (a fresh copy: change it and run it)."""
    texts = _engine.presets()
    if name not in texts:
        raise ValueError(f"preset: {name!r} is not one of {', '.join(sorted(texts))}")
    return json.loads(texts[name])


def schema() -> dict:
    """The scenario schema, as ``skyqueue schema`` prints it: every model's fields with their
    group, label, unit, default, range and help."""
    return json.loads(invoke(["schema"]))


def defaults(model: str | None = None) -> dict:
    """A scenario of ``model`` (default: ``queue``) with every field at its default, as
    ``skyqueue defaults --model MODEL`` prints it."""
    return json.loads(invoke(["defaults"] + ([] if model is None else ["--model", str(model)])))


def models(model: str | None = None) -> dict[str, str] | str:
    """Without ``model``: every model's name (a scenario's ``"model"``) -> its label. With one:
    its description, policies and every field with default, range and unit, as
    ``skyqueue models MODEL`` prints it (text)."""
    if model is not None:
        return invoke(["models", str(model)])
    out = {}
    for line in invoke(["models"]).splitlines():
        name, _, label = line.strip().partition(" ")
        if name:
            out[name] = label.strip()
    return out


def version() -> str:
    """The engine's version, as ``skyqueue --version`` prints it (``skyqueue-engine 0.1.0``)."""
    return _engine.version()


def mean_ci(values: Iterable[float]) -> tuple[float, float, int]:
    """The mean and the half-width of the 95 % confidence interval (Student t) of the finite
    ``values`` (NaN and infinities are left out), and how many they were: ``(mean, half, n)``.
    The half-width is NaN below two values; the mean is NaN without any.

    The engine's function (``metrics::stats::mean_ci95``): the bars of the app's sweep charts
    and of the notebooks ``sweep(..., notebook=True)`` writes, over the seeds of one point.
    """
    return _engine.mean_ci([float(v) for v in values])


def traffic_matrix(
    protocol: str = "tcp",
    rate_mbps: float = 10.0,
    duration_s: float = 10.0,
    tle: str | None = None,
    path_flow: int | None = None,
    path_out: str | None = None,
) -> dict:
    """Hypatia's traffic-matrix workload as a packet network: ``skyqueue bench --workload
    traffic-matrix`` (docs/NETWORK.md).

    100 long-lived TCP NewReno flows (``protocol="tcp"``) or UDP flows at the link rate
    (``"udp"``) between the 100 largest cities, paired as Hypatia pairs them, over Kuiper-630 or
    the catalogue in the file ``tle``; every ISL and ground link at ``rate_mbps``, for
    ``duration_s`` simulated seconds. With ``path_out``, flow ``path_flow``'s path over time is
    written as ``path_out.mahimahi``, ``.netem.sh`` and ``.csv``.

    Returns the command's JSON as a dict: ``goodput_mbps`` (aggregate), ``slowdown`` (wall s per
    simulated s), ``events``, the losses, and two pandas DataFrames: ``per_flow`` (one row per
    flow: cities, goodput, packets sent, received and lost by reason, mean one-way delay and
    round trip [ms], ACKs lost) and ``busiest_links`` (the ten links that spent most of the run
    sending).
    """
    import pandas as pd

    if path_flow is not None and path_out is None:
        raise ValueError("path_flow: give path_out too (the prefix of the files the path is written to)")
    args = ["bench", "--workload", "traffic-matrix", "--protocol", protocol]
    args += ["--rate-mbps", value_text(rate_mbps, "rate_mbps"), "--duration-s", value_text(duration_s, "duration_s")]
    if tle is not None:
        args += ["--tle", str(tle)]
    if path_out is not None:
        args += ["--path-out", str(path_out), "--path-flow", value_text(path_flow or 0, "path_flow")]
    data = json.loads(invoke(args + ["--json"]))
    data["per_flow"] = pd.DataFrame(data["per_flow"]).rename_axis("flow")
    data["busiest_links"] = pd.DataFrame(data["busiest_links"])
    return data
