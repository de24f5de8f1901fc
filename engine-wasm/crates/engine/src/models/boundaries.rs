//! The check that keeps models in their folders: code outside `models/<id>/` names no model.
//! That is the shared components, the driver, the scenario format and the bindings, and their
//! tests too: the unit tests of shared code (`#[cfg(test)] mod tests`, `*tests.rs`), the
//! engine's integration tests (`tests/`) and the command's (`crates/cli/tests/`). A test that
//! exercises one model lives in that model's folder (`models/<id>/tests.rs`, or another
//! `models/<id>/*_tests.rs` for its whole runs against a paper); the command has no model
//! folders, so a model's tests of the command are `crates/cli/tests/models/<id>.rs`, which the
//! check treats as that model's folder. A shared test that goes over the models takes them from
//! the registry (`ModelKind::ALL`, the descriptors, `examples/`). There is no exception.
//!
//! A model is named by its scenario name (`"voip-leo"`), its module path (`models::voip_leo`,
//! or `voip_leo` in `models::{...}`), its variant (`ModelKind::VoipLeo`), its sections and its
//! summary key as strings (`"voip"`), or one of its declared field paths as a string
//! (`"voip.policy"`). A string counts inside a raw string too (JSON in a test). Comments may
//! name models (they cite papers and say who uses a component). Snapshot files (`.snap`) are
//! data and are not read.

use super::ModelKind;
use crate::models::schema::groups;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The source without comments, line by line (test modules included).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.split("//").next().unwrap_or("").to_string())).collect()
}

/// The source without its test module and comments, line by line.
fn code_lines_without_tests(text: &str) -> Vec<(usize, String)> {
    code_lines(text.split("#[cfg(test)]\nmod tests").next().unwrap_or(""))
}

/// Whether `word` occurs in `line` as a whole identifier (not part of a longer one).
fn has_word(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(i, _)| {
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        !line[..i].chars().next_back().is_some_and(ident) && !line[i + word.len()..].chars().next().is_some_and(ident)
    })
}

/// What names one model.
struct Names {
    kind: ModelKind,
    /// Its module (`voip_leo`), named as `models::voip_leo` or in `models::{..., voip_leo}`.
    module: String,
    /// Its variant, named as `ModelKind::VoipLeo`.
    variant: String,
    /// What names it as a string: its name, sections, summary key and field paths.
    strings: Vec<String>,
}

impl Names {
    /// How `line` names the model, if it does.
    fn named_in(&self, line: &str) -> Option<String> {
        if has_word(line, &format!("models::{}", self.module)) {
            return Some(format!("models::{}", self.module));
        }
        if let Some((_, group)) = line.split_once("models::{") {
            let group = group.split('}').next().unwrap_or("");
            if group.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == self.module) {
                return Some(format!("models::{{{}}}", self.module));
            }
        }
        if has_word(line, &format!("ModelKind::{}", self.variant)) {
            return Some(format!("ModelKind::{}", self.variant));
        }
        self.strings
            .iter()
            .find(|s| line.contains(&format!("\"{s}\"")) || line.contains(&format!("\\\"{s}\\\"")))
            .map(|s| format!("\"{s}\""))
    }
}

/// What names each model.
fn model_names() -> Vec<Names> {
    ModelKind::ALL
        .iter()
        .map(|&k| {
            let sections = k.sections();
            let paths = groups(k)
                .into_iter()
                .flat_map(|g| g.fields)
                .filter(|f| sections.iter().any(|s| f.path.starts_with(&format!("{s}."))))
                .map(|f| f.path.to_string());
            let mut strings = vec![k.name().to_string(), k.descriptor().summary_key.to_string()];
            strings.extend(sections.iter().map(|s| s.to_string()));
            strings.extend(paths);
            strings.dedup();
            Names { kind: k, module: k.name().replace('-', "_"), variant: format!("{k:?}"), strings }
        })
        .collect()
}

