//! Congestion control: NewReno (RFC 5681, RFC 6582), CUBIC (RFC 9438), Hybla (Caini and
//! Firrincieli 2004) and Westwood+ (Grieco and Mascolo 2004) behind one trait;
//! the window is counted in segments (MSS) and time is passed in (the kernel's integer time;
//! CUBIC's W(t) takes the elapsed time in seconds).

use crate::kernel::{SimDuration, SimTime};
use serde::{Deserialize, Serialize};

/// Which congestion control a flow uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CcKind {
    /// RFC 5681 / 6582.
    NewReno,
    /// RFC 9438.
    Cubic,
    /// TCP Hybla (C. Caini, R. Firrincieli, "TCP Hybla: a TCP enhancement for heterogeneous
    /// networks", Int. J. Satell. Commun. Netw. 22, 2004), for long round trips, unpaced: see
    /// [`Hybla`].
    Hybla,
    /// TCP Westwood+ (L. A. Grieco, S. Mascolo, "Performance evaluation and comparison of
    /// Westwood+, New Reno, and Vegas TCP congestion control", ACM CCR 34(2), 2004).
    WestwoodPlus,
    /// Compound TCP (K. Tan, J. Song, Q. Zhang, M. Sridharan, "A Compound TCP approach for
    /// high-speed and long distance networks", IEEE INFOCOM 2006): a loss window plus a delay
    /// window, see [`Compound`].
    Compound,
}

impl CcKind {
    /// Every congestion control, in the order forms offer them.
    pub const ALL: [CcKind; 5] =
        [CcKind::NewReno, CcKind::Cubic, CcKind::Hybla, CcKind::WestwoodPlus, CcKind::Compound];

    /// The one list of choices every model's `cc` field offers: (scenario value, label).
    pub fn choices() -> Vec<(&'static str, &'static str)> {
        Self::ALL.iter().map(|&k| (k.name(), k.label())).collect()
    }

    /// The name a person reads, in running text too ("shared with 1 CUBIC download"); the
    /// references are on the variants above.
    pub fn label(self) -> &'static str {
        match self {
            CcKind::NewReno => "NewReno",
            CcKind::Cubic => "CUBIC",
            CcKind::Hybla => "Hybla",
            CcKind::WestwoodPlus => "Westwood+",
            CcKind::Compound => "Compound",
        }
    }

    /// The name scenarios use (`westwood-plus`).
    pub fn name(self) -> &'static str {
        match self {
            CcKind::NewReno => "new-reno",
            CcKind::Cubic => "cubic",
            CcKind::Hybla => "hybla",
            CcKind::WestwoodPlus => "westwood-plus",
            CcKind::Compound => "compound",
        }
    }
}

/// A congestion controller: how the window grows on ACKs and shrinks on losses.
pub trait CongestionControl {
    /// `acked` segments newly acknowledged at `now`, with the current smoothed RTT; returns
    /// the new window [segments]. Called outside loss recovery only.
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, now: SimTime, srtt: SimDuration) -> f64;
    /// A loss detected by duplicate ACKs/SACK at `now`: returns the new ssthresh.
    fn on_loss(&mut self, cwnd: f64, flight: f64, now: SimTime) -> f64;
    /// A retransmission timeout: returns the new ssthresh (the window restarts at 1).
    fn on_rto(&mut self, cwnd: f64, flight: f64, now: SimTime) -> f64;
    /// Every ACK, in loss recovery too: `delivered` segments newly acknowledged or SACKed at
    /// `now`, and the ACK's RTT sample. For estimators of the delivery rate; none by default.
    fn on_delivered(&mut self, _delivered: f64, _now: SimTime, _rtt: Option<SimDuration>) {}
}

/// NewReno: slow start +1 per ACK below ssthresh (RFC 5681 eq. 2: cwnd += min(N, SMSS), so an
/// ACK that covers many segments at once, after a hole is filled, still adds one), then
/// +1/cwnd per segment;
/// ssthresh = max(cwnd / 2, 2) on loss. RFC 5681 eq. (4) halves FlightSize; after a large
/// slow-start overshoot FlightSize counts hundreds of lost segments, so, like Linux
/// (`tcp_reno_ssthresh`), we halve the window.
#[derive(Clone, Debug, Default)]
pub struct NewReno;

