//! Priority Switching Scheduler [PSS] (Finzi, Perrier, Frances, Lochin, paper 001), §2,
//! Algorithm 1, with the credit semantics of docs/REPRODUCTION.md.
//!
//! Three classes: EF by strict priority; AF controlled by a credit counter whose priority
//! switches between high (above CS0) and low (below CS0); CS0 best effort. The credit [bits]
//! starts at L_R, rises by L (1 - BW) while an AF packet of L bits is sent (capped at L_M), and
//! falls at BW C per second while AF is not sending, applied lazily at the next dequeue from the
//! elapsed time. AF drops to low priority when the credit reaches L_M after an AF packet, and
//! returns to high when the credit is at or below L_R at a dequeue. Non-preemptive and
//! work-conserving (AF is still served at low priority when CS0 is empty).
//!
//! Choices where the listing and the prose differ (each noted at its line): the listing resets
//! `dtime[q] = currentTime` after an update, the prose `timerDQ[q]`; we follow the prose, or the
//! same idle span would decay twice. The listing switches back to high when credit < L_R; with
//! L_R = 0 (fixed capacity, §2.4) that never happens, so we use credit <= L_R (docs/REPRODUCTION.md).

use super::{Backlog, ClassLink, ClassSharing, CreditState};
use crate::kernel::SimTime;
use serde::{Deserialize, Serialize};

/// PSS parameters of the AF class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PssParams {
    /// Reserved share of the capacity BW (0 to 1).
    pub bw: f64,
    /// Maximum credit L_M [bits].
    pub lm_bits: f64,
    /// Resume credit L_R [bits] (0 for a fixed capacity).
    pub lr_bits: f64,
    /// §2.3 credit memory: the credit decays below L_R only while AF is backlogged (Algorithm 1
    /// lines 4-7), so the span 0..L_R records how far AF fell behind its target. Off: the
    /// "vanilla" PSS of Figs. 7-8 (the credit floors at 0 whether or not AF waits).
    #[serde(default)]
    pub credit_memory: bool,
    /// §2.3 higher-capacity branch: credit gained when AF sends faster than planned
    /// (dtime < 0, Algorithm 1 line 14), i.e. when the link runs above the C the scheduler was
    /// configured with. Off: the PSS of Fig. 9 and Fig. 10(a).
    #[serde(default)]
    pub above_average: bool,
}

pub use super::Class;

/// The AF credit counter and priority.
#[derive(Clone, Debug)]
pub struct Pss {
    p: PssParams,
    credit: f64,
    high: bool,
    timer_dq: f64,
    switches: u64,
}

impl Pss {
    /// A counter starting at L_R with AF at high priority (docs/REPRODUCTION.md).
    pub fn new(p: PssParams) -> Self {
        Pss { credit: p.lr_bits, high: true, timer_dq: 0.0, switches: 0, p }
    }

    /// Current credit [bits].
    pub fn credit_bits(&self) -> f64 {
        self.credit
    }

    /// Whether AF is at high priority.
    pub fn is_high(&self) -> bool {
        self.high
    }

    /// Priority switches so far.
    pub fn switches(&self) -> u64 {
        self.switches
    }

