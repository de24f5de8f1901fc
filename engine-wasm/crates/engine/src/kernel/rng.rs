//! Named random streams derived from (scenario seed, component id).
//!
//! Each stochastic component (a traffic flow, a server, later a fading channel) draws from its
//! own [`RngStream`], created from the scenario seed and a stable component id such as
//! `"traffic.flow[3]"`. Streams are derived, not split off a shared generator, so adding,
//! removing or re-ordering one component never changes another component's draws: two
//! schedulers are compared on exactly the same arrivals ("common random numbers",
//! docs/ADDING-A-MODEL.md, "Randomness").
//!
//! Generator: xoshiro256++ (Blackman & Vigna, "Scrambled linear pseudorandom number
//! generators", ACM TOMS 2021), seeded through SplitMix64 from the seed and the FNV-1a hash of
//! the id. Written out here rather than taken from a crate so that its output can never change
//! under us with a dependency update: a saved scenario link must replay the same run.

use super::math;

/// FNV-1a 64-bit hash (Fowler, Noll, Vo) of a component id: stable across platforms and
/// releases, unlike `std`'s `DefaultHasher`.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// SplitMix64 step (Steele, Lea, Flood 2014), the seeding generator recommended for xoshiro.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Factory of named streams for one run.
///
/// ```
/// use engine::kernel::Streams;
/// let streams = Streams::new(42);
/// let mut a = streams.stream("traffic.flow[0]");
/// let mut a_again = Streams::new(42).stream("traffic.flow[0]");
/// assert_eq!(a.next_u64(), a_again.next_u64());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Streams {
    seed: u64,
}

impl Streams {
    /// Streams for the scenario seed `seed`.
    pub fn new(seed: u64) -> Self {
        Streams { seed }
    }

    /// The stream of the component `id`. Same (seed, id), same sequence, always.
    pub fn stream(&self, id: &str) -> RngStream {
        RngStream::from_seed_and_id(self.seed, id)
    }
}

/// One xoshiro256++ stream.
#[derive(Clone, Debug)]
pub struct RngStream {
    s: [u64; 4],
}

impl RngStream {
    /// The stream for component `id` under scenario seed `seed`.
    pub fn from_seed_and_id(seed: u64, id: &str) -> Self {
        let mut sm = seed ^ fnv1a64(id.as_bytes()).rotate_left(17);
        // Mix the seed in twice so that seeds differing in one bit give unrelated states.
        let _ = splitmix64(&mut sm);
        let mut s = [0u64; 4];
        for w in &mut s {
            *w = splitmix64(&mut sm);
        }
        if s == [0; 4] {
            s[0] = 1; // the one state xoshiro cannot leave
        }
        RngStream { s }
    }

    /// Next 64 uniformly distributed bits (xoshiro256++ reference step).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform on [0, 1) with 53 random bits.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform on (0, 1]: safe to take the logarithm of.
    #[inline]
    pub fn next_f64_open0(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform on [lo, hi).
    #[inline]
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// Exponential with the given mean, by inversion: -mean ln U.
    #[inline]
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * math::ln(self.next_f64_open0())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draws(s: &mut RngStream, n: usize) -> Vec<u64> {
        (0..n).map(|_| s.next_u64()).collect()
    }

    #[test]
    fn same_seed_and_id_give_the_same_sequence() {
        let a = draws(&mut Streams::new(7).stream("traffic.flow[0]"), 100);
        let b = draws(&mut Streams::new(7).stream("traffic.flow[0]"), 100);
        assert_eq!(a, b);
    }

    #[test]
    fn a_stream_is_independent_of_other_components() {
        // Using (or not creating) the stream of another component leaves this one unchanged.
        let streams = Streams::new(99);
        let alone = draws(&mut streams.stream("server.service"), 50);
        let mut other = streams.stream("traffic.flow[0]");
        let _ = draws(&mut other, 1000);
        let with_other = draws(&mut streams.stream("server.service"), 50);
        assert_eq!(alone, with_other);
    }

    #[test]
    fn different_ids_and_seeds_give_different_sequences() {
        let a = draws(&mut Streams::new(1).stream("traffic.flow[0]"), 4);
        let b = draws(&mut Streams::new(1).stream("traffic.flow[1]"), 4);
        let c = draws(&mut Streams::new(2).stream("traffic.flow[0]"), 4);
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_ne!(b, c);
    }

    #[test]
    fn streams_of_neighbouring_ids_are_uncorrelated() {
        let n = 100_000;
        let mut x = Streams::new(3).stream("traffic.flow[0]");
        let mut y = Streams::new(3).stream("traffic.flow[1]");
        let (xs, ys): (Vec<f64>, Vec<f64>) = (0..n).map(|_| (x.next_f64(), y.next_f64())).unzip();
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let (mx, my) = (mean(&xs), mean(&ys));
        let cov: f64 = xs.iter().zip(&ys).map(|(a, b)| (a - mx) * (b - my)).sum::<f64>() / n as f64;
        let corr = cov / (1.0 / 12.0);
        // Standard error of a sample correlation is 1/sqrt(n) ~ 0.003; 5 sigma.
        assert!(corr.abs() < 0.016, "correlation {corr}");
        assert!((mx - 0.5).abs() < 0.005 && (my - 0.5).abs() < 0.005);
    }

    #[test]
    fn exponential_has_the_requested_mean_and_variance() {
        let mut s = Streams::new(11).stream("exp");
        let n = 200_000;
        let v: Vec<f64> = (0..n).map(|_| s.exponential(2.0)).collect();
        let m = v.iter().sum::<f64>() / n as f64;
        let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1) as f64;
        // Standard error of the mean: 2/sqrt(n) ~ 0.0045.
        assert!((m - 2.0).abs() < 0.025, "mean {m}");
        assert!((var - 4.0).abs() < 0.15, "variance {var}");
        assert!(v.iter().all(|x| x.is_finite() && *x >= 0.0));
    }

    #[test]
    fn xoshiro_matches_the_reference_step() {
        // Reference values from the C reference implementation (xoshiro256plusplus.c) with
        // state {1, 2, 3, 4}.
        let mut r = RngStream { s: [1, 2, 3, 4] };
        assert_eq!(r.next_u64(), 41943041);
        assert_eq!(r.next_u64(), 58720359);
        assert_eq!(r.next_u64(), 3588806011781223);
    }
}
