//! One TCP flow over the LLDU link (paper 002 §5-7): the sender's 1500-byte segments wait in
//! the link's drop-tail buffer, go out as LLDUs under the link's reliability scheme, and reach
//! the receiver when their last LLDU is settled (out of order, as a link layer hands up what it
//! has: §4.2's "the reception of the SACK vector contains a hole" while the link still repairs);
//! the ACKs come back over an error-free return path half a round trip long. The sender is
//! ns-2's TCP-Linux agent as in the TCP-over-Iridium model (SACK, IW 10, 200 ms minimum RTO,
//! the timer restarted on every ACK, rate halving, lost retransmissions found from SACKs).
//!
//! TCP's events are handled at the link's slot boundaries (every 113 µs at 2.34 Mb/s, 1 ms at
//! 263 kb/s): an ACK or a timeout waits at most one slot.

use crate::kernel::{SimDuration, SimTime};
use crate::link::lldu::{Completed, Erasures, LlduLink};
use crate::metrics::stats::LogHistogram;
use crate::trace::{PacketTrace, Reason, TraceKind, TraceRecord, NO_PACKET};
use crate::transport::congestion::CcKind;
use crate::transport::tcp::{Ack, TcpReceiver, TcpSender};
use crate::transport::Segment;
use serde::Serialize;
use std::collections::{HashMap, VecDeque};

/// The packet trace's nodes ([`TcpOverLink::trace_nodes`]): the TCP sender with the link's
/// buffer, the link (its LLDUs and their recovery), the receiver.
const SENDER: u32 = 0;
const LINK: u32 = 1;
const RECEIVER: u32 = 2;

/// A segment on the link: what it carries and, for the packet trace, its number, when it
/// reached the link's buffer and how many packets were ahead of it there, and when its first
/// LLDU went.
struct Carried {
    seg: Segment,
    id: u64,
    queued: SimTime,
    ahead: u32,
    started: SimTime,
}

/// The flow and what it has measured.
pub struct TcpOverLink {
    sender: TcpSender,
    receiver: TcpReceiver,
    cc: CcKind,
    /// The segment each link packet carries, by the link's packet number.
    carried: HashMap<u64, Carried>,
    /// ACKs on the return path, with their arrival times (non-decreasing) and their numbers in
    /// the packet trace.
    acks: VecDeque<(SimTime, Ack, u64)>,
    /// The next packet's number in the packet trace (segments sent and ACKs take them in turn).
    ids: u64,
    /// Packets put on the link, and how many of them have had their first LLDU sent.
    pushed: u64,
    started: u64,
    /// For the packet trace: segments on their way to the receiver after the link completed
    /// them (arrival time, segment number, segment), with the ACK each makes (number, cum).
    arriving: VecDeque<(SimTime, u64, u64, u64, u64)>,
    buffer_pkts: usize,
    lldus_per_packet: usize,
    one_way: SimDuration,
    /// Times each segment was sent, for the segments not yet cumulatively acknowledged.
    sends: HashMap<u64, u32>,
    max_retransmissions: u32,
    segments_sent: u64,
    buffer_drops: u64,
    /// One-way delay of each IP packet delivered, from the sender's transmission [µs].
    delay_us: LogHistogram,
    total_segments: Option<u64>,
    done_at: Option<SimTime>,
    start: SimTime,
}

/// What the flow did, for the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TcpLinkSummary {
    /// Congestion control (`cubic`, ...).
    pub cc: String,
    /// Segments sent, retransmissions included.
    pub segments_sent: u64,
    /// Retransmissions by the TCP sender.
    pub retransmits: u64,
    /// Retransmissions per segment sent (paper 002 Table 1's "retransmission probability").
    pub retransmission_probability: f64,
    /// The most times one segment was retransmitted (Table 1's "maximum number of
    /// retransmission").
    pub max_retransmissions: u32,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Segments dropped at the link's full buffer.
    pub buffer_drops: u64,
    /// Segments delivered in order to the application.
    pub delivered_segments: u64,
    /// Goodput: data delivered in order over the run so far, or over the transfer once it
    /// ended [kb/s].
    pub goodput_kbps: f64,
    /// Time to deliver the whole file [s] (null for bulk, or while it lasts).
    pub transfer_s: Option<f64>,
    /// Congestion window now [segments].
    pub cwnd: f64,
    /// One-way delay of the IP packets delivered, sender to receiver, queueing included: the
    /// smallest, and the delays within which 85 % and 99 % of them arrived (Table 2) [s].
    pub delay_min_s: Option<f64>,
    /// 85 % of the packets arrived within this delay [s].
    pub delay_p85_s: Option<f64>,
    /// 99 % of the packets arrived within this delay [s].
    pub delay_p99_s: Option<f64>,
}

impl TcpOverLink {
    /// The same flow with `beta` as CUBIC's multiplicative decrease (when it runs CUBIC).
    pub fn with_cubic_beta(mut self, beta: f64) -> Self {
        self.sender = self.sender.with_cubic_beta(beta);
        self
    }

