//! Metric time series with bounded memory.
//!
//! A [`Recorder`] cuts simulated time into buckets of a fixed width and keeps, per series, one
//! value per bucket. Closed buckets go two ways:
//!
//! - the **live queue**, drained by the UI (through the worker) 10 to 20 times a second. It is
//!   capped at [`MAX_PENDING_ROWS`]; if nobody drains it, the oldest rows are dropped and
//!   counted.
//! - the **archive** for the results file, at most `max_points` buckets: when it fills up,
//!   neighbouring buckets are merged pairwise and the bucket width doubles. Merging is exact
//!   (sums and weights add), so a long run is downsampled, never truncated.
//!
//! Bucket boundaries depend only on simulated time, and time averages are integrated in integer
//! arithmetic, so the values are the same however the run is cut into `advance_to` calls.
//!
//! # Packed layout of a drained frame
//!
//! [`SeriesFrame::packed`] flattens a frame into one `f64` array (a `Float64Array` in JS):
//!
//! ```text
//! [ n_rows, n_series, t_0 .. t_{n-1}, s0_0 .. s0_{n-1}, s1_0 .. s1_{n-1}, ... ]
//! ```
//!
//! `t_i` is the middle of bucket `i` [s]; `sk_i` is series `k`'s value there, NaN when the
//! bucket had no sample.

use crate::kernel::{SimTime, NS_PER_S};
use serde::Serialize;
use std::collections::VecDeque;

/// Most live rows held between two drains.
pub const MAX_PENDING_ROWS: usize = 100_000;

/// How a series turns what happened in a bucket into one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeriesKind {
    /// Mean of the samples taken in the bucket (e.g. waiting time of each packet).
    Mean,
    /// Time average of an integer level (e.g. queue length).
    TimeAverage,
    /// Events per second in the bucket (e.g. throughput).
    Rate,
    /// Sum of the samples per second of bucket (e.g. bits delivered -> bit rate).
    SumRate,
}

/// Name, label and unit of one series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeriesInfo {
    /// Stable identifier, e.g. `"queue_len"`.
    pub id: &'static str,
    /// Human label for legends.
    pub label: &'static str,
    /// Unit for axes, e.g. `"packets"`, `"ms"`.
    pub unit: &'static str,
    /// How bucket values are formed.
    pub kind: SeriesKind,
    /// Chart the series is drawn in; empty: the chart of its unit.
    pub chart: &'static str,
    /// Drawn as shading behind the chart's lines (a level in [0, 1], e.g. a priority state)
    /// rather than as a line.
    pub band: bool,
}

/// What one series accumulated in the open bucket.
#[derive(Clone, Copy, Default)]
struct Acc {
    sum: f64,
    n: u64,
    /// Integral of the level over the bucket [level x ns].
    integral: u128,
    level: u64,
    level_since: u64,
}

/// One closed bucket of every series: sums and weights, so that buckets merge exactly.
#[derive(Clone, Debug)]
struct Row {
    start: u64,
    width: u64,
    sums: Vec<f64>,
    weights: Vec<f64>,
}

impl Row {
    fn merge(&mut self, other: &Row) {
        self.width += other.width;
        for k in 0..self.sums.len() {
            self.sums[k] += other.sums[k];
            self.weights[k] += other.weights[k];
        }
    }
    fn mid_s(&self) -> f64 {
        (self.start as f64 + self.width as f64 / 2.0) / NS_PER_S as f64
    }
    fn value(&self, k: usize) -> f64 {
        if self.weights[k] > 0.0 {
            self.sums[k] / self.weights[k]
        } else {
            f64::NAN
        }
    }
}

/// A batch of series rows, as drained live or as kept in the archive.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeriesFrame {
    /// Bucket middles [s].
    pub t_s: Vec<f64>,
    /// `values[k][i]`: series `k` in bucket `i` (NaN, written as `null` in JSON, when empty).
    pub values: Vec<Vec<f64>>,
}

impl SeriesFrame {
    /// Number of rows.
    pub fn len(&self) -> usize {
        self.t_s.len()
    }
    /// Whether the frame has no rows.
    pub fn is_empty(&self) -> bool {
        self.t_s.is_empty()
    }
    /// The packed layout documented at the top of this module.
    pub fn packed(&self) -> Vec<f64> {
        let n = self.t_s.len();
        let mut out = Vec::with_capacity(2 + n * (1 + self.values.len()));
        out.push(n as f64);
        out.push(self.values.len() as f64);
        out.extend_from_slice(&self.t_s);
        for v in &self.values {
            out.extend_from_slice(v);
        }
        out
    }
    fn from_rows<'a>(rows: impl Iterator<Item = &'a Row>, n_series: usize) -> Self {
        let mut f = SeriesFrame { t_s: vec![], values: vec![vec![]; n_series] };
        for r in rows {
            f.t_s.push(r.mid_s());
            for k in 0..n_series {
                f.values[k].push(r.value(k));
            }
        }
        f
    }
}

/// Bounded archive of the whole run (see the module docs).
struct Archive {
    max_points: usize,
    /// Base buckets per archive bucket (a power of two).
    factor: u64,
    rows: Vec<Row>,
    open: Option<(Row, u64)>,
}

