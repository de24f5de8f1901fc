//! A modelled physical layer under the LLDU link (paper 002 §4.1): where an LLDU's erasure
//! comes from when the paper's CNES traces are not at hand.
//!
//! §4.1 describes the physical layer the traces came from: a mobile at 60 km/h in a suburban
//! area, S band, GEO at 40° elevation, an LTE waveform, a 3GPP turbo code whose codeword carries
//! one 33-byte LLDU, with or without a 36 ms physical interleaver. It gives the outcome at a few
//! points (PER 1e-1 at Es/N0 5 dB and 1e-2 at 8 dB with interleaving; 1e-1 at 5 dB and 1e-2 at
//! 12 dB without; below 1e-2 at 14 dB for the Distribution scenario) but not the code rate, the
//! modulation or the fading statistics. SkyQueue models the chain as follows (each choice a
//! substitute, docs/REPRODUCTION.md):
//!
//! 1. **Fading**: Rayleigh (no line of sight), Clarke/Jakes Doppler spectrum with f_d = v f_c / c
//!    = 122 Hz, generated as a Zheng-Xiao sum of sinusoids (as `channel::lms` does).
//! 2. **What a codeword sees**: with the 36 ms interleaver, its symbols are spread over the
//!    interleaver's span, so it sees the fade at 36 points 1 ms apart (about ten coherence
//!    times); without, the fade at its own instant. The samples are combined by mutual
//!    information (MIESM): the effective SNR γ_eff is the SNR at which QPSK carries the mean of
//!    the samples' mutual information.
//! 3. **Decoding**: a short turbo code's AWGN waterfall, PER = Q((γ_eff[dB] − γ_th) / σ), σ
//!    the waterfall's width (`link.phy_waterfall_db`; one dB from 1e-1 to 1e-2 is about σ 1). The
//!    noise of each codeword is its own, so within one faded span each LLDU is erased
//!    independently with that PER: a span near the threshold loses some of its LLDUs, not all.
//! 4. **The code's threshold γ_th**, the one number §4.1 does not let us derive, is solved so
//!    that the scenario meets one stated point: the Internet code (shared by the interleaved and
//!    the non-interleaved scenarios, as §4.1 says) PER 1e-1 at 5 dB with interleaving; the
//!    Distribution code 1e-2 at 14 dB. Every other point of Fig. 7, the non-interleaved curve
//!    included, is what the model gives.

use super::lldu::Erasures;
use crate::channel::gilbert_elliott::GeParams;
use crate::channel::lms::{zheng_xiao_sinusoids, N_SINUSOIDS, N_TERMS};
use crate::channel::qpsk_mi_bits_linear;
use crate::kernel::{math, RngStream, Streams};
use std::sync::{Mutex, OnceLock};

/// Samples of the fade a codeword sees across the interleaver's span.
pub const SPAN_SAMPLES: usize = 36;
/// The fade is read on this grid without interleaving [s] (a coherence time is about 3.5 ms).
const FADE_GRID_S: f64 = 1e-4;
/// Interleaver spans (or, without interleaving, 1 ms instants) averaged to solve the threshold.
const CALIBRATION_SPANS: usize = 2000;
/// Fixed seed of the calibration's fading: the threshold belongs to the code, not to a run.
const CALIBRATION_SEED: u64 = 0x5EED_0002;

/// Rayleigh fading |h(t)|², E|h|² = 1: a Zheng-Xiao sum of sinusoids, evaluated directly at
/// any time (so that reading it at a time does not depend on earlier reads).
#[derive(Clone, Debug)]
pub struct RayleighFading {
    /// Angular frequency [rad/s] and phase of each sinusoid, the real branch's first.
    omega: [f64; N_TERMS],
    phase: [f64; N_TERMS],
}

impl RayleighFading {
    /// A fade of maximum Doppler frequency `doppler_hz`, its angles and phases drawn from `rng`.
    pub fn new(doppler_hz: f64, rng: &mut RngStream) -> Self {
        let (omega, phase) = zheng_xiao_sinusoids(doppler_hz, rng);
        RayleighFading { omega, phase }
    }

