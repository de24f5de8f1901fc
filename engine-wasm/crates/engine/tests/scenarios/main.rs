//! Scenario-level tests: whole runs checked against closed forms and published results.
//! One integration binary, one module per model or paper figure.

mod fifo_queue_closed_forms;
mod iridium_topology;
mod codes_voip_leo;
mod tcp_and_pss;
mod scenario_fuzz;
mod pinned_examples;
mod seeds;
mod link_layer;
mod voip_dccp;
mod onoff_droptail;
