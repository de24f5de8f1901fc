//! Reference frames and spherical-Earth geometry.
//!
//! Frames are named in every function: ECI/TEME (inertial, what SGP4 outputs), ECEF
//! (Earth-fixed), geodetic (latitude, longitude on a *spherical* Earth of radius
//! [`R_EARTH_KM`], as paper 004 does for its link geometry: "R_e = 6371 km").

use crate::kernel::math;
use core::f64::consts::PI;

/// Earth radius for link geometry [km] (paper 004, §2.3, Fig. 3).
pub const R_EARTH_KM: f64 = 6371.0;
/// Speed of light [km/s].
pub const C_KM_S: f64 = 299_792.458;
/// Earth's gravitational parameter [km^3/s^2], WGS-72 (the value SGP4 uses).
pub const MU_KM3_S2: f64 = 398_600.8;
/// Julian date of J2000.0.
pub const JD_J2000: f64 = 2_451_545.0;

/// A position [km] in a frame the function names say.
pub type Vec3 = [f64; 3];

/// Degrees to radians.
#[inline]
pub fn rad(deg: f64) -> f64 {
    deg * PI / 180.0
}

/// Radians to degrees.
#[inline]
pub fn deg(rad: f64) -> f64 {
    rad * 180.0 / PI
}

/// Euclidean distance [km].
#[inline]
pub fn distance_km(a: &Vec3, b: &Vec3) -> f64 {
    let (dx, dy, dz) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (dx * dx + dy * dy + dz * dz).sqrt()
}

