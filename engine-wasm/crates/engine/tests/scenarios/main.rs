//! Scenario-level tests over every model: whole runs of each example pinned, fuzzed input, seeds
//! and run budgets.
//! One integration binary of the tests that go over every model (the registry's models and
//! `examples/`); a whole run of one model against a paper is in its folder,
//! `src/models/<id>/*_tests.rs`.

// Counts each thread's memory, as the command, the Python module and the browser's engine do,
// so that the memory budget of a run is checked here too (`run_budget.rs`).
#[global_allocator]
static ALLOC: engine::sim::memory::CountingAllocator = engine::sim::memory::CountingAllocator;

mod fuzz_corpus;
mod pinned_examples;
mod run_budget;
mod scenario_fuzz;
mod seeds;
mod tle_fuzz;
