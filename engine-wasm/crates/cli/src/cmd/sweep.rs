//! `skyqueue sweep`: a grid of runs (values x policies x seeds) on every core, or one shard of
//! it. The grid, shards and merging are in [`crate::sweep`].

use crate::output::{write_out, Failure};
use crate::sweep;
use crate::{registry, values};
use engine::models::ModelKind;
use std::time::Instant;

/// Runs a scenario for every value of one field, every policy and every seed, on every core
///
/// Every combination is validated before any runs; an invalid one is reported with its field.
/// Prints on stderr each point's sweep metrics (the model's: `skyqueue models <model>`), their
/// mean ± standard deviation over the seeds. Writes every run's summary as JSON (default), CSV (one line per run: policy, seed, the swept
/// value, every summary value by its path) or a Jupyter notebook (the app's: the scenario, the
/// command, the rows and a plot of the model's sweep metrics).
///
/// --shard I/N runs only the runs whose index in the grid is I modulo N (0 <= I < N), each with
/// the seed it has in the whole sweep, and writes a part file naming the sweep (a digest of the
/// scenario, grid, policies, seeds and format) and the runs it holds; `skyqueue merge` joins the
/// parts. Without --shard the slice comes from a Slurm job array (SLURM_ARRAY_TASK_ID, _MIN,
/// _COUNT or _MAX) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, the count from --shards N
/// or SKYQUEUE_SHARDS), when the process runs in one. docs/SCALING.md has the job scripts.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file; - reads it from stdin
    #[arg(value_name = "scenario.json")]
    scenario: String,
    /// The field to sweep: a dotted path (`skyqueue models <model>` lists them); `a+b` sets both
    /// fields to each value
    #[arg(long, value_name = "PATH")]
    param: String,
    /// The values, comma-separated (numbers, true/false, null, or text)
    #[arg(long, value_name = "a,b,c")]
    values: String,
    /// Policies, comma-separated: each run sets the model's policy field to one
    #[arg(long, value_name = "p1,p2")]
    policies: Option<String>,
    /// Runs seeds 1 to K of every combination (1 to 1000)
    #[arg(long, value_name = "K", default_value = "1", value_parser = values::whole())]
    seeds: u64,
    /// Threads (0: one per core; at most 256)
    #[arg(long, value_name = "N", default_value = "0", value_parser = values::whole())]
    threads: u64,
    /// Output format
    #[arg(long, value_name = "FORMAT", default_value = "json", value_parser = values::choice::<sweep::Format>())]
    format: sweep::Format,
    /// Writes the results to this file instead of stdout
    #[arg(short, long, value_name = "FILE")]
    out: Option<String>,
    /// Runs only slice I of N (0 <= I < N) and writes a part file for `skyqueue merge`
    #[arg(long, value_name = "I/N", value_parser = values::checked(|_, v| sweep::Shard::parse(v)))]
    shard: Option<sweep::Shard>,
    /// The number of shards, in a Kubernetes Indexed Job (or to override a Slurm array's count)
    #[arg(long, value_name = "N", value_parser = values::whole())]
    shards: Option<u64>,
    /// Puts the text of FILE into the scenario's text field FIELD before the runs, as `skyqueue
    /// run --load` does (a channel trace, say); repeatable
    #[arg(long, value_name = "FIELD=FILE")]
    load: Vec<String>,
}

/// `--policies`' help: each model's policy field with its options, from the registry.
pub fn augment(c: clap::Command) -> clap::Command {
    // (`mut_args`, not `mut_arg`, which would move the flag to the end of the usage line.)
    c.mut_args(|a| match a.get_id().as_str() {
        "policies" => a.long_help(format!(
            "Policies, comma-separated: each run sets the model's policy field to one (a model without one \
             refuses --policies). The policy fields:\n{}",
            registry::policy_list().trim_end()
        )),
        _ => a,
    })
}

