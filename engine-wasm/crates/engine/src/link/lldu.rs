//! The link layer of paper 002 (`002_fd0c9b0ead2567de.txt` §3.5, Fig. 4), simulated LLDU by
//! LLDU: IP packets cut into link-layer data units (LLDUs), one LLDU per slot of the link's
//! clock, each slot one step of the erasure channel, and one of four reliability schemes:
//!
//! - **none**: every LLDU sent once;
//! - **FEC(N_D/N_R)**: blocks of N_D data and N_R repair LLDUs, decoded when at least N_D of
//!   the N = N_D + N_R arrive (§3.5.1), optionally interleaved over I blocks sent column by
//!   column (§3.5.2); nothing is ever sent again;
//! - **SR-ARQ**: an erased LLDU is sent again as soon as the sender hears of it, one round trip
//!   after it went out (§3.5.3), without limit or at most `max_retx` times;
//! - **HARQ-II**: an FEC block first; a receiver missing d LLDUs to decode asks for them and the
//!   sender sends d + N_S repair LLDUs a round trip later, at most R such rounds (§3.5.4).
//!
//! The codes are systematic: a data LLDU that arrives is delivered at once; an erased one when
//! its block decodes (at the end of the transmission that completes it, as §3.5.1 has the
//! receiver wait for the whole block). The sender is saturated: a new block (or, for ARQ and
//! none, a new LLDU) whenever nothing else is due; what the receiver asks for is sent before new
//! data, from the next slot on. A data LLDU's *recovery delay* runs from the start of its first
//! transmission to its delivery and includes the one-way time, as the paper's does (§3.5). An IP
//! packet of L data LLDUs is delivered when all of them are, lost if one is; in order, it also
//! waits for the packets before it.

use crate::analytic::erasure::Timing;
use crate::channel::gilbert_elliott::GeChannel;
use std::collections::VecDeque;

/// The reliability scheme of the link (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Every LLDU sent once.
    None,
    /// FEC(N_D/N_R) over interleaved blocks.
    Fec {
        /// Data LLDUs per block, N_D.
        nd: u32,
        /// Repair LLDUs per block, N_R.
        nr: u32,
        /// Blocks sent column by column, I (1: no interleaving).
        interleave: u32,
    },
    /// Selective-repeat ARQ.
    Arq {
        /// Most retransmissions of an LLDU; `None`: until received.
        max_retx: Option<u32>,
    },
    /// HARQ-II: FEC(N_D/N_R), then rounds of the missing LLDUs plus N_S.
    Harq {
        /// Data LLDUs per block, N_D.
        nd: u32,
        /// Repair LLDUs of the first transmission, N_R.
        nr: u32,
        /// Repair LLDUs added to each round's request, N_S.
        ns: u32,
        /// Most rounds, R.
        max_rounds: u32,
    },
}

/// Where an erasure channel's next LLDU lands: `(in the Bad state, erased)`.
pub trait Erasures {
    /// Steps the channel for one LLDU.
    fn next_lldu(&mut self) -> (bool, bool);
}

impl Erasures for GeChannel {
    fn next_lldu(&mut self) -> (bool, bool) {
        let erased = self.next_erased();
        (self.is_bad() == Some(true), erased)
    }
}

/// How a data LLDU reached the receiver, for the packet grid: [`FIRST`] (its first
/// transmission arrived), [`DECODED`] + r (erased, recovered by the code after r repair rounds,
/// or by ARQ's r-th retransmission), [`LOST`].
pub type How = u8;
/// Arrived in its first transmission.
pub const FIRST: How = 0;
/// Recovered by the repair LLDUs of the first transmission (FEC, HARQ round 0); + r after r
/// rounds or retransmissions.
pub const DECODED: How = 1;
/// Never recovered.
pub const LOST: How = 255;
/// In a packet still open ([`LlduLink::head_packet`]): erased, not yet recovered.
pub const WAITING: How = 250;
/// In a packet still open: not sent yet.
pub const UNSENT: How = 251;

/// What became of one IP packet.
#[derive(Clone, Debug, PartialEq)]
pub struct PacketOutcome {
    /// Sequence number (0, 1, ...).
    pub seq: u64,
    /// How each of its LLDUs got through ([`How`]).
    pub lldus: Vec<How>,
    /// From the start of its first LLDU's first transmission to its delivery [s]; `None`: lost.
    pub delay_s: Option<f64>,
    /// To its delivery in order, after every packet before it [s]; `None`: lost.
    pub in_order_delay_s: Option<f64>,
}

