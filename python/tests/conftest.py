"""Shared helpers: the repository's paths and the `skyqueue` binary to compare with."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
BINARY = ROOT / "engine-wasm" / "target" / "release" / "skyqueue"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Runs the `skyqueue` binary (built by scripts/build-engine.sh) from the repository root."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run scripts/build-engine.sh first")
    return subprocess.run(
        [str(BINARY), *args], input=stdin, capture_output=True, text=True, cwd=ROOT, check=False
    )


def example_ids() -> list[str]:
    return sorted(p.stem for p in EXAMPLES.glob("*.json"))
