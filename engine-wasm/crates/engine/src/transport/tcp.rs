//! A TCP sender and receiver at segment granularity: slow start with IW 10, congestion
//! avoidance through [`CongestionControl`], SACK-based loss recovery (RFC 6675, simplified:
//! DupThresh 3, pipe, holes retransmitted first, several losses per window), RTO per RFC 6298
//! with Karn's rule applied through timestamps (RFC 7323), and a receiver window. Sequence
//! numbers count whole segments of `mss` bytes. No clock is read: every call gets `now`, in the
//! kernel's integer time; [`TcpFlow`] is a sender and its receiver as a
//! [`super::TransportFlow`].

use super::congestion::{AnyCc, CcKind, CongestionControl};
use super::{Feedback, FlowStats, Segment, TransportFlow};
use crate::kernel::{SimDuration, SimTime};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// An acknowledgement.
#[derive(Clone, Debug, PartialEq)]
pub struct Ack {
    /// Next segment expected (cumulative).
    pub cum: u64,
    /// Up to 3 SACK blocks [start, end) (RFC 2018), most recent first.
    pub sack: Vec<(u64, u64)>,
    /// Echo of the timestamp of the segment that triggered this ACK.
    pub ts_echo: SimTime,
}

/// Per-segment state at the sender.
#[derive(Clone, Copy, Debug, Default)]
struct SegState {
    sacked: bool,
    retransmitted: bool,
    lost: bool,
    /// snd_nxt when this segment was last retransmitted (for the lost-retransmission rule).
    rtx_nxt: u64,
}

impl SegState {
    /// What it adds to RFC 6675's pipe: one while not SACKed and not lost, one more for a
    /// retransmission in flight.
    fn pipe(&self) -> usize {
        (!self.sacked) as usize * ((!self.lost) as usize + self.retransmitted as usize)
    }

    /// Lost, not SACKed, not yet retransmitted: a hole to send again.
    fn hole(&self) -> bool {
        self.lost && !self.sacked && !self.retransmitted
    }
}

/// RTO bounds (RFC 6298 §2.4: at least 1 s; at most 60 s).
const RTO_MIN: SimDuration = SimDuration(1_000_000_000);
const RTO_MAX: SimDuration = SimDuration(60_000_000_000);
/// Clock granularity G of RFC 6298 (2.2)-(2.3): 1 ms.
const CLOCK_G: SimDuration = SimDuration(1_000_000);
const DUP_THRESH: usize = 3;

