//! Summary statistics with bounded memory: running moments, log-linear histograms for
//! percentiles, and batch means for confidence intervals.

use crate::analytic::distributions::student_t_quantile;
use crate::kernel::SimTime;
use serde::Serialize;

/// Count, mean, variance (Welford's update), min and max of a stream of samples.
#[derive(Clone, Debug, Default)]
pub struct RunningStats {
    n: u64,
    mean: f64,
    m2: f64,
    min: f64,
    max: f64,
}

impl RunningStats {
    /// Adds one sample.
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        if self.n == 1 {
            self.min = x;
            self.max = x;
        } else {
            self.min = self.min.min(x);
            self.max = self.max.max(x);
        }
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }
    /// Number of samples.
    pub fn count(&self) -> u64 {
        self.n
    }
    /// Sample mean (NaN when empty).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.mean
        }
    }
    /// Unbiased sample variance (NaN with fewer than two samples).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            f64::NAN
        } else {
            self.m2 / (self.n - 1) as f64
        }
    }
    /// Smallest sample (NaN when empty).
    pub fn min(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.min
        }
    }
    /// Largest sample (NaN when empty).
    pub fn max(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.max
        }
    }
}

/// Sub-buckets per power of two: relative error of a percentile at most 2^-7 (0.8 %).
const SUB_BITS: u32 = 7;
const SUB: u64 = 1 << SUB_BITS;
const N_BUCKETS: usize = (2 * SUB + (63 - SUB_BITS as u64) * SUB) as usize;

/// Log-linear histogram of non-negative integers (HdrHistogram's layout): exact below 256,
/// then 128 linear sub-buckets per power of two. Fixed memory (about 60 kB) whatever the
/// number of samples or their range.
#[derive(Clone)]
pub struct LogHistogram {
    counts: Vec<u64>,
    n: u64,
    min: u64,
    max: u64,
}

impl Default for LogHistogram {
    fn default() -> Self {
        LogHistogram { counts: vec![0; N_BUCKETS], n: 0, min: u64::MAX, max: 0 }
    }
}

impl LogHistogram {
    fn index(v: u64) -> usize {
        if v < 2 * SUB {
            return v as usize;
        }
        let e = 63 - v.leading_zeros();
        let shift = e - SUB_BITS;
        let mantissa = v >> shift; // in [SUB, 2 SUB)
        (2 * SUB + (shift as u64 - 1) * SUB + (mantissa - SUB)) as usize
    }

    /// Smallest value and width of bucket `i`.
    fn bounds(i: usize) -> (u64, u64) {
        let i = i as u64;
        if i < 2 * SUB {
            return (i, 1);
        }
        let shift = (i - 2 * SUB) / SUB + 1;
        let mantissa = (i - 2 * SUB) % SUB + SUB;
        (mantissa << shift, 1 << shift)
    }

    /// Adds one sample.
    pub fn record(&mut self, v: u64) {
        self.counts[Self::index(v)] += 1;
        self.n += 1;
        self.min = self.min.min(v);
        self.max = self.max.max(v);
    }

    /// Number of samples.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The `q`-quantile (0 <= q <= 1) by nearest rank, as the middle of its bucket clamped to
    /// the observed range (exact for the smallest and largest rank); `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<u64> {
        if self.n == 0 {
            return None;
        }
        let q = if q.is_nan() { 0.5 } else { q.clamp(0.0, 1.0) };
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n);
        // The extremes are known exactly.
        if rank == 1 {
            return Some(self.min);
        }
        if rank == self.n {
            return Some(self.max);
        }
        let mut seen = 0;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                let (lo, width) = Self::bounds(i);
                let mid = lo + (width - 1) / 2;
                return Some(mid.clamp(self.min, self.max));
            }
        }
        Some(self.max)
    }
}

/// Batch means over a fixed time window: the window is cut into `batches` equal spans, each
/// sample goes to the span it falls in, and the spread of the span means gives a confidence
/// interval for the mean that accounts for the correlation between successive samples
/// (Law & Kelton, Simulation Modeling and Analysis, 5th ed., §9.5.3).
#[derive(Clone, Debug)]
pub struct BatchMeans {
    start: SimTime,
    end: SimTime,
    sums: Vec<f64>,
    counts: Vec<u64>,
}

