//! Erasures over a bursty Gilbert-Elliott channel and what link-layer FEC makes of them (paper
//! 002, `002_fd0c9b0ead2567de.txt` §3.4-3.5.2). Each closed form is checked against a simulation
//! of the chain ([`crate::channel::gilbert_elliott::GeChannel`]) in the tests below; where the
//! printed equation and the chain disagree the chain is followed and the erratum written down.

use crate::channel::gilbert_elliott::GeParams;

/// P(m, n) for m = 0..=n: the probability of m erasures among n consecutive LLDUs of the
/// stationary chain (paper 002 §3.4, the double induction over m and n it takes from its
/// reference [39]). With P_G(m, n) and P_B(m, n) the probabilities of m erasures over n LLDUs
/// with the n-th sent in the Good (Bad) state, the state of LLDU n is reached first, then its
/// erasure drawn:
///
/// P_G(m, n) = [α P_G(m, n−1) + (1−β) P_B(m, n−1)] (1 − P_G) + [α P_G(m−1, n−1) + (1−β) P_B(m−1, n−1)] P_G
/// P_B(m, n) = [(1−α) P_G(m, n−1) + β P_B(m, n−1)] (1 − P_B) + [(1−α) P_G(m−1, n−1) + β P_B(m−1, n−1)] P_B
///
/// from the stationary state before the first LLDU (P_G(0, 0) = 1 − p, P_B(0, 0) = p, eq. 3's p).
pub fn erasure_distribution(g: &GeParams, n: usize) -> Vec<f64> {
    erasure_distributions(g, n).pop().expect("n + 1 distributions")
}

/// [`erasure_distribution`] for every length k = 0..=n at once (the induction passes through
/// each): `out[k][m]` = P(m, k).
pub fn erasure_distributions(g: &GeParams, n: usize) -> Vec<Vec<f64>> {
    let p = g.stationary_bad();
    let (mut pg, mut pb) = (vec![0.0; n + 1], vec![0.0; n + 1]);
    pg[0] = 1.0 - p;
    pb[0] = p;
    let mut out = Vec::with_capacity(n + 1);
    out.push(pg.iter().zip(&pb).map(|(a, b)| a + b).take(1).collect::<Vec<f64>>());
    for k in 1..=n {
        let (mut ng, mut nb) = (vec![0.0; n + 1], vec![0.0; n + 1]);
        for m in 0..=k {
            let into_good = |m: usize| g.alpha * pg[m] + (1.0 - g.beta) * pb[m];
            let into_bad = |m: usize| (1.0 - g.alpha) * pg[m] + g.beta * pb[m];
            ng[m] = into_good(m) * (1.0 - g.erase_good) + if m > 0 { into_good(m - 1) * g.erase_good } else { 0.0 };
            nb[m] = into_bad(m) * (1.0 - g.erase_bad) + if m > 0 { into_bad(m - 1) * g.erase_bad } else { 0.0 };
        }
        (pg, pb) = (ng, nb);
        out.push(pg.iter().zip(&pb).map(|(a, b)| a + b).take(k + 1).collect());
    }
    out
}

/// Probability that an FEC block of `nd` data and `nr` repair LLDUs is decoded: at most `nr`
/// of its N = nd + nr LLDUs erased (paper 002 §3.5.1: "successful if at least N_D LLDUs are
/// received").
pub fn fec_decode_probability(g: &GeParams, nd: usize, nr: usize) -> f64 {
    erasure_distribution(g, nd + nr).iter().take(nr + 1).sum()
}

/// Throughput efficiency of FEC(nd/nr) (paper 002 §3.5.1, eq. 1's quantity): data LLDUs
/// delivered per LLDU sent, N_D / N times the probability that the block decodes.
///
/// Erratum: eq. 1 prints η_FEC = Σ_{i=1}^{N_D} P_R(i) i / (N_D + N_R) with P_R(i), "the
/// probability that i LLDUs are received", set to P(i, N_D + N_R), the probability of i
/// *erasures*. Neither reading is the efficiency its text defines: with P(i, N) it is the mean
/// number of erasures (up to N_D) per LLDU sent, 0 on a perfect channel; with P(N − i, N) the
/// sum stops at N_D received and misses every block received whole. The simulated ratio is
/// this function's, checked in `fec_efficiency_is_the_simulated_delivery_ratio`.
pub fn fec_efficiency(g: &GeParams, nd: usize, nr: usize) -> f64 {
    nd as f64 / (nd + nr) as f64 * fec_decode_probability(g, nd, nr)
}

