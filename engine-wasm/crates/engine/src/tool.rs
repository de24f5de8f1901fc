//! What a command-line tool that belongs to a model declares: `skyqueue calc pair`, `calc
//! transfer`, `tle generate`. A model lists its tools on its registry descriptor
//! ([`crate::models::Descriptor`]'s `tools`); the CLI turns each declaration into a subcommand
//! (its options, help, value checks and completions) and runs it, so the CLI names no model and a
//! model's new tool needs no change there. This module knows no model and no registry: the
//! registry lists every model's tools ([`crate::models::tools`]), and [`crate::tools`] is the
//! front ends' door to both.
//!
//! A tool reads its options as text ([`ToolInput`]) and answers with JSON or text, or refuses
//! with a [`ToolError`] whose kind gives the command's exit status. Files are read through the
//! front end ([`ToolInput::read`]), which knows what `-` means and where stdin comes from.

use crate::scenario::ScenarioError;
use std::collections::BTreeMap;

/// One tool: where it sits on the command line, its help, its options and what it does.
pub struct Tool {
    /// The command it sits under: `calc` (the calculators) or `tle` (element sets).
    pub group: &'static str,
    /// Its subcommand (`pair`).
    pub name: &'static str,
    /// One line of help, then a blank line and the long help (as a doc comment reads).
    pub help: &'static str,
    /// Its options, in the order `--help` lists them.
    pub options: fn() -> Vec<ToolOption>,
    /// Text shown after the options in `--help` (e.g. the sites a tool accepts).
    pub after_help: fn() -> String,
    /// Runs the tool.
    pub run: fn(&ToolInput) -> Result<ToolOutput, ToolError>,
}

/// One option of a tool, `--<flag>`.
pub struct ToolOption {
    /// The flag without its dashes, in kebab-case (`step-s`).
    pub flag: &'static str,
    /// The value's name in help (`SITE`); empty for a switch that takes no value.
    pub value_name: &'static str,
    /// What it does, one line.
    pub help: &'static str,
    /// What its value is.
    pub kind: OptionKind,
    /// Its value when not given, if any (shown in help).
    pub default: Option<&'static str>,
    /// Whether it must be given.
    pub required: bool,
    /// Another option it needs (`--isl` needs `--tle`).
    pub requires: Option<&'static str>,
}

/// What an option's value is, and who checks it.
pub enum OptionKind {
    /// A switch, no value.
    Switch,
    /// Any text, checked by the tool (or by the scenario it builds, naming the field).
    Text,
    /// Text whose usual values are listed for help and completions (a scenario field's
    /// choices); checked by the scenario the tool builds, which names the field.
    Suggested(Vec<(&'static str, &'static str)>),
    /// One of these values (value, help); anything else is refused by the front end.
    OneOf(Vec<(&'static str, &'static str)>),
    /// A finite number.
    Number,
    /// A whole number from 0 to 2^64 - 1.
    Whole,
}

impl ToolOption {
    /// An option taking a value of `kind`.
    pub fn value(flag: &'static str, value_name: &'static str, help: &'static str, kind: OptionKind) -> Self {
        ToolOption { flag, value_name, help, kind, default: None, required: false, requires: None }
    }

    /// A switch.
    pub fn switch(flag: &'static str, help: &'static str) -> Self {
        ToolOption {
            flag,
            value_name: "",
            help,
            kind: OptionKind::Switch,
            default: None,
            required: false,
            requires: None,
        }
    }

    /// With a default value.
    pub fn default(mut self, value: &'static str) -> Self {
        self.default = Some(value);
        self
    }

    /// Required.
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// Needs `--other`.
    pub fn requires(mut self, other: &'static str) -> Self {
        self.requires = Some(other);
        self
    }
}

/// The options given to a tool, as text (defaults filled in), checked by their kind, and the
/// front end's way of reading a file.
pub struct ToolInput<'a> {
    values: BTreeMap<String, String>,
    switches: Vec<String>,
    reader: &'a dyn Fn(&str) -> Result<String, ToolError>,
}

impl<'a> ToolInput<'a> {
    /// The options given (`flag` → value, switches by flag) and how to read a file.
    pub fn new(
        values: BTreeMap<String, String>,
        switches: Vec<String>,
        reader: &'a dyn Fn(&str) -> Result<String, ToolError>,
    ) -> Self {
        ToolInput { values, switches, reader }
    }

    /// The text given to `--flag` (or its default).
    pub fn text(&self, flag: &str) -> Option<String> {
        self.values.get(flag).cloned()
    }

    /// The number given to `--flag`, already checked by its kind ([`OptionKind::Number`]).
    pub fn number(&self, flag: &str) -> Result<Option<f64>, ToolError> {
        self.values
            .get(flag)
            .map(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| ToolError::Usage(format!("--{flag}: `{v}` is not a number")))
            })
            .transpose()
    }

    /// The whole number given to `--flag` ([`OptionKind::Whole`]).
    pub fn whole(&self, flag: &str) -> Result<Option<u64>, ToolError> {
        self.values
            .get(flag)
            .map(|v| {
                v.parse::<u64>().map_err(|_| {
                    ToolError::Usage(format!("--{flag}: `{v}` is not a whole number from 0 to 18446744073709551615"))
                })
            })
            .transpose()
    }

    /// Whether the switch `--flag` is given.
    pub fn switch(&self, flag: &str) -> bool {
        self.switches.iter().any(|s| s == flag)
    }

    /// Reads the file at `path` (`-`: stdin) through the front end.
    pub fn read(&self, path: &str) -> Result<String, ToolError> {
        (self.reader)(path)
    }
}

/// What a tool answers.
#[derive(Debug)]
pub enum ToolOutput {
    /// A JSON value, printed pretty.
    Json(serde_json::Value),
    /// Text, printed as it is.
    Text(String),
}

/// Why a tool refused or failed, with the command's exit status.
#[derive(Debug)]
pub enum ToolError {
    /// The options are wrong; the message names the flag. Exit status 2.
    Usage(String),
    /// An input file is not what the tool needs. Exit status 2.
    Data(String),
    /// A file could not be read. Exit status 1.
    Io(String),
    /// The scenario the tool built from its options is invalid: what it was built from (e.g.
    /// "(calc pair options)") and every field error. Exit status 2.
    Invalid(String, ScenarioError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_reads_its_options_as_given_and_refuses_bad_numbers_by_flag() {
        let reader = |p: &str| Err(ToolError::Io(format!("cannot read {p}")));
        let values = [("hours", "1.5"), ("runs", "x")].map(|(k, v)| (k.to_string(), v.to_string())).into();
        let a = ToolInput::new(values, vec!["hystart".into()], &reader);
        assert_eq!(a.number("hours").unwrap(), Some(1.5));
        assert_eq!(a.number("step-s").unwrap(), None);
        assert!(
            matches!(a.whole("runs"), Err(ToolError::Usage(m)) if m.starts_with("--runs: `x` is not a whole number"))
        );
        assert!(a.switch("hystart") && !a.switch("seam-isls"));
        assert!(matches!(a.read("f.tle"), Err(ToolError::Io(m)) if m == "cannot read f.tle"));
    }
}