/// What one slot did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SlotOutcome {
    /// The channel was in the Bad state.
    pub bad: bool,
    /// The LLDU sent was erased.
    pub erased: bool,
    /// The LLDU sent was a retransmission or a repair LLDU of a later round.
    pub resent: bool,
    /// Nothing was sent (a queue-fed link with nothing to send).
    pub idle: bool,
}

/// Running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LinkTotals {
    /// LLDUs sent (one per busy slot).
    pub slots: u64,
    /// Slots with nothing to send.
    pub idle: u64,
    /// LLDUs erased.
    pub erased: u64,
    /// Slots in the Bad state.
    pub bad: u64,
    /// LLDUs sent again (ARQ) or as later repair rounds (HARQ).
    pub resent: u64,
    /// Data LLDUs delivered.
    pub delivered: u64,
    /// Sum of their recovery delays [s].
    pub delay_sum_s: f64,
    /// Data LLDUs given up.
    pub lost: u64,
    /// IP packets delivered.
    pub packets: u64,
    /// IP packets lost (one of their LLDUs given up).
    pub packets_lost: u64,
    /// Sum of the delivered packets' delays [s].
    pub packet_delay_sum_s: f64,
    /// IP packets delivered and handed up in order so far.
    pub packets_in_order: u64,
    /// Sum of their delays in order [s].
    pub packet_in_order_delay_sum_s: f64,
}

/// One LLDU on the sender's list.
#[derive(Clone, Copy, Debug)]
enum Item {
    /// A data LLDU sent on its own (none, ARQ).
    Data(u64),
    /// LLDU `pos` of block `block` (`pos` < N_D: data; else repair), and, on the last LLDU of a
    /// transmission, the blocks it completes: `(first block, count)`.
    Block { block: u64, data: Option<u64>, ends: Option<(u64, u32)> },
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Pending,
    /// Delivered at the end of this slot.
    Delivered(u64),
    /// Given up at the end of this slot.
    Lost(u64),
}

#[derive(Clone, Copy, Debug)]
struct Rec {
    first_slot: u64,
    sent: u32,
    state: State,
    how: How,
    packet: u64,
}

#[derive(Clone, Debug)]
struct Block {
    first_data: u64,
    /// Data LLDUs in this block (N_D, or fewer when the sender's queue ran short).
    nd: u32,
    received: u32,
    rounds: u32,
    done: bool,
}

/// One IP packet on the link: its data LLDUs are `first_data..first_data + len`.
#[derive(Clone, Debug)]
struct Packet {
    first_data: u64,
    len: u32,
    /// Its LLDUs not yet delivered or given up.
    pending: u32,
    lost: bool,
    /// The slot its last LLDU was settled at the end of.
    end: u64,
}

/// A packet whose LLDUs have all been settled, at the time its own last LLDU was (out of
/// order: packets complete in any order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Completed {
    /// The packet's sequence number.
    pub seq: u64,
    /// Delivered (all its LLDUs) or lost (one given up).
    pub delivered: bool,
    /// The slot at whose end it completed: the receiver has it one one-way time later.
    pub at_slot: u64,
    /// From the start of its first LLDU's first transmission [s], one-way time included.
    pub delay_s: f64,
}

/// Where the link's IP packets come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Always another packet to send.
    Saturated,
    /// Only the packets given with [`LlduLink::push_packet`]; the link idles without them.
    Queue,
}

/// The link: sender, channel and receiver on one slot clock.
pub struct LlduLink<E: Erasures> {
    scheme: Scheme,
    timing: Timing,
    lldus_per_packet: u32,
    source: Source,
    channel: E,
    slot: u64,
    /// What the receiver asked for, in the order it becomes due: (first slot it may go, LLDUs).
    due: VecDeque<(u64, Vec<Item>)>,
    resending: VecDeque<Item>,
    fresh: VecDeque<Item>,
    /// Data LLDUs of queued packets not sent yet, in order.
    waiting: VecDeque<u64>,
    recs: VecDeque<Rec>,
    rec_base: u64,
    next_data: u64,
    blocks: VecDeque<Block>,
    block_base: u64,
    next_block: u64,
    packets: VecDeque<Packet>,
    pkt_base: u64,
    last_handover_slot: u64,
    totals: LinkTotals,
    outcomes: Vec<PacketOutcome>,
    completed: Vec<Completed>,
    delivered_delays: Vec<f64>,
}