    /// Algorithm 1, one dequeue decision at `now` on a link of `capacity_bps`, given which
    /// queues hold a packet and the AF head's size [bits]. Returns the class to serve.
    pub fn dequeue(
        &mut self,
        now: SimTime,
        capacity_bps: f64,
        ef: bool,
        af: bool,
        cs0: bool,
        af_head_bits: f64,
    ) -> Option<Class> {
        let t = now.as_secs_f64();
        let dtime = t - self.timer_dq; // Algorithm 1, line 2
        let slope = capacity_bps * self.p.bw; // I_idle = C BW
        if dtime > 0.0 {
            let floor = if af || !self.p.credit_memory {
                0.0 // line 5: backlogged AF may use the credit memory down to 0
            } else {
                self.credit.min(self.p.lr_bits) // line 7: an empty AF keeps its memory
            };
            self.credit = (self.credit - dtime * slope).max(floor);
            self.timer_dq = t; // line 10 (prose: timerDQ, not dtime)
            if self.credit <= self.p.lr_bits && !self.high {
                // line 11-13, with <= so that L_R = 0 works (docs/REPRODUCTION.md)
                self.high = true;
                self.switches += 1;
            }
        } else if self.p.above_average && dtime < 0.0 {
            // line 14-15: AF sent faster than planned (capacity above the average).
            self.credit = (self.credit - dtime * slope).min(self.p.lm_bits);
            self.timer_dq = t;
        }
        // Lines 18-27: priority scheduler EF > AF(high) > CS0 > AF(low).
        let class = if ef {
            Class::Ef
        } else if af && (self.high || !cs0) {
            Class::Af
        } else if cs0 {
            Class::Cs0
        } else {
            return None;
        };
        if class == Class::Af {
            self.credit = (self.credit + af_head_bits * (1.0 - self.p.bw)).min(self.p.lm_bits); // line 22
            self.timer_dq = t + af_head_bits / capacity_bps; // line 23
            if self.credit >= self.p.lm_bits && self.high {
                self.high = false; // line 24-26
                self.switches += 1;
            }
        }
        debug_assert!(self.credit >= 0.0 && self.credit <= self.p.lm_bits.max(self.p.lr_bits) + 1e-6);
        Some(class)
    }
}

/// PSS as the router's class sharing: Algorithm 1 at each decision, on the configured
/// capacity C and the AF head's size the router passes in.
impl ClassSharing for Pss {
    fn pick(&mut self, now: SimTime, backlog: Backlog, link: ClassLink) -> Option<Class> {
        self.dequeue(now, link.capacity_bps, backlog.ef, backlog.af, backlog.cs0, link.af_head_bits)
    }

    fn credit(&self) -> Option<CreditState> {
        Some(CreditState { credit_bits: self.credit, high: self.high, switches: self.switches })
    }
}

/// PSS parameters from WRR weights (paper 001 eqs. 2-5): K_AF, then BW = B (C - R_EF^exp) / C
/// with B from eq. (4), L_M from eq. (5) (plus L_R, the per-queue rule of §2.3:
/// L_M = (N - 1) L_max (1 - BW) + L_R), for packets of average sizes `l_af_bits` and
/// `l_cs0_bits`. The §2.3 options start off; see [`PssParams::with_variable_capacity`].
/// Returns (K_AF, params).
pub fn params_from_wrr(
    w_af: f64,
    w_cs0: f64,
    l_af_bits: f64,
    l_cs0_bits: f64,
    capacity_bps: f64,
    ef_expected_bps: f64,
    lr_bits: f64,
) -> (f64, PssParams) {
    let k_af = w_af * l_af_bits / (w_af * l_af_bits + w_cs0 * l_cs0_bits); // eq. (2)
    let b = (w_af - 1.0) * l_af_bits / ((w_af - 1.0) * l_af_bits + (w_cs0 - 1.0) * l_cs0_bits); // eq. (4)
    let bw = b * (capacity_bps - ef_expected_bps) / capacity_bps; // eq. (3), as a share of C
    let lm = l_af_bits * (w_af - 1.0) * (1.0 - bw) + lr_bits; // eq. (5) + L_R (§2.3)
    (k_af, PssParams { bw, lm_bits: lm, lr_bits, credit_memory: false, above_average: false })
}

impl PssParams {
    /// The same parameters with the §2.3 options set.
    pub fn with_variable_capacity(mut self, credit_memory: bool, above_average: bool) -> Self {
        self.credit_memory = credit_memory;
        self.above_average = above_average;
        self
    }
}

/// Theoretical output rates [b/s] (paper 001): WRR AF eq. (1), WRR CS0 eq. (6), PSS AF eq. (7),
/// PSS CS0 eq. (8).
pub fn theory_rates(k_af: f64, capacity_bps: f64, ef_bps: f64, ef_expected_bps: f64) -> [f64; 4] {
    theory_rates_at(k_af, capacity_bps, capacity_bps, ef_bps, ef_expected_bps)
}

