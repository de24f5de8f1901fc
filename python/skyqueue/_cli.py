"""Running the skyqueue command in this process, and its failures as Python exceptions."""

from __future__ import annotations

import json
import math
import os
from typing import Any

from . import _engine


class SkyQueueError(Exception):
    """A skyqueue command failed.

    ``str(e)`` is what the command line prints on stderr; ``e.errors`` lists why, as
    ``{"path": ..., "message": ...}`` dicts (see each subclass); ``e.code`` is the command's exit
    status (1 input/output error, 2 invalid scenario or usage).
    """

    def __init__(self, message: str, errors: list[dict[str, str]], code: int):
        super().__init__(message)
        self.errors = errors
        self.code = code


class ScenarioError(SkyQueueError, ValueError):
    """The scenario is invalid: not JSON, an unknown field or model, a value out of range.

    ``errors`` holds every field error: ``path`` is the field's dotted path
    (``"traffic.arrival_rate"``; empty for the document as a whole, such as malformed JSON) and
    ``message`` what is wrong and what is allowed.
    """


class UsageError(SkyQueueError, ValueError):
    """An argument is wrong: a flag's value out of range, an unknown flag, flags that do not go
    together. ``errors`` has one entry whose ``path`` is the flag (``"--alpha"``), or empty."""


class EngineIOError(SkyQueueError, OSError):
    """A file could not be read or written (exit status 1). ``errors`` has one entry with an
    empty ``path``."""


def invoke(args: list[str], stdin: str | None = None) -> str:
    """Runs ``skyqueue ARGS...`` in this process (``stdin`` is the text ``-`` reads) and returns
    what it wrote on stdout; raises a :class:`SkyQueueError` subclass if it failed."""
    code, stdout, stderr, errors = _engine.invoke([str(a) for a in args], stdin)
    if code == 0:
        return stdout
    message = stderr.rstrip("\n") or f"skyqueue {' '.join(args)} failed (exit status {code})"
    listed = [{"path": path, "message": text} for path, text in errors]
    if code == 1:
        raise EngineIOError(message, listed, code)
    if stderr.startswith("error: invalid scenario"):
        raise ScenarioError(message, listed, code)
    raise UsageError(message, listed, code)


def scenario_source(scenario: Any) -> tuple[str, str | None]:
    """The command-line argument and stdin text for a scenario given as a dict, a path to a JSON
    file (str or os.PathLike) or a preset id: ``(path, None)`` for a file (the command reads
    it and names it in its messages), ``("-", text)`` otherwise."""
    if isinstance(scenario, dict):
        return "-", json.dumps(scenario, allow_nan=False, ensure_ascii=False)
    if isinstance(scenario, os.PathLike):
        return _file_arg(os.fspath(scenario)), None
    if isinstance(scenario, str):
        presets = _engine.presets()
        if scenario in presets:
            return "-", presets[scenario]
        if os.path.exists(scenario) or scenario.endswith(".json") or os.sep in scenario or "/" in scenario:
            if not os.path.exists(scenario):
                raise FileNotFoundError(f"scenario: no such file: {scenario}")
            return _file_arg(scenario), None
        raise ValueError(f"scenario: {scenario!r} is neither a preset ({', '.join(sorted(presets))}) nor a file")
    raise TypeError(f"scenario: expected a dict, a path or a preset name, not {type(scenario).__name__}")


def _file_arg(path: Any) -> str:
    path = os.fsdecode(path)
    # A file named like a flag (`-x.json`) would be read as one.
    return os.path.join(".", path) if path.startswith("-") else path


def value_text(value: Any, name: str) -> str:
    """One value as the command line writes it: numbers, true/false, null, or text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name}: {value} is not a finite number")
        return repr(value)
    if isinstance(value, str):
        return value
    # numpy numbers and the like
    if hasattr(value, "item"):
        return value_text(value.item(), name)
    raise TypeError(f"{name}: {value!r} is not a number, a bool, None or text")
