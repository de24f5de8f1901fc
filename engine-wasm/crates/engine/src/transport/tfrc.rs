//! TCP-Friendly Rate Control as DCCP runs it: CCID3 (RFC 4342 over TFRC, RFC 5348), CCID4
//! (the small-packet variant, RFC 5622 over TFRC-SP, RFC 4828) and paper 003's two changes to
//! CCID4 for long-delay links, CCID4-N and CCID4-SCA.
//!
//! The sender ([`TfrcSender`]) holds the application's packets in a small buffer (paper 003
//! §III: five packets; a packet offered to a full buffer is the "application to transport"
//! loss) and sends them no faster than its allowed rate X; the receiver ([`TfrcReceiver`])
//! measures the receive rate and the loss event rate p and reports them about once per round
//! trip. Nothing reads a clock: every call takes `now`.
//!
//! Where paper 003 and the RFCs differ, the RFCs are followed and the difference is written
//! down (docs/REPRODUCTION.md): the slow-start update is RFC 5348 §4.3's
//! X = max(min(2 X, 2 X_recv), W_init / R) (paper 003 eq. 2 prints max(2 X, 2 X_recv), under
//! which an application-limited flow could never be held back), and CCID4-SCA's initial rate is
//! eq. 6 with the nominal RTT the text names (100 ms), 43 800 s / (s + oh) bytes/s (eq. 7 prints
//! 4380 s / (s + oh), which is eq. 6 at a one-second RTT: no change on IPSTAR's path).

use crate::kernel::{SimDuration, SimTime};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// t_mbi: the longest interval between two packets of a TFRC flow [s] (RFC 5348 §4.3: the
/// allowed rate never falls below s / t_mbi).
pub const T_MBI_S: f64 = 64.0;
/// The nominal segment size CCID4's equation uses [bytes] (RFC 4828 §4.1; paper 003 eq. 5).
pub const CCID4_NOMINAL_BYTES: f64 = 1460.0;
/// CCID4's minimum interval between packets [s]: at most 100 packets per second (RFC 4828
/// §4.2, RFC 5622 §5).
pub const CCID4_MIN_INTERVAL_S: f64 = 0.01;
/// The loss-interval weights w_0..w_7 (RFC 5348 §5.4).
pub const WEIGHTS: [f64; 8] = [1.0, 1.0, 1.0, 1.0, 0.8, 0.6, 0.4, 0.2];
/// The nofeedback timer before any feedback [s] (RFC 5348 §4.2, RFC 4342 §5).
pub const INITIAL_NOFEEDBACK_S: f64 = 2.0;

/// Which congestion control the DCCP flow runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ccid {
    /// CCID3: TFRC with the flow's own packet size (RFC 4342).
    Ccid3,
    /// CCID4: TFRC-SP, a nominal 1460-byte segment with the header correction, at most 100
    /// packets per second (RFC 5622; paper 003 eq. 5).
    Ccid4,
    /// Paper 003's CCID4-N: eq. 6's initial rate and N feedbacks per round trip when the RTT
    /// is above the nominal RTT.
    Ccid4N,
    /// Paper 003's CCID4-SCA: CCID4-N with the initial rate taken at the nominal RTT (§V, eq.
    /// 7).
    Ccid4Sca,
}

impl Ccid {
    /// Whether this is CCID4 or one of paper 003's variants of it.
    pub fn small_packet(self) -> bool {
        !matches!(self, Ccid::Ccid3)
    }

    /// The name paper 003 uses.
    pub fn label(self) -> &'static str {
        match self {
            Ccid::Ccid3 => "CCID3",
            Ccid::Ccid4 => "CCID4",
            Ccid::Ccid4N => "CCID4-N",
            Ccid::Ccid4Sca => "CCID4-SCA",
        }
    }
}

/// f(p, R) of paper 003 eq. 4 (RFC 5348 §3.1 with b = 1): packets per second of a TCP flow
/// with loss event rate `p` and round trip `rtt_s`, its retransmission timeout `t_rto_s`.
pub fn tcp_packets_per_s(p: f64, rtt_s: f64, t_rto_s: f64) -> f64 {
    let p = p.max(1e-12);
    1.0 / (rtt_s * (2.0 * p / 3.0).sqrt() + t_rto_s * 3.0 * (3.0 * p / 8.0).sqrt() * p * (1.0 + 32.0 * p * p))
}

