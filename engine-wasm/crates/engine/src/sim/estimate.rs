//! A run's work estimated before it starts: each model's [`WorkEstimate`] (from its registry
//! descriptor) against the model's own budget, a minute of its events, checked as a scenario is
//! validated.

use crate::models::Scenario;

/// The work one run may be estimated to take before it starts ([`check_estimate`]): about a
/// minute natively. Each model states how many events a second its runs process
/// ([`WorkEstimate::events_per_s`]), so the budget in events is the model's own: a VoIP run over
/// its fading link processes about a million events a second, the FIFO queue several million.
/// The estimate is checked as a scenario is validated, so the command line's `validate`, `run`
/// and `sweep` and the browser refuse alike; [`super::RunBudget::events`] still stops a run whose
/// estimate fell short.
pub const MAX_ESTIMATED_SECONDS: f64 = 60.0;

/// A model's estimate of the work of one run, before it starts ([`crate::models::Descriptor`]'s
/// `estimated_events`), with what makes it, for the message that refuses it.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkEstimate {
    /// Events the run is expected to process.
    pub events: f64,
    /// Events a second the model's runs process natively, at the low end of what its examples
    /// give on a busy 2-core machine (`skyqueue bench --workload scenario --scenario FILE`,
    /// docs/BENCHMARKS.md): the model's budget is this many seconds' worth.
    pub events_per_s: f64,
    /// The field the refusal is reported at (the one that drives the work most).
    pub field: &'static str,
    /// What the run offers, with the arithmetic: `about 4.5e8 packets (75 flows x 1e8 b/s /
    /// (210 B x 8) x 100 s)`.
    pub offers: String,
    /// The fields to lower.
    pub lower: String,
}

impl WorkEstimate {
    /// The events this model's run may be estimated at: [`MAX_ESTIMATED_SECONDS`] of its work.
    pub fn budget(&self) -> f64 {
        self.events_per_s * MAX_ESTIMATED_SECONDS
    }
}

/// Refuses a scenario whose run is estimated above its model's budget ([`WorkEstimate::budget`]),
/// at the field its model names, with the estimate's arithmetic and the fields to lower.
pub fn check_estimate(scenario: &Scenario, c: &mut crate::scenario::validate::Checker) {
    let Some(w) = (scenario.model.descriptor().estimated_events)(scenario) else { return };
    if !w.events.is_finite() || w.events > w.budget() {
        c.push(
            w.field,
            format!(
                "the scenario offers {}, about {:.2e} events, over this model's budget of {:.1e} events of one run (about {MAX_ESTIMATED_SECONDS:.0} s at the {:.0e} events a second it processes); lower {}",
                w.offers,
                w.events,
                w.budget(),
                w.events_per_s,
                w.lower
            ),
        );
    }
}

/// A number in a message: as written below a million, others as `9.4e6` (and tiny ones `1e-8`).
pub fn num(x: f64) -> String {
    if x.abs() >= 1e6 || (x != 0.0 && x.abs() < 1e-3) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}
