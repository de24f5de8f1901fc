//! The command line: the subcommands (each in its own file under `cmd/`), the help that comes
//! from the engine (models, presets, sites), and how clap's errors keep the CLI's exit codes and
//! wording.

use crate::cmd;
use crate::output::Failure;
use crate::registry;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};

/// skyqueue: discrete-event simulation of traffic over LEO satellite constellations
///
/// The SkyQueue engine on the command line: the same model code as the browser app; the same
/// scenario and seed give byte-identical results files.
#[derive(Parser, Debug)]
#[command(name = "skyqueue", disable_version_flag = true, max_term_width = 100)]
pub struct Cli {
    /// Prints the engine version
    #[arg(short = 'V', long)]
    pub version: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands, in the order `--help` lists them.
#[derive(Subcommand, Debug)]
pub enum Command {
    Run(cmd::run::Args),
    Sweep(cmd::sweep::Args),
    Merge(cmd::merge::Args),
    Compare(cmd::compare::Args),
    Validate(cmd::validate::Args),
    Defaults(cmd::defaults::Args),
    Models(cmd::models::Args),
    Schema(cmd::schema::Args),
    #[command(subcommand)]
    Calc(cmd::calc::Calc),
    Sites(cmd::sites::Args),
    Bench(cmd::bench::Args),
    #[command(subcommand)]
    Tle(cmd::tle::Tle),
    Completions(cmd::completions::Args),
}

/// Runs the parsed command.
pub fn dispatch(c: Command) -> Result<(), Failure> {
    match c {
        Command::Run(a) => cmd::run::run(a),
        Command::Sweep(a) => cmd::sweep::run(a),
        Command::Merge(a) => cmd::merge::run(a),
        Command::Compare(a) => cmd::compare::run(a),
        Command::Validate(a) => cmd::validate::run(a),
        Command::Defaults(a) => cmd::defaults::run(a),
        Command::Models(a) => cmd::models::run(a),
        Command::Schema(a) => cmd::schema::run(a),
        Command::Calc(c) => cmd::calc::run(c),
        Command::Sites(a) => cmd::sites::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Tle(t) => cmd::tle::run(t),
        Command::Completions(a) => cmd::completions::run(a),
    }
}

/// Settings for every subcommand, as the hand-written parser before clap had them: a flag given
/// twice takes its last value, and a flag's value may start with `-` (`--from -33.9,18.4`,
/// `--values -1,1`; a bad number is then refused by its own message).
fn settle(c: clap::Command) -> clap::Command {
    c.args_override_self(true)
        .mut_args(|a| if a.get_action().takes_values() && !a.is_positional() { a.allow_hyphen_values(true) } else { a })
        .mut_subcommands(settle)
}

/// The command line's definition: the derived one, with the help that comes from the engine.
pub fn command() -> clap::Command {
    // (`mut_subcommands`, not `mut_subcommand`, which would move the subcommand to the end.)
    let c = settle(Cli::command().mut_subcommands(cmd::tools::augment))
        .mut_subcommands(|s| match s.get_name() {
            "sweep" => cmd::sweep::augment(s),
            "defaults" => cmd::defaults::augment(s),
            _ => s,
        })
        .after_help("Run `skyqueue <COMMAND> --help` for a command's options; `skyqueue --help` also lists every command line, the models and the exit status.");
    let overview = overview(&c);
    c.after_long_help(overview)
}

/// Every command line, one per leaf subcommand: `skyqueue calc ge --alpha <A> ... [--k <K>]`,
/// positional arguments first, then the flags in declaration order, optional ones in brackets.
fn synopsis(c: &clap::Command) -> Vec<String> {
    fn walk(c: &clap::Command, prefix: &str, lines: &mut Vec<String>) {
        for sub in c.get_subcommands().filter(|s| s.get_name() != "help" && !s.is_hide_set()) {
            let path = format!("{prefix} {}", sub.get_name());
            if sub.has_subcommands() {
                walk(sub, &path, lines);
                continue;
            }
            let mut words = vec![path];
            let value = |a: &clap::Arg| {
                a.get_value_names()
                    .and_then(|n| n.first())
                    .map_or_else(|| a.get_id().to_string().to_uppercase(), |n| n.to_string())
            };
            for a in sub.get_positionals().filter(|a| !a.is_hide_set()) {
                let many = if a.get_num_args().is_some_and(|n| n.max_values() > 1) { "..." } else { "" };
                let w = format!("<{}>{many}", value(a));
                words.push(if a.is_required_set() { w } else { format!("[{w}]") });
            }
            for a in sub.get_arguments().filter(|a| !a.is_positional()) {
                if a.is_hide_set() || matches!(a.get_id().as_str(), "help" | "version") {
                    continue;
                }
                let Some(long) = a.get_long() else { continue };
                let w = if a.get_action().takes_values() {
                    format!("--{long} <{}>", value(a))
                } else {
                    format!("--{long}")
                };
                words.push(if a.is_required_set() { w } else { format!("[{w}]") });
            }
            lines.push(words.join(" "));
        }
    }
    let mut lines = vec![];
    walk(c, c.get_name(), &mut lines);
    lines
}

/// `skyqueue --help`'s closing sections: every command line, the models (from the engine's
/// registry), the exit status and examples.
fn overview(c: &clap::Command) -> String {
    let mut s = String::from("Command lines:\n");
    for line in synopsis(c) {
        s.push_str("  ");
        s.push_str(&wrap_words(&line, 96, "      "));
        s.push('\n');
    }
    s.push_str("\nModels (a scenario's \"model\"; `skyqueue models <MODEL>` lists its fields):\n");
    for line in registry::model_list().lines() {
        s.push_str(&format!("  {line}\n"));
    }
    s.push_str(
        "\nExit status:\n  0 success, 1 input/output error, 2 invalid scenario or usage.\n\nExamples:\n  \
         skyqueue run examples/mm1-load-0.8.json --out results.json\n  \
         skyqueue run examples/md1-load-0.8.json --seed 7 | less\n  \
         skyqueue validate examples/*.json\n  \
         skyqueue calc slant --altitude-km 780 --elevation-deg 8.2\n  \
         skyqueue calc pair --constellation iridium --from \"Atlantic ship\" --to London --hours 24\n  \
         skyqueue calc ge --alpha 0.99 --beta 0.9 --n 12 --k 10\n  \
         skyqueue completions bash > ~/.local/share/bash-completion/completions/skyqueue",
    );
    s
}

/// Wraps a command line between its words (`--flag <VALUE>` kept together), continuation lines
/// indented by `indent`.
fn wrap_words(line: &str, width: usize, indent: &str) -> String {
    // Words: a flag and its value stay on one line.
    let mut words: Vec<String> = vec![];
    for w in line.split(' ') {
        match words.last_mut() {
            Some(last) if w.starts_with('<') && (last.starts_with("--") || last.starts_with("[--")) => {
                last.push(' ');
                last.push_str(w);
            }
            _ => words.push(w.to_string()),
        }
    }
    let mut out = String::new();
    let mut len = 0;
    for w in words {
        if len > 0 && len + 1 + w.len() > width {
            out.push('\n');
            out.push_str(indent);
            len = indent.len();
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(&w);
        len += w.len();
    }
    out
}

/// The subcommand that `args` (without the program's name) names: `["calc", "ge"]`.
pub fn subcommand_path(c: &clap::Command, args: &[String]) -> Vec<String> {
    let mut path = vec![];
    let mut cur = c;
    for a in args.iter().filter(|a| !a.starts_with('-')) {
        match cur.find_subcommand(a) {
            Some(sub) => {
                path.push(sub.get_name().to_string());
                cur = sub;
            }
            None => break,
        }
    }
    path
}

/// The subcommand at `path` of `c`.
pub fn find_mut<'a>(c: &'a mut clap::Command, path: &[String]) -> &'a mut clap::Command {
    match path.split_first() {
        None => c,
        Some((first, rest)) => {
            // `c` has the subcommand: `path` came from `subcommand_path`.
            if c.find_subcommand(first).is_some() {
                find_mut(c.find_subcommand_mut(first).expect("subcommand exists"), rest)
            } else {
                c
            }
        }
    }
}

