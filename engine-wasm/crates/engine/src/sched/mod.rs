//! Packet schedulers and queue management. Every scheduler implements [`Scheduler`]; the
//! simulation holds one behind static dispatch. Nothing here reads a clock: `now` is passed in.

pub mod drop_tail;
pub mod fq_codel;
pub mod per_flow;
pub mod pss;

pub use drop_tail::DropTail;

use crate::kernel::SimTime;
use crate::traffic::Packet;

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

/// Outcome of offering a packet to a scheduler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enqueued {
    /// The packet is queued.
    Accepted,
    /// The packet was dropped.
    Dropped(DropReason),
}

/// Chooses the queue to serve next. Every call receives `now`; nothing reads a clock.
pub trait Scheduler<T = Packet> {
    /// Offers a packet.
    fn enqueue(&mut self, now: SimTime, pkt: T) -> Enqueued;
    /// Takes the next packet to transmit, if any.
    fn dequeue(&mut self, now: SimTime) -> Option<T>;
    /// Packets waiting.
    fn len(&self) -> usize;
    /// Whether no packet waits.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
