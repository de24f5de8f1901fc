//! A sweep as a Jupyter notebook (nbformat 4.5): the scenario, the command that reruns it, every
//! run's row and a matplotlib plot of the model's sweep metrics against the swept value.
//!
//! Everything the notebook holds from the sweep (the scenario, its name and description, site
//! names, the rows) is written as Python string literals made by a JSON encoder, which escapes
//! every quote and backslash: text in a scenario is data and cannot close its literal and run.

use super::{number, sweep_command};
use crate::models::ModelKind;
use serde_json::{json, Value};

/// What a sweep notebook is made from.
pub struct SweepSpec<'a> {
    /// The scenario that was swept, as JSON text.
    pub scenario_json: &'a str,
    /// The swept field's path (`a+b` for a joint sweep).
    pub param: &'a str,
    /// The values, in the sweep's order.
    pub values: &'a [Value],
    /// The policies (none: the scenario's own).
    pub policies: &'a [String],
    /// Seeds 1 to `seeds` of every combination.
    pub seeds: u64,
    /// The rows as [`super::sweep_csv`] writes them.
    pub csv: &'a str,
}

/// A Python string literal holding `s` exactly (JSON's string syntax is a subset of Python's).
fn py_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "''".into())
}

/// A swept value as a Python literal.
fn py_value(v: &Value) -> String {
    match v {
        Value::Number(n) => number(n),
        Value::String(s) => py_str(s),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Null => "None".into(),
        other => format!("json.loads({})", py_str(&other.to_string())),
    }
}

/// `s` for Markdown prose: HTML's special characters as entities, backticks dropped, and every
/// control character (a newline above all, which would let a swept text start a heading or a
/// list of its own) a space.
fn md_text(s: &str) -> String {
    let s: String = s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('`', "'")
}

/// A cell's source as nbformat stores it: lines, each but the last ending in a newline.
fn lines(text: &str) -> Value {
    let parts: Vec<&str> = text.split('\n').collect();
    let n = parts.len();
    Value::Array(
        parts
            .iter()
            .enumerate()
            .map(|(i, l)| Value::String(if i + 1 < n { format!("{l}\n") } else { l.to_string() }))
            .collect(),
    )
}

