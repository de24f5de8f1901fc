"""Every notebook SkyQueue writes or ships runs headless under Jupyter's own executor (nbclient).

The notebooks the app exports are the bytes `skyqueue sweep|merge|compare --format ipynb` write
(a vitest compares them), which `skyqueue.sweep(..., notebook=True)` and `skyqueue.compare(...,
notebook=True)` return here. The per-paper notebooks of examples/notebooks run on reduced settings
(SKYQUEUE_NOTEBOOK_REDUCED=1); at full size they run by hand.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import skyqueue
from conftest import ROOT, cli

NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))

# A name and description that would run code if a notebook pasted them into Python source.
HOSTILE = (
    "x'''+str(__import__('os').system('touch PWNED-1'))+r'''"
    ' """+__import__("os").system("touch PWNED-2")+""" '
    "\\' \\\" \\\\ \\n \n tab\t end\\"
)


def execute(text: str, cwd: Path, extra: str | None = None, env: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """Validates the notebook against nbformat's schema, runs every cell (and `extra`, a check
    appended as a last cell) in `cwd`, and fails on any error output."""
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    assert all(c.get("id") for c in nb.cells), "every cell has an id"
    if extra:
        nb.cells.append(nbformat.v4.new_code_cell(extra))
    old = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, "\n".join("\n".join(e.get("traceback", [])) for e in errors)
    return nb


def images(nb: nbformat.NotebookNode) -> int:
    return sum(1 for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/png" in o.get("data", {}))


def printed(nb: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in nb.cells[-1].outputs)


def short(preset: str, **fields) -> dict:
    s = skyqueue.preset(preset)
    s.update(fields)
    return s


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_each_papers_notebook_runs_on_reduced_settings(path: Path, tmp_path: Path):
    nb = execute(path.read_text(), tmp_path, env={"SKYQUEUE_NOTEBOOK_REDUCED": "1"})
    assert images(nb) >= 1, "draws its figure"
    assert "reduced settings" in "".join(o.get("text", "") for o in nb.cells[1].outputs)


def test_there_is_a_notebook_per_paper():
    assert [p.stem for p in NOTEBOOKS] == ["paper000", "paper001", "paper002", "paper003", "paper004"]


def test_a_numeric_sweep_notebook_runs_and_plots_lines(tmp_path: Path):
    text = skyqueue.sweep(
        short("voip-leo-codes", duration_s=4, warmup_s=1),
        param="voip.flows",
        values=[20, 40],
        policies=["pf", "codes"],
        seeds=2,
        notebook=True,
    )
    check = "print(numeric, [c.lines[0].get_linestyle() for c in axes.flat[0].containers], len(rows))"
    nb = execute(text, tmp_path, check)
    assert images(nb) == 1
    assert printed(nb).strip() == "True ['-', '--'] 8"
    assert json.loads((tmp_path / "scenario.json").read_text())["voip"]["policy"] == "codes"


def test_a_sweep_over_sites_plots_categories_without_lines(tmp_path: Path):
    text = skyqueue.sweep("tcp-iridium-9kb-seam", param="transfer.to", values=["Los Angeles", "New Delhi"], notebook=True)
    check = (
        "print(numeric, [t.get_text() for t in axes.flat[0].get_xticklabels()], "
        "{c.lines[0].get_linestyle() for c in axes.flat[0].containers})"
    )
    nb = execute(text, tmp_path, check)
    assert images(nb) == 1
    assert printed(nb).strip() == "False ['Los Angeles', 'New Delhi'] {'None'}"


def test_the_notebook_reads_a_rerun_of_its_own_command(tmp_path: Path):
    """The notebook says to rerun its command into sweep.csv and set SOURCE: the CLI's CSV has
    the columns the notebook reads."""
    scenario = short("mm1-load-0.8", duration_s=20, warmup_s=2)
    text = skyqueue.sweep(scenario, param="traffic.rate_pps", values=[300, 600], seeds=2, notebook=True)
    command = next(line for line in json.loads(text)["cells"][0]["source"] if line.startswith("skyqueue sweep"))
    args = command.split(" > ")[0].split()[1:]
    (tmp_path / "scenario.json").write_text(json.dumps(scenario))
    rerun = cli(*[str(tmp_path / "scenario.json") if a == "scenario.json" else a for a in args])
    assert rerun.returncode == 0, rerun.stderr
    (tmp_path / "sweep.csv").write_text(rerun.stdout)
    nb = nbformat.reads(text, as_version=4)
    data = next(c for c in nb.cells if c.get("id") == "data")
    data.source = data.source.replace("SOURCE = None", "SOURCE = 'sweep.csv'")
    nb = execute(nbformat.writes(nb), tmp_path, "print(SOURCE, len(rows), sorted({r['traffic.rate_pps'] for r in rows}))")
    assert printed(nb).strip() == "sweep.csv 4 ['300', '600']"


def test_a_comparison_notebook_runs(tmp_path: Path):
    text = skyqueue.compare(short("voip-leo-codes", duration_s=4, warmup_s=1), ["pf", "dt-s"], notebook=True)
    nb = execute(text, tmp_path, "print(list(RESULTS))")
    assert images(nb) == 1
    assert printed(nb).strip() == "['pf', 'dt-s']"
    assert (tmp_path / "scenario-dt-s.json").exists()


def test_a_merged_cluster_sweep_ends_as_the_same_notebook(tmp_path: Path):
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(short("mm1-load-0.8", duration_s=10, warmup_s=1)))
    grid = ["--param", "traffic.rate_pps", "--values", "300,600", "--seeds", "2"]
    parts = []
    for i in range(2):
        part = tmp_path / f"part-{i}.json"
        done = cli("sweep", str(scenario), *grid, "--shard", f"{i}/2", "--out", str(part))
        assert done.returncode == 0, done.stderr
        parts.append(str(part))
    merged = cli("merge", *parts, "--format", "ipynb")
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout == cli("sweep", str(scenario), *grid, "--format", "ipynb").stdout
    assert images(execute(merged.stdout, tmp_path)) == 1


def test_a_hostile_scenario_text_runs_nothing(tmp_path: Path):
    scenario = short("mm1-load-0.8", duration_s=10, warmup_s=1, name=HOSTILE, description=HOSTILE)
    sweep_nb = skyqueue.sweep(scenario, param="traffic.rate_pps", values=[300, 600], notebook=True)
    nb = execute(sweep_nb, tmp_path, "print(SCENARIO['name'] == SCENARIO['description'], repr(SCENARIO['name']))")
    assert printed(nb).strip() == f"True {HOSTILE!r}"
    compare_nb = skyqueue.compare(
        short("voip-leo-codes", duration_s=3, warmup_s=1, name=HOSTILE, description=HOSTILE), ["pf", "rr"], notebook=True
    )
    nb = execute(compare_nb, tmp_path, "print(repr(RESULTS['pf']['scenario']['name']))")
    assert printed(nb).strip() == repr(HOSTILE)
    assert not list(tmp_path.glob("PWNED*")), "a scenario's text ran as code"
    assert not list(Path.cwd().glob("PWNED*"))
