//! What the Action Menu asks of each family's list of candidate orders
//! (`turn::menu`): for which units to write the orders to a unit, and
//! whether to leave out those no originator can give now.

use crate::engine::kernel::ids::UnitId;

/// What a family is asked to write among its candidates.
pub struct Wanted<'a> {
    /// Whether the orders to a unit (those `turn::menu::recipient` gives
    /// as heard by it, not as an order to unpin) are written for it.
    pub units: &'a mut dyn FnMut(UnitId) -> bool,
    /// Whether to leave out the candidates no originator can give now, by
    /// a condition their checks always hold them to (each family names
    /// them where it writes them, and each is refused in its check too,
    /// with its reason). `turn::menu::legal_orders_by_check` asks for
    /// every one.
    pub prune: bool,
}
