//! `?model=<url>`: a workshop hosts its models as files and links to the playground with one of them.
//! The file is fetched by the browser (so the hosting server must allow it by CORS), bounded in size,
//! and then read exactly like a file the user opened.

use crate::reactive::*;
use crate::ui::page::window;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::file_io::{read_model_text, MAX_FILE_BYTES};
use super::incoming::{offer, Incoming};
use super::state::use_travel;

pub fn open_url(url: String) {
    let t = use_travel();
    wasm_bindgen_futures::spawn_local(async move {
        match fetch_text(&url).await {
            Ok(text) => match read_model_text(&text) {
                Ok(read) => {
                    let mut inc = Incoming::new(read.model, Default::default(), &format!("the model at {url}"));
                    inc.loaded = Some(read.loaded);
                    inc.notes = read.notes;
                    offer(inc);
                }
                Err(e) => t.error.set(Some(format!("The model at {url} was not opened: {e}"))),
            },
            Err(e) => t.error.set(Some(format!("The model at {url} could not be fetched: {e}"))),
        }
    });
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let resp = JsFuture::from(window().fetch_with_str(url))
        .await
        .map_err(|_| String::from("the server did not answer, or does not allow this page to read the file (CORS)"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| String::from("no response"))?;
    if !resp.ok() {
        return Err(format!("the server answered {} {}", resp.status(), resp.status_text()));
    }
    let length = resp.headers().get("content-length").ok().flatten().and_then(|l| l.trim().parse::<u64>().ok()).map(|l| l as f64);
    if length.is_some_and(|l| l > MAX_FILE_BYTES) {
        return Err(format!("it is larger than {} MB", MAX_FILE_BYTES / 1_048_576.0));
    }
    let text = JsFuture::from(resp.text().map_err(|_| String::from("the body cannot be read"))?)
        .await
        .map_err(|_| String::from("the body could not be read"))?;
    let text = crate::ui::browser::js_text(&text).unwrap_or_default();
    if text.len() as f64 > MAX_FILE_BYTES {
        return Err(format!("it is larger than {} MB", MAX_FILE_BYTES / 1_048_576.0));
    }
    Ok(text)
}