/// Eq. 1 exactly as paper 002 prints it (for the erratum's test and for comparison tables).
pub fn fec_efficiency_as_printed(g: &GeParams, nd: usize, nr: usize) -> f64 {
    let p = erasure_distribution(g, nd + nr);
    (1..=nd).map(|i| p[i] * i as f64).sum::<f64>() / (nd + nr) as f64
}

/// Throughput efficiency of selective-repeat ARQ (paper 002 §3.5.3): the probability that an
/// LLDU is received, 1 − p with p the global erasure probability. The paper takes the
/// retransmissions as independent of the first transmission (the channel changes its state
/// during a satellite round trip).
pub fn arq_efficiency(g: &GeParams) -> f64 {
    1.0 - g.erasure_rate()
}

/// Mean recovery delay of an LLDU under selective-repeat ARQ with unlimited retransmissions,
/// each transmission erased independently with probability `p` (paper 002 §3.5.3): the one-way
/// time, plus one round trip per erased transmission, RTT/2 + Σ_{i≥1} i p^i (1 − p) RTT =
/// RTT/2 + RTT p / (1 − p).
///
/// Erratum: the paper prints d_ARQ = RTT/2 + Σ_{i≥1} p^{i−1} (1 − p) i RTT = RTT/2 + RTT /
/// (1 − p), one round trip more: on an error-free link (p = 0) it gives 1.5 RTT instead of the
/// one-way RTT/2. The test `arq_delay_is_the_simulated_one_and_the_printed_sum_adds_a_round_trip`
/// simulates the retransmissions.
pub fn arq_recovery_delay(p: f64, rtt_s: f64) -> f64 {
    rtt_s / 2.0 + rtt_s * p / (1.0 - p)
}

/// Eq. of §3.5.3 exactly as paper 002 prints it (for the erratum's test).
pub fn arq_recovery_delay_as_printed(p: f64, rtt_s: f64) -> f64 {
    rtt_s / 2.0 + rtt_s / (1.0 - p)
}

/// What HARQ-II does with one block, in expectation ([`harq_ii`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HarqStats {
    /// Probability that the block is decoded within the rounds allowed.
    pub decode_probability: f64,
    /// Mean LLDUs sent per block, the first transmission's N included.
    pub mean_lldus_sent: f64,
    /// Data LLDUs delivered per LLDU sent: N_D P(decode) / mean LLDUs sent.
    pub efficiency: f64,
    /// Mean number of retransmission rounds of a decoded block.
    pub mean_rounds_decoded: f64,
}

/// HARQ of type II (paper 002 §3.5.4): a block of `nd` data and `nr` repair LLDUs; a receiver
/// missing d LLDUs to decode asks for d more and the sender sends d + `ns`; at most
/// `max_rounds` such rounds (the paper's R). Each round is a run of consecutive LLDUs of the
/// stationary chain, a round trip after the previous one (the chain forgets its state in a
/// satellite round trip, as §3.5.3 assumes for ARQ), so its erasures follow P(·, k) for its k
/// LLDUs, independently of the earlier rounds. After round 0 with l_0 erasures the deficit is
/// l_0 − N_R; a round of k = d + N_S LLDUs with l erasures leaves l − N_S (the request sizes of
/// eq. 6: l_0 − N_R + N_S, then l_1).
///
/// Computed by following the distribution of the deficit round by round ([`harq_rounds`]), not
/// by eqs. 5-6 as printed (eq. 5's bounds and δ are not legible in the text); the test
/// `harq_ii_follows_a_simulated_link` checks it against the simulated chain.
pub fn harq_ii(g: &GeParams, nd: usize, nr: usize, ns: usize, max_rounds: usize) -> HarqStats {
    let n = nd + nr;
    let dists = erasure_distributions(g, n.max(nd + ns));
    let (mut decoded, mut decoded_rounds, mut total_sent) = (0.0, 0.0, n as f64);
    for (l0, &p) in dists[n].iter().enumerate() {
        if l0 <= nr {
            decoded += p;
            continue;
        }
        // Short by l0 − N_R after the first transmission: the rounds from that deficit.
        let h = harq_rounds_with(&dists, l0 - nr, ns, max_rounds);
        total_sent += p * h.sent;
        for (r, &pd) in h.decoded.iter().enumerate() {
            decoded += p * pd;
            decoded_rounds += p * pd * (r + 1) as f64;
        }
    }
    HarqStats {
        decode_probability: decoded,
        mean_lldus_sent: total_sent,
        efficiency: nd as f64 * decoded / total_sent,
        mean_rounds_decoded: if decoded > 0.0 { decoded_rounds / decoded } else { f64::NAN },
    }
}