impl CongestionControl for NewReno {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, _now: SimTime, _srtt: SimDuration) -> f64 {
        if cwnd < ssthresh {
            cwnd + acked.min(1.0)
        } else {
            cwnd + acked / cwnd
        }
    }
    fn on_loss(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        (cwnd / 2.0).max(2.0)
    }
    fn on_rto(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        (cwnd / 2.0).max(2.0)
    }
}

/// Hybla's reference round trip RTT_0 (the paper's 25 ms, Linux's `rtt0` default).
pub const HYBLA_RTT0_S: f64 = 0.025;

/// TCP Hybla (Caini and Firrincieli 2004): with ρ = RTT / RTT_0 (at least 1), slow start adds
/// 2^ρ − 1 segments per ACK and congestion avoidance ρ² / W, so that a flow's window grows in
/// time as a flow with RTT_0's would (eqs. 5-6 of the paper); losses halve the window as NewReno
/// does. As Linux's `tcp_hybla.c`: ρ comes from the smallest smoothed RTT seen (recomputed when
/// it falls), and the slow-start exponent is capped at 16.
///
/// Caini and Firrincieli's Hybla also paces its segments (§4); this window law is not paced, as
/// the Linux module (and ns-2's TCP-Linux, which paper 002 ran) is not: paper 002 §5.1 sees its
/// window swing between 200 and 750 packets where 93 would fill the link, and "TCP Hybla blasts
/// packets" (§6). Unpaced, a slow start after a timeout (2^ρ − 1 segments per ACK) floods
/// buffers of one bandwidth-delay product: over the Iridium presets a 15 MB transfer
/// retransmits three times the file (docs/REPRODUCTION.md).
#[derive(Clone, Debug, Default)]
pub struct Hybla {
    min_srtt_s: Option<f64>,
}

impl Hybla {
    /// ρ now: the smallest smoothed RTT seen over RTT_0, at least 1 (1 before any sample).
    pub fn rho(&self) -> f64 {
        self.min_srtt_s.map_or(1.0, |r| (r / HYBLA_RTT0_S).max(1.0))
    }
}

impl CongestionControl for Hybla {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, _now: SimTime, srtt: SimDuration) -> f64 {
        let r = srtt.as_secs_f64();
        if r > 0.0 && self.min_srtt_s.is_none_or(|m| r < m) {
            self.min_srtt_s = Some(r);
        }
        let rho = self.rho();
        if cwnd < ssthresh {
            // At most one ACK's worth per call, as slow start elsewhere (RFC 5681 eq. 2).
            cwnd + (crate::kernel::math::pow(2.0, rho.min(16.0)) - 1.0) * acked.min(1.0)
        } else {
            cwnd + rho * rho * acked / cwnd
        }
    }
    fn on_loss(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        (cwnd / 2.0).max(2.0)
    }
    fn on_rto(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        (cwnd / 2.0).max(2.0)
    }
}

/// Compound TCP's parameters (Tan et al. 2006 §3-4, the values the paper evaluates and
/// Windows ships): α, β and k of the delay window's binomial growth and its cut, γ the backlog
/// [segments] above which the delay window retreats, ζ how fast it retreats.
const CTCP_ALPHA: f64 = 0.125;
const CTCP_BETA: f64 = 0.5;
const CTCP_K: f64 = 0.75;
const CTCP_GAMMA: f64 = 30.0;
const CTCP_ZETA: f64 = 1.0;

/// Compound TCP (Tan, Song, Zhang and Sridharan, INFOCOM 2006): the window is the sum of a loss
/// window (Reno's: +1 per round trip, halved on a loss) and a delay window dwnd, updated once
/// per round trip from the backlog diff = win (1 − baseRTT / RTT) that Vegas estimates (§3.2,
/// eq. 5): while diff < γ it grows by (α win^k − 1)^+, a binomial increase that makes the sum
/// grow like HighSpeed TCP's; once diff ≥ γ it retreats by ζ diff; on a loss it becomes
/// (win (1 − β) − cwnd / 2)^+, so the whole window falls to win (1 − β). Slow start is Reno's,
/// with no delay window (§4.1). baseRTT is the smallest RTT sample; RTT the round's smallest.
#[derive(Clone, Debug, Default)]
pub struct Compound {
    dwnd: f64,
    base_rtt: Option<SimDuration>,
    round_min: Option<SimDuration>,
    round_start: Option<SimTime>,
}

