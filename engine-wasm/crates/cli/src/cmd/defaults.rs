//! `skyqueue defaults`: a model's default scenario.

use crate::output::{out, Failure};
use crate::values;
use engine::models::ModelKind;
use engine::models::Scenario;

/// Prints the default scenario of a model with every field written out
///
/// A starting point for your own: every field of the model's scenario with its default value.
/// `skyqueue models <model>` says what each field does.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The model (its default is the model of a scenario that names none)
    #[arg(long, value_name = "MODEL", value_parser = values::model())]
    model: Option<ModelKind>,
}

/// The default model, from the registry, shown in `--help`.
pub fn augment(c: clap::Command) -> clap::Command {
    c.mut_args(|a| match a.get_id().as_str() {
        "model" => a.default_value(ModelKind::default().name()),
        _ => a,
    })
}

pub fn run(args: Args) -> Result<(), Failure> {
    let scenario = Scenario { model: args.model.unwrap_or_default(), ..Scenario::default() };
    out(&format!("{}\n", scenario.to_json_pretty()));
    Ok(())
}
