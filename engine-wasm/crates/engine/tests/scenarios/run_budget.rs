//! The run-time budgets (`RunBudget`, docs/RELIABILITY.md): a run that goes past one stops with
//! an error naming it, keeps what it measured and stays stopped; the checks themselves never
//! change a run.

use engine::sim::{BUDGET_EVENTS, BUDGET_MEMORY, BUDGET_PENDING, MAX_MEMORY_BYTES};
use engine::{RunBudget, SimError, Simulation};
use std::path::PathBuf;

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples").join(name);
    std::fs::read_to_string(path).expect("the example exists")
}

/// Every example, its run cut to at most `secs` (and its warm-up inside it).
fn examples_cut_to(secs: f64) -> Vec<(String, String)> {
    crate::pinned_examples::examples()
        .into_iter()
        .map(|p| {
            let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let d = v["duration_s"].as_f64().unwrap_or(secs).min(secs);
            v["duration_s"] = d.into();
            if v["warmup_s"].as_f64().is_some_and(|w| w >= d) {
                v["warmup_s"] = (d / 2.0).into();
            }
            (p.file_name().unwrap().to_string_lossy().into_owned(), v.to_string())
        })
        .collect()
}

#[test]
fn a_run_past_its_event_budget_stops_naming_it_and_keeps_its_results() {
    let mut sim = Simulation::from_json(&example("mm1-load-0.8.json")).unwrap();
    sim.set_run_budget(RunBudget { events: 50_000, check_every: 1_000, ..RunBudget::default() });
    let err = sim.try_run_to_end().expect_err("the run needs far more than 50,000 events");
    let SimError::OverBudget { what, used, budget, at, end } = err.clone() else { panic!("{err:?}") };
    assert_eq!((what, budget), (BUDGET_EVENTS, 50_000));
    // It stops at the event that goes past the budget.
    assert_eq!(used, 50_001);
    assert!(at > engine::kernel::SimTime::ZERO && at < end, "stopped at {at:?} of {end:?}");
    let text = err.to_string();
    assert!(text.starts_with("stopped: over budget at "), "{text}");
    for part in ["events processed", "50000", "duration_s", "results so far are kept"] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    // Stopped for good: not finished, the same error again, and what it measured is readable.
    assert!(!sim.is_finished());
    assert_eq!(sim.stopped(), Some(&err));
    assert_eq!(sim.advance_to_secs(1e9), Err(err.clone()));
    assert_eq!(sim.events_processed(), used);
    let results: serde_json::Value = serde_json::from_str(&sim.results_json()).unwrap();
    assert!(results["summary"]["events"].as_u64().unwrap() == used, "{}", results["summary"]);
}

#[test]
fn a_run_whose_event_list_outgrows_its_budget_stops_naming_it() {
    // 75 calls each keep a few timers and packets scheduled: more than 50 pending events.
    let mut sim = Simulation::from_json(&example("voip-leo-codes.json")).unwrap();
    sim.set_run_budget(RunBudget { pending_events: 50, check_every: 500, ..RunBudget::default() });
    let err = sim.try_run_to_end().expect_err("more than 50 events pending");
    let SimError::OverBudget { what, used, budget, .. } = err.clone() else { panic!("{err:?}") };
    assert_eq!((what, budget), (BUDGET_PENDING, 50));
    assert!(used > 50, "{used}");
    assert!(err.to_string().contains("events pending"), "{err}");
}

