//! `calc ge`: the Gilbert-Elliott erasure channel of paper 002 (§3.3-3.5.2).

use crate::output::{outln, Failure};
use crate::values;

/// The Gilbert-Elliott erasure channel (paper 002): erasures among N LLDUs, codeword failure
///
/// alpha = P(stay Good), beta = P(stay Bad), erasure probabilities X in Good and Y in Bad; one
/// step per LLDU. Prints, as JSON, p_m (the probabilities of m = 0..N erasures among N LLDUs,
/// stationary start; behind an interleaver of depth I, among the N LLDUs of one codeword),
/// erasure_prob (the mean erasure probability), stationary_bad, mean_burst_lldus, and with --k
/// codeword_failure, the probability that more than N - K of the N are erased.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// P(stay Good) (0 to 1, both excluded)
    #[arg(long, value_name = "A", value_parser = values::number())]
    alpha: f64,
    /// P(stay Bad) (0 to 1, both excluded)
    #[arg(long, value_name = "B", value_parser = values::number())]
    beta: f64,
    /// LLDUs in the codeword (1 to 10000)
    #[arg(long, value_name = "N", value_parser = values::whole())]
    n: u64,
    /// Data LLDUs in the codeword (0 to N): adds codeword_failure
    #[arg(long, value_name = "K", value_parser = values::whole())]
    k: Option<u64>,
    /// Interleaver depth (1 to 10000)
    #[arg(long, value_name = "I", default_value = "1", value_parser = values::whole())]
    interleave: u64,
    /// Erasure probability in Good (0 to 1)
    #[arg(long, value_name = "X", default_value = "0", value_parser = values::number())]
    e_good: f64,
    /// Erasure probability in Bad (0 to 1)
    #[arg(long, value_name = "Y", default_value = "1", value_parser = values::number())]
    e_bad: f64,
}

pub fn run(a: Args) -> Result<(), Failure> {
    for (flag, x) in [("--alpha", a.alpha), ("--beta", a.beta)] {
        if !(x > 0.0 && x < 1.0) {
            return Err(Failure::Usage(format!("{flag}: {x} is outside 0 to 1 (both excluded)")));
        }
    }
    for (flag, x) in [("--e-good", a.e_good), ("--e-bad", a.e_bad)] {
        if !(0.0..=1.0).contains(&x) {
            return Err(Failure::Usage(format!("{flag}: {x} is outside 0 to 1")));
        }
    }
    for (flag, x, lo) in [("--n", Some(a.n), 1), ("--k", a.k, 0), ("--interleave", Some(a.interleave), 1)] {
        if let Some(x) = x.filter(|x| !(lo..=10_000).contains(x)) {
            return Err(Failure::Usage(format!("{flag}: {x} is outside {lo} to 10000")));
        }
    }
    let (alpha, beta, eg, eb, depth) = (a.alpha, a.beta, a.e_good, a.e_bad, a.interleave);
    let n = a.n as usize;
    if let Some(k) = a.k {
        if k as usize > n {
            return Err(Failure::Usage(format!(
                "--k: {k} is above --n ({n}): a codeword of n LLDUs holds at most n data LLDUs"
            )));
        }
    }
    let g = engine::channel::gilbert_elliott::GeParams { alpha, beta, erase_good: eg, erase_bad: eb };
    let seen = g.interleaved(depth as u32);
    let p_m = engine::analytic::erasure::erasure_distribution(&seen, n);
    let mean: f64 = p_m.iter().enumerate().map(|(m, p)| m as f64 * p).sum();
    let mut out = serde_json::json!({
        "alpha": alpha, "beta": beta, "e_good": eg, "e_bad": eb, "n": n, "interleave": depth,
        "stationary_bad": g.stationary_bad(), "correlation": g.correlation(), "mean_burst_lldus": 1.0 / (1.0 - beta),
        "erasure_prob": g.erasure_rate(),
        "codeword_channel": { "alpha": seen.alpha, "beta": seen.beta },
        "p_m": p_m, "mean_erasures": mean,
        "source": "paper 002 §3.4 (the double induction), eq. 3; interleaving: the I-step chain (eq. 4 with alpha_I and beta_I swapped back, docs/REPRODUCTION.md)"
    });
    if let Some(k) = a.k {
        let failure: f64 = p_m.iter().skip(n - k as usize + 1).sum();
        out["k"] = serde_json::json!(k);
        out["codeword_failure"] = serde_json::json!(failure);
    }
    outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    Ok(())
}
