//! `calc tfrc`: the rate TFRC allows (RFC 5348 §3.1 for CCID3; paper 003 eq. 5 for CCID4).

use crate::output::{outln, Failure};
use crate::values;
use engine::transport::tfrc;

/// The TFRC rate a DCCP sender may use (paper 003)
///
/// --ccid 3 (default): RFC 5348's throughput equation with b = 1 and t_RTO = 4 R; --ccid 4:
/// paper 003 eq. 5 (a nominal 1460-byte segment times s / (s + H)) capped at 100 packets per
/// second. Prints x_bytes_per_s, x_kbps and packets_per_s as JSON.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Packet size s [bytes] (1 to 65535)
    #[arg(long, value_name = "S", value_parser = values::number())]
    packet_bytes: f64,
    /// Round-trip time R [s] (above 0 to 60)
    #[arg(long, value_name = "R", value_parser = values::number())]
    rtt_s: f64,
    /// Loss event rate p (above 0 to 1)
    #[arg(long, value_name = "P", value_parser = values::number())]
    loss_event_rate: f64,
    /// The congestion control: 3 (CCID3) or 4 (CCID4)
    #[arg(long, value_name = "3|4", default_value = "3", value_parser = values::checked(ccid))]
    ccid: u64,
    /// CCID4's header H [bytes] (0 to 1000)
    #[arg(long, value_name = "H", default_value = "36", value_parser = values::number())]
    header_bytes: f64,
}

fn ccid(flag: &str, v: &str) -> Result<u64, String> {
    let n =
        v.parse::<u64>().map_err(|_| format!("{flag}: `{v}` is not a whole number from 0 to 18446744073709551615"))?;
    if n == 3 || n == 4 {
        Ok(n)
    } else {
        Err(format!("{flag}: {n} is neither 3 nor 4"))
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    // Each value with its allowed range: whether it is inside, and the range in words.
    let inside = |x: f64, lo: f64, lo_excluded: bool, hi: f64| x <= hi && if lo_excluded { x > lo } else { x >= lo };
    let checks = [
        ("--packet-bytes", a.packet_bytes, inside(a.packet_bytes, 1.0, false, 65_535.0), "1 to 65535"),
        ("--rtt-s", a.rtt_s, inside(a.rtt_s, 0.0, true, 60.0), "above 0 to 60"),
        (
            "--loss-event-rate",
            a.loss_event_rate,
            inside(a.loss_event_rate, 0.0, true, 1.0),
            "above 0 to 1 (a flow without loss events has no equation rate)",
        ),
        ("--header-bytes", a.header_bytes, inside(a.header_bytes, 0.0, false, 1000.0), "0 to 1000"),
    ];
    for (flag, x, ok, range) in checks {
        if !ok {
            return Err(Failure::Usage(format!("{flag}: {x} is outside {range}")));
        }
    }
    let (s, r, p, ccid, oh) = (a.packet_bytes, a.rtt_s, a.loss_event_rate, a.ccid, a.header_bytes);
    let (x, source) = if ccid == 4 {
        (tfrc::ccid4_bytes_per_s(s, oh, r, p), "paper 003 eq. 5 (RFC 4828 §4.1): 1460 f(p, R) s / (s + oh), at most 100 packets per second (RFC 4828 §4.2)")
    } else {
        (tfrc::tfrc_bytes_per_s(s, r, p), "RFC 5348 §3.1 (paper 003 eqs. 3-4): b = 1, t_RTO = 4 R")
    };
    outln!(
        "{}",
        serde_json::to_string_pretty(&serde_json::json!({
            "ccid": ccid, "packet_bytes": s, "rtt_s": r, "loss_event_rate": p, "header_bytes": oh,
            "x_bytes_per_s": x, "x_kbps": tfrc::kbps(x), "packets_per_s": x / s, "source": source
        }))
        .unwrap_or_default()
    );
    Ok(())
}
