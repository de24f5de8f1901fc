//! A DiffServ core router (paper 001): one CBR EF flow by strict priority and TCP flows in AF
//! and CS0 sharing the rest through the Priority Switching Scheduler or DWRR, on a link whose
//! capacity (and EF load) may vary, with the class rates sampled beside the theory of eqs. 1,
//! 6-8 and PSS's credit. The sources start at random times drawn from the scenario seed
//! (`diffserv.start_spread_s`, SkyQueue's choice where paper 001 is silent), so seeds differ.

pub mod router;
pub mod scenario;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::scenario::ScenarioError;
use scenario::SharingKind;
use serde::Serialize;

/// The DiffServ model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "diffserv",
    label: "a DiffServ router (paper 001)",
    summary_key: "diffserv",
    policy_path: Some("diffserv.sharing"),
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: false,
    sweep_metrics: &[
        super::metric("diffserv.rates_mbps[1]", "AF output rate (Figs. 5(a), 6(a))", "Mb/s"),
        super::metric("diffserv.rates_mbps[2]", "CS0 output rate (Figs. 5(b), 6(b))", "Mb/s"),
        super::metric("diffserv.rates_mbps[0]", "EF output rate", "Mb/s"),
        super::metric("diffserv.jain[0]", "Jain's index within AF", "index"),
    ],
    tools: &[],
    topology_bench: None,
};

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let d = &s.diffserv;
    let l = d.packet_bytes * 8.0;
    let (w_af, w_cs0) = d.weights();
    let (_, vanilla) = crate::sched::pss::params_from_wrr(w_af, w_cs0, l, l, d.capacity_bps, d.ef_expected_bps, 0.0);
    let lr = d.lr_bits(vanilla.bw);
    let (k_af, pp) = crate::sched::pss::params_from_wrr(w_af, w_cs0, l, l, d.capacity_bps, d.ef_expected_bps, lr);
    let pp = pp.with_variable_capacity(d.pss_credit_memory, d.pss_above_average);
    let sharing = match d.sharing {
        SharingKind::Pss => router::Sharing::Pss(pp.clone()),
        SharingKind::Dwrr => router::Sharing::Dwrr { w_af, w_cs0 },
    };
    let (flows, flows_class, ef_start_s) = sources(d, s.seed);
    let bdp = (d.capacity_bps * d.rtt_ms / 1e3 / l).round().max(1.0) as usize;
    let buffer_pkts = if d.buffer_pkts == 0 { bdp } else { d.buffer_pkts as usize };
    let spec = router::RouterSpec {
        capacity_bps: d.capacity_bps,
        one_way_s: d.rtt_ms / 2e3,
        mss_bytes: d.packet_bytes,
        buffer_pkts,
        rwnd_pkts: scenario::window_pkts(d),
        ef_bps: d.ef_bps,
        ef_start_s,
        sharing,
        flows,
        capacity_profile: d.capacity_profile.clone(),
        ef_profile: d.ef_profile.clone(),
    };
    let mut events = EventQueue::new();
    let r = Box::new(router::Router::new(spec, &mut events));
    let bucket = SimDuration::from_secs_f64(s.metrics.bucket_s);
    let state = Box::new(DiffservState {
        k_af,
        pss: (d.sharing == SharingKind::Pss).then_some(pp),
        c_avg: d.capacity_bps,
        ef_avg: d.ef_bps,
        ef_expected: d.ef_expected_bps,
        capacity_profile: d.capacity_profile.clone(),
        ef_profile: d.ef_profile.clone(),
        next_sample: SimTime::ZERO + bucket,
        bucket,
        window: (d.rate_window_s / s.metrics.bucket_s).round().max(1.0) as usize,
        cum: std::collections::VecDeque::from([[0.0; 4]]),
        levels: [0; 4],
        bits_at_warmup: None,
        offered_at_warmup: 0.0,
        delivered_at_warmup: vec![],
        warmup: SimTime::from_secs_f64(s.warmup_s),
        flows_class,
    });
    Ok((Box::new(DiffservModel { events, router: r, d: state }), router::series_info()))
}