/// What a link-layer scheme makes of the channel, per data LLDU, as the LLDU-by-LLDU link of
/// [`crate::link::lldu`] runs it: systematic codes (a data LLDU that arrives is delivered at
/// once, an erased one when its block decodes), a saturated sender, feedback heard a round trip
/// after the slot it answers. These are SkyQueue's closed forms for that link, derived from the
/// chain (not the paper's eqs. 1-2, 5-6, whose errata are documented with each); each is checked
/// against the simulated link (`models/link_layer/paper_tests.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkTheory {
    /// Data LLDUs delivered per LLDU sent.
    pub efficiency: f64,
    /// Mean recovery delay of a delivered data LLDU, one-way time included [s].
    pub delay_s: f64,
    /// Fraction of data LLDUs never delivered.
    pub residual_loss: f64,
}

/// The link's clock: the slot (one LLDU), the one-way time, and the round trip in slots after
/// which the sender hears what became of an LLDU.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Time to send one LLDU [s]: its size in bits over the link's rate.
    pub slot_s: f64,
    /// One-way time [s] (half the round trip).
    pub one_way_s: f64,
    /// Round trip in slots: what the receiver says of the LLDU sent in slot s is heard at the end
    /// of slot s + `feedback_slots`, and its answer goes out from the next slot on.
    pub feedback_slots: u64,
}

impl Timing {
    /// The timing of a link of `rate_bps` carrying LLDUs of `lldu_bytes`, round trip `rtt_s`.
    pub fn new(rate_bps: f64, lldu_bytes: u32, rtt_s: f64) -> Self {
        let slot_s = lldu_bytes as f64 * 8.0 / rate_bps;
        Timing { slot_s, one_way_s: rtt_s / 2.0, feedback_slots: (rtt_s / slot_s).round() as u64 }
    }
}

/// For m = 0..=n: the probability that LLDU `j` (0-based) of n consecutive LLDUs of the
/// stationary chain is erased and that m of the n are: the induction of
/// [`erasure_distribution`] with one marked step.
pub fn erased_at(g: &GeParams, n: usize, j: usize) -> Vec<f64> {
    let p = g.stationary_bad();
    let (mut pg, mut pb) = (vec![0.0; n + 1], vec![0.0; n + 1]);
    pg[0] = 1.0 - p;
    pb[0] = p;
    for k in 0..n {
        let (mut ng, mut nb) = (vec![0.0; n + 1], vec![0.0; n + 1]);
        for m in 0..=k {
            let into_good = g.alpha * pg[m] + (1.0 - g.beta) * pb[m];
            let into_bad = (1.0 - g.alpha) * pg[m] + g.beta * pb[m];
            if k != j {
                ng[m] += into_good * (1.0 - g.erase_good);
                nb[m] += into_bad * (1.0 - g.erase_bad);
            }
            ng[m + 1] += into_good * g.erase_good;
            nb[m + 1] += into_bad * g.erase_bad;
        }
        (pg, pb) = (ng, nb);
    }
    pg.iter().zip(&pb).map(|(a, b)| a + b).collect()
}

/// No reliability scheme: every LLDU sent once.
pub fn none_theory(g: &GeParams, t: &Timing) -> LinkTheory {
    let e = g.erasure_rate();
    LinkTheory { efficiency: 1.0 - e, delay_s: t.one_way_s + t.slot_s, residual_loss: e }
}