/// The TFRC throughput equation, RFC 5348 §3.1 (b = 1, t_RTO = 4 R): bytes per second for
/// packets of `s` bytes (paper 003 eq. 3).
pub fn tfrc_bytes_per_s(s: f64, rtt_s: f64, p: f64) -> f64 {
    s * tcp_packets_per_s(p, rtt_s, 4.0 * rtt_s)
}

/// CCID4's rate, paper 003 eq. 5 (RFC 4828 §4.1): 1460 f(p, R) s / (s + oh) bytes per
/// second, at most 100 packets of `s` bytes per second (RFC 4828 §4.2).
pub fn ccid4_bytes_per_s(s: f64, header_bytes: f64, rtt_s: f64, p: f64) -> f64 {
    ccid4_equation(s, header_bytes, rtt_s, p).min(s / CCID4_MIN_INTERVAL_S)
}

/// Eq. 5 without the packet-rate cap, which limits sending, not the loss history.
fn ccid4_equation(s: f64, header_bytes: f64, rtt_s: f64, p: f64) -> f64 {
    CCID4_NOMINAL_BYTES * tcp_packets_per_s(p, rtt_s, 4.0 * rtt_s) * s / (s + header_bytes)
}

/// Parameters of a TFRC flow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TfrcParams {
    /// Which CCID.
    pub ccid: Ccid,
    /// oh: the protocol header [bytes] in CCID4's correction s / (s + oh) (RFC 5622: 36).
    pub header_bytes: f64,
    /// The nominal RTT of CCID4-N and CCID4-SCA [s] (paper 003: "e.g. 100 msec").
    pub nominal_rtt_s: f64,
    /// The sender's buffer [packets] (paper 003: 5).
    pub buffer_pkts: usize,
}

impl TfrcParams {
    /// Feedbacks per round trip: one (RFC 5348 §6.2), or for CCID4-N and -SCA N = RTT /
    /// nominal RTT, rounded, when the RTT is above the nominal one (paper 003 §V, after its
    /// ref. [8]).
    pub fn feedbacks_per_rtt(&self, rtt_s: f64) -> f64 {
        match self.ccid {
            Ccid::Ccid4N | Ccid::Ccid4Sca if rtt_s > self.nominal_rtt_s && self.nominal_rtt_s > 0.0 => {
                (rtt_s / self.nominal_rtt_s).round().max(1.0)
            }
            _ => 1.0,
        }
    }

    /// The initial rate after the first feedback [bytes/s]: RFC 5348 §4.2 / paper 003 eq. 1,
    /// min(4 s, max(2 s, 4380)) / R; CCID4-N eq. 6, 4380 / R · s / (s + oh); CCID4-SCA the
    /// same at the nominal RTT.
    pub fn initial_rate(&self, s: f64, rtt_s: f64) -> f64 {
        let corr = s / (s + self.header_bytes);
        match self.ccid {
            Ccid::Ccid3 | Ccid::Ccid4 => (4.0 * s).min((2.0 * s).max(4380.0)) / rtt_s,
            Ccid::Ccid4N => 4380.0 / rtt_s * corr,
            Ccid::Ccid4Sca => 4380.0 / self.nominal_rtt_s * corr,
        }
    }

    /// The rate before any feedback [bytes/s]: one packet per second (RFC 5348 §4.2, paper 003
    /// §II), s bytes per second; for CCID4-N and CCID4-SCA one packet per second "but with the
    /// packet size modified according to our proposal" (paper 003 §V): the equivalent segment
    /// of eq. 5, 1460 s / (s + oh) bytes per second (never less than s).
    pub fn start_rate(&self, s: f64) -> f64 {
        match self.ccid {
            Ccid::Ccid3 | Ccid::Ccid4 => s,
            Ccid::Ccid4N | Ccid::Ccid4Sca => (CCID4_NOMINAL_BYTES * s / (s + self.header_bytes)).max(s),
        }
    }

    /// The equation's rate for loss event rate `p` [bytes/s]: eq. 3 for CCID3, eq. 5 for the
    /// CCID4 family (capped at 100 packets per second).
    pub fn equation_rate(&self, s: f64, rtt_s: f64, p: f64) -> f64 {
        if self.ccid.small_packet() {
            ccid4_bytes_per_s(s, self.header_bytes, rtt_s, p)
        } else {
            tfrc_bytes_per_s(s, rtt_s, p)
        }
    }

