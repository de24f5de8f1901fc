//! `skyqueue merge`: the parts of a sharded sweep back into one file.

use crate::output::{read_source, write_out, Failure};
use crate::sweep;

/// Joins the parts of one sharded sweep into the file the unsharded sweep writes
///
/// The parts are the files `skyqueue sweep ... --shard I/N --out part-I.json` writes; the result
/// is exactly the unsharded sweep's file, byte for byte (JSON, CSV or a notebook, as the sweep was
/// run, or as --format says).
/// Refuses a part of another sweep, a shard given twice, and missing shards, naming them.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The part files, one per shard, in any order
    #[arg(value_name = "part.json", required = true)]
    parts: Vec<String>,
    /// Writes the merged results to this file instead of stdout
    #[arg(short, long, value_name = "FILE")]
    out: Option<String>,
    /// The merged file's format (default: the one the sweep was run with)
    #[arg(long, value_name = "FORMAT", value_parser = crate::values::choice::<sweep::Format>())]
    format: Option<sweep::Format>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut parts = vec![];
    for p in &args.parts {
        let text = read_source(p)?;
        let v: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Failure::Data(format!("{p} is not a part of a sharded sweep: {e}")))?;
        parts.push((p.to_string(), v));
    }
    let (rows, format, meta) = sweep::merge(&parts).map_err(Failure::Data)?;
    let body = sweep::body(&rows, args.format.unwrap_or(format), meta.as_ref()).map_err(Failure::Data)?;
    write_out(args.out.as_deref(), &body)?;
    eprintln!("merge: {} runs from {} parts", rows.len(), parts.len());
    Ok(())
}
