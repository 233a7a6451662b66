//! `?lesson=<url>`: a trainer hosts a lesson file and links to the playground with it. The browser
//! fetches it (so its server must allow this page by CORS), bounded in size, and the `lessons` crate
//! reads it; a bad file is shown with its line and reason.

use gloo_net::http::Request;
use leptos::prelude::*;
use leptos::task::spawn_local;
use lessons::launch::StepRef;
use lessons::Lesson;

use super::{open, opening_for, LoadError, Lessons, Origin, Reason, Subject};
use crate::state::AppState;

/// A lesson file is text a person wrote: a megabyte is far more than any needs.
const MAX_LESSON_BYTES: usize = 1 << 20;

pub fn open_url(app: AppState, l: Lessons, url: String, step: Option<StepRef>) {
    l.fetching.set(Some(url.clone()));
    spawn_local(async move {
        let fetched = fetch_text(&url).await;
        l.fetching.try_set(None);
        let what = Subject::Url(url.clone());
        match fetched {
            Err(reason) => {
                l.error.try_set(Some(LoadError::plain(what, reason)));
            }
            Ok(text) => match Lesson::from_markdown(&text) {
                Ok(lesson) => {
                    let how = opening_for(&lesson, step.as_ref());
                    open(app, l, lesson, Origin::Url(url), None, how);
                }
                Err(e) => {
                    l.error.try_set(Some(LoadError::of_lesson(what, &e)));
                }
            },
        }
    });
}

async fn fetch_text(url: &str) -> Result<String, Reason> {
    let resp = Request::get(url).send().await.map_err(|_| Reason::NoAnswer)?;
    if !resp.ok() {
        return Err(Reason::Status { code: resp.status(), text: resp.status_text() });
    }
    let too_large = || Reason::TooLarge { kb: MAX_LESSON_BYTES / 1024 };
    let length = resp.headers().get("content-length").and_then(|l| l.trim().parse::<usize>().ok());
    if length.is_some_and(|l| l > MAX_LESSON_BYTES) {
        return Err(too_large());
    }
    let bytes = resp.binary().await.map_err(|_| Reason::Unreadable)?;
    if bytes.len() > MAX_LESSON_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| Reason::Lesson(lessons::Message::new("lesson.file.not_utf8")))
}