    /// The equation alone, without CCID4's packet-rate cap (which limits sending, not the loss
    /// history): what the first loss interval is solved against.
    fn equation_uncapped(&self, s: f64, rtt_s: f64, p: f64) -> f64 {
        if self.ccid.small_packet() {
            ccid4_equation(s, self.header_bytes, rtt_s, p)
        } else {
            tfrc_bytes_per_s(s, rtt_s, p)
        }
    }
}

/// One packet the application handed to the sender.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AppPacket {
    /// The application's identifier (its sequence).
    pub id: u64,
    /// Size on the wire [bytes].
    pub bytes: u32,
    /// When the application produced it.
    pub created: SimTime,
}

/// A DCCP data packet leaving the sender.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TfrcPacket {
    /// DCCP sequence number (every packet sent takes the next).
    pub seq: u64,
    /// The application's packet.
    pub app: AppPacket,
    /// Send time, echoed in the feedback for RTT samples.
    pub sent: SimTime,
    /// The sender's RTT estimate [s], carried for the receiver (RFC 5348 §6; 0 before any).
    pub rtt_s: f64,
}

/// The receiver's report (RFC 5348 §6.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TfrcFeedback {
    /// The send time of the last packet received, echoed.
    pub echo: SimTime,
    /// t_delay: how long the receiver held that packet before this report [s] (RFC 5348 §6.2;
    /// the sender takes it out of the RTT sample, §4.3 step 2; RFC 4342 §8.2's Elapsed Time).
    pub t_delay: f64,
    /// X_recv: bytes received per second since the last report.
    pub x_recv: f64,
    /// The loss event rate.
    pub p: f64,
}

/// The sending half.
#[derive(Clone, Debug)]
pub struct TfrcSender {
    p: TfrcParams,
    queue: VecDeque<AppPacket>,
    /// Allowed rate X [bytes/s].
    x: f64,
    /// Mean packet size s [bytes] (of the packets offered).
    s: f64,
    offered: u64,
    /// RTT estimate R [s], once a feedback has come.
    rtt: Option<f64>,
    /// Last loss event rate reported.
    loss_p: f64,
    /// X_recv_set: the receive rates reported over the last two round trips, with when they
    /// came (RFC 5348 §4.3 step 4), at most two kept.
    x_recv_set: Vec<(f64, SimTime)>,
    /// The echo of the previous report: the start of the interval the next one covers.
    prev_echo: Option<SimTime>,
    /// The last time the sender held a packet back for its rate (it was not data-limited).
    last_rate_limited: Option<SimTime>,
    /// When X was last doubled in slow start.
    tld: SimTime,
    /// Earliest time of the next send, and the last send with the size of its packet.
    next_send: SimTime,
    last_sent: Option<(SimTime, f64)>,
    nofeedback_at: SimTime,
    /// Whether anything was sent since the nofeedback timer was set.
    sent_since_timer: bool,
    seq: u64,
    /// Packets refused by the full buffer.
    pub app_drops: u64,
    /// Packets sent.
    pub sent: u64,
    /// Feedbacks received; nofeedback expiries.
    pub feedbacks: u64,
    /// Nofeedback timer expiries.
    pub nofeedback_expiries: u64,
}

impl TfrcSender {
    /// A sender at `now` with packets of `s` bytes expected (the first rate, before any
    /// feedback, is one packet per second: paper 003 §II, RFC 5348 §4.2; for CCID4-N and
    /// CCID4-SCA one equivalent segment per second, [`TfrcParams::start_rate`]).
    pub fn new(p: TfrcParams, s: f64, now: SimTime) -> Self {
        TfrcSender {
            p,
            queue: VecDeque::new(),
            x: p.start_rate(s),
            s,
            offered: 0,
            rtt: None,
            loss_p: 0.0,
            x_recv_set: vec![],
            prev_echo: None,
            last_rate_limited: None,
            tld: now,
            next_send: now,
            last_sent: None,
            nofeedback_at: now + SimDuration::from_secs_f64(INITIAL_NOFEEDBACK_S),
            sent_since_timer: false,
            seq: 0,
            app_drops: 0,
            sent: 0,
            feedbacks: 0,
            nofeedback_expiries: 0,
        }
    }

