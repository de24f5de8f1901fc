#!/usr/bin/env python3
"""
Summarise finished traffic_matrix_load runs, computing aggregate goodput and slowdown exactly as
paper/ns3_experiments/traffic_matrix_load/step_3_generate_plots.py does, plus the event-loop-only time
("Run simulation" row of timing_results.csv), /usr/bin/time wall time, and per-flow goodput.

Copies tcp_flows.csv / udp_bursts_incoming.csv (and timing_results.csv, time.txt, config) into
<results>/<run_name>/ and writes <results>/summary.csv and <results>/<run_name>/per_flow_goodput.csv.

Usage: analyze.py --results DIR RUN_DIR [RUN_DIR ...]
Needs exputil + numpy (the venv of make_runs.py).
"""
import argparse
import os
import re
import shutil

import exputil
import numpy as np


def read_props(path):
    props = {}
    for line in open(path):
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, v = line.split("=", 1)
            props[k.strip()] = v.strip().strip('"')
    return props


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("run_dirs", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.results, exist_ok=True)
    rows = []
    for run_dir in args.run_dirs:
        run_dir = os.path.abspath(run_dir)
        name = os.path.basename(run_dir.rstrip("/"))
        logs = os.path.join(run_dir, "logs_ns3")
        finished = os.path.join(logs, "finished.txt")
        if not (os.path.exists(finished) and open(finished).read().strip() == "Yes"):
            print("Skipping (not finished): " + run_dir)
            continue
        props = read_props(os.path.join(run_dir, "config_ns3.properties"))
        duration_s = int(props["simulation_end_time_ns"]) / 1e9
        protocol = "tcp" if props.get("enable_tcp_flow_scheduler") == "true" else "udp"
        out = os.path.join(args.results, name)
        os.makedirs(out, exist_ok=True)

        # --- step_3 ---
        if protocol == "tcp":
            cols = exputil.read_csv_direct_in_columns(
                logs + "/tcp_flows.csv",
                "idx_int,pos_int,pos_int,pos_int,pos_int,pos_int,pos_int,pos_int,string,string")
            per_flow_byte = cols[7]
            total_sent_byte = float(np.sum(per_flow_byte))
            flow_ids, src, dst = cols[0], cols[1], cols[2]
            shutil.copy(logs + "/tcp_flows.csv", out)
        else:
            cols = exputil.read_csv_direct_in_columns(
                logs + "/udp_bursts_incoming.csv",
                "idx_int,pos_int,pos_int,pos_float,pos_int,pos_int,pos_float,pos_float,pos_float,pos_float,pos_float,string")
            per_flow_byte = cols[10]
            total_sent_byte = float(np.sum(per_flow_byte))
            flow_ids, src, dst = cols[0], cols[1], cols[2]
            shutil.copy(logs + "/udp_bursts_incoming.csv", out)
            shutil.copy(logs + "/udp_bursts_outgoing.csv", out)
        tcols = exputil.read_csv_direct_in_columns(logs + "/timing_results.csv", "string,pos_int")
        total_duration_ns = float(np.sum(tcols[1]))
        goodput_mbps = (total_sent_byte / duration_s) / 125000.0
        slowdown = (total_duration_ns / 1e9) / duration_s
        # --- end step_3 ---

        event_loop_ns = sum(d for (a, d) in zip(tcols[0], tcols[1]) if a == "Run simulation")
        wall_time_s = None
        tfile = os.path.join(logs, "time.txt")
        if os.path.exists(tfile):
            m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", open(tfile).read())
            if m:
                parts = [float(x) for x in m.group(1).split(":")]
                wall_time_s = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
            ttxt = open(tfile).read()
            cpu_s = sum(float(x) for x in re.findall(r"(?:User|System) time \(seconds\): (\S+)", ttxt))
            m = re.search(r"Percent of CPU this job got: (\d+)%", ttxt)
            cpu_pct = int(m.group(1)) if m else None
            m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(tfile).read())
            maxrss_mb = int(m.group(1)) / 1024 if m else None
            shutil.copy(tfile, out)
        else:
            maxrss_mb = cpu_s = cpu_pct = None
        for f in ["timing_results.csv", "timing_results.txt", "load.txt", "console.txt"]:
            if os.path.exists(os.path.join(logs, f)):
                shutil.copy(os.path.join(logs, f), out)
        shutil.copy(os.path.join(run_dir, "config_ns3.properties"), out)

        with open(os.path.join(out, "per_flow_goodput.csv"), "w") as f:
            f.write("flow_id,from,to,goodput_byte,goodput_mbit_per_s\n")
            for i in range(len(flow_ids)):
                f.write("%d,%d,%d,%d,%.6f\n" % (flow_ids[i], src[i], dst[i], per_flow_byte[i],
                                                per_flow_byte[i] / duration_s / 125000.0))
        pf = np.array(per_flow_byte, dtype=float) / duration_s / 125000.0
        routes_dir = os.path.normpath(os.path.join(run_dir, props["satellite_network_routes_dir"]))
        row = dict(run=name, protocol=protocol, sim_s=duration_s,
                   rate_mbps=float(props["isl_data_rate_megabit_per_s"]),
                   isl_q=int(props["isl_max_queue_size_pkts"]), gsl_q=int(props["gsl_max_queue_size_pkts"]),
                   wall_program_s=wall_time_s, wall_timing_results_s=total_duration_ns / 1e9,
                   wall_event_loop_s=event_loop_ns / 1e9, slowdown_step3=slowdown,
                   slowdown_event_loop=(event_loop_ns / 1e9) / duration_s,
                   total_byte=total_sent_byte, goodput_mbps=goodput_mbps, flows=len(flow_ids),
                   flows_zero=int(np.sum(pf == 0)), flow_min_mbps=float(pf.min()),
                   flow_median_mbps=float(np.median(pf)), flow_max_mbps=float(pf.max()),
                   cpu_user_sys_s=cpu_s, cpu_pct=cpu_pct, maxrss_mb=maxrss_mb, routes_dir=routes_dir)
        rows.append(row)
        print(", ".join("%s=%s" % (k, v) for k, v in row.items()))
    if rows:
        path = os.path.join(args.results, "summary.csv")
        existing = {}
        keys = list(rows[0].keys())
        if os.path.exists(path):
            lines = open(path).read().strip().split("\n")
            for line in lines[1:]:
                existing[line.split(",")[0]] = line
        for r in rows:
            existing[r["run"]] = ",".join(str(r[k]) for k in keys)
        with open(path, "w") as f:
            f.write(",".join(keys) + "\n")
            for k in sorted(existing):
                f.write(existing[k] + "\n")
        print("wrote " + path)


if __name__ == "__main__":
    main()
