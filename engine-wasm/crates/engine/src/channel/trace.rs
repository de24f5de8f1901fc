//! A channel read from a time series (a measured or simulated trace) instead of a model: the
//! erasure of each link-layer data unit, or the Es/N0 its codeword saw, against time. Paper
//! 002's physical layer came from such traces (its §4.1, from CNES's simulator, its reference
//! [38]); they are not published, so SkyQueue reads any trace a user has in this format.
//!
//! # Format
//!
//! CSV text. Lines starting with `#` and blank lines are ignored. The first other line is the
//! header, naming two columns:
//!
//! - `t_s,erased`: each row a time [s] and an erasure probability in [0, 1] (0: the LLDUs sent
//!   from that time on arrive, 1: they are erased; between: each is erased with that
//!   probability);
//! - `t_s,es_n0_db`: each row a time [s] and the Es/N0 [dB] from that time on, read through the
//!   physical layer the scenario chooses (see the link-layer model).
//!
//! Then one row per sample: two numbers separated by a comma. The first time is 0; times
//! increase strictly, up to [`MAX_T_S`]. A sample holds from its time until the next one's
//! (sample and hold); the last holds as long as the one before it, so a trace of n rows spans
//! t_{n−1} + (t_{n−1} − t_{n−2}) seconds. Past its span the trace starts again from its first
//! row (it loops), so that a short trace can drive a long run. At least [`MIN_SAMPLES`] rows, at
//! most [`MAX_SAMPLES`], and at most [`MAX_CHARS`] characters in all.

use crate::channel::gilbert_elliott::{GeChannel, GeParams};
use crate::kernel::RngStream;
use crate::link::lldu::Erasures;

/// Most characters of a trace (4 MB, as a catalogue of element sets).
pub const MAX_CHARS: usize = 4_000_000;
/// Most samples of a trace.
pub const MAX_SAMPLES: usize = 200_000;
/// Fewest samples (two give the last sample's duration).
pub const MIN_SAMPLES: usize = 2;
/// Latest sample time [s] (about 116 days).
pub const MAX_T_S: f64 = 1e7;
/// Es/N0 samples are accepted within this range [dB].
pub const ES_N0_RANGE_DB: (f64, f64) = (-50.0, 80.0);

/// What a trace's second column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    /// `erased`: an erasure probability in [0, 1].
    Erased,
    /// `es_n0_db`: the Es/N0 [dB].
    EsN0Db,
}

impl TraceKind {
    /// The column's name in the header.
    pub fn column(self) -> &'static str {
        match self {
            TraceKind::Erased => "erased",
            TraceKind::EsN0Db => "es_n0_db",
        }
    }
}

/// A parsed trace.
#[derive(Clone, Debug, PartialEq)]
pub struct ChannelTrace {
    /// What the values are.
    pub kind: TraceKind,
    /// Sample times [s], from 0, increasing.
    pub t_s: Vec<f64>,
    /// Sample values (an erasure probability, or Es/N0 [dB]).
    pub values: Vec<f64>,
    /// The time the trace spans before it loops [s].
    pub span_s: f64,
}

impl ChannelTrace {
    /// Reads a trace; an error names the line (1-based) and the allowed range.
    pub fn parse(text: &str) -> Result<ChannelTrace, String> {
        if text.len() > MAX_CHARS {
            return Err(format!("{} characters, above the maximum {MAX_CHARS}", text.len()));
        }
        let mut kind = None;
        let (mut t_s, mut values) = (Vec::new(), Vec::new());
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = l.split(',').map(str::trim).collect();
            let Some(kind) = kind else {
                kind = match cols.as_slice() {
                    ["t_s", "erased"] => Some(TraceKind::Erased),
                    ["t_s", "es_n0_db"] => Some(TraceKind::EsN0Db),
                    _ => {
                        return Err(format!(
                            "line {line}: the header is `{}`; it must be `t_s,erased` or `t_s,es_n0_db`",
                            short(l)
                        ))
                    }
                };
                continue;
            };
            if cols.len() != 2 {
                return Err(format!(
                    "line {line}: {} columns; each row is two numbers, `t_s,{}`",
                    cols.len(),
                    kind.column()
                ));
            }
            let num = |s: &str, what: &str| -> Result<f64, String> {
                s.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("line {line}: {what} `{}` is not a number", short(s)))
            };
            let t = num(cols[0], "t_s")?;
            let v = num(cols[1], kind.column())?;
            match t_s.last() {
                None if t != 0.0 => return Err(format!("line {line}: the first time is {t} s; it must be 0")),
                Some(&prev) if t <= prev => {
                    return Err(format!(
                        "line {line}: time {t} s is not after the row before's {prev} s; times must increase"
                    ))
                }
                _ if t > MAX_T_S => return Err(format!("line {line}: time {t} s is outside 0 to {MAX_T_S} s")),
                _ => {}
            }
            match kind {
                TraceKind::Erased if !(0.0..=1.0).contains(&v) => {
                    return Err(format!("line {line}: erased {v} is outside 0 to 1"))
                }
                TraceKind::EsN0Db if !(ES_N0_RANGE_DB.0..=ES_N0_RANGE_DB.1).contains(&v) => {
                    return Err(format!(
                        "line {line}: es_n0_db {v} is outside {} to {} dB",
                        ES_N0_RANGE_DB.0, ES_N0_RANGE_DB.1
                    ))
                }
                _ => {}
            }
            if t_s.len() == MAX_SAMPLES {
                return Err(format!("line {line}: more than {MAX_SAMPLES} samples, the maximum"));
            }
            t_s.push(t);
            values.push(v);
        }
        let Some(kind) = kind else {
            return Err("no header: the first line must be `t_s,erased` or `t_s,es_n0_db`".into());
        };
        let n = t_s.len();
        if n < MIN_SAMPLES {
            return Err(format!("{n} samples; at least {MIN_SAMPLES} rows after the header"));
        }
        let span_s = 2.0 * t_s[n - 1] - t_s[n - 2];
        Ok(ChannelTrace { kind, t_s, values, span_s })
    }

    /// The index of the sample that holds at `t_s` (looped over the span).
    pub fn index_at(&self, t_s: f64) -> usize {
        let t = t_s.rem_euclid(self.span_s);
        self.t_s.partition_point(|&x| x <= t).saturating_sub(1)
    }

    /// The value that holds at `t_s`.
    pub fn at(&self, t_s: f64) -> f64 {
        self.values[self.index_at(t_s)]
    }
}

