//! `skyqueue models`: the engine's model registry, as a person reads it.

use crate::output::{out, Failure};
use crate::{registry, values};
use engine::models::ModelKind;

/// Lists the models a scenario can run, or describes one with all its fields
///
/// Without a model: each model's name (the scenario's "model") and label, from the engine's
/// registry. With one: its description, sections, summary, policies (what `sweep --policies`
/// sets) and every field of its scenarios with default, allowed values, unit and help.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The model to describe
    #[arg(value_name = "MODEL", value_parser = values::model())]
    model: Option<ModelKind>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.model {
        None => out(&registry::model_list()),
        Some(k) => out(&registry::describe(k)),
    }
    Ok(())
}
