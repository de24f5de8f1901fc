//! Traffic sources and the packets they emit.

pub mod onoff;
pub mod poisson;
pub mod profile;
pub mod voip;

pub use poisson::PoissonSource;

use crate::kernel::SimTime;

/// A packet as the queueing models see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Index of the flow that sent it.
    pub flow: u32,
    /// Sequence number within its flow.
    pub seq: u64,
    /// When it entered the network.
    pub created: SimTime,
}
