"""Hypatia's satgenpy on its own paper workload, timed per step (npm run bench:peers, workload y).

Starlink shell 1 (72 x 22, 53 deg, 550 km; paper/satellite_networks_state/main_starlink_550.py),
the 100 ground stations of the paper (ground_stations_top_100), +Grid ISLs and the dynamic state
algorithm `algorithm_free_one_only_over_isls` (satgenpy/satgen/dynamic_state/), exactly as
paper/satellite_networks_state/main_helper.py generates it, except that the steps are run one by
one here (generate_dynamic_state_at, as generate_dynamic_state.py loops) so each one is timed.

After the timed steps, the path of every ordered ground-station pair at every step is walked
through the forwarding state Hypatia returned, and its length summed with Hypatia's own distance
functions (satgen.distance_tools, as post_analysis/graph_tools.py does): that is not timed.

Writes into --out: Hypatia's files (tles.txt, ground_stations.txt, isls.txt, description.txt,
gsl_interfaces_info.txt, dynamic_state_*/fstate_*.txt), hypatia_timing.json, and
hypatia_delays.f64: little-endian float64, steps x N x N one-way path delays [s] (path length /
299,792,458 m/s; N ground stations, row = source, column = destination, NaN where unreachable, 0
on the diagonal): the format of `skyqueue bench --workload all-pairs --delays-out`.
"""

import argparse
import json
import math
import os
import struct
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hypatia", required=True, help="a checkout of snkas/hypatia")
    ap.add_argument("--out", required=True, help="directory for the generated files")
    ap.add_argument("--steps", type=int, default=100, help="steps to compute (1 to 2000)")
    ap.add_argument("--step-ms", type=int, default=100, help="time step [ms]")
    ap.add_argument("--no-distances", action="store_true", help="skip the (untimed) path walk")
    a = ap.parse_args()
    if not 1 <= a.steps <= 2000 or not 1 <= a.step_ms <= 60000:
        sys.exit("--steps must be 1 to 2000 and --step-ms 1 to 60000")

    hyp = os.path.abspath(a.hypatia)
    paper = os.path.join(hyp, "paper", "satellite_networks_state")
    sys.path.insert(0, os.path.join(hyp, "satgenpy"))
    sys.path.insert(0, paper)
    import satgen  # noqa: E402
    from satgen.dynamic_state.generate_dynamic_state import generate_dynamic_state_at  # noqa: E402
    import main_starlink_550 as sl  # noqa: E402  (its constants: the paper's values)

    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    # As main_helper.py's MainHelper.calculate does for this configuration.
    satgen.extend_ground_stations(
        os.path.join(paper, "input_data", "ground_stations_cities_sorted_by_estimated_2025_pop_top_100.basic.txt"),
        os.path.join(out, "ground_stations.txt"),
    )
    satgen.generate_tles_from_scratch_manual(
        os.path.join(out, "tles.txt"), sl.NICE_NAME, sl.NUM_ORBS, sl.NUM_SATS_PER_ORB, sl.PHASE_DIFF,
        sl.INCLINATION_DEGREE, sl.ECCENTRICITY, sl.ARG_OF_PERIGEE_DEGREE, sl.MEAN_MOTION_REV_PER_DAY,
    )
    satgen.generate_plus_grid_isls(os.path.join(out, "isls.txt"), sl.NUM_ORBS, sl.NUM_SATS_PER_ORB, isl_shift=0, idx_offset=0)
    satgen.generate_description(os.path.join(out, "description.txt"), sl.MAX_GSL_LENGTH_M, sl.MAX_ISL_LENGTH_M)
    ground_stations = satgen.read_ground_stations_extended(os.path.join(out, "ground_stations.txt"))
    satgen.generate_simple_gsl_interfaces_info(
        os.path.join(out, "gsl_interfaces_info.txt"), sl.NUM_ORBS * sl.NUM_SATS_PER_ORB, len(ground_stations), 1, 1, 1, 1
    )

    # As helper_dynamic_state.py loads them.
    tles = satgen.read_tles(os.path.join(out, "tles.txt"))
    satellites = tles["satellites"]
    epoch = tles["epoch"]
    list_isls = satgen.read_isls(os.path.join(out, "isls.txt"), len(satellites))
    gsl_info = satgen.read_gsl_interfaces_info(
        os.path.join(out, "gsl_interfaces_info.txt"), len(satellites), len(ground_stations)
    )
    dyn = os.path.join(out, "dynamic_state_%dms_for_%ds" % (a.step_ms, math.ceil(a.steps * a.step_ms / 1000)))
    os.makedirs(dyn, exist_ok=True)

    step_ns = a.step_ms * 1_000_000
    prev = None
    fstates = []
    seconds = []
    for k in range(a.steps):
        t0 = time.perf_counter()
        prev = generate_dynamic_state_at(
            dyn, epoch, k * step_ns, satellites, ground_stations, list_isls, gsl_info,
            sl.MAX_GSL_LENGTH_M, sl.MAX_ISL_LENGTH_M, "algorithm_free_one_only_over_isls", prev, False,
        )
        seconds.append(time.perf_counter() - t0)
        fstates.append(prev["fstate"])
        print("hypatia: step %d/%d: %.3f s" % (k + 1, a.steps, seconds[-1]), file=sys.stderr, flush=True)

    timing = {
        "workload": "hypatia-starlink-550-all-pairs",
        "satellites": len(satellites),
        "ground_stations": len(ground_stations),
        "isls": len(list_isls),
        "steps": a.steps,
        "step_ms": a.step_ms,
        "seconds": sum(seconds),
        "s_per_step": sum(seconds) / a.steps,
        "step_seconds": seconds,
        "max_gsl_length_m": sl.MAX_GSL_LENGTH_M,
        "max_isl_length_m": sl.MAX_ISL_LENGTH_M,
    }
    with open(os.path.join(out, "hypatia_timing.json"), "w") as f:
        json.dump(timing, f, indent=1)
    if not a.no_distances:
        write_delays(out, epoch, satellites, ground_stations, fstates, step_ns)
    print(json.dumps({k: v for k, v in timing.items() if k != "step_seconds"}))