/// A mean with its confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MeanCi {
    /// Mean of all samples.
    pub mean: f64,
    /// Half-width of the 95 % confidence interval (Student t over batch means); NaN if fewer
    /// than two batches have samples.
    pub ci95_half: f64,
    /// Batches that held at least one sample.
    pub batches: u32,
}

impl BatchMeans {
    /// Batches over `[start, end)`.
    pub fn new(start: SimTime, end: SimTime, batches: u32) -> Self {
        let b = batches.max(1) as usize;
        BatchMeans { start, end, sums: vec![0.0; b], counts: vec![0; b] }
    }

    /// Adds sample `x` taken at time `t`; samples outside the window are ignored.
    pub fn push(&mut self, t: SimTime, x: f64) {
        if t < self.start || t >= self.end {
            return;
        }
        let span = (self.end.0 - self.start.0) as u128;
        let i = ((t.0 - self.start.0) as u128 * self.sums.len() as u128 / span) as usize;
        self.sums[i] += x;
        self.counts[i] += 1;
    }

    /// Mean of every sample and the 95 % confidence half-width from the batch means.
    pub fn estimate(&self) -> MeanCi {
        let total: u64 = self.counts.iter().sum();
        let mean = if total == 0 { f64::NAN } else { self.sums.iter().sum::<f64>() / total as f64 };
        let mut bm = RunningStats::default();
        for (s, &c) in self.sums.iter().zip(&self.counts) {
            if c > 0 {
                bm.push(s / c as f64);
            }
        }
        MeanCi { mean, ci95_half: ci95_half(&bm), batches: bm.count() as u32 }
    }
}

/// Half-width of the 95 % confidence interval of the mean of `s`'s samples, taken as independent
/// and normal: Student t with n - 1 degrees of freedom times the standard error; NaN below two
/// samples. Batch means ([`BatchMeans::estimate`]) and the mean over a sweep's seeds
/// ([`mean_ci95`]) both use it.
fn ci95_half(s: &RunningStats) -> f64 {
    let k = s.count();
    if k < 2 {
        f64::NAN
    } else {
        student_t_quantile(0.975, (k - 1) as f64) * (s.variance() / k as f64).sqrt()
    }
}

/// The mean of a set of independent samples, with its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SampleMeanCi {
    /// Mean of the finite samples (NaN without any).
    pub mean: f64,
    /// Half-width of the 95 % confidence interval (Student t); NaN below two finite samples.
    pub half: f64,
    /// Finite samples.
    pub n: u64,
}

/// Mean and 95 % confidence interval of the finite values of `xs` (a run that did not measure a
/// metric gives NaN, left out): the bars of a sweep's curves over its seeds. The one
/// implementation behind the app's sweep charts (wasm `meanCi`), the Python package's
/// `skyqueue.mean_ci` and so the exported notebook's bars; `tests/fixtures/mean-ci.json` holds
/// cases every front end is checked against.
pub fn mean_ci95(xs: impl IntoIterator<Item = f64>) -> SampleMeanCi {
    let mut s = RunningStats::default();
    for x in xs.into_iter().filter(|x| x.is_finite()) {
        s.push(x);
    }
    SampleMeanCi { mean: s.mean(), half: ci95_half(&s), n: s.count() }
}

