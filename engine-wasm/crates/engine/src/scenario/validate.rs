//! Range validation: every field is checked and every problem is reported, each with its path
//! and the allowed range, so that a user fixes a scenario in one pass.

use super::{FieldError, ScenarioError};

/// Longest run accepted [s]: 30 days of simulated time.
pub const MAX_DURATION_S: f64 = 30.0 * 86_400.0;
/// Most series buckets in one run, so that a run's live output stays bounded.
pub const MAX_BUCKETS: f64 = 10_000_000.0;
/// Most expected arrivals in one run (rate x duration): about half an hour natively, so that
/// no scenario, typed or shared, can start a run that effectively never ends.
pub const MAX_EXPECTED_ARRIVALS: f64 = 1e9;
/// Largest waiting room [packets].
pub const MAX_CAPACITY_PKTS: u32 = 1_000_000;
/// Largest arrival or service rate [packets/s].
pub const MAX_RATE_PPS: f64 = 1e7;
/// Most satellites in a generated constellation (the router's and the globe's budget).
pub const MAX_SATELLITES: u32 = 2000;
/// Most topology steps in one run.
pub const MAX_TOPOLOGY_STEPS: f64 = 10_000_000.0;

/// Collects field errors; each model's `validate` adds its own through it.
#[derive(Default)]
pub struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    /// Adds an error at `path`.
    pub fn push(&mut self, path: &str, message: String) {
        self.errors.push(FieldError::new(path, message));
    }

    /// `min <= v <= max` for an integer field.
    pub fn int(&mut self, path: &str, v: u64, min: u64, max: u64) {
        if v < min {
            self.push(path, format!("{v} is below the minimum {min} (allowed: {min} to {max})"));
        } else if v > max {
            self.push(path, format!("{v} is above the maximum {max} (allowed: {min} to {max})"));
        }
    }

    /// `min <= v <= max` (or `min < v` when `min_exclusive`) for a real field.
    pub fn real(&mut self, path: &str, v: f64, min: f64, min_exclusive: bool, max: f64) {
        let range = if min_exclusive {
            format!("(allowed: above {min} up to {max})")
        } else {
            format!("(allowed: {min} to {max})")
        };
        if !v.is_finite() {
            self.push(path, format!("must be a finite number {range}"));
        } else if min_exclusive && v <= min {
            self.push(path, format!("{v} must be greater than {min} {range}"));
        } else if !min_exclusive && v < min {
            self.push(path, format!("{v} is below the minimum {min} {range}"));
        } else if v > max {
            self.push(path, format!("{v} is above the maximum {max} {range}"));
        }
    }

    /// Whether no error has been added yet.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Every error added, or none.
    pub fn finish(self) -> Result<(), ScenarioError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ScenarioError::Invalid(self.errors))
        }
    }

    /// At most `max` characters.
    pub fn max_len(&mut self, path: &str, s: &str, max: usize) {
        let n = s.chars().count();
        if n > max {
            self.push(path, format!("{n} characters is above the maximum {max}"));
        }
    }
}

/// Whether `duration_s` is valid on its own (cross-field rules that use it need it to be).
pub fn duration_ok(duration_s: f64) -> bool {
    duration_s.is_finite() && duration_s > 0.0 && duration_s <= MAX_DURATION_S
}
