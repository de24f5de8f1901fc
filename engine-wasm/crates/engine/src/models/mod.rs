//! Models: one folder per model, one registry.
//!
//! A model assembles the shared components (`kernel`, `orbit`, `topology`, `channel`, `link`,
//! `traffic`, `transport`, `sched`, `metrics`, `analytic`) into one runnable experiment. Each
//! folder holds the model's scenario section with its validation, its assembly, its series, its
//! summary and its tests; [`Model`] is what the driver ([`crate::sim::Simulation`]) calls, and
//! [`Descriptor`] is what everything else (validation, the CLI's summary printer, sweeps) asks.
//!
//! Adding a model: a folder here with a `DESCRIPTOR` and its sections' types, a `pub mod` line
//! and one entry in `registry!` below naming the model and its sections, its examples and its
//! UI descriptor (`docs/ADDING-A-MODEL.md` walks through the FIFO queue). The registry entry is
//! what makes the sections fields of [`crate::models::Scenario`]: `scenario/mod.rs` is not
//! edited.

pub mod constellation;
pub mod diffserv;
pub mod link_layer;
pub mod network;
pub mod queue;
pub mod tcp_leo;
pub mod voip_dccp;
pub mod voip_leo;

#[cfg(test)]
mod boundaries;
pub mod format;
pub mod schema;

pub use format::{all_defaults_json, sections, Scenario};

use crate::kernel::SimTime;
use crate::metrics::{Recorder, SeriesInfo};
use crate::scenario::fields::{Group, Object};
use crate::scenario::validate::Checker;
use crate::scenario::ScenarioError;
use crate::tool::Tool;
use crate::topology::pair::{ConstellationInfo, TopoEvent};
use crate::trace::PacketTrace;
use serde::{Deserialize, Serialize};
use std::any::Any;

/// What a model shares with the driver while it runs: the clock, the event count, the series
/// recorder and the packet trace.
pub struct Ctx {
    /// Time of the last event processed (the driver then moves it to the requested time).
    pub now: SimTime,
    /// Events processed so far (queue events, or topology steps).
    pub processed: u64,
    /// The count of processed events at which the model returns to the driver before `t`, so
    /// that the driver can check the run's budgets ([`crate::sim::RunBudget`]) and call it again
    /// to go on: see [`Ctx::yield_due`].
    pub yield_at: u64,
    /// The run's series.
    pub recorder: Recorder,
    /// The run's packet trace (off unless the driver turned it on; models with
    /// [`Descriptor::traces_packets`] record into it).
    pub trace: PacketTrace,
}

impl Ctx {
    /// Whether the model must return to the driver now, before its next event: checked at the
    /// top of every event loop. The driver then checks the budgets and calls
    /// [`Model::advance_to`] again with the same time, which goes on where it stopped, so a run
    /// gives the same results however often it yields.
    #[inline]
    pub fn yield_due(&self) -> bool {
        self.processed >= self.yield_at
    }
}

/// A runnable model: built from a validated scenario by its [`Descriptor::build`].
pub trait Model {
    /// Processes every event at or before `t` (never past the end of the run, which the driver
    /// guarantees), setting `ctx.now` to each event's time and counting it in `ctx.processed`.
    /// Returns early, before an event, once [`Ctx::yield_due`]; called again with the same `t`,
    /// it goes on from there.
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx);
    /// Events scheduled and not yet processed: what the driver's memory guard counts
    /// ([`crate::sim::RunBudget::pending_events`]). 0 for a model without an event list.
    fn pending_events(&self) -> usize {
        0
    }
    /// What has been measured so far.
    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary>;
    /// Topology events (handovers, seam, ISL changes) since the last call, for the event log.
    fn drain_events(&mut self) -> Vec<TopoEvent> {
        vec![]
    }
    /// The constellation at the last topology step (see `PairTopology::geometry_packed`).
    fn geometry_packed(&self) -> Option<Vec<f64>> {
        None
    }
    /// The constellation's static description, for drawing.
    fn constellation_info(&self) -> Option<ConstellationInfo> {
        None
    }
    /// The time of the next event, if the model has one before the end (what the driver's
    /// event-by-event step goes to); `None` also for models that cannot say.
    fn next_event(&self) -> Option<SimTime> {
        None
    }
    /// The time of the next packet event (not a topology step), if any before the end: what the
    /// app's *follow the action* skips quiet stretches to; `None` when no packet event is due.
    fn next_packet_event(&self) -> Option<SimTime> {
        None
    }
    /// The names of the nodes its packet trace refers to, by index.
    fn trace_nodes(&self) -> Vec<String> {
        vec![]
    }
    /// Whether this run records packets, for a model whose descriptor says it can
    /// ([`Descriptor::traces_packets`]): a model may trace only some of its scenarios.
    fn traces_packets(&self) -> bool {
        true
    }
}

