//! Packet networks over a constellation's moving routes, and the link they are made of.
//!
//! - [`link`]: the shared link-and-queue component, [`link::QueuedLink`]: a pluggable
//!   scheduler in front of a wire of a given rate (or any service time per item), then a
//!   propagation delay. It schedules nothing: its owner acts at the times it returns.
//! - [`transfer`]: a TCP transfer between two sites over the moving route: hosts that send and
//!   acknowledge, and the directed links between them, each a [`link::QueuedLink`] with ns-2's
//!   drop-tail limit.
//! - [`mesh`]: a whole network: many flows between ground stations sharing the links of a
//!   moving graph, forwarded hop by hop on state recomputed at an interval (Hypatia's link
//!   model); [`grid_shell`] is its graph for a +Grid shell from Hypatia's inputs,
//!   [`catalogue_graph`] for a real catalogue, and
//!   [`hypatia_load`] Hypatia's own traffic-matrix workload on it; [`path_export`] writes a
//!   flow's path over time for Mahimahi and `tc netem`; [`shape`] is what a globe draws of a
//!   mesh's constellation.

pub mod catalogue_graph;
pub mod grid_shell;
pub mod hypatia_load;
pub mod link;
pub mod mesh;
pub mod path_export;
pub mod shape;
pub mod transfer;
