//! Model files: open (file picker, drag-and-drop), check, and download.
//!
//! A file is read strictly: JSON, the model format (migrated from older versions), every item value,
//! then every table and item through the engine. The first fault is reported with its path and the
//! file is not opened, so a bad file never replaces anything.

use engine::model::Model;
use gloo_file::futures::read_as_bytes;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::download::download;
use crate::state::{AppState, Incoming, Origin, ReadError, Travel, TravelError};
use crate::model::Playground;
use crate::state::modeler::now;

/// Files larger than this are refused before they are read (a 100,000-item model is about 20 MB).
pub const MAX_FILE_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// A file that was read: the model, the playground it loaded into, and, for a NoSQL Workbench file,
/// what could not be carried across.
pub struct ReadFile {
    pub model: Model,
    pub loaded: Playground,
    pub notes: Vec<String>,
    /// "a NoSQL Workbench 2.0 model", or empty for a Dynamodel model file.
    /// A NoSQL Workbench file's format version (`Some(None)`: unversioned); `None` for a Dynamodel file.
    pub workbench: Option<Option<&'static str>>,
}

/// Read a model file's text (a Dynamodel model, or a NoSQL Workbench model of any version), or say
/// precisely what is wrong with it.
pub fn read_model_text(text: &str) -> Result<ReadFile, ReadError> {
    // A Dynamodel model file whose items are plain: read in one pass, every item decoded once, straight
    // from the text (a 100,000-item file opens in a fraction of the time). Anything else, faults
    // included, is read the ordinary way below, which names them.
    if let Some(decoded) = engine::model::decoded::read(text) {
        mark("json");
        let model = decoded.model.clone();
        if model.check().is_ok() {
            mark("model");
            let p = Playground::from_decoded(decoded, now());
            engine_verdict(&p).map_err(ReadError::Invalid)?;
            mark("engine");
            return Ok(ReadFile { model, loaded: p, notes: Vec::new(), workbench: None });
        }
    }
    let raw: serde_json::Value = serde_json::from_str(text).map_err(|e| ReadError::NotJson(e.to_string()))?;
    mark("json");
    let (model, notes, workbench) = if formats::workbench::looks_like_workbench(&raw) {
        let imported = formats::workbench::import(text).map_err(|e| ReadError::Invalid(e.to_string()))?;
        let version = match imported.version {
            formats::workbench::Version::V3 => Some("3.0"),
            formats::workbench::Version::V2 => Some("2.0"),
            formats::workbench::Version::V1 => Some("1.0"),
            formats::workbench::Version::Unversioned => None,
        };
        let notes = imported.notes.iter().map(|n| n.to_string()).collect();
        (imported.model, notes, Some(version))
    } else {
        (Model::from_json(raw).map_err(|e| ReadError::Invalid(e.to_string()))?, Vec::new(), None)
    };
    model.check().map_err(|e| ReadError::Invalid(e.to_string()))?;
    mark("model");
    // The engine's own verdict on every table and item (CreateTable, PutItem), with the fault's path.
    // Loading decodes every item once; only when one does not decode are the items read again, by
    // `check_items`, for the path of the faulty value.
    let p = Playground::from_model(&model, now());
    if p.tables().iter().any(|t| t.rows.iter().any(|r| r.item.contains_key("__unreadable"))) {
        model.check_items().map_err(|e| ReadError::Invalid(e.to_string()))?;
    }
    engine_verdict(&p).map_err(ReadError::Invalid)?;
    mark("engine");
    Ok(ReadFile { model, loaded: p, notes, workbench })
}

/// The first table CreateTable refused or item PutItem refused, with its path.
fn engine_verdict(p: &Playground) -> Result<(), String> {
    for (ti, t) in p.tables().iter().enumerate() {
        if let Some(e) = &t.definition_error {
            return Err(format!("tables[{ti}].definition ({}): {e}", t.name()));
        }
        if let Some((ri, e)) = t.rows.iter().enumerate().find_map(|(i, r)| r.error.as_ref().map(|e| (i, e))) {
            return Err(format!("tables[{ti}].items[{ri}] ({}): {e}", t.name()));
        }
    }
    Ok(())
}

/// Open a file the user picked or dropped.
pub fn open_file(app: AppState, file: gloo_file::File) {
    let t = app.travel;
    let name = file.name();
    let size = file.size() as f64;
    if size > MAX_FILE_BYTES {
        t.error.set(Some(TravelError::FileTooLarge { name, size: size as u64, limit: MAX_FILE_BYTES as u64 }));
        return;
    }
    mark("file");
    spawn_local(async move {
        // The bytes, not a JS string: one copy into wasm memory, then UTF-8 is checked in place (a 20 MB
        // file as a JS string would be decoded to UTF-16 and encoded back).
        let text = match read_as_bytes(&file).await {
            Ok(bytes) => utf8_text(bytes),
            Err(_) => {
                t.error.set(Some(TravelError::FileUnreadable(name)));
                return;
            }
        };
        mark("text");
        match read_model_text(&text) {
            Ok(read) => {
                t.error.set(None);
                let origin = match read.workbench {
                    None => Origin::File(name),
                    Some(version) => Origin::Workbench { name, version },
                };
                let mut inc = Incoming::new(read.model, Default::default(), origin);
                inc.loaded = Some(read.loaded);
                inc.notes = read.notes;
                app.offer(inc);
                mark("offered");
            }
            Err(reason) => t.error.set(Some(TravelError::FileNotOpened { name, reason })),
        }
    });
}

/// A file's or response's bytes as text. Malformed UTF-8 becomes U+FFFD, as the browser's own decoder
/// does; the JSON reader then names the value it lands in.
pub fn utf8_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A `performance.mark` (`dynamodel:<stage>`) for the stages of opening a file, read by
/// `tests/bench/travel-load.mjs`.
fn mark(stage: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(&format!("dynamodel:{stage}"));
    }
}

/// The first file of a drop, if any.
pub fn on_drop(app: AppState, ev: web_sys::DragEvent) {
    ev.prevent_default();
    if let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
        open_file(app, file.into());
    }
}

/// A file name for the model (`e-commerce-users-orders.json`).
pub fn file_name(model: &Model, suffix: &str) -> String {
    let mut slug: String = model
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    while slug.contains("--") {
        slug = slug.replace("--", "-");
    }
    let slug = slug.trim_matches('-');
    let slug = if slug.is_empty() { "model" } else { &slug[..slug.len().min(48)] };
    format!("{}{suffix}", slug.trim_end_matches('-'))
}

/// Download the current model as a model file.
pub fn save_model(t: Travel, model: &Model) {
    if let Err(e) = download(&file_name(model, ".json"), "application/json", &model.to_json_string_pretty()) {
        t.error.set(Some(TravelError::NotSaved(e)));
    }
}
