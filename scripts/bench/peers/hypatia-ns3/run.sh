#!/usr/bin/env bash
# Run main_satnet on one run directory, like step_2_run.py does
#   (cd ns3-sat-sim/simulator; ./waf --run="main_satnet --run_dir='<run_dir>'" | tee <run_dir>/logs_ns3/console.txt)
# but with the stand-alone executable from build.sh, and measuring the whole program with /usr/bin/time
# (-> <run_dir>/logs_ns3/time.txt) plus the machine load before/after (-> logs_ns3/load.txt).
#
# Usage: run.sh <main_satnet executable> <run_dir> [end_time_s]
#   end_time_s (optional): override simulation_end_time_ns in config_ns3.properties (for shortened runs);
#                          the original value is kept as config_ns3.properties.orig.
set -euo pipefail
EXE=$(readlink -f "$1")
RUN=$(cd "$2" && pwd)
if [ $# -ge 3 ]; then
    [ -f "$RUN/config_ns3.properties.orig" ] || cp "$RUN/config_ns3.properties" "$RUN/config_ns3.properties.orig"
    ns=$(python3 -c "print(int(round(float('$3')*1e9)))")
    sed "s/^simulation_end_time_ns=.*/simulation_end_time_ns=$ns/" "$RUN/config_ns3.properties.orig" > "$RUN/config_ns3.properties"
fi
mkdir -p "$RUN/logs_ns3"
{ echo "start $(date -Is)"; uptime; } > "$RUN/logs_ns3/load.txt"
cd "$RUN"
set +e
/usr/bin/time -v -o "$RUN/logs_ns3/time.txt" "$EXE" --run_dir="$RUN" 2>&1 | tee "$RUN/logs_ns3/console.txt" > /dev/null
rc=${PIPESTATUS[0]}
set -e
{ echo "end $(date -Is) rc=$rc"; uptime; } >> "$RUN/logs_ns3/load.txt"
echo "[run.sh] $RUN rc=$rc finished=$(cat "$RUN/logs_ns3/finished.txt" 2>/dev/null)"
grep -E "Elapsed \(wall|Maximum resident" "$RUN/logs_ns3/time.txt" || true
exit $rc