impl Archive {
    fn push(&mut self, row: Row) {
        let (acc, parts) = match self.open.take() {
            Some((mut acc, parts)) => {
                acc.merge(&row);
                (acc, parts + 1)
            }
            None => (row, 1),
        };
        if parts < self.factor {
            self.open = Some((acc, parts));
            return;
        }
        self.rows.push(acc);
        if self.rows.len() >= self.max_points {
            let odd = if self.rows.len() % 2 == 1 { self.rows.pop() } else { None };
            self.rows = self
                .rows
                .chunks(2)
                .map(|pair| {
                    let mut r = pair[0].clone();
                    r.merge(&pair[1]);
                    r
                })
                .collect();
            // An unpaired last bucket becomes the open one, half filled at the new width.
            self.open = odd.map(|r| (r, self.factor));
            self.factor *= 2;
        }
    }

    fn frame(&self, n_series: usize) -> SeriesFrame {
        SeriesFrame::from_rows(self.rows.iter().chain(self.open.as_ref().map(|(r, _)| r)), n_series)
    }

    fn width_ns(&self, base: u64) -> u64 {
        base * self.factor
    }
}

/// Records every series of one run; see the module docs.
pub struct Recorder {
    info: Vec<SeriesInfo>,
    width: u64,
    open_start: u64,
    acc: Vec<Acc>,
    pending: VecDeque<Row>,
    dropped_rows: u64,
    archive: Archive,
    finished: bool,
}

impl Recorder {
    /// A recorder of the series `info` in buckets of `width_ns` (at least 1), keeping at most
    /// `max_points` (at least 2) buckets in the archive.
    pub fn new(info: Vec<SeriesInfo>, width_ns: u64, max_points: usize) -> Self {
        let n = info.len();
        Recorder {
            info,
            width: width_ns.max(1),
            open_start: 0,
            acc: vec![Acc::default(); n],
            pending: VecDeque::new(),
            dropped_rows: 0,
            archive: Archive { max_points: max_points.max(2), factor: 1, rows: vec![], open: None },
            finished: false,
        }
    }

    /// The series recorded, in column order.
    pub fn info(&self) -> &[SeriesInfo] {
        &self.info
    }

    /// Adds a sample to series `k` at time `t` (a [`SeriesKind::Mean`] or
    /// [`SeriesKind::SumRate`] series).
    pub fn sample(&mut self, k: usize, t: SimTime, x: f64) {
        self.roll_to(t);
        let a = &mut self.acc[k];
        a.sum += x;
        a.n += 1;
    }

    /// Counts one event of series `k` at time `t` (a [`SeriesKind::Rate`] series).
    pub fn count(&mut self, k: usize, t: SimTime) {
        self.roll_to(t);
        self.acc[k].n += 1;
    }

    /// Sets the level of series `k` from time `t` on (a [`SeriesKind::TimeAverage`] series).
    pub fn set_level(&mut self, k: usize, t: SimTime, level: u64) {
        self.roll_to(t);
        let a = &mut self.acc[k];
        a.integral += a.level as u128 * (t.0 - a.level_since) as u128;
        a.level = level;
        a.level_since = t.0;
    }

    /// Closes every bucket that ends at or before `t`.
    pub fn roll_to(&mut self, t: SimTime) {
        while !self.finished && t.0 >= self.open_start.saturating_add(self.width) {
            let end = self.open_start + self.width;
            self.close_bucket(end);
        }
    }

    /// Closes the last, possibly partial, bucket at the end of the run `t`. Later calls are
    /// ignored.
    pub fn finish(&mut self, t: SimTime) {
        self.roll_to(t);
        if !self.finished && t.0 > self.open_start {
            self.close_bucket(t.0);
        }
        if let Some((row, _)) = self.archive.open.take() {
            self.archive.rows.push(row);
        }
        self.finished = true;
    }

    fn close_bucket(&mut self, end: u64) {
        let width = end - self.open_start;
        let width_s = width as f64 / NS_PER_S as f64;
        let n = self.info.len();
        let mut row = Row { start: self.open_start, width, sums: vec![0.0; n], weights: vec![0.0; n] };
        for (k, info) in self.info.iter().enumerate() {
            let a = &mut self.acc[k];
            match info.kind {
                SeriesKind::Mean => {
                    row.sums[k] = a.sum;
                    row.weights[k] = a.n as f64;
                }
                SeriesKind::Rate => {
                    row.sums[k] = a.n as f64;
                    row.weights[k] = width_s;
                }
                SeriesKind::SumRate => {
                    row.sums[k] = a.sum;
                    row.weights[k] = width_s;
                }
                SeriesKind::TimeAverage => {
                    let integral = a.integral + a.level as u128 * (end - a.level_since) as u128;
                    row.sums[k] = integral as f64;
                    row.weights[k] = width as f64;
                    a.level_since = end;
                }
            }
            a.sum = 0.0;
            a.n = 0;
            a.integral = 0;
        }
        self.open_start = end;
        if self.pending.len() >= MAX_PENDING_ROWS {
            self.pending.pop_front();
            self.dropped_rows += 1;
        }
        self.pending.push_back(row.clone());
        self.archive.push(row);
    }

