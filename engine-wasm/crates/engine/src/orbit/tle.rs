//! Two-line element sets: written for generated constellations, read from user text.
//!
//! Format: CelesTrak, "NORAD Two-Line Element Set Format"; each line is 69 characters and
//! ends with a modulo-10 checksum (digits count their value, '-' counts 1).
// Input path: whatever a user's file, link or option holds is refused with a message, never
// unwrapped (docs/RELIABILITY.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use super::frames::{MU_KM3_S2, R_EARTH_KM};
use super::walker::SatElements;
use core::f64::consts::PI;
use core::fmt;

/// One element set: optional name line and the two data lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tle {
    /// Satellite name (line 0), if the text had one.
    pub name: Option<String>,
    /// Line 1.
    pub line1: String,
    /// Line 2.
    pub line2: String,
}

/// A bad line of TLE text: 1-based line number and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TleError {
    /// 1-based line number in the text.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for TleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// Modulo-10 checksum of the first 68 characters of a TLE line.
pub fn checksum(line: &str) -> u8 {
    let sum: u32 = line
        .bytes()
        .take(68)
        .map(|b| match b {
            b'0'..=b'9' => (b - b'0') as u32,
            b'-' => 1,
            _ => 0,
        })
        .sum();
    (sum % 10) as u8
}

/// Mean motion [rev/day] of a circular orbit at `alt_km` over the spherical Earth (Kepler's
/// third law, WGS-72 mu). SGP4 reads it as a Kozai mean motion; the resulting mean radius is
/// within about 10 km of R_e + alt (J2 terms), which the tests bound.
pub fn mean_motion_rev_per_day(alt_km: f64) -> f64 {
    let a = R_EARTH_KM + alt_km;
    (MU_KM3_S2 / (a * a * a)).sqrt() * 86_400.0 / (2.0 * PI)
}

/// Writes the element set of a generated satellite at epoch (`year`, fractional `day_of_year`,
/// 1-based). Circular orbit: eccentricity 0, argument of perigee 0, mean anomaly = argument of
/// latitude.
pub fn format_tle(satnum: u32, name: &str, e: &SatElements, year: i32, day_of_year: f64) -> Tle {
    let satnum = satnum % 100_000;
    let mut l1 = format!(
        "1 {satnum:05}U {:<8} {:02}{:012.8}  .00000000  00000-0  00000-0 0  999",
        format!("{:02}001{}", year % 100, piece(satnum)),
        year % 100,
        day_of_year
    );
    l1.push(char::from(b'0' + checksum(&l1)));
    let mut l2 = format!(
        "2 {satnum:05} {:8.4} {:8.4} 0000000 {:8.4} {:8.4} {:11.8}{:05}",
        e.inclination_deg,
        e.raan_deg,
        0.0,
        e.u0_deg,
        mean_motion_rev_per_day(e.altitude_km),
        0
    );
    l2.push(char::from(b'0' + checksum(&l2)));
    Tle { name: Some(name.to_string()), line1: l1, line2: l2 }
}

/// International-designator piece letters: A..Z, then AA..ZZ.
fn piece(n: u32) -> String {
    let n = n % 702;
    if n < 26 {
        char::from(b'A' + n as u8).to_string()
    } else {
        let m = n - 26;
        format!("{}{}", char::from(b'A' + (m / 26) as u8), char::from(b'A' + (m % 26) as u8))
    }
}

