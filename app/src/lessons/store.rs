//! Progress per lesson in the browser's localStorage, under `dynamodel.lesson.<id>` (the record is
//! `lessons::progress`). Progress is a convenience: storage that is missing, full or unreadable means
//! no progress, never an error in the learner's way.

use gloo_storage::{LocalStorage, Storage};
use lessons::progress::{storage_key, Progress};

pub fn load(lesson_id: &str) -> Progress {
    LocalStorage::raw().get_item(&storage_key(lesson_id)).ok().flatten().map(|text| Progress::from_json_str(&text)).unwrap_or_default()
}

pub fn save(lesson_id: &str, progress: &Progress) {
    let _ = LocalStorage::raw().set_item(&storage_key(lesson_id), &progress.to_json_string());
}

/// Forget a lesson's progress ("Start over").
pub fn clear(lesson_id: &str) {
    LocalStorage::delete(storage_key(lesson_id));
}