fn norm(a: &Vec3) -> f64 {
    (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt()
}

/// ECEF position [km] of a point at `alt_km` above the spherical Earth.
pub fn ecef_from_geodetic(lat_deg: f64, lon_deg: f64, alt_km: f64) -> Vec3 {
    let (lat, lon) = (rad(lat_deg), rad(lon_deg));
    let r = R_EARTH_KM + alt_km;
    [r * math::cos(lat) * math::cos(lon), r * math::cos(lat) * math::sin(lon), r * math::sin(lat)]
}

/// Latitude and longitude [deg] and altitude [km] over the spherical Earth of an ECEF point.
pub fn geodetic_from_ecef(p: &Vec3) -> (f64, f64, f64) {
    let r = norm(p);
    let lat = deg(libm::asin((p[2] / r).clamp(-1.0, 1.0)));
    let lon = deg(libm::atan2(p[1], p[0]));
    (lat, lon, r - R_EARTH_KM)
}

/// Rotates an inertial (TEME/ECI) position into ECEF by the Greenwich sidereal angle `gmst`
/// [rad] (polar motion neglected: below 20 m).
#[inline]
pub fn ecef_from_eci(p: &Vec3, gmst: f64) -> Vec3 {
    let (s, c) = (math::sin(gmst), math::cos(gmst));
    [c * p[0] + s * p[1], -s * p[0] + c * p[1], p[2]]
}

/// Greenwich mean sidereal time [rad] at Julian date `jd_ut1`, IAU 1982 model (Vallado,
/// Fundamentals of Astrodynamics, eq. 3-47; the `gstime` of SGP4 implementations).
pub fn gmst_rad(jd_ut1: f64) -> f64 {
    let t = (jd_ut1 - JD_J2000) / 36525.0;
    let secs = -6.2e-6 * t * t * t + 0.093104 * t * t + (876_600.0 * 3600.0 + 8_640_184.812866) * t + 67_310.548_41;
    let r = libm::fmod(rad(secs / 240.0), 2.0 * PI);
    if r < 0.0 {
        r + 2.0 * PI
    } else {
        r
    }
}

/// Julian date of a UTC calendar instant (Vallado, algorithm 14; valid 1900-2100).
pub fn julian_date(year: i32, month: u32, day: u32, hour: u32, minute: u32, second: f64) -> f64 {
    let (y, m) = (year as f64, month as f64);
    367.0 * y - libm::floor(7.0 * (y + libm::floor((m + 9.0) / 12.0)) * 0.25)
        + libm::floor(275.0 * m / 9.0)
        + day as f64
        + 1_721_013.5
        + ((second / 60.0 + minute as f64) / 60.0 + hour as f64) / 24.0
}

/// Parses `YYYY-MM-DDTHH:MM:SSZ` (UTC, 1957 to 2056, the TLE epoch range) into a Julian date.
pub fn julian_date_from_iso(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[19] != b'Z'
    {
        return None;
    }
    let num = |r: core::ops::Range<usize>| s.get(r)?.parse::<u32>().ok();
    let (y, mo, d, h, mi, se) = (num(0..4)?, num(5..7)?, num(8..10)?, num(11..13)?, num(14..16)?, num(17..19)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1957..=2056).contains(&y)
        || !(1..=12).contains(&mo)
        || d < 1
        || d > days_in_month[mo as usize - 1]
        || h > 23
        || mi > 59
        || se > 59
    {
        return None;
    }
    Some(julian_date(y as i32, mo, d, h, mi, se as f64))
}

/// `YYYY-MM-DDTHH:MM:SSZ` of a Julian date, rounded down to the second (the inverse of
/// [`julian_date_from_iso`]; civil date from days by Hinnant's `civil_from_days`).
pub fn iso_from_julian_date(jd: f64) -> String {
    let secs = libm::floor((jd - 2_440_587.5) * 86_400.0 + 1e-6) as i64;
    let (days, sod) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", sod / 3600, sod % 3600 / 60, sod % 60)
}

/// Elevation [deg] of `sat` seen from `site` (both ECEF [km]) over the local spherical horizon.
pub fn elevation_deg(site: &Vec3, sat: &Vec3) -> f64 {
    let v = [sat[0] - site[0], sat[1] - site[1], sat[2] - site[2]];
    let up = norm(site);
    let sin_el = (v[0] * site[0] + v[1] * site[1] + v[2] * site[2]) / (norm(&v) * up);
    deg(libm::asin(sin_el.clamp(-1.0, 1.0)))
}

/// Sine of the elevation of `sat` seen from `site` (both ECEF [km]), given the site's unit
/// vector `up`: the hot-path form of [`elevation_deg`].
#[inline]
pub fn sin_elevation(site: &Vec3, up: &Vec3, sat: &Vec3) -> f64 {
    let v = [sat[0] - site[0], sat[1] - site[1], sat[2] - site[2]];
    (v[0] * up[0] + v[1] * up[1] + v[2] * up[2]) / norm(&v)
}

/// Unit vector of `p`.
pub fn unit(p: &Vec3) -> Vec3 {
    let n = norm(p);
    [p[0] / n, p[1] / n, p[2] / n]
}

/// Slant range [km] to a satellite at `alt_km` seen at elevation `elev_deg` (paper 004,
/// Fig. 3a): d = -R sin e + sqrt((R sin e)^2 + h^2 + 2 R h).
pub fn slant_range_km(alt_km: f64, elev_deg: f64) -> f64 {
    let rs = R_EARTH_KM * math::sin(rad(elev_deg));
    -rs + (rs * rs + alt_km * alt_km + 2.0 * R_EARTH_KM * alt_km).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slant_range_matches_paper_004_fig_3() {
        // Paper 004 §2.3: d_min = 780 km at zenith, d_max = 2463 km at 8.2 deg, i.e. one-way
        // propagation 2.6 to 8.2 ms.
        assert!((slant_range_km(780.0, 90.0) - 780.0).abs() < 1e-9);
        let dmax = slant_range_km(780.0, 8.2);
        assert!((dmax - 2463.0).abs() < 1.5, "{dmax}");
        assert!((780.0 / C_KM_S * 1e3 - 2.6).abs() < 0.05);
        assert!((dmax / C_KM_S * 1e3 - 8.2).abs() < 0.05);
    }

    #[test]
    fn elevation_agrees_with_the_slant_range_formula() {
        let site = ecef_from_geodetic(10.0, 20.0, 0.0);
        for el in [8.2, 30.0, 60.0, 89.0] {
            // Put a satellite at 780 km altitude in the local vertical plane at elevation `el`:
            // central angle from the law of sines.
            let d = slant_range_km(780.0, el);
            let central = deg(libm::asin(d * math::cos(rad(el)) / (R_EARTH_KM + 780.0)));
            let sat = ecef_from_geodetic(10.0 + central, 20.0, 780.0);
            assert!((elevation_deg(&site, &sat) - el).abs() < 1e-6, "el {el}");
            assert!((distance_km(&site, &sat) - d).abs() < 1e-6);
        }
    }

    #[test]
    fn geodetic_round_trip_and_julian_dates() {
        let p = ecef_from_geodetic(-33.87, 151.21, 780.0);
        let (lat, lon, alt) = geodetic_from_ecef(&p);
        assert!((lat + 33.87).abs() < 1e-9 && (lon - 151.21).abs() < 1e-9 && (alt - 780.0).abs() < 1e-9);
        assert_eq!(julian_date(2000, 1, 1, 12, 0, 0.0), JD_J2000);
        assert_eq!(julian_date_from_iso("2026-01-01T00:00:00Z"), Some(2_461_041.5));
        for iso in ["2026-01-01T00:00:00Z", "2026-05-13T01:14:09Z", "2024-02-29T23:59:59Z", "1999-12-31T12:00:00Z"] {
            assert_eq!(iso_from_julian_date(julian_date_from_iso(iso).unwrap()), iso);
        }
        assert_eq!(julian_date_from_iso("2026-02-30T00:00:00Z"), None);
        assert_eq!(julian_date_from_iso("yesterday"), None);
    }

    #[test]
    fn gmst_matches_vallado_example_3_5() {
        // Vallado example 3-5: 1992-08-20 12:14:00 UT1 -> GMST 152.578787886 deg.
        let jd = julian_date(1992, 8, 20, 12, 14, 0.0);
        assert!((deg(gmst_rad(jd)) - 152.578_787_886).abs() < 1e-6);
    }
}
