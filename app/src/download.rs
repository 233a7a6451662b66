//! Downloads the playground offers (model files, exports, chart images): a link clicked in the page.

use gloo_file::{Blob, ObjectUrl};
use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;

/// How long a download's object URL is kept. The browser resolves the link asynchronously: revoking the
/// URL at once can cancel the download (Chromium drops it as "no file"), so it is released a while later.
const KEEP_URL_MS: u32 = 60_000;

/// Offer `text` as a download called `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    // gloo's Blob takes the UTF-8 bytes as they are (no round trip through a JS string).
    let url = ObjectUrl::from(Blob::new_with_options(text, Some(mime)));
    download_url(&url, name)?;
    Timeout::new(KEEP_URL_MS, move || drop(url)).forget();
    Ok(())
}

/// Start a download of `href` (a blob or data URL) as `name`.
pub fn download_url(href: &str, name: &str) -> Result<(), String> {
    let doc = gloo_utils::document();
    let a = doc
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        .ok_or("the page cannot create a link")?;
    a.set_href(href);
    a.set_download(name);
    // A link in the document is clicked the same way in every browser; it leaves at once.
    match doc.body() {
        Some(body) => {
            let _ = body.append_child(&a);
            a.click();
            a.remove();
        }
        None => a.click(),
    }
    Ok(())
}