impl Compound {
    /// The delay window now [segments].
    pub fn dwnd(&self) -> f64 {
        self.dwnd
    }
}

impl CongestionControl for Compound {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, now: SimTime, srtt: SimDuration) -> f64 {
        if cwnd < ssthresh {
            self.dwnd = 0.0;
            return NewReno.on_ack(cwnd, ssthresh, acked, now, srtt);
        }
        // The sender's window is the sum; the loss window is what the delay window leaves.
        let win = cwnd;
        self.dwnd = self.dwnd.min((win - 1.0).max(0.0));
        let mut loss_w = win - self.dwnd;
        loss_w += acked / win;
        // Once per round trip: the delay window from the backlog estimate (eq. 5).
        let start = *self.round_start.get_or_insert(now);
        if srtt > SimDuration::ZERO && now.saturating_since(start) >= srtt {
            if let (Some(base), Some(rtt)) = (self.base_rtt, self.round_min) {
                let diff = win * (1.0 - base.as_secs_f64() / rtt.as_secs_f64().max(1e-9));
                self.dwnd = if diff < CTCP_GAMMA {
                    self.dwnd + (CTCP_ALPHA * crate::kernel::math::pow(win, CTCP_K) - 1.0).max(0.0)
                } else {
                    (self.dwnd - CTCP_ZETA * diff).max(0.0)
                };
            }
            self.round_start = Some(now);
            self.round_min = None;
        }
        loss_w + self.dwnd
    }
    fn on_loss(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        let loss_w = (cwnd - self.dwnd).max(1.0);
        self.dwnd = (cwnd * (1.0 - CTCP_BETA) - loss_w / 2.0).max(0.0);
        (loss_w / 2.0 + self.dwnd).max(2.0)
    }
    fn on_rto(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        let loss_w = (cwnd - self.dwnd).max(1.0);
        self.dwnd = 0.0;
        (loss_w / 2.0).max(2.0)
    }
    fn on_delivered(&mut self, _delivered: f64, _now: SimTime, rtt: Option<SimDuration>) {
        if let Some(r) = rtt {
            self.base_rtt = Some(self.base_rtt.map_or(r, |b| b.min(r)));
            self.round_min = Some(self.round_min.map_or(r, |m| m.min(r)));
        }
    }
}

/// Westwood+'s shortest bandwidth-sampling interval (Linux `tcp_westwood.c`,
/// `TCP_WESTWOOD_RTT_MIN`: 50 ms).
const WESTWOOD_MIN_WINDOW: SimDuration = SimDuration(50_000_000);

/// TCP Westwood+ (Grieco and Mascolo 2004): NewReno's growth; the sender estimates the
/// bandwidth its ACKs report and, after a loss, sets ssthresh to the estimate times the
/// smallest RTT seen, BWE RTT_min / MSS (at least 2), instead of halving. Westwood+ takes one
/// bandwidth sample per round trip, b_k = d_k / Δ_k (segments delivered over the interval, at
/// least an RTT and 50 ms), and smooths the samples with a low-pass filter,
/// BWE_k = 7/8 BWE_{k−1} + 1/8 b_k (Linux's `tcp_westwood.c`; the first sample taken as it is): per-RTT sampling is
/// what makes it robust to ACK compression, where the original Westwood's per-ACK samples
/// overestimate. Delivered counts SACKed segments, so the estimate runs through recovery.
#[derive(Clone, Debug, Default)]
pub struct WestwoodPlus {
    /// The bandwidth estimate BWE [segments/s]; 0 before the first sample.
    bw_est: f64,
    /// Segments delivered in the current sampling interval, which began at `win_start`.
    bk: f64,
    win_start: Option<SimTime>,
    last_rtt: SimDuration,
    rtt_min: Option<SimDuration>,
}

impl WestwoodPlus {
    /// The bandwidth estimate [segments/s] (0 before the first sample).
    pub fn bandwidth(&self) -> f64 {
        self.bw_est
    }

