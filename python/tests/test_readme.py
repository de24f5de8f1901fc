"""The README's Python example runs and gives paper 000's sweep as a DataFrame."""

from __future__ import annotations

import re

import pandas as pd

from conftest import ROOT


def test_the_readmes_python_example_runs(capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    scope: dict = {}
    exec(compile(blocks[0], "README.md", "exec"), scope)
    df = scope["df"]
    assert isinstance(df, pd.DataFrame)
    assert len(df) == 8  # 2 values x 2 policies x 2 seeds
    assert set(df["policy"]) == {"pf", "codes"} and set(df["voip.flows"]) == {50, 75}
    assert df["voip.emodel.mos"].between(1, 5).all()
    assert "voip.emodel.mos" in capsys.readouterr().out
