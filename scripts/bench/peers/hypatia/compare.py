"""Compares every ground-station pair's one-way delay at every step, Hypatia against SkyQueue.

Both files are little-endian float64, steps x N x N delays [s] (row = source, NaN unreachable):
hypatia_run.py's hypatia_delays.f64 and `skyqueue bench --workload all-pairs --delays-out`. Only
the steps both hold are compared, and only ordered pairs of distinct ground stations. Prints a
report, then one line of JSON (`agree_1us` is the fraction of pair-steps whose delays agree
within --tolerance-us, or that both find unreachable).

Usage: python compare.py HYPATIA.f64 SKYQUEUE.f64 GROUND_STATIONS.txt [--tolerance-us 1]
"""

import argparse
import json

import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hypatia")
    ap.add_argument("skyqueue")
    ap.add_argument("ground_stations", help="Hypatia's ground_stations.txt (for N and the names)")
    ap.add_argument("--tolerance-us", type=float, default=1.0)
    a = ap.parse_args()
    names = [line.split(",")[1] for line in open(a.ground_stations, encoding="utf-8") if line.strip()]
    n = len(names)
    h = np.fromfile(a.hypatia, dtype="<f8")
    s = np.fromfile(a.skyqueue, dtype="<f8")
    steps = min(h.size, s.size) // (n * n)
    if steps == 0:
        raise SystemExit("no step in common (N = %d)" % n)
    h = h[: steps * n * n].reshape(steps, n, n)
    s = s[: steps * n * n].reshape(steps, n, n)
    off = ~np.eye(n, dtype=bool)[None, :, :].repeat(steps, axis=0)
    hn, sn = np.isnan(h) & off, np.isnan(s) & off
    both = off & ~hn & ~sn
    diff_us = np.abs(h - s) * 1e6
    tol = a.tolerance_us
    total = int(off.sum())
    agree = int((both & (diff_us <= tol)).sum() + (hn & sn).sum())
    d = diff_us[both]
    rel = (diff_us[both] / (h[both] * 1e6)) if d.size else np.array([0.0])
    report = {
        "steps": steps,
        "ground_stations": n,
        "pair_steps": total,
        "agree_1us": agree / total,
        "tolerance_us": tol,
        "both_reachable": int(both.sum()),
        "both_unreachable": int((hn & sn).sum()),
        "unreachable_hypatia_only": int((hn & ~sn).sum()),
        "unreachable_skyqueue_only": int((sn & ~hn).sum()),
        "diff_us_median": float(np.median(d)) if d.size else 0.0,
        "diff_us_p99": float(np.percentile(d, 99)) if d.size else 0.0,
        "diff_us_max": float(d.max()) if d.size else 0.0,
        "diff_relative_median": float(np.median(rel)),
        "within_10us": float((d <= 10).mean()) if d.size else 1.0,
        "within_100us": float((d <= 100).mean()) if d.size else 1.0,
        "skyqueue_shorter": int((both & (s < h - tol * 1e-6)).sum()),
        "hypatia_shorter": int((both & (h < s - tol * 1e-6)).sum()),
    }
    print("pair-steps: %d (%d steps x %d ordered pairs)" % (total, steps, n * (n - 1)))
    print("agree within %g us (or both unreachable): %.4f %%" % (tol, 100 * report["agree_1us"]))
    print(
        "both reachable %d, both unreachable %d, unreachable in Hypatia only %d, in SkyQueue only %d"
        % (report["both_reachable"], report["both_unreachable"], report["unreachable_hypatia_only"],
           report["unreachable_skyqueue_only"])
    )
    print(
        "|difference| where both reach: median %.3f us, 99th percentile %.3f us, max %.3f us; "
        "within 10 us %.4f %%, within 100 us %.4f %%; SkyQueue shorter by more than the tolerance %d, Hypatia %d"
        % (report["diff_us_median"], report["diff_us_p99"], report["diff_us_max"], 100 * report["within_10us"],
           100 * report["within_100us"], report["skyqueue_shorter"], report["hypatia_shorter"])
    )
    worst = np.argsort(np.where(both, diff_us, -1).ravel())[::-1][:5]
    for w in worst:
        k, i, j = np.unravel_index(w, h.shape)
        if not both[k, i, j]:
            break
        print(
            "  step %d %s -> %s: Hypatia %.3f ms, SkyQueue %.3f ms (%.3f us)"
            % (k, names[i], names[j], h[k, i, j] * 1e3, s[k, i, j] * 1e3, diff_us[k, i, j])
        )
    print(json.dumps(report))


if __name__ == "__main__":
    main()
