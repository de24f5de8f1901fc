//! `calc slant`: the distance and delay to a satellite seen at some elevation.

use crate::output::{outln, Failure};
use crate::values;

/// Slant range and one-way propagation delay to a satellite (paper 004, Fig. 3)
///
/// From a ground terminal to a satellite at altitude H seen at elevation E, as JSON (slant_km,
/// one_way_ms).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The satellite's altitude (100 to 50000)
    #[arg(long, value_name = "H", value_parser = values::number())]
    altitude_km: f64,
    /// The elevation at which the terminal sees it (0 to 90)
    #[arg(long, value_name = "E", value_parser = values::number())]
    elevation_deg: f64,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let (h, e) = (args.altitude_km, args.elevation_deg);
    if !(100.0..=50_000.0).contains(&h) {
        return Err(Failure::Usage(format!("--altitude-km: {h} is outside 100 to 50000")));
    }
    if !(0.0..=90.0).contains(&e) {
        return Err(Failure::Usage(format!("--elevation-deg: {e} is outside 0 to 90")));
    }
    let d = engine::orbit::frames::slant_range_km(h, e);
    outln!(
        "{}",
        serde_json::json!({ "altitude_km": h, "elevation_deg": e, "slant_km": d,
            "one_way_ms": d / engine::orbit::frames::C_KM_S * 1e3 })
    );
    Ok(())
}
