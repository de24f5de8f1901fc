//! Poisson packet source: exponentially distributed gaps between packets.

use crate::kernel::{RngStream, SimDuration};

/// One flow of Poisson arrivals at `rate_pps` [packets/s], drawing from its own stream.
///
/// ```
/// use engine::kernel::Streams;
/// use engine::traffic::PoissonSource;
/// let mut src = PoissonSource::new(Streams::new(1).stream("traffic.flow[0]"), 1000.0);
/// let mean_ns = (0..10_000).map(|_| src.next_gap().as_nanos()).sum::<u64>() / 10_000;
/// assert!((950_000..1_050_000).contains(&mean_ns));
/// ```
#[derive(Clone, Debug)]
pub struct PoissonSource {
    rng: RngStream,
    mean_gap_ns: f64,
    seq: u64,
}

impl PoissonSource {
    /// A source of mean rate `rate_pps` (must be positive; validated by the scenario).
    pub fn new(rng: RngStream, rate_pps: f64) -> Self {
        PoissonSource { rng, mean_gap_ns: 1e9 / rate_pps, seq: 0 }
    }

    /// Time to the next packet, rounded to the nanosecond.
    pub fn next_gap(&mut self) -> SimDuration {
        SimDuration((self.rng.exponential(self.mean_gap_ns) + 0.5) as u64)
    }

    /// Next sequence number of this flow.
    pub fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq - 1
    }
}
