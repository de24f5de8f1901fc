//! `skyqueue_cli::invoke` (what the Python module runs) gives what the binary gives: the same
//! stdout bytes, the same stderr text, the same exit status.

use std::process::{Command, Stdio};

fn binary(args: &[&str], stdin: &str) -> (u8, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_skyqueue"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skyqueue runs");
    // A command that refuses its arguments exits without reading its input: writing to it may
    // then meet a closed pipe, which is no failure of the command (on a busy machine it often
    // exits before the write).
    if let Err(e) = child.stdin.take().expect("stdin").write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writing the command's input: {e}");
    }
    let out = child.wait_with_output().expect("skyqueue ends");
    let code = out.status.code().expect("exit status") as u8;
    (code, String::from_utf8(out.stdout).expect("utf-8"), String::from_utf8(out.stderr).expect("utf-8"))
}

fn same(args: &[&str], stdin: &str) -> skyqueue_cli::Outcome {
    let owned: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    // (cargo runs tests in the package's folder, where the binary runs too.)
    let outcome = skyqueue_cli::invoke(&owned, Some(stdin));
    let (code, stdout, stderr) = binary(args, stdin);
    assert_eq!((outcome.code, &outcome.stdout), (code, &stdout), "{args:?}");
    // Progress lines (a sweep's timing) go to the process's stderr, not the captured one.
    if !stderr.starts_with("sweep:") {
        assert_eq!(outcome.stderr, stderr, "{args:?}");
    }
    outcome
}

#[test]
fn invoke_gives_the_binarys_output_and_errors() {
    let mm1 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../examples/mm1-load-0.8.json"))
        .expect("example");
    let ok = same(&["run", "-", "--seed", "3"], &mm1);
    assert!(
        ok.stdout.starts_with('{') && ok.stdout.contains("\"summary\"") && ok.errors.is_empty() && ok.stderr.is_empty()
    );
    same(&["sweep", "-", "--param", "metrics.bucket_s", "--values", "5,10", "--format", "csv"], &mm1);
    same(&["--help"], "");
    same(&["calc", "ge", "--help"], "");
    same(&["--version"], "");

    let bad = same(&["run", "-"], r#"{"version": 2, "duration_s": 0, "metrics": {"bucket_s": -1}}"#);
    assert_eq!(bad.code, 2);
    let paths: Vec<&str> = bad.errors.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["duration_s", "metrics.bucket_s"]);

    let syntax = same(&["run", "-"], "{");
    assert_eq!(syntax.errors.len(), 1);
    assert_eq!(syntax.errors[0].0, "");
    assert!(syntax.errors[0].1.starts_with("invalid JSON at line 1"), "{:?}", syntax.errors);

    for (args, flag) in [
        (&["calc", "ge", "--alpha", "2", "--beta", "0.5", "--n", "3"][..], "--alpha"),
        (&["calc", "ge", "--alpha", "0.5", "--beta", "0.5"][..], "--n"),
        (&["calc", "ge", "--alpha", "0.5", "--beta", "0.5", "--n", "x"][..], "--n"),
        (&["calc", "ge", "--alpha", "0.5", "--beta", "0.5", "--n", "3", "--bogus"][..], "--bogus"),
        (&["sweep", "-", "--param", "metrics.bucket_s", "--values", "1", "--seeds", "0"][..], "--seeds"),
    ] {
        let usage = same(args, &mm1);
        assert_eq!(usage.code, 2, "{args:?}");
        assert_eq!(usage.errors.len(), 1, "{args:?}");
        assert_eq!(usage.errors[0].0, flag, "{args:?}: {:?}", usage.errors);
        assert!(usage.stderr.contains(&usage.errors[0].1), "{args:?}");
    }

    let io = same(&["run", "no-such-file.json"], "");
    assert_eq!((io.code, io.errors.len()), (1, 1));
    assert_eq!(io.errors[0].0, "");

    // No stdin given: an empty one.
    let none = skyqueue_cli::invoke(&["run".to_string(), "-".to_string()], None);
    assert_eq!(none.code, 2);
    assert!(none.errors[0].1.starts_with("invalid JSON"), "{:?}", none.errors);
}
