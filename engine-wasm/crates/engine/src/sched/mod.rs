//! Packet schedulers and queue management. Nothing here reads a clock or a channel: every call
//! receives `now`, and channel-aware policies ask the caller for each flow's achievable rate.
//!
//! Two abstractions, and what goes through each:
//!
//! - [`Scheduler`]: the queues in front of one link and the choice of the packet it sends next;
//!   every drop is reported with its [`DropReason`]. The LMS-link policies of paper 000 are one
//!   type each: [`DropTail`] (DT_S and DT_H), [`per_flow::RoundRobin`] (RR), the channel-aware
//!   [`pf::Pf`] (PF), [`pf::Codes`] (CoDeS), [`pf::MLwdf`] (M-LWDF) and [`pf::ExpPf`] (EXP-PF),
//!   and [`fq_codel::FqCodel`] (FQ-CoDel). [`policy::build`] makes the one an
//!   [`policy::LmsPolicy`] names from all of its parameters ([`policy::PolicyParams`]); the
//!   VoIP-over-LEO model holds it as a `Box<dyn Scheduler<_>>`. Behind the shared link
//!   ([`crate::network::link::QueuedLink`]), [`DropTail`] is the buffer of the queue model, of
//!   the VoIP-over-DCCP bottleneck and of every link of a TCP transfer; it also has plain FIFO
//!   methods (the arrival kept or refused).
//! - [`ClassSharing`]: how the DiffServ router shares its link between the EF, AF and CS0 class
//!   queues: [`dwrr::Dwrr`] (EF by strict priority, then deficit weighted round robin) and
//!   [`pss::Pss`] (the Priority Switching Scheduler of paper 001).
//!   [`class_queues::ClassQueues`] puts the three class buffers and one `Box<dyn ClassSharing>`
//!   behind the [`Scheduler`] trait, passing the sharing the configured capacity and the AF
//!   head's size PSS's credit needs: the router's link is a `QueuedLink` behind it.

pub mod class_queues;
pub mod drop_tail;
pub mod dwrr;
pub mod fq_codel;
pub mod per_flow;
pub mod pf;
pub mod policy;
pub mod pss;

pub use drop_tail::DropTail;

use crate::kernel::SimTime;

/// Why a scheduler dropped a packet: the one drop-reason type of every scheduler and buffer.
/// Causes are counted separately in the metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// The buffer was full: the arrival was refused (drop-tail), or for FQ-CoDel the head of
    /// the longest queue made room for it (RFC 8290 §4.1).
    Overflow,
    /// CoDeS: the packet waited longer than the sojourn timeout (paper 000 §VI).
    Timeout,
    /// CoDel's control law dropped it at dequeue: the sojourn stayed above the target for an
    /// interval (RFC 8289; FQ-CoDel, RFC 8290).
    Codel,
}

/// Outcome of offering a packet to a plain FIFO ([`DropTail::enqueue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enqueued {
    /// The packet is queued.
    Accepted,
    /// The packet was dropped.
    Dropped(DropReason),
}

/// What a queued item tells the scheduler.
pub trait Queued {
    /// Flow (destination) index.
    fn flow(&self) -> usize;
    /// When it entered the queue.
    fn enqueued_at(&self) -> SimTime;
}

/// What a channel-aware scheduler asks about the link at a decision: each flow's achievable
/// rate now (for the LMS link, the QPSK mutual information per symbol of the flow's receiver).
/// Any `FnMut(usize) -> f64` is one.
pub trait LinkState {
    /// Achievable rate of `flow` at the decision time; only compared between flows and with
    /// their averages, so any unit will do. Asked only for flows with a packet waiting.
    fn rate(&mut self, flow: usize) -> f64;

    /// The rates of `flows`, in order, into `out`: one call per decision instead of one per
    /// flow, so that behind a `dyn LinkState` the per-flow calls are static (with 200 flows an
    /// indirect call per flow per decision cost about 5 % of a run).
    fn rates(&mut self, flows: &[usize], out: &mut Vec<f64>) {
        out.clear();
        out.extend(flows.iter().map(|&f| self.rate(f)));
    }
}

impl<F: FnMut(usize) -> f64> LinkState for F {
    fn rate(&mut self, flow: usize) -> f64 {
        self(flow)
    }
}

/// Packets a scheduler dropped during one call, with the reason.
pub type Drops<T> = Vec<(T, DropReason)>;

/// The queues in front of one link and the choice of the next packet to send. Every call
/// receives `now`; nothing reads a clock. Packets dropped on the way (the arrival, another
/// queued packet, or packets found too old at dequeue) are appended to `drops`.
pub trait Scheduler<T> {
    /// Offers `item` at `now`.
    fn enqueue(&mut self, now: SimTime, item: T, drops: &mut Drops<T>);
    /// Takes the next packet to send at `now`, if any. Channel-aware policies ask `link` for
    /// the rate of the flows with a packet waiting; the others ignore it.
    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, drops: &mut Drops<T>) -> Option<T>;
    /// Packets waiting.
    fn len(&self) -> usize;
    /// Whether no packet waits.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A DiffServ class (paper 001).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Expedited forwarding (strict priority).
    Ef,
    /// Assured forwarding (PSS-controlled).
    Af,
    /// Best effort.
    Cs0,
}

/// Which class queues hold a packet at a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backlog {
    /// EF has a packet.
    pub ef: bool,
    /// AF has a packet.
    pub af: bool,
    /// CS0 has a packet.
    pub cs0: bool,
}

/// What a class-sharing decision may need to know about the link.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassLink {
    /// The capacity C the sharing is configured for [b/s] (PSS's credit slopes; on a link of
    /// varying rate, the average: paper 001 §2.3).
    pub capacity_bps: f64,
    /// Size of the packet at the head of AF [bits].
    pub af_head_bits: f64,
}

/// The state of a credit-based sharing (PSS's AF credit counter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CreditState {
    /// Current credit [bits].
    pub credit_bits: f64,
    /// Whether AF is at high priority.
    pub high: bool,
    /// Priority switches so far.
    pub switches: u64,
}

/// How a router shares its link between the EF, AF and CS0 class queues: one decision each time
/// the link is free. Every call receives `now`; nothing reads a clock.
pub trait ClassSharing {
    /// The class to serve at `now`, given which queues hold a packet; `None` when none does.
    fn pick(&mut self, now: SimTime, backlog: Backlog, link: ClassLink) -> Option<Class>;
    /// The credit state, for a credit-based sharing (PSS); `None` for the others.
    fn credit(&self) -> Option<CreditState> {
        None
    }
}

/// A minimal queued item for the schedulers' tests: (flow, enqueue time [ns]).
#[cfg(test)]
pub(crate) mod test_packet {
    use super::Queued;
    use crate::kernel::SimTime;

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct P(pub usize, pub u64);
    impl Queued for P {
        fn flow(&self) -> usize {
            self.0
        }
        fn enqueued_at(&self) -> SimTime {
            SimTime(self.1)
        }
    }
}

#[cfg(test)]
mod tests;
