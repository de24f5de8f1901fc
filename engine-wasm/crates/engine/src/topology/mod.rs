//! Topology: ISL rules (seam, polar cut-off), access-satellite selection, routing, and the
//! per-pair stepping that classifies handovers (paper 004 §2.3; docs/REPRODUCTION.md).

pub mod access;
pub mod all_pairs;
pub mod catalogue_pair;
pub mod grid;
pub mod isl;
pub mod isl_graph;
pub mod layout;
pub mod ns2;
pub mod pair;
pub mod routing;