/// At most 40 characters of `s`, for a message.
fn short(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Walks a trace slot by slot (one link-layer data unit per slot of `slot_s`): which sample
/// holds at each slot's start, without searching (slots come in order).
#[derive(Clone, Debug)]
pub struct TraceCursor {
    t_s: Vec<f64>,
    span_s: f64,
    slot_s: f64,
    /// Slots stepped.
    slot: u64,
    /// The sample holding at the last slot.
    idx: usize,
}

impl TraceCursor {
    /// A cursor at slot 0 of `trace`.
    pub fn new(trace: &ChannelTrace, slot_s: f64) -> Self {
        TraceCursor { t_s: trace.t_s.clone(), span_s: trace.span_s, slot_s, slot: 0, idx: 0 }
    }

    /// The sample holding at the next slot's start; advances one slot.
    pub fn next_index(&mut self) -> usize {
        let t = (self.slot as f64 * self.slot_s).rem_euclid(self.span_s);
        self.slot += 1;
        if t < self.t_s[self.idx] {
            self.idx = 0; // looped
        }
        while self.idx + 1 < self.t_s.len() && self.t_s[self.idx + 1] <= t {
            self.idx += 1;
        }
        self.idx
    }
}

/// An erasure draw with probability `p`: no draw when the outcome is certain (0 or 1).
pub fn draw(p: f64, rng: &mut RngStream) -> bool {
    if p <= 0.0 {
        false
    } else if p >= 1.0 {
        true
    } else {
        rng.next_f64() < p
    }
}

/// How each sample of a trace erases the LLDUs sent while it holds.
#[derive(Clone, Debug)]
pub enum SampleErasures {
    /// Each LLDU is erased independently with the sample's probability (an `erased` trace, or
    /// an Es/N0 trace read through a code's waterfall).
    Probability(Vec<f64>),
    /// A Gilbert-Elliott chain whose parameters are the sample's (an Es/N0 trace read through a
    /// chain derived at each Es/N0); its state carries over from one sample to the next.
    Chain(Vec<GeParams>),
}

impl SampleErasures {
    /// Mean erasure probability of the LLDUs sent while sample `i` holds.
    pub fn rate(&self, i: usize) -> f64 {
        match self {
            SampleErasures::Probability(p) => p[i],
            SampleErasures::Chain(g) => g[i].erasure_rate(),
        }
    }

    /// Over a whole span of `trace`, weighting each sample by the time it holds: the mean
    /// erasure probability, and the mean run of erased LLDUs [slots of `slot_s`] (for
    /// probabilities, the mean run of samples at 1/2 or more, at least one slot; for chains,
    /// their mean Bad run). What the closed forms can be told about a trace.
    pub fn rate_and_burst(&self, trace: &ChannelTrace, slot_s: f64) -> (f64, f64) {
        let n = trace.t_s.len();
        let held = |i: usize| if i + 1 < n { trace.t_s[i + 1] - trace.t_s[i] } else { trace.span_s - trace.t_s[i] };
        let mut rate = 0.0;
        for i in 0..n {
            rate += self.rate(i) * held(i);
        }
        rate /= trace.span_s;
        let burst = match self {
            SampleErasures::Probability(p) => {
                let (mut bad_s, mut runs, mut prev) = (0.0, 0u64, false);
                for (i, &pi) in p.iter().enumerate() {
                    let bad = pi >= 0.5;
                    if bad {
                        bad_s += held(i);
                        runs += (!prev) as u64;
                    }
                    prev = bad;
                }
                if runs > 0 {
                    bad_s / runs as f64 / slot_s
                } else {
                    1.0
                }
            }
            SampleErasures::Chain(g) => {
                (0..n).map(|i| held(i) / (1.0 - g[i].beta).max(1e-9)).sum::<f64>() / trace.span_s
            }
        };
        (rate, burst.max(1.0))
    }
}

/// The erasures of a link whose channel is a trace: one call per LLDU slot of `slot_s`, from
/// time 0 (the link layer's [`Erasures`]). An LLDU is in the "Bad" state when its sample's
/// erasure probability is at least 1/2 (or, for chains, when the chain is Bad).
pub struct TracedErasures {
    cursor: TraceCursor,
    how: SampleErasures,
    chain: Option<GeChannel>,
    last: usize,
    rng: RngStream,
}

impl TracedErasures {
    /// The erasures of `trace` read as `how` says, drawn from `rng`.
    pub fn new(trace: &ChannelTrace, how: SampleErasures, slot_s: f64, rng: RngStream) -> Self {
        let (chain, rng) = match &how {
            SampleErasures::Chain(g) => (Some(GeChannel::new(g[0], rng.clone())), rng),
            SampleErasures::Probability(_) => (None, rng),
        };
        TracedErasures { cursor: TraceCursor::new(trace, slot_s), how, chain, last: 0, rng }
    }
}

impl Erasures for TracedErasures {
    fn next_lldu(&mut self) -> (bool, bool) {
        let i = self.cursor.next_index();
        match (&self.how, &mut self.chain) {
            (SampleErasures::Chain(g), Some(chain)) => {
                if i != self.last {
                    chain.set_params(g[i]);
                    self.last = i;
                }
                let erased = chain.next_erased();
                (chain.is_bad() == Some(true), erased)
            }
            (how, _) => {
                let p = how.rate(i);
                (p >= 0.5, draw(p, &mut self.rng))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_trace_and_holds_each_sample_until_the_next_then_loops() {
        let t = ChannelTrace::parse("# a fade\nt_s,erased\n0,0\n0.5,1\n0.75,0\n").unwrap();
        assert_eq!(t.kind, TraceKind::Erased);
        assert_eq!(t.t_s, vec![0.0, 0.5, 0.75]);
        assert_eq!(t.span_s, 1.0);
        assert_eq!(t.at(0.49), 0.0);
        assert_eq!(t.at(0.5), 1.0);
        assert_eq!(t.at(0.9), 0.0);
        assert_eq!(t.at(1.6), 1.0, "past the span it loops");
        // The cursor agrees with the search at every slot, through two loops.
        let mut c = TraceCursor::new(&t, 0.03);
        for k in 0..100u64 {
            assert_eq!(c.next_index(), t.index_at(k as f64 * 0.03), "slot {k}");
        }
    }

    #[test]
    fn refuses_bad_traces_naming_the_line_and_the_range() {
        let err = |s: &str| ChannelTrace::parse(s).unwrap_err();
        assert!(err("time,erased\n0,1\n").contains("line 1: the header is `time,erased`"));
        assert!(err("t_s,erased\n0,1\n0.1,x\n").contains("line 3: erased `x` is not a number"));
        assert!(err("t_s,erased\n0,1\n0.2,0\n0.1,0\n").contains("line 4: time 0.1 s is not after"));
        assert!(err("t_s,erased\n0,1\n0.2,0\n0.2,0\n").contains("times must increase"));
        assert!(err("t_s,erased\n0,1.5\n1,0\n").contains("line 2: erased 1.5 is outside 0 to 1"));
        assert!(err("t_s,es_n0_db\n0,100\n1,0\n").contains("outside -50 to 80 dB"));
        assert!(err("t_s,erased\n1,0\n2,0\n").contains("line 2: the first time is 1 s; it must be 0"));
        assert!(err("t_s,erased\n0,0,1\n").contains("line 2: 3 columns"));
        assert!(err("t_s,erased\n0,0\n").contains("at least 2 rows"));
        assert!(err("t_s,erased\n0,0\n2e7,1\n").contains("line 3: time 20000000 s is outside 0 to 10000000 s"));
        assert!(err("").contains("no header"));
        assert!(err("t_s,erased\n0,NaN\n1,0\n").contains("not a number"));
        let big = format!("t_s,erased\n{}", "0,0\n".repeat(MAX_CHARS / 4));
        assert!(err(&big).contains("above the maximum 4000000"));
        let many: String =
            std::iter::once("t_s,erased\n".to_string()).chain((0..=MAX_SAMPLES).map(|i| format!("{i},0\n"))).collect();
        assert!(err(&many).contains(&format!("line {}: more than {MAX_SAMPLES} samples", MAX_SAMPLES + 2)));
    }
}
