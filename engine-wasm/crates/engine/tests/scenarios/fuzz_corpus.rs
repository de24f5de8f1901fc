//! The fuzz corpus kept in the repository (`tests/fixtures/fuzz-corpus/corpus.json`): inputs a
//! mutation fuzz found getting through, replayed on every test run. Each scenario is refused at
//! its field with its message, and each catalogue's element sets out of range are set aside;
//! none panics. (The corpus's command lines are replayed by the command's own tests.)

use engine::orbit::catalogue::{group, latest_epoch_jd, Exclusion, ShellRules};
use engine::orbit::tle::parse_tle_text;
use engine::{Scenario, Simulation};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn corpus() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz-corpus/corpus.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the corpus exists")).expect("the corpus is JSON")
}

#[test]
fn every_scenario_of_the_corpus_is_refused_at_its_field() {
    let c = corpus();
    let entries = c["scenarios"].as_array().unwrap();
    assert!(entries.len() >= 5);
    for e in entries {
        let (name, input) = (e["name"].as_str().unwrap(), e["input"].as_str().unwrap());
        for refusal in [
            catch_unwind(|| Scenario::from_json(input).err()).unwrap_or_else(|_| panic!("{name}: panicked")),
            catch_unwind(AssertUnwindSafe(|| Simulation::from_json(input).err()))
                .unwrap_or_else(|_| panic!("{name}: Simulation::new panicked")),
        ] {
            let errors = refusal.unwrap_or_else(|| panic!("{name}: accepted")).field_errors();
            let hit = errors.iter().find(|f| f.path == e["path"].as_str().unwrap());
            let hit = hit.unwrap_or_else(|| panic!("{name}: no error at {}: {errors:?}", e["path"]));
            assert!(hit.message.contains(e["message"].as_str().unwrap()), "{name}: {}", hit.message);
        }
    }
}

#[test]
fn every_catalogue_of_the_corpus_sets_its_sets_aside_with_a_reason() {
    for e in corpus()["catalogues"].as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        let sets = parse_tle_text(e["text"].as_str().unwrap()).unwrap_or_else(|_| panic!("{name}: the sets parse"));
        let c = group(&sets, latest_epoch_jd(&sets).unwrap(), &ShellRules::default());
        let unusable = c.excluded.iter().filter(|(_, why)| *why == Exclusion::Unusable).count();
        assert_eq!(unusable as u64, e["unusable"].as_u64().unwrap(), "{name}");
        assert!(c.placed.is_empty(), "{name}: routed over");
    }
}
