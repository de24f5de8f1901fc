//! One flow's path over time ([`PathSample`]s, one per forwarding state) as inputs for real
//! software, so that an application can be tried on the path the simulation gave:
//!
//! - **Mahimahi** (Netravali et al., "Mahimahi: Accurate Record-and-Replay for HTTP", USENIX
//!   ATC 2015): `mm-link` reads a packet-delivery trace, one line per opportunity to deliver a
//!   1,500-byte packet, each the opportunity's time in whole milliseconds from the start (a time
//!   repeated is several opportunities in that millisecond); at its last line it starts over.
//!   [`mahimahi_link_trace`] writes the path's bottleneck rate over time that way, no line
//!   while there is no path. `mm-delay` takes one fixed delay: [`mean_delay_ms`] gives the
//!   path's mean, and the delay's changes are only in the netem script.
//!   Mahimahi repeats a trace after its last line, so a trace whose run ends without a path
//!   repeats sooner than the run.
//! - **`tc netem`** (Linux): [`netem_script`] writes a shell script that sets the path's
//!   one-way delay, its bottleneck rate and its loss in force on an interface with
//!   `tc qdisc replace ... netem delay D rate R loss L limit N`, then sleeps until the next
//!   change (100 % loss while there is no path), and removes the discipline at the end. netem
//!   holds the packets it delays in its own queue, whose default limit (1,000) would drop
//!   packets the path carried or hold ten times its queue: N is the path's queue plus the
//!   packets its delay holds at its rate. The loss is the flow's own loss in the run (to the
//!   other flows' traffic, which the replay does not carry), drawn at random.
//! - [`path_csv`]: the same samples as a table.

use super::mesh::PathSample;
use crate::kernel::SimTime;
use std::fmt::Write;

/// Bytes a Mahimahi delivery opportunity carries (an MTU).
pub const MAHIMAHI_PACKET_BYTES: f64 = 1500.0;

/// Most lines a Mahimahi trace may have (20 M lines, about 160 MB of text: 1 h at 100 Mb/s
/// is 30 M): longer traces are refused.
pub const MAX_TRACE_LINES: usize = 20_000_000;

/// The spans over which each sample holds: from its time to the next one's (the last to `end`).
fn spans(samples: &[PathSample], end: SimTime) -> impl Iterator<Item = (&PathSample, f64, f64)> {
    samples.iter().enumerate().filter_map(move |(k, s)| {
        let to = samples.get(k + 1).map_or(end, |n| n.t);
        (to > s.t).then(|| (s, s.t.as_secs_f64(), to.as_secs_f64()))
    })
}

/// The Mahimahi packet-delivery trace of the bottleneck rate up to `end`; refused when it has no
/// line (no path at all) or more than [`MAX_TRACE_LINES`].
pub fn mahimahi_link_trace(samples: &[PathSample], end: SimTime) -> Result<String, String> {
    let mut out = String::new();
    let (mut lines, mut credit) = (0usize, 0.0f64);
    for (s, from, to) in spans(samples, end) {
        let per_ms = s.bottleneck_bps / 8.0 / 1000.0;
        let (first, last) = ((from * 1000.0).round() as u64, (to * 1000.0).round() as u64);
        for ms in first..last {
            credit += per_ms;
            while credit >= MAHIMAHI_PACKET_BYTES {
                credit -= MAHIMAHI_PACKET_BYTES;
                // Mahimahi counts from 1 ms: a 0 would be an opportunity at the start of every
                // repetition.
                let _ = writeln!(out, "{}", ms + 1);
                lines += 1;
                if lines > MAX_TRACE_LINES {
                    return Err(format!("the trace would have more than {MAX_TRACE_LINES} lines: a shorter run"));
                }
            }
        }
        if per_ms == 0.0 {
            credit = 0.0;
        }
    }
    if lines == 0 {
        return Err("the flow had no path (or too slow a one for a packet) for the whole run: no trace".into());
    }
    Ok(out)
}

/// The path's mean one-way delay over the time it had one, weighted by time [ms]; NaN if never.
pub fn mean_delay_ms(samples: &[PathSample], end: SimTime) -> f64 {
    let (mut sum, mut span) = (0.0, 0.0);
    for (s, from, to) in spans(samples, end) {
        if s.delay_s.is_finite() {
            sum += s.delay_s * (to - from);
            span += to - from;
        }
    }
    if span > 0.0 {
        sum / span * 1e3
    } else {
        f64::NAN
    }
}

