//! The fuzz targets' harness, shared with `tests/fuzz_regressions.rs`
//! (which includes `harness.rs` by path so it runs on stable).

pub mod harness;
