#!/usr/bin/env python3
"""
Generate the inputs of Hypatia's paper/ns3_experiments/traffic_matrix_load workload, outside the Hypatia tree.

  1. Satellite network state, exactly as paper/satellite_networks_state/main_kuiper_630.py does it
     (Kuiper-630 34x34 @ 630 km / 51.9 deg, +Grid ISLs, top-100 ground stations,
     algorithm_free_one_only_over_isls, 100 ms steps), by running that very script (with satgenpy) for
     --state-duration-s seconds instead of the paper's 200 s.
  2. Run directories, as paper/ns3_experiments/traffic_matrix_load/step_1_generate_runs.py makes them:
     config_ns3.properties from the templates (TCP and UDP; UDP queues capped at 100 pkts), the random
     reciprocal pairing from networkload with Hypatia's seed, tcp_flow_schedule.csv / udp_burst_schedule.csv,
     logs_ns3/, .gitignore.

Deviations from step_1 (each printed when it applies):
  * satellite_network_routes_dir is rewritten from dynamic_state_100ms_for_200s to
    dynamic_state_100ms_for_<state-duration-s>s (the state generated in step 1 here).
  * networkload v1.3 calls random.sample(<set>, 2), a TypeError since Python 3.11. Python <= 3.10 converted the
    set with tuple(set) first; the fallback below does exactly that (same RNG draws, same result).
  * Only the configs given with --configs are generated (step_1 makes 17 x 2 runs).

Layout under --work (mirrors the Hypatia tree so the templates' relative paths stay valid):
  <work>/satgenpy/                                   (copied from Hypatia)
  <work>/paper/satellite_networks_state/             (copied; gen_data/ is generated here)
  <work>/paper/ns3_experiments/traffic_matrix_load/  (copied; runs/ is generated here)

Python deps (in the interpreter running this script): numpy astropy ephem networkx sgp4 geopy,
exputil (snkas/exputilpy v1.6) and networkload (snkas/networkload v1.3).

Example:
  venv/bin/python port/make_runs.py --hypatia src/hypatia --work work \
      --configs 10:10:100:100,100:10:1000:1000
"""

import argparse
import os
import random
import shutil
import subprocess
import sys

STATE_NAME = "kuiper_630_isls_plus_grid_ground_stations_top_100_algorithm_free_one_only_over_isls"
TIME_STEP_MS = 100


def copy_tree_if_missing(src, dst, ignore=None):
    if not os.path.isdir(dst):
        shutil.copytree(src, dst, ignore=ignore)


def generate_state(work, duration_s, threads):
    sns = os.path.join(work, "paper", "satellite_networks_state")
    out = os.path.join(sns, "gen_data", STATE_NAME)
    dyn = os.path.join(out, "dynamic_state_%dms_for_%ds" % (TIME_STEP_MS, duration_s))
    n_expected = (duration_s * 1000) // TIME_STEP_MS
    if os.path.isdir(dyn):
        n_fstate = len([f for f in os.listdir(dyn) if f.startswith("fstate_")])
        n_gsl = len([f for f in os.listdir(dyn) if f.startswith("gsl_if_bandwidth_")])
        if n_fstate == n_expected and n_gsl == n_expected:
            print("[make_runs] state already complete: %s (%d time steps)" % (dyn, n_expected))
            return dyn
        print("[make_runs] state incomplete (%d/%d fstate files), regenerating" % (n_fstate, n_expected))
        shutil.rmtree(out)
    # Exactly the command of generate_for_paper.sh (job 4), with duration <duration_s> instead of 200
    cmd = [sys.executable, "main_kuiper_630.py", str(duration_s), str(TIME_STEP_MS), "isls_plus_grid",
           "ground_stations_top_100", "algorithm_free_one_only_over_isls", str(threads)]
    print("[make_runs] (cd %s && %s)" % (sns, " ".join(cmd)))
    with open(os.path.join(work, "state_generation.log"), "w") as log:
        subprocess.run(cmd, cwd=sns, check=True, stdout=log, stderr=subprocess.STDOUT)
    return dyn


def reciprocated_random_pairing(servers, seed):
    import networkload
    try:
        return networkload.generate_from_to_reciprocated_random_pairing(list(servers), seed)
    except TypeError as e:
        # networkload v1.3 `random.sample(remaining, 2)` with remaining a set: TypeError on Python >= 3.11.
        # Same algorithm, with the set->tuple conversion Python <= 3.10's random.sample did internally.
        print("[make_runs] networkload pairing failed on Python %s (%s); using the tuple(set) equivalent"
              % (sys.version.split()[0], e))
        servers = list(servers)
        if len(set(servers)) != len(servers) or len(servers) < 2 or len(servers) % 2 != 0:
            raise ValueError("invalid servers list")
        random.seed(seed)
        remaining = set(servers)
        from_to_tuples = []
        while len(remaining) != 0:
            chosen = random.sample(tuple(remaining), 2)
            from_to_tuples.append((chosen[0], chosen[1]))
            from_to_tuples.append((chosen[1], chosen[0]))
            remaining -= set(chosen)
        return from_to_tuples