/// The model whose command tests `rel` (a path from `crates/`) holds: the command has no model
/// folders, so a model's tests of it are `cli/tests/models/<module>.rs` (or a folder
/// `cli/tests/models/<module>/`), one test binary with `cli/tests/models/main.rs`. Any other file
/// there, `main.rs` included, is shared.
fn cli_tests_model(rel: &str) -> Option<ModelKind> {
    let rest = rel.strip_prefix("cli/tests/models/")?;
    let first = rest.split('/').next()?;
    let module = if first.len() == rest.len() { first.strip_suffix(".rs")? } else { first };
    ModelKind::ALL.iter().copied().find(|k| k.name().replace('-', "_") == module)
}

/// The crates' files read by the check, each with its path from `crates/`: the engine's source
/// outside the model folders (the registry and this file left out: they list the models), the
/// bindings', and the engine's and the command's integration tests outside a model's files
/// ([`cli_tests_model`]). The command's own source is checked by its own test
/// (`crates/cli/tests/help.rs`).
fn shared_files(crates: &Path) -> Vec<(PathBuf, String)> {
    let engine = crates.join("engine/src");
    let models = engine.join("models");
    let mut files = vec![];
    for dir in ["engine/src", "bindings/src", "engine/tests", "cli/tests"] {
        rust_files(&crates.join(dir), &mut files);
    }
    files
        .into_iter()
        .filter(|f| !(f.starts_with(&models) && f.parent() != Some(models.as_path())))
        .map(|f| {
            let rel = f.strip_prefix(crates).unwrap().display().to_string().replace('\\', "/");
            (f, rel)
        })
        .filter(|(_, rel)| {
            rel != "engine/src/models/mod.rs"
                && rel != "engine/src/models/boundaries.rs"
                && cli_tests_model(rel).is_none()
        })
        .collect()
}

/// What `text` (the file `rel`) names of the models, one line each: file:line, the model, how.
fn namings(rel: &str, text: &str, names: &[Names]) -> Vec<String> {
    let mut found = vec![];
    for (n, line) in code_lines(text) {
        for m in names {
            let Some(how) = m.named_in(&line) else { continue };
            found.push(format!("{rel}:{n} names the model {} ({how}): {}", m.kind.name(), line.trim()));
        }
    }
    found
}

#[test]
fn the_check_sees_each_way_of_naming_a_model() {
    let names = model_names();
    let [a, b, c, d, ..] = ModelKind::ALL else { panic!("four models at least") };
    let field = groups(*d)
        .into_iter()
        .flat_map(|g| g.fields)
        .find(|f| f.path.starts_with(&format!("{}.", d.sections()[0])))
        .unwrap()
        .path;
    let module = |k: &ModelKind| k.name().replace('-', "_");
    let text = [
        format!("use engine::models::{}::Summary;", module(a)),
        format!("use crate::models::{{Scenario, {}}};", module(b)),
        format!("let m = ModelKind::{c:?};"),
        format!("let s = r#\"{{\"model\": \"{}\"}}\"#;", c.name()),
        format!("let v = s.get(\"{field}\");"),
        format!("let t = \"{{\\\"{}\\\": 1}}\";", b.sections()[0]),
        format!("// \"{}\" and ModelKind::{a:?} in a comment", a.name()),
        "let x = ModelKind::ALL; let y = \"a-model-of-no-name\";".to_string(),
    ]
    .join("\n");
    let found = namings("engine/tests/x.rs", &text, &names);
    let lines: Vec<&str> = found.iter().map(|f| f.split(' ').next().unwrap()).collect();
    assert_eq!(
        lines,
        [
            "engine/tests/x.rs:1",
            "engine/tests/x.rs:2",
            "engine/tests/x.rs:3",
            "engine/tests/x.rs:4",
            "engine/tests/x.rs:5",
            "engine/tests/x.rs:6"
        ],
        "{found:#?}"
    );
    assert!(found[0].contains(&format!("names the model {} (models::{})", a.name(), module(a))), "{}", found[0]);
    assert!(found[4].contains(&format!("names the model {} (\"{field}\")", d.name())), "{}", found[4]);
}

