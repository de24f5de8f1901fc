//! `skyqueue validate`: scenarios checked, not run.

use crate::output::{outln, printable, read_source, Failure};
use engine::models::Scenario;

/// Checks scenarios without running them
///
/// Prints `<file>: ok` or `<file>: invalid` and then every invalid field with its allowed
/// range. Exits with status 2 if any scenario is invalid.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario files; - reads one from stdin
    #[arg(value_name = "scenario.json", required = true)]
    scenarios: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut invalid = false;
    for path in &args.scenarios {
        let text = read_source(path)?;
        match Scenario::from_json(&text) {
            // What the file or its name holds is quoted escaped, as every error message is.
            Ok(_) => outln!("{}: ok", printable(path)),
            Err(e) => {
                outln!("{}: invalid", printable(path));
                for fe in e.field_errors() {
                    outln!("  {}", printable(&fe.to_string()));
                }
                invalid = true;
            }
        }
    }
    if invalid {
        return Err(Failure::Data("some scenarios are invalid".into()));
    }
    Ok(())
}
