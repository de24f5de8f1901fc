#!/bin/bash
# Submits a sweep as a Slurm job array of N shards and a merge job that waits for it.
#   bash deploy/slurm/submit.sh N SCENARIO PARAM VALUES [POLICIES] [SEEDS]
# e.g. bash deploy/slurm/submit.sh 16 examples/dccp-g711.json dccp.per 0.001,0.003,0.01 udp,ccid4,ccid4-n,ccid4-sca 10
# Environment: PARTS (default parts/), RESULTS (default results.json), FORMAT (json or csv),
# SKYQUEUE (the command, default skyqueue on the PATH).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
n="$1"
# Values and policies hold commas, which --export=VAR=... would split: pass the environment.
export SCENARIO="$2" PARAM="$3" VALUES="$4" POLICIES="${5:-}" SEEDS="${6:-1}"
array=$(sbatch --parsable --export=ALL --array="0-$((n - 1))" "$here/sweep-array.sbatch")
merge=$(sbatch --parsable --export=ALL --dependency="afterok:${array%%;*}" "$here/merge.sbatch")
echo "array job ${array%%;*} ($n shards), merge job $merge: results in ${RESULTS:-results.json}"