/// The sending side of one flow.
pub struct TcpSender {
    cc: AnyCc,
    /// Congestion window [segments].
    pub cwnd: f64,
    /// Slow-start threshold [segments].
    pub ssthresh: f64,
    snd_una: u64,
    snd_nxt: u64,
    segs: VecDeque<SegState>,
    /// Segments in `segs` SACKed or marked lost (a retransmitted one is lost too): while none
    /// is, the pipe is every outstanding segment and no loss can be found, so the per-ACK scans
    /// of the scoreboard are skipped.
    flagged: usize,
    /// The scoreboard's sums, kept as it changes so that an ACK costs a few lookups however
    /// large the window (thousands of segments behind 1,000-packet queues), with the same
    /// outcome as RFC 6675's scans of every segment: the pipe ...
    pipe_n: usize,
    /// ... the holes (absolute sequence numbers), lowest first ...
    holes: BTreeSet<u64>,
    /// ... the SACKed segments as maximal runs, start -> end (runs below `snd_una` may linger
    /// until pruned) ...
    sacked_runs: BTreeMap<u64, u64>,
    /// ... the point below which every segment not SACKed is marked lost ...
    marked_to: u64,
    /// ... and, with `lost_retransmit`, the retransmissions in flight as (snd_nxt when sent,
    /// segment), in the order sent, so with snd_nxt rising (entries go stale when their
    /// segment is acknowledged, SACKed or sent again).
    rtx_flight: VecDeque<(u64, u64)>,
    recovery: Option<u64>,
    /// After a timeout: segments below this point were sent before it, so their losses must
    /// not cut the window again; the window grows by slow start meanwhile (RFC 5681 §3.1).
    rto_point: Option<u64>,
    /// RFC 6675 §5 (4.3): on entering recovery the first lost segment goes out at once,
    /// whatever the pipe.
    fast_retransmit: bool,
    /// The RFC 6298 estimator: SRTT, RTTVAR and RTO, in integer nanoseconds like every
    /// instant (send times, echoes, the timer), each update rounded to the nearest nanosecond.
    srtt: Option<SimDuration>,
    rttvar: SimDuration,
    rto: SimDuration,
    /// Lower bound of the RTO (RFC 6298 (2.4): 1 s; ns-2's `minrto_` and Linux: 200 ms).
    rto_min: SimDuration,
    rto_deadline: Option<SimTime>,
    /// ns-2 TCP-Linux's rate halving through recovery (`tcp-linux.cc`, `next_pkts_in_flight_`):
    /// on entering recovery the limit on segments in flight starts at the window before the cut
    /// and falls by one for every two ACKs, down to the new window, instead of dropping to it at
    /// once (RFC 6675). Off by default.
    rate_halving: bool,
    /// The rate-halving limit on segments in flight (0 when not halving).
    next_in_flight: f64,
    /// Restart the retransmission timer on every ACK, duplicates included, as ns-2's TCP-Linux
    /// agent does (`LinuxTcpAgent::time_processing`, `renew_timer`), instead of only on ACKs of
    /// new data (RFC 6298 (5.3)). Off by default.
    rto_on_every_ack: bool,
    /// Detect a lost retransmission from SACKs, as ns-2's TCP-Linux scoreboard does
    /// (`scoreboard1.cc`, `UpdateScoreBoard`: a retransmitted segment is lost again once a
    /// segment first sent after it is SACKed, `GetSndNxt() <= fack_`; Linux's
    /// `tcp_mark_lost_retrans`): it becomes a hole to retransmit again, without a new cut of the
    /// window. RFC 6675 leaves such a loss to the RTO. Off by default.
    lost_retransmit: bool,
    /// One past the highest SACKed segment (0 before any SACK).
    sack_high: u64,
    /// HyStart's delay-increase exit from slow start (RFC 9406 §4.2), as Linux's CUBIC has it:
    /// when a round's minimum RTT (of at least 8 samples) exceeds the previous round's by
    /// clamp(previous / 8, 4 ms, 16 ms), ssthresh is set to cwnd (Linux leaves slow start there;
    /// RFC 9406's conservative slow start is not modelled). Off by default.
    hystart: bool,
    /// HyStart's round: it ends when snd_una passes this; the previous round's minimum RTT, this
    /// round's, and this round's sample count.
    hs_window_end: u64,
    hs_last_min: Option<u64>,
    hs_cur_min: u64,
    hs_samples: u32,
    /// Segments the application has to send (`u64::MAX` for a bulk transfer).
    pub total_segments: u64,
    /// Receiver window [segments]: the sender never has more outstanding, and the congestion
    /// window never grows past it (Linux's `snd_cwnd_clamp`).
    pub rwnd: f64,
    /// Counters.
    pub retransmits: u64,
    /// Timeouts so far.
    pub timeouts: u64,
}

impl TcpSender {
    /// A sender of `total_segments` (bulk: `u64::MAX`) with initial window `iw` (IW 10).
    pub fn new(kind: CcKind, iw: f64, total_segments: u64, rwnd: f64) -> Self {
        TcpSender {
            cc: AnyCc::new(kind),
            cwnd: iw,
            ssthresh: f64::INFINITY,
            snd_una: 0,
            snd_nxt: 0,
            segs: VecDeque::new(),
            flagged: 0,
            pipe_n: 0,
            holes: BTreeSet::new(),
            sacked_runs: BTreeMap::new(),
            marked_to: 0,
            rtx_flight: VecDeque::new(),
            recovery: None,
            rto_point: None,
            fast_retransmit: false,
            srtt: None,
            rttvar: SimDuration::ZERO,
            rto: RTO_MIN,
            rto_min: RTO_MIN,
            rto_deadline: None,
            rate_halving: false,
            next_in_flight: 0.0,
            rto_on_every_ack: false,
            lost_retransmit: false,
            sack_high: 0,
            hystart: false,
            hs_window_end: 0,
            hs_last_min: None,
            hs_cur_min: u64::MAX,
            hs_samples: 0,
            total_segments,
            rwnd,
            retransmits: 0,
            timeouts: 0,
        }
    }

