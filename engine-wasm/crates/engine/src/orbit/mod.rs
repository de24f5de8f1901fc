//! Orbits: Walker constellation generation, element sets, SGP4 propagation, ground sites and
//! spherical-Earth geometry (paper 004, §2; docs/REPRODUCTION.md).

pub mod catalogue;
pub mod frames;
pub mod infer;
pub mod propagate;
pub mod sites;
pub mod tle;
pub mod walker;
