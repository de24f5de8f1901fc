//! The packet trace: what happened to each packet, one record per event, for a person who
//! follows a run event by event (the app's *Next event*, its sequence diagram and "why did this
//! packet die?") and for a researcher who exports it (`skyqueue run --trace packets`).
//!
//! A trace is off until [`PacketTrace::with_limit`] turns it on; it then keeps the latest
//! `limit` records and counts the older ones it let go ([`PacketTrace::evicted`]), so memory is
//! bounded whatever the run's length. Recording observes and never decides: a run gives the
//! same results with the trace on or off (a test in `sim` holds it).
//!
//! Records name nodes by index into [`PacketTrace::nodes`], which the model fills once (sites by
//! name, satellites as plane and slot, `P3-S7`). Every export, CSV or JSON, in the CLI or in the
//! browser, writes the same columns ([`COLUMNS`]) through [`PacketTrace::csv`] and
//! [`PacketTrace::rows`].

use crate::kernel::{SimDuration, SimTime};
use serde::Serialize;
use std::collections::VecDeque;

/// [`TraceRecord::packet`] of a record that is about no one packet (a timeout, a route change).
pub const NO_PACKET: u64 = u64::MAX;

/// Most records a trace may keep ([`PacketTrace::with_limit`] refuses more): 2 million
/// records of 64 bytes, about 128 MB.
pub const MAX_LIMIT: usize = 2_000_000;

/// What happened to a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
// The UI's list of these values is generated from the schema (`sim/engine_kinds.rs`); the
// `Deserialize` reads them back in its test.
#[cfg_attr(test, derive(schemars::JsonSchema, serde::Deserialize))]
#[serde(rename_all = "kebab-case")]
pub enum TraceKind {
    /// A data packet leaves its sender for the first time (`node`: the sender).
    Send,
    /// A data packet leaves its sender again (`reason`: what made the sender resend it).
    Retransmit,
    /// A packet starts its transmission from `node` to `next`, after waiting `waited` behind
    /// `queue_ahead` packets.
    Hop,
    /// A packet is lost at `node` (`reason`: why).
    Drop,
    /// A data packet reaches its receiver (`node`).
    Deliver,
    /// The receiver sends an acknowledgement (`seq`: the next segment it expects).
    Ack,
    /// An acknowledgement reaches the sender (`node`).
    AckArrive,
    /// The sender's retransmission timer fires (`seq`: the first segment not acknowledged).
    Timeout,
    /// The route between the ends changed (`route_hops`: its ISL hops now); packets already
    /// sent keep the route they were sent on.
    RouteChange,
}

impl TraceKind {
    /// Whether it is a loss, a resend or a timeout: what *Next loss* stops at.
    pub fn is_trouble(self) -> bool {
        matches!(self, TraceKind::Drop | TraceKind::Retransmit | TraceKind::Timeout)
    }

    /// The kind as written in exports (`ack-arrive`).
    pub fn name(self) -> &'static str {
        match self {
            TraceKind::Send => "send",
            TraceKind::Retransmit => "retransmit",
            TraceKind::Hop => "hop",
            TraceKind::Drop => "drop",
            TraceKind::Deliver => "deliver",
            TraceKind::Ack => "ack",
            TraceKind::AckArrive => "ack-arrive",
            TraceKind::Timeout => "timeout",
            TraceKind::RouteChange => "route-change",
        }
    }
}

/// Why a packet was lost or sent again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
// The UI's list of these values is generated from the schema (`sim/engine_kinds.rs`); the
// `Deserialize` reads them back in its test.
#[cfg_attr(test, derive(schemars::JsonSchema, serde::Deserialize))]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Its link's buffer was full.
    Overflow,
    /// No route on to its destination: when it was sent, or at a node on its way (a network's
    /// forwarding).
    NoRoute,
    /// Resent because the sender judged it lost from the acknowledgements (SACK or three
    /// duplicate ACKs).
    LossDetected,
    /// Resent after the retransmission timer fired.
    TimerExpired,
    /// The sender's own buffer, ahead of a rate-paced transport, was full: the application made
    /// packets faster than the transport's rate let them go (paper 003's losses "between
    /// application and transport"; RFC 5348 §4.6 leaves the buffer to the sender).
    SenderBuffer,
    /// A link lost it to errors (an erased frame, bit errors), whatever recovery it had.
    LinkError,
    /// It arrived after its playout point: too late to be used.
    Late,
    /// It waited in its queue longer than the scheduler allows (a deadline such as CoDeS's
    /// timeout, or CoDel's sojourn target).
    Expired,
    /// Sent again by the link: the receiver could not decode it and asked for more (a HARQ
    /// NACK), on a hop rather than a drop.
    Nack,
    /// Lost at a handover: it was queued for a satellite that its ground terminal had left
    /// (ns-2's satellite handoff, `network::transfer`).
    Handoff,
}

