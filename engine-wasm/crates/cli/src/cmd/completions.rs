//! `skyqueue completions`: a shell's completion script.

use crate::output::{out_bytes, Failure};

/// Prints the shell completion script for skyqueue
///
/// The script completes subcommands, flags and the values with a list (models, constellation
/// presets, codecs, ...). For example, bash: `skyqueue completions bash >
/// ~/.local/share/bash-completion/completions/skyqueue`; zsh: `skyqueue completions zsh >
/// "${fpath[1]}/_skyqueue"`; fish: `skyqueue completions fish >
/// ~/.config/fish/completions/skyqueue.fish`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell
    #[arg(value_name = "SHELL")]
    shell: clap_complete::Shell,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut cmd = crate::cli::command();
    let mut script = vec![];
    clap_complete::generate(args.shell, &mut cmd, "skyqueue", &mut script);
    out_bytes(&script);
    Ok(())
}