    /// Power gains |h|² at `n` instants `t0_s + (k + 1/2) dt_s`, k = 0..n, into `out`: each
    /// sinusoid evaluated directly at the first two instants, then by the Chebyshev recurrence
    /// c[k+1] = 2 cos(w dt) c[k] − c[k−1] (`two_cos` from [`RayleighFading::two_cos`]), one
    /// multiply and one subtract a step instead of a cosine.
    /// At most [`SPAN_SAMPLES`] instants.
    pub fn gains(&self, t0_s: f64, dt_s: f64, two_cos: &[f64; N_TERMS], out: &mut [f64]) {
        let n = out.len().min(SPAN_SAMPLES);
        let (mut re_all, mut im_all) = ([0.0; SPAN_SAMPLES], [0.0; SPAN_SAMPLES]);
        let (re, im) = (&mut re_all[..n], &mut im_all[..n]);
        for (i, ((&omega, &phase), &two_cos_i)) in self.omega.iter().zip(&self.phase).zip(two_cos).enumerate() {
            let t = t0_s + 0.5 * dt_s;
            let mut prev = math::cos(omega * t + phase);
            let mut cur = if n > 1 { math::cos(omega * (t + dt_s) + phase) } else { 0.0 };
            let acc: &mut [f64] = if i < N_SINUSOIDS { &mut *re } else { &mut *im };
            for (k, a) in acc.iter_mut().enumerate() {
                if k == 0 {
                    *a += prev;
                } else {
                    *a += cur;
                    let next = two_cos_i * cur - prev;
                    prev = cur;
                    cur = next;
                }
            }
        }
        for ((o, r), m) in out.iter_mut().zip(re.iter()).zip(im.iter()) {
            *o = (r * r + m * m) / N_SINUSOIDS as f64;
        }
    }

    /// 2 cos(w dt) of every sinusoid: the recurrence's coefficients for steps of `dt_s`.
    pub fn two_cos(&self, dt_s: f64) -> [f64; N_TERMS] {
        self.omega.map(|w| 2.0 * math::cos(w * dt_s))
    }

    /// Power gain |h(t)|² at `t_s` seconds.
    pub fn gain(&self, t_s: f64) -> f64 {
        let (mut re, mut im) = (0.0, 0.0);
        for n in 0..N_SINUSOIDS {
            re += math::cos(self.omega[n] * t_s + self.phase[n]);
            im += math::cos(self.omega[N_SINUSOIDS + n] * t_s + self.phase[N_SINUSOIDS + n]);
        }
        // Each branch has variance N/2: the sum of both has mean square N.
        (re * re + im * im) / N_SINUSOIDS as f64
    }
}

/// Steps of the inverse mutual-information table over [0, 2) bits.
const INV_MI_STEPS: usize = 8192;

/// The SNR [dB] at which QPSK carries `mi` bits per symbol: linear interpolation in a table of
/// [`qpsk_snr_for_mi`] (built once), clamped to the table's range.
pub fn qpsk_db_for_mi(mi: f64) -> f64 {
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..=INV_MI_STEPS)
            .map(|i| {
                10.0 * math::log10(qpsk_snr_for_mi((i as f64 / INV_MI_STEPS as f64 * 2.0).clamp(1e-9, 2.0 - 1e-9)))
            })
            .collect()
    });
    let x = (mi / 2.0 * INV_MI_STEPS as f64).clamp(0.0, INV_MI_STEPS as f64 - 1e-9);
    let i = x as usize;
    t[i] + (x - i as f64) * (t[i + 1] - t[i])
}

