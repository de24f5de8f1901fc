//! The discrete-event kernel: integer simulated time, the future event list, seeded random
//! streams and target-independent maths. Models build on these; nothing here knows about
//! packets, satellites or the browser.

pub mod hold;
pub mod math;
pub mod queue;
pub mod rng;
pub mod time;

pub use queue::{EventKey, EventQueue};
pub use rng::{RngStream, Streams};
pub use time::{SimDuration, SimTime, NS_PER_S};
