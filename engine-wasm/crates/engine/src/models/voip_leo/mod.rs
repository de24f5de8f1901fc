//! VoIP over LEO with a fading LMS last hop (paper 000): Pareto on/off calls from a server
//! through paper 000's constellation to mobile receivers that share one satellite's LMS link,
//! scheduled by DT_S, DT_H, RR, PF, CoDeS (or M-LWDF, EXP-PF, FQ-CoDel) with adaptive HARQ,
//! and rated with the E-model.

pub mod run;
pub mod scenario;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::crossing::{build_topology, ConstellationScenario};
use crate::kernel::{EventQueue, SimDuration, SimTime, Streams, NS_PER_S};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::orbit::walker::ConstellationPreset;
use crate::scenario::ScenarioError;
use crate::topology::pair::PairTopology;
use run::{Event, VoipLeo, VoipSummary};
use scenario::DelaySource;

/// The VoIP-over-LEO model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "voip-leo",
    label: "VoIP over LEO (paper 000)",
    summary_key: "voip",
    policy_path: Some("voip.policy"),
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: true,
    sweep_metrics: &[
        super::metric("voip.throughput_kbps", "Throughput (Fig. 3)", "kb/s"),
        super::metric("voip.first_tx_decoded_pct", "Decoded at the first HARQ transmission (Fig. 4)", "%"),
        super::metric("voip.loss_pct.total", "Losses (Fig. 5)", "%"),
        super::metric("voip.spectral_efficiency", "Spectral efficiency (Fig. 6)", "useful / coded"),
        super::metric("voip.latency_ms", "Latency (Fig. 7)", "ms"),
        super::metric("voip.jitter_ms", "Jitter (Fig. 8)", "ms"),
        super::metric("voip.emodel.mos", "MOS (Figs. 10, 14)", "MOS"),
        super::metric("voip.loss_pct.timeout", "Losses to CoDeS timeout (Fig. 11)", "%"),
    ],
    tools: &[],
    topology_bench: None,
};

/// The constellation between the server and the receivers: paper 000's Iridium at 800 km, or
/// the section's catalogue (`voip.tle`) with its links, access, routing, mask and epoch.
pub fn constellation_view(s: &Scenario) -> ConstellationScenario {
    let v = &s.voip;
    v.crossing(ConstellationScenario {
        preset: ConstellationPreset::Iridium800,
        from: v.server_site.clone(),
        to: v.users_site.clone(),
        ..Default::default()
    })
}

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    // Paper 000's constellation (66 satellites at 800 km) between the server and the users: its
    // route gives the server-to-last-satellite delay trace, and the globe shows the path and
    // the last satellite serving the users.
    let view = constellation_view(s);
    let mut trace = vec![];
    let mut hops = vec![];
    if s.voip.delay_source == DelaySource::Route {
        let mut t = build_topology(&view, scenario::VoipScenario::SECTION)?;
        let secs = (s.duration_s + s.voip.trace_offset_max_s).ceil() as u64 + 2;
        let mut last = (80.0, 0);
        for k in 0..=secs {
            t.step(k as f64);
            let d = t.delay_to_last_satellite_ms();
            // Without a route (a gap in coverage), keep the last known delay and hops.
            if d.is_finite() {
                last = (d, t.route().len().saturating_sub(1) as u32);
            }
            trace.push(last.0);
            hops.push(last.1);
        }
    }
    let streams = Streams::new(s.seed);
    let mut events = EventQueue::with_capacity(2 * s.voip.flows as usize + 16);
    let model = Box::new(VoipLeo::new(s, &streams, &mut events, trace, hops));
    let topo = Box::new(build_topology(&view, scenario::VoipScenario::SECTION)?);
    Ok((Box::new(VoipLeoModel { events, model, topo, next_view: SimTime::ZERO }), run::series_info(s.voip.snr_traces)))
}

/// A running VoIP-over-LEO model: the link and its flows, and the constellation view.
struct VoipLeoModel {
    events: EventQueue<Event>,
    model: Box<VoipLeo>,
    topo: Box<PairTopology>,
    next_view: SimTime,
}

impl Model for VoipLeoModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        loop {
            if ctx.yield_due() {
                return;
            }
            let Some((at, ev)) = self.events.pop_until(t) else { break };
            ctx.now = at;
            ctx.processed += 1;
            self.model.handle(at, ev, &mut self.events, &mut ctx.recorder, &mut ctx.trace);
        }
        // The constellation view, once per simulated second (display only).
        while self.next_view <= t {
            self.topo.step(self.next_view.as_secs_f64());
            self.next_view += SimDuration(NS_PER_S);
        }
    }

    fn pending_events(&self) -> usize {
        self.events.len()
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        Box::new(self.model.summary(now))
    }

    /// The next event of any call (the traced call's packets are among them).
    fn next_event(&self) -> Option<SimTime> {
        self.events.peek_time()
    }

    fn next_packet_event(&self) -> Option<SimTime> {
        self.events.peek_time()
    }

    /// The server, the last satellite and the traced call's receiver.
    fn trace_nodes(&self) -> Vec<String> {
        VoipLeo::trace_nodes()
    }

    super::delegate_topology!(topo);
}

super::model_summary!(VoipSummary, |v| {
    let mut lines = vec![
        format!(
            "{} flows, {}: throughput {:.0} kb/s, latency {:.1} ms (p95 {:.1}), jitter {:.2} ms",
            v.flows, v.policy, v.throughput_kbps, v.latency_ms, v.latency_p95_ms, v.jitter_ms
        ),
        format!(
            "loss {:.2} % (overflow {:.2}, timeout {:.2}, HARQ {:.2}); R {:.1}, MOS {:.2}; spectral efficiency {:.3}",
            v.loss_pct.total,
            v.loss_pct.overflow,
            v.loss_pct.timeout,
            v.loss_pct.harq,
            v.emodel.r,
            v.emodel.mos,
            v.spectral_efficiency
        ),
    ];
    if let Some(why) = &v.emodel.low_r_reason {
        lines.push(format!("R low: {why}"));
    }
    lines
});

#[cfg(test)]
mod codes_tests;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