/// A model's summary: written into the results under [`Descriptor::summary_key`], printed by
/// the CLI line by line, and reachable by its type ([`crate::sim::Summary::model`]).
pub trait ModelSummary: erased_serde::Serialize + core::fmt::Debug + Send {
    /// A few lines for a person (the CLI's `run --out` printout), without indentation.
    fn lines(&self) -> Vec<String>;
    /// The summary as [`Any`], to get its own type back.
    fn as_any(&self) -> &dyn Any;
    /// The boxed summary as [`Any`], to take its own type back.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}
erased_serde::serialize_trait_object!(ModelSummary);

/// Implements [`ModelSummary`] for a summary type from its `lines` function, and names that type
/// `Summary` in the model's module: the registry reaches each model's summary type through it
/// (the TypeScript types of the summary are generated from it, see `sim/summary_types.rs`).
/// Invoked once per model, in the model's `mod.rs`.
macro_rules! model_summary {
    ($ty:ty, |$s:ident| $lines:expr) => {
        /// The model's summary: what its `Model::summary` returns, written under its
        /// `summary_key`.
        pub type Summary = $ty;

        impl $crate::models::ModelSummary for $ty {
            fn lines(&self) -> Vec<String> {
                let $s = self;
                $lines
            }
            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
            fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
                self
            }
        }
    };
}
pub(crate) use model_summary;

/// Implements the globe's methods of [`Model`] (`drain_events`, `geometry_packed`,
/// `constellation_info`) by handing them to the model's `PairTopology` in field `$topo`:
/// `delegate_topology!(topo);` inside the model's `impl Model`. Every model that draws a
/// constellation holds one, and asks it the same three things.
macro_rules! delegate_topology {
    ($topo:ident) => {
        fn drain_events(&mut self) -> Vec<$crate::topology::pair::TopoEvent> {
            self.$topo.drain_events()
        }

        fn geometry_packed(&self) -> Option<Vec<f64>> {
            Some(self.$topo.geometry_packed())
        }

        fn constellation_info(&self) -> Option<$crate::topology::pair::ConstellationInfo> {
            Some(self.$topo.info())
        }
    };
}
pub(crate) use delegate_topology;

/// Everything the engine knows about a model besides its running state.
pub struct Descriptor {
    /// The model's name in scenarios, the CLI and the UI (`voip-leo`).
    pub name: &'static str,
    /// What a person reads in the model choice (`VoIP over LEO (paper 000)`).
    pub label: &'static str,
    /// Key of its summary in results files and summaries (`voip`).
    pub summary_key: &'static str,
    /// The field `skyqueue sweep --policies` sets (`voip.policy`), if the model has policies.
    pub policy_path: Option<&'static str>,
    /// The model's fields in titled groups, with units, help and ranges: the one declaration
    /// the range checks and the UI's parameter panel both read (`scenario::fields`).
    pub groups: fn() -> Vec<Group>,
    /// The model's objects in the scenario with their keys (`scenario::fields::object`).
    pub objects: fn() -> Vec<Object>,
    /// Checks the model's rules that join fields (each field's own range is in `groups`).
    pub validate: fn(&Scenario, &mut Checker),
    /// Estimates the events a valid scenario's run processes, before it starts: the driver
    /// refuses a run estimated above its budget ([`crate::sim::WorkEstimate::budget`]) naming what makes the
    /// work ([`crate::sim::check_estimate`]). None where the fields it reads are invalid (their
    /// own errors are reported instead).
    pub estimated_events: fn(&Scenario) -> Option<crate::sim::WorkEstimate>,
    /// Builds the run from a validated scenario, with its series in column order.
    pub build: fn(&Scenario) -> Result<Built, ScenarioError>,
    /// Whether the model records its packets in the packet trace ([`crate::trace`]) and says
    /// when its next event is ([`Model::next_event`]): what the app's event-by-event step, its
    /// sequence diagram and its packet stories need.
    pub traces_packets: bool,
    /// The summary values a sweep of this model plots, in the order its charts come: what the
    /// app's sweep panel draws and what every exported sweep notebook plots (`crate::export`).
    pub sweep_metrics: &'static [SweepMetric],
    /// The model's command-line tools (`skyqueue calc pair`), which the CLI lists ([`tools`])
    /// and runs without naming the model. None in the browser build.
    pub tools: &'static [Tool],
    /// A scenario of this model that `skyqueue bench --workload topology` times when given no
    /// file: a model that follows a pair of sites over a constellation offers one (the first in
    /// registry order is used).
    pub topology_bench: Option<&'static str>,
}

