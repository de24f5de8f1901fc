//! The E-model, ITU-T G.107 (06/2015), full form: the R rating factor of a voice path from its
//! loudness, noise, echo, delay and codec/loss impairments, and the MOS it maps to.
//!
//! R = Ro - Is - Id - Ie,eff + A (G.107 eq. 7-1; CoDeS paper 000 eq. 1), with Id = Idte + Idle +
//! Idd (eq. 7-22) and Ie,eff = Ie + (95 - Ie) Ppl / (Ppl / BurstR + Bpl) (eq. 7-29). Every
//! parameter defaults to G.107 Table 3, with which R = 93.2. MOS from R: G.107 Annex B (paper
//! 000 eq. 2). Codec values Ie and Bpl: ITU-T G.113 Appendix I (docs/REPRODUCTION.md).

use crate::kernel::math::{exp, log10, pow};
use serde::{Deserialize, Serialize};

/// Speech codecs with their equipment impairment Ie and packet-loss robustness Bpl.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Codec {
    /// G.711 without packet-loss concealment: Ie 0, Bpl 4.3.
    G711,
    /// G.711 with packet-loss concealment: Ie 0, Bpl 25.1.
    #[serde(rename = "g711-plc")]
    G711Plc,
    /// G.729 (CS-ACELP, 8 kb/s): Ie 10; Bpl 19.0, G.113's value for G.729A + VAD, as G.113
    /// gives none for plain G.729 (our choice, noted in docs/REPRODUCTION.md).
    G729,
    /// G.729A with voice activity detection: Ie 11, Bpl 19.0.
    #[serde(rename = "g729a-vad")]
    G729aVad,
    /// G.723.1 at 6.3 kb/s: Ie 15, Bpl 16.1.
    #[serde(rename = "g723.1-6.3")]
    G7231,
}

impl Codec {
    /// (Ie, Bpl) from ITU-T G.113 Appendix I.
    pub fn impairment(self) -> (f64, f64) {
        match self {
            Codec::G711 => (0.0, 4.3),
            Codec::G711Plc => (0.0, 25.1),
            Codec::G729 => (10.0, 19.0),
            Codec::G729aVad => (11.0, 19.0),
            Codec::G7231 => (15.0, 16.1),
        }
    }

    /// Parses the names `skyqueue calc emodel --codec` accepts.
    pub fn from_name(name: &str) -> Option<Codec> {
        serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
    }
}

/// Every E-model input, in G.107's units and names (Table 3 defaults via `Default`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EModelInput {
    /// Send loudness rating [dB].
    pub slr: f64,
    /// Receive loudness rating [dB].
    pub rlr: f64,
    /// Sidetone masking rating [dB].
    pub stmr: f64,
    /// Listener sidetone rating [dB].
    pub lstr: f64,
    /// D-value of the telephone, send side.
    pub ds: f64,
    /// D-value of the telephone, receive side.
    pub dr: f64,
    /// Talker echo loudness rating [dB].
    pub telr: f64,
    /// Weighted echo path loss [dB].
    pub wepl: f64,
    /// Mean one-way delay of the echo path [ms].
    pub t_ms: f64,
    /// Round-trip delay in a 4-wire loop [ms].
    pub tr_ms: f64,
    /// Absolute delay in echo-free connections [ms].
    pub ta_ms: f64,
    /// Number of quantisation distortion units.
    pub qdu: f64,
    /// Equipment impairment factor.
    pub ie: f64,
    /// Packet-loss robustness factor.
    pub bpl: f64,
    /// Random packet-loss probability [%].
    pub ppl: f64,
    /// Burst ratio (1 for random loss).
    pub burst_r: f64,
    /// Circuit noise referred to the 0 dBr point [dBm0p].
    pub nc: f64,
    /// Noise floor at the receive side [dBmp].
    pub nfor: f64,
    /// Room noise at the send side [dB(A)].
    pub ps: f64,
    /// Room noise at the receive side [dB(A)].
    pub pr: f64,
    /// Advantage factor (paper 000: 20 for satellite; paper 003: 30).
    pub a: f64,
    /// Delay sensitivity: mT [ms].
    pub m_t_ms: f64,
    /// Delay sensitivity: sT.
    pub s_t: f64,
}

