//! The scenario's shared pieces: its format versions, the recording options, the field
//! declarations' machinery ([`fields`]), the range checker ([`validate`]) and the errors that
//! name a field by its path. They know no model: the registry (`models`) puts each model's
//! sections beside the common fields into the [`Scenario`](crate::models::Scenario) type, reads
//! and checks it (`models::format`), and hands each model its scenario.
// Input path: whatever a user's file, link or option holds is refused with a message, never
// unwrapped (docs/RELIABILITY.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod duplicates;
mod error;
pub mod fields;
pub mod validate;

pub use duplicates::duplicate_key;
pub use error::{plain_message, FieldError, ScenarioError};

use serde::{Deserialize, Serialize};

/// The scenario format version this engine writes. Version 2 holds the common fields and the
/// sections of the model that runs, nothing else.
pub const SCENARIO_VERSION: u32 = 2;

/// The oldest version this engine reads. Version 1 carried every model's section; reading it
/// drops the sections the model does not use (they did nothing) and gives version 2, so old
/// files and links replay identically.
pub const OLDEST_VERSION: u32 = 1;

/// Largest seed accepted: 2^53 - 1, so that a seed survives a round trip through a JavaScript
/// number (a shared link must replay the same run).
pub const MAX_SEED: u64 = (1u64 << 53) - 1;

/// Recording options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricsSpec {
    /// Width of one point of the live series [s].
    #[serde(default = "defaults::bucket_s")]
    pub bucket_s: f64,
    /// Most points kept per series in the results; longer runs are downsampled by merging
    /// neighbouring buckets.
    #[serde(default = "defaults::max_points")]
    pub max_points: u32,
    /// Number of batches for the batch-means confidence intervals of the summary.
    #[serde(default = "defaults::batches")]
    pub batches: u32,
}
mod defaults {
    pub fn bucket_s() -> f64 {
        0.1
    }
    pub fn max_points() -> u32 {
        2000
    }
    pub fn batches() -> u32 {
        20
    }
}

impl Default for MetricsSpec {
    fn default() -> Self {
        MetricsSpec { bucket_s: defaults::bucket_s(), max_points: defaults::max_points(), batches: defaults::batches() }
    }
}