impl<E: Erasures> LlduLink<E> {
    /// A saturated link with nothing sent yet; IP packets of `lldus_per_packet` data LLDUs (at
    /// least 1).
    pub fn new(scheme: Scheme, timing: Timing, lldus_per_packet: u32, channel: E) -> Self {
        LlduLink {
            scheme,
            timing,
            lldus_per_packet: lldus_per_packet.max(1),
            source: Source::Saturated,
            channel,
            slot: 0,
            due: VecDeque::new(),
            resending: VecDeque::new(),
            fresh: VecDeque::new(),
            waiting: VecDeque::new(),
            recs: VecDeque::new(),
            rec_base: 0,
            next_data: 0,
            blocks: VecDeque::new(),
            block_base: 0,
            next_block: 0,
            packets: VecDeque::new(),
            pkt_base: 0,
            last_handover_slot: 0,
            totals: LinkTotals::default(),
            outcomes: vec![],
            completed: vec![],
            delivered_delays: vec![],
        }
    }

    /// The link fed by `source`.
    pub fn with_source(mut self, source: Source) -> Self {
        self.source = source;
        self
    }

    /// The link's timing.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// Slots elapsed so far (the next slot's index).
    pub fn slot(&self) -> u64 {
        self.slot
    }

    /// Running totals.
    pub fn totals(&self) -> &LinkTotals {
        &self.totals
    }