/// Selective-repeat ARQ with at most `max_retx` retransmissions (`None`: unlimited). Each
/// transmission is erased with the chain's mean probability e, independently of the others:
/// they are a round trip apart, over which the chain forgets its state (§3.5.3's assumption,
/// which holds when ρ^K is small, K the round trip in slots). Efficiency 1 − e whatever the
/// limit (every LLDU sent costs a slot, and is delivered with probability 1 − e); the LLDU
/// delivered at its (k+1)-th try waited k (K + 1) slots more than one sent once.
pub fn arq_theory(g: &GeParams, max_retx: Option<u32>, t: &Timing) -> LinkTheory {
    let e = g.erasure_rate();
    let last = max_retx.map_or(u64::MAX, u64::from);
    let (mut delivered, mut retx_sum, mut pk) = (0.0, 0.0, 1.0);
    let mut k = 0u64;
    loop {
        delivered += pk * (1.0 - e);
        retx_sum += k as f64 * pk * (1.0 - e);
        pk *= e;
        if k >= last || pk < 1e-16 {
            break;
        }
        k += 1;
    }
    let per_retx = (t.feedback_slots + 1) as f64 * t.slot_s;
    let delay = if delivered > 0.0 { t.one_way_s + t.slot_s + retx_sum / delivered * per_retx } else { f64::NAN };
    // Without a limit every LLDU arrives in the end (the series sums to 1).
    let residual_loss = if max_retx.is_none() { 0.0 } else { 1.0 - delivered };
    LinkTheory { efficiency: 1.0 - e, delay_s: delay, residual_loss }
}

/// FEC(nd/nr) over blocks interleaved `depth` deep: each codeword sees the `depth`-step chain
/// ([`GeParams::interleaved`]). A data LLDU arrives with probability 1 − e and is delivered a
/// slot after it went out; the erased LLDU j (0-based) of a codeword is recovered when at most
/// nr of the codeword's n are erased ([`erased_at`]), at the end of the interleaved group: n·I −
/// j·I − (I − 1)/2 slots after it went out, on average over the I codewords.
pub fn fec_theory(g: &GeParams, nd: usize, nr: usize, depth: u32, t: &Timing) -> LinkTheory {
    let gi = g.interleaved(depth);
    let (n, e, i) = (nd + nr, g.erasure_rate(), depth.max(1) as f64);
    let direct = nd as f64 * (1.0 - e);
    let (mut recovered, mut delay_sum) = (0.0, direct * (t.one_way_s + t.slot_s));
    for j in 0..nd {
        let r: f64 = erased_at(&gi, n, j).iter().take(nr + 1).sum();
        recovered += r;
        delay_sum += r * (t.one_way_s + (n as f64 * i - j as f64 * i - (i - 1.0) / 2.0) * t.slot_s);
    }
    let delivered = direct + recovered;
    LinkTheory {
        efficiency: delivered / n as f64,
        delay_s: delay_sum / delivered,
        residual_loss: 1.0 - delivered / nd as f64,
    }
}

/// What HARQ-II's repair rounds do with a block left `d` LLDUs short after its first
/// transmission ([`harq_rounds`]).
#[derive(Clone, Debug, PartialEq)]
pub struct HarqRounds {
    /// `decoded[r - 1]`: probability of decoding at round r (1..=R).
    pub decoded: Vec<f64>,
    /// `slots[r - 1]`: E[LLDUs sent in rounds 1..=r; decoded at round r] (probability-weighted).
    pub slots: Vec<f64>,
    /// E[LLDUs sent in every round], whatever the outcome.
    pub sent: f64,
}

/// The rounds of HARQ-II (§3.5.4) from a deficit `d`: a round asks for the d missing LLDUs plus
/// `ns`, erased as a run of consecutive LLDUs of the stationary chain (the round trip between
/// rounds lets the chain forget its state); at most `max_rounds`.
pub fn harq_rounds(g: &GeParams, d: usize, ns: usize, max_rounds: usize) -> HarqRounds {
    harq_rounds_with(&erasure_distributions(g, d + ns), d, ns, max_rounds)
}

/// [`harq_rounds`] with the chain's [`erasure_distributions`] up to at least d + ns given.
fn harq_rounds_with(dists: &[Vec<f64>], d: usize, ns: usize, max_rounds: usize) -> HarqRounds {
    let (mut mass, mut slots) = (vec![0.0; d + 1], vec![0.0; d + 1]);
    mass[d] = 1.0;
    let mut out = HarqRounds { decoded: vec![0.0; max_rounds], slots: vec![0.0; max_rounds], sent: 0.0 };
    for r in 0..max_rounds {
        let (mut m2, mut s2) = (vec![0.0; d + 1], vec![0.0; d + 1]);
        for dd in 1..=d {
            if mass[dd] == 0.0 {
                continue;
            }
            let k = dd + ns;
            out.sent += mass[dd] * k as f64;
            for (l, &p) in dists[k].iter().enumerate() {
                let (pm, ps) = (mass[dd] * p, (slots[dd] + mass[dd] * k as f64) * p);
                if l <= ns {
                    out.decoded[r] += pm;
                    out.slots[r] += ps;
                } else {
                    m2[l - ns] += pm;
                    s2[l - ns] += ps;
                }
            }
        }
        (mass, slots) = (m2, s2);
    }
    out
}

