//! `skyqueue compare`: one scenario run once per policy, side by side.

use crate::output::{read_source, write_out, Failure};
use crate::sweep::set_path;
use engine::models::ModelKind;
use engine::models::Scenario;
use engine::Simulation;
use serde_json::Value;

/// Runs a scenario once per policy and writes the runs side by side
///
/// Each run is the scenario with the model's policy field set to one of --policies (the seed
/// as the scenario says). Writes, as JSON, `[{ "policy", "results" }]` with each run's results
/// file (what `skyqueue run` writes), or the app's comparison notebook (--format ipynb): the
/// model's headline numbers in a table and every series both runs recorded, over time.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file; - reads it from stdin
    #[arg(value_name = "scenario.json")]
    scenario: String,
    /// The policies, comma-separated (2 to 8): each run sets the model's policy field to one
    #[arg(long, value_name = "p1,p2")]
    policies: String,
    /// Output format
    #[arg(long, value_name = "FORMAT", default_value = "json", value_parser = crate::values::choice::<Format>())]
    format: Format,
    /// Writes the output to this file instead of stdout
    #[arg(short, long, value_name = "FILE")]
    out: Option<String>,
}

/// The output's format.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every run's policy and results file
    Json,
    /// The app's comparison notebook
    Ipynb,
}

/// Most runs one comparison holds.
const MAX_POLICIES: usize = 8;

pub fn run(args: Args) -> Result<(), Failure> {
    let path = args.scenario.as_str();
    let policies: Vec<String> =
        args.policies.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    if !(2..=MAX_POLICIES).contains(&policies.len()) {
        return Err(Failure::Usage(format!(
            "--policies: {} given; a comparison needs 2 to {MAX_POLICIES}",
            policies.len()
        )));
    }
    if let Some(twice) = policies.iter().enumerate().find(|(k, p)| policies[..*k].contains(p)).map(|(_, p)| p) {
        return Err(Failure::Usage(format!("--policies: `{twice}` is given twice")));
    }
    let text = read_source(path)?;
    // Checked as a scenario first, so that a bad file gets every field error by its path.
    Scenario::parse_json(&text).map_err(|e| Failure::Invalid(path.into(), e))?;
    let base: Value = serde_json::from_str(&text).map_err(|e| Failure::Data(format!("{path}: {e}")))?;
    let model = base.get("model").and_then(Value::as_str).and_then(ModelKind::from_name).unwrap_or_default();
    let Some(policy_path) = model.descriptor().policy_path else {
        return Err(Failure::Usage(format!("--policies: the {} model has no policies to compare", model.name())));
    };
    let example = crate::registry::example_path(model);
    let mut runs = vec![];
    for p in &policies {
        let mut s = base.clone();
        set_path(&mut s, policy_path, Value::String(p.clone()), example).map_err(Failure::Usage)?;
        let scenario = Scenario::parse_json(&s.to_string())
            .map_err(|e| Failure::Invalid(format!("{path} with {policy_path} = {p}"), e))?;
        let mut sim =
            Simulation::new(scenario).map_err(|e| Failure::Invalid(format!("{path} with {policy_path} = {p}"), e))?;
        sim.try_run_to_end_without_live_feeds()
            .map_err(|e| Failure::Data(format!("{path} with {policy_path} = {p}: {e}")))?;
        runs.push((p.clone(), sim.results_json()));
    }
    let body = match args.format {
        Format::Json => {
            let list: Vec<Value> = runs
                .iter()
                .map(|(p, r)| {
                    serde_json::json!({ "policy": p, "results": serde_json::from_str::<Value>(r).unwrap_or(Value::Null) })
                })
                .collect();
            format!("{}\n", serde_json::to_string(&list).unwrap_or_default())
        }
        Format::Ipynb => engine::export::compare_notebook(policy_path, &runs).map_err(Failure::Data)?,
    };
    write_out(args.out.as_deref(), &body)
}