/// The same rates at an instant when the link runs at `capacity_now_bps` and EF sends
/// `ef_now_bps`, PSS being configured for `capacity_avg_bps` (paper 001 §4.2): what is left
/// after EF, max(C(t) - EF(t), 0), is shared by the weights under WRR; under PSS, AF gets its
/// target K_AF (C_avg - R_EF^exp) when that much is left, and CS0 the rest.
pub fn theory_rates_at(
    k_af: f64,
    capacity_avg_bps: f64,
    capacity_now_bps: f64,
    ef_now_bps: f64,
    ef_expected_bps: f64,
) -> [f64; 4] {
    let left = (capacity_now_bps - ef_now_bps).max(0.0);
    let wrr_af = k_af * left;
    let wrr_cs0 = (1.0 - k_af) * left;
    let pss_af = (k_af * (capacity_avg_bps - ef_expected_bps)).min(left);
    let pss_cs0 = left - pss_af;
    [wrr_af, wrr_cs0, pss_af, pss_cs0]
}

/// What a saturated run measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PssRun {
    /// Fractions of the capacity used by EF, AF, CS0.
    pub ef_share: f64,
    /// AF share.
    pub af_share: f64,
    /// CS0 share.
    pub cs0_share: f64,
    /// Lowest and highest credit seen [bits].
    pub credit_min_bits: f64,
    /// Highest credit seen.
    pub credit_max_bits: f64,
    /// Priority switches.
    pub switches: u64,
}

