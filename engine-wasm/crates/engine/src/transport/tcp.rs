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
use std::collections::{BTreeSet, VecDeque};

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

    /// The same sender detecting lost retransmissions from SACKs (see the field).
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
        if self.flagged == 0 {
            return self.segs.len() as f64;
        }
        let mut p = 0.0;
        for s in &self.segs {
            if s.sacked {
                continue;
            }
            if !s.lost {
                p += 1.0;
            }
            if s.retransmitted {
                p += 1.0;
            }
        }
        p
    }

    /// Segments to send now (retransmissions of lost holes first, then new data), within the
    /// congestion and receiver windows. Arms the RTO timer.
    pub fn poll_send(&mut self, now: SimTime) -> Vec<Segment> {
        let mut out = vec![];
        debug_assert!(self.cwnd.is_finite() && self.cwnd >= 1.0, "cwnd {} ssthresh {}", self.cwnd, self.ssthresh);
        let window = self.cwnd.min(self.rwnd);
        // Holes to retransmit, in order, found once; pipe computed once and counted up.
        let mut holes = if self.flagged == 0 {
            VecDeque::new()
        } else {
            self.segs
                .iter()
                .enumerate()
                .filter(|(_, s)| s.lost && !s.sacked && !s.retransmitted)
                .map(|(i, _)| i)
                .collect::<VecDeque<_>>()
        };
        let mut pipe = self.pipe();
        if std::mem::take(&mut self.fast_retransmit) {
            if let Some(i) = holes.pop_front() {
                self.segs[i].retransmitted = true;
                self.segs[i].rtx_nxt = self.snd_nxt;
                self.retransmits += 1;
                pipe += 1.0;
                out.push(Segment { seq: self.snd_una + i as u64, ts: now });
            }
        }
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
            if let Some(i) = holes.pop_front() {
                self.segs[i].retransmitted = true;
                self.segs[i].rtx_nxt = self.snd_nxt;
                self.retransmits += 1;
                pipe += 1.0;
                out.push(Segment { seq: self.snd_una + i as u64, ts: now });
            } else {
                if self.snd_nxt >= self.total_segments {
                    break;
                }
                self.segs.push_back(SegState::default());
                out.push(Segment { seq: self.snd_nxt, ts: now });
                self.snd_nxt += 1;
                pipe += 1.0;
            }
            if next > 0.0 {
                next = next.min((pipe - 1.0).max(1.0));
            }
        }
        self.next_in_flight = next;
        if !out.is_empty() && self.rto_deadline.is_none() {
            self.rto_deadline = Some(self.deadline_from(now));
        }
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
            for seq in a.max(self.snd_una)..b.min(self.snd_nxt) {
                let s = &mut self.segs[(seq - self.snd_una) as usize];
                self.flagged += !(s.sacked || s.lost) as usize;
                delivered += !s.sacked as u64;
                s.sacked = true;
            }
        }
        let newly = ack.cum.saturating_sub(self.snd_una).min(self.segs.len() as u64);
        for _ in 0..newly {
            if let Some(s) = self.segs.pop_front() {
                self.flagged -= (s.sacked || s.lost) as usize;
                delivered += !s.sacked as u64;
            }
        }
        self.snd_una += newly;
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
        // Losses: a segment with DupThresh SACKed segments above it (RFC 6675 IsLost).
        let mut sacked_above = 0usize;
        let mut new_loss = false;
        let sack_high = if self.lost_retransmit { self.sack_high } else { 0 };
        for s in self.segs.iter_mut().rev().take(if self.flagged == 0 { 0 } else { usize::MAX }) {
            if s.sacked {
                sacked_above += 1;
            } else if sacked_above >= DUP_THRESH && !s.lost {
                s.lost = true;
                self.flagged += 1;
                new_loss = true;
            } else if s.retransmitted && s.rtx_nxt < sack_high {
                // Sent after this retransmission and SACKed: the retransmission is lost.
                s.retransmitted = false;
            }
        }
        debug_assert_eq!(
            self.flagged,
            self.segs.iter().filter(|s| s.sacked || s.lost).count(),
            "the count of flagged segments"
        );
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
        for s in self.segs.iter_mut() {
            if !s.sacked {
                s.lost = true;
                s.retransmitted = false;
            }
        }
        self.flagged = self.segs.len();
        self.rto = SimDuration(self.rto.0.saturating_mul(2)).min(RTO_MAX);
        self.rto_deadline = None;
    }
}

/// The receiving side: cumulative ACK plus SACK blocks, one ACK per segment.
#[derive(Default)]
pub struct TcpReceiver {
    rcv_nxt: u64,
    ooo: BTreeSet<u64>,
    /// Segments delivered in order to the application.
    pub delivered: u64,
    last_block: Option<(u64, u64)>,
}

impl TcpReceiver {
    /// Receives a segment; returns the ACK to send.
    pub fn on_data(&mut self, seg: &Segment) -> Ack {
        if seg.seq == self.rcv_nxt {
            self.rcv_nxt += 1;
            while self.ooo.remove(&self.rcv_nxt) {
                self.rcv_nxt += 1;
            }
        } else if seg.seq > self.rcv_nxt {
            self.ooo.insert(seg.seq);
        }
        self.delivered = self.rcv_nxt;
        // SACK blocks: the block holding the segment just received first (RFC 2018 §4), then
        // the others, lowest first, at most 3.
        let mut blocks: Vec<(u64, u64)> = vec![];
        let mut it = self.ooo.iter().copied().peekable();
        while let Some(start) = it.next() {
            let mut end = start + 1;
            while it.peek() == Some(&end) {
                it.next();
                end += 1;
            }
            blocks.push((start, end));
        }
        if let Some(pos) = blocks.iter().position(|&(a, b)| seg.seq >= a && seg.seq < b) {
            let b = blocks.remove(pos);
            blocks.insert(0, b);
            self.last_block = Some(b);
        }
        blocks.truncate(3);
        Ack { cum: self.rcv_nxt, sack: blocks, ts_echo: seg.ts }
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
