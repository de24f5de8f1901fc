//! Channel models: the Land Mobile Satellite channel of the last hop (paper 000).

pub mod lms;
