//! Autosave in the browser's localStorage, in a versioned envelope, with recovery from a bad save.
//!
//! The rule is that a save is never destroyed by the app: if the stored text cannot be read (corrupt,
//! written by a newer version, edited by hand), it is copied to a backup key before anything else is
//! written, and the user is told where it is.

use std::collections::HashMap;

use engine::model::decoded::{self, Decoded};
use engine::model::{Model, ModelError};
use serde_json::{json, Value};

use super::playground::{Change, Playground, RowId};

/// Where the current model lives.
pub const SAVE_KEY: &str = "dynamodel.modeler.autosave";
/// Prefix of backup keys for saves that could not be read (`<prefix><millis>`).
pub const BACKUP_PREFIX: &str = "dynamodel.modeler.unreadable.";
/// Marks the envelope so that other data under the key is recognised as "not ours".
pub const FORMAT: &str = "dynamodel-autosave";
/// Version of the envelope (the model inside carries its own version).
pub const ENVELOPE_VERSION: u64 = 1;

/// The outcome of reading the saved state.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    /// Nothing saved yet.
    Empty,
    Model { saved: Saved, saved_at: u64 },
    /// The save could not be read; it was copied to `backup_key` (unless storage refused, in which case
    /// `backup_key` is `None` and the bad text is still under [`SAVE_KEY`]).
    Unreadable { reason: SaveError, backup_key: Option<String> },
}

/// Why a stored text is not a save.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveError {
    NotJson(String),
    NotASave,
    UnsupportedEnvelope(u64),
    Model(ModelError),
}


/// The text stored for `model`.
pub fn encode(model: &Model, saved_at: u64) -> String {
    json!({"format": FORMAT, "version": ENVELOPE_VERSION, "savedAt": saved_at, "model": model.to_json()}).to_string()
}

/// Encodes the autosave of a playground, keeping each row's DynamoDB JSON text between saves: a save
/// after an edit encodes the rows that edit changed (found in the playground's journal) and the small
/// rest of the model, instead of all 10,000 items. The text is exactly what [`encode`] writes for
/// [`Playground::to_model`], up to the order of object keys.
#[derive(Debug, Default)]
pub struct Encoder {
    revision: Option<u64>,
    /// Encoded rows by (table position, row id).
    rows: HashMap<(usize, RowId), String>,
}

impl Encoder {
    pub fn new() -> Encoder {
        Encoder::default()
    }

    /// The text to store for `p`.
    pub fn encode(&mut self, p: &Playground, saved_at: u64) -> String {
        self.encode_within(p, saved_at, usize::MAX).unwrap_or_default()
    }