/// A shell script replaying the path on an interface (its first argument, `eth0` when absent)
/// with `tc netem`, one change per state that differs from the last, its queue `queue_pkts`
/// packets; `title` goes in a comment.
pub fn netem_script(samples: &[PathSample], end: SimTime, queue_pkts: usize, title: &str) -> String {
    let title: String = title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut out = format!(
        "#!/bin/sh\n# {title}\n# The path's one-way delay, bottleneck rate and loss over time, replayed with tc netem.\n# Run as root: sh this-file [interface]\nset -e\nDEV=\"${{1:-eth0}}\"\n"
    );
    let mut last = String::new();
    let mut wait = 0.0;
    let mut verb = "replace";
    for (s, from, to) in spans(samples, end) {
        let setting = if s.delay_s.is_finite() && s.bottleneck_bps > 0.0 {
            let in_flight = (s.delay_s * s.bottleneck_bps / (MAHIMAHI_PACKET_BYTES * 8.0)).ceil() as usize;
            format!(
                "delay {:.3}ms rate {}kbit loss {:.4}% limit {}",
                s.delay_s * 1e3,
                (s.bottleneck_bps / 1e3).round().max(1.0),
                s.loss * 100.0,
                queue_pkts.saturating_add(in_flight).max(1)
            )
        } else {
            "loss 100%".to_string()
        };
        if setting != last {
            if wait > 0.0 {
                let _ = writeln!(out, "sleep {wait:.3}");
            }
            let _ = writeln!(out, "tc qdisc {verb} dev \"$DEV\" root netem {setting}  # from {from:.3} s");
            verb = "change";
            wait = 0.0;
            last = setting;
        }
        wait += to - from;
    }
    if wait > 0.0 {
        let _ = writeln!(out, "sleep {wait:.3}");
    }
    out + "tc qdisc del dev \"$DEV\" root\n"
}

/// The samples as CSV: `t_s,delay_ms,hops,bottleneck_mbps,loss` (delay empty without a path).
pub fn path_csv(samples: &[PathSample]) -> String {
    let mut out = String::from("t_s,delay_ms,hops,bottleneck_mbps,loss\n");
    for s in samples {
        let delay = if s.delay_s.is_finite() { format!("{:.6}", s.delay_s * 1e3) } else { String::new() };
        let _ = writeln!(out, "{:.3},{delay},{},{},{:.6}", s.t.as_secs_f64(), s.hops, s.bottleneck_bps / 1e6, s.loss);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(t: f64, delay_ms: f64, rate_bps: f64, loss: f64) -> PathSample {
        PathSample {
            t: SimTime::from_secs_f64(t),
            delay_s: delay_ms / 1e3,
            hops: if delay_ms.is_finite() { 5 } else { 0 },
            bottleneck_bps: rate_bps,
            loss,
        }
    }

    #[test]
    fn mahimahi_gives_one_line_per_mtu_at_the_bottleneck_rate_and_none_without_a_path() {
        // 12 Mb/s is one 1,500-byte packet per millisecond; 6 Mb/s one every two; then no path.
        let s = [sample(0.0, 20.0, 12e6, 0.0), sample(0.1, 21.0, 6e6, 0.0), sample(0.2, f64::NAN, 0.0, 0.0)];
        let trace = mahimahi_link_trace(&s, SimTime::from_secs_f64(0.3)).unwrap();
        let ms: Vec<u64> = trace.lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(ms.len(), 100 + 50);
        assert_eq!((&ms[..3], ms[99], ms[100], ms[101]), (&[1u64, 2, 3][..], 100, 102, 104));
        assert_eq!(*ms.last().unwrap(), 200);
        assert!(ms.windows(2).all(|w| w[0] <= w[1]));
        // Several packets in one millisecond repeat its time.
        let fast = mahimahi_link_trace(&[sample(0.0, 20.0, 36e6, 0.0)], SimTime::from_secs_f64(0.002)).unwrap();
        assert_eq!(fast, "1\n1\n1\n2\n2\n2\n");
        assert!(mahimahi_link_trace(&[sample(0.0, f64::NAN, 0.0, 0.0)], SimTime::from_secs_f64(1.0))
            .unwrap_err()
            .contains("no path"));
        assert!((mean_delay_ms(&s, SimTime::from_secs_f64(0.3)) - 20.5).abs() < 1e-9);
    }

    #[test]
    fn netem_changes_only_when_the_path_does_and_cuts_it_while_there_is_none() {
        let s = [
            sample(0.0, 20.0, 10e6, 0.0),
            sample(0.1, 20.0, 10e6, 0.0),
            sample(0.2, 25.5, 10e6, 0.02),
            sample(0.3, f64::NAN, 0.0, 1.0),
        ];
        let script = netem_script(&s, SimTime::from_secs_f64(0.5), 100, "flow 0: Tokyo\n to Delhi");
        let lines: Vec<&str> = script.lines().collect();
        assert_eq!(lines[0], "#!/bin/sh");
        assert_eq!(lines[1], "# flow 0: Tokyo  to Delhi");
        let body: Vec<&str> = lines.iter().copied().skip_while(|l| !l.starts_with("tc ")).collect();
        assert_eq!(
            body,
            [
                // 20 ms at 10 Mb/s hold 17 packets of 1,500 bytes, beside the queue's 100.
                "tc qdisc replace dev \"$DEV\" root netem delay 20.000ms rate 10000kbit loss 0.0000% limit 117  # from 0.000 s",
                "sleep 0.200",
                "tc qdisc change dev \"$DEV\" root netem delay 25.500ms rate 10000kbit loss 2.0000% limit 122  # from 0.200 s",
                "sleep 0.100",
                "tc qdisc change dev \"$DEV\" root netem loss 100%  # from 0.300 s",
                "sleep 0.200",
                "tc qdisc del dev \"$DEV\" root",
            ]
        );
        let csv = path_csv(&s);
        assert_eq!(csv.lines().nth(4), Some("0.300,,0,0,1.000000"));
        assert_eq!(csv.lines().nth(1), Some("0.000,20.000000,5,10,0.000000"));
    }
}
