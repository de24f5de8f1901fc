//! The `skyqueue` command: see the library (`lib.rs`), which the Python module runs too.

fn main() -> std::process::ExitCode {
    skyqueue_cli::main()
}