/// Runs PSS on a link of `capacity_bps` for `duration_s` with AF and CS0 always backlogged and
/// EF a CBR flow of `ef_bps`, all packets `packet_bits` long (the `skyqueue calc pss` experiment).
/// The link is never idle, so time advances packet by packet.
pub fn run_saturated(p: &PssParams, capacity_bps: f64, ef_bps: f64, packet_bits: f64, duration_s: f64) -> PssRun {
    let mut pss = Pss::new(p.clone());
    let tx = packet_bits / capacity_bps;
    let ef_gap = if ef_bps > 0.0 { packet_bits / ef_bps } else { f64::INFINITY };
    let (mut t, mut ef_arrived, mut ef_sent) = (0.0f64, 0u64, 0u64);
    let mut sent = [0u64; 3];
    let (mut cmin, mut cmax) = (pss.credit_bits(), pss.credit_bits());
    while t < duration_s {
        // EF packets that have arrived by now (one every ef_gap from t = 0).
        ef_arrived = if ef_gap.is_finite() { (t / ef_gap).floor() as u64 + 1 } else { 0 };
        let ef_waiting = ef_arrived > ef_sent;
        let now = SimTime::from_secs_f64(t);
        let class = pss.dequeue(now, capacity_bps, ef_waiting, true, true, packet_bits).unwrap_or(Class::Cs0);
        match class {
            Class::Ef => {
                ef_sent += 1;
                sent[0] += 1;
            }
            Class::Af => sent[1] += 1,
            Class::Cs0 => sent[2] += 1,
        }
        cmin = cmin.min(pss.credit_bits());
        cmax = cmax.max(pss.credit_bits());
        t += tx;
    }
    let _ = ef_arrived;
    let total = t / tx;
    PssRun {
        ef_share: sent[0] as f64 / total,
        af_share: sent[1] as f64 / total,
        cs0_share: sent[2] as f64 / total,
        credit_min_bits: cmin,
        credit_max_bits: cmax,
        switches: pss.switches(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: f64 = 20e6;
    const L: f64 = 1500.0 * 8.0;

    #[test]
    fn credit_stays_in_range_and_af_gets_its_reserved_share() {
        // Property: the credit never leaves [0, L_M] (docs/REPRODUCTION.md), over several parameter sets.
        for (bw, n) in [(0.3, 10.0), (0.5, 4.0), (0.7, 20.0)] {
            let p = PssParams {
                bw,
                lm_bits: (n - 1.0) * L * (1.0 - bw),
                lr_bits: 0.0,
                credit_memory: false,
                above_average: false,
            };
            let r = run_saturated(&p, C, 0.0, L, 20.0);
            assert!(r.credit_min_bits >= 0.0 && r.credit_max_bits <= p.lm_bits + 1e-6, "{r:?}");
            assert!(r.switches > 100);
            // Non-preemption adds about one packet per window: the share lies between BW and
            // the share of N packets against the idle window's.
            assert!(r.af_share >= bw - 0.05 && r.af_share <= bw + 0.12, "bw {bw}: {r:?}");
        }
    }

    #[test]
    fn pss_from_wrr_weights_matches_eq_1_when_ef_is_as_expected() {
        // Paper 001 §4.1.1 / Fig. 5: EF known, PSS behaves like WRR, AF = K_AF (C - R_EF).
        for (w_af, w_cs0, ef) in [(8.0, 2.0, 0.25), (5.0, 5.0, 0.25), (3.0, 7.0, 0.5)] {
            let (k, p) = params_from_wrr(w_af, w_cs0, L, L, C, ef * C, 0.0);
            let r = run_saturated(&p, C, ef * C, L, 50.0);
            let [wrr_af, ..] = theory_rates(k, C, ef * C, ef * C);
            assert!(
                (r.af_share * C / wrr_af - 1.0).abs() < 0.05,
                "W {w_af}/{w_cs0} EF {ef}: {} vs {}",
                r.af_share * C,
                wrr_af
            );
            assert!((r.ef_share - ef).abs() < 0.01);
        }
    }

    #[test]
    fn pss_keeps_the_af_rate_when_ef_differs_from_expected_eq_7() {
        // Paper 001 §4.1.2 / Fig. 6: PSS set for EF = 0.5 C; real EF 0.25 C or 0.75 C. Windows
        // of 20 packets: with EF interleaved in AF's sending window, the credit cap at L_M loses
        // up to one packet per window (the non-preemption effect of §2.2), so AF gets about
        // 1/N more than eq. (7): 6 % at N = 5, 1.4 % at N = 20 (docs/REPRODUCTION.md).
        let (k, p) = params_from_wrr(20.0, 20.0, L, L, C, 0.5 * C, 0.0);
        for ef in [0.25, 0.5, 0.75] {
            let r = run_saturated(&p, C, ef * C, L, 50.0);
            let [wrr_af, _, pss_af, pss_cs0] = theory_rates(k, C, ef * C, 0.5 * C);
            assert!((r.af_share * C / pss_af - 1.0).abs() < 0.05, "EF {ef}: {} vs eq. 7 {}", r.af_share * C, pss_af);
            assert!(
                (r.cs0_share * C - pss_cs0).abs() < 0.05 * C,
                "EF {ef}: CS0 {} vs eq. 8 {}",
                r.cs0_share * C,
                pss_cs0
            );
            if ef < 0.5 {
                assert!(pss_af < wrr_af, "with less EF than expected, WRR gives AF more");
            }
        }
    }

    #[test]
    fn af_returns_to_high_priority_with_a_zero_resume_level() {
        // The listing's "credit < L_R" would never fire with L_R = 0 (erratum, docs/REPRODUCTION.md).
        let p = PssParams { bw: 0.5, lm_bits: 3.0 * L, lr_bits: 0.0, credit_memory: false, above_average: false };
        let mut s = Pss::new(p);
        let mut t = SimTime::ZERO;
        let mut seen_low = false;
        for _ in 0..200 {
            let c = s.dequeue(t, C, false, true, true, L).unwrap();
            seen_low |= !s.is_high();
            t += crate::kernel::SimDuration::from_secs_f64(L / C);
            let _ = c;
        }
        assert!(seen_low && s.switches() > 10);
    }
}