/// The sources' random choices, each from its own named stream of the scenario seed: the TCP
/// flows (AF and CS0 interleaved, with their classes, 1 = AF, 2 = CS0) with start times uniform
/// in [0, `start_spread_s`), and the EF source's first emission, uniform in [0, min(spread, one
/// packet interval at the EF rate of t = 0, 1 ms if that rate is zero)). A flow's stream is named
/// after its class and index, so adding CS0 flows leaves the AF flows' starts as they were.
/// Paper 001 does not say when its sources start (§3.2); the spread is SkyQueue's choice.
fn sources(d: &scenario::DiffservScenario, seed: u64) -> (Vec<router::FlowSpec>, Vec<usize>, f64) {
    use crate::sched::pss::Class;
    let streams = crate::kernel::Streams::new(seed);
    let spread = d.start_spread_s;
    let start = |id: String, within: f64| if within > 0.0 { streams.stream(&id).uniform(0.0, within) } else { 0.0 };
    let mut flows = vec![];
    let mut flows_class = vec![];
    for k in 0..d.af_flows.max(d.cs0_flows) {
        for (class, name, count, index) in [(Class::Af, "af", d.af_flows, 1), (Class::Cs0, "cs0", d.cs0_flows, 2)] {
            if k < count {
                let start_s = start(format!("diffserv.{name}_flow[{k}].start"), spread);
                flows.push(router::FlowSpec { class, transport: crate::transport::Transport::Tcp(d.cc), start_s });
                flows_class.push(index);
            }
        }
    }
    // The router's CBR source: one packet per interval at the rate of the moment, polling every
    // millisecond while the rate is zero (`router::Event::EfEmit`).
    let l = d.packet_bytes * 8.0;
    let rate0 = d.ef_bps * d.ef_profile.factor(0.0);
    let interval = if rate0 > 0.0 && l / rate0 <= 1e3 { l / rate0 } else { 1e-3 };
    let ef_start_s = if d.ef_bps > 0.0 { start("diffserv.ef.start".to_string(), spread.min(interval)) } else { 0.0 };
    (flows, flows_class, ef_start_s)
}

/// A running DiffServ router: its events, the router, and what is kept beside it.
struct DiffservModel {
    events: EventQueue<router::Event>,
    router: Box<router::Router>,
    d: Box<DiffservState>,
}