/// clap's error, printed as clap prints it, except a missing required argument, which the CLI
/// has always reported as "<command> needs <flag>" (`calc ge needs --n <N>`). Help and version
/// go to stdout with status 0; errors to stderr with status 2. Returns the error as printed.
pub fn report_clap_error(e: clap::Error, c: &mut clap::Command, args: &[String]) -> clap::Error {
    if e.kind() == ErrorKind::MissingRequiredArgument {
        if let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg) {
            let path = subcommand_path(c, args);
            let what = if path.is_empty() { "skyqueue".to_string() } else { path.join(" ") };
            let first = missing.first().cloned().unwrap_or_default();
            let missing = crate::values::joined(missing, "and");
            let sub = find_mut(c, &path);
            let mut ours = sub.error(ErrorKind::MissingRequiredArgument, format!("{what} needs {missing}"));
            ours.insert(ContextKind::InvalidArg, ContextValue::String(first));
            crate::output::print_clap(&ours);
            return ours;
        }
    }
    crate::output::print_clap(&e);
    e
}

/// The exit status of a clap error: 2, or 0 for help and version.
pub fn clap_exit_code(e: &clap::Error) -> u8 {
    if e.use_stderr() {
        2
    } else {
        0
    }
}

/// A clap error as one field error: the flag it is about (`--alpha`; empty when none) and the
/// first line of its message. None for help and version.
pub fn clap_field_error(e: &clap::Error) -> Option<(String, String)> {
    if !e.use_stderr() {
        return None;
    }
    let flag = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.first().cloned().unwrap_or_default(),
        _ => String::new(),
    };
    // `--alpha <A>` names the flag `--alpha`; a positional `<scenario.json>` stays as it is.
    let flag = if flag.starts_with('-') { flag.split([' ', '=']).next().unwrap_or_default().to_string() } else { flag };
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    // The value parsers' own errors (`--n: `x` is not a whole number...`) carry no context.
    let flag = if flag.is_empty() { crate::output::flag_named(&message) } else { flag };
    Some((flag, message))
}