/// Parses two- or three-line TLE text. Every bad line is reported; if any line is bad,
/// nothing is returned (no half-loaded constellation).
pub fn parse_tle_text(text: &str) -> Result<Vec<(Tle, sgp4::Elements)>, Vec<TleError>> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end())).filter(|(_, l)| !l.trim().is_empty()).collect();
    let mut errors = vec![];
    let mut sets = vec![];
    let mut i = 0;
    while i < lines.len() {
        let (n0, l0) = lines[i];
        let (name, first) = if l0.starts_with("1 ") { (None, i) } else { (Some((n0, l0)), i + 1) };
        if let Some((n, l)) = name {
            if l.starts_with("2 ") {
                errors.push(TleError { line: n, reason: "line 2 without a preceding line 1".into() });
                i += 1;
                continue;
            }
        }
        let Some(&(n1, l1)) = lines.get(first) else {
            errors.push(TleError { line: n0, reason: "name line without element lines".into() });
            break;
        };
        let Some(&(n2, l2)) = lines.get(first + 1) else {
            errors.push(TleError { line: n1, reason: "line 1 without a following line 2".into() });
            break;
        };
        i = first + 2;
        let mut ok = true;
        for (n, l, want) in [(n1, l1, '1'), (n2, l2, '2')] {
            if let Some(reason) = check_line(l, want) {
                errors.push(TleError { line: n, reason });
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        if l1.get(2..7) != l2.get(2..7) {
            errors.push(TleError {
                line: n2,
                reason: format!("satellite number {} differs from line 1's {}", &l2[2..7], &l1[2..7]),
            });
            continue;
        }
        let name_text = name.map(|(_, l)| l.trim().trim_start_matches("0 ").to_string());
        match sgp4::Elements::from_tle(name_text.clone(), l1.as_bytes(), l2.as_bytes()) {
            Ok(el) => sets.push((Tle { name: name_text, line1: l1.to_string(), line2: l2.to_string() }, el)),
            Err(e) => errors.push(TleError { line: n1, reason: format!("elements do not parse: {e}") }),
        }
    }
    if sets.is_empty() && errors.is_empty() {
        errors.push(TleError { line: 1, reason: "no element sets found".into() });
    }
    if errors.is_empty() {
        Ok(sets)
    } else {
        Err(errors)
    }
}

fn check_line(l: &str, want: char) -> Option<String> {
    if !l.is_ascii() {
        return Some("contains non-ASCII characters".into());
    }
    if !l.starts_with(want) {
        return Some(format!(
            "expected line {want} of an element set, found `{}`",
            l.chars().take(12).collect::<String>()
        ));
    }
    if l.len() != 69 {
        return Some(format!("is {} characters long; a TLE line has 69", l.len()));
    }
    let stated = l.as_bytes()[68];
    if !stated.is_ascii_digit() {
        return Some("last character is not a checksum digit".into());
    }
    let computed = checksum(l);
    if stated - b'0' != computed {
        return Some(format!("checksum is {} but the line sums to {computed}", stated - b'0'));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::walker::ConstellationPreset;

    // ISS element set from CelesTrak's format documentation.
    const ISS: &str = "ISS (ZARYA)\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n";

    #[test]
    fn checksums_match_published_lines() {
        for l in ISS.lines().skip(1) {
            assert_eq!(checksum(l), l.as_bytes()[68] - b'0');
        }
    }

    #[test]
    fn generated_lines_are_valid_and_parse() {
        let sats = ConstellationPreset::Iridium.spec().generate();
        let text: String = sats
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let t = format_tle(90_000 + i as u32, &format!("IRIDIUM P{} S{}", e.plane, e.slot), e, 2026, 1.0);
                format!("{}\n{}\n{}\n", t.name.unwrap(), t.line1, t.line2)
            })
            .collect();
        let sets = parse_tle_text(&text).expect("generated TLEs parse");
        assert_eq!(sets.len(), 66);
        let el = &sets[13].1;
        assert!((el.inclination - 86.4).abs() < 1e-9);
        assert!((el.mean_motion - mean_motion_rev_per_day(780.0)).abs() < 1e-8);
        // About 14.3 revolutions per day: a period of about 100.5 minutes.
        assert!((1440.0 / el.mean_motion - 100.5).abs() < 0.5, "{}", 1440.0 / el.mean_motion);
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number_and_nothing_loads() {
        let mut bad = String::from(ISS);
        bad.push_str("BROKEN\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2928\n"); // wrong checksum
        bad.push_str("2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.7212539156353\n"); // short
        let errs = parse_tle_text(&bad).unwrap_err();
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert_eq!(errs[0].line, 5);
        assert!(errs[0].reason.contains("checksum is 8 but the line sums to 7"), "{}", errs[0]);
        assert_eq!(errs[1].line, 6);
        assert!(errs[1].reason.contains("68 characters"), "{}", errs[1]);
        assert!(parse_tle_text(ISS).is_ok());
        assert!(parse_tle_text("").is_err());
        assert!(parse_tle_text("hello\nworld\n").is_err());
    }
}
