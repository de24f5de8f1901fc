//! Embeds every `examples/*.json` (the presets) in the module, so that the wheel stands alone:
//! writes `$OUT_DIR/presets.rs` with one `(id, include_str!(file))` per file, sorted by id.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let examples = manifest.join("../../../examples");
    println!("cargo:rerun-if-changed={}", examples.display());
    let mut presets: Vec<(String, PathBuf)> = std::fs::read_dir(&examples)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", examples.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p.canonicalize().ok()?)))
        .collect();
    presets.sort();
    let mut code = String::from(
        "/// Every example scenario: (id, the file's text), sorted by id.\npub const PRESETS: &[(&str, &str)] = &[\n",
    );
    for (id, path) in &presets {
        code.push_str(&format!("    ({id:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("presets.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
