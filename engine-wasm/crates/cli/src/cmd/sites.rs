//! `skyqueue sites`: the built-in ground sites.

use crate::output::{outln, Failure};

/// Lists the built-in ground sites with their coordinates
///
/// Latitude and longitude in degrees. `calc pair`, `calc transfer` and scenarios take these
/// names (in any case), or `lat,lon`.
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_: Args) -> Result<(), Failure> {
    for s in engine::orbit::sites::catalogue() {
        outln!("{:<18} {:>8.2} {:>9.2}", s.name, s.lat_deg, s.lon_deg);
    }
    Ok(())
}
