//! `skyqueue schema`: the field declarations, for the app and the docs.

use crate::output::{out, Failure};

/// Prints every model's fields and the scenario's objects, as JSON or Markdown
///
/// Every model's fields in groups with label, unit, help and allowed range (the declaration the
/// engine's own range checks read), and the scenario's objects with their keys. The app's
/// parameter panel is generated from the JSON; the Markdown is docs/SCENARIO-FIELDS.md.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Prints the Markdown reference (docs/SCENARIO-FIELDS.md) instead of JSON
    #[arg(long)]
    markdown: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.markdown {
        out(&engine::models::schema::markdown());
    } else {
        out(&format!("{}\n", engine::models::schema::schema_json()));
    }
    Ok(())
}