impl Default for EModelInput {
    /// G.107 Table 3.
    fn default() -> Self {
        EModelInput {
            slr: 8.0,
            rlr: 2.0,
            stmr: 15.0,
            lstr: 18.0,
            ds: 3.0,
            dr: 3.0,
            telr: 65.0,
            wepl: 110.0,
            t_ms: 0.0,
            tr_ms: 0.0,
            ta_ms: 0.0,
            qdu: 1.0,
            ie: 0.0,
            bpl: 1.0,
            ppl: 0.0,
            burst_r: 1.0,
            nc: -70.0,
            nfor: -64.0,
            ps: 35.0,
            pr: 35.0,
            a: 0.0,
            m_t_ms: 100.0,
            s_t: 1.0,
        }
    }
}

/// R and its parts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct EModelOutput {
    /// Transmission rating factor R on G.107's scale, 0 (worst) to 100 (best): the sum of eq.
    /// 7-1 clamped to it, as Annex B's MOS mapping clamps (MOS 1 for R < 0, 4.5 for R > 100).
    pub r: f64,
    /// R as eq. 7-1 sums it, before the clamp (below 0 when the impairments exceed Ro + A).
    pub r_unclamped: f64,
    /// Why R is low, when it is below 50 (G.109 Table 1: "nearly all users dissatisfied"):
    /// which impairment dominates, Ie,eff (codec and loss) or Id (delay and echo), and the
    /// clamp if R was below 0.
    pub low_r_reason: Option<String>,
    /// Mean opinion score from R (1 to 4.5).
    pub mos: f64,
    /// Basic signal-to-noise ratio Ro.
    pub ro: f64,
    /// Simultaneous impairment Is.
    pub is: f64,
    /// Delay impairment Id = Idte + Idle + Idd.
    pub id: f64,
    /// Talker echo part of Id.
    pub idte: f64,
    /// Listener echo part of Id.
    pub idle: f64,
    /// Absolute delay part of Id.
    pub idd: f64,
    /// Effective equipment impairment Ie,eff.
    pub ie_eff: f64,
    /// Advantage factor A.
    pub a: f64,
}

fn db_sum(terms: &[f64]) -> f64 {
    10.0 * log10(terms.iter().map(|t| pow(10.0, t / 10.0)).sum())
}

/// G.107 §7: R from the inputs.
pub fn evaluate(p: &EModelInput) -> EModelOutput {
    // Ro, eqs. 7-2 to 7-7.
    let olr = p.slr + p.rlr;
    let nfo = p.nfor + p.rlr;
    let pre = p.pr + 10.0 * log10(1.0 + pow(10.0, (10.0 - p.lstr) / 10.0));
    let nor = p.rlr - 121.0 + pre + 0.008 * (pre - 35.0) * (pre - 35.0);
    let nos = p.ps - p.slr - p.ds - 100.0 + 0.004 * (p.ps - olr - p.ds - 14.0) * (p.ps - olr - p.ds - 14.0);
    let no = db_sum(&[p.nc, nos, nor, nfo]);
    let ro = 15.0 - 1.5 * (p.slr + no);

    // Is, eqs. 7-8 to 7-16.
    let xolr = olr + 0.2 * (64.0 + no - p.rlr);
    let iolr = 20.0 * (pow(1.0 + pow(xolr / 8.0, 8.0), 1.0 / 8.0) - xolr / 8.0);
    let stmro = -10.0 * log10(pow(10.0, -p.stmr / 10.0) + exp(-p.t_ms / 4.0) * pow(10.0, -p.telr / 10.0));
    let ist = 12.0 * pow(1.0 + pow((stmro - 13.0) / 6.0, 8.0), 1.0 / 8.0)
        - 28.0 * pow(1.0 + pow((stmro + 1.0) / 19.4, 35.0), 1.0 / 35.0)
        - 13.0 * pow(1.0 + pow((stmro - 3.0) / 33.0, 13.0), 1.0 / 13.0)
        + 29.0;
    let q = 37.0 - 15.0 * log10(p.qdu);
    let g = 1.07 + 0.258 * q + 0.0602 * q * q;
    let z = 46.0 / 30.0 - g / 40.0;
    let y = (ro - 100.0) / 15.0 + 46.0 / 8.4 - g / 9.0;
    let iq = 15.0 * log10(1.0 + pow(10.0, y) + pow(10.0, z));
    let is = iolr + ist + iq;

    // Id, eqs. 7-17 to 7-28.
    let roe = -1.5 * (no - p.rlr);
    let mut terv =
        p.telr - 40.0 * log10((1.0 + p.t_ms / 10.0) / (1.0 + p.t_ms / 150.0)) + 6.0 * exp(-0.3 * p.t_ms * p.t_ms);
    if p.stmr < 9.0 {
        terv += ist / 2.0; // G.107 §7.4, for low sidetone masking
    }
    let re = 80.0 + 2.5 * (terv - 14.0);
    let idte = ((roe - re) / 2.0 + ((roe - re) * (roe - re) / 4.0 + 100.0).sqrt() - 1.0) * (1.0 - exp(-p.t_ms));
    let rle = 10.5 * (p.wepl + 7.0) * pow(p.tr_ms + 1.0, -0.25);
    let idle = (ro - rle) / 2.0 + ((ro - rle) * (ro - rle) / 4.0 + 169.0).sqrt();
    let idd = if p.ta_ms <= p.m_t_ms {
        0.0
    } else {
        let x = log10(p.ta_ms / p.m_t_ms) / log10(2.0);
        let k = 6.0 * p.s_t;
        25.0 * (pow(1.0 + pow(x, k), 1.0 / k) - 3.0 * pow(1.0 + pow(x / 3.0, k), 1.0 / k) + 2.0)
    };
    let id = idte + idle + idd;

    // Ie,eff, eq. 7-29.
    let ie_eff = p.ie + (95.0 - p.ie) * p.ppl / (p.ppl / p.burst_r + p.bpl);

    let r = ro - is - id - ie_eff + p.a;
    EModelOutput {
        r: clamp_r(r),
        r_unclamped: r,
        low_r_reason: low_r_reason(r, id, ie_eff),
        mos: mos_from_r(r),
        ro,
        is,
        id,
        idte,
        idle,
        idd,
        ie_eff,
        a: p.a,
    }
}

