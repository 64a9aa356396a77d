//! The state hash: a stable 64-bit digest of the whole game state.

use crate::data::Fnv;
use crate::engine::kernel::state::State;

/// FNV-1a over the state's RON serialization. RON writes fields in
/// declaration order and our state holds only vectors and sorted data, so
/// the text, and the hash, are the same on every machine and every run.
pub fn state_hash(state: &State) -> u64 {
    let text = ron::to_string(state).unwrap_or_default();
    let mut h = Fnv::new();
    h.write(text.as_bytes());
    h.finish()
}

/// The hash as 16 hex digits.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}