    /// The text to store for `p`, or `None` as soon as it is known to be longer than `limit` UTF-16
    /// code units (what browsers count against their storage quota). A model far past the quota then
    /// costs a fraction of encoding it whole; the rows encoded so far stay cached for the next try.
    pub fn encode_within(&mut self, p: &Playground, saved_at: u64, limit: usize) -> Option<String> {
        match self.revision.and_then(|r| p.changes_since(r)) {
            Some(changes) => {
                for c in changes {
                    match c {
                        Change::RowAdded { table, id } | Change::RowReplaced { table, id, .. } => {
                            self.rows.remove(&(*table, *id));
                        }
                        Change::RowRemoved { table, old, .. } => {
                            self.rows.remove(&(*table, old.id));
                        }
                        // A definition or entities change leaves the items as they are, and so does
                        // storing them in the engine.
                        Change::Table(_) | Change::Stored(_) => {}
                        // Table positions moved: the keys above mean nothing any more.
                        Change::Tables => self.rows.clear(),
                    }
                }
            }
            None => self.rows.clear(),
        }
        self.revision = Some(p.revision());

        // The model without its items, each table's items replaced by a marker string, serialised by the
        // model's own code (so every field of the format is written as the format says); then each
        // marker is replaced by that table's encoded items.
        let nonce = p.revision();
        let mut model = p.to_model_without_items();
        let markers: Vec<String> = (0..model.tables.len()).map(|i| format!("\u{1}dynamodel-items-{i}-{nonce}")).collect();
        for (t, m) in model.tables.iter_mut().zip(&markers) {
            t.items.push(Value::String(m.clone()));
        }
        let mut text = model.to_json().to_string();
        let envelope = format!("{{\"format\":\"{FORMAT}\",\"version\":{ENVELOPE_VERSION},\"savedAt\":{saved_at},\"model\":}}");
        let quoted_markers: usize = markers.iter().map(|m| utf16_len(&Value::String(m.clone()).to_string())).sum();
        // The output's length so far, exactly: the model without its items, the envelope, and the items
        // encoded so far (commas included).
        let mut units = (utf16_len(&text) + envelope.len()).saturating_sub(quoted_markers);
        for (i, marker) in markers.iter().enumerate() {
            let quoted = Value::String(marker.clone()).to_string();
            // A user's text containing the marker is not impossible, only absurd: then encode the
            // plain way rather than guess which occurrence is ours.
            if text.matches(quoted.as_str()).count() != 1 {
                let whole = encode(&p.to_model(), saved_at);
                return (utf16_len(&whole) <= limit).then_some(whole);
            }
            let mut items = String::new();
            if let Some(t) = p.table(i) {
                for (n, row) in t.rows.iter().enumerate() {
                    if n > 0 {
                        items.push(',');
                    }
                    let encoded = self
                        .rows
                        .entry((i, row.id))
                        .or_insert_with(|| Playground::row_json(row).to_string());
                    units += utf16_len(encoded) + usize::from(n > 0);
                    if units > limit {
                        return None;
                    }
                    items.push_str(encoded);
                }
            }
            text = text.replacen(quoted.as_str(), &items, 1);
        }
        let out = format!("{{\"format\":\"{FORMAT}\",\"version\":{ENVELOPE_VERSION},\"savedAt\":{saved_at},\"model\":{text}}}");
        debug_assert_eq!(utf16_len(&out), units);
        (units <= limit).then_some(out)
    }
}

/// The length of `s` as browsers count it: UTF-16 code units.
fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.encode_utf16().count()
    }
}

/// What the browser lets one origin keep in localStorage, in UTF-16 code units of keys and values
/// (Chromium and Firefox: 5 MiB of them).
pub const STORAGE_QUOTA_UNITS: usize = 5 * 1024 * 1024;

/// Why an autosave was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveRefusal {
    /// The storage said no (full, private mode).
    Refused,
    /// The model is longer than the storage can ever hold; nothing was tried.
    TooBig,
}

/// A save read back, ready to become the playground.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    /// Read in one pass with its items decoded straight from the text ([`engine::model::decoded`]): a
    /// 10,000-item save is not first built as a JSON tree, copied and freed, which was most of a reload.
    Decoded(Decoded),
    /// Read the ordinary way: a save the one-pass reader does not decide on (an unreadable item, say,
    /// which the playground then shows with its error).
    Model(Model),
}

impl Saved {
    pub fn into_playground(self, now: u64) -> Playground {
        match self {
            Saved::Decoded(d) => Playground::from_decoded(d, now),
            Saved::Model(m) => Playground::from_model(&m, now),
        }
    }

    /// [`Saved::into_playground`], leaving the rows of a save read in one pass for
    /// [`Playground::store_unstored`]: what a reload does, so its first rows come before the PutItems.
    pub fn into_playground_unstored(self, now: u64) -> Playground {
        match self {
            Saved::Decoded(d) => Playground::from_decoded_unstored(d, now),
            Saved::Model(m) => Playground::from_model(&m, now),
        }
    }
}

/// Read a stored text back for loading: in one pass when the one-pass reader decides, else as
/// [`decode`] does (which also names what is wrong with a text that is not a save).
pub fn decode_saved(text: &str) -> Result<(Saved, u64), SaveError> {
    if let Some((envelope, d)) = decoded::read_member(text, "model") {
        let is_ours = envelope.get("format").and_then(Value::as_str) == Some(FORMAT)
            && envelope.get("version").and_then(Value::as_u64) == Some(ENVELOPE_VERSION);
        if is_ours {
            return Ok((Saved::Decoded(d), envelope.get("savedAt").and_then(Value::as_u64).unwrap_or(0)));
        }
    }
    decode(text).map(|(m, at)| (Saved::Model(m), at))
}

