//! Medium access on a satellite's fading downlink: the adaptive HARQ that retransmits a packet
//! until the mutual information it gathered decodes it (paper 000).

pub mod harq;
