//! The subcommands, one file each: its arguments (with their help) and what it does.

pub mod bench;
pub mod calc;
pub mod compare;
pub mod completions;
pub mod defaults;
pub mod merge;
pub mod models;
pub mod run;
pub mod schema;
pub mod sites;
pub mod sweep;
pub mod tle;
pub mod tools;
pub mod traffic_bench;
pub mod validate;
