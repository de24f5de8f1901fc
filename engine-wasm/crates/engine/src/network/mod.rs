//! Packet networks over a constellation's moving routes, and the link they are made of.
//!
//! - [`link`]: the shared link-and-queue component, [`link::QueuedLink`]: a pluggable
//!   scheduler in front of a wire of a given rate (or any service time per item), then a
//!   propagation delay. It schedules nothing: its owner acts at the times it returns.
//! - [`transfer`]: a TCP transfer between two sites over the moving route: hosts that send and
//!   acknowledge, and the directed links between them, each a [`link::QueuedLink`] with ns-2's
//!   drop-tail limit.

pub mod link;
pub mod transfer;
