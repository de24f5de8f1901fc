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
mod tests {
    use super::*;

    #[test]
    fn receiver_acks_cumulatively_and_sacks_the_holes() {
        let mut r = TcpReceiver::default();
        assert_eq!(r.on_data(&Segment { seq: 0, ts: SimTime::ZERO }).cum, 1);
        let a = r.on_data(&Segment { seq: 2, ts: SimTime::ZERO });
        assert_eq!((a.cum, a.sack.clone()), (1, vec![(2, 3)]));
        let a = r.on_data(&Segment { seq: 4, ts: SimTime::ZERO });
        assert_eq!(a.sack, vec![(4, 5), (2, 3)]);
        let a = r.on_data(&Segment { seq: 1, ts: SimTime::ZERO });
        assert_eq!((a.cum, a.sack), (3, vec![(4, 5)]));
    }

    #[test]
    fn three_sacked_segments_mark_a_loss_and_the_hole_goes_first() {
        let mut s = TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9);
        let sent = s.poll_send(SimTime::ZERO);
        assert_eq!(sent.len(), 10);
        // Segment 0 lost; 1..=3 arrive: three SACKed above the hole.
        let mut r = TcpReceiver::default();
        for seq in 1..=3 {
            let ack = r.on_data(&Segment { seq, ts: SimTime::ZERO });
            s.on_ack(&ack, SimTime(100_000_000));
        }
        assert_eq!(s.ssthresh, 5.0); // window 10 / 2
        let next = s.poll_send(SimTime(100_000_000));
        assert_eq!(next.first().map(|d| d.seq), Some(0), "the hole is retransmitted first");
        assert_eq!(s.retransmits, 1);
    }

    /// Segments sent after each of the ACKs of segments 4..20 when segment 0 of a 20-segment
    /// window was lost (NewReno: the window is halved to 10 at the third SACK).
    fn sends_per_ack_through_recovery(rate_halving: bool) -> Vec<usize> {
        let mut s = TcpSender::new(CcKind::NewReno, 20.0, u64::MAX, 1e9).with_rate_halving(rate_halving);
        assert_eq!(s.poll_send(SimTime::ZERO).len(), 20);
        let mut r = TcpReceiver::default();
        let t = SimTime(100_000_000);
        for seq in 1..=3 {
            s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
        }
        assert_eq!(s.poll_send(t).first().map(|d| d.seq), Some(0), "the hole goes first");
        (4..20)
            .map(|seq| {
                s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
                s.poll_send(t).len()
            })
            .collect()
    }

    #[test]
    fn rate_halving_sends_one_segment_per_two_acks_through_recovery() {
        // ns-2 TCP-Linux (`next_pkts_in_flight_`): from the window before the cut (20) down to
        // the new one (10), one segment for every two ACKs; RFC 6675 waits until the pipe is
        // below the new window, then sends one per ACK.
        let halving = sends_per_ack_through_recovery(true);
        assert!(halving.chunks(2).all(|pair| pair.iter().sum::<usize>() == 1), "one per two ACKs: {halving:?}");
        let rfc = sends_per_ack_through_recovery(false);
        let first = rfc.iter().position(|&n| n > 0).unwrap();
        assert!(first >= 4, "RFC 6675 sends nothing while the pipe is above the window: {rfc:?}");
        assert!(rfc[first..].iter().all(|&n| n == 1), "then one per ACK: {rfc:?}");
    }

    #[test]
    fn ns2_linux_restarts_the_timer_on_duplicate_acks_and_rfc_6298_does_not() {
        // Segment 0 lost; the ACK of segment 1 is a duplicate (no new data): RFC 6298 (5.3)
        // keeps the deadline, ns-2's TCP-Linux (`renew_timer`) moves it to now + RTO.
        for every in [false, true] {
            let mut s = TcpSender::new(CcKind::NewReno, 4.0, u64::MAX, 1e9).with_rto_on_every_ack(every);
            s.poll_send(SimTime::ZERO);
            let before = s.rto_deadline().unwrap();
            let mut r = TcpReceiver::default();
            let t = SimTime(300_000_000);
            s.on_ack(&r.on_data(&Segment { seq: 1, ts: SimTime::ZERO }), t);
            let after = s.rto_deadline().unwrap();
            if every {
                assert!(after > before && after > t, "{every}: {before:?} -> {after:?}");
            } else {
                assert_eq!(after, before, "RFC 6298 keeps the timer on a duplicate ACK");
            }
        }
    }

    #[test]
    fn a_lost_retransmission_is_sent_again_once_later_data_is_sacked() {
        // Window 10, segment 0 lost and its retransmission lost too. ns-2's scoreboard
        // (`scoreboard1.cc`: GetSndNxt() <= fack_) re-marks it once a segment first sent after
        // the retransmission is SACKed; RFC 6675 waits for the timer.
        for detect in [false, true] {
            let mut s = TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9).with_lost_retransmit(detect);
            assert_eq!(s.poll_send(SimTime::ZERO).len(), 10);
            let mut r = TcpReceiver::default();
            let t = SimTime(100_000_000);
            let mut sent_later = vec![];
            for seq in 1..10 {
                s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
                sent_later.extend(s.poll_send(t).into_iter().map(|d| d.seq));
            }
            let rtx = sent_later.iter().position(|&q| q == 0).expect("the hole is retransmitted (and lost)");
            assert!(rtx + 1 < sent_later.len(), "new data after the retransmission: {sent_later:?}");
            let timeouts = s.timeouts;
            // The new data arrives and is SACKed; the retransmission of 0 never does.
            let t2 = SimTime(200_000_000);
            let mut again = vec![];
            for &seq in sent_later.iter().filter(|&&q| q >= 10) {
                s.on_ack(&r.on_data(&Segment { seq, ts: t }), t2);
                again.extend(s.poll_send(t2).into_iter().map(|d| d.seq));
            }
            assert_eq!(again.contains(&0), detect, "{detect}: sent after the SACKs {again:?}");
            assert_eq!(s.timeouts, timeouts, "no timeout either way");
            assert_eq!(s.ssthresh, 5.0, "{detect}: one cut for the episode");
        }
    }

    #[test]
    fn the_rto_follows_rfc_6298_in_integer_time() {
        // First sample R = 300 ms: SRTT = R, RTTVAR = R / 2, RTO = max(1 s, R + 4 R / 2) = 1 s;
        // the timer is restarted at the ACK, exactly 1 s later.
        let mut s = TcpSender::new(CcKind::NewReno, 3.0, u64::MAX, 1e9);
        assert_eq!(s.poll_send(SimTime::ZERO).len(), 3);
        assert_eq!(s.rto_deadline(), Some(SimTime(1_000_000_000)));
        let mut r = TcpReceiver::default();
        let ack = r.on_data(&Segment { seq: 0, ts: SimTime::ZERO });
        s.on_ack(&ack, SimTime(300_000_000));
        assert_eq!((s.srtt(), s.rto()), (Some(SimDuration(300_000_000)), SimDuration(1_000_000_000)));
        assert_eq!(s.rto_deadline(), Some(SimTime(1_300_000_000)));
        // A sample of 900 ms: RTTVAR = 3/4 150 + 1/4 600 = 262.5 ms, SRTT = 7/8 300 + 1/8 900 =
        // 375 ms; the RTO, 375 + 4 x 262.5 = 1425 ms, exceeds the 1 s floor; the deadline is
        // now + RTO, all in whole nanoseconds.
        let ack = r.on_data(&Segment { seq: 1, ts: SimTime(100_000_000) });
        s.on_ack(&ack, SimTime(1_000_000_000));
        assert_eq!((s.srtt(), s.rto()), (Some(SimDuration(375_000_000)), SimDuration(1_425_000_000)));
        assert_eq!(s.rto_deadline(), Some(SimTime(2_425_000_000)));
        // Back-off doubles it, up to 60 s.
        s.on_rto(SimTime(2_425_000_000));
        assert_eq!(s.rto(), SimDuration(2_850_000_000));
    }

    #[test]
    fn a_flow_through_the_transport_interface_delivers_in_order_and_times_out_on_a_dead_path() {
        // Lossless path, 10 ms each way, feedback per segment: everything sent is delivered
        // and acknowledged, nothing retransmitted, the timer always ahead of `now`.
        let mut f: Box<dyn TransportFlow> = super::super::Transport::Tcp(CcKind::Cubic).flow();
        let ms = |x: u64| SimTime(x * 1_000_000);
        let mut sent = 0;
        for round in 0..10u64 {
            let now = ms(20 * round);
            let segs = f.poll_send(now);
            assert!(!segs.is_empty() && segs.iter().all(|s| s.ts == now));
            sent += segs.len() as u64;
            let fbs: Vec<Feedback> =
                segs.iter().filter_map(|s| f.on_segment(s, now + SimDuration(10_000_000))).collect();
            for fb in &fbs {
                f.on_feedback(fb, ms(20 * round + 20));
            }
            assert!(f.timer().is_none_or(|d| d > ms(20 * round + 20)));
        }
        assert_eq!(f.delivered(), sent);
        assert_eq!(f.stats(), FlowStats { acked: sent, retransmits: 0, timeouts: 0 });
        // Dead path: nothing comes back. The timer does nothing a nanosecond early, fires at
        // its deadline, the window restarts from one segment and the RTO doubles.
        let mut g = TcpFlow::new(TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9));
        assert_eq!(g.poll_send(SimTime::ZERO).len(), 10);
        let d = g.timer().unwrap();
        g.on_timer(SimTime(d.0 - 1));
        assert_eq!(g.stats().timeouts, 0);
        g.on_timer(d);
        assert_eq!(g.stats().timeouts, 1);
        assert_eq!(g.poll_send(d).iter().map(|s| s.seq).collect::<Vec<_>>(), vec![0]);
        assert_eq!(g.timer(), Some(d + SimDuration(2_000_000_000)));
        assert_eq!(g.sender().cwnd, 1.0);
    }

    #[test]
    fn rto_restarts_from_one_segment_and_backs_off() {
        let mut s = TcpSender::new(CcKind::Cubic, 10.0, u64::MAX, 1e9);
        s.poll_send(SimTime::ZERO);
        let d = s.rto_deadline().unwrap();
        assert_eq!(d, SimTime(1_000_000_000));
        s.on_rto(d);
        assert_eq!(s.cwnd, 1.0);
        assert_eq!(s.timeouts, 1);
        let again = s.poll_send(d);
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].seq, 0);
        assert_eq!(s.rto_deadline(), Some(d + SimDuration(2_000_000_000))); // doubled
    }
}