/// The SNR [linear] at which QPSK carries `mi` bits per symbol (bisection on the monotone
/// mutual information; `mi` within [0, 2)).
pub fn qpsk_snr_for_mi(mi: f64) -> f64 {
    let (mut lo, mut hi) = (-40.0_f64, 40.0_f64); // dB
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if qpsk_mi_bits_linear(math::pow(10.0, mid / 10.0)) < mi {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    math::pow(10.0, 0.5 * (lo + hi) / 10.0)
}

/// Effective SNR [dB] of a codeword whose symbols see the linear SNRs `snrs` (MIESM with QPSK).
pub fn effective_snr_db(snrs: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for g in snrs {
        sum += qpsk_mi_bits_linear(g);
        n += 1;
    }
    qpsk_db_for_mi(sum / n.max(1) as f64)
}

/// The code's AWGN waterfall: PER = Q((γ_eff − γ_th) / σ), all in dB.
pub fn waterfall_per(eff_db: f64, threshold_db: f64, sigma_db: f64) -> f64 {
    0.5 * math::erfc((eff_db - threshold_db) / (sigma_db.max(1e-6) * core::f64::consts::SQRT_2))
}

/// The Doppler frequency of §4.1's mobile: 60 km/h at 2.2 GHz (S band) [Hz].
pub const DOPPLER_HZ: f64 = 60.0 / 3.6 * 2.2e9 / 299_792_458.0;
/// §4.1's physical interleaver [s].
pub const INTERLEAVER_S: f64 = 0.036;

/// A code's waterfall: threshold γ_th and width σ [dB].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Code {
    /// γ_th: the effective SNR at which half the codewords fail [dB].
    pub threshold_db: f64,
    /// σ: the waterfall's width [dB].
    pub sigma_db: f64,
}

/// The effective SNRs [dB] of `count` codewords from one fixed fading realisation: one per
/// interleaver span of `interleave_s` (MI-averaged over [`SPAN_SAMPLES`] points), or, without
/// interleaving, one per 1 ms instant.
fn calibration_fades(interleave_s: f64, es_n0_db: f64, count: usize) -> Vec<f64> {
    let mut rng = Streams::new(CALIBRATION_SEED).stream("link.phy.calibration");
    let fading = RayleighFading::new(DOPPLER_HZ, &mut rng);
    let snr = math::pow(10.0, es_n0_db / 10.0);
    let dt = interleave_s / SPAN_SAMPLES as f64;
    let two_cos = fading.two_cos(dt);
    let mut g = [0.0; SPAN_SAMPLES];
    (0..count)
        .map(|k| {
            if interleave_s > 0.0 {
                fading.gains(k as f64 * interleave_s, dt, &two_cos, &mut g);
                effective_snr_db(g.iter().map(|&x| snr * x))
            } else {
                10.0 * math::log10((snr * fading.gain(k as f64 * 1e-3)).max(1e-30))
            }
        })
        .collect()
}

fn mean_of(fades: &[f64], code: Code) -> f64 {
    fades.iter().map(|&e| waterfall_per(e, code.threshold_db, code.sigma_db)).sum::<f64>() / fades.len().max(1) as f64
}

