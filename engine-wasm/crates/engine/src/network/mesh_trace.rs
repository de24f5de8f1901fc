//! The packet trace of one flow of a [`Mesh`]: what happened to each of its packets, hop by
//! hop (`crate::trace`), for a person stepping through a network event by event and for the
//! exports. Recording observes and never decides: the packet numbers are the trace's own, and
//! a run gives the same results traced or not (a test in `mesh_tests.rs`).

use super::{Body, Mesh, Pkt, Source};
use crate::trace::{Reason, TraceKind, TraceRecord, NO_PACKET};
use crate::transport::Feedback;

impl<S: Source> Mesh<S> {
    /// Traces flow `f`'s packets from now on (`None`: none). The records wait until
    /// [`Self::take_records`].
    pub fn trace_flow(&mut self, f: Option<usize>) {
        self.traced = f.filter(|&f| f < self.flows.len()).map(|f| f as u32);
        if self.traced.is_none() {
            self.records.clear();
        }
    }

    /// The trace records made since the last call, oldest first.
    pub fn take_records(&mut self) -> Vec<TraceRecord> {
        std::mem::take(&mut self.records)
    }

    /// A record of `kind` about packet `p` at node `at`.
    fn record(&self, kind: TraceKind, p: &Pkt, seq: u64, at: u32) -> TraceRecord {
        let mut r = TraceRecord::new(self.now, kind, p.id, seq, at);
        r.flow = p.flow;
        r.ack = matches!(p.body, Body::Feedback(_));
        r
    }

    /// The ISL hops of the path from `a` to `b` under the state in force (0 without one).
    fn isl_hops(&self, a: u32, b: u32) -> u32 {
        self.path_of(a, b).map_or(0, |(_, links, _)| links.saturating_sub(2))
    }

    /// Packet `p` of the traced flow leaves its source `src`: numbered and recorded as sent,
    /// or sent again for `resent`.
    pub(super) fn trace_send(&mut self, mut p: Pkt, src: u32, resent: Option<Reason>) -> Pkt {
        if self.traced != Some(p.flow) {
            return p;
        }
        p.id = self.next_id;
        self.next_id += 1;
        let seq = match &p.body {
            Body::Udp(n) => *n,
            Body::Data(seg) => seg.seq,
            Body::Feedback(_) => return p,
        };
        let kind = if resent.is_some() { TraceKind::Retransmit } else { TraceKind::Send };
        let mut r = self.record(kind, &p, seq, src);
        (r.reason, r.route_hops) = (resent, self.isl_hops(src, p.to));
        self.records.push(r);
        p
    }

    /// The receiver `at` of the traced flow acknowledges: the ACK `p` is numbered and recorded.
    pub(super) fn trace_ack(&mut self, mut p: Pkt, at: u32) -> Pkt {
        if self.traced != Some(p.flow) {
            return p;
        }
        p.id = self.next_id;
        self.next_id += 1;
        let Body::Feedback(Feedback::Ack(ack)) = &p.body else { return p };
        let mut r = self.record(TraceKind::Ack, &p, ack.cum, at);
        r.route_hops = self.isl_hops(at, p.to);
        self.records.push(r);
        p
    }

    /// The packet device `dev` has just started sending, if it is the traced flow's.
    pub(super) fn trace_hop(&mut self, dev: u32) {
        let d = &self.devices[dev as usize];
        let Some(tx) = d.link.sending() else { return };
        let p = &tx.item;
        if self.traced != Some(p.flow) {
            return;
        }
        let seq = seq_of(p);
        let mut r = self.record(TraceKind::Hop, p, seq, d.from);
        (r.next, r.waited, r.queue_ahead) = (Some(p.hop), self.now.saturating_since(p.queued), p.ahead);
        self.records.push(r);
    }

    /// Packet `p` is lost at node `at` for `why`, if it is the traced flow's.
    pub(super) fn trace_drop(&mut self, p: &Pkt, at: u32, why: Reason) {
        if self.traced != Some(p.flow) {
            return;
        }
        let mut r = self.record(TraceKind::Drop, p, seq_of(p), at);
        r.reason = Some(why);
        self.records.push(r);
    }

    /// Packet `p` of the traced flow reached the end it was going to.
    pub(super) fn trace_arrive(&mut self, p: &Pkt, at: u32, kind: TraceKind, seq: u64) {
        let r = self.record(kind, p, seq, at);
        self.records.push(r);
    }

    /// The traced flow's retransmission timer fired at its source (`una`: the first segment
    /// not acknowledged).
    pub(super) fn trace_timeout(&mut self, f: u32, src: u32, una: u64) {
        if self.traced != Some(f) {
            return;
        }
        let mut r = TraceRecord::new(self.now, TraceKind::Timeout, NO_PACKET, una, src);
        r.flow = f;
        self.records.push(r);
    }

    /// A new forwarding state: records the traced flow's route if it changed (a route lost
    /// is told by the drops that follow).
    pub(super) fn trace_route(&mut self) {
        let Some(f) = self.traced else { return };
        let route = self.route(f as usize);
        if route.is_empty() || route == self.traced_route {
            return;
        }
        let first = self.traced_route.is_empty();
        self.traced_route = route;
        if first {
            return;
        }
        let src = self.flows[f as usize].spec.src;
        let mut r = TraceRecord::new(self.now, TraceKind::RouteChange, NO_PACKET, 0, src);
        r.flow = f;
        r.route_hops = (self.traced_route.len() as u32).saturating_sub(3);
        self.records.push(r);
    }
}

/// The sequence number a record gives packet `p`: the segment, the next segment an ACK asks
/// for, or a UDP packet's number in its flow.
fn seq_of(p: &Pkt) -> u64 {
    match &p.body {
        Body::Udp(n) => *n,
        Body::Data(seg) => seg.seq,
        Body::Feedback(Feedback::Ack(ack)) => ack.cum,
    }
}
