//! A LEO constellation and the route between two ground sites (paper 004): SGP4 orbits, ISLs
//! with the polar cut-off and the seam, access, routing and typed handovers, stepped every
//! `constellation.step_s`, with the one-way delay, hop count and seam state as series.

pub mod scenario;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::kernel::{SimDuration, SimTime};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::orbit::propagate::Propagator;
use crate::orbit::sites;
use crate::scenario::{FieldError, ScenarioError};
use crate::topology::grid::{max_isl_km, plus_grid};
use crate::topology::isl::{IslChoice, IslRules};
use crate::topology::layout::Layout;
use crate::topology::pair::{self, LinkMode, PairOptions, PairSummary, PairTopology};
use scenario::ConstellationScenario;

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
const TOOLS: &[crate::tools::Tool] = &tools::TOOLS;
#[cfg(target_arch = "wasm32")]
const TOOLS: &[crate::tools::Tool] = &[];

/// What `skyqueue bench --workload topology` times by default: 24 h of Iridium at 1 s steps for
/// the Atlantic ship - London pair (positions, ISL states, access, route, events).
const TOPOLOGY_BENCH: &str = r#"{"version": 1, "model": "constellation", "duration_s": 86400, "warmup_s": 0,
  "metrics": {"bucket_s": 10}, "constellation": {"preset": "iridium", "step_s": 1, "from": "Atlantic ship", "to": "London"}}"#;

/// Builds the pair topology of a validated constellation section (also the view of the
/// constellation that TCP over the constellation and VoIP over LEO take): one shell under
/// paper 004's Iridium rules, or any constellation of shells under +Grid or without ISLs.
pub fn build_topology(k: &ConstellationScenario) -> Result<PairTopology, ScenarioError> {
    let bad = |path: &str, m: String| ScenarioError::Invalid(vec![FieldError::new(path, m)]);
    let epoch = k.epoch_jd().ok_or_else(|| bad("constellation.epoch_utc", "not a UTC time".into()))?;
    let from = sites::resolve(&k.from, &k.sites).map_err(|m| bad("constellation.from", m))?;
    let to = sites::resolve(&k.to, &k.sites).map_err(|m| bad("constellation.to", m))?;
    let opts = PairOptions {
        rules: IslRules { polar_cutoff_deg: k.polar_cutoff_deg, seam_isls: k.seam_isls },
        access: k.access,
        hysteresis_deg: k.hysteresis_deg,
        routing: k.routing,
        pairing: k.isl_pairing,
    };
    let choices: Vec<_> = k.sites.iter().cloned().chain(sites::catalogue()).collect();
    if k.isl == IslChoice::Iridium {
        let (spec, prop) = match k.loaded_shell(epoch) {
            Some(shell) => shell.map_err(|(field, m)| bad(field, m))?,
            None => {
                let spec = k.spec();
                let prop = Propagator::from_walker(&spec, epoch, k.propagation).map_err(|m| bad("constellation", m))?;
                (spec, prop)
            }
        };
        return Ok(PairTopology::new(spec, prop, opts, [from, to], choices));
    }
    let (spec, cat, prop) = k.catalogue(epoch).map_err(|(field, m)| bad(field, m))?;
    let (links, range, relays) = if k.isl == IslChoice::Grid {
        let links = plus_grid(&cat);
        let range = links
            .iter()
            .map(|l| {
                k.max_isl_km
                    .unwrap_or_else(|| max_isl_km(cat.shells[cat.placed[l.a as usize].shell as usize].altitude_km))
            })
            .collect();
        (links, range, vec![])
    } else {
        let relays = sites::catalogue().into_iter().filter(|r| r.name != from.name && r.name != to.name).collect();
        (vec![], vec![], relays)
    };
    let layout = Layout::catalogue(&cat);
    Ok(PairTopology::with_layout(spec, layout, LinkMode::Range(links, range), prop, opts, [from, to], choices, relays))
}

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let topo = Box::new(build_topology(&s.constellation)?);
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
mod tests;
