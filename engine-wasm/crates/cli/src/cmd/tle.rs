//! `skyqueue tle`: the element sets of a constellation preset, and a check of TLE text.

use crate::output::{out, outln, read_source, Failure};
use crate::{registry, values};
use engine::Simulation;

/// Generates or checks two-line element sets (TLE)
#[derive(clap::Subcommand, Debug)]
pub enum Tle {
    Generate(Generate),
    Check(Check),
}

/// Prints the element sets (TLE) the engine generates for a constellation preset
#[derive(clap::Args, Debug)]
pub struct Generate {
    /// The constellation preset (default: the scenario field's)
    #[arg(long, value_name = "PRESET", value_parser = values::text().with_choices(registry::choices("constellation.preset")))]
    constellation: Option<String>,
    /// The epoch of the element sets
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SSZ")]
    epoch: Option<String>,
}

/// Reads TLE text (two- or three-line) and reports every bad line with its number and reason
///
/// Nothing is loaded unless every line is good. A valid file runs with "constellation":
/// {"tle": "<its text>"}.
#[derive(clap::Args, Debug)]
pub struct Check {
    /// The TLE file; - reads it from stdin
    #[arg(value_name = "file.tle")]
    file: String,
}

pub fn run(t: Tle) -> Result<(), Failure> {
    match t {
        Tle::Generate(g) => {
            let mut c = serde_json::json!({});
            if let Some(p) = g.constellation {
                c["preset"] = p.into();
            }
            if let Some(e) = g.epoch {
                c["epoch_utc"] = e.into();
            }
            let scenario = serde_json::json!({"version": 1, "model": "constellation", "duration_s": 1, "warmup_s": 0, "constellation": c});
            let sim = Simulation::from_json(&scenario.to_string())
                .map_err(|e| Failure::Invalid("(tle generate options)".into(), e))?;
            let info = sim.constellation_info().ok_or_else(|| Failure::Io("no constellation".into()))?;
            out(&info.tle_text);
            Ok(())
        }
        Tle::Check(c) => {
            let path = c.file.as_str();
            let text = read_source(path)?;
            match engine::orbit::tle::parse_tle_text(&text) {
                Ok(sets) => {
                    outln!("{path}: {} element sets, all valid", sets.len());
                    Ok(())
                }
                Err(errors) => {
                    eprintln!(
                        "error: {path}: {} bad line{}; nothing loaded",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    );
                    for e in errors {
                        eprintln!("  {e}");
                    }
                    Err(Failure::Silent(2))
                }
            }
        }
    }
}