#[test]
fn a_run_that_holds_more_memory_than_its_budget_stops_naming_it() {
    // The memory a run holds, as this program's allocator counts it on the run's thread: a
    // minute of 75 calls holds their queues, series and trace, far above 10 kB.
    let mut sim = Simulation::from_json(&example("voip-leo-codes.json")).unwrap();
    sim.set_run_budget(RunBudget { memory_bytes: 10_000, check_every: 1_000, ..RunBudget::default() });
    let err = sim.try_run_to_end().expect_err("more than 10 kB held");
    let SimError::OverBudget { what, used, budget, .. } = err.clone() else { panic!("{err:?}") };
    assert_eq!((what, budget), (BUDGET_MEMORY, 10_000));
    assert!(used > 10_000, "{used}");
    assert!(err.to_string().contains("bytes of memory held, over the budget of one run (10000)"), "{err}");
    // At the default (2 GB) the same run ends, holding a few megabytes.
    assert_eq!(RunBudget::default().memory_bytes, MAX_MEMORY_BYTES);
    let mut sim = Simulation::from_json(&example("voip-leo-codes.json")).unwrap();
    sim.set_run_budget(RunBudget { check_every: 1_000, ..RunBudget::default() });
    assert!(sim.try_run_to_end().is_ok());
}

#[test]
fn within_its_budgets_a_run_ends_and_says_nothing() {
    let mut sim = Simulation::from_json(&example("mm1-load-0.8.json")).unwrap();
    assert_eq!(sim.run_budget(), RunBudget::default());
    assert_eq!(sim.try_run_to_end(), Ok(()));
    assert!(sim.is_finished() && sim.stopped().is_none());
}

#[test]
fn checking_the_budgets_never_changes_a_run() {
    // Every model returns to the driver every `check_every` events and goes on where it
    // stopped: every example (cut to 20 s; one that the cut makes invalid, a transfer starting
    // later, is left out) gives the same results, byte for byte, checked every 997 events or
    // never. Every model is among them.
    let mut models = std::collections::BTreeSet::new();
    for (name, text) in examples_cut_to(20.0) {
        let Ok(sim) = Simulation::from_json(&text) else { continue };
        models.insert(sim.scenario().model.name());
        let run = |check_every: u64| {
            let mut sim = Simulation::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            sim.set_run_budget(RunBudget { check_every, ..RunBudget::default() });
            sim.try_run_to_end().unwrap_or_else(|e| panic!("{name}: {e}"));
            sim.results_json()
        };
        assert!(run(997) == run(u64::MAX), "{name}: the results depend on how often the budgets are checked");
    }
    let all: std::collections::BTreeSet<&str> = engine::models::ModelKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(models, all, "every model checked");
}

#[test]
fn letting_the_live_feeds_go_never_changes_a_run() {
    // What the CLI runs do (an hour at a time, the events and series rows dropped): every
    // example longer than an hour, cut to 3 h, gives the same results as one whole run that
    // keeps them (a shorter run is one hour's step).
    let mut longer = 0;
    for (name, text) in examples_cut_to(3.0 * 3600.0) {
        let Ok(mut whole) = Simulation::from_json(&text) else { continue };
        if whole.end().as_secs_f64() <= 3600.0 {
            continue;
        }
        longer += 1;
        let mut hourly = Simulation::from_json(&text).unwrap();
        whole.try_run_to_end().unwrap_or_else(|e| panic!("{name}: {e}"));
        hourly.try_run_to_end_without_live_feeds().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(hourly.is_finished(), "{name}");
        assert!(whole.results_json() == hourly.results_json(), "{name}: dropping the events changed the results");
    }
    assert!(longer >= 2, "examples longer than an hour: {longer}");
}

/// Every example's run is estimated well inside the budget of estimated events, and the
/// estimate is not far below the events the run processes (a model whose estimate missed most
/// of its work would let long runs through unannounced).
#[test]
fn every_example_is_estimated_inside_the_budget_and_near_its_work() {
    for p in crate::pinned_examples::examples() {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let s = engine::Scenario::from_json(&std::fs::read_to_string(&p).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let w = (s.model.descriptor().estimated_events)(&s).expect("a valid scenario has an estimate");
        assert!(w.events <= w.budget() / 10.0, "{name}: {w:?}");
        let mut sim = Simulation::new(s).unwrap();
        sim.run_to_end();
        let events = sim.events_processed() as f64;
        eprintln!("{name}: estimated {:.3e}, processed {events:.3e}, ratio {:.2}", w.events, w.events / events);
        assert!(w.events >= events / 3.0, "{name}: estimated {:.3e} of {events:.3e} events", w.events);
    }
}
