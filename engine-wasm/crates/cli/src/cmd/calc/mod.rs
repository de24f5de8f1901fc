//! `skyqueue calc`: the analytic tools, one file each, named after the tool.

use crate::output::Failure;

mod emodel;
mod ge;
mod pss;
mod slant;
mod tfrc;

/// Closed forms and tools of the papers: slant range, E-model, PSS, Gilbert-Elliott, TFRC, and
/// the models' own (a pair's route, TCP transfers)
///
/// Each prints its result as JSON.
#[derive(clap::Subcommand, Debug)]
pub enum Calc {
    Slant(slant::Args),
    Emodel(emodel::Args),
    Pss(pss::Args),
    Ge(ge::Args),
    Tfrc(tfrc::Args),
}

pub fn run(c: Calc) -> Result<(), Failure> {
    match c {
        Calc::Slant(a) => slant::run(a),
        Calc::Emodel(a) => emodel::run(a),
        Calc::Pss(a) => pss::run(a),
        Calc::Ge(a) => ge::run(a),
        Calc::Tfrc(a) => tfrc::run(a),
    }
}

/// A range check: `x` if `lo <= x <= hi`, else "--flag: x is outside lo to hi".
fn within(flag: &str, x: f64, lo: f64, hi: f64) -> Result<f64, Failure> {
    if (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}")))
    }
}