#[test]
fn a_models_command_tests_are_known_by_their_file() {
    let [a, b, ..] = ModelKind::ALL else { panic!("two models at least") };
    let module = |k: &ModelKind| k.name().replace('-', "_");
    for (rel, model) in [
        (format!("cli/tests/models/{}.rs", module(a)), Some(*a)),
        (format!("cli/tests/models/{}/calc.rs", module(b)), Some(*b)),
        ("cli/tests/models/main.rs".to_string(), None),
        ("cli/tests/models/shared.rs".to_string(), None),
        ("cli/tests/models/shared/x.rs".to_string(), None),
        (format!("cli/tests/models/{}.txt", module(a)), None),
        (format!("cli/tests/{}.rs", module(a)), None),
        (format!("engine/tests/models/{}.rs", module(a)), None),
    ] {
        assert_eq!(cli_tests_model(&rel), model, "{rel}");
    }
}

#[test]
fn code_outside_the_model_folders_names_no_model() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = shared_files(&crates);
    assert!(files.iter().any(|(_, rel)| rel.starts_with("engine/tests/")), "{files:?}");
    assert!(files.iter().any(|(_, rel)| rel.starts_with("cli/tests/")), "{files:?}");
    assert!(files.iter().any(|(_, rel)| rel == "cli/tests/models/main.rs"), "{files:?}");
    for &k in ModelKind::ALL {
        let module = k.name().replace('-', "_");
        let own = [format!("engine/src/models/{module}/"), format!("cli/tests/models/{module}")];
        assert!(!files.iter().any(|(_, rel)| own.iter().any(|o| rel.starts_with(o.as_str()))), "{files:?}");
    }
    let names = model_names();
    let mut found = vec![];
    for (f, rel) in &files {
        found.extend(namings(rel, &std::fs::read_to_string(f).unwrap(), &names));
    }
    assert!(
        found.is_empty(),
        "code outside the model folders names a model:\n{}\n\nShared code and shared tests ask the registry \
         (ModelKind::ALL, descriptors, examples/); a test of one model goes in its folder, \
         models/<id>/tests.rs or models/<id>/<what>_tests.rs, or for the command \
         crates/cli/tests/models/<id>.rs (docs/ADDING-A-MODEL.md).",
        found.join("\n")
    );
}

#[test]
fn the_scenarios_shared_pieces_do_not_reach_back_into_the_registry() {
    // `scenario/` (format versions, recording options, field machinery, checker, errors) is used
    // by the registry and the models; it must not use them back (the registry assembles the
    // `Scenario` type in `models/format.rs`).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/scenario");
    let mut files = vec![];
    rust_files(&dir, &mut files);
    assert!(files.len() >= 4, "{files:?}");
    let mut found = vec![];
    for f in &files {
        for (n, line) in code_lines_without_tests(&std::fs::read_to_string(f).unwrap()) {
            if line.contains("crate::models") || line.contains("ModelKind") || line.contains("super::super") {
                found.push(format!("{}:{n}: {}", f.display(), line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "scenario/ uses the registry:\n{}", found.join("\n"));
}

#[test]
fn a_model_reads_only_its_own_sections_of_the_scenario() {
    // The registry hands every model the assembled scenario; a model reads the common fields and
    // its own sections (`s.voip`), never another model's (`s.constellation` from VoIP over LEO
    // would tie two models' formats together). Tests may build other models' scenarios.
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/models");
    let mut found = vec![];
    for &k in ModelKind::ALL {
        let dir = models.join(k.name().replace('-', "_"));
        let mut files = vec![];
        rust_files(&dir, &mut files);
        assert!(!files.is_empty(), "{}", dir.display());
        let foreign: Vec<&str> =
            ModelKind::ALL.iter().filter(|&&m| m != k).flat_map(|m| m.sections()).copied().collect();
        for f in files.iter().filter(|f| !f.file_name().is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))) {
            for (n, line) in code_lines_without_tests(&std::fs::read_to_string(f).unwrap()) {
                for section in &foreign {
                    for var in ["s", "scenario"] {
                        let pat = format!("{var}.{section}");
                        let hit = line.match_indices(&pat).any(|(i, _)| {
                            let before = line[..i].chars().next_back();
                            let after = line[i + pat.len()..].chars().next();
                            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        });
                        if hit {
                            found.push(format!(
                                "{}:{n} ({}) reads `{section}`: {}",
                                f.display(),
                                k.name(),
                                line.trim()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
