//! The `skyqueue` command's tests of one model each, one file per model named by its module
//! (`models/voip_leo.rs`): its tools (`calc pair`, `calc transfer`), and runs, sweeps and merges
//! of its presets and fields. They may name their model; everything else here, and the command's
//! other tests (`tests/*.rs`), go over the models through the registry. The engine's boundary
//! check (`models/boundaries.rs`) holds each file to a registered model. One test binary:
//! `cargo test -p skyqueue-cli --test models`.

use std::path::PathBuf;
use std::process::{Command, Output};

mod constellation;
mod diffserv;
mod link_layer;
mod network;
mod tcp_leo;
mod voip_dccp;
mod voip_leo;

/// The command, run with `args`.
fn skyqueue(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(args).output().expect("skyqueue runs")
}

/// The repository's `examples/`, the presets.
fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
