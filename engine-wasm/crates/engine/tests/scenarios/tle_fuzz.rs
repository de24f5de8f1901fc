//! Fuzzing the element-set readers with hostile files: a TLE file is loaded from disk in the
//! app and the CLI (`tle check`, `calc pair --tle`) or arrives inside a scenario
//! (`constellation.tle`), so any text may reach them.
//!
//! Seeds: `examples/iridium-66.tle` and the first 120 sets of the Starlink cut
//! (`tests/fixtures/starlink-70deg-cut.tle`). [`MUTANTS`] inputs derived from them: whole lines
//! deleted, repeated, swapped or truncated; a field overwritten with an edge value (mean motion
//! 0 or 99.99999999, eccentricity 9999999, an exponent field `-99999-9`, an epoch day 999.99999999,
//! inclination 999.9999, letters, blanks, minus signs); checksums kept or broken; bytes deleted,
//! inserted or replaced; random text. Deterministic (the scenario fuzzer's SplitMix64).
//!
//! What is asserted, for every input: the plain reader (`parse_tle_text`) and the catalogue
//! reader (`catalogue::load`, parse and group into shells) do not panic; every error names
//! something (a non-empty reason; the plain reader's line numbers are within the file); a
//! catalogue's counts add up (every set is used in a shell or set aside for a reason). For a
//! share of the accepted files, a scenario carrying the text (of the
//! first model in the registry with a `.tle` field) is built and stepped
//! through a minute, without a panic.
//!
//! `TLE_FUZZ_MUTANTS` and `SCENARIO_FUZZ_SEED` scale and reseed it for a longer hunt.

use crate::scenario_fuzz::{env_or, Fuzz};
use engine::models::schema::groups;
use engine::models::ModelKind;
use engine::orbit::catalogue::{self, ShellRules};
use engine::orbit::tle::parse_tle_text;
use engine::Simulation;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Inputs derived from the seeds, in the suite.
const MUTANTS: u64 = 4_000;
/// Every how many accepted files one is built into a scenario and stepped.
const SIM_EVERY: usize = 40;

/// Column ranges (0-based, end excluded) of the fields of line 1 and line 2.
const FIELDS_1: &[(usize, usize)] = &[(2, 7), (9, 17), (18, 32), (33, 43), (44, 52), (53, 61), (62, 63), (64, 68)];
const FIELDS_2: &[(usize, usize)] = &[(2, 7), (8, 16), (17, 25), (26, 33), (34, 42), (43, 51), (52, 63), (63, 68)];
const EDGES: &[&str] = &[
    "0",
    "00000000",
    "99.99999999",
    "9999999",
    "-99999-9",
    "+99999+9",
    "999.99999999",
    "999.9999",
    "-0",
    "NaN",
    "inf",
    "1e308",
    "        ",
    "--------",
    "ABCDEFGH",
    ".",
    "0.00000001",
];

fn seeds() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let iridium =
        std::fs::read_to_string(root.join("../../../examples/iridium-66.tle")).expect("examples/iridium-66.tle");
    let cut = std::fs::read_to_string(root.join("tests/fixtures/starlink-70deg-cut.tle")).expect("the Starlink cut");
    let first: String = cut.lines().take(360).map(|l| format!("{l}\n")).collect();
    vec![iridium, first]
}

/// One field of one element-set line overwritten (an edge value, padded or cut to the field).
fn mutate_field(f: &mut Fuzz, line: &str) -> String {
    let fields = if line.starts_with('1') { FIELDS_1 } else { FIELDS_2 };
    let (a, b) = fields[f.below(fields.len())];
    let mut chars: Vec<char> = line.chars().collect();
    if chars.len() < b {
        chars.resize(b, ' ');
    }
    let v: Vec<char> = EDGES[f.below(EDGES.len())].chars().collect();
    for (i, slot) in chars[a..b].iter_mut().enumerate() {
        *slot = v.get(i).copied().unwrap_or(' ');
    }
    chars.into_iter().collect()
}

fn mutate(f: &mut Fuzz, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for _ in 0..1 + f.below(4) {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let i = f.below(lines.len());
        match f.below(9) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = f.below(lines.len());
                lines.swap(i, j);
            }
            3 => {
                let n = f.below(lines[i].len() + 1);
                lines[i] = lines[i].chars().take(n).collect();
            }
            4..=6 if lines[i].starts_with(['1', '2']) => lines[i] = mutate_field(f, &lines[i]),
            7 => {
                // A byte anywhere in the line.
                let mut b = lines[i].clone().into_bytes();
                let k = f.below(b.len() + 1);
                let byte =
                    *[b'0', b'9', b' ', b'-', b'+', b'.', b'x', 0xff, b'\t', b'\r'].get(f.below(10)).unwrap_or(&b'0');
                if k < b.len() && f.chance(0.5) {
                    b[k] = byte;
                } else {
                    b.insert(k.min(b.len()), byte);
                }
                lines[i] = String::from_utf8_lossy(&b).into_owned();
            }
            _ => lines.truncate(i),
        }
    }
    let mut out = lines.join(if f.chance(0.1) { "\r\n" } else { "\n" });
    if f.chance(0.5) {
        out.push('\n');
    }
    out
}

