//! The Gilbert-Elliott erasure channel of paper 002 (`002_fd0c9b0ead2567de.txt` §3.3-3.5): a
//! two-state Markov chain stepped once per link-layer data unit (LLDU), Good or Bad, with an
//! erasure probability per state. Notation as the paper's: α = P(stay Good), β = P(stay Bad),
//! P_G and P_B the erasure probabilities (the paper's simplified channel: 0 and 1).
//!
//! Interleaving of depth I (§3.5.2) sends the LLDUs of I codewords column by column, so one
//! codeword sees every I-th step of the chain: the I-step chain, [`GeParams::interleaved`].

use crate::kernel::RngStream;

/// The chain's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GeParams {
    /// α: probability of staying in the Good state from one LLDU to the next.
    pub alpha: f64,
    /// β: probability of staying in the Bad state.
    pub beta: f64,
    /// Erasure probability of an LLDU sent in the Good state (P_G).
    pub erase_good: f64,
    /// Erasure probability in the Bad state (P_B).
    pub erase_bad: f64,
}

impl GeParams {
    /// The paper's simplified channel: no erasure in Good, every LLDU erased in Bad.
    pub fn simplified(alpha: f64, beta: f64) -> Self {
        GeParams { alpha, beta, erase_good: 0.0, erase_bad: 1.0 }
    }

    /// The simplified channel (P_G = 0, P_B = 1) with a given erasure rate `rate` (the
    /// stationary probability of Bad) and mean Bad run `burst` ≥ 1 steps: β = 1 − 1 / burst and,
    /// from eq. 3's p = (1 − α) / (2 − α − β), 1 − α = rate (1 − β) / (1 − rate).
    pub fn with_rate_and_burst(rate: f64, burst: f64) -> Self {
        let rate = rate.clamp(0.0, 0.5);
        let leave_bad = 1.0 / burst.max(1.0);
        let leave_good = if rate >= 1.0 { 1.0 } else { (rate * leave_bad / (1.0 - rate)).min(1.0) };
        GeParams::simplified(1.0 - leave_good, 1.0 - leave_bad)
    }

    /// Stationary probability of the Bad state, p of paper 002 eq. 3: (1 − α) / (2 − α − β);
    /// the "local erasure probability" of the simplified channel.
    pub fn stationary_bad(&self) -> f64 {
        let d = 2.0 - self.alpha - self.beta;
        if d <= 0.0 {
            0.0 // α = β = 1: the chain never leaves its state; take it Good
        } else {
            (1.0 - self.alpha) / d
        }
    }

    /// ρ of paper 002 eq. 3: α + β − 1, the chain's correlation from one step to the next (its
    /// second eigenvalue).
    pub fn correlation(&self) -> f64 {
        self.alpha + self.beta - 1.0
    }

    /// Mean erasure probability of an LLDU in the stationary chain: (1 − p) P_G + p P_B.
    pub fn erasure_rate(&self) -> f64 {
        let p = self.stationary_bad();
        (1.0 - p) * self.erase_good + p * self.erase_bad
    }

    /// The chain one codeword sees behind an interleaver of depth `depth` (paper 002 §3.5.2,
    /// eq. 4): the I-step chain, with α_I = (1 − p) + ρ^I p and β_I = p + ρ^I (1 − p).
    ///
    /// Erratum: eq. 4 prints α_I = p + ρ^I (1 − p) and β_I = (1 − p) + ρ^I p. With eq. 3's p,
    /// the stationary probability of Bad, these are the I-step probabilities of staying Bad and
    /// of staying Good: the two are swapped (the test
    /// `interleaving_gives_the_i_step_chain_and_eq_4_swaps_its_states` simulates the chain).
    pub fn interleaved(&self, depth: u32) -> GeParams {
        let (p, rho) = (self.stationary_bad(), self.correlation());
        let r = rho.powi(depth.max(1) as i32);
        GeParams { alpha: (1.0 - p) + r * p, beta: p + r * (1.0 - p), ..*self }
    }
}

