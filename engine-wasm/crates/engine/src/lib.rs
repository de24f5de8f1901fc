//! # SkyQueue engine
//!
//! A discrete-event simulator of voice and data traffic over LEO satellite constellations.
//! This crate is plain Rust: no wasm-bindgen, no clock, no OS randomness. The browser build
//! (`crates/bindings`) and the `skyqueue` command (`crates/cli`) are thin layers over it, so
//! both run exactly the same model code and give the same results for the same scenario.
//!
//! ## Layers
//!
//! - [`kernel`]: simulated time as integer nanoseconds, the event queue (ties broken by
//!   insertion order), named random streams derived from (seed, component id), and
//!   target-independent maths.
//! - [`scenario`]: the versioned scenario type, its defaults, the field declarations
//!   ([`scenario::fields`]) and a validation step that reports every invalid field by its path
//!   with the allowed range.
//! - Shared components: [`orbit`] and [`topology`] (constellations, ISLs, access, routing,
//!   handovers), [`network`] (the shared link-and-queue component, and hosts over the moving
//!   routes), [`channel`] (the LMS fading channel), [`mac`] (adaptive HARQ), [`link`] (the
//!   LLDU link layer), [`traffic`] (Poisson, Pareto on/off VoIP, rate profiles), [`transport`]
//!   (TCP NewReno and CUBIC), [`sched`] (one `Scheduler` trait for DropTail, RR, PF, CoDeS,
//!   M-LWDF, EXP-PF and FQ-CoDel; DWRR and PSS as class sharing), [`channel`] behind the
//!   `Channel` trait, [`transport`] flows behind `TransportFlow`.
//! - [`metrics`]: bounded time series and summary statistics (means, percentiles, batch-means
//!   confidence intervals).
//! - [`analytic`]: closed forms (Pollaczek-Khinchine, M/M/1/K) used as calculators and as test
//!   oracles.
//! - [`models`]: one folder per model (queue, constellation, voip-leo, diffserv) behind the
//!   [`models::Model`] trait, and the registry that names them.
//! - [`tools`]: the command-line tools a model offers (`skyqueue calc pair`), declared on its
//!   descriptor so that the CLI runs them without naming the model.
//! - [`sim`]: the [`Simulation`], the one door through which the CLI and the bindings drive
//!   a run; it knows no model by name.
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
pub mod tools;
pub mod topology;
pub mod trace;
pub mod traffic;
pub mod transport;

pub use models::Scenario;
pub use scenario::ScenarioError;
pub use sim::{RunBudget, SimError, Simulation};
