//! `skyqueue tle`: a check of TLE text (and the models' own tools of this group, such as the
//! element sets of a preset: `cmd::tools`).

use crate::output::{errln, outln, printable, read_source, Failure};

/// Generates or checks two-line element sets (TLE)
#[derive(clap::Subcommand, Debug)]
pub enum Tle {
    Check(Check),
}

/// Reads TLE text (two- or three-line) and reports every bad line, or the catalogue's shells
///
/// Nothing is loaded unless every line is good. A valid file is then grouped into shells by
/// inclination and altitude, each into planes by RAAN (at the latest epoch, or --start): the
/// report gives each shell's inclination, altitude, planes and satellites per plane (fewest /
/// median / most), and the satellites set aside by reason (decaying, raising or lowering, alone
/// in a band, eccentric, stale, unusable). The thresholds are in docs/CATALOGUES.md. A one-shell
/// file with the same number of satellites in every plane also runs as the text of a scenario's
/// `tle` field (docs/CATALOGUES.md).
#[derive(clap::Args, Debug)]
pub struct Check {
    /// The TLE file; - reads it from stdin
    #[arg(value_name = "file.tle")]
    file: String,
    /// The time at which planes are grouped (default: the latest epoch in the file)
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SSZ")]
    start: Option<String>,
    /// Prints the report as JSON
    #[arg(long)]
    json: bool,
    /// Changes grouping thresholds, as JSON (e.g. '{"min_shell_satellites": 50}'; docs/CATALOGUES.md)
    #[arg(long, value_name = "JSON")]
    shell_rules: Option<String>,
}

/// The grouping thresholds of `--shell-rules` (defaults for those not given), or the field that
/// is wrong.
fn shell_rules(json: Option<&str>) -> Result<engine::orbit::catalogue::ShellRules, Failure> {
    engine::orbit::catalogue::ShellRules::from_json(json).map_err(|m| Failure::Usage(format!("--shell-rules: {m}")))
}

pub fn run(t: Tle) -> Result<(), Failure> {
    match t {
        Tle::Check(c) => {
            let text = read_source(&c.file)?;
            // The file's name and lines are quoted escaped, as every error message is.
            let shown = printable(&c.file);
            let path = shown.as_str();
            // A file beyond the catalogue budgets is refused here as everywhere it is read.
            engine::orbit::catalogue::check_budget(&text).map_err(|m| Failure::Data(format!("{path}: {m}")))?;
            match engine::orbit::tle::parse_tle_text(&text) {
                Ok(sets) => {
                    outln!("{path}: {} element sets, all valid", sets.len());
                    let rules = shell_rules(c.shell_rules.as_deref())?;
                    shells(&c.file, &text, c.start.as_deref(), c.json, &rules)
                }
                Err(errors) => {
                    errln!(
                        "error: {path}: {} bad line{}; nothing loaded",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    );
                    for e in errors {
                        errln!("  {}", printable(&e.to_string()));
                    }
                    Err(Failure::Silent(2))
                }
            }
        }
    }
}

/// The shells of a valid file, as text or JSON.
fn shells(
    path: &str,
    text: &str,
    start: Option<&str>,
    json: bool,
    rules: &engine::orbit::catalogue::ShellRules,
) -> Result<(), Failure> {
    use engine::orbit::catalogue::load;
    let jd = start
        .map(|s| {
            engine::orbit::frames::julian_date_from_iso(s).ok_or_else(|| {
                Failure::Usage(format!(
                    "--start: `{s}` is not a UTC time like 2026-05-13T00:00:00Z (years 1957 to 2056)"
                ))
            })
        })
        .transpose()?;
    let (sets, cat) = match load(text, jd, rules) {
        Ok(x) => x,
        // Valid element sets that form no shell (one satellite, a few debris): said, not an error.
        Err(m) => {
            outln!("{}", printable(&m));
            return Ok(());
        }
    };
    let counts = cat.excluded_counts();
    if json {
        // The same report the app shows for a loaded file, with the file's name first.
        let report = engine::orbit::catalogue::Report::new(sets.len(), &cat);
        let mut v = serde_json::json!({ "file": path });
        if let (Some(o), Ok(serde_json::Value::Object(r))) = (v.as_object_mut(), serde_json::to_value(&report)) {
            o.extend(r);
        }
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return Ok(());
    }
    let plural = if cat.shells.len() == 1 { "" } else { "s" };
    outln!(
        "{} shell{plural}, {} satellites in use, {} set aside, at {}:",
        cat.shells.len(),
        cat.placed.len(),
        cat.excluded.len(),
        engine::orbit::frames::iso_from_julian_date(cat.reference_jd)
    );
    outln!("  shell  inclination  altitude  planes  satellites  per plane (min / median / max)  kind");
    for (k, s) in cat.shells.iter().enumerate() {
        outln!(
            "  {:>5}  {:>9.2}°  {:>5.0} km  {:>6}  {:>10}  {:>10} / {} / {}  {}",
            k + 1,
            s.inclination_deg,
            s.altitude_km,
            s.planes,
            s.satellites,
            s.per_plane[0],
            s.per_plane[1],
            s.per_plane[2],
            if s.star { "star (a seam)" } else { "delta" }
        );
    }
    outln!("set aside:");
    for (reason, n) in counts {
        outln!("  {reason}: {n}");
    }
    Ok(())
}
