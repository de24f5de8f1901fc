//! Transport protocols behind one flow interface, [`TransportFlow`]: a sender and its receiver
//! as a model sees them, moving [`Segment`]s one way and [`Feedback`] the other, with one timer,
//! all in the kernel's integer time. TCP ([`tcp`], with pluggable congestion control, NewReno
//! and CUBIC) implements it; another protocol (DCCP with TFRC, say) is added beside it as a
//! [`Transport`] variant, a [`Feedback`] variant for what its receiver reports, and an
//! implementation, without touching a model.

pub mod congestion;
pub mod tcp;
pub mod tfrc;

use crate::kernel::SimTime;
use congestion::CcKind;

/// A data packet on the wire: the sender's sequence number and send time (echoed back in the
/// feedback, for RTT samples).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Sequence number (whole segments).
    pub seq: u64,
    /// Send time (TCP's timestamp option).
    pub ts: SimTime,
}

/// What a receiver sends back to its sender.
#[derive(Clone, Debug, PartialEq)]
pub enum Feedback {
    /// A TCP acknowledgement.
    Ack(tcp::Ack),
}

/// What a flow has done, for inspection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlowStats {
    /// Segments the sender knows were received (TCP: the cumulative ACK, snd_una).
    pub acked: u64,
    /// Segments sent again.
    pub retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
}

/// One transport flow, sender and receiver. Nothing reads a clock: every call receives `now`.
/// The model carries segments from [`TransportFlow::poll_send`] to
/// [`TransportFlow::on_segment`] (or loses them), feedback back to
/// [`TransportFlow::on_feedback`], and calls [`TransportFlow::on_timer`] once `now` reaches
/// [`TransportFlow::timer`].
pub trait TransportFlow {
    /// Segments the sender may send at `now`, in order; arms the timer.
    fn poll_send(&mut self, now: SimTime) -> Vec<Segment>;
    /// A segment reaches the receiver at `now`: the feedback it sends back, if any.
    fn on_segment(&mut self, seg: &Segment, now: SimTime) -> Option<Feedback>;
    /// Feedback reaches the sender at `now`.
    fn on_feedback(&mut self, fb: &Feedback, now: SimTime);
    /// When the sender's timer fires, if armed.
    fn timer(&self) -> Option<SimTime>;
    /// The timer fired at `now` (a call before [`TransportFlow::timer`] does nothing).
    fn on_timer(&mut self, now: SimTime);
    /// Segments delivered in order to the receiving application.
    fn delivered(&self) -> u64;
    /// Counters.
    fn stats(&self) -> FlowStats;
}

/// Which transport a flow uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// TCP with this congestion control, a bulk transfer (IW 10, unlimited receiver window).
    Tcp(CcKind),
}

impl Transport {
    /// A new flow of this transport, with an unlimited receiver window.
    pub fn flow(self) -> Box<dyn TransportFlow> {
        self.flow_with_window(1e9)
    }

    /// A new flow whose receiver advertises `rwnd_pkts` segments: the sender never has more
    /// in flight, whatever its congestion window says.
    pub fn flow_with_window(self, rwnd_pkts: f64) -> Box<dyn TransportFlow> {
        match self {
            Transport::Tcp(cc) => Box::new(tcp::TcpFlow::new(tcp::TcpSender::new(cc, 10.0, u64::MAX, rwnd_pkts))),
        }
    }
}
