//! Inputs a mutation fuzz found getting through, each refused by the command as a user runs it:
//! a clear message naming the field, flag or budget, and a non-zero exit status.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn skyqueue(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skyqueue"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skyqueue runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skyqueue-refusals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples")
}

/// No control character reaches the terminal, and no quoted line stands on its own.
fn assert_escaped(s: &str) {
    for c in ['\u{1b}', '\u{7}', '\0', '\r'] {
        assert!(!s.contains(c), "{c:?} printed raw: {s:?}");
    }
    assert!(!s.lines().any(|l| l.starts_with("fake: ok")), "a quoted newline started a line: {s}");
}

#[test]
fn validate_and_tle_check_escape_what_the_user_wrote_as_run_does() {
    let evil = "x\u{1b}[31m\u{7}\u{0}\r\nfake: ok";
    // A key nobody declares, quoted back in the message that refuses it.
    let scenario = format!(r#"{{"version": 2, {}: 1}}"#, serde_json::Value::from(evil));
    let out = skyqueue(&["validate", "-"], &scenario);
    assert_eq!(out.status.code(), Some(2));
    let shown = text(&out.stdout);
    assert!(shown.contains("fake: ok") && shown.contains("\\u{1b}") && shown.contains("\\u{a}"), "{shown}");
    assert_escaped(&shown);
    // `run` says the same, escaped the same way.
    let run = skyqueue(&["run", "-"], &scenario);
    assert_eq!(run.status.code(), Some(2));
    assert_escaped(&text(&run.stderr));

    // (Lines are split at newlines: the bad line quoted holds the other control characters.)
    let line1 = "1 25544U 98067A   26133.50000000  .00016717  00000-0  10270-3 0  9005";
    let out = skyqueue(&["tle", "check", "-"], &format!("{line1}\nx\u{1b}[31m\u{7}\u{0}\rfake\n"));
    assert_eq!(out.status.code(), Some(2));
    let shown = text(&out.stderr);
    assert!(shown.contains("\\u{1b}"), "{shown}");
    assert_escaped(&shown);
}

#[test]
fn run_refuses_an_empty_or_blank_catalogue_as_tle_check_does() {
    let scenario = examples_dir().join("walker-delta-53.json");
    for body in ["", "  \n\t\n"] {
        let file = temp("blank.tle", body);
        let out = skyqueue(&["run", scenario.to_str().unwrap(), "--catalogue", file.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(2), "{body:?}: {}", text(&out.stderr));
        let e = text(&out.stderr);
        assert!(e.contains("--catalogue") && e.contains("no element sets"), "{e}");
        assert!(out.stdout.is_empty(), "nothing was run");
    }
}

#[test]
fn sweep_refuses_the_seed_and_values_that_do_not_parse_for_the_field() {
    let scenario = examples_dir().join("mm1-load-0.8.json");
    let s = scenario.to_str().unwrap();
    let out = skyqueue(&["sweep", s, "--param", "seed", "--values", "x,voip-leo,1e300", "--format", "csv"], "");
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(e.contains("--param") && e.contains("--seeds"), "{e}");
    assert!(out.stdout.is_empty());

    let out = skyqueue(&["sweep", s, "--param", "duration_s", "--values", "200,x", "--format", "csv"], "");
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(e.contains("duration_s = \"x\"") && e.contains("allowed:"), "{e}");
}

#[test]
fn tle_check_exits_non_zero_for_a_file_over_its_budget() {
    let line1 = "1 25544U 98067A   26133.50000000  .00016717  00000-0  10270-3 0  9005\n";
    let out = skyqueue(&["tle", "check", "-"], &line1.repeat(50_001));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("above the budget of 50000"), "{}", text(&out.stderr));
}

#[test]
fn calc_pair_refuses_hours_times_a_catalogue_past_its_budget() {
    // 66 satellites x 720 h at 0.1 s steps is 1.7e9 satellite-steps: minutes of work.
    let tle = examples_dir().join("iridium-66.tle");
    let args = ["calc", "pair", "--tle", tle.to_str().unwrap(), "--hours", "720", "--step-s", "0.1"];
    let out = skyqueue(&args, "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let e = text(&out.stderr);
    assert!(e.contains("--hours 720") && e.contains("above the budget of 1e9 satellite-steps"), "{e}");
    // A day over it is well within.
    let day = ["calc", "pair", "--tle", tle.to_str().unwrap(), "--hours", "24", "--step-s", "60"];
    assert!(skyqueue(&day, "").status.success());
}

/// The command lines of the fuzz corpus kept in the repository
/// (engine/tests/fixtures/fuzz-corpus/corpus.json), each refused with its message, none a panic.
#[test]
fn every_command_of_the_fuzz_corpus_is_refused() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/fuzz-corpus/corpus.json");
    let corpus: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let blank = temp("corpus-blank.tle", " \n");
    let commands = corpus["commands"].as_array().unwrap();
    assert!(commands.len() >= 7);
    for c in commands {
        let name = c["name"].as_str().unwrap();
        let args: Vec<String> = c["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                a.as_str()
                    .unwrap()
                    .replace("{examples}", examples_dir().to_str().unwrap())
                    .replace("{blank}", blank.to_str().unwrap())
            })
            .collect();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_skyqueue"));
        cmd.args(&args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        for (k, v) in c["env"].as_object().into_iter().flatten() {
            cmd.env(k, v.as_str().unwrap());
        }
        let mut child = cmd.spawn().unwrap();
        child.stdin.take().unwrap().write_all(c["stdin"].as_str().unwrap().as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), c["exit"].as_i64().map(|x| x as i32), "{name}: {said}");
        assert!(said.contains(c["message"].as_str().unwrap()), "{name}: {said}");
        assert_escaped(&said);
    }
}