impl Reason {
    /// The reason as written in exports (`no-route`).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Overflow => "overflow",
            Reason::NoRoute => "no-route",
            Reason::LossDetected => "loss-detected",
            Reason::TimerExpired => "timer-expired",
            Reason::SenderBuffer => "sender-buffer",
            Reason::LinkError => "link-error",
            Reason::Late => "late",
            Reason::Expired => "expired",
            Reason::Nack => "nack",
            Reason::Handoff => "handoff",
        }
    }
}

/// One event of one packet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceRecord {
    /// Number of the record in the run, from 0: gap-free, so a reader knows what it missed.
    pub n: u64,
    /// When it happened.
    pub t: SimTime,
    /// The packet: one number per transmission (a retransmission is a new packet);
    /// [`NO_PACKET`] for a timeout or a route change.
    pub packet: u64,
    /// The flow it belongs to.
    pub flow: u32,
    /// Its sequence number (the segment for data, the next expected segment for an ACK).
    pub seq: u64,
    /// Whether the packet is an acknowledgement (else data).
    pub ack: bool,
    /// What happened.
    pub kind: TraceKind,
    /// Where (an index into [`PacketTrace::nodes`]).
    pub node: u32,
    /// The next node of a [`TraceKind::Hop`].
    pub next: Option<u32>,
    /// Time waited in the queue before a [`TraceKind::Hop`].
    pub waited: SimDuration,
    /// Packets ahead of it in the queue when it reached the link of a [`TraceKind::Hop`].
    pub queue_ahead: u32,
    /// ISL hops of the route a packet was sent on ([`TraceKind::Send`], [`TraceKind::Retransmit`],
    /// [`TraceKind::Ack`]) or of the new route ([`TraceKind::RouteChange`]).
    pub route_hops: u32,
    /// Why, for a drop or a retransmission.
    pub reason: Option<Reason>,
}

impl TraceRecord {
    /// A record of `kind` for `packet` at `node`, every optional column empty (the trace
    /// numbers it when it is pushed).
    pub fn new(t: SimTime, kind: TraceKind, packet: u64, seq: u64, node: u32) -> TraceRecord {
        TraceRecord {
            n: 0,
            t,
            packet,
            flow: 0,
            seq,
            ack: false,
            kind,
            node,
            next: None,
            waited: SimDuration::ZERO,
            queue_ahead: 0,
            route_hops: 0,
            reason: None,
        }
    }
}

/// The columns of every export, in order.
pub const COLUMNS: [&str; 13] = [
    "n",
    "t_s",
    "kind",
    "packet",
    "ack",
    "flow",
    "seq",
    "node",
    "next",
    "waited_ms",
    "queue_ahead",
    "route_hops",
    "reason",
];

/// One record as exported: node names resolved, times in seconds and milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceRow<'a> {
    /// [`TraceRecord::n`].
    pub n: u64,
    /// [`TraceRecord::t`] [s].
    pub t_s: f64,
    /// [`TraceRecord::kind`].
    pub kind: TraceKind,
    /// [`TraceRecord::packet`]; none for a timeout or a route change.
    pub packet: Option<u64>,
    /// [`TraceRecord::ack`] (1 or 0 in CSV).
    pub ack: bool,
    /// [`TraceRecord::flow`].
    pub flow: u32,
    /// [`TraceRecord::seq`].
    pub seq: u64,
    /// The node's name.
    pub node: &'a str,
    /// The next node's name (hops only).
    pub next: Option<&'a str>,
    /// [`TraceRecord::waited`] [ms].
    pub waited_ms: f64,
    /// [`TraceRecord::queue_ahead`].
    pub queue_ahead: u32,
    /// [`TraceRecord::route_hops`].
    pub route_hops: u32,
    /// [`TraceRecord::reason`].
    pub reason: Option<Reason>,
}

