//! The packet trace of one flow of a [`Mesh`]: what happened to each of its packets, hop by
//! hop (`crate::trace`), for a person stepping through a network event by event and for the
//! exports. The records go straight into the run's trace, which keeps its own limit, lent to
//! the mesh while it runs ([`Mesh::with_trace`]). Recording observes and never decides: the
//! packet numbers are the trace's own, and a run gives the same results traced or not (a test
//! in `mesh_tests.rs`).

use super::{Body, Mesh, Pkt, Source, NONE};
use crate::trace::{PacketTrace, Reason, TraceKind, TraceRecord, NO_PACKET};
use crate::transport::Feedback;

impl<S: Source> Mesh<S> {
    /// Traces flow `f`'s packets from now on (`None`: none), into the trace lent by
    /// [`Self::with_trace`]. Packets already sent are not traced.
    pub fn trace_flow(&mut self, f: Option<usize>) {
        self.traced = f.filter(|&f| f < self.flows.len()).map(|f| f as u32);
    }

    /// Runs `run` with `trace` lent to the mesh: the traced flow's records go into it.
    pub fn with_trace<R>(&mut self, trace: &mut PacketTrace, run: impl FnOnce(&mut Self) -> R) -> R {
        std::mem::swap(&mut self.trace, trace);
        let out = run(self);
        std::mem::swap(&mut self.trace, trace);
        out
    }

    /// Whether packets of flow `f` are recorded now.
    fn tracing(&self, f: u32) -> bool {
        self.traced == Some(f) && self.trace.on()
    }

    /// A record of `kind` about packet `p` at node `at`.
    fn record(&self, kind: TraceKind, p: &Pkt, seq: u64, at: u32) -> TraceRecord {
        let mut r = TraceRecord::new(self.now, kind, u64::from(p.id), seq, at);
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
        if !self.tracing(p.flow) {
            return p;
        }
        let seq = match &p.body {
            Body::Udp(n) => *n,
            Body::Data(seg) => seg.seq,
            Body::Feedback(_) => return p,
        };
        p.id = self.next_id;
        self.next_id += 1;
        let kind = if resent.is_some() { TraceKind::Retransmit } else { TraceKind::Send };
        let mut r = self.record(kind, &p, seq, src);
        (r.reason, r.route_hops) = (resent, self.isl_hops(src, p.to));
        self.trace.push(r);
        p
    }

    /// The receiver `at` of the traced flow acknowledges: the ACK `p` is numbered and recorded.
    pub(super) fn trace_ack(&mut self, mut p: Pkt, at: u32) -> Pkt {
        if !self.tracing(p.flow) {
            return p;
        }
        let Body::Feedback(Feedback::Ack(ack)) = &p.body else { return p };
        let cum = ack.cum;
        p.id = self.next_id;
        self.next_id += 1;
        let mut r = self.record(TraceKind::Ack, &p, cum, at);
        r.route_hops = self.isl_hops(at, p.to);
        self.trace.push(r);
        p
    }

    /// The packet device `dev` has just started sending, if it is a traced one.
    pub(super) fn trace_hop(&mut self, dev: u32) {
        let d = &self.devices[dev as usize];
        let Some(tx) = d.link.sending() else { return };
        let p = &tx.item;
        if p.id == NONE || !self.tracing(p.flow) {
            return;
        }
        let mut r = self.record(TraceKind::Hop, p, seq_of(p), d.from);
        (r.next, r.waited, r.queue_ahead) = (Some(p.hop), self.now.saturating_since(p.queued), p.ahead);
        self.trace.push(r);
    }

    /// Packet `p` is lost at node `at` for `why`, if it is a traced one.
    pub(super) fn trace_drop(&mut self, p: &Pkt, at: u32, why: Reason) {
        if p.id == NONE || !self.tracing(p.flow) {
            return;
        }
        let mut r = self.record(TraceKind::Drop, p, seq_of(p), at);
        r.reason = Some(why);
        self.trace.push(r);
    }

    /// Packet `p` reached node `at`, the end it was going to, if it is a traced one.
    pub(super) fn trace_arrive(&mut self, p: &Pkt, at: u32) {
        if p.id == NONE || !self.tracing(p.flow) {
            return;
        }
        let kind = if matches!(p.body, Body::Feedback(_)) { TraceKind::AckArrive } else { TraceKind::Deliver };
        let r = self.record(kind, p, seq_of(p), at);
        self.trace.push(r);
    }

    /// The traced flow's retransmission timer fired at its source (`una`: the first segment
    /// not acknowledged).
    pub(super) fn trace_timeout(&mut self, f: u32, src: u32, una: u64) {
        if !self.tracing(f) {
            return;
        }
        let mut r = TraceRecord::new(self.now, TraceKind::Timeout, NO_PACKET, una, src);
        r.flow = f;
        self.trace.push(r);
    }

    /// A new forwarding state: records the traced flow's route if it changed (a route lost
    /// is told by the drops that follow).
    pub(super) fn trace_route(&mut self) {
        let Some(f) = self.traced.filter(|_| self.trace.on()) else { return };
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
        self.trace.push(r);
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
