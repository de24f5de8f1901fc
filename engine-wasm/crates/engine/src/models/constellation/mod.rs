//! A LEO constellation and the route between two ground sites (paper 004): SGP4 orbits, ISLs
//! with the polar cut-off and the seam, access, routing and typed handovers, stepped every
//! `constellation.step_s`, with the one-way delay, hop count and seam state as series.

pub mod scenario;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::crossing::build_topology;
use crate::kernel::{SimDuration, SimTime};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::scenario::ScenarioError;
use crate::topology::pair::{self, PairSummary, PairTopology};

/// The constellation model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "constellation",
    label: "a constellation and a pair of sites",
    summary_key: "constellation",
    policy_path: None,
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: false,
    sweep_metrics: &[
        super::metric("constellation.delay_ms.mean", "Mean one-way delay", "ms"),
        super::metric("constellation.delay_ms.max", "Largest one-way delay", "ms"),
        super::metric("constellation.handovers.intra_orbital", "Intra-orbital handovers", "handovers"),
        super::metric("constellation.handovers.inter_orbital", "Inter-orbital handovers", "handovers"),
        super::metric("constellation.seam_fraction", "Time the seam separates the sites", "fraction"),
    ],
    tools: TOOLS,
    topology_bench: Some(TOPOLOGY_BENCH),
};

/// The model's command-line tools (`calc pair`, `tle generate`); none in the browser build.
#[cfg(not(target_arch = "wasm32"))]
const TOOLS: &[crate::tool::Tool] = &tools::TOOLS;
#[cfg(target_arch = "wasm32")]
const TOOLS: &[crate::tool::Tool] = &[];

/// What `skyqueue bench --workload topology` times by default: 24 h of Iridium at 1 s steps for
/// the Atlantic ship - London pair (positions, ISL states, access, route, events).
const TOPOLOGY_BENCH: &str = r#"{"version": 1, "model": "constellation", "duration_s": 86400, "warmup_s": 0,
  "metrics": {"bucket_s": 10}, "constellation": {"preset": "iridium", "step_s": 1, "from": "Atlantic ship", "to": "London"}}"#;

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let topo = Box::new(build_topology(&s.constellation, scenario::SECTION)?);
    let step = SimDuration::from_secs_f64(s.constellation.step_s);
    Ok((Box::new(ConstellationModel { topo, step, next: SimTime::ZERO }), pair::series_info()))
}

/// A running constellation: the topology, stepped at fixed times.
struct ConstellationModel {
    topo: Box<PairTopology>,
    step: SimDuration,
    next: SimTime,
}

impl Model for ConstellationModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        while self.next <= t {
            if ctx.yield_due() {
                return;
            }
            let at = self.next;
            ctx.processed += 1;
            let (delay_ms, hops, seam) = self.topo.step(at.as_secs_f64());
            ctx.recorder.sample(0, at, delay_ms);
            ctx.recorder.sample(1, at, hops);
            ctx.recorder.sample(2, at, seam as u8 as f64);
            self.next = at + self.step;
            if self.step.as_nanos() == 0 {
                break;
            }
        }
    }

    fn summary(&mut self, _now: SimTime) -> Box<dyn ModelSummary> {
        Box::new(self.topo.summary())
    }

    super::delegate_topology!(topo);
}

super::model_summary!(PairSummary, |p| {
    let h = &p.handovers;
    vec![
        format!("{} - {}: {} steps", p.from.name, p.to.name, p.steps),
        format!(
            "handovers: {} intra-orbital, {} inter-orbital, {} seam, {} ISL changes; {} seam separations",
            h.intra_orbital, h.inter_orbital, h.seam, h.isl_change, p.seam_separations
        ),
        format!(
            "one-way delay {:.2} / {:.2} / {:.2} ms (min / mean / max), {} to {} hops",
            p.delay_ms.min, p.delay_ms.mean, p.delay_ms.max, p.hops.min, p.hops.max
        ),
    ]
});

#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod iridium_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
