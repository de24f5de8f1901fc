//! `calc pss`: the Priority Switching Scheduler with saturated classes.

use crate::output::{outln, Failure};
use crate::values;

/// Runs the Priority Switching Scheduler (paper 001, Algorithm 1) and prints the class shares
///
/// AF and CS0 always backlogged (UDP) and a CBR EF flow of E b/s for T s on a link of C b/s;
/// prints the shares of the capacity each class used (af_share, cs0_share, ef_share), the credit
/// range and the priority switches, as JSON.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The link's capacity [b/s] (1e3 to 1e11)
    #[arg(long, value_name = "C", value_parser = values::number())]
    capacity_bps: f64,
    /// AF's share of the capacity, BW (0 to 1, both excluded)
    #[arg(long, value_name = "BW", value_parser = values::number())]
    bw: f64,
    /// The credit's upper bound L_M [bits] (above 0 to 1e12)
    #[arg(long, value_name = "LM_BITS", value_parser = values::number())]
    lm: f64,
    /// The credit's lower bound L_R [bits] (0 <= L_R < L_M)
    #[arg(long, value_name = "LR_BITS", value_parser = values::number())]
    lr: f64,
    /// Packet size [bytes] (1 to 65535)
    #[arg(long, value_name = "L", value_parser = values::number())]
    packet_bytes: f64,
    /// The CBR EF flow's rate [b/s] (0 to 10 C)
    #[arg(long, value_name = "E", default_value = "0", value_parser = values::number())]
    ef_bps: f64,
    /// How long to run [s] (above 0 to 3600)
    #[arg(long, value_name = "T", default_value = "20", value_parser = values::number())]
    duration_s: f64,
    /// The variable-capacity variant: credit memory and above-average switching
    #[arg(long)]
    variable_capacity: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let (c, bw, lm, lr, l, ef, dur, var) =
        (a.capacity_bps, a.bw, a.lm, a.lr, a.packet_bytes, a.ef_bps, a.duration_s, a.variable_capacity);
    let bad = |flag: &str, x: f64, lo: f64, hi: f64| Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}"));
    if !(1e3..=1e11).contains(&c) {
        return Err(bad("--capacity-bps", c, 1e3, 1e11));
    }
    if !(bw > 0.0 && bw < 1.0) {
        return Err(Failure::Usage(format!("--bw: {bw} is outside 0 to 1 (both excluded)")));
    }
    if !(lm > 0.0 && lm <= 1e12) {
        return Err(bad("--lm", lm, 0.0, 1e12));
    }
    if !(0.0..=1e12).contains(&lr) {
        return Err(bad("--lr", lr, 0.0, 1e12));
    }
    if !(1.0..=65_535.0).contains(&l) {
        return Err(bad("--packet-bytes", l, 1.0, 65_535.0));
    }
    if !(ef >= 0.0 && ef <= c * 10.0) {
        return Err(Failure::Usage(format!("--ef-bps: {ef} must be 0 or more, and at most 10 times --capacity-bps")));
    }
    if !(dur > 0.0 && dur <= 3600.0) {
        return Err(bad("--duration-s", dur, 0.0, 3600.0));
    }
    if lr >= lm {
        return Err(Failure::Usage(format!("--lr: {lr} must be below --lm ({lm}): 0 <= L_R < L_M (paper 001 §2)")));
    }
    if c / (l * 8.0) * dur > 5e7 {
        return Err(Failure::Usage("--duration-s: too many packets for one run (at most 5e7); shorten it".into()));
    }
    let p = engine::sched::pss::PssParams { bw, lm_bits: lm, lr_bits: lr, credit_memory: var, above_average: var };
    let r = engine::sched::pss::run_saturated(&p, c, ef, l * 8.0, dur);
    outln!("{}", serde_json::to_string_pretty(&serde_json::json!({
        "capacity_bps": c, "bw": bw, "lm_bits": lm, "lr_bits": lr, "packet_bytes": l, "ef_bps": ef, "duration_s": dur,
        "af_share": r.af_share, "cs0_share": r.cs0_share, "ef_share": r.ef_share,
        "af_bps": r.af_share * c, "credit_min_bits": r.credit_min_bits, "credit_max_bits": r.credit_max_bits, "priority_switches": r.switches
    })).unwrap_or_default());
    Ok(())
}
