//! `?model=<url>`: a workshop hosts its models as files and links to the playground with one of them.
//! The file is fetched by the browser (so the hosting server must allow it by CORS), bounded in size,
//! and then read exactly like a file the user opened.

use gloo_net::http::Request;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::file_io::{read_model_text, utf8_text, MAX_FILE_BYTES};
use crate::state::{AppState, FetchError, Incoming, Origin, TravelError};

/// Fetch the model at `url` and offer it (asking first if there is work), or say why it cannot be opened.
pub fn open_url(app: AppState, url: String) {
    let t = app.travel;
    spawn_local(async move {
        match fetch_text(&url).await {
            Ok(text) => match read_model_text(&text) {
                Ok(read) => {
                    let mut inc = Incoming::new(read.model, Default::default(), Origin::Url(url.clone()));
                    inc.loaded = Some(read.loaded);
                    inc.notes = read.notes;
                    app.offer(inc);
                }
                Err(reason) => t.error.set(Some(TravelError::UrlNotOpened { url, reason })),
            },
            Err(reason) => t.error.set(Some(TravelError::UrlNotFetched { url, reason })),
        }
    });
}

fn too_large() -> FetchError {
    FetchError::TooLarge((MAX_FILE_BYTES / 1_048_576.0) as u64)
}

/// The body at `url`, refused before it is read when the server announces more than
/// [`MAX_FILE_BYTES`], and after when it brought more without saying so.
async fn fetch_text(url: &str) -> Result<String, FetchError> {
    let resp = Request::get(url)
        .send()
        .await
        .map_err(|_| FetchError::NoAnswer)?;
    if !resp.ok() {
        return Err(FetchError::Status { code: resp.status(), text: resp.status_text() });
    }
    let length = resp.headers().get("content-length").and_then(|l| l.trim().parse::<u64>().ok());
    if length.is_some_and(|l| l as f64 > MAX_FILE_BYTES) {
        return Err(too_large());
    }
    let bytes = resp.binary().await.map_err(|_| FetchError::Body)?;
    if bytes.len() as f64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(utf8_text(bytes))
}
