//! Transcendental functions that give the same bits on every target.
//!
//! `f64::ln` and friends call the platform's libm: glibc natively, a Rust port of musl in
//! wasm. Both are accurate to about 1 ulp but they do not always round the same way, and one
//! differing last bit in one exponential draw changes a whole run. Every model therefore calls
//! these wrappers around the pure-Rust `libm` crate (the same idea as rapier's
//! `enhanced-determinism` feature, which forces libm). `+ - * /` and `sqrt` are exactly rounded
//! by IEEE 754 everywhere and need no wrapper.

/// Natural logarithm.
#[inline]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// e^x.
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// x^y.
#[inline]
pub fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// Base-10 logarithm.
#[inline]
pub fn log10(x: f64) -> f64 {
    libm::log10(x)
}

/// Sine of `x` [rad].
#[inline]
pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}

/// Cosine of `x` [rad].
#[inline]
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

/// Complementary error function.
#[inline]
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrappers_agree_with_std_to_an_ulp_or_two() {
        for &x in &[0.001, 0.3, 1.0, 2.5, 17.0, 1e6] {
            assert!((super::ln(x) - f64::ln(x)).abs() <= 4.0 * f64::EPSILON * f64::ln(x).abs().max(1.0));
            assert!((super::exp(x.min(50.0)) / f64::exp(x.min(50.0)) - 1.0).abs() < 1e-15);
        }
    }
}