    /// The allowed rate X [bytes/s].
    pub fn rate(&self) -> f64 {
        self.x
    }

    /// The RTT estimate [s], if any.
    pub fn rtt(&self) -> Option<f64> {
        self.rtt
    }

    /// The loss event rate last reported.
    pub fn loss_event_rate(&self) -> f64 {
        self.loss_p
    }

    /// Whether the sender is still in slow start (no loss reported yet).
    pub fn in_slow_start(&self) -> bool {
        self.loss_p == 0.0
    }

    /// Packets waiting in the buffer.
    pub fn backlog(&self) -> usize {
        self.queue.len()
    }

    /// The application offers a packet: false (and counted) if the buffer is full.
    pub fn offer(&mut self, pkt: AppPacket) -> bool {
        self.offered += 1;
        // s: the running mean of the packets' sizes (RFC 5348 §4.1 allows a mean).
        self.s += (pkt.bytes as f64 - self.s) / self.offered.min(64) as f64;
        if self.queue.len() >= self.p.buffer_pkts {
            self.app_drops += 1;
            return false;
        }
        self.queue.push_back(pkt);
        if self.queue.len() > 1 || pkt.created < self.next_send {
            self.last_rate_limited = Some(pkt.created);
        }
        true
    }

    /// When the next packet may leave, if one waits.
    pub fn next_send_time(&self) -> Option<SimTime> {
        (!self.queue.is_empty()).then_some(self.next_send)
    }

    /// The nofeedback timer's expiry.
    pub fn nofeedback_time(&self) -> SimTime {
        self.nofeedback_at
    }

    /// Sends the head packet if its time has come: one packet every s / X (and, for the CCID4
    /// family, at least 10 ms apart).
    pub fn poll_send(&mut self, now: SimTime) -> Option<TfrcPacket> {
        if now < self.next_send {
            return None;
        }
        let app = self.queue.pop_front()?;
        let mut gap = app.bytes as f64 / self.x.max(1e-9);
        if self.p.ccid.small_packet() {
            gap = gap.max(CCID4_MIN_INTERVAL_S);
        }
        // Rate-based pacing: the next send is a gap after this one (or after the earliest
        // allowed time, so that an idle sender does not bank credit).
        self.next_send = now.max(self.next_send) + SimDuration::from_secs_f64(gap);
        self.last_sent = Some((now, app.bytes as f64));
        self.sent += 1;
        self.sent_since_timer = true;
        if !self.queue.is_empty() {
            self.last_rate_limited = Some(now);
        }
        let seq = self.seq;
        self.seq += 1;
        Some(TfrcPacket { seq, app, sent: now, rtt_s: self.rtt.unwrap_or(0.0) })
    }

    /// After X changed: the next packet may leave one gap at the new rate after the last
    /// one, if that is sooner than the old rate allowed (RFC 5348 §4.6: the inter-packet
    /// interval follows X).
    fn repace(&mut self) {
        if let Some((at, bytes)) = self.last_sent {
            let mut gap = bytes / self.x.max(1e-9);
            if self.p.ccid.small_packet() {
                gap = gap.max(CCID4_MIN_INTERVAL_S);
            }
            self.next_send = self.next_send.min(at + SimDuration::from_secs_f64(gap));
        }
    }

    fn restart_timer(&mut self, now: SimTime) {
        let t = match self.rtt {
            Some(r) => (4.0 * r).max(2.0 * self.s / self.x.max(1e-9)),
            None => INITIAL_NOFEEDBACK_S,
        };
        self.nofeedback_at = now + SimDuration::from_secs_f64(t);
        self.sent_since_timer = false;
    }