/// A Gilbert-Elliott channel drawing from its own random stream. The state of each LLDU is
/// reached by one transition from the previous LLDU's state (the first from the stationary
/// distribution), then the LLDU is erased with its state's probability: the order of the
/// double induction of [`crate::analytic::erasure::erasure_distribution`].
#[derive(Clone, Debug)]
pub struct GeChannel {
    params: GeParams,
    bad: Option<bool>,
    rng: RngStream,
}

impl GeChannel {
    /// A channel in the stationary state; `rng` is its own stream.
    pub fn new(params: GeParams, rng: RngStream) -> Self {
        GeChannel { params, bad: None, rng }
    }

    /// New transition and erasure probabilities from the next LLDU on, the state kept (a
    /// channel whose Es/N0 follows a trace, [`crate::channel::trace`]).
    pub fn set_params(&mut self, params: GeParams) {
        self.params = params;
    }

    /// Whether the chain is in the Bad state (after the last LLDU; `None` before the first).
    pub fn is_bad(&self) -> Option<bool> {
        self.bad
    }

    /// Steps the chain for one LLDU and says whether it is erased.
    pub fn next_erased(&mut self) -> bool {
        let u = self.rng.next_f64();
        let bad = match self.bad {
            None => u < self.params.stationary_bad(),
            Some(false) => u >= self.params.alpha,
            Some(true) => u < self.params.beta,
        };
        self.bad = Some(bad);
        let pe = if bad { self.params.erase_bad } else { self.params.erase_good };
        // Draw only when the outcome is random, so that P_G = 0, P_B = 1 uses one draw per LLDU.
        if pe <= 0.0 {
            false
        } else if pe >= 1.0 {
            true
        } else {
            self.rng.next_f64() < pe
        }
    }

    /// Lets `steps` LLDU slots pass without sending (a round trip waiting for feedback): the
    /// state jumps by the k-step chain, P(Bad after k | Bad) = p + ρ^k (1 − p) and
    /// P(Bad after k | Good) = p (1 − ρ^k), one draw whatever k.
    pub fn skip(&mut self, steps: u64) {
        if steps == 0 {
            return;
        }
        let (p, rho) = (self.params.stationary_bad(), self.params.correlation());
        let r = rho.powi(steps.min(i32::MAX as u64) as i32);
        let u = self.rng.next_f64();
        self.bad = Some(match self.bad {
            None => u < p,
            Some(true) => u < p + r * (1.0 - p),
            Some(false) => u < p * (1.0 - r),
        });
    }

