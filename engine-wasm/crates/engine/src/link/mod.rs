//! An LLDU link layer over an erasure channel: FEC, ARQ and HARQ-II on fixed-size link data
//! units (paper 002), and the modelled physical layer whose erasures it can run on.

pub mod lldu;
pub mod phy;
