//! The command line's help, suggestions and completions (clap), and that what the CLI says
//! about models is the engine's registry: a model added there shows up here without a change to
//! the CLI, and the CLI's source names none.

use engine::models::schema::groups;
use engine::models::ModelKind;
use std::process::{Command, Output};

fn skyqueue(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(args).output().expect("skyqueue runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The lines of a `--help` section (`Models`, `Command lines`), without their indentation.
fn section(help: &str, title: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with(title))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

/// Every leaf subcommand (`["calc", "ge"]`), from the command lines `skyqueue --help` lists.
fn subcommands() -> Vec<Vec<String>> {
    let help = text(&skyqueue(&["--help"]).stdout);
    section(&help, "Command lines:")
        .iter()
        .filter(|l| l.starts_with("skyqueue "))
        .map(|l| {
            l.split(' ').skip(1).take_while(|w| w.chars().all(|c| c.is_ascii_lowercase())).map(String::from).collect()
        })
        .collect()
}

#[test]
fn every_subcommand_has_its_own_help() {
    let subs = subcommands();
    let names: Vec<String> = subs.iter().map(|s| s.join(" ")).collect();
    for expected in [
        "run",
        "sweep",
        "merge",
        "validate",
        "defaults",
        "models",
        "schema",
        "calc slant",
        "calc pair",
        "calc transfer",
        "calc emodel",
        "calc pss",
        "calc ge",
        "calc tfrc",
        "sites",
        "bench",
        "tle generate",
        "tle check",
        "completions",
    ] {
        assert!(names.iter().any(|n| n == expected), "`skyqueue --help` lists no `{expected}` command line: {names:?}");
    }
    let overview = text(&skyqueue(&["--help"]).stdout);
    for path in &subs {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = skyqueue(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        let help = text(&out.stdout);
        assert!(help.contains(&format!("Usage: skyqueue {}", path.join(" "))), "{args:?}:\n{help}");
        // Every flag of the command's line in the overview is explained in its own help.
        let line = section(&overview, "Command lines:")
            .join(" ")
            .split("skyqueue ")
            .find(|l| l.starts_with(&format!("{} ", path.join(" "))) || l.trim() == path.join(" "))
            .unwrap_or_default()
            .to_string();
        for flag in line.split([' ', '[', ']']).filter(|w| w.starts_with("--")) {
            assert!(help.contains(flag), "{args:?} does not explain {flag}:\n{help}");
        }
        // The short help, and `skyqueue help <command>`, work too.
        args.pop();
        args.push("-h");
        assert_eq!(skyqueue(&args).status.code(), Some(0), "{args:?}");
        args.pop();
        let long = skyqueue(&[&["help"][..], &args].concat());
        assert_eq!(text(&long.stdout), help, "skyqueue help {args:?}");
    }
}

#[test]
fn no_command_prints_the_help_and_version_prints_the_engines() {
    let out = skyqueue(&[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, skyqueue(&["--help"]).stdout);
    let v = skyqueue(&["--version"]);
    assert_eq!(v.status.code(), Some(0));
    assert_eq!(text(&v.stdout), format!("{}\n", engine::sim::ENGINE));
    assert_eq!(skyqueue(&["-V"]).stdout, v.stdout);
}

#[test]
fn typos_get_a_suggestion_and_exit_2() {
    for (args, says) in [
        (vec!["swep"], "a similar subcommand exists: 'sweep'"),
        (vec!["calc", "tfcr"], "a similar subcommand exists: 'tfrc'"),
        (vec!["modles"], "a similar subcommand exists: 'models'"),
        (vec!["run", "x.json", "--sede", "3"], "a similar argument exists: '--seed'"),
        (
            vec!["bench", "--workload", "hodl"],
            "--workload: `hodl` is not hold, topology, scenario, all-pairs or traffic-matrix",
        ),
    ] {
        let out = skyqueue(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_missing_argument_is_named_with_the_command() {
    // As the hand-written parser said it ("calc ge needs --n"), with the command's usage.
    for (args, says, usage) in [
        (vec!["run"], "error: run needs <scenario.json>", "Usage: skyqueue run "),
        (vec!["sweep", "s.json", "--values", "1"], "error: sweep needs --param <PATH>", "Usage: skyqueue sweep "),
        (
            vec!["calc", "slant", "--altitude-km", "780"],
            "error: calc slant needs --elevation-deg <E>",
            "Usage: skyqueue calc slant ",
        ),
    ] {
        let out = skyqueue(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says) && err.contains(usage), "{args:?}: {err}");
    }
}

#[test]
fn flags_keep_the_hand_written_parsers_rules() {
    // A value may start with `-` (a southern site, a negative value); the last of a repeated
    // flag wins.
    let out = skyqueue(&["calc", "pair", "--from", "-33.87,151.21", "--to", "Tokyo", "--hours", "1", "--step-s", "60"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hours"], 1.0);
    let twice = skyqueue(&["calc", "slant", "--altitude-km", "50", "--altitude-km", "780", "--elevation-deg", "8.2"]);
    assert!(twice.status.success(), "{}", text(&twice.stderr));
    let v: serde_json::Value = serde_json::from_slice(&twice.stdout).unwrap();
    assert_eq!(v["altitude_km"], 780.0);
}

#[test]
fn completions_are_generated_for_each_shell_with_the_registrys_models() {
    let bash = skyqueue(&["completions", "bash"]);
    assert_eq!(bash.status.code(), Some(0), "{}", text(&bash.stderr));
    let script = text(&bash.stdout);
    assert!(script.contains("_skyqueue()") && script.contains("complete -F _skyqueue"), "{script}");
    for sub in ["run", "sweep", "merge", "models", "completions", "slant", "tfrc"] {
        assert!(script.contains(sub), "bash completion lacks {sub}");
    }
    // And the models' own tools (`calc <name>`, `tle <name>`).
    for tool in ModelKind::ALL.iter().flat_map(|k| k.descriptor().tools) {
        assert!(script.contains(tool.name), "bash completion lacks {} {}", tool.group, tool.name);
    }
    // `defaults --model` completes the registry's models.
    let models: Vec<&str> = ModelKind::ALL.iter().map(|k| k.name()).collect();
    assert!(script.contains(&models.join(" ")), "bash completion lacks the models {models:?}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = skyqueue(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(text(&out.stdout).contains("skyqueue"), "{shell}");
    }
    assert_eq!(skyqueue(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn the_models_listed_are_the_registrys() {
    let names: Vec<&str> = ModelKind::ALL.iter().map(|k| k.name()).collect();
    // `skyqueue models`: one line per model, name then label, in registry order.
    let out = skyqueue(&["models"]);
    assert!(out.status.success());
    let listed = text(&out.stdout);
    let first: Vec<&str> = listed.lines().map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(first, names);
    for (line, k) in listed.lines().zip(ModelKind::ALL) {
        assert!(line.ends_with(k.descriptor().label), "{line}");
    }
    // `skyqueue --help` lists the same.
    let help = text(&skyqueue(&["--help"]).stdout);
    let in_help: Vec<String> =
        section(&help, "Models").iter().map(|l| l.split_whitespace().next().unwrap().to_string()).collect();
    assert_eq!(in_help, names);
    // `defaults --help` offers them, each with its label.
    let defaults = text(&skyqueue(&["defaults", "--help"]).stdout);
    for k in ModelKind::ALL {
        assert!(
            defaults.contains(&format!("- {}:", k.name())) && defaults.contains(k.descriptor().label),
            "{defaults}"
        );
    }
    assert!(defaults.contains(&format!("[default: {}]", ModelKind::default().name())), "{defaults}");
    // `skyqueue models <model>`: its description and every field, and the policy field `sweep
    // --policies` sets.
    for &k in ModelKind::ALL {
        let out = skyqueue(&["models", k.name()]);
        assert!(out.status.success(), "{}", k.name());
        let d = text(&out.stdout);
        assert!(d.starts_with(&format!("{}: {}\n", k.name(), k.descriptor().label)), "{d}");
        for f in groups(k).iter().flat_map(|g| &g.fields) {
            assert!(d.contains(&format!("  {}", f.path)), "{}: {} missing", k.name(), f.path);
        }
        if let Some(p) = k.descriptor().policy_path {
            assert!(d.contains(&format!("the field {p}")), "{d}");
            assert!(text(&skyqueue(&["sweep", "--help"]).stdout).contains(&format!("{}: {p} = ", k.name())));
        }
    }
    let bad = skyqueue(&["models", "bogus"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains(&format!("`bogus` is not a model (allowed: {})", names.join(", "))));
}

/// The CLI's source names no model, model section or model field: everything asks the
/// registry, and a model's own tools (`calc pair`, `calc transfer`, `tle generate`) and the
/// topology benchmark's day come from its descriptor.
#[test]
fn the_clis_source_names_no_model() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    let mut dirs = vec![src.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        let code = std::fs::read_to_string(f).unwrap();
        for &k in ModelKind::ALL {
            let mut names = vec![format!("\"{}\"", k.name()), format!("ModelKind::{k:?}")];
            names.push(format!("models::{}", k.name().replace('-', "_")));
            if k.name().contains('-') {
                names.push(k.name().to_string());
            }
            names.extend((k.descriptor().groups)().iter().flat_map(|g| &g.fields).map(|f| f.path.to_string()));
            for name in names {
                assert!(!code.contains(&name), "{rel} names the {} model: {name}", k.name());
            }
        }
    }
}