    /// The same sender with another lower bound of the RTO than RFC 6298's 1 s (the initial
    /// RTO stays 1 s, RFC 6298 (2.1)).
    pub fn with_min_rto(mut self, min: SimDuration) -> Self {
        self.rto_min = min.min(RTO_MAX);
        self
    }

    /// The same sender, if it runs CUBIC, with `beta` as CUBIC's multiplicative decrease
    /// (RFC 8312's 0.7 by default; paper 002 §5's Linux: 0.8). To be called before it sends.
    pub fn with_cubic_beta(mut self, beta: f64) -> Self {
        if let AnyCc::Cubic(_) = self.cc {
            self.cc = AnyCc::Cubic(super::congestion::Cubic::with_beta(beta));
        }
        self
    }

    /// The same sender with ns-2 TCP-Linux's rate halving through recovery (see the field).
    pub fn with_rate_halving(mut self, on: bool) -> Self {
        self.rate_halving = on;
        self
    }

    /// The same sender restarting its retransmission timer on every ACK (see the field).
    pub fn with_rto_on_every_ack(mut self, on: bool) -> Self {
        self.rto_on_every_ack = on;
        self
    }

    /// The same sender detecting lost retransmissions from SACKs (see the field). To be called
    /// before it sends: only the retransmissions made while it is on are watched.
    pub fn with_lost_retransmit(mut self, on: bool) -> Self {
        self.lost_retransmit = on;
        self
    }

    /// The same sender with HyStart's delay-increase exit from slow start (see the field).
    pub fn with_hystart(mut self, on: bool) -> Self {
        self.hystart = on;
        self
    }

