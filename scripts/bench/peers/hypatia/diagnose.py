"""Where Hypatia's link lengths and SkyQueue's differ: the two position models, link by link.

Hypatia measures every link with pyephem (its own SGP4 and its own Earth model:
satgenpy/satgen/distance_tools/distance_tools.py). SkyQueue uses the reference SGP4 (WGS-72,
the Rust `sgp4` crate; here the `sgp4` Python package, the same Vallado code), rotated into the
Earth-fixed frame by the IAU-82 sidereal angle, and the WGS-72 Cartesian ground-station positions
of Hypatia's extended ground_stations.txt. This prints, at a few instants, the differences
between the two for every +Grid ISL and for every ground station's nearest satellites.

Usage: python diagnose.py HYPATIA_CHECKOUT GENERATED_DIR [--times-s 0,1,5]
"""

import argparse
import math
import os
import sys

import numpy as np


def gmst_rad(jd_ut1):
    """IAU-82 Greenwich mean sidereal angle (as engine/src/orbit/frames.rs, `gmst_rad`)."""
    t = (jd_ut1 - 2451545.0) / 36525.0
    secs = -6.2e-6 * t**3 + 0.093104 * t**2 + (876600.0 * 3600.0 + 8640184.812866) * t + 67310.54841
    return math.fmod(math.radians(secs / 240.0), 2 * math.pi) % (2 * math.pi)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hypatia")
    ap.add_argument("generated")
    ap.add_argument("--times-s", default="0,1,5")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(os.path.abspath(a.hypatia), "satgenpy"))
    import satgen
    from astropy import units as u
    from satgen.distance_tools import distance_m_between_satellites, distance_m_ground_station_to_satellite
    from sgp4.api import WGS72, Satrec

    tles = satgen.read_tles(os.path.join(a.generated, "tles.txt"))
    sats, epoch = tles["satellites"], tles["epoch"]
    gss = satgen.read_ground_stations_extended(os.path.join(a.generated, "ground_stations.txt"))
    isls = satgen.read_isls(os.path.join(a.generated, "isls.txt"), len(sats))
    lines = open(os.path.join(a.generated, "tles.txt")).read().splitlines()[1:]
    recs = [Satrec.twoline2rv(lines[3 * i + 1], lines[3 * i + 2], WGS72) for i in range(len(sats))]
    jd0 = 2451544.5  # 2000-01-01 00:00 UTC, the epoch of Hypatia's generated element sets
    for t_s in [float(x) for x in a.times_s.split(",")]:
        e, ts = str(epoch), str(epoch + t_s * 1e9 * u.ns)
        teme = []
        for r in recs:
            err, p, _ = r.sgp4(jd0, t_s / 86400.0)
            teme.append(p)
        teme = np.array(teme)
        g = gmst_rad(jd0 + t_s / 86400.0)
        c, s = math.cos(g), math.sin(g)
        ecef = np.stack([c * teme[:, 0] + s * teme[:, 1], -s * teme[:, 0] + c * teme[:, 1], teme[:, 2]], axis=1)
        isl_d = []
        for i, (x, y) in enumerate(isls[::8]):
            hyp = distance_m_between_satellites(sats[x], sats[y], e, ts)
            sky = np.linalg.norm(teme[x] - teme[y]) * 1e3
            isl_d.append(sky - hyp)
        gsl_d = []
        for gs in gss[::5]:
            site = np.array([gs["cartesian_x"], gs["cartesian_y"], gs["cartesian_z"]]) / 1e3
            near = np.argsort(np.linalg.norm(ecef - site, axis=1))[:5]
            for sid in near:
                hyp = distance_m_ground_station_to_satellite(gs, sats[sid], e, ts)
                sky = np.linalg.norm(ecef[sid] - site) * 1e3
                gsl_d.append(sky - hyp)
        isl_d, gsl_d = np.array(isl_d), np.array(gsl_d)
        print(
            "t = %g s: ISL (SkyQueue - Hypatia) median %.1f m, max |.| %.1f m over %d links; "
            "GSL median %.1f m, max |.| %.1f m over %d links"
            % (t_s, np.median(isl_d), np.abs(isl_d).max(), isl_d.size, np.median(gsl_d), np.abs(gsl_d).max(),
               gsl_d.size)
        )


if __name__ == "__main__":
    main()
