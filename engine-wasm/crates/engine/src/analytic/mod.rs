//! Closed-form models from the papers and textbooks: calculators for users and oracles for
//! the simulation tests.

pub mod distributions;
pub mod erasure;
pub mod queueing;
