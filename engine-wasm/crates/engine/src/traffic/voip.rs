//! VoIP source: Pareto on/off (paper 000 §II-C): 64 kb/s during talk spurts of mean 500 ms,
//! silences of mean 50 ms, 210-byte packets (one every 26.25 ms while talking), as ns-2's
//! POO_Traffic. Pareto shape 1.5 unless set (docs/REPRODUCTION.md).

use crate::kernel::{math, RngStream};

/// A Pareto on/off packet source.
#[derive(Clone, Debug)]
pub struct ParetoOnOff {
    rng: RngStream,
    shape: f64,
    mean_on_s: f64,
    mean_off_s: f64,
    interval_s: f64,
    burst_end_s: f64,
    next_s: f64,
}

impl ParetoOnOff {
    /// A source of `rate_bps` during bursts with `packet_bytes` packets, starting at a random
    /// phase within its first second.
    pub fn new(
        mut rng: RngStream,
        rate_bps: f64,
        packet_bytes: f64,
        mean_on_s: f64,
        mean_off_s: f64,
        shape: f64,
    ) -> Self {
        let start = rng.uniform(0.0, 1.0);
        let mut s = ParetoOnOff {
            rng,
            shape,
            mean_on_s,
            mean_off_s,
            interval_s: packet_bytes * 8.0 / rate_bps,
            burst_end_s: 0.0,
            next_s: start,
        };
        s.burst_end_s = start + s.pareto(mean_on_s);
        s
    }

    /// Pareto draw with the given mean: x_m / U^(1/k), x_m = mean (k - 1) / k.
    fn pareto(&mut self, mean: f64) -> f64 {
        let xm = mean * (self.shape - 1.0) / self.shape;
        xm / math::pow(self.rng.next_f64_open0(), 1.0 / self.shape)
    }

    /// Time of the next packet [s]; advances the source.
    pub fn next_packet_s(&mut self) -> f64 {
        let t = self.next_s;
        let mut next = t + self.interval_s;
        if next >= self.burst_end_s {
            // Silence, then a new talk spurt.
            let off = self.pareto(self.mean_off_s);
            next = self.burst_end_s.max(t) + off;
            self.burst_end_s = next + self.pareto(self.mean_on_s);
        }
        self.next_s = next;
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Streams;

    #[test]
    fn mean_rate_is_64_kbps_times_the_activity_factor() {
        // Long-run rate = 64 kb/s x on / (on + off) = 64 x 500 / 550 = 58.2 kb/s (heavy tails
        // converge slowly: 20 flows x 2000 s).
        let mut packets = 0u64;
        let horizon = 2000.0;
        for f in 0..20 {
            let mut s =
                ParetoOnOff::new(Streams::new(3).stream(&format!("voip[{f}]")), 64_000.0, 210.0, 0.5, 0.05, 1.5);
            while s.next_packet_s() < horizon {
                packets += 1;
            }
        }
        let kbps = packets as f64 * 210.0 * 8.0 / horizon / 20.0 / 1000.0;
        assert!((kbps - 58.2).abs() < 3.0, "{kbps} kb/s");
    }

    #[test]
    fn packets_are_spaced_by_the_codec_interval_inside_a_burst() {
        let mut s = ParetoOnOff::new(Streams::new(1).stream("v"), 64_000.0, 210.0, 1e6, 0.05, 1.5);
        let a = s.next_packet_s();
        let b = s.next_packet_s();
        assert!((b - a - 0.02625).abs() < 1e-12);
    }
}
