//! What the traffic simulator saw, reduced to what the advisor's rules need: per key, how much it was
//! accessed and how often it was throttled (Contributor Insights' "most accessed" and "most throttled").

use alloc::string::String;
use alloc::vec::Vec;

/// One key's heat over a whole simulation run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotKey {
    pub table: String,
    pub index: Option<String>,
    /// The partition key value as the simulator names it.
    pub key: String,
    /// RCU + 3 × WCU consumed, in half-units (Contributor Insights' unit).
    pub accessed_half_units: u64,
    pub throttled_requests: u64,
}

impl HotKey {
    /// The table, or the GSI, whose partition the key sits on: what a heat finding points at.
    pub fn target(&self) -> crate::Target {
        match &self.index {
            Some(i) => crate::Target::Index { table: self.table.clone(), index: i.clone() },
            None => crate::Target::Table { table: self.table.clone() },
        }
    }
}

/// The simulator's heat, when a simulation has run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Heat {
    pub seconds: u32,
    pub keys: Vec<HotKey>,
}

impl Heat {
    /// The keys the simulator throttled for their own traffic. A write the table could take but its GSI
    /// could not is throttled too (back-pressure), and counted on the table key it wrote, so a run that
    /// throttles a GSI key 10,000 times also lists random table keys throttled once or twice: keys with
    /// under 1% of the most throttled key's throttles are that noise, not a hot key.
    pub fn throttled_keys(&self) -> impl Iterator<Item = &HotKey> {
        let most = self.keys.iter().map(|k| k.throttled_requests).max().unwrap_or(0);
        self.keys.iter().filter(move |k| k.throttled_requests > 0 && k.throttled_requests * 100 >= most)
    }

    /// From a simulator report: its most accessed and most throttled keys, merged by key.
    pub fn from_report(r: &sim::Report) -> Heat {
        let mut keys: Vec<HotKey> = Vec::new();
        for k in r.totals.top_accessed.iter().chain(r.totals.top_throttled.iter()) {
            match keys.iter_mut().find(|h| h.table == k.table && h.index == k.index && h.key == k.key) {
                Some(h) => {
                    h.accessed_half_units = h.accessed_half_units.max(k.accessed_half_units);
                    h.throttled_requests = h.throttled_requests.max(k.throttled_requests);
                }
                None => keys.push(HotKey {
                    table: k.table.clone(),
                    index: k.index.clone(),
                    key: k.key.clone(),
                    accessed_half_units: k.accessed_half_units,
                    throttled_requests: k.throttled_requests,
                }),
            }
        }
        Heat { seconds: r.totals.seconds, keys }
    }
}
