//! Link-layer reliability: adaptive HARQ on the LMS link (paper 000), and FEC / ARQ / HARQ-II
//! over LLDUs on an erasure channel (paper 002).

pub mod harq;
pub mod lldu;
pub mod phy;