    /// Lowest unacknowledged segment.
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }

    /// Whether every segment has been acknowledged.
    pub fn done(&self) -> bool {
        self.snd_una >= self.total_segments
    }

    /// When the retransmission timer fires, if armed.
    pub fn rto_deadline(&self) -> Option<SimTime> {
        self.rto_deadline
    }

    /// Smoothed RTT, if measured.
    pub fn srtt(&self) -> Option<SimDuration> {
        self.srtt
    }

    /// The retransmission timeout now.
    pub fn rto(&self) -> SimDuration {
        self.rto
    }

    /// The timer's deadline if armed at `now`: RTO later.
    fn deadline_from(&self, now: SimTime) -> SimTime {
        now + self.rto
    }

    /// RFC 6675 "pipe": segments believed in flight.
    fn pipe(&self) -> f64 {
        self.pipe_n as f64
    }

    /// Segment `seq` (outstanding) changes from `before` to its state now: the sums follow.
    fn changed(&mut self, seq: u64, before: SegState) {
        let after = self.segs[(seq - self.snd_una) as usize];
        self.pipe_n = self.pipe_n + after.pipe() - before.pipe();
        match (before.hole(), after.hole()) {
            (false, true) => {
                self.holes.insert(seq);
            }
            (true, false) => {
                self.holes.remove(&seq);
            }
            _ => {}
        }
    }

    /// Sends segment `seq`, a hole, again.
    fn retransmit(&mut self, seq: u64, now: SimTime, out: &mut Vec<Segment>) {
        let i = (seq - self.snd_una) as usize;
        let before = self.segs[i];
        self.segs[i].retransmitted = true;
        self.segs[i].rtx_nxt = self.snd_nxt;
        self.changed(seq, before);
        if self.lost_retransmit {
            self.rtx_flight.push_back((self.snd_nxt, seq));
        }
        self.retransmits += 1;
        out.push(Segment { seq, ts: now });
    }

    /// Marks the outstanding segments of [lo, hi) SACKed; returns how many were not before.
    fn mark_sacked(&mut self, lo: u64, hi: u64) -> u64 {
        let mut newly = 0;
        let mut x = lo;
        while x < hi {
            if let Some((_, &end)) = self.sacked_runs.range(..=x).next_back().filter(|&(_, &end)| end > x) {
                x = end;
                continue;
            }
            let gap_end = self.sacked_runs.range(x + 1..).next().map_or(hi, |(&start, _)| start.min(hi));
            for seq in x..gap_end {
                let i = (seq - self.snd_una) as usize;
                let before = self.segs[i];
                self.flagged += !before.lost as usize;
                self.segs[i].sacked = true;
                self.changed(seq, before);
                newly += 1;
            }
            x = gap_end;
        }
        // The runs touching [lo, hi) merge with it.
        let mut start = lo;
        let mut end = hi;
        if let Some((&s, &e)) = self.sacked_runs.range(..=lo).next_back().filter(|&(_, &e)| e >= lo) {
            start = s;
            end = end.max(e);
        }
        while let Some((&s, &e)) = self.sacked_runs.range(start..=end).next() {
            self.sacked_runs.remove(&s);
            end = end.max(e);
        }
        self.sacked_runs.insert(start, end);
        newly
    }

    /// The sums recomputed from every segment: what they must equal after each call (checked
    /// in debug builds while the window is small enough to scan at every ACK).
    #[cfg(debug_assertions)]
    fn check_sums(&self) {
        if self.segs.len() > 256 {
            return;
        }
        let base = self.snd_una;
        let pipe: usize = self.segs.iter().map(SegState::pipe).sum();
        let holes: BTreeSet<u64> =
            self.segs.iter().enumerate().filter(|(_, s)| s.hole()).map(|(i, _)| base + i as u64).collect();
        let sacked: Vec<u64> =
            self.segs.iter().enumerate().filter(|(_, s)| s.sacked).map(|(i, _)| base + i as u64).collect();
        let in_runs: Vec<u64> =
            self.sacked_runs.iter().flat_map(|(&a, &b)| a.max(base)..b.min(self.snd_nxt).max(a.max(base))).collect();
        assert_eq!(self.pipe_n, pipe, "the pipe");
        assert_eq!(self.holes, holes, "the holes");
        assert_eq!(in_runs, sacked, "the SACKed runs");
        assert_eq!(self.flagged, self.segs.iter().filter(|s| s.sacked || s.lost).count(), "the flagged segments");
    }

    /// Segments to send now (retransmissions of lost holes first, then new data), within the
    /// congestion and receiver windows. Arms the RTO timer.
    pub fn poll_send(&mut self, now: SimTime) -> Vec<Segment> {
        let mut out = vec![];
        debug_assert!(self.cwnd.is_finite() && self.cwnd >= 1.0, "cwnd {} ssthresh {}", self.cwnd, self.ssthresh);
        let window = self.cwnd.min(self.rwnd);
        if std::mem::take(&mut self.fast_retransmit) {
            if let Some(&seq) = self.holes.first() {
                self.retransmit(seq, now, &mut out);
            }
        }
        let mut pipe = self.pipe();
        // Rate halving (ns-2 `LinuxTcpAgent::send_much`): the limit follows the segments in
        // flight down, one for every two ACKs, while it is above the window.
        let mut next = self.next_in_flight;
        if next > 0.0 {
            next = next.min(pipe + 1.0);
        }
        loop {
            if pipe >= window.floor().max(1.0).max(next) {
                break;
            }
            // A lost, not yet retransmitted hole?
            if let Some(&seq) = self.holes.first() {
                self.retransmit(seq, now, &mut out);
            } else {
                if self.snd_nxt >= self.total_segments {
                    break;
                }
                self.segs.push_back(SegState::default());
                self.pipe_n += 1;
                out.push(Segment { seq: self.snd_nxt, ts: now });
                self.snd_nxt += 1;
            }
            pipe += 1.0;
            if next > 0.0 {
                next = next.min((pipe - 1.0).max(1.0));
            }
        }
        self.next_in_flight = next;
        if !out.is_empty() && self.rto_deadline.is_none() {
            self.rto_deadline = Some(self.deadline_from(now));
        }
        #[cfg(debug_assertions)]
        self.check_sums();
        out
    }

    /// Processes an ACK at `now`.
    pub fn on_ack(&mut self, ack: &Ack, now: SimTime) {
        // RTT sample from the timestamp echo (valid for retransmissions too, RFC 7323 §4).
        let sample = (ack.ts_echo <= now).then(|| now.saturating_since(ack.ts_echo));
        if let Some(SimDuration(r)) = sample {
            // RFC 6298 (2.2)-(2.3) in nanoseconds, each division rounded to the nearest.
            let div = |x: u64, d: u64| (x + d / 2) / d;
            match self.srtt {
                None => {
                    self.srtt = Some(SimDuration(r));
                    self.rttvar = SimDuration(div(r, 2));
                }
                Some(SimDuration(s)) => {
                    self.rttvar = SimDuration(div(3 * self.rttvar.0 + s.abs_diff(r), 4));
                    self.srtt = Some(SimDuration(div(7 * s + r, 8)));
                }
            }
            let srtt = self.srtt.unwrap_or(RTO_MIN);
            self.rto = SimDuration(srtt.0 + (4 * self.rttvar.0).max(CLOCK_G.0)).clamp(self.rto_min, RTO_MAX);
            // RFC 9406 §4.2: N_RTT_SAMPLE 8, MIN_RTT_THRESH 4 ms, MAX_RTT_THRESH 16 ms,
            // MIN_RTT_DIVISOR 8.
            if self.hystart && self.cwnd < self.ssthresh && self.recovery.is_none() && self.rto_point.is_none() {
                self.hs_cur_min = self.hs_cur_min.min(r);
                self.hs_samples += 1;
                if let Some(last) = self.hs_last_min {
                    let thresh = (last / 8).clamp(4_000_000, 16_000_000);
                    if self.hs_samples >= 8 && self.hs_cur_min >= last + thresh {
                        self.ssthresh = self.cwnd;
                    }
                }
            }
        }
        // SACK blocks mark segments; segments newly SACKed or acknowledged are delivered.
        let mut delivered = 0u64;
        for &(a, b) in &ack.sack {
            if b <= self.snd_nxt && a < b {
                self.sack_high = self.sack_high.max(b);
            }
            let (lo, hi) = (a.max(self.snd_una), b.min(self.snd_nxt));
            if lo < hi {
                delivered += self.mark_sacked(lo, hi);
            }
        }
        let newly = ack.cum.saturating_sub(self.snd_una).min(self.segs.len() as u64);
        for _ in 0..newly {
            if let Some(s) = self.segs.pop_front() {
                self.flagged -= (s.sacked || s.lost) as usize;
                self.pipe_n -= s.pipe();
                if s.hole() {
                    self.holes.remove(&self.snd_una);
                }
                delivered += !s.sacked as u64;
            }
            self.snd_una += 1;
        }
        while let Some((&start, &end)) = self.sacked_runs.first_key_value() {
            if end > self.snd_una {
                break;
            }
            self.sacked_runs.remove(&start);
        }
        self.cc.on_delivered(delivered as f64, now, sample);
        // A HyStart round ends when the data sent at its start is acknowledged.
        if self.hystart && self.snd_una >= self.hs_window_end {
            if self.hs_samples > 0 {
                self.hs_last_min = Some(self.hs_cur_min);
            }
            self.hs_cur_min = u64::MAX;
            self.hs_samples = 0;
            self.hs_window_end = self.snd_nxt.max(self.snd_una + 1);
        }
        // Losses: a segment with DupThresh SACKed segments above it (RFC 6675 IsLost): every
        // segment not SACKed below the DupThresh-th SACKed one from the top, found from the
        // runs; those below `marked_to` were marked before.
        let mut new_loss = false;
        let mut above = 0u64;
        let mut threshold = None;
        for (&start, &end) in self.sacked_runs.iter().rev() {
            let (start, end) = (start.max(self.snd_una), end.min(self.snd_nxt));
            if start >= end {
                break;
            }
            if above + (end - start) >= DUP_THRESH as u64 {
                threshold = Some(end - (DUP_THRESH as u64 - above));
                break;
            }
            above += end - start;
        }
        if let Some(threshold) = threshold {
            for seq in self.marked_to.max(self.snd_una)..threshold {
                let i = (seq - self.snd_una) as usize;
                let before = self.segs[i];
                if !before.sacked && !before.lost {
                    self.segs[i].lost = true;
                    self.flagged += 1;
                    self.changed(seq, before);
                    new_loss = true;
                }
            }
            self.marked_to = self.marked_to.max(threshold);
        }
        // A retransmission is lost once a segment first sent after it is SACKed.
        while let Some(&(rtx_nxt, seq)) = self.rtx_flight.front() {
            if rtx_nxt >= self.sack_high {
                break;
            }
            self.rtx_flight.pop_front();
            if seq < self.snd_una {
                continue;
            }
            let i = (seq - self.snd_una) as usize;
            let before = self.segs[i];
            if !before.sacked && before.retransmitted && before.rtx_nxt < self.sack_high {
                self.segs[i].retransmitted = false;
                self.changed(seq, before);
            }
        }
        #[cfg(debug_assertions)]
        self.check_sums();
        // RFC 5681 FlightSize: outstanding segments.
        let flight = (self.snd_nxt - self.snd_una) as f64;
        if self.rto_point.is_some_and(|p| self.snd_una >= p) {
            self.rto_point = None;
        }
        if self.rto_point.is_some() {
            // Slow start after a timeout; holes found by SACK are retransmitted, no new cut.
            if newly > 0 {
                let srtt = self.srtt.unwrap_or(SimDuration::ZERO);
                self.cwnd = self.cc.on_ack(self.cwnd, self.ssthresh, newly as f64, now, srtt).min(self.rwnd.max(1.0));
            }
            self.rto_deadline = if self.segs.is_empty() {
                None
            } else if newly > 0 || self.rto_on_every_ack {
                Some(self.deadline_from(now))
            } else {
                self.rto_deadline
            };
            return;
        }
        match self.recovery {
            Some(point) if self.snd_una >= point => {
                // Recovery over (RFC 6582): deflate to ssthresh.
                self.recovery = None;
                self.cwnd = self.ssthresh;
                self.next_in_flight = 0.0;
            }
            Some(_) => {}
            None if new_loss => {
                if self.rate_halving {
                    self.next_in_flight = self.cwnd;
                }
                self.ssthresh = self.cc.on_loss(self.cwnd, flight, now);
                self.cwnd = self.ssthresh;
                self.recovery = Some(self.snd_nxt);
                self.fast_retransmit = true;
            }
            None if newly > 0 => {
                let srtt = self.srtt.unwrap_or(SimDuration::ZERO);
                self.cwnd = self.cc.on_ack(self.cwnd, self.ssthresh, newly as f64, now, srtt).min(self.rwnd.max(1.0));
            }
            None => {}
        }
        // RFC 6298 (5.2, 5.3): stop the timer when all is acknowledged, else restart it.
        self.rto_deadline = if self.segs.is_empty() {
            None
        } else if newly > 0 || self.rto_on_every_ack {
            Some(self.deadline_from(now))
        } else {
            self.rto_deadline
        };
    }

    /// The retransmission timer fired at `now` (RFC 6298 5.4-5.7): back off, restart from one
    /// segment, mark every unSACKed segment lost.
    pub fn on_rto(&mut self, now: SimTime) {
        if self.rto_deadline.is_none_or(|d| now < d) || self.segs.is_empty() {
            return;
        }
        self.timeouts += 1;
        let flight = (self.snd_nxt - self.snd_una) as f64;
        self.ssthresh = self.cc.on_rto(self.cwnd, flight, now);
        self.cwnd = 1.0;
        self.recovery = None;
        self.next_in_flight = 0.0;
        self.rto_point = Some(self.snd_nxt);
        self.holes.clear();
        for (i, s) in self.segs.iter_mut().enumerate() {
            if !s.sacked {
                s.lost = true;
                s.retransmitted = false;
                self.holes.insert(self.snd_una + i as u64);
            }
        }
        self.flagged = self.segs.len();
        self.pipe_n = 0;
        self.marked_to = self.snd_nxt;
        self.rtx_flight.clear();
        self.rto = SimDuration(self.rto.0.saturating_mul(2)).min(RTO_MAX);
        self.rto_deadline = None;
    }
}

