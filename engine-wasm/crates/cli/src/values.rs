//! How the command line's values are read: each parser refuses a bad value with the message the
//! CLI has always given (naming the flag, e.g. "--seed: `-3` is not a whole number ..."), and
//! tells clap the allowed values, where there is a list, for `--help` and shell completions.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, Command, ValueEnum};
use engine::models::ModelKind;
use std::ffi::OsStr;
use std::marker::PhantomData;

/// A usage error of `cmd`, as clap prints its own (the message, the usage line, the hint).
fn error(cmd: &Command, msg: String) -> clap::Error {
    cmd.clone().error(ErrorKind::ValueValidation, msg)
}

/// The flag as typed in messages (`--seed`), or the value's name for a positional argument.
fn flag(arg: Option<&Arg>) -> String {
    match arg {
        Some(a) => match a.get_long() {
            Some(l) => format!("--{l}"),
            None => {
                a.get_value_names().and_then(|n| n.first()).map_or_else(|| a.get_id().to_string(), |n| n.to_string())
            }
        },
        None => "value".into(),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(names: &[impl AsRef<str>]) -> String {
    joined(names, "or")
}

/// `a`, `a <last> b`, `a, b <last> c`.
pub fn joined(names: &[impl AsRef<str>], last_word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            format!("{} {last_word} {}", init.iter().map(|n| n.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref())
        }
    }
}

/// A value read by `parse(flag, text)`, whose error message is printed as it is; with the
/// allowed values, if given, shown in `--help` and offered by completions (they are not
/// checked here: `parse` decides).
#[derive(Clone)]
pub struct Checked<T> {
    parse: fn(&str, &str) -> Result<T, String>,
    choices: Vec<PossibleValue>,
}

impl<T> Checked<T> {
    /// The allowed values (for help and completions only).
    pub fn with_choices(mut self, choices: impl IntoIterator<Item = PossibleValue>) -> Self {
        self.choices = choices.into_iter().collect();
        self
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let flag = flag(arg);
        let text = value.to_str().ok_or_else(|| error(cmd, format!("{flag}: the value is not valid UTF-8")))?;
        (self.parse)(&flag, text).map_err(|msg| error(cmd, msg))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        if self.choices.is_empty() {
            None
        } else {
            Some(Box::new(self.choices.iter().cloned()))
        }
    }
}

/// A value read by `parse(flag, text)`.
pub fn checked<T>(parse: fn(&str, &str) -> Result<T, String>) -> Checked<T> {
    Checked { parse, choices: vec![] }
}

/// Any text; the command (or the engine, naming the scenario field) checks it.
pub fn text() -> Checked<String> {
    checked(|_, v| Ok(v.to_string()))
}

/// A whole number from 0 to 2^64 - 1.
pub fn whole() -> Checked<u64> {
    checked(|flag, v| {
        v.parse::<u64>().map_err(|_| format!("{flag}: `{v}` is not a whole number from 0 to 18446744073709551615"))
    })
}

/// A finite number.
pub fn number() -> Checked<f64> {
    checked(|flag, v| {
        v.parse::<f64>().ok().filter(|x| x.is_finite()).ok_or_else(|| format!("{flag}: `{v}` is not a number"))
    })
}

/// A model of the engine's registry, by its name.
pub fn model() -> Checked<ModelKind> {
    checked(|flag, v| {
        ModelKind::from_name(v).ok_or_else(|| {
            let names: Vec<&str> = ModelKind::ALL.iter().map(|k| k.name()).collect();
            format!("{flag}: `{v}` is not a model (allowed: {})", names.join(", "))
        })
    })
    .with_choices(ModelKind::ALL.iter().map(|k| PossibleValue::new(k.name()).help(k.descriptor().label)))
}

/// One of the values of a [`ValueEnum`]; anything else is refused as "--flag: `x` is not a, b
/// or c".
#[derive(Clone)]
pub struct Choice<T>(PhantomData<T>);

/// A [`Choice`] of `T`.
pub fn choice<T>() -> Choice<T> {
    Choice(PhantomData)
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for Choice<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        T::value_variants()
            .iter()
            .find(|v| v.to_possible_value().is_some_and(|p| p.matches(&text, false)))
            .cloned()
            .ok_or_else(|| {
                let names: Vec<String> = T::value_variants()
                    .iter()
                    .filter_map(|v| v.to_possible_value())
                    .filter(|p| !p.is_hide_set())
                    .map(|p| p.get_name().to_string())
                    .collect();
                error(cmd, format!("{}: `{text}` is not {}", flag(arg), or_list(&names)))
            })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::value_variants().iter().filter_map(|v| v.to_possible_value())))
    }
}

/// One of a list of (value, help) declared at run time (a model's tool option); anything else is
/// refused as "--flag: `x` is not a, b or c".
#[derive(Clone)]
pub struct OneOf(Vec<(&'static str, &'static str)>);

/// A [`OneOf`] of `values`.
pub fn one_of(values: Vec<(&'static str, &'static str)>) -> OneOf {
    OneOf(values)
}

impl TypedValueParser for OneOf {
    type Value = String;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        match self.0.iter().find(|(v, _)| *v == text) {
            Some((v, _)) => Ok(v.to_string()),
            None => {
                let names: Vec<&str> = self.0.iter().map(|(v, _)| *v).collect();
                Err(error(cmd, format!("{}: `{text}` is not {}", flag(arg), or_list(&names))))
            }
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|&(v, h)| PossibleValue::new(v).help(h))))
    }
}

/// A whole number from `lo` to `hi` (`unit` names what it counts, for the message): anything else
/// is refused naming the flag and that range, "--flag: `x` is not a whole number (allowed: lo to
/// hi unit)" or "--flag: N is outside the allowed range (lo to hi unit)".
#[derive(Clone)]
pub struct WholeIn {
    lo: u64,
    hi: u64,
    unit: &'static str,
}

/// A [`WholeIn`].
pub fn whole_in(lo: u64, hi: u64, unit: &'static str) -> WholeIn {
    WholeIn { lo, hi, unit }
}

impl TypedValueParser for WholeIn {
    type Value = u64;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<u64, clap::Error> {
        let (flag, text) = (flag(arg), value.to_string_lossy());
        let range = format!("{} to {} {}", self.lo, self.hi, self.unit);
        match text.parse::<u64>() {
            Ok(n) if (self.lo..=self.hi).contains(&n) => Ok(n),
            Ok(n) => Err(error(cmd, format!("{flag}: {n} is outside the allowed range ({range})"))),
            Err(_) => Err(error(cmd, format!("{flag}: `{text}` is not a whole number (allowed: {range})"))),
        }
    }
}