pub fn run(args: Args) -> Result<(), Failure> {
    let path = args.scenario.as_str();
    let values: Vec<serde_json::Value> = args
        .values
        .split(',')
        .map(|x| {
            let x = x.trim();
            serde_json::from_str::<serde_json::Value>(x).unwrap_or_else(|_| serde_json::Value::String(x.to_string()))
        })
        .collect();
    let policies: Vec<String> = args
        .policies
        .as_deref()
        .map(|p| p.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect())
        .unwrap_or_default();
    let (param, seeds) = (args.param.as_str(), args.seeds);
    if let Some(twice) = policies.iter().enumerate().find(|(k, p)| policies[..*k].contains(p)).map(|(_, p)| p) {
        return Err(Failure::Usage(format!("--policies: `{twice}` is given twice")));
    }
    // Each run's seed comes from --seeds (1 to K), set after the swept value: a swept seed would
    // be overwritten (every run seed 1) and named twice in the CSV's header.
    if param.split('+').any(|p| p.trim() == "seed") {
        return Err(Failure::Usage(
            "--param: `seed` is set by --seeds (each combination runs seeds 1 to K); sweep another field".into(),
        ));
    }
    if !(1..=1000).contains(&seeds) {
        return Err(Failure::Usage(format!("--seeds: {seeds} is outside 1 to 1000")));
    }
    let mut text = crate::output::read_source(path)?;
    for spec in &args.load {
        text = super::run::with_file(path, &text, spec)?;
    }
    let base: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        Failure::Invalid(
            path.into(),
            engine::models::Scenario::parse_json(&text)
                .err()
                .unwrap_or(engine::ScenarioError::Invalid(vec![engine::scenario::FieldError::new("", e.to_string())])),
        )
    })?;
    let seed_list: Vec<u64> = (1..=seeds).collect();
    let meta = sweep::Meta {
        scenario: base.clone(),
        param: param.to_string(),
        values: values.clone(),
        policies: policies.clone(),
        seeds,
    };
    let points = sweep::grid(&base, param, &values, &policies, &seed_list)
        .map_err(|(label, e)| Failure::Invalid(format!("{path} with {label}"), e))?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n if n <= sweep::MAX_THREADS => n as usize,
        n => return Err(Failure::Usage(format!("--threads: {n} is outside 0 (every core) to {}", sweep::MAX_THREADS))),
    };
    // A slice of the sweep: --shard, or the scheduler's environment (Slurm, Kubernetes).
    let shard = match args.shard {
        Some(s) => Some(s),
        None => sweep::Shard::from_env(|k| std::env::var(k).ok(), args.shards).map_err(Failure::Usage)?,
    };
    // No more threads than runs: `--threads 100000` on a small grid starts what it can use.
    let threads_for = |runs: usize| threads.min(runs).max(1);
    let t0 = Instant::now();
    let body = match shard {
        None => {
            let threads = threads_for(points.len());
            let rows = sweep::run(&points, threads);
            eprintln!("sweep: {} runs on {threads} threads in {:.2} s", rows.len(), t0.elapsed().as_secs_f64());
            // Each point's sweep metrics, mean ± standard deviation over its seeds.
            if let Some(model) = base.get("model").and_then(serde_json::Value::as_str).and_then(ModelKind::from_name) {
                for line in sweep::spread_lines(&rows, model, param) {
                    eprintln!("sweep: {line}");
                }
            }
            sweep::body(&rows, args.format, Some(&meta)).map_err(Failure::Usage)?
        }
        Some(sh) => {
            let mine: Vec<usize> = (0..points.len()).filter(|&k| sh.holds(k)).collect();
            let subset: Vec<sweep::Point> = mine.iter().map(|&k| points[k].clone()).collect();
            let threads = threads_for(subset.len());
            let rows = sweep::run(&subset, threads);
            eprintln!(
                "sweep: shard {}/{}: {} of {} runs on {threads} threads in {:.2} s",
                sh.index,
                sh.count,
                rows.len(),
                points.len(),
                t0.elapsed().as_secs_f64()
            );
            let digest = sweep::digest(&base, param, &values, &policies, seeds, args.format);
            let part = sweep::part(&digest, sh, points.len(), args.format, &meta, mine.into_iter().zip(rows).collect());
            format!("{}\n", serde_json::to_string(&part).unwrap_or_default())
        }
    };
    write_out(args.out.as_deref(), &body)
}
