//! Mutual information of a QPSK symbol at a given SNR: what a channel offers per symbol, the
//! achievable rate the channel-aware schedulers compare and the quantity HARQ accumulates
//! (paper 000 §II-B; docs/REPRODUCTION.md).
//!
//! MI per QPSK symbol at linear SNR g (docs/REPRODUCTION.md):
//! I(g) = 2 (1 - 0.8551 e^(-0.5718 g) - 0.1449 e^(-1.55 g)) bits.

use crate::kernel::math;

/// Mutual information [bits/symbol] of a QPSK symbol at SNR `snr_db`.
pub fn qpsk_mi_bits(snr_db: f64) -> f64 {
    qpsk_mi_bits_linear(math::pow(10.0, snr_db / 10.0))
}

/// The docs/REPRODUCTION.md formula itself, at linear SNR `g`.
fn qpsk_mi_formula(g: f64) -> f64 {
    2.0 * (1.0 - 0.8551 * math::exp(-0.5718 * g) - 0.1449 * math::exp(-1.55 * g))
}

/// Table of the formula on [0, MI_TABLE_MAX) in steps of 1 / MI_TABLE_PER_UNIT (linear SNR).
const MI_TABLE_MAX: f64 = 20.0;
const MI_TABLE_PER_UNIT: f64 = 1000.0;

fn mi_table() -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=(MI_TABLE_MAX * MI_TABLE_PER_UNIT) as usize + 1)
            .map(|i| qpsk_mi_formula(i as f64 / MI_TABLE_PER_UNIT))
            .collect()
    })
}

/// [`qpsk_mi_bits`] at linear SNR `g`: the formula interpolated linearly in a table of step
/// 0.001 (error below 2e-7 bits: h^2/8 times the largest curvature, 1.26), because the schedulers ask for
/// it for every receiver every millisecond; the formula itself above the table.
pub fn qpsk_mi_bits_linear(g: f64) -> f64 {
    // NaN as well as negative SNRs carry no information.
    if g.is_nan() || g < 0.0 {
        return 0.0;
    }
    if g >= MI_TABLE_MAX {
        return qpsk_mi_formula(g);
    }
    let x = g * MI_TABLE_PER_UNIT;
    let i = x as usize;
    let t = mi_table();
    let f = x - i as f64;
    t[i] + f * (t[i + 1] - t[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qpsk_mi_goes_from_0_to_2_bits() {
        assert!(qpsk_mi_bits(-30.0) < 0.01);
        assert!((qpsk_mi_bits(30.0) - 2.0).abs() < 1e-9);
        let mut last = 0.0;
        for db in -20..30 {
            let m = qpsk_mi_bits(db as f64);
            assert!(m >= last && (db > 12 || m > last), "{db} dB");
            last = m;
        }
        // About 1 bit per symbol near 0.2 dB.
        assert!((qpsk_mi_bits(0.2) - 1.0).abs() < 0.03, "{}", qpsk_mi_bits(0.2));
    }

    #[test]
    fn the_table_matches_the_formula() {
        for k in 0..40_000 {
            let g = k as f64 * 0.000_537;
            assert!((qpsk_mi_bits_linear(g) - qpsk_mi_formula(g)).abs() < 2e-7, "g {g}");
        }
        assert_eq!(qpsk_mi_bits_linear(25.0), qpsk_mi_formula(25.0));
        assert_eq!(qpsk_mi_bits_linear(f64::NAN), 0.0);
    }
}
