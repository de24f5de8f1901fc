#!/usr/bin/env bash
# Build Hypatia's ns-3 packet simulator (main_satnet) as ONE executable against an
# installed ns-3.37 (Debian 12 packages `ns3` + `libns3-dev`), without waf/CMake.
#
# Usage:
#   build.sh <hypatia_src> <basic_sim_src> <output_executable>
#
#   <hypatia_src>    root of a snkas/hypatia checkout (tested: 0ac531c)
#   <basic_sim_src>  root of a snkas/basic-sim checkout (tested: 3b32597, the commit Hypatia pins)
#   <output_executable>  path of the program to produce (e.g. /opt/main_satnet)
#
# The source trees are NOT modified: the needed sub-trees are copied into a build directory
# (BUILD_DIR, default <output_executable>.build), the patches in patches/ next to this script are
# applied there (skipped per tree if that tree is already patched), and everything is compiled there.
#
# Environment knobs:
#   JOBS=2                parallel compile jobs (default 2)
#   OPT="-O2"             optimisation flags (default -O2)
#   NS3_CHECKS=0          1 => compile Hypatia/basic-sim code with NS3_ASSERT_ENABLE and NS3_LOG_ENABLE
#                         (the Debian libns3 3.37 libraries themselves are built without asserts/logs)
#   NS3_INCDIR=/usr/include   directory that contains ns3/core-module.h
#   NS3_LIBDIR=/usr/lib/x86_64-linux-gnu
#   CXX=g++
#   CXXFLAGS_EXTRA=""        extra compiler flags
#   BUILD_DIR=<output>.build
set -euo pipefail

