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

/// What a field must be, from serde's `expected ...` (see [`plain_message`]).
fn wanted(expected: &str) -> String {
    let int = |e: &str| matches!(e, "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize");
    match expected {
        "f64" | "f32" => "a number".into(),
        e if int(e) => "a whole number".into(),
        "a string" => "text in quotes".into(),
        "a boolean" => "true or false".into(),
        "variant identifier" => "the name of an option, in quotes".into(),
        "a map" => "an object of fields { ... }".into(),
        e if e.starts_with("struct ") => "an object of fields { ... }".into(),
        "a sequence" => "a list [ ... ]".into(),
        e => e.into(),
    }
}

/// What was given, from serde's description of the value.
fn given(unexpected: &str) -> String {
    if let Some(s) = unexpected.strip_prefix("string ") {
        if s.starts_with('"') {
            return format!("the text {s}");
        }
    }
    for prefix in ["boolean `", "integer `", "floating point `"] {
        if let Some(v) = unexpected.strip_prefix(prefix).and_then(|r| r.strip_suffix('`')) {
            return v.into();
        }
    }
    match unexpected {
        "null" | "unit" => "null (empty)".into(),
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        u => u.into(),
    }
}

/// Serde's type messages in plain words: `invalid type: string "abc", expected f64` becomes
/// `must be a number, not the text "abc"`. Other messages pass unchanged. The app's inline checks
/// apply the same rules (web/src/scenario/plainMessage.ts); both are tested against
/// tests/fixtures/plain-messages.json.
pub fn plain_message(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some(i) = rest.rfind(", expected ") {
            return format!("must be {}, not {}", wanted(&rest[i + 11..]), given(&rest[..i]));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        if let Some(i) = rest.rfind(", expected ") {
            let max = match &rest[i + 11..] {
                "u8" => Some("255"),
                "u16" => Some("65535"),
                "u32" => Some("4294967295"),
                "u64" | "usize" => Some("18446744073709551615"),
                _ => None,
            };
            if let Some(max) = max {
                return format!("must be a whole number from 0 to {max}, not {}", given(&rest[..i]));
            }
        }
    }
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::plain_message;

    #[test]
    fn serde_type_messages_read_as_plain_words_the_same_table_as_the_app() {
        let cases: Vec<(String, String)> =
            serde_json::from_str(include_str!("../../tests/fixtures/plain-messages.json")).unwrap();
        assert!(cases.len() > 10);
        for (serde_msg, plain) in cases {
            assert_eq!(plain_message(&serde_msg), plain, "{serde_msg}");
        }
    }
}
