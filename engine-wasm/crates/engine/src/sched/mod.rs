//! Packet schedulers and queue management. Every scheduler implements [`Scheduler`]; the
//! simulation holds one behind static dispatch. Nothing here reads a clock: `now` is passed in.

pub mod drop_tail;
pub mod fq_codel;
pub mod per_flow;
pub mod pss;

pub use drop_tail::DropTail;

use crate::kernel::SimTime;
use crate::traffic::Packet;

/// Why a packet was dropped. Causes are counted separately in the metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// The buffer was full when the packet arrived.
    Overflow,
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
pub trait Scheduler {
    /// Offers a packet.
    fn enqueue(&mut self, now: SimTime, pkt: Packet) -> Enqueued;
    /// Takes the next packet to transmit, if any.
    fn dequeue(&mut self, now: SimTime) -> Option<Packet>;
    /// Packets waiting.
    fn len(&self) -> usize;
    /// Whether no packet waits.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
