//! # SkyQueue engine
//!
//! A discrete-event simulator of voice and data traffic over LEO satellite constellations.
//! This crate is plain Rust: no wasm-bindgen, no clock, no OS randomness. The browser build
//! (`crates/bindings`) and the `skyqueue` command (`crates/cli`) are thin layers over it, so
//! both run exactly the same model code and give the same results for the same scenario.
//!
//! ## Layers
//!
//! Roughly from the bottom up. The shared code (everything listed before [`models`]) names no
//! model and does not use the registry (`models/boundaries.rs` checks the first); the models
//! meet the rest of the crate through the registry's [`models::Descriptor`].
//!
//! - [`kernel`]: simulated time as integer nanoseconds, the event queue (ties broken by
//!   insertion order), named random streams derived from (seed, component id), and
//!   target-independent maths.
//! - [`scenario`]: what no model owns in a scenario: format versions, the recording options,
//!   the field declarations' machinery ([`scenario::fields`]), the checker that reports every
//!   invalid field by its path with the allowed range, and the errors.
//! - [`tool`]: what a model's command-line tool declares (`skyqueue calc pair`): its options,
//!   help and run, so that the CLI runs it without naming the model.
//! - Shared components: [`orbit`] and [`topology`] (constellations, ISLs, access, routing,
//!   handovers), [`network`] (the shared link-and-queue component, and hosts over the moving
//!   routes), [`crossing`] (a constellation as a scenario describes it, the route built from it,
//!   and the fields by which a model's section crosses one), [`channel`] (the LMS fading
//!   channel, behind the `Channel` trait), [`mac`] (adaptive HARQ), [`link`] (the LLDU link
//!   layer), [`traffic`] (Poisson, Pareto on/off VoIP, rate profiles), [`transport`] (TCP NewReno,
//!   CUBIC and others, and TFRC, behind `TransportFlow`), [`sched`] (one `Scheduler` trait for
//!   DropTail, RR, PF, CoDeS, M-LWDF, EXP-PF and FQ-CoDel; DWRR and PSS as class sharing),
//!   [`trace`] (the packet trace: what happened to each packet).
//! - [`metrics`]: bounded time series and summary statistics (means, percentiles, batch-means
//!   confidence intervals, the E-model).
//! - [`analytic`]: closed forms (Pollaczek-Khinchine, M/M/1/K) used as calculators and as test
//!   oracles.
//! - [`models`]: one folder per model (queue, constellation, voip-leo, diffserv, tcp-leo,
//!   link-layer, voip-dccp) behind the [`models::Model`] trait, and the registry that names them,
//!   assembles the [`Scenario`] from their sections and lists their tools.
//! - [`sim`]: the [`Simulation`], the one door through which the CLI and the bindings drive
//!   a run; it knows no model by name.
//! - [`export`]: what a sweep leaves behind (CSV, the command that reruns it, a notebook), the
//!   same for every front end.
//! - [`tools`]: the front ends' door to every model's tools (the declarations and the
//!   registry's listing).
//!
//! ## Determinism
//!
//! Event order depends only on integer times and insertion order; every random draw comes from
//! a stream named after its component; transcendental functions come from the pure-Rust `libm`
//! (see [`kernel::math`]). The same scenario and seed therefore give byte-identical results
//! natively and in WebAssembly.

#![warn(missing_docs)]

pub mod analytic;
pub mod channel;
pub mod crossing;
pub mod export;
pub mod kernel;
pub mod link;
pub mod mac;
pub mod metrics;
pub mod models;
pub mod network;
pub mod orbit;
pub mod scenario;
pub mod sched;
pub mod sim;
pub mod tool;
pub mod tools;
pub mod topology;
pub mod trace;
pub mod traffic;
pub mod transport;

pub use models::Scenario;
pub use scenario::ScenarioError;
pub use sim::{RunBudget, SimError, Simulation};
