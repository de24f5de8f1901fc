//! Measurements: time series for charts, summary statistics for results.

pub mod emodel;
pub mod series;
pub mod stats;

pub use series::{Recorder, SeriesFrame, SeriesInfo, SeriesKind};
pub use stats::{BatchMeans, LogHistogram, MeanCi, RunningStats};
