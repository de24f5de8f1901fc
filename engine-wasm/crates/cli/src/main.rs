//! `skyqueue`: the SkyQueue engine on the command line. Same model code as the browser; the
//! same scenario and seed give byte-identical results files.
//!
//! `cli` defines the command line (clap) and `cmd/` holds one file per subcommand; what the CLI
//! says about models comes from the engine's registry (`registry`).

use clap::FromArgMatches;
use std::process::ExitCode;

mod cli;
mod cmd;
mod output;
mod registry;
mod sweep;
mod values;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let mut command = cli::command();
    let parsed = command.try_get_matches_from_mut(std::env::args_os()).and_then(|m| cli::Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(cli::report_clap_error(e, &mut command, &args)),
    };
    if cli.version {
        output::out(&format!("{}\n", engine::sim::ENGINE));
        return ExitCode::SUCCESS;
    }
    let Some(sub) = cli.command else {
        // No command: the help, on stdout.
        output::out(&command.render_long_help().to_string());
        return ExitCode::SUCCESS;
    };
    match cli::dispatch(sub) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let path = cli::subcommand_path(&command, &args);
            failure.report(cli::find_mut(&mut command, &path));
            ExitCode::from(failure.exit_code())
        }
    }
}