    /// A flow of `bytes` (bulk when `None`) in segments of `packet_bytes`, starting at `start`,
    /// with a receiver window of `rwnd_pkts` segments.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        cc: CcKind,
        bytes: Option<u64>,
        packet_bytes: u32,
        buffer_pkts: u32,
        rwnd_pkts: u32,
        lldus_per_packet: u32,
        one_way_s: f64,
        start: SimTime,
    ) -> Self {
        let total = bytes.map(|b| b.div_ceil(packet_bytes.max(1) as u64).max(1));
        let sender = TcpSender::new(cc, 10.0, total.unwrap_or(u64::MAX), rwnd_pkts.max(1) as f64)
            .with_min_rto(SimDuration::from_secs_f64(0.2))
            .with_rate_halving(true)
            .with_rto_on_every_ack(true)
            .with_lost_retransmit(true);
        TcpOverLink {
            sender,
            receiver: TcpReceiver::default(),
            cc,
            carried: HashMap::new(),
            acks: VecDeque::new(),
            ids: 0,
            pushed: 0,
            started: 0,
            arriving: VecDeque::new(),
            buffer_pkts: buffer_pkts as usize,
            lldus_per_packet: lldus_per_packet.max(1) as usize,
            one_way: SimDuration::from_secs_f64(one_way_s),
            sends: HashMap::new(),
            max_retransmissions: 0,
            segments_sent: 0,
            buffer_drops: 0,
            delay_us: LogHistogram::default(),
            total_segments: total,
            done_at: None,
            start,
        }
    }

    /// Congestion window [segments].
    pub fn cwnd(&self) -> f64 {
        self.sender.cwnd
    }

    /// The packet trace's node names.
    pub fn trace_nodes() -> Vec<String> {
        ["sender", "link", "receiver"].map(String::from).to_vec()
    }

    /// When the flow has its next event for the packet trace, the link's slots aside: a segment
    /// reaching the receiver, an ACK the sender, the retransmission timer (each acted on at the
    /// first slot boundary after it).
    pub fn next_packet_event(&self) -> Option<SimTime> {
        let arrive = self.arriving.front().map(|a| a.0);
        let ack = self.acks.front().map(|a| a.0);
        [arrive, ack, self.sender.rto_deadline()].into_iter().flatten().min()
    }

    /// Before the link's slot at `now`: segments and ACKs that have arrived, the timer, then
    /// what the sender may send, into the link's buffer (dropped when it is full). Recorded in
    /// `trace` (when it is on) at the slot's time.
    pub fn before_slot<E: Erasures>(&mut self, now: SimTime, link: &mut LlduLink<E>, trace: &mut PacketTrace) {
        if now < self.start {
            return;
        }
        while self.arriving.front().is_some_and(|a| a.0 <= now) {
            let (_, id, seq, ack_id, cum) = self.arriving.pop_front().expect("checked");
            record(trace, now, TraceKind::Deliver, id, seq, RECEIVER, false);
            record(trace, now, TraceKind::Ack, ack_id, cum, RECEIVER, true);
        }
        while self.acks.front().is_some_and(|(at, _, _)| *at <= now) {
            let (at, ack, id) = self.acks.pop_front().expect("checked");
            record(trace, now, TraceKind::AckArrive, id, ack.cum, SENDER, true);
            self.sender.on_ack(&ack, at);
            let una = self.sender.snd_una();
            self.sends.retain(|&seq, _| seq >= una);
        }
        let mut why = Reason::LossDetected;
        if self.sender.rto_deadline().is_some_and(|d| d <= now) {
            if trace.on() {
                trace.push(TraceRecord::new(now, TraceKind::Timeout, NO_PACKET, self.sender.snd_una(), SENDER));
            }
            self.sender.on_rto(now);
            why = Reason::TimerExpired;
        }
        for seg in self.sender.poll_send(now) {
            self.segments_sent += 1;
            let n = self.sends.entry(seg.seq).or_insert(0);
            *n += 1;
            self.max_retransmissions = self.max_retransmissions.max(*n - 1);
            let id = self.ids;
            self.ids += 1;
            if trace.on() {
                let kind = if *n > 1 { TraceKind::Retransmit } else { TraceKind::Send };
                let mut r = TraceRecord::new(now, kind, id, seg.seq, SENDER);
                r.reason = (*n > 1).then_some(why);
                trace.push(r);
            }
            let ahead = link.backlog_lldus().div_ceil(self.lldus_per_packet);
            if ahead >= self.buffer_pkts {
                self.buffer_drops += 1;
                if trace.on() {
                    let mut r = TraceRecord::new(now, TraceKind::Drop, id, seg.seq, SENDER);
                    r.reason = Some(Reason::Overflow);
                    trace.push(r);
                }
                continue;
            }
            let n = link.push_packet();
            self.pushed += 1;
            let c = Carried { seg, id, queued: now, ahead: ahead as u32, started: now };
            self.carried.insert(n, c);
        }
    }

    /// After the link's slot at `now`: the packets whose first LLDU it sent, each a hop from
    /// the sender (its buffer) onto the link, after its wait in the buffer. The link sends its
    /// packets' data LLDUs in order (paper 002 §3.3), so those are the packets up to the data
    /// it has taken.
    pub fn after_slot<E: Erasures>(&mut self, now: SimTime, link: &LlduLink<E>, trace: &mut PacketTrace) {
        let len = self.lldus_per_packet as u64;
        let taken = (self.pushed * len).saturating_sub(link.backlog_lldus() as u64);
        while self.started < self.pushed && self.started * len < taken {
            if let Some(c) = self.carried.get_mut(&self.started) {
                c.started = now;
                if trace.on() {
                    let mut r = TraceRecord::new(now, TraceKind::Hop, c.id, c.seg.seq, SENDER);
                    (r.next, r.waited, r.queue_ahead) = (Some(LINK), now.saturating_since(c.queued), c.ahead);
                    trace.push(r);
                }
            }
            self.started += 1;
        }
    }

    /// A packet the link has completed at `now`: delivered to the receiver one one-way time
    /// after the slot it completed in, whose ACK comes back one one-way time later; a lost one
    /// is gone (the link gave up on an LLDU: paper 002 §3.5's residual loss). In the packet
    /// trace, a delivered packet leaves the link for the receiver after the time beyond its own
    /// LLDUs' slots that the link held it (repair LLDUs, erased LLDUs resent a round trip later:
    /// §3.5.3-3.5.4); a lost one is dropped at the link.
    pub fn on_completed(&mut self, c: &Completed, slot_s: f64, now: SimTime, trace: &mut PacketTrace) {
        let Some(carried) = self.carried.remove(&c.seq) else { return };
        let seg = carried.seg;
        if !c.delivered {
            if trace.on() {
                let mut r = TraceRecord::new(now, TraceKind::Drop, carried.id, seg.seq, LINK);
                r.reason = Some(Reason::LinkError);
                trace.push(r);
            }
            return;
        }
        let arrival = SimTime::from_secs_f64(c.at_slot as f64 * slot_s) + self.one_way;
        self.delay_us.record(arrival.saturating_since(seg.ts).as_nanos() / 1000);
        let ack = self.receiver.on_data(&seg);
        if self.done_at.is_none() && self.total_segments.is_some_and(|t| self.receiver.delivered >= t) {
            self.done_at = Some(arrival);
        }
        let ack_id = self.ids;
        self.ids += 1;
        if trace.on() {
            let own = SimDuration::from_secs_f64((self.lldus_per_packet - 1) as f64 * slot_s);
            let mut r = TraceRecord::new(now, TraceKind::Hop, carried.id, seg.seq, LINK);
            let repairs = SimDuration(now.saturating_since(carried.started).as_nanos().saturating_sub(own.as_nanos()));
            (r.next, r.waited) = (Some(RECEIVER), repairs);
            trace.push(r);
            self.arriving.push_back((arrival, carried.id, seg.seq, ack_id, ack.cum));
        }
        self.acks.push_back((arrival + self.one_way, ack, ack_id));
    }

    /// Whether the whole file has been delivered (never for unlimited bulk).
    pub fn done(&self) -> bool {
        self.done_at.is_some()
    }

    /// Segments delivered in order so far.
    pub fn delivered(&self) -> u64 {
        self.receiver.delivered
    }

    /// What the flow has done by `now`.
    pub fn summary(&self, now: SimTime, packet_bytes: u32) -> TcpLinkSummary {
        let q = |x: f64| self.delay_us.quantile(x).map(|us| us as f64 / 1e6);
        let end = self.done_at.unwrap_or(now);
        let span = end.saturating_since(self.start).as_secs_f64();
        let bits =
            (self.receiver.delivered.min(self.total_segments.unwrap_or(u64::MAX)) * packet_bytes as u64 * 8) as f64;
        TcpLinkSummary {
            cc: self.cc.name().into(),
            segments_sent: self.segments_sent,
            retransmits: self.sender.retransmits,
            retransmission_probability: if self.segments_sent > 0 {
                self.sender.retransmits as f64 / self.segments_sent as f64
            } else {
                f64::NAN
            },
            max_retransmissions: self.max_retransmissions,
            timeouts: self.sender.timeouts,
            buffer_drops: self.buffer_drops,
            delivered_segments: self.receiver.delivered,
            goodput_kbps: if span > 0.0 { bits / span / 1e3 } else { f64::NAN },
            transfer_s: self.done_at.map(|d| d.saturating_since(self.start).as_secs_f64()),
            cwnd: self.sender.cwnd,
            delay_min_s: q(0.0),
            delay_p85_s: q(0.85),
            delay_p99_s: q(0.99),
        }
    }
}

/// Records event `kind` of packet `id` (`seq`: its segment, or the segment an ACK asks for).
fn record(trace: &mut PacketTrace, now: SimTime, kind: TraceKind, id: u64, seq: u64, node: u32, ack: bool) {
    if trace.on() {
        let mut r = TraceRecord::new(now, kind, id, seq, node);
        r.ack = ack;
        trace.push(r);
    }
}