    /// BWE RTT_min in segments, at least 2; None before an estimate exists.
    fn bw_rtt_min(&self) -> Option<f64> {
        let r = self.rtt_min?;
        (self.bw_est > 0.0).then(|| (self.bw_est * r.as_secs_f64()).max(2.0))
    }
}

impl CongestionControl for WestwoodPlus {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, now: SimTime, srtt: SimDuration) -> f64 {
        NewReno.on_ack(cwnd, ssthresh, acked, now, srtt)
    }
    fn on_loss(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        self.bw_rtt_min().unwrap_or((cwnd / 2.0).max(2.0))
    }
    fn on_rto(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        self.bw_rtt_min().unwrap_or((cwnd / 2.0).max(2.0))
    }
    fn on_delivered(&mut self, delivered: f64, now: SimTime, rtt: Option<SimDuration>) {
        if let Some(r) = rtt {
            self.last_rtt = r;
            self.rtt_min = Some(self.rtt_min.map_or(r, |m| m.min(r)));
        }
        self.bk += delivered;
        let Some(start) = self.win_start else {
            self.win_start = Some(now);
            self.bk = 0.0;
            return;
        };
        let delta = now.saturating_since(start);
        if delta > self.last_rtt.max(WESTWOOD_MIN_WINDOW) {
            let sample = self.bk / delta.as_secs_f64();
            self.bw_est = if self.bw_est == 0.0 { sample } else { (7.0 * self.bw_est + sample) / 8.0 };
            self.bk = 0.0;
            self.win_start = Some(now);
        }
    }
}

/// CUBIC constants (RFC 9438 §4.1-4.2).
pub const CUBIC_C: f64 = 0.4;
/// Multiplicative decrease factor beta_cubic of RFC 8312 / RFC 9438: the default.
pub const CUBIC_BETA: f64 = 0.7;

/// CUBIC (RFC 9438): W_cubic(t) = C (t - K)^3 + W_max, K = cbrt(W_max (1 - beta) / C), with
/// fast convergence and the Reno-friendly region (alpha_cubic = 3 (1 - beta) / (1 + beta)).
/// beta is a field: RFC 8312's 0.7 by default; the Linux CUBIC of paper 002 §5 ("CUBIC
/// decreases its congestion window by multiplying it by 0.8") uses 0.8.
#[derive(Clone, Debug)]
pub struct Cubic {
    /// Multiplicative decrease factor beta_cubic, in (0, 1).
    beta: f64,
    w_max: f64,
    w_last_max: f64,
    epoch_start: Option<SimTime>,
    k: f64,
    w_est: f64,
    cwnd_epoch: f64,
}

impl Default for Cubic {
    fn default() -> Self {
        Cubic::with_beta(CUBIC_BETA)
    }
}

impl Cubic {
    /// A CUBIC whose window is multiplied by `beta` on a loss (clamped to [0.01, 0.99]).
    pub fn with_beta(beta: f64) -> Self {
        Cubic {
            beta: beta.clamp(0.01, 0.99),
            w_max: 0.0,
            w_last_max: 0.0,
            epoch_start: None,
            k: 0.0,
            w_est: 0.0,
            cwnd_epoch: 0.0,
        }
    }
    /// The multiplicative decrease factor beta_cubic.
    pub fn beta(&self) -> f64 {
        self.beta
    }
    /// W_cubic(t) [segments] for t seconds after the start of the congestion-avoidance epoch.
    pub fn w_cubic(&self, t: f64) -> f64 {
        let d = t - self.k;
        CUBIC_C * d * d * d + self.w_max
    }
    /// K [s] of the current epoch.
    pub fn k(&self) -> f64 {
        self.k
    }
    /// W_max [segments] of the current epoch.
    pub fn w_max(&self) -> f64 {
        self.w_max
    }
}

