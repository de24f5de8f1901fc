//! What the command-line tools that follow a route over a constellation share (`calc pair`,
//! `calc transfer`): the options that set the constellation's ISL fields (`--polar-cutoff`,
//! `--isl-pairing`), the built-in sites for their help, and ns-2's Iridium ISL settings, which
//! both apply unless given. (`--constellation`, the preset, is the constellation model's own
//! flag: `calc transfer` runs that model's scenario.)

use crate::orbit::sites;
use crate::tool::{OptionKind, ToolOption};
use crate::topology::isl::IslPairing;
use serde_json::Value;

/// The built-in sites' names, for the help of the tools that take them.
pub fn site_names() -> String {
    let names: Vec<String> = sites::catalogue().into_iter().map(|s| s.name).collect();
    format!("Sites (`skyqueue sites` gives their coordinates): {}.", names.join(", "))
}

/// `--polar-cutoff`.
pub fn polar_cutoff_option() -> ToolOption {
    ToolOption::value(
        "polar-cutoff",
        "DEG",
        "Cross-plane links switch off above this latitude [deg]",
        OptionKind::Number,
    )
}

/// `--isl-pairing`, with the `isl_pairing` field's choices.
pub fn isl_pairing_option() -> ToolOption {
    ToolOption::value(
        "isl-pairing",
        "PAIRING",
        "Which satellite of the next plane each satellite links to",
        OptionKind::Suggested(IslPairing::choices()),
    )
}

/// Iridium (the default constellation) gets the ISL settings of ns-2's Iridium model, which
/// paper 004 used (`sat-iridium.tcl`: cut-off 60 deg, same-index partners), unless given, in `c`
/// (a constellation section as JSON): `calc pair` and `calc transfer` reproduce the paper's runs.
pub fn ns2_iridium_isls(c: &mut Value) {
    if c.get("preset").is_none_or(|p| p == "iridium") {
        if c.get("polar_cutoff_deg").is_none() {
            c["polar_cutoff_deg"] = 60.0.into();
        }
        if c.get("isl_pairing").is_none() {
            c["isl_pairing"] = "alternating".into();
        }
    }
}
