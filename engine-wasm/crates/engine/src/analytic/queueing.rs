//! Closed forms for single-server queues, the oracles of the FIFO queue model.
//!
//! - Pollaczek-Khinchine mean waiting time of M/G/1 (Kleinrock, Queueing Systems Vol. 1,
//!   1975, eq. 5.76): W_q = lambda E[S^2] / (2 (1 - rho)), rho = lambda E[S] < 1. M/M/1
//!   (E[S^2] = 2/mu^2) gives W_q = rho / (mu - lambda); M/D/1 (E[S^2] = 1/mu^2) gives half of it.
//! - M/M/1/K (Kleinrock §3.6): p_n = rho^n p_0 for n = 0..K, K places in the system; the
//!   blocking probability is p_K and Little's law gives the waits for the accepted packets.
//! - The fluid limit of an overloaded finite queue (rho > 1, any arrival process): the server
//!   never idles once the buffer has filled, the excess 1 - 1/rho of the arrivals is dropped and
//!   an admitted packet waits behind about the full buffer, K/mu. An approximation, for the
//!   cases without an exact form (on/off arrivals, constant service); it ignores the moments the
//!   bursts leave the buffer short of full.

use crate::kernel::math;
use serde::Serialize;

/// What a closed form predicts for a queue.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct QueueTheory {
    /// Kendall notation of the model, e.g. `"M/D/1"`.
    pub model: String,
    /// Where the numbers come from.
    pub source: &'static str,
    /// Mean waiting time before service [s].
    pub wait_mean_s: f64,
    /// Mean time in the system (wait + service) [s].
    pub sojourn_mean_s: f64,
    /// Mean number waiting (not in service) [packets].
    pub queue_len_mean_pkts: f64,
    /// Fraction of arrivals dropped.
    pub loss_ratio: f64,
    /// Fraction of time the server is busy.
    pub utilization: f64,
}

/// Pollaczek-Khinchine mean wait of M/G/1 [s] for arrival rate `lambda` [1/s] and service
/// moments `es` [s] and `es2` [s^2]; `None` when rho = lambda es >= 1 (no steady state).
pub fn pk_mean_wait(lambda: f64, es: f64, es2: f64) -> Option<f64> {
    let rho = lambda * es;
    (0.0..1.0).contains(&rho).then(|| lambda * es2 / (2.0 * (1.0 - rho)))
}

/// M/G/1 with exponential (`deterministic == false`) or constant service at rate `mu`.
pub fn mg1(lambda: f64, mu: f64, deterministic: bool) -> Option<QueueTheory> {
    let es = 1.0 / mu;
    let es2 = if deterministic { es * es } else { 2.0 * es * es };
    let wq = pk_mean_wait(lambda, es, es2)?;
    Some(QueueTheory {
        model: if deterministic { "M/D/1".into() } else { "M/M/1".into() },
        source: "Pollaczek-Khinchine (Kleinrock 1975, eq. 5.76) and Little's law",
        wait_mean_s: wq,
        sojourn_mean_s: wq + es,
        queue_len_mean_pkts: lambda * wq,
        loss_ratio: 0.0,
        utilization: lambda * es,
    })
}

/// M/M/1/K: exponential service at rate `mu`, `waiting` places besides the server (so
/// K = waiting + 1 in the system).
pub fn mm1k(lambda: f64, mu: f64, waiting: u32) -> QueueTheory {
    let k = waiting as usize + 1;
    let rho = lambda / mu;
    // p_n proportional to rho^n; normalise by the sum (also right at rho = 1).
    let weights: Vec<f64> = (0..=k).map(|n| math::pow(rho, n as f64)).collect();
    let total: f64 = weights.iter().sum();
    let p: Vec<f64> = weights.iter().map(|w| w / total).collect();
    let l: f64 = p.iter().enumerate().map(|(n, pn)| n as f64 * pn).sum();
    let busy = 1.0 - p[0];
    let lq = l - busy;
    let lambda_eff = lambda * (1.0 - p[k]);
    QueueTheory {
        model: format!("M/M/1/{k}"),
        source: "M/M/1/K stationary distribution (Kleinrock 1975, §3.6) and Little's law",
        wait_mean_s: lq / lambda_eff,
        sojourn_mean_s: l / lambda_eff,
        queue_len_mean_pkts: lq,
        loss_ratio: p[k],
        utilization: busy,
    }
}

/// The fluid limit of a finite queue under overload: `None` unless rho = lambda/mu > 1.
pub fn fluid_overload(lambda: f64, mu: f64, waiting: u32) -> Option<QueueTheory> {
    let rho = lambda / mu;
    (rho > 1.0 && rho.is_finite()).then(|| QueueTheory {
        model: "fluid limit".into(),
        source: "fluid approximation of an overloaded finite queue: always busy, 1 - 1/rho dropped, waits of K/mu",
        wait_mean_s: waiting as f64 / mu,
        sojourn_mean_s: (waiting as f64 + 1.0) / mu,
        queue_len_mean_pkts: waiting as f64,
        loss_ratio: 1.0 - 1.0 / rho,
        utilization: 1.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pk_reduces_to_the_textbook_cases() {
        let mm1 = mg1(800.0, 1000.0, false).unwrap();
        assert!((mm1.wait_mean_s - 0.8 / 200.0).abs() < 1e-15); // rho / (mu - lambda)
        assert!((mm1.sojourn_mean_s - 1.0 / 200.0).abs() < 1e-15); // 1 / (mu - lambda)
        let md1 = mg1(800.0, 1000.0, true).unwrap();
        assert!((md1.wait_mean_s - mm1.wait_mean_s / 2.0).abs() < 1e-15);
        assert!(mg1(1000.0, 1000.0, false).is_none());
    }

    #[test]
    fn mm1k_approaches_mm1_for_a_large_buffer_and_blocks_under_overload() {
        let big = mm1k(500.0, 1000.0, 200);
        let inf = mg1(500.0, 1000.0, false).unwrap();
        assert!((big.wait_mean_s - inf.wait_mean_s).abs() < 1e-12);
        assert!(big.loss_ratio < 1e-60);
        // rho = 2, K = 2: p = [1, 2, 4] / 7, blocking 4/7.
        let small = mm1k(2000.0, 1000.0, 1);
        assert!((small.loss_ratio - 4.0 / 7.0).abs() < 1e-12);
        assert!((small.utilization - 6.0 / 7.0).abs() < 1e-12);
        // rho = 1 exactly: uniform over 0..=K.
        assert!((mm1k(1000.0, 1000.0, 3).loss_ratio - 0.2).abs() < 1e-12);
    }

    #[test]
    fn the_fluid_limit_is_what_mm1k_tends_to_under_heavy_overload_and_a_large_buffer() {
        assert!(fluid_overload(900.0, 1000.0, 50).is_none());
        let (exact, fluid) = (mm1k(2000.0, 1000.0, 400), fluid_overload(2000.0, 1000.0, 400).unwrap());
        assert!((exact.loss_ratio - fluid.loss_ratio).abs() < 1e-9, "{} vs {}", exact.loss_ratio, fluid.loss_ratio);
        assert!(
            (exact.wait_mean_s / fluid.wait_mean_s - 1.0).abs() < 0.01,
            "{} vs {}",
            exact.wait_mean_s,
            fluid.wait_mean_s
        );
        assert!((exact.utilization - 1.0).abs() < 1e-9);
    }
}
