//! A whole network: ground stations over a mega-constellation, a traffic matrix of TCP or UDP
//! flows between them, every ISL and ground link a shared drop-tail queue, packets forwarded
//! hop by hop on forwarding state recomputed every `network.update_ms` (`network::mesh`, with
//! Hypatia's ns-3 link model read from its code). Hypatia's `traffic_matrix_load` workload is
//! its first preset.

mod globe;
pub mod matrix;
pub mod run;
pub mod scenario;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::scenario::ScenarioError;
pub use run::NetworkSummary;

/// The network model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "network",
    label: "a network of flows over a constellation",
    summary_key: "network",
    policy_path: None,
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: true,
    sweep_metrics: &[
        super::metric("network.goodput_mbps", "Aggregate goodput", "Mb/s"),
        super::metric("network.loss_ratio", "Data packets lost", "fraction"),
        super::metric("network.rtt_ms_mean", "Mean round-trip time of the flows", "ms"),
        super::metric("network.busiest_utilization", "Busiest link's utilization", "fraction"),
    ],
    tools: &[],
    topology_bench: None,
};

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let model = run::NetworkRun::new(s)?;
    Ok((Box::new(model), run::series_info()))
}

impl Model for run::NetworkRun {
    fn advance_to(&mut self, t: crate::kernel::SimTime, ctx: &mut Ctx) {
        self.advance(t, ctx);
    }

    fn pending_events(&self) -> usize {
        self.pending()
    }

    fn summary(&mut self, now: crate::kernel::SimTime) -> Box<dyn ModelSummary> {
        Box::new(self.summarise(now))
    }

    fn geometry_packed(&self) -> Option<Vec<f64>> {
        Some(run::NetworkRun::geometry_packed(self))
    }

    fn constellation_info(&self) -> Option<crate::topology::pair::ConstellationInfo> {
        Some(run::NetworkRun::constellation_info(self))
    }

    fn next_event(&self) -> Option<crate::kernel::SimTime> {
        run::NetworkRun::next_event(self)
    }

    /// While its flows run the network is never quiet (its next event is a packet's, or the
    /// forwarding state's a moment before one); once every flow is done, none is due.
    fn next_packet_event(&self) -> Option<crate::kernel::SimTime> {
        run::NetworkRun::next_packet_event(self)
    }

    fn trace_nodes(&self) -> Vec<String> {
        run::NetworkRun::trace_nodes(self)
    }
}

super::model_summary!(NetworkSummary, |n| {
    let mut lines = vec![
        format!(
            "{}: {} satellites, {} ground stations, {} flows of {}",
            n.constellation, n.satellites, n.ground_stations, n.flows.len(), n.traffic
        ),
        format!(
            "aggregate goodput {:.2} Mb/s over {:.1} s; {} data packets sent, {} lost at queues, {} for want of a route ({:.3} %), {} ACKs lost",
            n.goodput_mbps,
            n.elapsed_s,
            n.sent,
            n.lost_queue,
            n.lost_no_route,
            100.0 * n.loss_ratio,
            n.acks_lost
        ),
    ];
    if let Some(r) = n.rtt_ms_mean {
        lines.push(format!("mean round-trip time {r:.1} ms; flows' goodput {}", n.flow_goodput_spread()));
    } else {
        lines.push(format!("flows' goodput {}", n.flow_goodput_spread()));
    }
    if let Some(c) = &n.completion {
        lines.push(format!(
            "{} of {} flows completed; of those, completion time median {} s, 90th percentile {} s, last {} s",
            c.finished,
            c.flows,
            c.median_s.map_or("-".into(), |v| format!("{v:.2}")),
            c.p90_s.map_or("-".into(), |v| format!("{v:.2}")),
            c.max_s.map_or("-".into(), |v| format!("{v:.2}"))
        ));
    }
    for l in n.busiest_links.iter().take(3) {
        lines.push(format!(
            "busy: {} at {:.1} % ({} packets sent, {} dropped)",
            l.link,
            100.0 * l.utilization,
            l.sent,
            l.dropped
        ));
    }
    if let Some(e) = &n.stopped {
        lines.push(format!("stopped: {e}"));
    }
    lines
});

#[cfg(test)]
mod globe_tests;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
