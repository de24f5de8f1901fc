//! `skyqueue calc`: the analytic tools, one file each, named after the tool.

use crate::output::Failure;

mod emodel;
mod ge;
mod pair;
mod pss;
mod slant;
mod tfrc;
mod transfer;

/// Closed forms and tools of the papers: slant range, a pair's route, TCP transfers, E-model,
/// PSS, Gilbert-Elliott, TFRC
///
/// Each prints its result as JSON.
#[derive(clap::Subcommand, Debug)]
pub enum Calc {
    Slant(slant::Args),
    Pair(pair::Args),
    Transfer(transfer::Args),
    Emodel(emodel::Args),
    Pss(pss::Args),
    Ge(ge::Args),
    Tfrc(tfrc::Args),
}

/// The help that comes from the engine (site names, presets).
pub fn augment(c: clap::Command) -> clap::Command {
    c.mut_subcommands(|s| match s.get_name() {
        "pair" => pair::augment(s),
        "transfer" => transfer::augment(s),
        _ => s,
    })
}

pub fn run(c: Calc) -> Result<(), Failure> {
    match c {
        Calc::Slant(a) => slant::run(a),
        Calc::Pair(a) => pair::run(a),
        Calc::Transfer(a) => transfer::run(a),
        Calc::Emodel(a) => emodel::run(a),
        Calc::Pss(a) => pss::run(a),
        Calc::Ge(a) => ge::run(a),
        Calc::Tfrc(a) => tfrc::run(a),
    }
}

/// Iridium (the default constellation) gets the ISL settings of ns-2's Iridium model, which
/// paper 004 used (`sat-iridium.tcl`: cut-off 60 deg, same-index partners), unless given:
/// `calc pair` and `calc transfer` reproduce the paper's runs.
fn ns2_iridium_isls(c: &mut serde_json::Value) {
    if c.get("preset").is_none_or(|p| p == "iridium") {
        if c.get("polar_cutoff_deg").is_none() {
            c["polar_cutoff_deg"] = 60.0.into();
        }
        if c.get("isl_pairing").is_none() {
            c["isl_pairing"] = "alternating".into();
        }
    }
}

/// The built-in sites' names, for the help of the tools that take them.
fn site_names() -> String {
    let names: Vec<String> = engine::orbit::sites::catalogue().into_iter().map(|s| s.name).collect();
    crate::registry::wrap(&format!("Sites (`skyqueue sites` gives their coordinates): {}.", names.join(", ")), 96, "")
}

/// A range check: `x` if `lo <= x <= hi`, else "--flag: x is outside lo to hi".
fn within(flag: &str, x: f64, lo: f64, hi: f64) -> Result<f64, Failure> {
    if (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}")))
    }
}