impl Model for DiffservModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        let (router, d) = (&mut self.router, &mut self.d);
        loop {
            // Events before the next bucket end (or up to `t`), then the bucket's samples,
            // taken just before its end so that they land in the bucket they describe.
            let boundary = d.next_sample <= t;
            let stop = if boundary { SimTime(d.next_sample.0 - 1) } else { t };
            // The warm-up snapshot is taken before the first event at or after the warm-up.
            let snap_before =
                if d.bits_at_warmup.is_none() && d.warmup.0 <= stop.0 + 1 { Some(d.warmup) } else { None };
            for (limit, snapshot) in [(snap_before.map(|w| SimTime(w.0.saturating_sub(1))), true), (Some(stop), false)]
            {
                let Some(limit) = limit else { continue };
                if !(snapshot && d.warmup.0 == 0) {
                    loop {
                        // Returning here leaves the bucket and the warm-up snapshot as they
                        // were: the next call recomputes both from them and goes on.
                        if ctx.yield_due() {
                            return;
                        }
                        let Some((at, ev)) = self.events.pop_until(limit) else { break };
                        ctx.now = at;
                        ctx.processed += 1;
                        router.handle(at, ev, &mut self.events);
                        // Queue lengths and the AF priority as time-averaged levels.
                        let q = router.queue_lens();
                        let high = router.pss_state().map_or(0, |(_, h, _)| h as u64);
                        let now_levels = [q[0] as u64, q[1] as u64, q[2] as u64, high];
                        for (k, (&new, old)) in now_levels.iter().zip(d.levels.iter_mut()).enumerate() {
                            if new != *old {
                                *old = new;
                                let col = if k < 3 { router::col::QUEUES + k } else { router::col::HIGH };
                                ctx.recorder.set_level(col, at, new);
                            }
                        }
                    }
                }
                if snapshot {
                    d.bits_at_warmup = Some(router.counters.bits);
                    d.offered_at_warmup = router.counters.ef_offered_bits;
                    d.delivered_at_warmup = router.delivered();
                }
            }
            if !boundary {
                break;
            }
            let end = d.next_sample;
            let b = router.counters.bits;
            let cum = [b[0], b[1], b[2], router.counters.ef_offered_bits];
            d.cum.push_back(cum);
            if d.cum.len() > d.window + 1 {
                d.cum.pop_front();
            }
            let span_buckets = d.cum.len() - 1;
            let span = d.bucket.as_secs_f64() * span_buckets as f64;
            let first = d.cum[0];
            let t1 = end.as_secs_f64();
            let t0 = t1 - span;
            for k in 0..3 {
                ctx.recorder.sample(router::col::RATES + k, stop, (cum[k] - first[k]) / span / 1e6);
            }
            let th = d.theory_over(t0, t1);
            let (af_th, cs0_th) = if d.pss.is_some() { (th[2], th[3]) } else { (th[0], th[1]) };
            ctx.recorder.sample(router::col::THEORY, stop, af_th / 1e6);
            ctx.recorder.sample(router::col::THEORY + 1, stop, cs0_th / 1e6);
            ctx.recorder.sample(router::col::LINK, stop, d.c_avg * d.capacity_profile.mean(t0, t1) / 1e6);
            ctx.recorder.sample(router::col::LINK + 1, stop, (cum[3] - first[3]) / span / 1e6);
            if let (Some((credit, _, _)), Some(p)) = (router.pss_state(), d.pss.as_ref()) {
                ctx.recorder.sample(router::col::CREDIT, stop, credit);
                ctx.recorder.sample(router::col::CREDIT + 1, stop, p.lm_bits);
                ctx.recorder.sample(router::col::CREDIT + 2, stop, p.lr_bits);
            }
            d.next_sample = end + d.bucket;
        }
    }

    fn pending_events(&self) -> usize {
        self.events.len()
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        let (router, d) = (&self.router, &self.d);
        let from = d.bits_at_warmup.unwrap_or([0.0; 3]);
        let t0 = d.warmup.as_secs_f64();
        let t1 = now.as_secs_f64();
        let secs = now.saturating_since(d.warmup).as_secs_f64();
        let per_s = |bits: f64| if secs > 0.0 { bits / secs / 1e6 } else { f64::NAN };
        let rate = |k: usize| per_s(router.counters.bits[k] - from[k]);
        let delivered = router.delivered();
        let bits_per_seg = router.mss_bits();
        let goodput = |class: usize| -> Vec<f64> {
            delivered
                .iter()
                .enumerate()
                .zip(&d.flows_class)
                .filter(|(_, c)| **c == class)
                .map(|((i, x), _)| {
                    per_s((x - d.delivered_at_warmup.get(i).copied().unwrap_or(0)) as f64 * bits_per_seg)
                })
                .collect()
        };
        let (af, cs0) = (goodput(1), goodput(2));
        Box::new(DiffservSummary {
            sharing: if d.pss.is_some() { "PSS" } else { "DWRR" },
            k_af: d.k_af,
            pss: d.pss.clone(),
            rates_mbps: [rate(0), rate(1), rate(2)],
            ef_offered_mbps: per_s(router.counters.ef_offered_bits - d.offered_at_warmup),
            capacity_mbps: d.c_avg * d.capacity_profile.mean(t0, t1) / 1e6,
            theory_mbps: d.theory_over(t0, t1).map(|x| x / 1e6),
            af_target_mbps: d.pss.as_ref().map(|p| p.bw * d.c_avg / 1e6),
            credit_range_bits: router.credit_range(),
            switches: router.pss_state().map(|(_, _, n)| n),
            jain: [jain(&af), jain(&cs0)],
            goodput_mbps: [af, cs0],
            drops: router.counters.drops,
        })
    }
}

/// What the diffserv model keeps beside the router: the parameters it derived, the theory
/// inputs, and the sampling state.
struct DiffservState {
    k_af: f64,
    pss: Option<crate::sched::pss::PssParams>,
    /// C_avg and R_EF^exp [b/s], and the profiles, for the theory lines.
    c_avg: f64,
    ef_avg: f64,
    ef_expected: f64,
    capacity_profile: crate::traffic::profile::RateProfile,
    ef_profile: crate::traffic::profile::RateProfile,
    /// Sampling: bucket width, rate window in buckets, cumulative [EF, AF, CS0, EF offered]
    /// bits at the last `window` + 1 bucket ends.
    next_sample: SimTime,
    bucket: SimDuration,
    window: usize,
    cum: std::collections::VecDeque<[f64; 4]>,
    /// Levels last given to the recorder: queues EF, AF, CS0 and AF high priority.
    levels: [u64; 4],
    bits_at_warmup: Option<[f64; 3]>,
    offered_at_warmup: f64,
    delivered_at_warmup: Vec<u64>,
    warmup: SimTime,
    flows_class: Vec<usize>,
}

