//! How long a write takes to reach an asynchronous index: the one notion of an index's lag that the
//! engine (which holds the index back by it), the server's `--index-propagation-ms`, the playground's
//! setting and the simulator (`sim::target`, which reports it beside GSI back-pressure) share.
//!
//! DynamoDB copies a table write to each global secondary index (and vector index) asynchronously,
//! usually within a fraction of a second, and never publishes a figure. A local secondary index is
//! updated with the item, so it has no lag. Zero is the engine's default: every index is up to date
//! the moment the write returns, as every emulator behaves.

use core::fmt;

/// The delay between a table write and the moment an asynchronous index reflects it, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IndexLag {
    millis: u64,
}

impl IndexLag {
    /// No lag: indexes are updated with the write.
    pub const NONE: IndexLag = IndexLag { millis: 0 };

    pub const fn from_millis(millis: u64) -> IndexLag {
        IndexLag { millis }
    }

    pub const fn millis(self) -> u64 {
        self.millis
    }

    /// Whether a write reaches its indexes at once (the lag is zero).
    pub const fn is_none(self) -> bool {
        self.millis == 0
    }

    /// When a write made at `written_at` (epoch ms) reaches an index.
    pub const fn reaches_at(self, written_at: u64) -> u64 {
        written_at.saturating_add(self.millis)
    }
}

impl fmt::Display for IndexLag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.millis)
    }
}
