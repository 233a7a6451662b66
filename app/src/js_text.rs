//! Long JS strings into Rust quickly: a saved model or a model file is megabytes of text.
//!
//! Hand-written because wasm-bindgen's `as_string` (which gloo uses too) copies a string into wasm memory
//! one UTF-16 unit at a time in JS, about 25 ms for the 2.7 million characters of a 10,000-item save;
//! the browser's own UTF-8 encoder and one copy take a few.

use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    type Utf8Encoder;
    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;
    /// `encode` of a JS string as it is: web-sys's binding takes a `&str`, which is what we lack.
    #[wasm_bindgen(method, js_name = encode)]
    fn encode_js(this: &Utf8Encoder, text: &JsValue) -> js_sys::Uint8Array;
    /// `Storage` with a `getItem` that answers the JS string as it is.
    type RawStorage;
    #[wasm_bindgen(method, catch, js_name = getItem)]
    fn get_item_js(this: &RawStorage, key: &str) -> Result<JsValue, JsValue>;
}

/// A JS string as a Rust one; `None` for anything but a string.
pub fn js_text(v: &JsValue) -> Option<String> {
    if !v.is_string() {
        return None;
    }
    let bytes = Utf8Encoder::new().encode_js(v).to_vec();
    // The encoder writes well-formed UTF-8 (lone surrogates become U+FFFD), so this never fails.
    String::from_utf8(bytes).ok()
}

/// `storage.getItem(key)` through [`js_text`]; `None` for a missing key or a refusal.
pub fn storage_text(storage: &web_sys::Storage, key: &str) -> Option<String> {
    storage.unchecked_ref::<RawStorage>().get_item_js(key).ok().as_ref().and_then(js_text)
}
