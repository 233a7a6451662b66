//! Downloads the playground offers (model files, exports, chart images): a link clicked in the page.

use wasm_bindgen::JsCast;

use crate::ui::dom::document;
use crate::ui::page::set_timeout;

/// Offer `text` as a download called `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(|_| "the browser refused to make the file")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "the browser refused to make the file")?;
    download_url(&url, name)?;
    // The browser resolves the link asynchronously: revoking the URL at once can cancel the download
    // (Chromium drops it as "no file"), so it is released a while later instead.
    set_timeout(move || { let _ = web_sys::Url::revoke_object_url(&url); }, 60_000);
    Ok(())
}

/// Start a download of `href` (a blob or data URL) as `name`.
pub fn download_url(href: &str, name: &str) -> Result<(), String> {
    let doc = document();
    let a = doc
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        .ok_or("the page cannot create a link")?;
    a.set_href(href);
    a.set_download(name);
    // A link in the document is clicked the same way in every browser; it leaves at once.
    if let Some(body) = doc.body() {
        let _ = body.append_child(&a);
        a.click();
        a.remove();
    } else {
        a.click();
    }
    Ok(())
}