/// One summary value a sweep plots against the swept field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SweepMetric {
    /// Its path in the summary (`voip.latency_ms`, `diffserv.rates_mbps[1]`): also its column
    /// in a sweep's CSV.
    pub path: &'static str,
    /// Its chart's title, with the paper's figure where it reproduces one.
    pub title: &'static str,
    /// Its unit.
    pub unit: &'static str,
}

/// A [`SweepMetric`] in one line.
pub(crate) const fn metric(path: &'static str, title: &'static str, unit: &'static str) -> SweepMetric {
    SweepMetric { path, title, unit }
}

/// A model built from a scenario, with its series in column order.
pub type Built = (Box<dyn Model>, Vec<SeriesInfo>);

/// The registry: one entry per model, `Variant => module { section: Type, ... }`, with the doc
/// comment the scenario format shows for the model and for each section. It defines
/// [`ModelKind`] (serialised in kebab-case: `VoipLeo` is `voip-leo`), maps each kind to its
/// module's `DESCRIPTOR` and to its sections ([`ModelKind::sections`]), and hands the sections
/// to [`crate::scenario`], which makes them fields of [`Scenario`] (see `with_sections!`).
/// The first model is the default.
///
/// A section is a top-level key of the scenario, owned by one model; its type is named as it is
/// declared in the model's `scenario.rs` (`Type` is `crate::models::<module>::scenario::Type`,
/// re-exported as `crate::scenario::Type`) and must implement `Default`, `Serialize` and
/// `Deserialize`. A section name used twice is a compile error (two fields of one struct).
macro_rules! registry {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident => $module:ident {
            $($(#[doc = $section_doc:literal])* $section:ident: $ty:ident),* $(,)?
        },
    )+) => {
        /// The model a scenario runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum ModelKind {
            $($(#[doc = $doc])* $variant,)+
        }

        impl ModelKind {
            /// Every model, in registry order.
            pub const ALL: &'static [ModelKind] = &[$(ModelKind::$variant,)+];

            /// The model's descriptor.
            pub fn descriptor(self) -> &'static Descriptor {
                match self {
                    $(ModelKind::$variant => &$module::DESCRIPTOR,)+
                }
            }

            /// The registry's doc comment of the model, its lines joined into one paragraph
            /// (what `skyqueue models` prints).
            pub fn doc(self) -> &'static str {
                match self {
                    $(ModelKind::$variant => concat!($($doc),*).trim_ascii(),)+
                }
            }

            /// The model's sections: its top-level keys in the scenario (`traffic` and `queue`
            /// for the queue model), in registry order.
            pub fn sections(self) -> &'static [&'static str] {
                match self {
                    $(ModelKind::$variant => &[$(stringify!($section)),*],)+
                }
            }
        }

        #[cfg(test)]
        impl ModelKind {
            /// JSON Schema (as serialised) of the model's summary type, `<module>::Summary`.
            pub(crate) fn summary_schema(self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                match self {
                    $(ModelKind::$variant => generator.subschema_for::<$module::Summary>(),)+
                }
            }

            /// Whether `summary` is of the model's summary type, `<module>::Summary`.
            pub(crate) fn is_own_summary(self, summary: &dyn ModelSummary) -> bool {
                match self {
                    $(ModelKind::$variant => summary.as_any().is::<$module::Summary>(),)+
                }
            }
        }

        /// Calls `$callback! { Variant => module { section: Type, ... }, ... }` with every
        /// model's sections (and their doc comments) in registry order: how `crate::scenario`
        /// writes the `Scenario` type from this registry without naming any model itself.
        macro_rules! with_sections {
            ($callback:ident) => {
                $callback! {
                    $($variant => $module { $($(#[doc = $section_doc])* $section: $ty,)* },)+
                }
            };
        }
        pub(crate) use with_sections;
    };
}

registry! {
    /// A single-server FIFO queue fed by Poisson or on/off flows (`traffic`, `queue`).
    Queue => queue {
        /// Offered traffic (used when `model` is `queue`).
        traffic: TrafficSpec,
        /// The queue and its server (used when `model` is `queue`).
        queue: QueueSpec,
    },
    /// A LEO constellation and the route between two ground sites (`constellation`).
    Constellation => constellation {
        /// The constellation and the pair of ground sites (used when `model` is `constellation`).
        constellation: ConstellationScenario,
    },
    /// VoIP flows through a LEO constellation to mobile receivers sharing one LMS link
    /// (`voip`; paper 000).
    VoipLeo => voip_leo {
        /// VoIP flows over a shared LMS last hop (used when `model` is `voip-leo`).
        voip: VoipScenario,
    },
    /// A DiffServ core router: EF, AF (TCP) and CS0 (TCP) through PSS or DWRR (`diffserv`;
    /// paper 001).
    Diffserv => diffserv {
        /// A DiffServ router with PSS or DWRR (used when `model` is `diffserv`).
        diffserv: DiffservScenario,
    },
    /// A TCP transfer between two ground sites over the moving Iridium route (`transfer`; paper
    /// 004 §3-5).
    TcpLeo => tcp_leo {
        /// A TCP transfer over Iridium (used when `model` is `tcp-leo`).
        transfer: TransferScenario,
    },
    /// IP packets as LLDUs over a bursty erasure channel with FEC, SR-ARQ or HARQ-II, beside
    /// their closed forms (`link`; paper 002 §3).
    LinkLayer => link_layer {
        /// A link layer and its erasure channel (used when `model` is `link-layer`).
        link: LinkLayerScenario,
    },
    /// A voice stream over UDP or DCCP (CCID3, CCID4, CCID4-N, CCID4-SCA) on a long, lossy
    /// link shared with TCP (`dccp`; paper 003).
    VoipDccp => voip_dccp {
        /// VoIP over DCCP on a GEO link (used when `model` is `voip-dccp`).
        dccp: DccpScenario,
    },
    /// Many flows between ground stations over a mega-constellation, sharing ISL and ground-link
    /// queues, forwarded hop by hop on moving forwarding state (`network`; Hypatia's
    /// traffic_matrix_load).
    Network => network {
        /// A traffic matrix over a constellation (used when `model` is `network`).
        network: NetworkScenario,
    },
}

impl Default for ModelKind {
    fn default() -> Self {
        ModelKind::ALL[0]
    }
}

impl ModelKind {
    /// The model's name in scenarios (`voip-leo`).
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The model of that name.
    pub fn from_name(name: &str) -> Option<ModelKind> {
        ModelKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// Every model's command-line tools, in registry order: what the CLI makes its `calc` and `tle`
/// subcommands from.
pub fn tools() -> impl Iterator<Item = &'static Tool> {
    ModelKind::ALL.iter().flat_map(|k| k.descriptor().tools.iter())
}

/// The tool of `group` and `name` among every model's tools.
pub fn find_tool(group: &str, name: &str) -> Option<&'static Tool> {
    tools().find(|t| t.group == group && t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::OptionKind;

    #[test]
    fn names_in_the_registry_match_the_scenario_format() {
        for &k in ModelKind::ALL {
            assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{}\"", k.name()));
            assert_eq!(ModelKind::from_name(k.name()), Some(k));
        }
        let keys: std::collections::BTreeSet<_> = ModelKind::ALL.iter().map(|k| k.descriptor().summary_key).collect();
        assert_eq!(keys.len(), ModelKind::ALL.len(), "summary keys are unique");
    }

    #[test]
    fn registry_sections_are_the_models_top_level_objects() {
        // The registry line names a model's sections and their types; its `objects()` (for the
        // UI's messages) must list the same sections, in the same order, with the same structs
        // (serde names the struct when a section is `null`).
        let scenario_keys = crate::scenario::fields::object::<Scenario>("").keys;
        for &k in ModelKind::ALL {
            let top: Vec<_> = (k.descriptor().objects)().into_iter().filter(|o| !o.path.contains('.')).collect();
            assert_eq!(top.iter().map(|o| o.path).collect::<Vec<_>>(), k.sections(), "{}", k.name());
            for o in top {
                assert!(scenario_keys.contains(&o.path), "{} is not a key of Scenario", o.path);
                let json = format!(r#"{{"version": 2, "model": "{}", "{}": null}}"#, k.name(), o.path);
                let err = Scenario::parse_json(&json).unwrap_err().to_string();
                // serde's "expected struct <name>", in plain words (scenario::plain_message).
                assert!(err.ends_with("must be an object of fields { ... }, not null (empty)"), "{}: {err}", o.path);
            }
        }
    }

    #[test]
    fn a_model_checks_only_its_own_section() {
        // A queue section out of range stops a queue run, and nothing else: the UI's parameter
        // panel shows (and checks) a section only for the model that uses it.
        let bad_queue = r#""traffic": {"flows": 0}"#;
        for &k in ModelKind::ALL {
            let json =
                format!(r#"{{"version": 1, "model": "{}", "duration_s": 2, "warmup_s": 0, {bad_queue}}}"#, k.name());
            let refused = Scenario::from_json(&json).is_err();
            assert_eq!(refused, k == ModelKind::Queue, "{}", k.name());
        }
    }

    #[test]
    fn every_model_builds_from_its_defaults() {
        for &k in ModelKind::ALL {
            let s = Scenario { model: k, duration_s: 2.0, warmup_s: 0.0, ..Scenario::default() };
            let (_, series) = (k.descriptor().build)(&s).unwrap_or_else(|e| panic!("{}: {e}", k.name()));
            assert!(!series.is_empty(), "{} records no series", k.name());
        }
    }

    #[test]
    fn every_tool_declares_options_the_command_line_can_build() {
        let tools: Vec<&Tool> = tools().collect();
        assert!(tools.len() >= 3, "the models' tools: calc pair, calc transfer, tle generate");
        let mut seen = std::collections::BTreeSet::new();
        for t in &tools {
            let id = format!("{} {}", t.group, t.name);
            assert!(seen.insert(id.clone()), "{id} declared twice");
            assert!(["calc", "tle"].contains(&t.group), "{id}: no such command group");
            assert!(std::ptr::eq(find_tool(t.group, t.name).unwrap(), *t), "{id}");
            let first = t.help.split("\n\n").next().unwrap();
            assert!(!first.is_empty() && !first.ends_with('.'), "{id}: its one-line help reads as a title: {first}");
            let options = (t.options)();
            let flags: Vec<&str> = options.iter().map(|o| o.flag).collect();
            for o in &options {
                let ok = o.flag.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                assert!(ok && !o.flag.starts_with('-'), "{id}: --{} is not kebab-case", o.flag);
                assert_eq!(flags.iter().filter(|f| **f == o.flag).count(), 1, "{id}: --{} twice", o.flag);
                assert!(!o.help.is_empty(), "{id}: --{} has no help", o.flag);
                assert_eq!(matches!(o.kind, OptionKind::Switch), o.value_name.is_empty(), "{id}: --{}", o.flag);
                if let Some(r) = o.requires {
                    assert!(flags.contains(&r), "{id}: --{} requires --{r}, which it does not have", o.flag);
                }
                match (&o.kind, o.default) {
                    (OptionKind::OneOf(values) | OptionKind::Suggested(values), d) => {
                        assert!(!values.is_empty(), "{id}: --{} lists no values", o.flag);
                        if let Some(d) = d {
                            assert!(
                                values.iter().any(|(v, _)| *v == d),
                                "{id}: --{}'s default {d} is not listed",
                                o.flag
                            );
                        }
                    }
                    (OptionKind::Number, Some(d)) => assert!(d.parse::<f64>().is_ok(), "{id}: --{}", o.flag),
                    (OptionKind::Whole, Some(d)) => assert!(d.parse::<u64>().is_ok(), "{id}: --{}", o.flag),
                    _ => {}
                }
            }
        }
    }
}