/// HARQ-II: FEC(nd/nr), then up to `max_rounds` rounds of (missing + ns) repair LLDUs
/// ([`harq_rounds`]). The erased data LLDU j of a block with m > nr erasures waits for the round
/// r that decodes it: n − j slots to the block's end, then r round trips of K slots and the
/// rounds' own LLDUs.
pub fn harq_theory(g: &GeParams, nd: usize, nr: usize, ns: usize, max_rounds: usize, t: &Timing) -> LinkTheory {
    let (n, e) = (nd + nr, g.erasure_rate());
    let dists = erasure_distributions(g, n.max(nd + ns));
    let rounds: Vec<HarqRounds> = (0..=nd).map(|d| harq_rounds_with(&dists, d, ns, max_rounds)).collect();
    let block = &dists[n];
    let sent = n as f64 + (nr + 1..=n).map(|m| block[m] * rounds[m - nr].sent).sum::<f64>();
    let direct = nd as f64 * (1.0 - e);
    let (mut recovered, mut delay_sum) = (0.0, direct * (t.one_way_s + t.slot_s));
    for j in 0..nd {
        let to_end = (n - j) as f64;
        for (m, p) in erased_at(g, n, j).into_iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            if m <= nr {
                recovered += p;
                delay_sum += p * (t.one_way_s + to_end * t.slot_s);
                continue;
            }
            let h = &rounds[m - nr];
            for r in 0..max_rounds {
                recovered += p * h.decoded[r];
                let waited = (to_end + ((r + 1) as u64 * t.feedback_slots) as f64) * h.decoded[r] + h.slots[r];
                delay_sum += p * (t.one_way_s * h.decoded[r] + waited * t.slot_s);
            }
        }
    }
    let delivered = direct + recovered;
    LinkTheory {
        efficiency: delivered / sent,
        delay_s: delay_sum / delivered,
        residual_loss: 1.0 - delivered / nd as f64,
    }
}

/// Eq. 2 of paper 002 exactly as printed: the FEC recovery delay RTT/2 + p (1 − Σ_{i=N_R}^{N−1}
/// P(i, N − 1)) N/2 T_P, for comparison with [`fec_theory`] (the one-way time, plus half a block
/// for the erased LLDUs that are recovered; a mean over every LLDU rather than over those
/// delivered).
pub fn fec_recovery_delay_as_printed(g: &GeParams, nd: usize, nr: usize, t: &Timing) -> f64 {
    let n = nd + nr;
    let tail: f64 = erasure_distribution(g, n - 1).iter().skip(nr).sum();
    t.one_way_s + g.erasure_rate() * (1.0 - tail) * n as f64 / 2.0 * t.slot_s
}