/// The latest records of a run, at most `limit` of them.
#[derive(Clone, Debug, Default)]
pub struct PacketTrace {
    limit: usize,
    records: VecDeque<TraceRecord>,
    next_n: u64,
    nodes: Vec<String>,
}

impl PacketTrace {
    /// A trace that records nothing (every push is a no-op).
    pub fn off() -> PacketTrace {
        PacketTrace::default()
    }

    /// A trace keeping the latest `limit` records; `None` when `limit` is over [`MAX_LIMIT`].
    pub fn with_limit(limit: usize) -> Option<PacketTrace> {
        (limit <= MAX_LIMIT).then(|| PacketTrace { limit, ..PacketTrace::default() })
    }

    /// Whether records are kept.
    #[inline]
    pub fn on(&self) -> bool {
        self.limit > 0
    }

    /// Most records kept.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Names the nodes records refer to (the model calls it once it knows them).
    pub fn set_nodes(&mut self, nodes: Vec<String>) {
        self.nodes = nodes;
    }

    /// The nodes' names, by index.
    pub fn nodes(&self) -> &[String] {
        &self.nodes
    }

    /// Records `r`, numbering it; the oldest record goes when the trace is full.
    #[inline]
    pub fn push(&mut self, mut r: TraceRecord) {
        if self.limit == 0 {
            return;
        }
        r.n = self.next_n;
        self.next_n += 1;
        if self.records.len() == self.limit {
            self.records.pop_front();
        }
        self.records.push_back(r);
    }

    /// Records made so far, kept or not.
    pub fn recorded(&self) -> u64 {
        self.next_n
    }

    /// Records let go to keep the limit (the oldest).
    pub fn evicted(&self) -> u64 {
        self.next_n - self.records.len() as u64
    }

    /// The kept records numbered `from` or later, oldest first.
    pub fn since(&self, from: u64) -> impl Iterator<Item = &TraceRecord> {
        let skip = from.saturating_sub(self.evicted()).min(self.records.len() as u64) as usize;
        self.records.range(skip..)
    }

    fn name(&self, node: u32) -> &str {
        self.nodes.get(node as usize).map_or("?", String::as_str)
    }