    /// A report arrives (RFC 5348 §4.3).
    pub fn on_feedback(&mut self, fb: &TfrcFeedback, now: SimTime) {
        self.feedbacks += 1;
        // R_sample = (t_now − t_recvdata) − t_delay (RFC 5348 §4.3 step 2): the receiver's
        // hold time is not part of the path's round trip.
        let sample = (now.as_secs_f64() - fb.echo.as_secs_f64() - fb.t_delay).max(1e-6);
        let first = self.rtt.is_none();
        // Step 2: the RTT estimate, an EWMA with q = 0.9.
        let r = match self.rtt {
            None => sample,
            Some(r) => 0.9 * r + 0.1 * sample,
        };
        self.rtt = Some(r);
        let s = self.s;
        let initial = self.p.initial_rate(s, r);
        // Step 4: recv_limit. The report covers the packets sent since the previous report's
        // echo; if the sender held nothing back for its rate in all that time, the interval
        // was data-limited (RFC 5348 §8.2.1), and a low receive rate says nothing of the path.
        let data_limited = match (self.prev_echo, self.last_rate_limited) {
            (Some(start), Some(limited)) => limited < start,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let more_loss = fb.p > self.loss_p;
        // RFC 5348 §4.3: in a data-limited interval the set is "maximised" (the new X_recv
        // added, the largest kept, stamped now: it does not age); otherwise it is "updated"
        // (X_recv added, values older than two round trips dropped).
        let recv_limit = if data_limited {
            if more_loss {
                // Halve the set's entries, X_recv × 0.85, keep the larger (Maximize).
                let prior = self.x_recv_set.iter().map(|e| e.0 / 2.0).fold(0.0, f64::max);
                let m = prior.max(0.85 * fb.x_recv);
                self.x_recv_set = vec![(m, now)];
                m
            } else {
                let m = self.x_recv_set.iter().map(|e| e.0).fold(fb.x_recv, f64::max);
                self.x_recv_set = vec![(m, now)];
                2.0 * m
            }
        } else {
            self.x_recv_set.push((fb.x_recv, now));
            self.x_recv_set.retain(|&(_, t)| now.as_secs_f64() - t.as_secs_f64() <= 2.0 * r);
            if self.x_recv_set.len() > 2 {
                self.x_recv_set.remove(0);
            }
            2.0 * self.x_recv_set.iter().map(|e| e.0).fold(0.0, f64::max)
        };
        self.prev_echo = Some(fb.echo);
        self.loss_p = fb.p;
        if first && fb.p == 0.0 {
            // The first report: X = W_init / R (paper 003 eq. 1; eq. 6 or 7 for the
            // variants).
            self.x = initial;
            self.tld = now;
        } else if fb.p > 0.0 {
            // Congestion avoidance: the equation (eq. 3, or eq. 5 for CCID4), limited by
            // twice the receive rate, never below s / t_mbi.
            self.x = self.p.equation_rate(s, r, fb.p).min(recv_limit).max(s / T_MBI_S);
        } else if now.as_secs_f64() - self.tld.as_secs_f64() >= r / self.p.feedbacks_per_rtt(r) {
            // Slow start: double at most once per feedback interval (RFC 5348: once per RTT;
            // CCID4-N and -SCA get N feedbacks per RTT), limited by twice the receive rate,
            // never below the initial rate (RFC 5348 §4.3 step 4; paper 003 eq. 2 prints max).
            self.x = (2.0 * self.x).min(recv_limit).max(initial);
            self.tld = now;
        }
        if self.p.ccid.small_packet() {
            self.x = self.x.min(s / CCID4_MIN_INTERVAL_S);
        }
        self.repace();
        self.restart_timer(now);
    }

    /// The nofeedback timer fired (RFC 5348 §4.4; a call before it is due does nothing).
    /// Without any feedback yet, X is halved unless the sender was idle all along; otherwise
    /// nothing is cut while the rate is already at the recovery rate (the initial rate: an idle
    /// sender keeps it, RFC 4342 §5.1); in slow start X is halved; after losses the receive
    /// limit is halved (Update_Limits) and X recomputed.
    pub fn on_nofeedback(&mut self, now: SimTime) {
        if now < self.nofeedback_at {
            return;
        }
        self.nofeedback_expiries += 1;
        let s = self.s;
        let idle = !self.sent_since_timer;
        let before = self.x;
        match self.rtt {
            None => {
                if !idle {
                    self.x = (self.x / 2.0).max(s / T_MBI_S);
                }
            }
            Some(r) => {
                let recover = self.p.initial_rate(s, r);
                let x_recv = self.x_recv_set.iter().map(|e| e.0).fold(0.0, f64::max);
                let p = self.loss_p;
                if (p > 0.0 && x_recv < recover && idle) || (p == 0.0 && self.x < 2.0 * recover && idle) {
                    // Idle at (or below) the recovery rate: nothing to cut.
                } else if p == 0.0 {
                    self.x = (self.x / 2.0).max(s / T_MBI_S);
                } else {
                    let x_calc = self.p.equation_rate(s, r, p);
                    let limit = if x_calc > 2.0 * x_recv { x_recv } else { x_calc / 2.0 };
                    // Update_Limits: X_recv_set = { limit / 2 }, X recomputed.
                    let limit = limit.max(s / T_MBI_S);
                    self.x_recv_set = vec![(limit / 2.0, now)];
                    self.x = x_calc.min(limit).max(s / T_MBI_S);
                }
                if idle {
                    // RFC 4342 §5.1: an idle period never takes the rate below the initial rate.
                    self.x = self.x.max(before.min(recover));
                }
            }
        }
        self.repace();
        self.restart_timer(now);
    }
}

/// The receiving half: loss history, receive rate, reports.
#[derive(Clone, Debug)]
pub struct TfrcReceiver {
    p: TfrcParams,
    /// Next sequence number expected.
    expected: u64,
    /// Closed loss intervals, newest first (at most 8), and the sequence number that starts
    /// the open one, I_0.
    intervals: VecDeque<f64>,
    event_start_seq: Option<u64>,
    event_start_time: SimTime,
    /// Arrivals of the last round trip (time, bytes): the receive rate the first loss interval
    /// is solved for.
    recent: VecDeque<(SimTime, f64)>,
    /// Bytes since the last report, and when it went.
    bytes_since: f64,
    last_report: SimTime,
    next_report: Option<SimTime>,
    last_echo: SimTime,
    /// When the packet whose send time is echoed arrived (t_delay runs from it).
    last_arrival: SimTime,
    rtt_s: f64,
    s: f64,
    received: u64,
    /// Packets found missing.
    pub lost: u64,
    /// Loss events.
    pub loss_events: u64,
    /// Reports sent.
    pub reports: u64,
}

impl TfrcReceiver {
    /// A receiver at `now`.
    pub fn new(p: TfrcParams, now: SimTime) -> Self {
        TfrcReceiver {
            p,
            expected: 0,
            intervals: VecDeque::new(),
            event_start_seq: None,
            event_start_time: now,
            recent: VecDeque::new(),
            bytes_since: 0.0,
            last_report: now,
            next_report: None,
            last_echo: now,
            last_arrival: now,
            rtt_s: 0.0,
            s: 0.0,
            received: 0,
            lost: 0,
            loss_events: 0,
            reports: 0,
        }
    }

