//! The tools that models declare on their registry descriptors (`engine::tools`): each becomes
//! a subcommand of its group (`calc pair`, `tle generate`) with its options, help, value checks
//! and completions, and runs here without the CLI naming its model.

use crate::output::{out, outln, read_source, Failure};
use crate::{registry, values};
use clap::{Arg, ArgAction, ArgMatches, Command};
use engine::tools::{OptionKind, Tool, ToolError, ToolInput, ToolOutput};
use std::collections::BTreeMap;

/// `group` (the `calc` or `tle` command) with every model's tools of that group added.
pub fn augment(group: Command) -> Command {
    let name = group.get_name().to_string();
    engine::tools::all().filter(|t| t.group == name).fold(group, |g, t| g.subcommand(subcommand(t)))
}

/// A doc comment's text as clap's derive shows it: the lines of a paragraph joined.
fn paragraphs(text: &str) -> String {
    text.split("\n\n").map(|p| p.split('\n').collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n\n")
}

/// The tool's subcommand.
fn subcommand(t: &Tool) -> Command {
    let long = paragraphs(t.help);
    let about = long.split("\n\n").next().unwrap_or_default().to_string();
    let mut c = Command::new(t.name).about(about).long_about(long);
    let after = (t.after_help)();
    if !after.is_empty() {
        c = c.after_long_help(registry::wrap(&after, 96, ""));
    }
    for o in (t.options)() {
        let mut a = Arg::new(o.flag).long(o.flag).help(o.help);
        a = match o.kind {
            OptionKind::Switch => a.action(ArgAction::SetTrue),
            OptionKind::Text => a.value_parser(values::text()),
            OptionKind::Suggested(list) => a.value_parser(
                values::text()
                    .with_choices(list.into_iter().map(|(v, h)| clap::builder::PossibleValue::new(v).help(h))),
            ),
            OptionKind::OneOf(list) => a.value_parser(values::one_of(list)),
            OptionKind::Number => a.value_parser(values::number()),
            OptionKind::Whole => a.value_parser(values::whole()),
        };
        if !o.value_name.is_empty() {
            a = a.value_name(o.value_name);
        }
        if let Some(d) = o.default {
            a = a.default_value(d);
        }
        if let Some(r) = o.requires {
            a = a.requires(r);
        }
        c = c.arg(a.required(o.required));
    }
    c
}

/// The tool that `matches` (the whole command line's) names, with its own matches, if any.
pub fn chosen(matches: &ArgMatches) -> Option<(&'static Tool, &ArgMatches)> {
    let (group, g) = matches.subcommand()?;
    let (name, m) = g.subcommand()?;
    Some((engine::tools::find(group, name)?, m))
}

/// Runs the tool with its options as given (defaults filled in) and prints its answer.
pub fn run(t: &Tool, m: &ArgMatches) -> Result<(), Failure> {
    let mut values = BTreeMap::new();
    let mut switches = vec![];
    for o in (t.options)() {
        let given = match o.kind {
            OptionKind::Switch => {
                if m.get_flag(o.flag) {
                    switches.push(o.flag.to_string());
                }
                None
            }
            OptionKind::Number => m.get_one::<f64>(o.flag).map(f64::to_string),
            OptionKind::Whole => m.get_one::<u64>(o.flag).map(u64::to_string),
            OptionKind::Text | OptionKind::Suggested(_) | OptionKind::OneOf(_) => m.get_one::<String>(o.flag).cloned(),
        };
        if let Some(v) = given {
            values.insert(o.flag.to_string(), v);
        }
    }
    let reader = |path: &str| {
        read_source(path).map_err(|f| match f {
            Failure::Usage(m) | Failure::Data(m) => ToolError::Data(m),
            Failure::Invalid(what, e) => ToolError::Invalid(what, e),
            Failure::Io(m) => ToolError::Io(m),
            Failure::Silent(_) => ToolError::Io("cannot read the file".into()),
        })
    };
    let input = ToolInput::new(values, switches, &reader);
    match (t.run)(&input) {
        Ok(ToolOutput::Json(v)) => {
            outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            Ok(())
        }
        Ok(ToolOutput::Text(s)) => {
            out(&s);
            Ok(())
        }
        Err(ToolError::Usage(m)) => Err(Failure::Usage(m)),
        Err(ToolError::Data(m)) => Err(Failure::Data(m)),
        Err(ToolError::Io(m)) => Err(Failure::Io(m)),
        Err(ToolError::Invalid(what, e)) => Err(Failure::Invalid(what, e)),
    }
}
