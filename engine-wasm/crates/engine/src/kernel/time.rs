//! Simulated time as integer nanoseconds.
//!
//! Every event time is a [`SimTime`]: an integer count of nanoseconds since the start of the run.
//! Integers make event order exact (no two runs can disagree about which of two close events
//! comes first) and identical natively and in wasm. 2^64 ns is about 584 years, far beyond any
//! scenario the validator accepts.

use core::fmt;
use core::ops::{Add, AddAssign, Sub};

/// Nanoseconds in one second.
pub const NS_PER_S: u64 = 1_000_000_000;

/// An instant of simulated time [ns since the start of the run].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

/// A span of simulated time [ns].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimDuration(pub u64);

impl SimTime {
    /// The start of every run.
    pub const ZERO: SimTime = SimTime(0);

    /// Nanoseconds since the start of the run.
    pub const fn as_nanos(self) -> u64 {
        self.0
    }

    /// Seconds since the start of the run, for output only (never for event ordering).
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / NS_PER_S as f64
    }

    /// The time `s` seconds after the start, rounded to the nearest nanosecond.
    ///
    /// Negative or non-finite inputs give [`SimTime::ZERO`]; values past `u64::MAX` ns saturate.
    /// Callers validate user input first (see `scenario::validate`).
    pub fn from_secs_f64(s: f64) -> SimTime {
        SimTime(secs_to_nanos(s))
    }

    /// The span from `earlier` to `self`, or zero if `earlier` is later.
    pub fn saturating_since(self, earlier: SimTime) -> SimDuration {
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}

impl SimDuration {
    /// No time at all.
    pub const ZERO: SimDuration = SimDuration(0);

    /// The span in nanoseconds.
    pub const fn as_nanos(self) -> u64 {
        self.0
    }

    /// The span in seconds, for output and for rate arithmetic.
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / NS_PER_S as f64
    }

    /// A span of `s` seconds, rounded to the nearest nanosecond (see [`SimTime::from_secs_f64`]).
    pub fn from_secs_f64(s: f64) -> SimDuration {
        SimDuration(secs_to_nanos(s))
    }
}

fn secs_to_nanos(s: f64) -> u64 {
    if !s.is_finite() || s <= 0.0 {
        return 0;
    }
    let ns = s * NS_PER_S as f64 + 0.5;
    if ns >= u64::MAX as f64 {
        u64::MAX
    } else {
        ns as u64
    }
}

impl Add<SimDuration> for SimTime {
    type Output = SimTime;
    /// Saturates at the end of representable time rather than wrapping.
    fn add(self, d: SimDuration) -> SimTime {
        SimTime(self.0.saturating_add(d.0))
    }
}

impl AddAssign<SimDuration> for SimTime {
    fn add_assign(&mut self, d: SimDuration) {
        *self = *self + d;
    }
}

impl Sub<SimTime> for SimTime {
    type Output = SimDuration;
    /// Saturates at zero: a span is never negative.
    fn sub(self, earlier: SimTime) -> SimDuration {
        self.saturating_since(earlier)
    }
}

impl fmt::Display for SimTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.9} s", self.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_round_to_nearest_nanosecond() {
        assert_eq!(SimTime::from_secs_f64(1.5).as_nanos(), 1_500_000_000);
        assert_eq!(SimDuration::from_secs_f64(1e-9 * 0.6).as_nanos(), 1);
        assert_eq!(SimDuration::from_secs_f64(1e-9 * 0.4).as_nanos(), 0);
    }

    #[test]
    fn bad_inputs_do_not_panic() {
        assert_eq!(SimTime::from_secs_f64(f64::NAN), SimTime::ZERO);
        assert_eq!(SimTime::from_secs_f64(-3.0), SimTime::ZERO);
        assert_eq!(SimTime::from_secs_f64(f64::INFINITY), SimTime::ZERO);
        assert_eq!(SimTime::from_secs_f64(1e30).as_nanos(), u64::MAX);
        assert_eq!(SimTime(u64::MAX) + SimDuration(5), SimTime(u64::MAX));
        assert_eq!(SimTime(3) - SimTime(5), SimDuration::ZERO);
    }
}
