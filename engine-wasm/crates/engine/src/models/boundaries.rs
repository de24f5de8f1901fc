//! The check that keeps models in their folders: code outside `models/<id>/` (the shared
//! components, the driver, the scenario format and the bindings) names no model. A
//! model is named by its scenario name (`"voip-leo"`), its module path (`models::voip_leo`) or
//! one of its declared field paths as a string (`"voip.policy"`). Comments may name models (they
//! cite papers and say who uses a component), and so may tests.

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

/// The source without its test module and comments, line by line.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    text.lines().enumerate().map(|(i, l)| (i + 1, l.split("//").next().unwrap_or("").to_string())).collect()
}

/// The string literals of a line (no escapes needed: model names and paths have none).
fn literals(line: &str) -> Vec<&str> {
    line.split('"').skip(1).step_by(2).collect()
}

/// What names a model: (the model, the names and module path it goes by, its field paths).
fn model_names() -> Vec<(ModelKind, String, String, Vec<&'static str>)> {
    ModelKind::ALL
        .iter()
        .map(|&k| {
            let sections = k.sections();
            let paths = groups(k)
                .into_iter()
                .flat_map(|g| g.fields)
                .filter(|f| sections.iter().any(|s| f.path.starts_with(&format!("{s}."))))
                .map(|f| f.path)
                .collect();
            (k, k.name().to_string(), format!("models::{}", k.name().replace('-', "_")), paths)
        })
        .collect()
}

#[test]
fn code_outside_the_model_folders_names_no_model() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let engine = crates.join("engine/src");
    let mut files = vec![];
    rust_files(&engine, &mut files);
    rust_files(&crates.join("bindings/src"), &mut files);
    let names = model_names();
    let mut found = vec![];
    for f in &files {
        let rel = f.strip_prefix(&crates).unwrap().display().to_string();
        let in_a_model = f.starts_with(engine.join("models")) && f.parent() != Some(engine.join("models").as_path());
        // The registry (models/mod.rs) lists the models; this file lists what names them.
        if in_a_model || rel.ends_with("models/mod.rs") || rel.ends_with("models/boundaries.rs") {
            continue;
        }
        if f.file_name().is_some_and(|n| n.to_string_lossy().ends_with("tests.rs")) {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in code_lines(&text) {
            for (kind, name, module, paths) in &names {
                let named =
                    line.contains(module.as_str()) || literals(&line).iter().any(|l| *l == name || paths.contains(l));
                if named {
                    found.push(format!("{rel}:{n} names the model {} ({}): {}", kind.name(), name, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "shared code must ask the registry, not name a model:\n{}", found.join("\n"));
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
        for (n, line) in code_lines(&std::fs::read_to_string(f).unwrap()) {
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
            for (n, line) in code_lines(&std::fs::read_to_string(f).unwrap()) {
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