    /// The loss event rate p: 1 / the weighted mean loss interval (RFC 5348 §5.4), the open
    /// interval I_0 counted only when it raises the mean; 0 before any loss.
    pub fn loss_event_rate(&self) -> f64 {
        let Some(start) = self.event_start_seq else { return 0.0 };
        let i0 = (self.expected.saturating_sub(start)) as f64;
        let n = self.intervals.len().min(WEIGHTS.len());
        if n == 0 {
            return 0.0;
        }
        // I_tot1 over the closed intervals I_1..I_n, I_tot0 over I_0..I_{n-1}.
        let (mut tot0, mut tot1, mut w_tot) = (0.0, 0.0, 0.0);
        for (i, &w) in WEIGHTS.iter().enumerate().take(n) {
            tot1 += self.intervals[i] * w;
            w_tot += w;
            tot0 += w * if i == 0 { i0 } else { self.intervals[i - 1] };
        }
        let mean = tot0.max(tot1) / w_tot;
        if mean > 0.0 {
            (1.0 / mean).min(1.0)
        } else {
            1.0
        }
    }

    /// The loss interval that would give `x_target` bytes/s (RFC 5348 §6.3.1: the first loss
    /// interval is synthesised from the receive rate), by bisection on p.
    fn synthetic_interval(&self, x_target: f64, rtt_s: f64) -> f64 {
        let (mut lo, mut hi) = (1e-8_f64, 1.0_f64);
        for _ in 0..100 {
            let mid = (lo * hi).sqrt();
            if self.p.equation_uncapped(self.s.max(1.0), rtt_s, mid) > x_target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        1.0 / (lo * hi).sqrt()
    }

    /// A packet arrives at `now`: the report to send at once, if it starts a new loss event
    /// (RFC 5348 §6.1: the receiver reports as soon as p grows).
    pub fn on_packet(&mut self, pkt: &TfrcPacket, now: SimTime) -> Option<TfrcFeedback> {
        self.received += 1;
        self.s += (pkt.app.bytes as f64 - self.s) / self.received.min(64) as f64;
        self.bytes_since += pkt.app.bytes as f64;
        self.last_echo = pkt.sent;
        self.last_arrival = now;
        if pkt.rtt_s > 0.0 {
            self.rtt_s = pkt.rtt_s;
        }
        let window = if self.rtt_s > 0.0 { self.rtt_s } else { 1.0 };
        while self.recent.front().is_some_and(|&(t, _)| now.as_secs_f64() - t.as_secs_f64() > window) {
            self.recent.pop_front();
        }
        self.recent.push_back((now, pkt.app.bytes as f64));
        let mut new_event = false;
        if pkt.seq > self.expected {
            // The path keeps order: a gap is a loss (RFC 5348 §5.1's three later packets
            // arrive at once here). One loss event per RTT (§5.2): a loss more than an RTT
            // after the current event's start opens a new one.
            let missing = pkt.seq - self.expected;
            self.lost += missing;
            let rtt = if self.rtt_s > 0.0 {
                self.rtt_s
            } else {
                (now.as_secs_f64() - self.last_report.as_secs_f64()).max(0.1)
            };
            let starts_new = match self.event_start_seq {
                None => true,
                Some(_) => now.as_secs_f64() - self.event_start_time.as_secs_f64() > rtt,
            };
            if starts_new {
                match self.event_start_seq {
                    None => {
                        // The first loss: a synthetic interval from the receive rate of the
                        // last round trip (at least s / 2R: RFC 5348 §6.3.1).
                        let bytes: f64 = self.recent.iter().map(|e| e.1).sum();
                        let x_recv = (bytes / rtt).max(self.s.max(1.0) / (2.0 * rtt));
                        let synthetic = self.synthetic_interval(x_recv, rtt);
                        self.intervals.push_front(synthetic);
                    }
                    Some(start) => self.intervals.push_front((self.expected - start) as f64),
                }
                self.intervals.truncate(WEIGHTS.len());
                self.event_start_seq = Some(self.expected);
                self.event_start_time = now;
                self.loss_events += 1;
                new_event = true;
            }
        }
        self.expected = pkt.seq + 1;
        if self.next_report.is_none() {
            // The first packet is reported at once (RFC 5348 §6.3).
            return Some(self.report(now));
        }
        new_event.then(|| self.report(now))
    }

    /// When the next periodic report is due (RFC 5348 §6.2: once per RTT, or N per RTT).
    pub fn next_report_time(&self) -> Option<SimTime> {
        self.next_report
    }

    /// The feedback timer fired: a report if packets came since the last one (none
    /// otherwise: RFC 5348 §6.2).
    pub fn on_report_timer(&mut self, now: SimTime) -> Option<TfrcFeedback> {
        match self.next_report {
            Some(t) if now >= t => {}
            _ => return None,
        }
        if self.bytes_since > 0.0 {
            Some(self.report(now))
        } else {
            self.next_report = Some(now + SimDuration::from_secs_f64(self.report_interval()));
            None
        }
    }

    fn report_interval(&self) -> f64 {
        let r = if self.rtt_s > 0.0 { self.rtt_s } else { 1.0 };
        r / self.p.feedbacks_per_rtt(r)
    }

    fn report(&mut self, now: SimTime) -> TfrcFeedback {
        let elapsed = (now.as_secs_f64() - self.last_report.as_secs_f64()).max(1e-3);
        let fb = TfrcFeedback {
            echo: self.last_echo,
            t_delay: (now.as_secs_f64() - self.last_arrival.as_secs_f64()).max(0.0),
            x_recv: self.bytes_since / elapsed,
            p: self.loss_event_rate(),
        };
        self.bytes_since = 0.0;
        self.last_report = now;
        self.reports += 1;
        self.next_report = Some(now + SimDuration::from_secs_f64(self.report_interval()));
        fb
    }
}

/// Helper for tests and the CLI: `x` bytes/s in kb/s.
pub fn kbps(x_bytes_per_s: f64) -> f64 {
    x_bytes_per_s * 8.0 / 1e3
}

#[cfg(test)]
#[path = "tfrc_tests.rs"]
mod tests;