impl DiffservState {
    /// Theory [WRR AF, WRR CS0, PSS AF, PSS CS0] [b/s] averaged over [a, b] (eqs. 1, 6, 7, 8
    /// at each instant of the profiles, paper 001 §4.2).
    fn theory_over(&self, a: f64, b: f64) -> [f64; 4] {
        let at = |t: f64| {
            crate::sched::pss::theory_rates_at(
                self.k_af,
                self.c_avg,
                self.c_avg * self.capacity_profile.factor(t),
                self.ef_avg * self.ef_profile.factor(t),
                self.ef_expected,
            )
        };
        if (self.capacity_profile.is_constant() && self.ef_profile.is_constant()) || b <= a {
            return at(a);
        }
        const N: usize = 32;
        let h = (b - a) / N as f64;
        let mut sum = [0.0; 4];
        for i in 0..N {
            let r = at(a + (i as f64 + 0.5) * h);
            for k in 0..4 {
                sum[k] += r[k] / N as f64;
            }
        }
        sum
    }
}

/// Summary of a diffserv run (after the warm-up).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct DiffservSummary {
    /// `PSS` or `DWRR`.
    pub sharing: &'static str,
    /// K_AF (eq. 2).
    pub k_af: f64,
    /// PSS parameters derived from the weights (eqs. 3-5), if PSS.
    pub pss: Option<crate::sched::pss::PssParams>,
    /// Measured output rates [Mb/s]: EF, AF, CS0.
    pub rates_mbps: [f64; 3],
    /// Mean EF rate offered by the source [Mb/s] and mean link capacity [Mb/s].
    pub ef_offered_mbps: f64,
    /// Mean link capacity over the measured span [Mb/s].
    pub capacity_mbps: f64,
    /// Theory [Mb/s]: WRR AF (eq. 1), WRR CS0 (eq. 6), PSS AF (eq. 7), PSS CS0 (eq. 8),
    /// averaged over the measured span when the capacity or EF vary.
    pub theory_mbps: [f64; 4],
    /// AF's target BW C_avg [Mb/s] (PSS).
    pub af_target_mbps: Option<f64>,
    /// Lowest and highest credit seen [bits] (PSS).
    pub credit_range_bits: Option<(f64, f64)>,
    /// Priority switches of AF (PSS).
    pub switches: Option<u64>,
    /// Jain's fairness index of the goodputs within AF and within CS0.
    pub jain: [f64; 2],
    /// Goodput of each TCP flow [Mb/s] (in-order data delivered after the warm-up), AF flows
    /// first, then CS0.
    pub goodput_mbps: [Vec<f64>; 2],
    /// Drops at the class buffers: EF, AF, CS0.
    pub drops: [u64; 3],
}

fn jain(x: &[f64]) -> f64 {
    let (s, q) = x.iter().fold((0.0, 0.0), |(s, q), v| (s + v, q + v * v));
    if q > 0.0 {
        s * s / (x.len() as f64 * q)
    } else {
        f64::NAN
    }
}

super::model_summary!(DiffservSummary, |d| {
    let mut lines = vec![format!(
        "{} with K_AF {:.3}: EF {:.3}, AF {:.3}, CS0 {:.3} Mb/s on a {:.3} Mb/s link (EF offered {:.3})",
        d.sharing, d.k_af, d.rates_mbps[0], d.rates_mbps[1], d.rates_mbps[2], d.capacity_mbps, d.ef_offered_mbps
    )];
    let (af, cs0) =
        if d.pss.is_some() { (d.theory_mbps[2], d.theory_mbps[3]) } else { (d.theory_mbps[0], d.theory_mbps[1]) };
    lines.push(format!(
        "theory AF {af:.3}, CS0 {cs0:.3} Mb/s; drops EF {}, AF {}, CS0 {}; Jain AF {:.3}, CS0 {:.3}",
        d.drops[0], d.drops[1], d.drops[2], d.jain[0], d.jain[1]
    ));
    if let (Some(target), Some(switches), Some((lo, hi))) = (d.af_target_mbps, d.switches, d.credit_range_bits) {
        lines.push(format!(
            "PSS: AF target {target:.3} Mb/s, {switches} priority switches, credit {lo:.0} to {hi:.0} bits"
        ));
    }
    lines
});

#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod pss_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