    /// `r` as exported.
    pub fn row<'a>(&'a self, r: &TraceRecord) -> TraceRow<'a> {
        TraceRow {
            n: r.n,
            t_s: r.t.as_secs_f64(),
            kind: r.kind,
            packet: (r.packet != NO_PACKET).then_some(r.packet),
            ack: r.ack,
            flow: r.flow,
            seq: r.seq,
            node: self.name(r.node),
            next: r.next.map(|b| self.name(b)),
            waited_ms: r.waited.as_secs_f64() * 1e3,
            queue_ahead: r.queue_ahead,
            route_hops: r.route_hops,
            reason: r.reason,
        }
    }

    /// The kept records numbered `from` or later, as exported.
    pub fn rows(&self, from: u64) -> Vec<TraceRow<'_>> {
        self.since(from).map(|r| self.row(r)).collect()
    }

    /// The kept records numbered `from` or later as JSON: an array of objects with the
    /// [`COLUMNS`] as keys.
    pub fn json(&self, from: u64) -> String {
        let mut out = Vec::new();
        match self.write_json(from, &mut out) {
            Ok(()) => String::from_utf8(out).unwrap_or_else(|_| "[]".into()),
            Err(_) => "[]".into(),
        }
    }

    /// [`PacketTrace::json`], written record by record to `w`: the same bytes as the array
    /// serialised at once, without holding the text of two million records (about 0.9 GB) in
    /// memory while a trace file is written.
    pub fn write_json<W: std::io::Write>(&self, from: u64, mut w: W) -> std::io::Result<()> {
        w.write_all(b"[")?;
        for (i, r) in self.since(from).enumerate() {
            if i > 0 {
                w.write_all(b",")?;
            }
            serde_json::to_writer(&mut w, &self.row(r))?;
        }
        w.write_all(b"]")
    }

    /// Every kept record as CSV: a header of [`COLUMNS`], then one line per record (times to
    /// the nanosecond, empty cells for columns a kind does not use).
    pub fn csv(&self) -> String {
        let mut out = COLUMNS.join(",");
        out.push('\n');
        for r in &self.records {
            let row = self.row(r);
            let waited = if r.kind == TraceKind::Hop { format!("{:.6}", row.waited_ms) } else { String::new() };
            out.push_str(&format!(
                "{},{:.9},{},{},{},{},{},{},{},{},{},{},{}\n",
                row.n,
                row.t_s,
                r.kind.name(),
                row.packet.map(|p| p.to_string()).unwrap_or_default(),
                r.ack as u8,
                row.flow,
                row.seq,
                csv_cell(row.node),
                row.next.map(csv_cell).unwrap_or_default(),
                waited,
                row.queue_ahead,
                row.route_hops,
                r.reason.map_or("", Reason::name),
            ));
        }
        out
    }
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(t: u64, kind: TraceKind) -> TraceRecord {
        TraceRecord::new(SimTime(t), kind, t, t, 0)
    }

    #[test]
    fn an_off_trace_keeps_nothing() {
        let mut tr = PacketTrace::off();
        tr.push(rec(1, TraceKind::Send));
        assert!(!tr.on());
        assert_eq!((tr.recorded(), tr.since(0).count()), (0, 0));
    }

    #[test]
    fn a_full_trace_keeps_the_latest_records_and_counts_the_rest() {
        let mut tr = PacketTrace::with_limit(3).unwrap();
        for t in 0..5 {
            tr.push(rec(t, TraceKind::Send));
        }
        assert_eq!(tr.recorded(), 5);
        assert_eq!(tr.evicted(), 2);
        assert_eq!(tr.since(0).map(|r| r.n).collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!(tr.since(4).map(|r| r.n).collect::<Vec<_>>(), [4]);
        assert_eq!(tr.since(9).count(), 0);
        assert!(PacketTrace::with_limit(MAX_LIMIT + 1).is_none());
    }

    #[test]
    fn csv_and_json_have_the_same_columns() {
        let mut tr = PacketTrace::with_limit(10).unwrap();
        tr.set_nodes(vec!["New York, USA".into(), "P1-S2".into()]);
        let mut hop = rec(1_500_000, TraceKind::Hop);
        (hop.next, hop.waited, hop.queue_ahead) = (Some(1), SimDuration(250_000), 2);
        tr.push(hop);
        let mut drop = rec(2_000_000, TraceKind::Drop);
        (drop.node, drop.reason) = (1, Some(Reason::Overflow));
        tr.push(drop);
        let csv = tr.csv();
        let lines: Vec<_> = csv.lines().collect();
        assert_eq!(lines[0], COLUMNS.join(","));
        assert_eq!(lines[1], "0,0.001500000,hop,1500000,0,0,1500000,\"New York, USA\",P1-S2,0.250000,2,0,");
        assert_eq!(lines[2], "1,0.002000000,drop,2000000,0,0,2000000,P1-S2,,,0,0,overflow");
        let json: Vec<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(&tr.json(0)).unwrap();
        assert_eq!(json[0].keys().map(String::as_str).collect::<Vec<_>>().len(), COLUMNS.len());
        for c in COLUMNS {
            assert!(json[0].contains_key(c), "{c}");
        }
        assert_eq!(json[1]["reason"], "overflow");
        assert_eq!(json[0]["kind"], "hop");
    }

    #[test]
    fn json_written_record_by_record_is_the_array_serialised_at_once() {
        let mut tr = PacketTrace::with_limit(4).unwrap();
        tr.set_nodes(vec!["New \"York\"\n".into(), "P1-S2".into()]);
        for t in 0..6 {
            let mut r = rec(t * 1_000, if t % 2 == 0 { TraceKind::Hop } else { TraceKind::Drop });
            (r.next, r.reason) = (Some(1), (t % 2 == 1).then_some(Reason::Overflow));
            tr.push(r);
        }
        for from in [0, 3, 9] {
            let at_once = serde_json::to_string(&tr.rows(from)).unwrap();
            let mut streamed = vec![];
            tr.write_json(from, &mut streamed).unwrap();
            assert_eq!(String::from_utf8(streamed).unwrap(), at_once, "from {from}");
            assert_eq!(tr.json(from), at_once);
        }
        assert_eq!(PacketTrace::off().json(0), "[]");
    }
}