/// Jain's fairness index (Σx)² / (n Σx²) of `xs` (Jain 1991, paper 003 §VII): 1 when all are
/// equal, 1/n when one takes everything; 1 for an empty or all-zero list.
pub fn jain_index(xs: &[f64]) -> f64 {
    let (sum, sq) = xs.iter().fold((0.0, 0.0), |(a, b), &x| (a + x, b + x * x));
    if sq > 0.0 {
        sum * sum / (xs.len() as f64 * sq)
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    /// A fixture number: null is NaN, a string a float's name (`inf`).
    fn fixture_number(v: &serde_json::Value) -> f64 {
        match v {
            serde_json::Value::Number(n) => n.as_f64().unwrap(),
            serde_json::Value::String(s) => s.parse().unwrap(),
            _ => f64::NAN,
        }
    }

    #[test]
    fn mean_ci95_matches_the_fixture_every_front_end_is_checked_against() {
        let text = include_str!("../../tests/fixtures/mean-ci.json");
        let fixture: serde_json::Value = serde_json::from_str(text).unwrap();
        let cases = fixture["cases"].as_array().unwrap();
        assert!(cases.len() >= 6);
        for c in cases {
            let name = c["name"].as_str().unwrap();
            let xs: Vec<f64> = c["samples"].as_array().unwrap().iter().map(fixture_number).collect();
            let got = mean_ci95(xs);
            assert_eq!(got.n, c["n"].as_u64().unwrap(), "{name}");
            for (what, got, want) in [("mean", got.mean, &c["mean"]), ("half", got.half, &c["half"])] {
                let want = fixture_number(want);
                if want.is_nan() {
                    assert!(got.is_nan(), "{name}: {what} {got}, not NaN");
                } else {
                    assert!((got - want).abs() <= 1e-6 * want.abs().max(1e-12), "{name}: {what} {got}, want {want}");
                }
            }
        }
    }

    #[test]
    fn jains_index_by_hand() {
        assert_eq!(super::jain_index(&[5.0, 5.0]), 1.0);
        assert_eq!(super::jain_index(&[1.0, 0.0]), 0.5);
        // 780 and 220 kb/s: 1e6 / (2 · (608 400 + 48 400)) = 0.7613.
        assert!((super::jain_index(&[780.0, 220.0]) - 0.76127).abs() < 1e-5);
    }

    use super::*;

    #[test]
    fn welford_matches_two_pass() {
        let xs = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0];
        let mut s = RunningStats::default();
        xs.iter().for_each(|&x| s.push(x));
        let m = xs.iter().sum::<f64>() / 8.0;
        let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / 7.0;
        assert!((s.mean() - m).abs() < 1e-12 && (s.variance() - v).abs() < 1e-12);
        assert_eq!((s.min(), s.max(), s.count()), (1.0, 9.0, 8));
        assert!(RunningStats::default().mean().is_nan());
    }

    #[test]
    fn histogram_buckets_round_trip() {
        for v in [0u64, 1, 255, 256, 257, 1000, 123_456_789, u64::MAX / 3, u64::MAX] {
            let i = LogHistogram::index(v);
            assert!(i < N_BUCKETS);
            let (lo, w) = LogHistogram::bounds(i);
            assert!(lo <= v && v - lo < w, "{v}: bucket [{lo}, +{w})");
            assert!(w == 1 || (w as f64) / (lo as f64) <= 1.0 / SUB as f64 + 1e-12);
        }
    }

    #[test]
    fn histogram_quantiles_are_within_the_stated_error() {
        let mut h = LogHistogram::default();
        for v in 1..=100_000u64 {
            h.record(v * 1000);
        }
        for (q, exact) in [(0.5, 50_000_000.0), (0.95, 95_000_000.0), (0.99, 99_000_000.0), (1.0, 100_000_000.0)] {
            let got = h.quantile(q).unwrap() as f64;
            assert!((got / exact - 1.0).abs() <= 1.0 / SUB as f64, "q {q}: {got} vs {exact}");
        }
        assert_eq!(h.quantile(0.0), Some(1000));
        assert_eq!(LogHistogram::default().quantile(0.5), None);
    }

    #[test]
    fn batch_means_of_iid_samples_cover_the_mean() {
        // 200 independent experiments of 20 batches of uniform samples: the 95 % interval must
        // cover the true mean 0.5 in close to 95 % of them (binomial sd ~1.5 %).
        let mut covered = 0;
        for seed in 0..200 {
            let mut rng = crate::kernel::Streams::new(seed).stream("batch-test");
            let mut b = BatchMeans::new(SimTime(0), SimTime(1000), 20);
            for t in 0..1000 {
                b.push(SimTime(t), rng.next_f64());
            }
            let e = b.estimate();
            assert_eq!(e.batches, 20);
            if (e.mean - 0.5).abs() <= e.ci95_half {
                covered += 1;
            }
        }
        assert!((180..=199).contains(&covered), "covered {covered}/200");
    }
}
