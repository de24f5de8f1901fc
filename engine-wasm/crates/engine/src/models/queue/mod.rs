//! The FIFO queue: Poisson or on/off flows into one server with a drop-tail waiting room (M/M/1, M/D/1,
//! M/M/1/K), checked against the closed forms of `analytic::queueing`. The smallest model, and
//! the worked example of `docs/ADDING-A-MODEL.md`.

pub mod scenario;
pub mod station;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::kernel::{EventQueue, SimTime, Streams};
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::scenario::ScenarioError;
use station::{Event, FifoStation, StationSummary};

/// The queue model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "queue",
    label: "a FIFO queue",
    summary_key: "queue",
    policy_path: None,
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: false,
    sweep_metrics: &[
        super::metric("queue.wait.mean_s", "Mean waiting time", "s"),
        super::metric("queue.sojourn.mean_s", "Mean time in the system", "s"),
        super::metric("queue.queue_len_mean_pkts", "Mean packets waiting", "packets"),
        super::metric("queue.loss_ratio", "Packets dropped (full buffer)", "fraction"),
        super::metric("queue.utilization", "Server busy", "fraction"),
    ],
    tools: &[],
    topology_bench: None,
};

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let streams = Streams::new(s.seed);
    let mut events = EventQueue::with_capacity(s.traffic.flows as usize + 2);
    let station = FifoStation::new(s, &streams, &mut events);
    Ok((Box::new(QueueModel { events, station }), station::series_info()))
}

/// A running queue: its events and its station.
struct QueueModel {
    events: EventQueue<Event>,
    station: FifoStation,
}

impl Model for QueueModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        while !ctx.yield_due() {
            let Some((at, ev)) = self.events.pop_until(t) else { break };
            ctx.now = at;
            ctx.processed += 1;
            self.station.handle(at, ev, &mut self.events, &mut ctx.recorder);
        }
    }

    fn pending_events(&self) -> usize {
        self.events.len()
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        Box::new(self.station.summary(now))
    }
}

super::model_summary!(StationSummary, |q| {
    let ms = |s: f64| s * 1e3;
    let theory = match &q.theory {
        Some(t) => format!(", theory {:.4} ms ({})", ms(t.wait_mean_s), t.model),
        None => String::new(),
    };
    vec![
        format!(
            "load {:.3}, {} arrivals, {} dropped ({:.3} %), utilization {:.4}",
            q.load,
            q.arrivals,
            q.dropped_overflow,
            100.0 * q.loss_ratio,
            q.utilization
        ),
        format!("mean wait {:.4} ms ± {:.4} ms (95 % CI){theory}", ms(q.wait.mean_s), ms(q.wait.ci95_half_s)),
        format!(
            "{} delivered, mean one-way delay {:.4} ms (wait, service and propagation)",
            q.delivered,
            ms(q.delay.mean_s)
        ),
    ]
});

#[cfg(test)]
mod closed_form_tests;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod onoff_droptail_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
