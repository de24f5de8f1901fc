//! The front ends' door to the command-line tools of every model (the `skyqueue` command
//! imports it): what a tool declares ([`crate::tool`]) and the registry's listing of them
//! ([`crate::models::tools`]). It sits above the registry, as [`crate::sim`] does, so that
//! neither the declarations nor the models depend back on it.

pub use crate::models::{find_tool as find, tools as all};
pub use crate::tool::{OptionKind, Tool, ToolError, ToolInput, ToolOption, ToolOutput};
