//! Errors found while reading a scenario. All are recoverable: nothing was simulated, and the
//! caller (CLI, worker, UI) shows them and keeps running.

use core::fmt;
use serde::Serialize;

/// One problem with one field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// Dotted path of the field, e.g. `"traffic.flows"`; empty for the document as a whole.
    pub path: String,
    /// What is wrong and what is allowed, e.g. `"0 is below the minimum 1 (allowed: 1 to 10000)"`.
    pub message: String,
}

impl FieldError {
    /// A problem with the field at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Why a scenario was refused.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioError {
    /// The text is not JSON (1-based `line` and `column`). Recoverable.
    Syntax {
        /// 1-based line of the first bad character.
        line: usize,
        /// 1-based column of the first bad character.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// A field has the wrong type, an unknown name or an unknown option. Only the first such
    /// field is reported, because reading stops there. Recoverable.
    Field(FieldError),
    /// Fields out of their allowed range; every one of them is listed. Recoverable.
    Invalid(Vec<FieldError>),
}

impl ScenarioError {
    /// Every problem as a field error (a syntax error has an empty path).
    pub fn field_errors(&self) -> Vec<FieldError> {
        match self {
            ScenarioError::Syntax { line, column, message } => {
                vec![FieldError::new("", format!("invalid JSON at line {line}, column {column}: {message}"))]
            }
            ScenarioError::Field(e) => vec![e.clone()],
            ScenarioError::Invalid(v) => v.clone(),
        }
    }

    /// A short machine-readable kind: `"syntax"`, `"field"` or `"invalid"`.
    pub fn kind(&self) -> &'static str {
        match self {
            ScenarioError::Syntax { .. } => "syntax",
            ScenarioError::Field(_) => "field",
            ScenarioError::Invalid(_) => "invalid",
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.field_errors().iter().map(|e| e.to_string()).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for ScenarioError {}