/// The HARQ-II recovery delay of §3.5.4 as printed, T_R(0) + RTT/2 + Σ_i R_i i (RTT + T_R(i)),
/// with R_i the probability that a block is decoded after exactly i rounds and T_R(i) the mean
/// time of a round's LLDUs: a delay per *block* (every LLDU of a block waits for the block to
/// decode), where [`harq_theory`] delivers the LLDUs that arrive at once.
pub fn harq_recovery_delay_as_printed(
    g: &GeParams,
    nd: usize,
    nr: usize,
    ns: usize,
    max_rounds: usize,
    t: &Timing,
) -> f64 {
    let n = nd + nr;
    let rtt = 2.0 * t.one_way_s;
    let dists = erasure_distributions(g, n.max(nd + ns));
    let block = &dists[n];
    let mut sum = 0.0;
    for (m, &p_m) in block.iter().enumerate().take(n + 1).skip(nr + 1) {
        let h = harq_rounds_with(&dists, m - nr, ns, max_rounds);
        for r in 0..max_rounds {
            sum += p_m * ((r + 1) as f64 * h.decoded[r] * rtt + h.slots[r] * t.slot_s);
        }
    }
    n as f64 * t.slot_s + t.one_way_s + sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::channel::gilbert_elliott::GeChannel;
    use crate::kernel::RngStream;

    /// Histogram of erasures per block of `n` LLDUs over `blocks` consecutive blocks.
    fn simulate(g: GeParams, n: usize, blocks: usize, id: &str) -> Vec<f64> {
        let mut ch = GeChannel::new(g, RngStream::from_seed_and_id(5, id));
        let mut h = vec![0.0; n + 1];
        for _ in 0..blocks {
            let m = (0..n).filter(|_| ch.next_erased()).count();
            h[m] += 1.0 / blocks as f64;
        }
        h
    }

    #[test]
    fn arq_delay_is_the_simulated_one_and_the_printed_sum_adds_a_round_trip() {
        // Paper 002 Fig. 6's channel (α = 0.98) at β = 0.5, RTT 500 ms, LLDUs of 33 bytes at
        // 2.25 Mb/s (117 µs: a round trip is 4261 slots, over which the chain forgets its
        // state): each LLDU sent until received, a round trip between its transmissions. The
        // LLDUs followed here are a round trip apart too (the link carries others between).
        let g = GeParams::simplified(0.98, 0.5);
        let (rtt, slot): (f64, f64) = (0.5, 33.0 * 8.0 / 2.25e6);
        let gap = (rtt / slot).round() as u64;
        let mut ch = GeChannel::new(g, RngStream::from_seed_and_id(9, "arq"));
        let (n, mut delay, mut sent) = (100_000, 0.0, 0u64);
        for _ in 0..n {
            ch.skip(gap);
            let mut d = rtt / 2.0;
            loop {
                sent += 1;
                if !ch.next_erased() {
                    break;
                }
                ch.skip(gap);
                d += rtt;
            }
            delay += d;
        }
        let p = g.erasure_rate();
        let (mean, eff) = (delay / n as f64, n as f64 / sent as f64);
        assert!(
            (eff - arq_efficiency(&g)).abs() < 0.003,
            "efficiency {eff:.4} against 1 - p = {:.4}",
            arq_efficiency(&g)
        );
        assert!(
            (mean - arq_recovery_delay(p, rtt)).abs() < 0.003,
            "delay {mean:.4} s against {:.4} s",
            arq_recovery_delay(p, rtt)
        );
        assert!(
            (mean - arq_recovery_delay_as_printed(p, rtt)).abs() > 0.45,
            "printed {:.4} s",
            arq_recovery_delay_as_printed(p, rtt)
        );
        // Error-free: the one-way time.
        assert_eq!(arq_recovery_delay(0.0, rtt), 0.25);
    }

    #[test]
    fn harq_ii_follows_a_simulated_link() {
        // HARQ 5/7 with 2 extra repair LLDUs per round, R = 2 (paper 002 Fig. 5's code), and the
        // 38/51 block of Fig. 6 with N_S = 3, over bursty channels; rounds a round trip apart.
        for (g, nd, nr, ns, id) in
            [(GeParams::simplified(0.99, 0.9), 5, 2, 2, "h57"), (GeParams::simplified(0.98, 0.8), 38, 13, 3, "h3851")]
        {
            let want = harq_ii(&g, nd, nr, ns, 2);
            let mut ch = GeChannel::new(g, RngStream::from_seed_and_id(21, id));
            let (blocks, gap) = (60_000usize, 4261u64);
            let (mut decoded, mut sent, mut rounds) = (0usize, 0usize, 0usize);
            for _ in 0..blocks {
                ch.skip(gap);
                let mut k = nd + nr;
                sent += k;
                let mut deficit = (0..k).filter(|_| ch.next_erased()).count() as i64 - nr as i64;
                let mut r = 0;
                while deficit > 0 && r < 2 {
                    r += 1;
                    ch.skip(gap);
                    k = deficit as usize + ns;
                    sent += k;
                    deficit = (0..k).filter(|_| ch.next_erased()).count() as i64 - ns as i64;
                }
                if deficit <= 0 {
                    decoded += 1;
                    rounds += r;
                }
            }
            let pd = decoded as f64 / blocks as f64;
            let eff = nd as f64 * decoded as f64 / sent as f64;
            let mr = rounds as f64 / decoded as f64;
            assert!(
                (pd - want.decode_probability).abs() < 0.006,
                "{id}: P(decode) {pd:.4} against {:.4}",
                want.decode_probability
            );
            assert!((eff - want.efficiency).abs() < 0.006, "{id}: efficiency {eff:.4} against {:.4}", want.efficiency);
            assert!(
                (sent as f64 / blocks as f64 - want.mean_lldus_sent).abs() < 0.01 * want.mean_lldus_sent,
                "{id}: LLDUs sent"
            );
            assert!(
                (mr - want.mean_rounds_decoded).abs() < 0.02,
                "{id}: rounds {mr:.3} against {:.3}",
                want.mean_rounds_decoded
            );
        }
        // No erasures: decoded at once, efficiency N_D / N.
        let clean = harq_ii(&GeParams::simplified(1.0, 0.0), 5, 2, 2, 2);
        assert_eq!((clean.decode_probability, clean.mean_rounds_decoded), (1.0, 0.0));
        assert!((clean.efficiency - 5.0 / 7.0).abs() < 1e-12);
    }

    #[test]
    fn the_induction_sums_to_one_and_keeps_the_mean() {
        for g in [
            GeParams::simplified(0.99, 0.5),
            GeParams::simplified(0.98, 0.93),
            GeParams { alpha: 0.95, beta: 0.7, erase_good: 0.01, erase_bad: 0.6 },
        ] {
            let d = erasure_distribution(&g, 47);
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            let mean: f64 = d.iter().enumerate().map(|(m, p)| m as f64 * p).sum();
            assert!((mean - 47.0 * g.erasure_rate()).abs() < 1e-9, "{g:?}: mean {mean}");
        }
    }

    #[test]
    fn a_memoryless_chain_gives_the_binomial() {
        let g = GeParams::simplified(0.9, 0.1); // ρ = 0, p = 0.1
        let d = erasure_distribution(&g, 12);
        let choose = |n: u64, k: u64| (0..k).fold(1.0, |a, i| a * (n - i) as f64 / (i + 1) as f64);
        for (m, &pm) in d.iter().enumerate() {
            let b = choose(12, m as u64) * 0.1f64.powi(m as i32) * 0.9f64.powi(12 - m as i32);
            assert!((pm - b).abs() < 1e-12, "m = {m}: {pm} against {b}");
        }
    }

    #[test]
    fn the_induction_matches_a_simulated_chain() {
        // Paper 002 Fig. 5's channel (α = 0.99) at a bursty β, blocks of FEC 10/12.
        for (g, id) in [
            (GeParams::simplified(0.99, 0.7), "fig5"),
            (GeParams { alpha: 0.97, beta: 0.8, erase_good: 0.02, erase_bad: 0.5 }, "soft"),
        ] {
            let want = erasure_distribution(&g, 12);
            let got = simulate(g, 12, 400_000, id);
            for m in 0..=12 {
                // Binomial standard error of a frequency, inflated for the blocks' correlation.
                let se = (want[m] * (1.0 - want[m]) / 400_000.0).sqrt() * 3.0;
                assert!(
                    (got[m] - want[m]).abs() < 4.0 * se + 1e-6,
                    "{id} m = {m}: simulated {} against {}",
                    got[m],
                    want[m]
                );
            }
        }
    }

    #[test]
    fn fec_efficiency_is_the_simulated_delivery_ratio() {
        // FEC 10/12 (paper 002 Fig. 5) at α = 0.99 and two values of β: data LLDUs of decoded
        // blocks per LLDU sent, against the closed form and against eq. 1 as printed.
        for beta in [0.3, 0.9] {
            let g = GeParams::simplified(0.99, beta);
            let h = simulate(g, 12, 300_000, &format!("fec{beta}"));
            let simulated = 10.0 / 12.0 * h[..=2].iter().sum::<f64>();
            let want = fec_efficiency(&g, 10, 2);
            assert!((simulated - want).abs() < 0.004, "β {beta}: simulated {simulated:.4}, closed form {want:.4}");
            let printed = fec_efficiency_as_printed(&g, 10, 2);
            assert!((simulated - printed).abs() > 0.5, "β {beta}: eq. 1 as printed gives {printed:.4}");
        }
        // A perfect channel decodes every block: efficiency N_D / N.
        assert!((fec_efficiency(&GeParams::simplified(1.0, 0.0), 10, 2) - 10.0 / 12.0).abs() < 1e-12);
    }
}
