//! Link-layer reliability: adaptive HARQ on the LMS link (paper 000).

pub mod harq;