/// The receiving side: cumulative ACK plus SACK blocks, one ACK per segment.
///
/// The segments held out of order are kept as their maximal runs, so that an ACK costs a few
/// lookups however many are held (a window of thousands of segments behind one hole).
#[derive(Default)]
pub struct TcpReceiver {
    rcv_nxt: u64,
    /// Segments received above `rcv_nxt`, as maximal runs: start -> end (exclusive).
    ooo: BTreeMap<u64, u64>,
    /// Segments delivered in order to the application.
    pub delivered: u64,
}

impl TcpReceiver {
    /// The run of held segments containing `seq`, if any.
    fn run_of(&self, seq: u64) -> Option<(u64, u64)> {
        self.ooo.range(..=seq).next_back().filter(|&(_, &end)| seq < end).map(|(&a, &b)| (a, b))
    }

    /// Receives a segment; returns the ACK to send.
    pub fn on_data(&mut self, seg: &Segment) -> Ack {
        if seg.seq == self.rcv_nxt {
            self.rcv_nxt += 1;
            if let Some(end) = self.ooo.remove(&self.rcv_nxt) {
                self.rcv_nxt = end;
            }
        } else if seg.seq > self.rcv_nxt && self.run_of(seg.seq).is_none() {
            // Joins the run ending just below it and the run starting just above it.
            let below = self.ooo.range(..seg.seq).next_back().filter(|&(_, &end)| end == seg.seq).map(|(&a, _)| a);
            let end = self.ooo.remove(&(seg.seq + 1)).unwrap_or(seg.seq + 1);
            self.ooo.insert(below.unwrap_or(seg.seq), end);
        }
        self.delivered = self.rcv_nxt;
        // SACK blocks: the block holding the segment just received first (RFC 2018 §4), then
        // the others, lowest first, at most 3.
        let first = self.run_of(seg.seq);
        let mut sack: Vec<(u64, u64)> = first.into_iter().collect();
        sack.extend(self.ooo.iter().map(|(&a, &b)| (a, b)).filter(|&b| Some(b) != first).take(3 - sack.len()));
        Ack { cum: self.rcv_nxt, sack, ts_echo: seg.ts }
    }
}