    /// The erasures of `codewords` codewords of `n` LLDUs each sent through a block interleaver
    /// of depth `codewords` (column by column: LLDU j of every codeword, then LLDU j + 1):
    /// `out[c][j]` is whether LLDU j of codeword c was erased. Depth 1 is no interleaving.
    pub fn interleaved_block(&mut self, codewords: usize, n: usize) -> Vec<Vec<bool>> {
        let mut out = vec![vec![false; n]; codewords];
        for j in 0..n {
            for cw in out.iter_mut() {
                cw[j] = self.next_erased();
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(p: GeParams, id: &str) -> GeChannel {
        GeChannel::new(p, RngStream::from_seed_and_id(11, id))
    }

    #[test]
    fn the_erasure_rate_and_burst_length_follow_the_chain() {
        // α = 0.99, β = 0.9 (paper 002 Fig. 5's α): p = 0.01 / 0.11 = 0.0909; bursts of Bad last
        // 1 / (1 − β) = 10 LLDUs on average.
        let g = GeParams::simplified(0.99, 0.9);
        assert!((g.stationary_bad() - 0.01 / 0.11).abs() < 1e-12);
        let mut ch = channel(g, "rate");
        let n = 2_000_000;
        let (mut erased, mut bursts, mut prev) = (0u64, 0u64, false);
        for _ in 0..n {
            let e = ch.next_erased();
            erased += e as u64;
            bursts += (e && !prev) as u64;
            prev = e;
        }
        let rate = erased as f64 / n as f64;
        let sd = (g.erasure_rate() * (1.0 - g.erasure_rate()) / n as f64).sqrt() * 10.0; // bursts inflate the variance
        assert!((rate - g.erasure_rate()).abs() < 4.0 * sd, "rate {rate} against {}", g.erasure_rate());
        let burst = erased as f64 / bursts as f64;
        assert!((burst - 10.0).abs() < 0.3, "mean burst {burst} LLDUs");
    }

    #[test]
    fn interleaving_gives_the_i_step_chain_and_eq_4_swaps_its_states() {
        // One codeword behind a depth-I interleaver sees every I-th LLDU; with P_G = 0, P_B = 1
        // its erasures are the chain's states, so the empirical probability of staying Good
        // between two of its consecutive LLDUs is α_I.
        let g = GeParams::simplified(0.99, 0.5);
        let depth = 3u32;
        let (p, rho) = (g.stationary_bad(), g.correlation());
        let printed_alpha = p + rho.powi(depth as i32) * (1.0 - p); // paper 002 eq. 4 as printed
        let mut ch = channel(g, "interleave");
        let (mut stay, mut from_good) = (0u64, 0u64);
        for _ in 0..40_000 {
            for cw in ch.interleaved_block(depth as usize, 50) {
                for w in cw.windows(2) {
                    if !w[0] {
                        from_good += 1;
                        stay += !w[1] as u64;
                    }
                }
            }
        }
        let measured = stay as f64 / from_good as f64;
        let want = g.interleaved(depth);
        assert!(
            (measured - want.alpha).abs() < 0.002,
            "P(stay Good) over {depth} steps: measured {measured:.4}, I-step chain {:.4}",
            want.alpha
        );
        assert!((measured - printed_alpha).abs() > 0.5, "eq. 4 as printed gives {printed_alpha:.4}");
        // The I-step chain keeps the stationary erasure rate.
        assert!((want.stationary_bad() - p).abs() < 1e-12);
    }

    #[test]
    fn skipping_k_slots_is_stepping_k_times() {
        // From Bad, the probability of being Bad again after k slots: skip(k) against k steps of
        // the chain (the k-step formula) at α = 0.95, β = 0.8, k = 4.
        let g = GeParams::simplified(0.95, 0.8);
        let (mut stepped, mut skipped) = (0u32, 0u32);
        let (mut a, mut b) = (channel(g, "steps"), channel(g, "skip"));
        let n = 200_000;
        for _ in 0..n {
            // Force the Bad state, then move on 4 slots.
            a.bad = Some(true);
            for _ in 0..3 {
                a.next_erased();
            }
            stepped += a.next_erased() as u32;
            b.bad = Some(true);
            b.skip(3);
            skipped += b.next_erased() as u32;
        }
        let (x, y) = (stepped as f64 / n as f64, skipped as f64 / n as f64);
        let (p, rho) = (g.stationary_bad(), g.correlation());
        let want = p + rho.powi(4) * (1.0 - p);
        assert!(
            (x - want).abs() < 0.005 && (y - want).abs() < 0.005,
            "stepped {x:.4}, skipped {y:.4}, 4-step chain {want:.4}"
        );
    }

    #[test]
    fn a_chain_from_rate_and_burst_has_them() {
        let g = GeParams::with_rate_and_burst(0.001, 4.0);
        assert!((g.stationary_bad() - 0.001).abs() < 1e-15 && (1.0 / (1.0 - g.beta) - 4.0).abs() < 1e-12);
        let g = GeParams::with_rate_and_burst(0.3, 1.0);
        assert!((g.erasure_rate() - 0.3).abs() < 1e-12 && g.beta == 0.0);
    }

    #[test]
    fn a_memoryless_chain_erases_independently() {
        // α + β = 1: ρ = 0, each LLDU Bad with probability p whatever came before.
        let g = GeParams::simplified(0.8, 0.2);
        assert_eq!(g.correlation(), 0.0);
        let mut ch = channel(g, "memoryless");
        let (mut both, mut first) = (0u64, 0u64);
        let mut prev = ch.next_erased();
        for _ in 0..500_000 {
            let e = ch.next_erased();
            first += prev as u64;
            both += (prev && e) as u64;
            prev = e;
        }
        let cond = both as f64 / first as f64;
        assert!((cond - g.stationary_bad()).abs() < 0.01, "P(erased | erased before) {cond}");
    }
}
