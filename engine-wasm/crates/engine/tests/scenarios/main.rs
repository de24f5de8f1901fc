//! Scenario-level tests: whole runs checked against closed forms and published results.
//! One integration binary, one module per model or paper figure.

// Counts each thread's memory, as the command, the Python module and the browser's engine do,
// so that the memory budget of a run is checked here too (`run_budget.rs`).
#[global_allocator]
static ALLOC: engine::sim::memory::CountingAllocator = engine::sim::memory::CountingAllocator;

mod codes_voip_leo;
mod fifo_queue_closed_forms;
mod fuzz_corpus;
mod iridium_topology;
mod link_layer;
mod onoff_droptail;
mod pinned_examples;
mod run_budget;
mod scenario_fuzz;
mod seeds;
mod tcp_and_pss;
mod tle_fuzz;
mod voip_dccp;