/// The notebook, as the text of an `.ipynb` file; an error when the scenario is not JSON.
pub fn sweep_notebook(spec: &SweepSpec) -> Result<String, String> {
    let scenario: Value =
        serde_json::from_str(spec.scenario_json).map_err(|e| format!("the scenario is not JSON: {e}"))?;
    let model = match scenario.get("model") {
        None => ModelKind::default(),
        Some(m) => m
            .as_str()
            .and_then(ModelKind::from_name)
            .ok_or_else(|| format!("the scenario's model {m} is not one of the engine's"))?,
    };
    let d = model.descriptor();
    // Keys sorted, two-space indents: the same text whichever front end wrote the file.
    let scenario_json = serde_json::to_string_pretty(&scenario).unwrap_or_default();
    let runs = spec.values.len() * spec.policies.len().max(1) * spec.seeds as usize;
    let command = sweep_command("scenario.json", spec.param, spec.values, spec.policies, spec.seeds);
    let fence = "`".repeat(3.max(longest_run(&command, '`') + 1));
    let shown_values = spec
        .values
        .iter()
        .map(|v| match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => number(n),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let policies = if spec.policies.is_empty() {
        "the scenario's own policy".to_string()
    } else {
        format!("policies {}", spec.policies.join(", "))
    };
    let seeds = if spec.seeds == 1 { "seed 1".to_string() } else { format!("seeds 1 to {}", spec.seeds) };
    let py_call = format!(
        "skyqueue.sweep(SCENARIO, param={}, values=[{}]{}, seeds={})",
        py_str(spec.param),
        spec.values.iter().map(py_value).collect::<Vec<_>>().join(", "),
        if spec.policies.is_empty() {
            String::new()
        } else {
            format!(", policies=[{}]", spec.policies.iter().map(|p| py_str(p)).collect::<Vec<_>>().join(", "))
        },
        spec.seeds
    );
    let about = format!(
        "# Sweep of {param}\n\n\
         A parameter sweep exported from SkyQueue (engine {engine}): {runs} run{s} of {label}, {param} = {shown_values}, \
         {policies}, {seeds}. The cells below hold the scenario and every run's results; the plot needs matplotlib and \
         SkyQueue's Python package (`pip install ./python` in SkyQueue's sources), whose `mean_ci` gives the bars.\n\n\
         To run the sweep again, save the scenario (the next cell writes `scenario.json`), then with the command-line tool:\n\n\
         {fence}\n{command} > sweep.csv\n{fence}\n\n\
         and set `SOURCE = 'sweep.csv'` in the data cell: the command writes the same columns as the data below. \
         With SkyQueue's Python package, `{py_call}` gives the same table as a pandas DataFrame.",
        param = md_text(spec.param),
        engine = crate::sim::ENGINE,
        s = if runs == 1 { "" } else { "s" },
        label = md_text(d.label),
        shown_values = md_text(&shown_values),
        py_call = py_call.replace('`', "'"),
    );
    let scenario_cell = format!(
        "# The scenario that was swept: JSON text in a Python string literal (data, never code)\n\
         import json\n\
         SCENARIO_JSON = {}\n\
         SCENARIO = json.loads(SCENARIO_JSON)\n\
         with open('scenario.json', 'w', encoding='utf-8') as f:\n    f.write(SCENARIO_JSON)",
        py_str(&scenario_json)
    );
    let csv_lines: Vec<String> =
        spec.csv.strip_suffix('\n').unwrap_or(spec.csv).split('\n').map(|l| format!("    {},", py_str(l))).collect();
    let data_cell = format!(
        "# One row per run: policy, seed, the swept value ({param}) and every summary value by its path\n\
         import csv, io\n\
         SOURCE = None  # or 'sweep.csv': the output of the command above\n\
         DATA = '\\n'.join([\n{rows}\n])\n\
         with (open(SOURCE, encoding='utf-8', newline='') if SOURCE else io.StringIO(DATA + '\\n')) as f:\n    \
         rows = list(csv.DictReader(f))\n\
         len(rows)",
        param = spec.param.replace('\n', " "),
        rows = csv_lines.join("\n"),
    );
    let metrics = metrics_literal(d);
    let plot_cell = format!(
        r#"# Each metric against the swept value: the mean of each policy's runs, with 95 % confidence bars over the seeds
import math
import matplotlib.pyplot as plt
# The engine's mean and 95 % confidence half-width (Student t; NaN below two runs), as the app's sweep charts draw them
from skyqueue import mean_ci
PARAM = {param}
METRICS = [
{metrics}
]
def number(x):
    try:
        return float(x)
    except ValueError:
        return None
values = list(dict.fromkeys(r[PARAM] for r in rows))
numeric = all(number(v) is not None for v in values)
# Numbers on a numeric axis; texts (site names) as categories in the sweep's order, not joined by lines
position = {{v: (number(v) if numeric else i) for i, v in enumerate(values)}}
policies = list(dict.fromkeys(r['policy'] for r in rows))
shown = [m for m in METRICS if any(r.get(m[0]) not in (None, '') for r in rows)]
if not shown:
    print('None of', [m[0] for m in METRICS], 'is in these rows; the columns are', list(rows[0]) if rows else [])
else:
    cols = min(3, len(shown))
    fig, axes = plt.subplots(math.ceil(len(shown) / cols), cols, figsize=(5 * cols, 4 * math.ceil(len(shown) / cols)), squeeze=False)
    markers, dashes = ['o', 's', '^', 'D', 'v', 'P', 'X', '*'], ['-', '--', '-.', ':']
    for ax, (path, title, unit) in zip(axes.flat, shown):
        for k, policy in enumerate(policies):
            mine = [r for r in rows if r['policy'] == policy and r.get(path) not in (None, '')]
            xs = sorted({{position[r[PARAM]] for r in mine}})
            stats = [mean_ci([float(r[path]) for r in mine if position[r[PARAM]] == x]) for x in xs]
            shift = 0 if numeric else (k - (len(policies) - 1) / 2) * 0.1
            ax.errorbar([x + shift for x in xs], [s[0] for s in stats], yerr=[s[1] if math.isfinite(s[1]) else 0.0 for s in stats],
                        marker=markers[k % len(markers)], linestyle=dashes[k % len(dashes)] if numeric else 'none',
                        capsize=3, label=policy or 'scenario')
        if not numeric:
            ax.set_xticks(range(len(values)), values, rotation=30, ha='right')
        ax.set_title(title)
        ax.set_xlabel(PARAM)
        ax.set_ylabel(f'[{{unit}}]')
        ax.legend()
    for ax in list(axes.flat)[len(shown):]:
        ax.set_visible(False)
    plt.tight_layout()"#,
        param = py_str(spec.param),
    );
    Ok(ipynb(&[
        Cell::Markdown("about", &about),
        Cell::Code("scenario", &scenario_cell),
        Cell::Code("data", &data_cell),
        Cell::Code("plot", &plot_cell),
    ]))
}

/// Two runs of one scenario side by side, each with another policy, as a notebook: the model's
/// sweep metrics in a table and every series both runs recorded, over time. `runs` are
/// (policy, the run's results file as JSON text), in the order compared; `policy_path` is the
/// field the policies set. An error when a results file is not JSON or names no known model.
pub fn compare_notebook(policy_path: &str, runs: &[(String, String)]) -> Result<String, String> {
    let mut model = None;
    for (policy, text) in runs {
        let r: Value = serde_json::from_str(text).map_err(|e| format!("the results of {policy} are not JSON: {e}"))?;
        let name = r.pointer("/scenario/model").and_then(Value::as_str).unwrap_or_default();
        model = Some(ModelKind::from_name(name).ok_or_else(|| format!("the results of {policy} name no known model"))?);
    }
    let d = model.ok_or("a comparison needs at least one run")?.descriptor();
    let names: Vec<&str> = runs.iter().map(|(p, _)| p.as_str()).collect();
    let about = format!(
        "# {label}: {vs}\n\n\
         A comparison exported from SkyQueue (engine {engine}): the same scenario run with {field} set to {list}. \
         The cells below hold each run's results file (the scenario with its defaults, the summary and the time \
         series); the plots need only Python's standard library and matplotlib.\n\n\
         To run them again, the next cell writes each run's scenario as `scenario-<policy>.json`; then, for each, \
         `skyqueue run scenario-<policy>.json --out <policy>.json` gives the same results file, byte for byte, and \
         with SkyQueue's Python package `skyqueue.run(RESULTS[policy]['scenario'])` gives the same results.",
        label = md_text(d.label),
        vs = md_text(&names.join(" and ")),
        engine = crate::sim::ENGINE,
        field = md_text(policy_path),
        list = md_text(&names.join(", ")),
    );
    let literals: Vec<String> =
        runs.iter().map(|(p, text)| format!("    {}: json.loads({}),", py_str(p), py_str(text.trim_end()))).collect();
    let data = format!(
        "# Each run's results file: JSON text in Python string literals (data, never code)\n\
         import json\n\
         RESULTS = {{\n{}\n}}\n\
         for policy, r in RESULTS.items():\n    \
         with open(f'scenario-{{policy}}.json', 'w', encoding='utf-8') as f:\n        \
         json.dump(r['scenario'], f, indent=2)\n\
         list(RESULTS)",
        literals.join("\n")
    );
    let metrics = metrics_literal(d);
    let table = format!(
        r#"# The model's headline numbers, one column per run
import re
METRICS = [
{metrics}
]
def at(summary, path):
    cur = summary
    for part in path.split('.'):
        m = re.fullmatch(r'(.*)\[(\d+)\]', part)
        cur = cur.get(m.group(1) if m else part) if isinstance(cur, dict) else None
        if m and isinstance(cur, list):
            cur = cur[int(m.group(2))] if int(m.group(2)) < len(cur) else None
    return cur
width = max(len(f'{{t}} [{{u}}]') for _, t, u in METRICS)
print(' ' * width, *(f'{{p:>12}}' for p in RESULTS))
for path, title, unit in METRICS:
    cells = [at(r['summary'], path) for r in RESULTS.values()]
    print(f'{{title}} [{{unit}}]'.ljust(width), *(f'{{c:>12.4g}}' if isinstance(c, (int, float)) else f'{{"-":>12}}' for c in cells))"#
    );
    let plot = r#"# Every series both runs recorded, over time: one chart per series, one line per run
import math
import matplotlib.pyplot as plt
runs = list(RESULTS.items())
ids = [c['id'] for c in runs[0][1]['series']['columns']]
ids = [i for i in ids if all(i in [c['id'] for c in r['series']['columns']] for _, r in runs)]
if not ids:
    print('The runs recorded no series in common.')
else:
    cols = min(3, len(ids))
    rows_n = math.ceil(len(ids) / cols)
    fig, axes = plt.subplots(rows_n, cols, figsize=(5 * cols, 3.2 * rows_n), squeeze=False)
    for ax, sid in zip(axes.flat, ids):
        for k, (policy, r) in enumerate(runs):
            s = r['series']
            j = [c['id'] for c in s['columns']].index(sid)
            ys = [math.nan if v is None else v for v in s['values'][j]]
            ax.plot(s['t_s'], ys, ['-', '--', '-.', ':'][k % 4], label=policy)
        col = runs[0][1]['series']['columns'][[c['id'] for c in runs[0][1]['series']['columns']].index(sid)]
        ax.set_title(col.get('label') or sid)
        ax.set_xlabel('time [s]')
        ax.set_ylabel(f"[{col.get('unit', '')}]")
        ax.legend()
    for ax in list(axes.flat)[len(ids):]:
        ax.set_visible(False)
    plt.tight_layout()"#;
    Ok(ipynb(&[
        Cell::Markdown("about", &about),
        Cell::Code("results", &data),
        Cell::Code("table", &table),
        Cell::Code("series", plot),
    ]))
}

/// A notebook cell: its kind, its id and its source.
enum Cell<'a> {
    Markdown(&'a str, &'a str),
    Code(&'a str, &'a str),
}