/// R on G.107's 0-100 scale: Annex B maps R < 0 to MOS 1 and R > 100 to 4.5, so values
/// beyond the scale say nothing more; NaN stays NaN.
pub fn clamp_r(r: f64) -> f64 {
    if r.is_nan() {
        r
    } else {
        r.clamp(0.0, 100.0)
    }
}

/// R below which [`low_r_reason`] explains: G.109 Table 1's lowest category, "nearly all
/// users dissatisfied" (R < 50).
pub const LOW_R: f64 = 50.0;

/// Why R is below [`LOW_R`], naming the larger of the two impairments a network causes: Ie,eff
/// (eq. 7-29, the codec's Ie raised by packet loss) and Id (eq. 7-22, delay and echo).
pub fn low_r_reason(r: f64, id: f64, ie_eff: f64) -> Option<String> {
    if r.is_nan() || r >= LOW_R {
        return None;
    }
    let clamp =
        if r < 0.0 { format!("R sums to {r:.1}, shown as 0 (G.107's scale is 0-100); ") } else { String::new() };
    let why = if ie_eff >= id {
        format!(
            "the loss impairment Ie,eff {ie_eff:.1} (codec and packet loss) dominates the delay impairment Id {id:.1}"
        )
    } else {
        format!(
            "the delay impairment Id {id:.1} (one-way delay and echo) dominates the loss impairment Ie,eff {ie_eff:.1}"
        )
    };
    Some(format!("{clamp}{why}"))
}

/// MOS from R, G.107 Annex B (paper 000 eq. 2): 1 below R = 0, 4.5 above R = 100. The
/// polynomial dips slightly below 1 for 0 < R < 6.5 (to 0.99); we clamp it at 1, the scale's
/// floor.
pub fn mos_from_r(r: f64) -> f64 {
    if r.is_nan() || r <= 0.0 {
        1.0
    } else if r >= 100.0 {
        4.5
    } else {
        (1.0 + 0.035 * r + 7e-6 * r * (r - 60.0) * (100.0 - r)).max(1.0)
    }
}

