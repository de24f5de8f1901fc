//! What crossing a constellation means, for every model that does: the constellation as a
//! scenario describes it ([`ConstellationScenario`]) and the route's topology built from it
//! ([`build_topology`]); the six fields by which another model's section picks the
//! constellation it crosses (a loaded catalogue, its links, access policy, routing, mask and
//! epoch), declared once in `crossing_section!`; their panel fields ([`crossing_fields`]) and
//! their checks ([`check_crossing`]). A model that crosses a constellation declares its section
//! with the macro and builds its view of the constellation with the generated `crossing`.

pub mod constellation;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;

pub use constellation::{at, build_topology, ConstellationScenario, MAX_TLE_CHARS};

use crate::scenario::fields::*;
use crate::scenario::validate::Checker;
use crate::topology::catalogue_pair::SATELLITE_STEPS_BUDGET;
use crate::topology::isl::IslChoice;

/// The epoch of every constellation unless a scenario sets one (a section's `epoch_utc`).
pub const DEFAULT_EPOCH: &str = "2026-01-01T00:00:00Z";

/// Declares the scenario section of a model that crosses a constellation: the section's own
/// fields, each with its default (`pub name: Type = default,`), and, where `..crossing at
/// "<section>",` stands, the six crossing fields in this order: `tle`, `isl`, `access`,
/// `routing`, `elevation_mask_deg`, `epoch_utc` (unset: the model's default constellation, with
/// paper 004's rules and the same epoch as the constellation model). The section stays flat in
/// the scenario (a `#[serde(flatten)]` would lose serde's list of the keys in "unknown field"
/// messages), so the fields are spliced into the struct, which derives as its attributes say.
///
/// Besides the struct and its `Default`, it gives the section:
/// - `SECTION`: its key in the scenario (for [`build_topology`]'s errors);
/// - `crossing(rest)`: the constellation crossed, `rest` (the model's constellation, sites and
///   ISL settings) with the six fields applied;
/// - `crossing_fields(unset_means)`: the six fields for the model's panel, at the section's
///   paths ([`crossing_fields`]);
/// - `check_crossing(view, steps, c)`: [`check_crossing`] at the section's paths.
macro_rules! crossing_section {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $( $(#[$a:meta])* pub $f:ident : $t:ty = $d:expr, )*
            ..crossing at $section:literal,
            $( $(#[$b:meta])* pub $g:ident : $u:ty = $e:expr, )*
        }
    ) => {
        $(#[$attr])*
        pub struct $name {
            $( $(#[$a])* pub $f: $t, )*
            /// Element sets of the constellation crossed instead of the model's default: a whole
            /// catalogue (e.g. CelesTrak's `starlink.txt`) under `isl: grid` or `none`, grouped
            /// into shells as the constellation model groups it (docs/CATALOGUES.md).
            #[serde(skip_serializing_if = "Option::is_none")]
            pub tle: Option<String>,
            /// ISLs: `iridium` (paper 004's rules over one shell), `grid` (+Grid in every shell,
            /// within range) or `none` (a bent pipe relayed by the built-in sites).
            pub isl: $crate::topology::isl::IslChoice,
            /// Access policy: `ns2` (paper 004's simulator), `highest-elevation`, `hysteresis`,
            /// `longest-visibility` or `free` (any satellite in view; the route picks).
            pub access: $crate::topology::access::AccessPolicy,
            /// Route metric: `min-hop` (paper 004 Table 3) or `min-delay`.
            pub routing: $crate::topology::routing::RoutingMetric,
            /// Lowest elevation of a ground-satellite link [deg]; unset: the default
            /// constellation's (Iridium's 8.2; Starlink: 25).
            #[serde(skip_serializing_if = "Option::is_none")]
            pub elevation_mask_deg: Option<f64>,
            /// UTC time of the constellation's epoch, `YYYY-MM-DDTHH:MM:SSZ`: near a loaded
            /// catalogue's element sets.
            pub epoch_utc: String,
            $( $(#[$b])* pub $g: $u, )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $( $f: $d, )*
                    tle: None,
                    isl: $crate::topology::isl::IslChoice::Iridium,
                    access: $crate::topology::access::AccessPolicy::Ns2,
                    routing: $crate::topology::routing::RoutingMetric::MinHop,
                    elevation_mask_deg: None,
                    epoch_utc: $crate::crossing::DEFAULT_EPOCH.into(),
                    $( $g: $e, )*
                }
            }
        }

        impl $name {
            /// Where the scenario holds this section (its fields' paths begin `<SECTION>.`).
            pub const SECTION: &'static str = $section;

            /// The constellation this section crosses: `rest` with the section's catalogue,
            /// links, access policy, routing, mask (if set) and epoch.
            pub fn crossing(
                &self,
                rest: $crate::crossing::ConstellationScenario,
            ) -> $crate::crossing::ConstellationScenario {
                $crate::crossing::ConstellationScenario {
                    tle: self.tle.clone(),
                    isl: self.isl,
                    access: self.access,
                    routing: self.routing,
                    elevation_mask_deg: self.elevation_mask_deg.or(rest.elevation_mask_deg),
                    epoch_utc: self.epoch_utc.clone(),
                    ..rest
                }
            }

            /// The crossing's fields in the model's panel, at this section's paths; an unset
            /// catalogue means `unset_means`.
            pub fn crossing_fields(unset_means: &'static str) -> Vec<$crate::scenario::fields::Field> {
                $crate::crossing::crossing_fields(
                    [
                        concat!($section, ".tle"),
                        concat!($section, ".isl"),
                        concat!($section, ".access"),
                        concat!($section, ".routing"),
                        concat!($section, ".elevation_mask_deg"),
                        concat!($section, ".epoch_utc"),
                    ],
                    unset_means,
                )
            }

            /// Checks the constellation `view` this section crosses ([`crate::crossing::check_crossing`])
            /// over `steps` topology steps, at this section's paths.
            pub fn check_crossing(
                view: &$crate::crossing::ConstellationScenario,
                steps: f64,
                c: &mut $crate::scenario::validate::Checker,
            ) {
                $crate::crossing::check_crossing(view, Self::SECTION, steps, c)
            }
        }
    };
}
pub(crate) use crossing_section;

/// Checks the constellation another model's section crosses (`view`, built from `section`'s
/// fields): its epoch, the loaded element sets, and the satellite-steps of `steps` topology
/// steps; errors at the section's fields (`transfer.tle`), or at `duration_s` for the budget.
pub fn check_crossing(view: &ConstellationScenario, section: &str, steps: f64, c: &mut Checker) {
    let Some(jd) = view.epoch_jd() else {
        c.push(
            &at(section, "epoch_utc"),
            format!("`{}` is not a UTC time like 2026-01-01T00:00:00Z (years 1957 to 2056)", view.epoch_utc),
        );
        return;
    };
    if view.isl == IslChoice::Iridium {
        if let Some(Err((field, m))) = view.loaded_shell(jd) {
            c.push(&at(section, field), m);
        }
        return;
    }
    match view.catalogue(jd) {
        Err((field, m)) => c.push(&at(section, field), m),
        Ok((_, cat, _)) => {
            let work = cat.placed.len() as f64 * steps;
            if work > SATELLITE_STEPS_BUDGET {
                c.push(
                    "duration_s",
                    format!(
                        "{} satellites x {steps:.0} topology steps of 1 s is {work:.3e} satellite-steps, above the \
                         budget {SATELLITE_STEPS_BUDGET:.0e}: a shorter run",
                        cat.placed.len()
                    ),
                );
            }
        }
    }
}

/// The fields of a crossing in another model's panel, at the six paths given (its section's
/// `tle`, `isl`, `access`, `routing`, `elevation_mask_deg`, `epoch_utc`).
pub fn crossing_fields(paths: [&'static str; 6], unset_means: &'static str) -> Vec<Field> {
    let [tle, isl, access, routing, mask, epoch] = paths;
    vec![
        text(tle, "Element sets (TLE)", "A real constellation instead of the default: a catalogue file (e.g. CelesTrak's starlink.txt) under +Grid or no ISLs, grouped into shells; set the epoch near its element sets.")
            .max_chars(MAX_TLE_CHARS, true)
            .null_means(unset_means)
            .catalogue(),
        choice(isl, "Inter-satellite links", &ISL_CHOICES, "Iridium: polar cut-off, no links across the seam (one shell). +Grid: two neighbours in the plane and the nearest satellite of each next plane, within laser range, in every shell (Starlink, Hypatia). None: ground stations relay."),
        choice(access, "Access policy", &ACCESS_CHOICES, "How each site picks its satellite and when it hands over."),
        choice(routing, "Routing", &ROUTING_CHOICES, "Route metric; ties are broken by delay."),
        real(mask, "Elevation mask", Some("deg"), 0.0, 60.0, "Lowest elevation of a ground-satellite link (Iridium 8.2°, Starlink 25°).").null_means("Iridium's 8.2°"),
        text(epoch, "Epoch (UTC)", "Time zero of the constellation, like 2026-01-01T00:00:00Z; near a loaded catalogue's element sets."),
    ]
}

/// The choices of an `isl` field: (scenario value, label).
pub const ISL_CHOICES: [(&str, &str); 3] =
    [("iridium", "Iridium rules (paper 004)"), ("grid", "+Grid in every shell"), ("none", "none (bent pipe)")];
/// The choices of an `access` field.
pub const ACCESS_CHOICES: [(&str, &str); 5] = [
    ("ns2", "ns-2 (keep until lost)"),
    ("highest-elevation", "highest elevation"),
    ("hysteresis", "highest elevation with hysteresis"),
    ("longest-visibility", "longest remaining visibility"),
    ("free", "any in view (the route picks)"),
];
/// The choices of a `routing` field.
pub const ROUTING_CHOICES: [(&str, &str); 2] =
    [("min-hop", "fewest hops (paper 004 Table 3)"), ("min-delay", "least delay")];