if [ $# -ne 3 ]; then
    sed -n '2,25p' "$0"
    exit 2
fi

HYP=$(cd "$1" && pwd)
BSIM=$(cd "$2" && pwd)
OUT=$(mkdir -p "$(dirname "$3")" && cd "$(dirname "$3")" && pwd)/$(basename "$3")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BUILD_DIR=${BUILD_DIR:-$OUT.build}
JOBS=${JOBS:-2}
OPT=${OPT:--O2}
NS3_CHECKS=${NS3_CHECKS:-0}
NS3_INCDIR=${NS3_INCDIR:-/usr/include}
NS3_LIBDIR=${NS3_LIBDIR:-/usr/lib/x86_64-linux-gnu}
CXX=${CXX:-g++}

[ -f "$NS3_INCDIR/ns3/core-module.h" ] || { echo "ns-3 headers not found in $NS3_INCDIR/ns3 (apt-get install libns3-dev)"; exit 1; }
[ -f "$NS3_LIBDIR/libns3-core.so" ] || { echo "libns3-core.so not found in $NS3_LIBDIR (apt-get install libns3-dev)"; exit 1; }

SIM=ns3-sat-sim/simulator
for d in "$HYP/$SIM/src/satellite/model" "$HYP/$SIM/contrib/satellite-network/model" \
         "$HYP/$SIM/contrib/satellite-network/helper" "$HYP/$SIM/scratch/main_satnet" \
         "$BSIM/model/core" "$BSIM/helper/core" "$BSIM/model/apps" "$BSIM/helper/apps"; do
    [ -d "$d" ] || { echo "missing source directory: $d"; exit 1; }
done

echo "[build.sh] hypatia=$HYP basic-sim=$BSIM out=$OUT build_dir=$BUILD_DIR"

# ---------------------------------------------------------------------------------------------
# 1. Stage pristine copies of the needed sub-trees and apply the port patches
# ---------------------------------------------------------------------------------------------
STAGE=$BUILD_DIR/stage
rm -rf "$STAGE"
mkdir -p "$STAGE/hypatia/$SIM/src" "$STAGE/hypatia/$SIM/contrib" "$STAGE/hypatia/$SIM/scratch" "$STAGE/basic-sim"
cp -a "$HYP/$SIM/src/satellite"                "$STAGE/hypatia/$SIM/src/"
cp -a "$HYP/$SIM/contrib/satellite-network"    "$STAGE/hypatia/$SIM/contrib/"
cp -a "$HYP/$SIM/scratch/main_satnet"          "$STAGE/hypatia/$SIM/scratch/"
cp -a "$BSIM/model" "$BSIM/helper"             "$STAGE/basic-sim/"

apply_patch () {  # $1 = tree, $2 = patch file
    local tree=$1 pf=$2
    if [ ! -s "$pf" ]; then echo "[build.sh] $(basename "$pf"): empty, nothing to apply"; return; fi
    if (cd "$tree" && patch -p1 -R --dry-run -s -f < "$pf" >/dev/null 2>&1); then
        echo "[build.sh] $(basename "$pf"): already applied in the given sources, skipping"
    else
        (cd "$tree" && patch -p1 -s -f --no-backup-if-mismatch < "$pf") || {
            echo "[build.sh] ERROR: $(basename "$pf") does not apply to $tree"; exit 1; }
        echo "[build.sh] applied $(basename "$pf")"
    fi
}
apply_patch "$STAGE/hypatia"   "$HERE/patches/hypatia.patch"
apply_patch "$STAGE/basic-sim" "$HERE/patches/basic-sim.patch"

# Sync the staged tree into $BUILD_DIR/src, touching only files whose content changed
# (so that make's timestamps give incremental rebuilds).
SRC=$BUILD_DIR/src
mkdir -p "$SRC"
(cd "$STAGE" && find . -type f) | while read -r f; do
    if ! cmp -s "$STAGE/$f" "$SRC/$f"; then
        mkdir -p "$(dirname "$SRC/$f")"
        cp "$STAGE/$f" "$SRC/$f"
    fi
done

# ---------------------------------------------------------------------------------------------
# 2. "ns3/<header>.h" include directory (what waf's ns3header feature did)
# ---------------------------------------------------------------------------------------------
INC=$BUILD_DIR/include
rm -rf "$INC"; mkdir -p "$INC/ns3"
HDR_DIRS="$SRC/hypatia/$SIM/src/satellite/model
$SRC/hypatia/$SIM/contrib/satellite-network/model
$SRC/hypatia/$SIM/contrib/satellite-network/helper
$SRC/basic-sim/model/core
$SRC/basic-sim/helper/core
$SRC/basic-sim/model/apps
$SRC/basic-sim/helper/apps"
for d in $HDR_DIRS; do
    for h in "$d"/*.h; do
        if [ -e "$NS3_INCDIR/ns3/$(basename "$h")" ]; then
            echo "[build.sh] ERROR: header name clash with installed ns-3: $(basename "$h")"; exit 1
        fi
        ln -s "$h" "$INC/ns3/$(basename "$h")"
    done
done

# ---------------------------------------------------------------------------------------------
# 3. Sources (the lists of the three wscript files; test suites and examples are not built)
# ---------------------------------------------------------------------------------------------
S=$SRC/hypatia/$SIM/src/satellite/model
N=$SRC/hypatia/$SIM/contrib/satellite-network
B=$SRC/basic-sim
SOURCES="
$S/iers-data.cc $S/julian-date.cc $S/satellite.cc $S/satellite-position-helper.cc
$S/satellite-position-mobility-model.cc $S/sgp4ext.cpp $S/sgp4io.cpp $S/sgp4unit.cpp $S/vector-extensions.cc
$B/model/core/basic-simulation.cc $B/model/core/exp-util.cc $B/model/core/log-update-helper.cc
$B/model/core/topology-ptop.cc $B/model/core/topology-ptop-queue-selector-default.cc
$B/model/core/topology-ptop-tc-qdisc-selector-default.cc $B/model/core/arbiter.cc $B/model/core/arbiter-ptop.cc
$B/model/core/arbiter-ecmp.cc $B/model/core/ipv4-arbiter-routing.cc $B/model/core/ptop-link-utilization-tracker.cc
$B/model/core/ptop-link-queue-tracker.cc
$B/helper/core/arbiter-ecmp-helper.cc $B/helper/core/ipv4-arbiter-routing-helper.cc
$B/helper/core/ptop-link-utilization-tracker-helper.cc $B/helper/core/ptop-link-queue-tracker-helper.cc
$B/helper/core/tcp-optimizer.cc $B/helper/core/point-to-point-ab-helper.cc
$B/model/apps/tcp-flow-send-application.cc $B/model/apps/tcp-flow-sink.cc $B/model/apps/udp-rtt-client.cc
$B/model/apps/udp-burst-application.cc $B/model/apps/udp-rtt-server.cc $B/model/apps/udp-burst-info.cc
$B/model/apps/id-seq-header.cc
$B/helper/apps/tcp-flow-send-helper.cc $B/helper/apps/tcp-flow-sink-helper.cc $B/helper/apps/tcp-flow-schedule-reader.cc
$B/helper/apps/tcp-flow-scheduler.cc $B/helper/apps/udp-rtt-helper.cc $B/helper/apps/udp-burst-helper.cc
$B/helper/apps/udp-burst-schedule-reader.cc $B/helper/apps/udp-burst-scheduler.cc $B/helper/apps/pingmesh-scheduler.cc
$N/model/point-to-point-laser-net-device.cc $N/model/point-to-point-laser-channel.cc
$N/model/point-to-point-laser-remote-channel.cc $N/model/gsl-net-device.cc $N/model/gsl-channel.cc
$N/model/ground-station.cc $N/helper/gsl-helper.cc $N/helper/point-to-point-laser-helper.cc
$N/model/topology-satellite-network.cc $N/model/arbiter-satnet.cc $N/model/arbiter-single-forward.cc
$N/helper/arbiter-single-forward-helper.cc $N/helper/gsl-if-bandwidth-helper.cc
$SRC/hypatia/$SIM/scratch/main_satnet/main_satnet.cc
"

DEFS=""
if [ "$NS3_CHECKS" = "1" ]; then DEFS="-DNS3_ASSERT_ENABLE -DNS3_LOG_ENABLE"; fi
CXXFLAGS="-std=c++17 $OPT ${CXXFLAGS_EXTRA:-} -g0 -fno-strict-aliasing -Wall -Wno-unused-variable -Wno-sign-compare $DEFS -I$INC -I$NS3_INCDIR"
# Link every ns-3 library whose TypeIds may be looked up by name at run time; --no-as-needed as in
# ns-3's own CMake targets (static TypeId registration must not be dropped).
NS3_LIBS="core network internet applications point-to-point mobility internet-apps traffic-control bridge stats"
LDLIBS="-Wl,--no-as-needed -L$NS3_LIBDIR $(for l in $NS3_LIBS; do printf -- '-lns3-%s ' "$l"; done) -Wl,--as-needed"

OBJ=$BUILD_DIR/obj
mkdir -p "$OBJ"
MK=$BUILD_DIR/Makefile
{
    echo "CXX := $CXX"
    echo "CXXFLAGS := $CXXFLAGS"
    echo "OBJS :="
    for s in $SOURCES; do
        rel=${s#"$SRC"/}
        o=$OBJ/$(echo "$rel" | tr '/' '_' | sed -E 's/\.(cc|cpp)$/.o/')
        echo "OBJS += $o"
        echo "$o: $s $MK"
        printf '\t@echo "  CXX  %s"\n' "$rel"
        printf '\t@$(CXX) $(CXXFLAGS) -MMD -MP -c %s -o %s\n' "$s" "$o"
    done
    echo "$OUT: \$(OBJS)"
    printf '\t@echo "  LINK %s"\n' "$OUT"
    printf '\t@$(CXX) -o $@ $(OBJS) %s\n' "$LDLIBS"
    echo "-include $OBJ/*.d"
} > "$MK.new"
if ! cmp -s "$MK.new" "$MK"; then mv "$MK.new" "$MK"; else rm -f "$MK.new"; fi

make -f "$MK" -j"$JOBS" "$OUT"
echo "[build.sh] built $OUT"
ldd "$OUT" | grep -c libns3 | xargs echo "[build.sh] linked ns-3 libraries:"
