//! Packet networks over a constellation's moving routes: hosts that send and acknowledge, and
//! the directed links between them, each serialising at its rate behind a drop-tail queue.

pub mod transfer;