/// The common case: codec, mouth-to-ear one-way delay (T = Ta = delay, Tr = 2 delay, docs/REPRODUCTION.md
/// §8), packet loss [%] with its burst ratio, advantage factor; the rest G.107 Table 3.
pub fn voice_quality(codec: Codec, one_way_ms: f64, loss_pct: f64, burst_r: f64, advantage: f64) -> EModelOutput {
    let (ie, bpl) = codec.impairment();
    evaluate(&EModelInput {
        t_ms: one_way_ms,
        ta_ms: one_way_ms,
        tr_ms: 2.0 * one_way_ms,
        ie,
        bpl,
        ppl: loss_pct,
        burst_r,
        a: advantage,
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_3_defaults_give_r_93_2() {
        // G.107 §7.1: "the default values ... result in a rating of R = 93.2".
        let out = evaluate(&EModelInput::default());
        assert!((out.r - 93.2).abs() < 0.05, "{out:?}");
        assert!((out.mos - 4.41).abs() < 0.01, "{}", out.mos);
    }

    #[test]
    fn delay_impairment_idd_matches_the_closed_form_at_200_ms() {
        // Ta = 2 mT: X = 1, Idd = 25 ((2)^(1/6) - 3 (1 + 3^-6)^(1/6) + 2) = 3.044.
        let out = evaluate(&EModelInput { ta_ms: 200.0, ..Default::default() });
        assert!((out.idd - 3.0443).abs() < 1e-3, "{}", out.idd);
        assert_eq!(evaluate(&EModelInput { ta_ms: 100.0, ..Default::default() }).idd, 0.0);
    }

    #[test]
    fn loss_delay_and_codec_lower_r_monotonically() {
        let base = voice_quality(Codec::G711, 50.0, 0.0, 1.0, 0.0).r;
        assert!(voice_quality(Codec::G711, 300.0, 0.0, 1.0, 0.0).r < base);
        assert!(voice_quality(Codec::G711, 50.0, 2.0, 1.0, 0.0).r < base);
        assert!(voice_quality(Codec::G729, 50.0, 0.0, 1.0, 0.0).r < base);
        // PLC makes G.711 robust to loss.
        assert!(
            voice_quality(Codec::G711Plc, 50.0, 2.0, 1.0, 0.0).r > voice_quality(Codec::G711, 50.0, 2.0, 1.0, 0.0).r
        );
        // Ie,eff: G.711 without PLC at 1 % random loss: 95 x 1 / (1 + 4.3) = 17.9.
        assert!((voice_quality(Codec::G711, 0.0, 1.0, 1.0, 0.0).ie_eff - 95.0 / 5.3).abs() < 1e-9);
        // Advantage is added as is.
        let a = voice_quality(Codec::G729, 150.0, 1.0, 1.0, 20.0);
        let b = voice_quality(Codec::G729, 150.0, 1.0, 1.0, 0.0);
        assert!((a.r - b.r - 20.0).abs() < 1e-9);
    }

    #[test]
    fn r_is_reported_on_g107s_scale_with_its_reason_when_low() {
        // G.711 without PLC at 20 % loss, Ie,eff = 95 x 20 / (20 + 4.3) = 78.2, and 400 ms one
        // way (Idd 24.1): together more than Ro - Is.
        let lossy = voice_quality(Codec::G711, 400.0, 20.0, 1.0, 0.0);
        assert!(lossy.r_unclamped < 0.0, "{lossy:?}");
        assert_eq!(lossy.r, 0.0);
        assert_eq!(lossy.mos, 1.0);
        let why = lossy.low_r_reason.as_deref().expect("a reason below R 50");
        assert!(why.contains("shown as 0") && why.contains("loss impairment Ie,eff 78.2"), "{why}");
        // 800 ms one way, no loss: Id dominates.
        let slow = voice_quality(Codec::G711, 800.0, 0.0, 1.0, 0.0);
        assert!(slow.r < LOW_R && slow.r >= 0.0, "{slow:?}");
        assert!(slow.low_r_reason.as_deref().unwrap().starts_with("the delay impairment Id"), "{slow:?}");
        // A good call has no reason, and an advantage past 100 is clamped too.
        assert_eq!(voice_quality(Codec::G711, 50.0, 0.0, 1.0, 0.0).low_r_reason, None);
        assert_eq!(voice_quality(Codec::G711, 0.0, 0.0, 1.0, 20.0).r, 100.0);
    }

    #[test]
    fn mos_mapping_is_bounded_and_increasing() {
        assert_eq!(mos_from_r(-5.0), 1.0);
        assert_eq!(mos_from_r(120.0), 4.5);
        let mut last = 1.0;
        for r in 1..100 {
            let m = mos_from_r(r as f64);
            assert!(m >= last && (1.0..=4.5).contains(&m));
            last = m;
        }
        // Annex B: R = 80 gives MOS 4.02 (the textbook "satisfied" threshold).
        assert!((mos_from_r(80.0) - 4.024).abs() < 1e-3);
    }

    #[test]
    fn codec_names_parse() {
        for (n, c) in [
            ("g711", Codec::G711),
            ("g711-plc", Codec::G711Plc),
            ("g729", Codec::G729),
            ("g729a-vad", Codec::G729aVad),
            ("g723.1-6.3", Codec::G7231),
        ] {
            assert_eq!(Codec::from_name(n), Some(c));
        }
        assert_eq!(Codec::from_name("opus"), None);
    }
}