/// The threshold [dB] at which codewords with effective SNRs `fades` fail with mean
/// probability `per`, for a waterfall of width `sigma_db` (bisection: the PER grows with the
/// threshold).
fn threshold_for(fades: &[f64], per: f64, sigma_db: f64) -> f64 {
    let (mut lo, mut hi) = (-60.0, 60.0);
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if mean_of(fades, Code { threshold_db: mid, sigma_db }) < per {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The code whose mean PER through the interleaver of `interleave_s` passes through both
/// points (Es/N0 [dB], PER): the threshold meets the first for each width, the width (bisection;
/// a wider waterfall flattens the curve) meets the second.
pub fn fit_code(interleave_s: f64, first: (f64, f64), second: (f64, f64)) -> Code {
    let (f1, f2) = (
        calibration_fades(interleave_s, first.0, CALIBRATION_SPANS),
        calibration_fades(interleave_s, second.0, CALIBRATION_SPANS),
    );
    let at_second =
        |sigma_db: f64| mean_of(&f2, Code { threshold_db: threshold_for(&f1, first.1, sigma_db), sigma_db });
    let (mut lo, mut hi) = (0.05_f64, 6.0_f64);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if at_second(mid) < second.1 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let sigma_db = 0.5 * (lo + hi);
    Code { threshold_db: threshold_for(&f1, first.1, sigma_db), sigma_db }
}

/// The Internet scenarios' code (a 3GPP turbo code, 33-byte codewords, paper 002 §4.1): fitted
/// to the interleaved scenario's stated points, PER 1e-1 at 5 dB and 1e-2 at 8 dB. The
/// non-interleaved scenario decodes with the same code.
pub fn internet_code() -> Code {
    static CODE: OnceLock<Code> = OnceLock::new();
    *CODE.get_or_init(|| fit_code(INTERLEAVER_S, (5.0, 0.1), (8.0, 0.01)))
}

/// The Distribution scenario's code: the Internet code's waterfall width, its threshold meeting
/// §4.1's one stated point, PER 1e-2 at 14 dB with interleaving.
pub fn distribution_code() -> Code {
    static CODE: OnceLock<Code> = OnceLock::new();
    *CODE.get_or_init(|| {
        let sigma_db = internet_code().sigma_db;
        Code {
            threshold_db: threshold_for(&calibration_fades(INTERLEAVER_S, 14.0, CALIBRATION_SPANS), 0.01, sigma_db),
            sigma_db,
        }
    })
}

/// Fig. 7 as the model gives it: the mean PER of `code` at `es_n0_db`, through an interleaver
/// of `interleave_s` (0: none), over `count` spans or 1 ms instants of the fixed fading
/// realisation.
pub fn mean_per(code: Code, interleave_s: f64, es_n0_db: f64, count: usize) -> f64 {
    // Validation asks this of every run of a sweep: the answers are kept.
    static SEEN: Mutex<Vec<([u64; 5], f64)>> = Mutex::new(Vec::new());
    let key = [
        code.threshold_db.to_bits(),
        code.sigma_db.to_bits(),
        interleave_s.to_bits(),
        es_n0_db.to_bits(),
        count as u64,
    ];
    if let Some(per) = SEEN.lock().ok().and_then(|v| v.iter().find(|(k, _)| *k == key).map(|(_, p)| *p)) {
        return per;
    }
    let per = mean_of(&calibration_fades(interleave_s, es_n0_db, count), code);
    if let Ok(mut v) = SEEN.lock() {
        if v.len() < 4096 {
            v.push((key, per));
        }
    }
    per
}

/// Equivalent chains already measured, by (code, span, Es/N0, slot): a sweep's runs share them.
static CHAINS: Mutex<Vec<([u64; 5], GeParams)>> = Mutex::new(Vec::new());

/// The Gilbert-Elliott chain with the modelled layer's erasure rate and mean run of erased
/// LLDUs (P_G = 0, P_B = 1, β = 1 − 1 / run), measured over [`CALIBRATION_SPANS`] interleaver
/// spans (or as many LLDUs' worth of 36 ms) of a fixed realisation: what paper 002's closed
/// forms can say about this layer. It matches the first two moments of the erasures, not their
/// span-by-span structure, so the closed forms are a guide here, not a prediction.
pub fn equivalent_chain(code: Code, interleave_s: f64, es_n0_db: f64, slot_s: f64) -> GeParams {
    let key = [
        code.threshold_db.to_bits(),
        code.sigma_db.to_bits(),
        interleave_s.to_bits(),
        es_n0_db.to_bits(),
        slot_s.to_bits(),
    ];
    if let Some(g) = CHAINS.lock().ok().and_then(|v| v.iter().find(|(k, _)| *k == key).map(|(_, g)| *g)) {
        return g;
    }
    let mut phy =
        FadedPhy::new(code, interleave_s, es_n0_db, slot_s, Streams::new(CALIBRATION_SEED).stream("link.phy.chain"));
    let n = ((CALIBRATION_SPANS as f64 * INTERLEAVER_S / slot_s) as u64).clamp(10_000, 2_000_000);
    let (mut erased, mut runs, mut prev) = (0u64, 0u64, false);
    for _ in 0..n {
        let e = phy.next_lldu().1;
        erased += e as u64;
        runs += (e && !prev) as u64;
        prev = e;
    }
    let p = (erased as f64 / n as f64).clamp(1e-9, 0.99);
    let beta = if runs > 0 { 1.0 - runs as f64 / erased as f64 } else { 0.0 };
    let alpha = 1.0 - p * (1.0 - beta) / (1.0 - p);
    let g = GeParams { alpha, beta, erase_good: 0.0, erase_bad: 1.0 };
    if let Ok(mut v) = CHAINS.lock() {
        if v.len() < 4096 {
            v.push((key, g));
        }
    }
    g
}

/// The modelled physical layer as the LLDU link's erasure channel: slot k's LLDU is decoded
/// from the fade its codeword saw, then erased with the waterfall's PER by its own noise.
#[derive(Clone, Debug)]
pub struct FadedPhy {
    fading: RayleighFading,
    rng: RngStream,
    slot_s: f64,
    /// LLDU slots per interleaver span; 0: no interleaving.
    span_slots: u64,
    span_s: f64,
    /// The recurrence's coefficients for the span's sample spacing.
    two_cos: [f64; N_TERMS],
    snr: f64,
    threshold_db: f64,
    sigma_db: f64,
    slot: u64,
    /// The span (or fade-grid point) whose PER is cached, and that PER and whether it is
    /// below the threshold.
    cached_at: u64,
    per: f64,
    faded: bool,
}

impl FadedPhy {
    /// A physical layer at `es_n0_db` under LLDU slots of `slot_s`; the fading and the noise
    /// draw from `rng`.
    pub fn new(code: Code, interleave_s: f64, es_n0_db: f64, slot_s: f64, mut rng: RngStream) -> Self {
        let fading = RayleighFading::new(DOPPLER_HZ, &mut rng);
        let span_slots = if interleave_s > 0.0 { (interleave_s / slot_s).round().max(1.0) as u64 } else { 0 };
        FadedPhy {
            rng,
            slot_s,
            span_slots,
            span_s: span_slots as f64 * slot_s,
            two_cos: fading.two_cos(span_slots as f64 * slot_s / SPAN_SAMPLES as f64),
            fading,
            snr: math::pow(10.0, es_n0_db / 10.0),
            threshold_db: code.threshold_db,
            sigma_db: code.sigma_db,
            slot: 0,
            cached_at: u64::MAX,
            per: 0.0,
            faded: false,
        }
    }

    /// The code's threshold [dB] this layer decodes against.
    pub fn threshold_db(&self) -> f64 {
        self.threshold_db
    }

    /// Effective SNR [dB] of the codeword sent in `slot`, and the point it is cached under.
    fn effective_at(&self, slot: u64) -> (u64, f64) {
        if let Some(span) = slot.checked_div(self.span_slots) {
            let mut g = [0.0; SPAN_SAMPLES];
            self.fading.gains(span as f64 * self.span_s, self.span_s / SPAN_SAMPLES as f64, &self.two_cos, &mut g);
            (span, effective_snr_db(g.iter().map(|&x| self.snr * x)))
        } else {
            let k = ((slot as f64 + 0.5) * self.slot_s / FADE_GRID_S) as u64;
            (k, 10.0 * math::log10((self.snr * self.fading.gain(k as f64 * FADE_GRID_S)).max(1e-30)))
        }
    }
}

impl Erasures for FadedPhy {
    fn next_lldu(&mut self) -> (bool, bool) {
        let point = self
            .slot
            .checked_div(self.span_slots)
            .unwrap_or_else(|| ((self.slot as f64 + 0.5) * self.slot_s / FADE_GRID_S) as u64);
        if point != self.cached_at {
            let (at, eff) = self.effective_at(self.slot);
            self.cached_at = at;
            self.per = waterfall_per(eff, self.threshold_db, self.sigma_db);
            self.faded = eff < self.threshold_db;
        }
        self.slot += 1;
        let erased = self.rng.next_f64() < self.per;
        (self.faded, erased)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fade_has_unit_mean_power_and_rayleigh_statistics() {
        let f = RayleighFading::new(DOPPLER_HZ, &mut Streams::new(1).stream("t"));
        let n = 200_000;
        let g: Vec<f64> = (0..n).map(|k| f.gain(k as f64 * 1e-3)).collect();
        let mean = g.iter().sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.05, "{mean}");
        // Rayleigh: P(|h|² < x) = 1 − e^{−x}; at x = 0.1, 0.095.
        let below = g.iter().filter(|&&x| x < 0.1).count() as f64 / n as f64;
        assert!((below - 0.0952).abs() < 0.01, "{below}");
    }

    #[test]
    fn the_recurrence_gives_the_fade_the_direct_sum_gives() {
        let f = RayleighFading::new(DOPPLER_HZ, &mut Streams::new(3).stream("t"));
        let (t0, dt) = (12.345, 0.001);
        let mut g = [0.0; SPAN_SAMPLES];
        f.gains(t0, dt, &f.two_cos(dt), &mut g);
        for (k, x) in g.iter().enumerate() {
            let direct = f.gain(t0 + (k as f64 + 0.5) * dt);
            assert!((x - direct).abs() < 1e-9, "{k}: {x} against {direct}");
        }
        // The inverse table agrees with the bisection.
        for mi in [0.1, 0.7, 1.0, 1.5, 1.9] {
            let exact = 10.0 * math::log10(qpsk_snr_for_mi(mi));
            assert!((qpsk_db_for_mi(mi) - exact).abs() < 0.01, "{mi}");
        }
    }

    #[test]
    fn mi_averaging_lies_between_the_worst_sample_and_the_mean() {
        let e = effective_snr_db([0.5, 10.0].into_iter());
        assert!(e > 10.0 * math::log10(0.5) && e < 10.0 * math::log10(5.25), "{e}");
        assert!((effective_snr_db([3.0, 3.0].into_iter()) - 10.0 * math::log10(3.0)).abs() < 1e-6);
    }

    #[test]
    fn the_codes_pass_through_the_stated_points_of_fig_7() {
        // Paper 002 §4.1: interleaved Internet 1e-1 at 5 dB and 1e-2 at 8 dB; Distribution 1e-2
        // at 14 dB.
        let c = internet_code();
        for (es, per) in [(5.0, 0.1), (8.0, 0.01)] {
            let got = mean_per(c, INTERLEAVER_S, es, CALIBRATION_SPANS);
            assert!((got / per - 1.0).abs() < 1e-3, "{es} dB: {got}");
        }
        let got = mean_per(distribution_code(), INTERLEAVER_S, 14.0, CALIBRATION_SPANS);
        assert!((got / 0.01 - 1.0).abs() < 1e-3, "{got}");
        // Without interleaving the same code loses more at the same Es/N0, and less at a
        // higher one.
        assert!(mean_per(c, 0.0, 8.0, 20_000) > 0.01);
        assert!(mean_per(c, 0.0, 12.0, 20_000) < mean_per(c, 0.0, 8.0, 20_000));
    }

    #[test]
    fn erasures_follow_the_mean_per_and_spare_part_of_a_faded_span() {
        let slot_s = 264.0 / 263e3;
        let mut phy = FadedPhy::new(internet_code(), INTERLEAVER_S, 5.0, slot_s, Streams::new(7).stream("phy"));
        let span = phy.span_slots as usize;
        let spans = 4000;
        let mut erased = 0usize;
        let mut partial = 0usize;
        for _ in 0..spans {
            let e = (0..span).filter(|_| phy.next_lldu().1).count();
            erased += e;
            if e > 0 && e < span {
                partial += 1;
            }
        }
        let rate = erased as f64 / (spans * span) as f64;
        assert!((rate - 0.1).abs() < 0.02, "{rate}");
        assert!(partial > spans / 20, "{partial} of {spans} spans lost only part of their LLDUs");
    }
}
