#!/bin/bash
# A single-node Slurm on this machine, the example array job submitted to it, and the merged
# results checked against the unsharded sweep (docs/SCALING.md says what it showed). Not part of
# `npm test`: it installs Debian's slurm-wlm and munge (root, apt) and starts their daemons.
#   sudo bash scripts/slurm-smoke.sh        (the CLI must be built: bash scripts/build-engine.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/engine-wasm/target/release/skyqueue"
[ -x "$cli" ] || { echo "build the CLI first: bash scripts/build-engine.sh" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "run as root: it installs and starts slurmctld, slurmd and munged" >&2; exit 1; }
if ! command -v slurmctld >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi
host="$(hostname -s)"
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=skyqueue-smoke
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=smoke Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
[ -f /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null; }
chown -R munge:munge /etc/munge /run/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || runuser -u munge -- munged
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed' && break; sleep 1; done
sinfo

work="$(mktemp -d)"
cd "$work"
export PARTS="$work/parts" RESULTS="$work/results.json" SKYQUEUE="$cli"
scenario="$root/examples/dccp-g711.json"
out="$(bash "$root/deploy/slurm/submit.sh" 4 "$scenario" dccp.per 0.001,0.01 udp,ccid4,ccid4-n 3)"
echo "$out"
for _ in $(seq 300); do
  [ -f "$RESULTS" ] && ! squeue -h | grep -q . && break
  sleep 1
done
squeue
"$cli" sweep "$scenario" --param dccp.per --values 0.001,0.01 --policies udp,ccid4,ccid4-n --seeds 3 --out "$work/whole.json"
ls "$PARTS"
if cmp "$RESULTS" "$work/whole.json"; then
  echo "slurm smoke: 4 array tasks and the merge job gave the unsharded file byte for byte ($(wc -c < "$RESULTS") bytes)"
else
  echo "slurm smoke: the merged file differs from the unsharded sweep" >&2
  exit 1
fi
