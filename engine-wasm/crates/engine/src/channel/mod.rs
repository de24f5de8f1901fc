//! Channel models: what a receiver's link offers at a time. [`Channel`] is the interface a
//! model and its schedulers use (SNR, and mutual information per symbol); [`lms::LmsChannel`],
//! the Land Mobile Satellite channel of the last hop (paper 000), implements it. The QPSK
//! mutual information lives here too ([`qpsk`]), and the Gilbert-Elliott erasure channel of
//! link-layer data units (paper 002, [`gilbert_elliott`]), and a channel read from a trace
//! ([`trace`]).

pub mod gilbert_elliott;
pub mod lms;
pub mod qpsk;
pub mod trace;

pub use qpsk::{qpsk_mi_bits, qpsk_mi_bits_linear};

use crate::kernel::{math, SimTime};

/// One receiver's channel, evaluated lazily at non-decreasing times. Nothing here reads a
/// clock: every call receives `now`. A channel draws from its own random stream, so the values
/// it gives do not depend on how often it is asked.
pub trait Channel {
    /// Linear SNR at `now`. Times must not decrease; an earlier time returns the current value.
    fn snr_linear(&mut self, now: SimTime) -> f64;

    /// SNR [dB] at `now`.
    fn snr_db(&mut self, now: SimTime) -> f64 {
        10.0 * math::log10(self.snr_linear(now))
    }

    /// Mutual information per symbol [bits/symbol] at `now`: what HARQ accumulates and what the
    /// channel-aware schedulers call the achievable rate. QPSK's at the current SNR unless the
    /// channel says otherwise.
    fn mi_bits(&mut self, now: SimTime) -> f64 {
        qpsk_mi_bits_linear(self.snr_linear(now))
    }
}
