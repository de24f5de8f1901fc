//! `calc emodel`: voice quality by the ITU-T G.107 E-model.

use super::within;
use crate::output::{outln, Failure};
use crate::values;
use clap::builder::PossibleValue;
use engine::metrics::emodel::Codec;

/// The codecs the E-model knows (G.113's equipment impairments).
const CODECS: &[&str] = &["g711", "g711-plc", "g729", "g729a-vad", "g723.1-6.3"];

/// Voice quality by the ITU-T G.107 E-model: R and MOS
///
/// The full model with Table 3 defaults: R and MOS for a one-way mouth-to-ear delay D + J ms (T
/// = Ta = D + J, Tr = 2 T), random packet loss P % with burst ratio B and advantage factor A
/// (paper 000 uses 20 for satellite, paper 003 uses 30), as JSON with every impairment.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The codec
    #[arg(long, value_name = "CODEC", value_parser = values::checked(codec).with_choices(CODECS.iter().map(|&c| PossibleValue::new(c))))]
    codec: Codec,
    /// One-way network delay [ms] (0 to 10000)
    #[arg(long, value_name = "D", value_parser = values::number())]
    delay_ms: f64,
    /// Random packet loss [%] (0 to 100)
    #[arg(long, value_name = "P", default_value = "0", value_parser = values::number())]
    loss_pct: f64,
    /// Burst ratio (1 to 100; 1: random loss)
    #[arg(long, value_name = "B", default_value = "1", value_parser = values::number())]
    burst_r: f64,
    /// Advantage factor (0 to 50)
    #[arg(long, value_name = "A", default_value = "0", value_parser = values::number())]
    advantage: f64,
    /// Jitter buffer delay added to D [ms] (0 to 2000)
    #[arg(long, value_name = "J", default_value = "0", value_parser = values::number())]
    jitter_buffer_ms: f64,
}

fn codec(flag: &str, v: &str) -> Result<Codec, String> {
    Codec::from_name(v).ok_or_else(|| format!("{flag}: `{v}` is not one of {}", CODECS.join(", ")))
}

pub fn run(a: Args) -> Result<(), Failure> {
    let delay = within("--delay-ms", a.delay_ms, 0.0, 10_000.0)?;
    let loss = within("--loss-pct", a.loss_pct, 0.0, 100.0)?;
    let burst = within("--burst-r", a.burst_r, 1.0, 100.0)?;
    let adv = within("--advantage", a.advantage, 0.0, 50.0)?;
    let jb = within("--jitter-buffer-ms", a.jitter_buffer_ms, 0.0, 2000.0)?;
    let codec = a.codec;
    let out = engine::metrics::emodel::voice_quality(codec, delay + jb, loss, burst, adv);
    outln!(
        "{}",
        serde_json::to_string_pretty(&serde_json::json!({
            "codec": codec, "one_way_delay_ms": delay + jb, "network_delay_ms": delay, "jitter_buffer_ms": jb,
            "loss_pct": loss, "burst_r": burst, "advantage": adv,
            "r": out.r, "mos": out.mos, "ro": out.ro, "is": out.is, "id": out.id, "idte": out.idte,
            "idle": out.idle, "idd": out.idd, "ie_eff": out.ie_eff, "source": "ITU-T G.107 (06/2015), Table 3 defaults"
        }))
        .unwrap_or_default()
    );
    Ok(())
}