    /// Packets handed up in order since the last call.
    pub fn drain_packets(&mut self) -> std::vec::Drain<'_, PacketOutcome> {
        self.outcomes.drain(..)
    }

    /// Packets completed since the last call, each as soon as its own LLDUs were settled.
    pub fn drain_completed(&mut self) -> std::vec::Drain<'_, Completed> {
        self.completed.drain(..)
    }

    /// Recovery delays [s] of the data LLDUs delivered since the last call.
    pub fn drain_delays(&mut self) -> std::vec::Drain<'_, f64> {
        self.delivered_delays.drain(..)
    }

    /// Data LLDUs queued and not yet sent once.
    pub fn backlog_lldus(&self) -> usize {
        self.waiting.len()
    }

    /// Queues one IP packet (a [`Source::Queue`] link); returns its sequence number.
    pub fn push_packet(&mut self) -> u64 {
        let seq = self.pkt_base + self.packets.len() as u64;
        let len = self.lldus_per_packet;
        self.packets.push_back(Packet { first_data: self.next_data, len, pending: len, lost: false, end: 0 });
        for _ in 0..len {
            self.recs.push_back(Rec { first_slot: u64::MAX, sent: 0, state: State::Pending, how: FIRST, packet: seq });
            self.waiting.push_back(self.next_data);
            self.next_data += 1;
        }
        seq
    }

    /// The oldest IP packet not yet handed up: its sequence number and how each of its LLDUs
    /// stands ([`How`], [`WAITING`], [`UNSENT`]); `None` when no packet waits (nothing sent
    /// yet, or a queue-fed link with nothing left).
    pub fn head_packet(&self) -> Option<(u64, Vec<How>)> {
        if self.packets.is_empty() || (self.source == Source::Saturated && self.slot == 0) {
            return None;
        }
        let l = self.lldus_per_packet as usize;
        let mut v: Vec<How> = self
            .recs
            .iter()
            .take(l)
            .map(|r| match r.state {
                State::Pending if r.sent == 0 => UNSENT,
                State::Pending => WAITING,
                _ => r.how,
            })
            .collect();
        v.resize(l, UNSENT);
        Some((self.pkt_base, v))
    }

    fn rec(&mut self, id: u64) -> &mut Rec {
        &mut self.recs[(id - self.rec_base) as usize]
    }

    /// Whether data LLDU `id` still waits (its packet has not been handed up).
    fn pending(&self, id: u64) -> bool {
        id >= self.rec_base && self.recs[(id - self.rec_base) as usize].state == State::Pending
    }

    fn block(&mut self, b: u64) -> &mut Block {
        &mut self.blocks[(b - self.block_base) as usize]
    }

    /// Takes up to `n` queued data LLDUs (a saturated link first queues packets enough).
    fn take_data(&mut self, n: usize) -> Vec<u64> {
        if self.source == Source::Saturated {
            while self.waiting.len() < n {
                self.push_packet();
            }
        }
        let k = n.min(self.waiting.len());
        self.waiting.drain(..k).collect()
    }

    /// Queues the next unit of new data: one LLDU, or the blocks of one (interleaved) group;
    /// nothing when no data waits.
    fn queue_fresh(&mut self) {
        match self.scheme {
            Scheme::None | Scheme::Arq { .. } => {
                if let Some(&id) = self.take_data(1).first() {
                    self.fresh.push_back(Item::Data(id));
                }
            }
            Scheme::Fec { nd, nr, interleave } => self.queue_blocks(nd, nr, interleave.max(1)),
            Scheme::Harq { nd, nr, .. } => self.queue_blocks(nd, nr, 1),
        }
    }

    /// Up to `depth` blocks of `nd` data (fewer when the queue runs short: shortened codes) and
    /// `nr` repair LLDUs, sent column by column (LLDU j of every block, then j + 1).
    fn queue_blocks(&mut self, nd: u32, nr: u32, depth: u32) {
        let first = self.next_block;
        let mut sizes = vec![];
        for _ in 0..depth {
            let data = self.take_data(nd as usize);
            if data.is_empty() {
                break;
            }
            sizes.push(data.len() as u32);
            self.blocks.push_back(Block {
                first_data: data[0],
                nd: data.len() as u32,
                received: 0,
                rounds: 0,
                done: false,
            });
            self.next_block += 1;
        }
        let count = sizes.len() as u32;
        let n = sizes.iter().map(|&d| d + nr).max().unwrap_or(0);
        for j in 0..n {
            for (c, &d) in sizes.iter().enumerate() {
                if j >= d + nr {
                    continue;
                }
                let block = first + c as u64;
                let first_data = self.blocks[(block - self.block_base) as usize].first_data;
                let data = (j < d).then(|| first_data + j as u64);
                self.fresh.push_back(Item::Block { block, data, ends: None });
            }
        }
        if let Some(Item::Block { ends, .. }) = self.fresh.back_mut() {
            *ends = Some((first, count));
        }
    }

    /// One slot: a due retransmission or repair first, else new data, else (a queue link with
    /// nothing to send) the slot passes idle.
    pub fn step(&mut self) -> SlotOutcome {
        let s = self.slot;
        if self.resending.is_empty() && self.due.front().is_some_and(|(ready, _)| *ready <= s) {
            let (_, items) = self.due.pop_front().expect("checked");
            self.resending.extend(items);
        }
        let next = match self.resending.pop_front() {
            Some(it) => Some((it, true)),
            None => {
                if self.fresh.is_empty() {
                    self.queue_fresh();
                }
                self.fresh.pop_front().map(|it| (it, false))
            }
        };
        let (bad, erased) = self.channel.next_lldu();
        self.slot += 1;
        let Some((item, resent)) = next else {
            self.totals.idle += 1;
            return SlotOutcome { bad, erased: false, resent: false, idle: true };
        };
        self.totals.slots += 1;
        self.totals.erased += erased as u64;
        self.totals.bad += bad as u64;
        self.totals.resent += resent as u64;
        let ready = s + 1 + self.timing.feedback_slots;
        match item {
            Item::Data(id) => {
                let r = self.rec(id);
                if r.sent == 0 {
                    r.first_slot = s;
                }
                r.sent += 1;
                let tries = r.sent;
                if !erased {
                    self.deliver(id, s + 1, (tries - 1).min(254) as How);
                } else {
                    let more = match self.scheme {
                        Scheme::Arq { max_retx } => max_retx.is_none_or(|m| tries <= m),
                        _ => false,
                    };
                    if more {
                        self.due.push_back((ready, vec![Item::Data(id)]));
                    } else {
                        self.give_up(id, s + 1);
                    }
                }
            }
            Item::Block { block, data, ends } => {
                if let Some(id) = data {
                    let r = self.rec(id);
                    if r.sent == 0 {
                        r.first_slot = s;
                    }
                    r.sent += 1;
                    if !erased {
                        self.deliver(id, s + 1, FIRST);
                    }
                }
                if !erased {
                    self.block(block).received += 1;
                }
                if let Some((first, count)) = ends {
                    for b in first..first + count as u64 {
                        self.close_transmission(b, s, ready);
                    }
                }
            }
        }
        self.settle();
        SlotOutcome { bad, erased, resent, idle: false }
    }

    /// The receiver has the whole of a transmission of block `b` (ending in slot `s`): decode,
    /// ask for more, or give up.
    fn close_transmission(&mut self, b: u64, s: u64, ready: u64) {
        let (ns, max_rounds) = match self.scheme {
            Scheme::Fec { .. } => (0, 0),
            Scheme::Harq { ns, max_rounds, .. } => (ns, max_rounds),
            _ => unreachable!("blocks belong to FEC and HARQ"),
        };
        let blk = self.block(b).clone();
        let data = blk.first_data..blk.first_data + blk.nd as u64;
        if blk.received >= blk.nd {
            for id in data {
                if self.pending(id) {
                    self.deliver(id, s + 1, DECODED + blk.rounds.min(253) as u8);
                }
            }
            self.block(b).done = true;
        } else if blk.rounds < max_rounds {
            let k = blk.nd - blk.received + ns;
            self.block(b).rounds += 1;
            let items =
                (0..k).map(|i| Item::Block { block: b, data: None, ends: (i == k - 1).then_some((b, 1)) }).collect();
            self.due.push_back((ready, items));
        } else {
            for id in data {
                if self.pending(id) {
                    self.give_up(id, s + 1);
                }
            }
            self.block(b).done = true;
        }
    }

    fn deliver(&mut self, id: u64, at: u64, how: How) {
        let slot_s = self.timing.slot_s;
        let one_way = self.timing.one_way_s;
        let r = self.rec(id);
        r.state = State::Delivered(at);
        r.how = how;
        let (delay, packet) = ((at - r.first_slot) as f64 * slot_s + one_way, r.packet);
        self.totals.delivered += 1;
        self.totals.delay_sum_s += delay;
        self.delivered_delays.push(delay);
        self.settled(packet, at, false);
    }

    fn give_up(&mut self, id: u64, at: u64) {
        let r = self.rec(id);
        r.state = State::Lost(at);
        r.how = LOST;
        let packet = r.packet;
        self.totals.lost += 1;
        self.settled(packet, at, true);
    }

    /// One more LLDU of `packet` settled at the end of slot `at`: the packet completes with
    /// its last.
    fn settled(&mut self, packet: u64, at: u64, lost: bool) {
        let p = &mut self.packets[(packet - self.pkt_base) as usize];
        p.pending -= 1;
        p.lost |= lost;
        p.end = p.end.max(at);
        if p.pending > 0 {
            return;
        }
        let (first, end, lost) = (p.first_data, p.end, p.lost);
        let start = self.recs[(first - self.rec_base) as usize].first_slot;
        let delay_s = (end - start) as f64 * self.timing.slot_s + self.timing.one_way_s;
        if !lost {
            self.totals.packets += 1;
            self.totals.packet_delay_sum_s += delay_s;
        } else {
            self.totals.packets_lost += 1;
        }
        self.completed.push(Completed { seq: packet, delivered: !lost, at_slot: end, delay_s });
    }

    /// Hands up, in order, every IP packet at the front whose LLDUs are all settled, and
    /// forgets finished blocks.
    fn settle(&mut self) {
        while self.packets.front().is_some_and(|p| p.pending == 0) {
            let p = self.packets.pop_front().expect("checked");
            let l = p.len as usize;
            let recs: Vec<Rec> = self.recs.drain(..l).collect();
            self.rec_base += l as u64;
            let start = recs[0].first_slot;
            self.last_handover_slot = self.last_handover_slot.max(p.end);
            let at = |slots: u64| slots as f64 * self.timing.slot_s + self.timing.one_way_s;
            let (delay_s, in_order_delay_s) = if p.lost {
                (None, None)
            } else {
                let d_in = at(self.last_handover_slot - start);
                self.totals.packets_in_order += 1;
                self.totals.packet_in_order_delay_sum_s += d_in;
                (Some(at(p.end - start)), Some(d_in))
            };
            self.outcomes.push(PacketOutcome {
                seq: self.pkt_base,
                lldus: recs.iter().map(|r| r.how).collect(),
                delay_s,
                in_order_delay_s,
            });
            self.pkt_base += 1;
        }
        while self.blocks.front().is_some_and(|b| b.done) {
            self.blocks.pop_front();
            self.block_base += 1;
        }
    }
}

#[cfg(test)]
#[path = "lldu_tests.rs"]
mod tests;
