//! Share links' zlib (deflate + Adler-32) through the browser's own `CompressionStream` and
//! `DecompressionStream`: the browser's native, asynchronous codec, so a long link is compressed without
//! holding the page. Hand-written because no crate wraps these streams (web-sys has them only behind
//! `web_sys_unstable_apis`). `formats::share` reads and writes everything around the zlib stream, and its
//! native tests check the same streams with miniz_oxide: a link compressed by either is read by both.
//!
//! Inflating a link trusts nothing: the output is read chunk by chunk and the stream is cancelled as soon
//! as it passes the limit, so a small "zip bomb" link cannot expand without bound.

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, ReadableStream, ReadableStreamDefaultReader, ReadableWritablePair};

// web-sys has these two only behind `--cfg=web_sys_unstable_apis`; the constructors are all this needs.
// Each is a `{ readable, writable }` pair, which is what `pipeThrough` takes.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(extends = js_sys::Object)]
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;

    #[wasm_bindgen(extends = js_sys::Object)]
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

/// Why the browser's zlib gave no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZlibError {
    /// The browser has no `CompressionStream` (Chromium before 80, Safari before 16.4).
    Unsupported,
    /// The stream is damaged, cut short, or its checksum does not match.
    Corrupt,
    /// The output passed the caller's limit; the stream was cancelled.
    TooLarge,
}

/// `bytes` as a zlib stream (the browser's default level).
pub async fn deflate(bytes: &[u8]) -> Result<Vec<u8>, ZlibError> {
    let cs = CompressionStream::new("deflate").map_err(|_| ZlibError::Unsupported)?;
    through(bytes, cs.unchecked_ref(), usize::MAX).await
}

/// The bytes of a zlib stream, at most `limit` of them.
pub async fn inflate(packed: &[u8], limit: usize) -> Result<Vec<u8>, ZlibError> {
    let ds = DecompressionStream::new("deflate").map_err(|_| ZlibError::Unsupported)?;
    through(packed, ds.unchecked_ref(), limit).await
}

/// `input` piped through `transform`, read to the end or until `limit` bytes.
async fn through(input: &[u8], transform: &ReadableWritablePair, limit: usize) -> Result<Vec<u8>, ZlibError> {
    let parts = Array::of1(&Uint8Array::from(input));
    let blob = Blob::new_with_u8_array_sequence(&parts).map_err(|_| ZlibError::Unsupported)?;
    let output: ReadableStream = blob.stream().pipe_through(transform);
    let reader: ReadableStreamDefaultReader = output.get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        // A damaged stream makes the read reject (the browser checks the Adler-32 at the end).
        let result = JsFuture::from(reader.read()).await.map_err(|_| ZlibError::Corrupt)?;
        if Reflect::get(&result, &JsValue::from_str("done")).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            return Ok(out);
        }
        let chunk: Uint8Array = Reflect::get(&result, &JsValue::from_str("value")).map_err(|_| ZlibError::Corrupt)?.unchecked_into();
        let len = chunk.length() as usize;
        if out.len().saturating_add(len) > limit {
            let _ = reader.cancel();
            return Err(ZlibError::TooLarge);
        }
        let start = out.len();
        out.resize(start + len, 0);
        chunk.copy_to(&mut out[start..]);
    }
}
