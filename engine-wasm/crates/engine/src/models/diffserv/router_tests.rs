//! Unit tests (to be written).

use super::*;