def make_run(tml, config, protocol_chosen, state_duration_s):
    import exputil
    import networkload
    local_shell = exputil.LocalShell()

    # ---- from here on: step_1_generate_runs.py, loop body (cwd = traffic_matrix_load) ----
    data_rate_megabit_per_s = config[0]
    duration_s = config[1]
    if protocol_chosen == "tcp":
        queue_size_isl_pkt = config[2]
        queue_size_gsl_pkt = config[3]
    elif protocol_chosen == "udp":  # UDP does not have this problem, so we cap it at 100 packets
        queue_size_isl_pkt = min(config[2], 100)
        queue_size_gsl_pkt = min(config[3], 100)
    else:
        raise ValueError("Unknown protocol chosen: " + protocol_chosen)

    run_dir = "runs/run_loaded_tm_pairing_%d_Mbps_for_%ds_with_%s" % (
        data_rate_megabit_per_s, duration_s, protocol_chosen
    )
    local_shell.remove_force_recursive(run_dir)
    local_shell.make_full_dir(run_dir)

    local_shell.copy_file(
        "templates/template_config_ns3_" + protocol_chosen + ".properties",
        run_dir + "/config_ns3.properties"
    )
    local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                          "[SIMULATION-END-TIME-NS]", str(duration_s * 1000 * 1000 * 1000))
    local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                          "[ISL-DATA-RATE-MEGABIT-PER-S]", str(data_rate_megabit_per_s))
    local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                          "[GSL-DATA-RATE-MEGABIT-PER-S]", str(data_rate_megabit_per_s))
    local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                          "[ISL-MAX-QUEUE-SIZE-PKTS]", str(queue_size_isl_pkt))
    local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                          "[GSL-MAX-QUEUE-SIZE-PKTS]", str(queue_size_gsl_pkt))

    # [deviation] point the routes dir at the state generated here
    if state_duration_s != 200:
        if duration_s > state_duration_s:
            raise ValueError("run lasts %d s but the state only covers %d s" % (duration_s, state_duration_s))
        local_shell.sed_replace_in_file_plain(run_dir + "/config_ns3.properties",
                                              "/dynamic_state_100ms_for_200s",
                                              "/dynamic_state_100ms_for_%ds" % state_duration_s)

    local_shell.make_full_dir(run_dir + "/logs_ns3")
    local_shell.write_file(run_dir + "/.gitignore", "logs_ns3")

    random.seed(123456789)
    random.randint(0, 100000000)  # Legacy reasons
    seed_from_to = random.randint(0, 100000000)
    a = set(range(1156, 1256))
    list_from_to = reciprocated_random_pairing(list(a), seed_from_to)

    if protocol_chosen == "tcp":
        networkload.write_schedule(
            run_dir + "/tcp_flow_schedule.csv",
            len(list_from_to),
            list_from_to,
            [1000000000000] * len(list_from_to),
            [0] * len(list_from_to)
        )
    elif protocol_chosen == "udp":
        with open(run_dir + "/udp_burst_schedule.csv", "w+") as f_out:
            for i in range(len(list_from_to)):
                f_out.write(
                    "%d,%d,%d,%.10f,%d,%d,,\n" % (
                        i,
                        list_from_to[i][0],
                        list_from_to[i][1],
                        data_rate_megabit_per_s,
                        0,
                        1000000000000
                    )
                )
    # ---- end of step_1 loop body ----
    print("[make_runs] %s (seed_from_to=%d, %d flows)" % (os.path.join(tml, run_dir), seed_from_to, len(list_from_to)))
    return os.path.join(tml, run_dir)


def parse_configs(s):
    out = []
    for c in s.split(","):
        rate, dur, qi, qg = c.split(":")
        out.append((float(rate), int(dur), int(qi), int(qg)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hypatia", required=True, help="Hypatia source root (snkas/hypatia checkout)")
    ap.add_argument("--work", required=True, help="output root")
    ap.add_argument("--state-duration-s", type=int, default=10,
                    help="seconds of dynamic state to generate (paper: 200); default 10")
    ap.add_argument("--threads", type=int, default=1, help="satgenpy worker threads (paper: 20); default 1")
    ap.add_argument("--configs", default="10:10:100:100,100:10:1000:1000",
                    help="comma list of rate_mbps:duration_s:isl_queue_pkt:gsl_queue_pkt (step_1 tuples); "
                         "default 10:10:100:100,100:10:1000:1000")
    ap.add_argument("--protocols", default="tcp,udp")
    ap.add_argument("--skip-state", action="store_true", help="do not (re)generate the satellite network state")
    args = ap.parse_args()

    hyp = os.path.abspath(args.hypatia)
    work = os.path.abspath(args.work)
    os.makedirs(os.path.join(work, "paper", "ns3_experiments"), exist_ok=True)
    copy_tree_if_missing(os.path.join(hyp, "satgenpy"), os.path.join(work, "satgenpy"))
    copy_tree_if_missing(os.path.join(hyp, "paper", "satellite_networks_state"),
                         os.path.join(work, "paper", "satellite_networks_state"),
                         ignore=shutil.ignore_patterns("gen_data"))
    tml = os.path.join(work, "paper", "ns3_experiments", "traffic_matrix_load")
    copy_tree_if_missing(os.path.join(hyp, "paper", "ns3_experiments", "traffic_matrix_load"), tml,
                         ignore=shutil.ignore_patterns("runs", "data", "pdf"))

    if not args.skip_state:
        dyn = generate_state(work, args.state_duration_s, args.threads)
        print("[make_runs] forwarding state: %s" % dyn)

    cwd = os.getcwd()
    os.chdir(tml)
    try:
        for config in parse_configs(args.configs):
            for proto in args.protocols.split(","):
                make_run(tml, config, proto, args.state_duration_s)
    finally:
        os.chdir(cwd)


if __name__ == "__main__":
    main()