impl CongestionControl for Cubic {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, now: SimTime, srtt: SimDuration) -> f64 {
        if cwnd < ssthresh {
            // Slow start (RFC 9438 §4.10: as Reno, HyStart optional), at most one segment per
            // ACK (RFC 5681 eq. 2).
            return cwnd + acked.min(1.0);
        }
        let start = *self.epoch_start.get_or_insert_with(|| {
            // RFC 9438 §4.8: a new epoch after slow start or a loss.
            if self.w_max < cwnd {
                self.w_max = cwnd;
                self.k = 0.0;
            } else {
                self.k = crate::kernel::math::pow((self.w_max - cwnd) / CUBIC_C, 1.0 / 3.0);
            }
            self.w_est = cwnd;
            self.cwnd_epoch = cwnd;
            now
        });
        let t = now.saturating_since(start).as_secs_f64();
        // §4.2: target = W_cubic(t + RTT), clamped to [cwnd, 1.5 cwnd].
        let target = self.w_cubic(t + srtt.as_secs_f64()).clamp(cwnd, 1.5 * cwnd);
        // §4.3: Reno-friendly estimate.
        let alpha = 3.0 * (1.0 - self.beta) / (1.0 + self.beta);
        self.w_est += alpha * acked / cwnd;
        if self.w_cubic(t) < self.w_est {
            return cwnd.max(self.w_est); // Reno-friendly region
        }
        cwnd + (target - cwnd) / cwnd * acked // §4.4-4.5: concave / convex growth
    }

    fn on_loss(&mut self, cwnd: f64, _flight: f64, _now: SimTime) -> f64 {
        // §4.7 fast convergence.
        self.w_max = if cwnd < self.w_last_max { cwnd * (1.0 + self.beta) / 2.0 } else { cwnd };
        self.w_last_max = cwnd;
        self.epoch_start = None;
        (cwnd * self.beta).max(2.0)
    }

    fn on_rto(&mut self, cwnd: f64, flight: f64, now: SimTime) -> f64 {
        let s = self.on_loss(cwnd, flight, now);
        self.w_est = s;
        s
    }
}

/// Static dispatch over the congestion controls (smoltcp's `AnyController`).
#[derive(Clone, Debug)]
pub enum AnyCc {
    /// NewReno.
    NewReno(NewReno),
    /// CUBIC.
    Cubic(Cubic),
    /// Hybla.
    Hybla(Hybla),
    /// Westwood+.
    WestwoodPlus(WestwoodPlus),
    /// Compound.
    Compound(Compound),
}

impl AnyCc {
    /// A fresh controller of `kind` (CUBIC with RFC 8312's beta, 0.7).
    pub fn new(kind: CcKind) -> Self {
        Self::new_with_cubic_beta(kind, CUBIC_BETA)
    }

    /// A fresh controller of `kind`; CUBIC multiplies its window by `cubic_beta` on a loss
    /// (the other controls ignore it).
    pub fn new_with_cubic_beta(kind: CcKind, cubic_beta: f64) -> Self {
        match kind {
            CcKind::NewReno => AnyCc::NewReno(NewReno),
            CcKind::Cubic => AnyCc::Cubic(Cubic::with_beta(cubic_beta)),
            CcKind::Hybla => AnyCc::Hybla(Hybla::default()),
            CcKind::WestwoodPlus => AnyCc::WestwoodPlus(WestwoodPlus::default()),
            CcKind::Compound => AnyCc::Compound(Compound::default()),
        }
    }
    fn inner(&mut self) -> &mut dyn CongestionControl {
        match self {
            AnyCc::NewReno(c) => c,
            AnyCc::Cubic(c) => c,
            AnyCc::Hybla(c) => c,
            AnyCc::WestwoodPlus(c) => c,
            AnyCc::Compound(c) => c,
        }
    }
}

impl CongestionControl for AnyCc {
    fn on_ack(&mut self, cwnd: f64, ssthresh: f64, acked: f64, now: SimTime, srtt: SimDuration) -> f64 {
        self.inner().on_ack(cwnd, ssthresh, acked, now, srtt)
    }
    fn on_loss(&mut self, cwnd: f64, flight: f64, now: SimTime) -> f64 {
        self.inner().on_loss(cwnd, flight, now)
    }
    fn on_rto(&mut self, cwnd: f64, flight: f64, now: SimTime) -> f64 {
        self.inner().on_rto(cwnd, flight, now)
    }
    fn on_delivered(&mut self, delivered: f64, now: SimTime, rtt: Option<SimDuration>) {
        self.inner().on_delivered(delivered, now, rtt)
    }
}

#[cfg(test)]
#[path = "congestion_tests.rs"]
mod tests;