SPEED_OF_LIGHT_M_S = 299792458.0


def write_delays(out, epoch, satellites, ground_stations, fstates, step_ns):
    """Walks every pair's next hops in Hypatia's forwarding state and sums the hop lengths."""
    from astropy import units as u
    from satgen.distance_tools import distance_m_between_satellites, distance_m_ground_station_to_satellite

    ns, ng = len(satellites), len(ground_stations)
    with open(os.path.join(out, "hypatia_delays.f64"), "wb") as f:
        for k, fstate in enumerate(fstates):
            t = epoch + k * step_ns * u.ns
            e, ts = str(epoch), str(t)
            cache = {}

            def hop(a, b):
                key = (min(a, b), max(a, b))
                if key not in cache:
                    if a < ns and b < ns:
                        cache[key] = distance_m_between_satellites(satellites[a], satellites[b], e, ts)
                    else:
                        gs, sat = (a, b) if a >= ns else (b, a)
                        cache[key] = distance_m_ground_station_to_satellite(ground_stations[gs - ns], satellites[sat], e, ts)
                return cache[key]

            row = []
            for src in range(ng):
                for dst in range(ng):
                    if src == dst:
                        row.append(0.0)
                        continue
                    cur, target, length = ns + src, ns + dst, 0.0
                    for _ in range(ns + 2):
                        nxt = fstate[(cur, target)][0]
                        if nxt == -1:
                            length = float("nan")
                            break
                        length += hop(cur, nxt)
                        cur = nxt
                        if cur == target:
                            break
                    row.append(length / SPEED_OF_LIGHT_M_S)
            f.write(struct.pack("<%dd" % len(row), *row))


if __name__ == "__main__":
    main()