    /// Rows closed since the last drain.
    pub fn drain(&mut self) -> SeriesFrame {
        let frame = SeriesFrame::from_rows(self.pending.iter(), self.info.len());
        self.pending.clear();
        frame
    }

    /// Live rows lost because nobody drained them in time.
    pub fn dropped_rows(&self) -> u64 {
        self.dropped_rows
    }

    /// The whole run so far, downsampled to at most `max_points` rows.
    pub fn archive(&self) -> SeriesFrame {
        self.archive.frame(self.info.len())
    }

    /// Current width of an archive bucket [s].
    pub fn archive_bucket_s(&self) -> f64 {
        self.archive.width_ns(self.width) as f64 / NS_PER_S as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> Vec<SeriesInfo> {
        vec![
            SeriesInfo {
                id: "level",
                label: "Level",
                unit: "x",
                kind: SeriesKind::TimeAverage,
                chart: "",
                band: false,
            },
            SeriesInfo { id: "mean", label: "Mean", unit: "x", kind: SeriesKind::Mean, chart: "", band: false },
            SeriesInfo { id: "rate", label: "Rate", unit: "1/s", kind: SeriesKind::Rate, chart: "", band: false },
        ]
    }

    #[test]
    fn buckets_hold_time_averages_means_and_rates() {
        let s = NS_PER_S;
        let mut r = Recorder::new(info(), s, 100);
        r.set_level(0, SimTime(0), 2);
        r.set_level(0, SimTime(s / 4), 6); // 2 for 0.25 s, 6 for 0.75 s: average 5
        r.sample(1, SimTime(s / 2), 10.0);
        r.sample(1, SimTime(s / 2), 20.0);
        r.count(2, SimTime(1));
        r.count(2, SimTime(2));
        r.count(2, SimTime(3));
        r.roll_to(SimTime(2 * s)); // second bucket: level 6 throughout, no samples
        let f = r.drain();
        assert_eq!(f.t_s, vec![0.5, 1.5]);
        assert_eq!(f.values[0], vec![5.0, 6.0]);
        assert_eq!(f.values[1][0], 15.0);
        assert!(f.values[1][1].is_nan());
        assert_eq!(f.values[2], vec![3.0, 0.0]);
        assert!(r.drain().is_empty());
        assert_eq!(f.packed()[..4], [2.0, 3.0, 0.5, 1.5]);
    }

    #[test]
    fn the_archive_downsamples_exactly_and_stays_bounded() {
        let mut r = Recorder::new(info(), 1000, 10);
        for i in 0..1000u64 {
            r.set_level(0, SimTime(i * 1000), i % 7);
            r.count(2, SimTime(i * 1000 + 1));
        }
        r.finish(SimTime(1_000_000));
        let a = r.archive();
        assert!(a.len() <= 10 && a.len() >= 5, "{} rows", a.len());
        // Exact merging: archive row j is the mean of base buckets [j f, (j + 1) f).
        let f = (r.archive_bucket_s() * 1e6).round() as usize;
        for (j, &v) in a.values[0].iter().enumerate() {
            let base: Vec<f64> = (j * f..((j + 1) * f).min(1000)).map(|i| (i % 7) as f64).collect();
            let expected = base.iter().sum::<f64>() / base.len() as f64;
            assert!((v - expected).abs() < 1e-12, "row {j}: {v} vs {expected}");
        }
        // Rate: 1 event per 1 µs bucket = 1e6 per second in every archive bucket.
        assert!(a.values[2].iter().all(|&v| (v - 1e6).abs() < 1e-6), "{:?}", a.values[2]);
    }

    #[test]
    fn values_do_not_depend_on_how_time_is_advanced() {
        let run = |step: u64| {
            let mut r = Recorder::new(info(), 7, 50);
            let mut out = SeriesFrame { t_s: vec![], values: vec![vec![]; 3] };
            for t in 0..1000u64 {
                if t % 3 == 0 {
                    r.set_level(0, SimTime(t), t % 5);
                }
                if t % step == 0 {
                    r.roll_to(SimTime(t));
                    let f = r.drain();
                    out.t_s.extend(f.t_s);
                    for k in 0..3 {
                        out.values[k].extend(f.values[k].iter().copied());
                    }
                }
            }
            r.finish(SimTime(1000));
            let f = r.drain();
            out.t_s.extend(f.t_s);
            for k in 0..3 {
                out.values[k].extend(f.values[k].iter().copied());
            }
            (format!("{:?}", out), format!("{:?}", r.archive()))
        };
        assert_eq!(run(1), run(13));
        assert_eq!(run(1), run(1000));
    }

    #[test]
    fn undrained_live_rows_are_capped() {
        let mut r = Recorder::new(info(), 1, 10);
        r.roll_to(SimTime(MAX_PENDING_ROWS as u64 + 5));
        assert_eq!(r.drain().len(), MAX_PENDING_ROWS);
        assert_eq!(r.dropped_rows(), 5);
    }
}