/// A TCP sender and its receiver as one [`TransportFlow`]: segments are TCP data segments,
/// feedback is an ACK per segment, the timer is the RTO.
pub struct TcpFlow {
    sender: TcpSender,
    receiver: TcpReceiver,
}

impl TcpFlow {
    /// A flow from `sender` to a fresh receiver.
    pub fn new(sender: TcpSender) -> Self {
        TcpFlow { sender, receiver: TcpReceiver::default() }
    }

    /// The sender, for inspection.
    pub fn sender(&self) -> &TcpSender {
        &self.sender
    }
}

impl TransportFlow for TcpFlow {
    fn poll_send(&mut self, now: SimTime) -> Vec<Segment> {
        self.sender.poll_send(now)
    }

    fn on_segment(&mut self, seg: &Segment, _now: SimTime) -> Option<Feedback> {
        Some(Feedback::Ack(self.receiver.on_data(seg)))
    }

    fn on_feedback(&mut self, fb: &Feedback, now: SimTime) {
        let Feedback::Ack(ack) = fb;
        self.sender.on_ack(ack, now);
    }

    fn timer(&self) -> Option<SimTime> {
        self.sender.rto_deadline()
    }

    fn on_timer(&mut self, now: SimTime) {
        self.sender.on_rto(now);
    }

    fn delivered(&self) -> u64 {
        self.receiver.delivered
    }

    fn stats(&self) -> FlowStats {
        FlowStats { acked: self.sender.snd_una(), retransmits: self.sender.retransmits, timeouts: self.sender.timeouts }
    }
}

#[cfg(test)]
#[path = "tcp_tests.rs"]
mod tests;
