//! The ClientRequestTokens TransactWriteItems remembers, so that a retried request is answered from its
//! first run instead of running twice: plain data the database owns.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use crate::api::transact::{TransactWriteItem, TransactWriteItemsInput, TransactWriteItemsOutput};
use crate::capacity::ReturnCapacity;

/// How long a ClientRequestToken is remembered.
pub const TOKEN_TTL_MS: u64 = 10 * 60 * 1000;

/// Remembered ClientRequestTokens: token -> (when first used, request fingerprint, output).
#[derive(Debug, Clone, Default)]
pub struct TokenCache {
    entries: BTreeMap<String, (u64, Fingerprint, TransactWriteItemsOutput)>,
}

impl TokenCache {
    /// Forgets the tokens older than [`TOKEN_TTL_MS`] at `now`.
    pub fn prune(&mut self, now: u64) {
        self.entries.retain(|_, (at, _, _)| now < at.saturating_add(TOKEN_TTL_MS));
    }

    /// The fingerprint and output of the request first made with `token`.
    pub fn get(&self, token: &str) -> Option<(&Fingerprint, &TransactWriteItemsOutput)> {
        self.entries.get(token).map(|(_, print, out)| (print, out))
    }

    pub fn remember(&mut self, token: String, now: u64, print: Fingerprint, out: TransactWriteItemsOutput) {
        self.entries.insert(token, (now, print, out));
    }
}

/// What a request asks for, to recognise a retry of the same request: every parameter but the token,
/// compared as values.
#[derive(Debug, Clone, PartialEq)]
pub struct Fingerprint(Vec<TransactWriteItem>, ReturnCapacity, bool);

impl Fingerprint {
    pub fn of(input: &TransactWriteItemsInput) -> Fingerprint {
        Fingerprint(input.items.clone(), input.return_consumed_capacity, input.return_item_collection_metrics)
    }
}
