//! `skyqueue._engine`: the engine as a Python module. A thin adapter, beside the wasm bindings
//! and the command line: it runs the `skyqueue` command's own code (`skyqueue_cli::invoke`) and
//! hands back what that wrote, so Python gets the CLI's bytes and error messages. The Python
//! package `skyqueue` (python/skyqueue/) builds its functions on these, and on `mean_ci`, the
//! engine's confidence interval of a sweep's seeds, which its notebooks plot.

use pyo3::prelude::*;
use std::collections::BTreeMap;

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// invoke(args, stdin=None) -> (code, stdout, stderr, errors)
///
/// Runs `skyqueue ARGS...` (args without the program's name) as the binary would, with `stdin`
/// as the text that `-` reads (None: an empty stdin). Returns the exit status (0 success,
/// 1 input/output error, 2 invalid scenario or usage), what the command wrote on stdout and on
/// stderr, and its errors as (path, message) pairs: each field error of an invalid scenario, or
/// the flag of a usage error. Releases the GIL while the command runs.
#[pyfunction]
#[pyo3(signature = (args, stdin=None))]
fn invoke(py: Python<'_>, args: Vec<String>, stdin: Option<String>) -> (u8, String, String, Vec<(String, String)>) {
    let outcome = py.detach(|| skyqueue_cli::invoke(&args, stdin.as_deref()));
    (outcome.code, outcome.stdout, outcome.stderr, outcome.errors)
}

/// presets() -> dict[str, str]
///
/// Every example scenario the module was built with: its id (the file name in examples/ without
/// `.json`) to the file's JSON text.
#[pyfunction]
fn presets() -> BTreeMap<&'static str, &'static str> {
    PRESETS.iter().copied().collect()
}

/// version() -> str
///
/// The engine's version, as `skyqueue --version` prints it (`skyqueue-engine 0.1.0`).
#[pyfunction]
fn version() -> &'static str {
    engine::sim::ENGINE
}

/// mean_ci(values) -> (mean, half, n)
///
/// Mean and 95 % confidence half-width (Student t) of the finite values, and how many they are;
/// NaN half-width below two (the engine's `metrics::stats::mean_ci95`, as the app's sweep curves
/// compute it).
#[pyfunction]
fn mean_ci(values: Vec<f64>) -> (f64, f64, u64) {
    let ci = engine::metrics::stats::mean_ci95(values);
    (ci.mean, ci.half, ci.n)
}

#[pymodule]
#[pyo3(name = "_engine")]
fn engine_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(invoke, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(mean_ci, m)?)?;
    Ok(())
}