/// Read a stored text back.
pub fn decode(text: &str) -> Result<(Model, u64), SaveError> {
    let v: Value = serde_json::from_str(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
    if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(SaveError::NotASave);
    }
    let version = v.get("version").and_then(Value::as_u64).ok_or(SaveError::NotASave)?;
    if version != ENVELOPE_VERSION {
        return Err(SaveError::UnsupportedEnvelope(version));
    }
    let saved_at = v.get("savedAt").and_then(Value::as_u64).unwrap_or(0);
    let model = Model::from_json(v.get("model").cloned().unwrap_or(Value::Null)).map_err(SaveError::Model)?;
    Ok((model, saved_at))
}

/// The storage the autosave uses: localStorage in the browser. A trait so the recovery rules are
/// written once, against whatever key-value store is at hand.
pub trait KeyValueStore {
    fn get(&self, key: &str) -> Option<String>;
    /// `false` when the store refused (quota, private mode).
    fn set(&self, key: &str, value: &str) -> bool;
    fn remove(&self, key: &str);
}

/// The browser's `window.localStorage`, through gloo-storage's handle on it. The save is text that is
/// already JSON: gloo's typed `get`/`set` would serialise it again (stored quoted) and read it back
/// through `as_string`, which is slow for megabytes, so the text goes through its raw `Storage`.
pub struct LocalStorage(web_sys::Storage);

impl LocalStorage {
    /// `None` when the page has no storage (disabled by policy), which gloo's handle would throw on.
    pub fn open() -> Option<LocalStorage> {
        web_sys::window()?.local_storage().ok().flatten()?;
        Some(LocalStorage(<gloo_storage::LocalStorage as gloo_storage::Storage>::raw()))
    }
}

impl KeyValueStore for LocalStorage {
    fn get(&self, key: &str) -> Option<String> {
        crate::js_text::storage_text(&self.0, key)
    }
    fn set(&self, key: &str, value: &str) -> bool {
        self.0.set_item(key, value).is_ok()
    }
    fn remove(&self, key: &str) {
        <gloo_storage::LocalStorage as gloo_storage::Storage>::delete(key);
    }
}

/// Read the save; move an unreadable one aside.
pub fn load(store: &impl KeyValueStore, now: u64) -> Loaded {
    let Some(text) = store.get(SAVE_KEY) else { return Loaded::Empty };
    match decode_saved(&text) {
        Ok((saved, saved_at)) => Loaded::Model { saved, saved_at },
        Err(e) => {
            let key = format!("{BACKUP_PREFIX}{now}");
            let backup_key = if store.set(&key, &text) {
                store.remove(SAVE_KEY);
                Some(key)
            } else {
                None
            };
            Loaded::Unreadable { reason: e, backup_key }
        }
    }
}

thread_local! {
    /// Off while an embedded model or a copy opened from a link is shown: the visitor's own saved model
    /// must never be overwritten by something they only looked at.
    static WRITES: core::cell::Cell<bool> = const { core::cell::Cell::new(true) };
}

/// Pause (`false`) or resume autosave writes.
pub fn set_writes_enabled(on: bool) {
    WRITES.with(|w| w.set(on));
}

pub fn writes_enabled() -> bool {
    WRITES.with(|w| w.get())
}

/// Write the model. Returns `false` when storage refused (the caller tells the user; the model in
/// memory is unaffected). Writes nothing, successfully, while writes are paused.
pub fn save(store: &impl KeyValueStore, model: &Model, now: u64) -> bool {
    if !writes_enabled() {
        return true;
    }
    store.set(SAVE_KEY, &encode(model, now))
}

/// Write the playground through `encoder`, which re-encodes only what changed since its last save.
/// A model longer than the quota is not encoded whole only to be refused: it stops at the quota.
pub fn save_playground(store: &impl KeyValueStore, encoder: &mut Encoder, p: &Playground, now: u64) -> Result<(), SaveRefusal> {
    if !writes_enabled() {
        return Ok(());
    }
    let limit = STORAGE_QUOTA_UNITS.saturating_sub(SAVE_KEY.len());
    match encoder.encode_within(p, now, limit) {
        Some(text) if store.set(SAVE_KEY, &text) => Ok(()),
        Some(_) => Err(SaveRefusal::Refused),
        None => Err(SaveRefusal::TooBig),
    }
}
