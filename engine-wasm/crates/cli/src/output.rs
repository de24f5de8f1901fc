//! What every command shares: writing to stdout, reading inputs, and the ways a command fails
//! (each with its exit status).

use engine::scenario::ScenarioError;

/// Writes to stdout; a closed pipe (`skyqueue run x.json | head`) ends the program quietly
/// instead of panicking.
pub fn out(s: &str) {
    out_bytes(s.as_bytes());
}

/// [`out`] for bytes (the completion scripts).
pub fn out_bytes(b: &[u8]) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(b).and_then(|_| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`out`].
macro_rules! outln {
    () => { $crate::output::out("\n") };
    ($($arg:tt)*) => { $crate::output::out(&format!("{}\n", format_args!($($arg)*))) };
}
pub(crate) use outln;

/// Why a command failed. Exit status 0 is success; see [`Failure::exit_code`].
#[derive(Debug)]
pub enum Failure {
    /// Already reported on stderr; exit with this status.
    Silent(u8),
    /// The command line is wrong (a value out of range, flags that do not go together): the
    /// message names the flag; printed with the command's usage. Exit status 2.
    Usage(String),
    /// An input file is not what the command needs (a part of another sweep). Exit status 2.
    Data(String),
    /// A file could not be read or written. Exit status 1.
    Io(String),
    /// A scenario (a file, or one the command built from its options) is invalid: every field
    /// error with its path. Exit status 2.
    Invalid(String, ScenarioError),
}

impl Failure {
    /// The process's exit status: 1 for input/output errors, 2 for an invalid scenario or
    /// usage (as `skyqueue --help` says under "Exit status").
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Silent(code) => *code,
            Failure::Io(_) => 1,
            Failure::Usage(_) | Failure::Data(_) | Failure::Invalid(..) => 2,
        }
    }

    /// Prints the failure on stderr. `command` is the subcommand that ran (for the usage line
    /// of a usage error).
    pub fn report(&self, command: &mut clap::Command) {
        match self {
            Failure::Silent(_) => {}
            Failure::Usage(msg) => {
                let _ = command.error(clap::error::ErrorKind::ValueValidation, printable(msg)).print();
            }
            Failure::Data(msg) | Failure::Io(msg) => eprintln!("error: {}", printable(msg)),
            Failure::Invalid(source, err) => {
                eprintln!("error: invalid scenario {}", printable(source));
                for e in err.field_errors() {
                    eprintln!("  {}", printable(&e.to_string()));
                }
            }
        }
    }
}

/// `msg` with every control character (an escape sequence, a newline, a carriage return) written
/// as `\u{..}`: a message quotes what the user gave, and a value from a file or a shared link
/// must not move the cursor, recolour the terminal or fake an output line.
pub fn printable(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    for c in msg.chars() {
        if c.is_control() {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// The text of a file, or of stdin for `-`.
pub fn read_source(path: &str) -> Result<String, Failure> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| Failure::Io(format!("cannot read stdin: {e}")))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::Io(format!("cannot read {path}: {e}")))
    }
}

/// Writes `body` to the file `path`, or to stdout when there is none.
pub fn write_out(path: Option<&str>, body: &str) -> Result<(), Failure> {
    match path {
        None => {
            out(body);
            Ok(())
        }
        Some(f) => std::fs::write(f, body).map_err(|e| Failure::Io(format!("cannot write {f}: {e}"))),
    }
}
