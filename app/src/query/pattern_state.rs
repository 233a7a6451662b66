//! What the Query tab's modes keep of the access pattern they were opened from: the sample values that
//! fill its `{name}` placeholders, the name to save under, and what the API console opens with. Kept apart
//! from `save_pattern` (which opens and saves patterns) so that the session can own it without the two
//! modules importing each other.

use advisor::draft::Draft;
use advisor::pattern::{placeholders, substitute, PatternSpec};
use leptos::prelude::*;
use serde_json::Value;

/// What the modes keep of the pattern they were opened from, shared by their pattern bars (the builder,
/// the write form, PartiQL and the console fill their placeholders from the same sample values).
#[derive(Clone, Copy)]
pub struct PatternState {
    /// `userId=u1, date=2024-03-01`
    pub samples: RwSignal<String>,
    /// The name to save under (the pattern the builder was opened from, or the last one saved).
    pub name: RwSignal<String>,
    /// Why the sample values do not fill the request (shown under them).
    pub error: RwSignal<Option<String>>,
    /// An action and body for the API console to open with (taken when it mounts).
    console: RwSignal<Option<(String, String)>>,
    /// The page's language, for the faults of the sample values.
    lang: Signal<messages::Lang>,
}

impl PatternState {
    pub fn new() -> PatternState {
        let i18n = crate::i18n::use_i18n();
        let lang = Signal::derive(move || crate::language::words(i18n.get_locale()));
        PatternState { samples: RwSignal::new(String::new()), name: RwSignal::new(String::new()), error: RwSignal::new(None), console: RwSignal::new(None), lang }
    }

    /// The request to run: `{name}` placeholders filled from the sample values (and `{{`/`}}` read as
    /// braces). `None` (and the error shown under the sample values) when one has no value.
    pub fn resolve(self, action: &str, request: Value) -> Option<Value> {
        if placeholders(&request).is_empty() {
            let filled = substitute(&request, &Default::default()).map_err(|e| e.to_string());
            self.error.set(filled.as_ref().err().cloned());
            return filled.ok();
        }
        let mut d = Draft::from_request(action, &request, &self.samples.get_untracked(), None);
        d.name = String::from("builder");
        let resolved = d
            .to_pattern(None)
            .map_err(|e| e.into_iter().map(|e| advisor::render(&e.message, self.lang.get_untracked())).collect::<Vec<_>>().join("; "))
            .and_then(|p| PatternSpec::from_access_pattern(&p).and_then(|s| s.resolved_request()).map_err(|e| e.to_string()));
        match resolved {
            Ok(mut v) => {
                // The stored form drops ReturnConsumedCapacity; the builder always asks for it.
                if let (Some(o), Some(rcc)) = (v.as_object_mut(), request.get("ReturnConsumedCapacity")) {
                    o.insert("ReturnConsumedCapacity".into(), rcc.clone());
                }
                self.error.set(None);
                Some(v)
            }
            Err(e) => {
                self.error.set(Some(e));
                None
            }
        }
    }

    /// Open the API console with `action` and `body` when it next mounts.
    pub fn offer_console(self, action: String, body: String) {
        self.console.set(Some((action, body)));
    }

    /// The API console's starting action and body, when a pattern was opened into it (once).
    pub fn take_console(self) -> Option<(String, String)> {
        self.console.try_update_untracked(Option::take).flatten()
    }
}

impl Default for PatternState {
    fn default() -> Self {
        PatternState::new()
    }
}

