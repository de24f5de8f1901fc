//! `skyqueue run`: one scenario to its end.

use crate::output::{out, outln, read_source, Failure};
use crate::values;
use engine::scenario::Scenario;
use engine::Simulation;

/// Runs a scenario to its end and writes the results as JSON
///
/// The results hold the scenario with its defaults, summary statistics with confidence
/// intervals and the closed-form prediction where one exists, and the downsampled time series.
/// They go to --out (then a short summary is printed), or to stdout. The same scenario and seed
/// give byte-identical results, here and in the browser.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file; - reads it from stdin
    #[arg(value_name = "scenario.json")]
    scenario: String,
    /// Writes the results to this file (and prints a short summary) instead of stdout
    #[arg(short, long, value_name = "results.json")]
    out: Option<String>,
    /// Overrides the scenario's seed (0 to 2^53-1)
    #[arg(long, value_name = "N", value_parser = values::whole())]
    seed: Option<u64>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let path = args.scenario.as_str();
    let text = read_source(path)?;
    let mut scenario = Scenario::parse_json(&text).map_err(|e| Failure::Invalid(path.into(), e))?;
    if let Some(seed) = args.seed {
        scenario.seed = seed;
    }
    let mut sim = Simulation::new(scenario).map_err(|e| Failure::Invalid(path.into(), e))?;
    sim.run_to_end();
    let json = sim.results_json();
    match args.out {
        None => out(&format!("{json}\n")),
        Some(file) => {
            std::fs::write(&file, format!("{json}\n")).map_err(|e| Failure::Io(format!("cannot write {file}: {e}")))?;
            let summary = sim.summary();
            outln!("wrote {file}: {}", sim.scenario().name);
            // One printer for every model: the lines its summary gives.
            for line in summary.model.lines() {
                outln!("  {line}");
            }
        }
    }
    Ok(())
}
