//! Transport protocols: TCP with pluggable congestion control (NewReno, CUBIC).

pub mod congestion;
pub mod tcp;
