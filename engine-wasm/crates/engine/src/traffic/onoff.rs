//! An on/off source with constant bit rate while on: ns-3's `OnOffApplication` (3.37,
//! `src/applications/model/onoff-application.cc`), the voice-activity model of a VoIP call.
//!
//! - The source starts *off*: its first on period begins after an off period.
//! - While on it sends one packet every `packet_bits / on_rate_bps`, the first one a full
//!   interval after the on period begins.
//! - When an on period ends between two packets, the time already spent towards the next one
//!   carries over to the next on period (ns-3's `m_residualBits`): over a long run the source
//!   sends exactly `on_rate_bps` while on, however short the on periods are.
//! - On and off periods are exponential, drawn from the flow's own stream (on at the start of an
//!   on period, off at its end).
//!
//! The on/off switches are not events: [`OnOffSource::next_send`] walks over them when it
//! computes the next packet's time, so a source costs one event per packet. The walk stops at
//! the run's end (the source's horizon): a rate so low that the next packet lies millions of
//! periods ahead costs no more than the periods inside the run, which the scenario's budget of
//! on/off switches bounds.

use crate::kernel::{RngStream, SimDuration, SimTime};

/// One on/off flow.
#[derive(Clone, Debug)]
pub struct OnOffSource {
    rng: RngStream,
    interval: SimDuration,
    on_mean_ns: f64,
    off_mean_ns: f64,
    /// End of the current (or next) on period.
    on_end: SimTime,
    /// Time still needed, from `from`, before the next packet is due while on.
    left: SimDuration,
    /// Start of the segment `left` counts from: the last packet or the start of an on period.
    from: SimTime,
    seq: u64,
    /// No packet is sought past this time (the run's end).
    horizon: SimTime,
}

impl OnOffSource {
    /// A source sending one packet every `interval` while on, with exponential on and off
    /// periods of means `on_mean_s` and `off_mean_s` (all positive; validated by the scenario).
    /// It is off at `start`; no packet is sought past `horizon`.
    pub fn new(
        mut rng: RngStream,
        interval: SimDuration,
        on_mean_s: f64,
        off_mean_s: f64,
        start: SimTime,
        horizon: SimTime,
    ) -> Self {
        let on_mean_ns = on_mean_s * 1e9;
        let off_mean_ns = off_mean_s * 1e9;
        let on_start = start + Self::draw(&mut rng, off_mean_ns);
        let on_end = on_start + Self::draw(&mut rng, on_mean_ns);
        OnOffSource { rng, interval, on_mean_ns, off_mean_ns, on_end, left: interval, from: on_start, seq: 0, horizon }
    }

    fn draw(rng: &mut RngStream, mean_ns: f64) -> SimDuration {
        SimDuration((rng.exponential(mean_ns) + 0.5) as u64)
    }

    /// Time of the next packet after the one sent at the previous call (or of the first packet
    /// on the first call), crossing as many on/off periods as it takes; a time past the horizon
    /// once the next packet lies beyond it.
    pub fn next_send(&mut self) -> SimTime {
        loop {
            if self.from > self.horizon {
                return self.from;
            }
            let due = self.from + self.left;
            if due <= self.on_end {
                self.from = due;
                self.left = self.interval;
                return due;
            }
            // The on period ends first: keep what is left, sit out an off period, start again.
            self.left = SimDuration(self.left.as_nanos() - (self.on_end - self.from).as_nanos());
            self.from = self.on_end + Self::draw(&mut self.rng, self.off_mean_ns);
            self.on_end = self.from + Self::draw(&mut self.rng, self.on_mean_ns);
        }
    }

    /// Next sequence number of this flow.
    pub fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq - 1
    }

    /// Long-run mean packet rate [packets/s]: the on rate times the fraction of time on.
    pub fn mean_rate_pps(interval_s: f64, on_mean_s: f64, off_mean_s: f64) -> f64 {
        on_mean_s / (on_mean_s + off_mean_s) / interval_s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Streams;

    fn source(seed: u64, on: f64, off: f64) -> OnOffSource {
        OnOffSource::new(
            Streams::new(seed).stream("onoff"),
            SimDuration(26_250_000),
            on,
            off,
            SimTime::ZERO,
            SimTime::from_secs_f64(1e6),
        )
    }

    /// Packets a source sends in its first `seconds`.
    fn sent(seed: u64, on: f64, off: f64, seconds: f64) -> u64 {
        let mut s = source(seed, on, off);
        let end = SimTime::from_secs_f64(seconds);
        std::iter::from_fn(|| Some(s.next_send())).take_while(|&t| t <= end).count() as u64
    }

    #[test]
    fn long_run_rate_is_the_on_rate_times_the_on_fraction() {
        // 64 kb/s of 210-byte packets (26.25 ms), on 0.5 s / off 0.05 s: 34.632 packets/s.
        let rate = sent(3, 0.5, 0.05, 2000.0) as f64 / 2000.0;
        let expect = OnOffSource::mean_rate_pps(0.02625, 0.5, 0.05);
        assert!((expect - 34.632).abs() < 1e-3);
        // 2000 s hold about 3640 on/off cycles: the rate is within 2 % of its mean.
        assert!((rate / expect - 1.0).abs() < 0.02, "{rate} vs {expect}");
    }

    #[test]
    fn time_towards_the_next_packet_carries_over_short_on_periods() {
        // On periods of 5 ms mean, far shorter than the 26.25 ms interval: without the carry-over
        // almost no packet would ever be sent. With it the rate is still the on rate x on fraction.
        let n = sent(11, 0.005, 0.005, 500.0);
        let expect = OnOffSource::mean_rate_pps(0.02625, 0.005, 0.005) * 500.0;
        assert!((n as f64 / expect - 1.0).abs() < 0.02, "{n} vs {expect}");
    }

    #[test]
    fn starts_off_and_spaces_packets_by_the_interval_while_on() {
        let mut s = source(5, 0.5, 0.05);
        let first = s.next_send();
        // First packet: an off period, then a full interval.
        assert!(first >= SimTime(26_250_000), "{first:?}");
        let mut last = first;
        let mut gaps = Vec::new();
        for _ in 0..200 {
            let t = s.next_send();
            gaps.push((t - last).as_nanos());
            last = t;
        }
        // Most gaps are exactly one interval; the others are longer (an off period inside).
        assert!(gaps.iter().all(|&g| g >= 26_250_000));
        assert!(gaps.iter().filter(|&&g| g == 26_250_000).count() > 150);
    }
}
