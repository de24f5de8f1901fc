//! What every command shares: writing to stdout, reading inputs, and the ways a command fails
//! (each with its exit status).

use engine::scenario::ScenarioError;
use std::cell::RefCell;

/// What a command writes, and the text it reads as stdin, while [`crate::invoke`] runs it on
/// this thread (the Python module): stdout and stderr are kept here instead of written.
struct Capture {
    stdout: Vec<u8>,
    stderr: String,
    stdin: String,
}

thread_local! {
    static CAPTURE: RefCell<Option<Capture>> = const { RefCell::new(None) };
}

/// Runs `f` with stdout and stderr captured and `stdin` as the text `-` reads; returns what `f`
/// returned, the stdout bytes and the stderr text. The capture ends even if `f` panics.
pub(crate) fn captured<T>(stdin: &str, f: impl FnOnce() -> T) -> (T, Vec<u8>, String) {
    /// Restores the capture that was in place before (none, unless `invoke` is nested).
    struct Restore(Option<Capture>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            CAPTURE.with_borrow_mut(|c| *c = before);
        }
    }
    let fresh = Capture { stdout: vec![], stderr: String::new(), stdin: stdin.to_string() };
    let restore = Restore(CAPTURE.with_borrow_mut(|c| c.replace(fresh)));
    let value = f();
    let mine = CAPTURE.with_borrow_mut(|c| c.take());
    drop(restore);
    let (stdout, stderr) = mine.map_or((vec![], String::new()), |c| (c.stdout, c.stderr));
    (value, stdout, stderr)
}

/// Writes to stdout; a closed pipe (`skyqueue run x.json | head`) ends the program quietly
/// instead of panicking. While captured, appends to the capture instead.
pub fn out(s: &str) {
    out_bytes(s.as_bytes());
}

/// [`out`] for bytes (the completion scripts).
pub fn out_bytes(b: &[u8]) {
    use std::io::Write;
    if CAPTURE.with_borrow_mut(|c| c.as_mut().map(|c| c.stdout.extend_from_slice(b)).is_some()) {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(b).and_then(|_| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

/// Writes to stderr, or to the capture while captured.
pub fn err(s: &str) {
    if CAPTURE.with_borrow_mut(|c| c.as_mut().map(|c| c.stderr.push_str(s)).is_some()) {
        return;
    }
    eprint!("{s}");
}

/// `eprintln!` through [`err`], for what a command says when it fails (progress lines may use
/// `eprintln!` itself: they are not the command's answer).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::output::err(&format!("{}\n", format_args!($($arg)*))) };
}
pub(crate) use errln;

/// Prints a clap error (or the help or version that clap reports as one) as clap does: on
/// stderr, or on stdout for help; plain text, through the capture, while captured.
pub fn print_clap(e: &clap::Error) {
    let captured = CAPTURE.with_borrow(|c| c.is_some());
    if !captured {
        let _ = e.print();
    } else if e.use_stderr() {
        err(&e.render().to_string());
    } else {
        out(&e.render().to_string());
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

    /// The failure as (path, message) pairs: every field error of an invalid scenario; the flag
    /// a usage message starts with (`--threads: ...`), or an empty path, for the others.
    pub fn field_errors(&self) -> Vec<(String, String)> {
        match self {
            Failure::Silent(_) => vec![],
            Failure::Usage(msg) => vec![(flag_named(msg), printable(msg))],
            Failure::Data(msg) | Failure::Io(msg) => vec![(String::new(), printable(msg))],
            Failure::Invalid(_, err) => {
                err.field_errors().into_iter().map(|e| (printable(&e.path), printable(&e.message))).collect()
            }
        }
    }

    /// Prints the failure on stderr. `command` is the subcommand that ran (for the usage line
    /// of a usage error).
    pub fn report(&self, command: &mut clap::Command) {
        match self {
            Failure::Silent(_) => {}
            Failure::Usage(msg) => {
                print_clap(&command.error(clap::error::ErrorKind::ValueValidation, printable(msg)));
            }
            Failure::Data(msg) | Failure::Io(msg) => errln!("error: {}", printable(msg)),
            Failure::Invalid(source, err) => {
                errln!("error: invalid scenario {}", printable(source));
                for e in err.field_errors() {
                    errln!("  {}", printable(&e.to_string()));
                }
            }
        }
    }
}

/// The flag a usage message starts with (`--threads` in `--threads: 300 is outside...`), or
/// an empty string.
pub fn flag_named(msg: &str) -> String {
    msg.strip_prefix("--")
        .and_then(|rest| rest.split([':', ' ', '=']).next())
        .filter(|name| !name.is_empty())
        .map_or(String::new(), |name| format!("--{name}"))
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

/// The text of a file, or of stdin for `-` (while captured: the text given to `invoke`).
pub fn read_source(path: &str) -> Result<String, Failure> {
    if path == "-" {
        if let Some(text) = CAPTURE.with_borrow(|c| c.as_ref().map(|c| c.stdin.clone())) {
            return Ok(text);
        }
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
