//! The classic "hold" workload for measuring the event kernel.
//!
//! A fixed population of pending events; each step pops the earliest event and schedules one
//! new event an exponentially distributed time later, so the queue size never changes
//! (Vaucher & Duval, "A comparison of simulation event list algorithms", CACM 18(4), 1975).
//! The same function runs natively (`skyqueue bench`) and in wasm (`npm run bench`), so the two
//! throughput figures measure the same work. It reads no clock: callers time it.

use super::queue::EventQueue;
use super::rng::Streams;
use super::time::{SimDuration, SimTime};

/// What a hold run did; `checksum` proves the work was not optimised away and lets the native
/// and wasm runs be compared for identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldOutcome {
    /// Events popped and rescheduled.
    pub events: u64,
    /// Simulated time of the last event.
    pub final_time: SimTime,
    /// XOR-fold of every popped payload and time.
    pub checksum: u64,
}

/// Runs `events` hold steps over a queue of `population` pending events (mean spacing 1 ms).
pub fn hold(events: u64, population: u32, seed: u64) -> HoldOutcome {
    let population = population.max(1);
    let mut rng = Streams::new(seed).stream("bench.hold");
    let mean_ns = 1_000_000.0;
    let mut q: EventQueue<u32> = EventQueue::with_capacity(population as usize + 1);
    for i in 0..population {
        q.schedule(SimTime(rng.exponential(mean_ns) as u64), i);
    }
    let mut checksum = 0u64;
    let mut now = SimTime::ZERO;
    for _ in 0..events {
        let Some((t, id)) = q.pop() else { break };
        now = t;
        checksum = checksum.rotate_left(5) ^ (t.as_nanos() ^ id as u64);
        q.schedule(now + SimDuration(rng.exponential(mean_ns) as u64), id);
    }
    HoldOutcome { events, final_time: now, checksum }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hold_is_deterministic_and_keeps_its_population() {
        let a = hold(10_000, 64, 5);
        let b = hold(10_000, 64, 5);
        assert_eq!(a, b);
        assert_ne!(a.checksum, hold(10_000, 64, 6).checksum);
        // Mean spacing 1 ms per event per member: 10_000 steps over 64 members ~ 156 ms.
        let per_member_ms = a.final_time.as_secs_f64() * 1e3 * 64.0 / 10_000.0;
        assert!((per_member_ms - 1.0).abs() < 0.1, "{per_member_ms}");
    }
}
