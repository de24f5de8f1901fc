//! `skyqueue`: the SkyQueue engine on the command line. Same model code as the browser; the
//! same scenario and seed give byte-identical results files.
//!
//! `cli` defines the command line (clap) and `cmd/` holds one file per subcommand; what the CLI
//! says about models comes from the engine's registry (`registry`).
//!
//! The binary (`main.rs`) runs [`main`]; other front ends (the Python module) run the very same
//! command through [`invoke`], which returns what the command wrote instead of writing it.

use clap::FromArgMatches;
use std::ffi::OsString;

/// Counts the memory each run holds, for its memory budget (`engine::sim::memory`).
#[global_allocator]
static ALLOC: engine::sim::memory::CountingAllocator = engine::sim::memory::CountingAllocator;

mod cli;
mod cmd;
mod output;
mod registry;
mod sweep;
mod values;

/// What a command did: its exit status, what it wrote, and why it failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The exit status: 0 success, 1 input/output error, 2 invalid scenario or usage.
    pub code: u8,
    /// What the command wrote on stdout (the results, the CSV, the help).
    pub stdout: String,
    /// What the command wrote on stderr when it failed: the same text the binary prints.
    /// (Progress lines such as a sweep's timing still go to the process's stderr.)
    pub stderr: String,
    /// Why it failed, as (path, message) pairs: every field error of an invalid scenario (the
    /// dotted path of the field, empty for the document as a whole), or one pair naming the
    /// flag (`--alpha`) of a usage error, with an empty path for data and input/output errors.
    /// Empty on success.
    pub errors: Vec<(String, String)>,
}

/// Runs `skyqueue ARGS...` (without the program's name) as the binary would, with `stdin` as
/// the text that `-` reads (None: an empty stdin), and returns what it wrote instead of writing
/// it to the process's stdout and stderr.
pub fn invoke(args: &[String], stdin: Option<&str>) -> Outcome {
    let argv: Vec<OsString> = args.iter().map(OsString::from).collect();
    let ((code, errors), stdout, stderr) = output::captured(stdin.unwrap_or(""), || execute(argv));
    Outcome { code, stdout: String::from_utf8_lossy(&stdout).into_owned(), stderr, errors }
}

/// The binary: runs the process's command line and returns its exit status.
pub fn main() -> std::process::ExitCode {
    let (code, _) = execute(std::env::args_os().skip(1).collect());
    std::process::ExitCode::from(code)
}

/// Parses and runs one command line (without the program's name); returns the exit status and
/// the errors (see [`Outcome::errors`]).
fn execute(argv: Vec<OsString>) -> (u8, Vec<(String, String)>) {
    let args: Vec<String> = argv.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let mut command = cli::command();
    let matches = command.try_get_matches_from_mut(std::iter::once(OsString::from("skyqueue")).chain(argv));
    // A model's tool (`calc pair`) runs from its own matches; every other command is derived.
    let done = match matches.as_ref().ok().filter(|m| !m.get_flag("version")).and_then(cmd::tools::chosen) {
        Some((tool, m)) => cmd::tools::run(tool, m),
        None => {
            let cli = match matches.and_then(|m| cli::Cli::from_arg_matches(&m)) {
                Ok(cli) => cli,
                Err(e) => {
                    let e = cli::report_clap_error(e, &mut command, &args);
                    return (cli::clap_exit_code(&e), cli::clap_field_error(&e).into_iter().collect());
                }
            };
            if cli.version {
                output::out(&format!("{}\n", engine::sim::ENGINE));
                return (0, vec![]);
            }
            let Some(sub) = cli.command else {
                // No command: the help, on stdout.
                output::out(&command.render_long_help().to_string());
                return (0, vec![]);
            };
            cli::dispatch(sub)
        }
    };
    match done {
        Ok(()) => (0, vec![]),
        Err(failure) => {
            let path = cli::subcommand_path(&command, &args);
            failure.report(cli::find_mut(&mut command, &path));
            (failure.exit_code(), failure.field_errors())
        }
    }
}