fn random_text(f: &mut Fuzz) -> String {
    let n = f.below(400);
    (0..n).map(|_| *b"12 0123456789.-+ABCXYZ \n\n".get(f.below(26)).unwrap_or(&b' ') as char).collect()
}

/// The rules every reader must keep for `text`; Err says which broke.
fn check(text: &str, simulate: bool) -> Result<bool, String> {
    let lines = text.lines().count().max(1);
    let plain = catch_unwind(|| parse_tle_text(text)).map_err(|_| "parse_tle_text panicked".to_string())?;
    if let Err(errors) = &plain {
        if errors.is_empty() {
            return Err("parse_tle_text gave an error without a reason".into());
        }
        for e in errors {
            if e.reason.trim().is_empty() || e.line == 0 || e.line > lines + 1 {
                return Err(format!("an error at line {} of {lines} with reason {:?}", e.line, e.reason));
            }
        }
    }
    let rules = ShellRules::default();
    let loaded =
        catch_unwind(|| catalogue::load(text, None, &rules)).map_err(|_| "catalogue::load panicked".to_string())?;
    match &loaded {
        Err(m) if m.trim().is_empty() => return Err("catalogue::load gave an empty message".into()),
        Err(_) => {}
        Ok((sets, cat)) => {
            let used: usize = cat.shells.iter().map(|s| s.satellites as usize).sum();
            let set_aside: usize = cat.excluded_counts().values().map(|&n| n as usize).sum();
            if used + set_aside != sets.len() || used != cat.placed.len() {
                return Err(format!("{} sets, but {used} used and {set_aside} set aside", sets.len()));
            }
        }
    }
    if simulate && plain.is_ok() {
        let (model, path) = tle_field();
        let mut doc = serde_json::json!({ "version": 2, "model": model.name(), "duration_s": 60, "warmup_s": 0 });
        let (section, field) = path.split_once('.').expect("a section's field");
        doc[section][field] = text.into();
        let built = catch_unwind(AssertUnwindSafe(|| {
            Simulation::from_json(&doc.to_string()).map(|mut sim| {
                sim.run_to_end();
                sim.summary_json().len()
            })
        }))
        .map_err(|_| "a scenario carrying the text panicked".to_string())?;
        if let Err(e) = built {
            if e.to_string().trim().is_empty() {
                return Err("a scenario carrying the text was refused without a message".into());
            }
        }
    }
    Ok(plain.is_ok())
}

/// The first model in the registry that reads an element-set text from its scenario, and the
/// field: its declared field whose path ends in `.tle`.
fn tle_field() -> (ModelKind, &'static str) {
    ModelKind::ALL
        .iter()
        .find_map(|&k| {
            let fields = groups(k).into_iter().flat_map(|g| g.fields);
            fields.map(|f| f.path).find(|p| p.ends_with(".tle") && p.matches('.').count() == 1).map(|p| (k, p))
        })
        .expect("a model reads element sets (a `.tle` field)")
}

#[test]
fn the_element_set_readers_never_panic_and_every_error_names_its_line_or_reason() {
    let seeds = seeds();
    let mut f = Fuzz(env_or("SCENARIO_FUZZ_SEED", 0x7e1e_5eed) ^ 0x1e);
    let mutants = env_or("TLE_FUZZ_MUTANTS", MUTANTS);
    let mut failures = vec![];
    let (mut accepted, mut simulated) = (0usize, 0usize);
    for text in &seeds {
        assert!(check(text, true).expect("a seed breaks a rule"), "a seed is refused");
    }
    for i in 0..mutants {
        let seed = f.below(seeds.len());
        let text = if i % 10 == 9 { random_text(&mut f) } else { mutate(&mut f, &seeds[seed]) };
        let simulate = accepted % SIM_EVERY == 0;
        match check(&text, simulate) {
            Ok(true) => {
                if simulate {
                    simulated += 1;
                }
                accepted += 1;
            }
            Ok(false) => {}
            Err(m) => failures.push(format!("mutant {i}: {m}\n{}", text.chars().take(400).collect::<String>())),
        }
    }
    eprintln!("tle_fuzz: {mutants} inputs, {accepted} read by parse_tle_text, {simulated} stepped as scenarios");
    assert!(accepted > 0 && accepted < mutants as usize, "the mutations should keep some files valid and break others");
    assert!(
        failures.is_empty(),
        "{} inputs broke a rule; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n\n")
    );
}
