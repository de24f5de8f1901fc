"""The closed-form calculators of ``skyqueue calc``: each takes the command's flags as keyword
arguments and returns the JSON it prints, as a dict.

A keyword maps to a flag by writing ``_`` as ``-`` (``e_good=0.1`` is ``--e-good 0.1``; a
trailing ``_`` is dropped, so ``from_="London"`` is ``--from London``); ``True`` gives a bare
flag (``hystart=True`` is ``--hystart``); ``False`` and ``None`` leave the flag out; a list is
written comma-separated. Defaults, ranges and units are the command's: ``skyqueue calc TOOL
--help``. A value out of range raises :class:`skyqueue.UsageError` (a ValueError) whose
``errors`` name the flag.
"""

from __future__ import annotations

import json
from typing import Any

from ._cli import invoke, value_text

__all__ = ["ge", "tfrc", "pair", "transfer", "slant", "emodel", "pss"]


def _flags(flags: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for key, value in flags.items():
        flag = "--" + key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
            continue
        if isinstance(value, (list, tuple)):
            text = ",".join(value_text(v, key) for v in value)
        else:
            text = value_text(value, key)
        args += [flag, text]
    return args


def _calc(tool: str, flags: dict[str, Any]) -> dict:
    return json.loads(invoke(["calc", tool] + _flags(flags)))


def ge(**flags: Any) -> dict:
    """Gilbert-Elliott channel under a block code (paper 002 §3.4): ``skyqueue calc ge``.

    Flags: ``alpha`` P(stay Good) and ``beta`` P(stay Bad) (0 to 1, both excluded), ``n`` LLDUs
    in the codeword, ``k`` data LLDUs (adds ``codeword_failure``), ``interleave`` depth,
    ``e_good``/``e_bad`` erasure probabilities in Good/Bad.

    Returns: ``p_m`` (probability of m erasures in a codeword, m = 0..n), ``erasure_prob``,
    ``mean_erasures``, ``mean_burst_lldus``, ``stationary_bad``, ``correlation``,
    ``codeword_failure`` (with ``k``), the inputs, and ``source`` (the equations used).
    """
    return _calc("ge", flags)


def tfrc(**flags: Any) -> dict:
    """TFRC's throughput equation (RFC 5348 §3.1, paper 003): ``skyqueue calc tfrc``.

    Flags: ``packet_bytes`` s [bytes], ``rtt_s`` R [s], ``loss_event_rate`` p, ``ccid`` (3 or 4),
    ``header_bytes`` H [bytes] (CCID4).

    Returns: ``x_bytes_per_s`` [B/s], ``x_kbps`` [kb/s], ``packets_per_s``, the inputs, ``source``.
    """
    return _calc("tfrc", flags)


def pair(**flags: Any) -> dict:
    """Follows the route between two sites over a constellation: ``skyqueue calc pair``.

    Flags: ``constellation`` (preset), ``from_``/``to`` (site names or "lat,lon"), ``hours``,
    ``step_s`` [s], ``access``, ``seam_isls``, ``propagation``, ``routing``, ``polar_cutoff``
    [deg], ``isl_pairing``; or ``tle`` (a TLE file) with ``isl``, ``start``, ``shell_rules``,
    ``min_elevation_deg``.

    Returns: one-way delays ``delay_ms`` (min/mean/max [ms], and across/outside the seam),
    ``hops``, ``handovers`` and link/plane change counts over the period, the sites, and the
    settings used.
    """
    return _calc("pair", flags)


def transfer(**flags: Any) -> dict:
    """TCP file transfers over Iridium (paper 004): ``skyqueue calc transfer``.

    Flags: ``bytes`` (the file's size), ``from_``/``to`` (sites; ``to="random"``), ``when``
    (outside-seam, across-seam, anytime), ``runs``, ``seed``, ``throughput`` (low, high),
    ``constellation``, ``polar_cutoff`` [deg], ``isl_pairing``, ``min_rto_ms`` [ms],
    ``rto_restart``, ``no_lost_retransmit``, ``hystart``, ``buffer``.

    Returns: each run's ``transfer_s`` [s], ``start_s`` [s], ``start_rtt_ms`` [ms],
    ``retransmits``, ``timeouts`` and drops (lists, one entry per run), ``mean_transfer_s`` and
    ``sd_transfer_s`` [s], ``finished`` (runs that delivered the file), and the settings used.
    """
    return _calc("transfer", flags)


def slant(**flags: Any) -> dict:
    """Slant range and one-way delay to a satellite: ``skyqueue calc slant``.

    Flags: ``altitude_km`` [km], ``elevation_deg`` [deg].

    Returns: ``slant_km`` [km], ``one_way_ms`` [ms], and the inputs.
    """
    return _calc("slant", flags)


def emodel(**flags: Any) -> dict:
    """The ITU-T G.107 E-model: ``skyqueue calc emodel``.

    Flags: ``codec``, ``delay_ms`` [ms] (one way), ``loss_pct`` [%], ``burst_r``, ``advantage``,
    ``jitter_buffer_ms`` [ms].

    Returns: ``r`` (the rating factor), ``mos``, its impairments (``id``, ``ie_eff``, ``is``...),
    the inputs, and ``source``.
    """
    return _calc("emodel", flags)


def pss(**flags: Any) -> dict:
    """The PSS DiffServ scheduler's bounds (paper 001): ``skyqueue calc pss``.

    Flags: ``capacity_bps`` [b/s], ``bw`` (AF's share), ``lm``/``lr`` (the credit's bounds
    [bits]), ``packet_bytes`` [bytes], ``ef_bps`` [b/s], ``duration_s`` [s],
    ``variable_capacity``.

    Returns: the classes' measured rates ``af_bps``/``ef_bps`` [b/s] and shares (``af_share``,
    ``ef_share``, ``cs0_share``), the credit's range ``credit_min_bits``/``credit_max_bits``
    [bits], ``priority_switches``, and the inputs.
    """
    return _calc("pss", flags)