/// The text of an `.ipynb` file (nbformat 4.5, a Python 3 kernel) holding `cells`.
fn ipynb(cells: &[Cell]) -> String {
    let cells: Vec<Value> = cells
        .iter()
        .map(|c| match *c {
            Cell::Markdown(id, text) => json!({ "cell_type": "markdown", "id": id, "metadata": {}, "source": lines(text) }),
            Cell::Code(id, text) => json!({ "cell_type": "code", "id": id, "metadata": {}, "execution_count": null, "outputs": [], "source": lines(text) }),
        })
        .collect();
    let nb = json!({
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": { "name": "python3", "display_name": "Python 3", "language": "python" },
            "language_info": { "name": "python" },
        },
        "cells": cells,
    });
    format!("{}\n", serde_json::to_string_pretty(&nb).unwrap_or_default())
}

/// The model's sweep metrics as the lines of a Python list of (path, title, unit) tuples.
fn metrics_literal(d: &crate::models::Descriptor) -> String {
    d.sweep_metrics
        .iter()
        .map(|m| format!("    ({}, {}, {}),", py_str(m.path), py_str(m.title), py_str(m.unit)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    s.split(|x| x != c).map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notebook of a sweep of `part.count` (the notebook reads neither the field nor the
    /// CSV's columns: any model's will do).
    fn notebook(scenario: &str, values: &[Value]) -> Value {
        let csv = "policy,seed,part.count,part.latency_ms\npf,1,25,100.5\n";
        let spec =
            SweepSpec { scenario_json: scenario, param: "part.count", values, policies: &["pf".into()], seeds: 1, csv };
        serde_json::from_str(&sweep_notebook(&spec).unwrap()).unwrap()
    }

    #[test]
    fn cells_have_ids_and_the_model_s_metrics() {
        // Each model's notebook plots its descriptor's sweep metrics.
        for &k in ModelKind::ALL {
            let nb = notebook(&json!({ "model": k.name() }).to_string(), &[json!(25)]);
            assert_eq!(nb["nbformat_minor"], 5);
            let ids: Vec<&str> = nb["cells"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
            assert_eq!(ids, ["about", "scenario", "data", "plot"]);
            let plot: String =
                nb["cells"][3]["source"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
            for m in k.descriptor().sweep_metrics {
                assert!(plot.contains(&format!(r#"("{}", "{}", "{}"),"#, m.path, m.title, m.unit)), "{plot}");
            }
        }
        assert!(ModelKind::ALL.iter().any(|k| !k.descriptor().sweep_metrics.is_empty()));
    }

    #[test]
    fn scenario_text_stays_inside_its_literal() {
        let evil = r#"{"name":"x'''+str(__import__('os').system('touch pwned'))+r'''\" \\ \n"}"#;
        let nb = notebook(evil, &[json!("a'''b")]);
        let src: String = nb["cells"][1]["source"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        let line = src.lines().find(|l| l.starts_with("SCENARIO_JSON = ")).unwrap();
        // One double-quoted literal: every quote and backslash inside escaped.
        let lit = line.trim_start_matches("SCENARIO_JSON = ");
        let back: Value = serde_json::from_str(&serde_json::from_str::<String>(lit).unwrap()).unwrap();
        assert_eq!(back, serde_json::from_str::<Value>(evil).unwrap());
    }

    #[test]
    fn a_swept_text_with_newlines_starts_no_heading_in_the_prose() {
        let nb = notebook(r#"{"name":"swept texts"}"#, &[json!("x\n# Owned\r\n- item\u{1b}[31m")]);
        let about: String = nb["cells"][0]["source"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        // Outside the fenced command, only the title is a heading, and no control character is left.
        let mut fenced = false;
        for (i, line) in about.lines().enumerate() {
            if line.starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if !fenced {
                assert!(i == 0 || !(line.starts_with('#') || line.starts_with("- ")), "line {i}: {line}");
                assert!(!line.chars().any(char::is_control), "line {i}: {line:?}");
            }
        }
        assert!(about.contains("x # Owned  - item [31m"), "{about}");
    }

    #[test]
    fn an_unknown_model_is_refused() {
        let spec =
            SweepSpec { scenario_json: r#"{"model":"x"}"#, param: "a", values: &[], policies: &[], seeds: 1, csv: "" };
        assert!(sweep_notebook(&spec).unwrap_err().contains("not one of the engine's"));
    }
}
