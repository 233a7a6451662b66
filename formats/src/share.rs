//! Share links and embed snippets: the whole model, compressed, in the URL fragment.
//!
//! A link is `<page>#m1.<payload>`, where the payload is base64url (no padding) of the zlib stream
//! (deflate plus an Adler-32 checksum, so a corrupted or cut link is detected rather than half-read) of a
//! small JSON envelope: `{"model": <model file>, "view": {"tab": "indexes", "table": "Shop"}}`. The
//! fragment never leaves the browser: opening a link sends nothing to any server.
//!
//! A link is opened by strangers, so decoding trusts nothing: the text is bounded before it is decoded,
//! the decompressed size is bounded while it is inflated (a small "zip bomb" link cannot expand into
//! gigabytes and freeze the tab), and the result is read by the strict model reader. Nothing in it is
//! ever treated as markup: the app renders model text as text only.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use engine::model::{Model, ModelError};
use serde_json::{json, Value};

/// The fragment's prefix: format 1 of share links.
pub const PREFIX: &str = "m1.";
/// Links longer than this are refused before decoding. Chromium's own URL limit is 2 MB; nothing
/// longer can have come from a real address bar.
pub const MAX_LINK_CHARS: usize = 2 * 1024 * 1024;
/// The most a link may inflate to (the model JSON). Generous for a hand-made model (a 10,000-item model
/// is about 2 MB of JSON), small enough to parse in well under a second.
pub const MAX_DECODED_BYTES: usize = 16 * 1024 * 1024;
/// Beyond this length many chat tools, e-mail clients and URL shorteners cut or refuse a link.
pub const SAFE_LINK_CHARS: usize = 2_000;
/// Beyond this, a link is not a sensible way to share (some browsers' address bars, and most pages that
/// would embed it, stop here): the app offers the model file instead.
pub const MAX_SHAREABLE_CHARS: usize = 32_768;

/// What the link restores besides the model: the open tab and the selected table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// Slug of the workspace tab (`items`, `indexes`, `query`, `heat`).
    pub tab: Option<String>,
    /// Name of the selected table.
    pub table: Option<String>,
}

/// A decoded link.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    pub model: Model,
    pub view: View,
}

/// Why a link could not be opened. Every variant is something to tell the person who clicked it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ShareError {
    /// The fragment is not a Dynamodel share link at all.
    NotALink,
    /// A share-link format this build does not know (`m2.`...).
    UnknownFormat(String),
    /// Longer than [`MAX_LINK_CHARS`]: refused unread.
    TooLong { chars: usize },
    /// A character that base64url does not use, at this offset in the payload.
    BadCharacter { at: usize },
    /// Not valid base64 (cut in the middle of a character group).
    Truncated,
    /// The compressed data is damaged, cut short, or its checksum does not match.
    Corrupt,
    /// Would inflate past [`MAX_DECODED_BYTES`].
    TooLarge,
    /// The envelope is not the JSON this format writes.
    Envelope(String),
    /// The model inside is not a valid model file (the path of the fault is in the error).
    Model(ModelError),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::NotALink => write!(f, "This is not a Dynamodel share link"),
            ShareError::UnknownFormat(p) => {
                write!(f, "This share link was made by a newer version of Dynamodel (format \"{p}\")")
            }
            ShareError::TooLong { chars } => write!(
                f,
                "This share link is {chars} characters long, more than the {MAX_LINK_CHARS} any browser keeps; it was not opened"
            ),
            ShareError::BadCharacter { at } => {
                write!(f, "This share link is damaged: an unexpected character at position {at} of its data")
            }
            ShareError::Truncated | ShareError::Corrupt => {
                write!(f, "This share link is damaged or incomplete (was it cut off when it was copied?)")
            }
            ShareError::TooLarge => write!(
                f,
                "This share link holds more than {} MB of model data; it was refused so the page stays responsive",
                MAX_DECODED_BYTES / (1024 * 1024)
            ),
            ShareError::Envelope(m) => write!(f, "This share link does not hold a model: {m}"),
            ShareError::Model(e) => write!(f, "The model in this share link is not valid: {e}"),
        }
    }
}

/// The compact JSON a link carries, before compression (the first step of [`encode`]; the app
/// compresses it with the browser's own zlib, `CompressionStream`, and finishes with
/// [`fragment_from_zlib`]).
pub fn envelope(model: &Model, view: &View) -> String {
    let mut v = json!({ "model": model.to_json() });
    let mut view_json = serde_json::Map::new();
    if let Some(tab) = &view.tab {
        view_json.insert("tab".into(), Value::from(tab.as_str()));
    }
    if let Some(table) = &view.table {
        view_json.insert("table".into(), Value::from(table.as_str()));
    }
    if !view_json.is_empty() {
        v["view"] = Value::Object(view_json);
    }
    v.to_string()
}

/// The fragment (without `#`) for a zlib stream of the [`envelope`].
pub fn fragment_from_zlib(packed: &[u8]) -> String {
    let mut out = String::with_capacity(PREFIX.len() + packed.len() * 4 / 3 + 4);
    out.push_str(PREFIX);
    URL_SAFE_NO_PAD.encode_string(packed, &mut out);
    out
}

/// The fragment (without `#`) for `model` and `view`, compressed by miniz_oxide (the browser may
/// compress [`envelope`] with its own zlib instead and finish with [`fragment_from_zlib`]).
pub fn encode(model: &Model, view: &View) -> String {
    let json = envelope(model, view);
    // Best compression for models that can make a shareable link; a fast level for big ones, whose link
    // is far too long anyway.
    let level = if json.len() > 1024 * 1024 { 1 } else { 9 };
    fragment_from_zlib(&miniz_oxide::deflate::compress_to_vec_zlib(json.as_bytes(), level))
}

/// A fragment's zlib stream, checked before anything is decoded: bounded length, the format prefix,
/// base64url only (with or without the leading `#`).
pub fn zlib_from_fragment(fragment: &str) -> Result<Vec<u8>, ShareError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_LINK_CHARS {
        return Err(ShareError::TooLong { chars: fragment.chars().count() });
    }
    let Some(payload) = fragment.strip_prefix(PREFIX) else {
        return match fragment.split_once('.') {
            Some((p, _)) if p.len() <= 4 && p.starts_with('m') && p[1..].bytes().all(|b| b.is_ascii_digit()) && p.len() > 1 => {
                Err(ShareError::UnknownFormat(p.to_string()))
            }
            _ => Err(ShareError::NotALink),
        };
    };
    if let Some(at) = payload.bytes().position(|b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_')) {
        return Err(ShareError::BadCharacter { at });
    }
    URL_SAFE_NO_PAD.decode(payload).map_err(|_| ShareError::Truncated)
}

/// The link's content from its inflated envelope (at most [`MAX_DECODED_BYTES`], which the inflater
/// enforces), read by the strict model reader.
pub fn shared_from_json(json: &[u8]) -> Result<Shared, ShareError> {
    if json.len() > MAX_DECODED_BYTES {
        return Err(ShareError::TooLarge);
    }
    let text = core::str::from_utf8(json).map_err(|_| ShareError::Corrupt)?;
    let v: Value = serde_json::from_str(text).map_err(|e| ShareError::Envelope(e.to_string()))?;
    let Value::Object(mut env) = v else { return Err(ShareError::Envelope("expected an object".into())) };
    let model = env.remove("model").ok_or_else(|| ShareError::Envelope("no model".into()))?;
    let model = Model::from_json(model).map_err(ShareError::Model)?;
    let view = match env.remove("view") {
        Some(Value::Object(v)) => View {
            tab: v.get("tab").and_then(Value::as_str).map(String::from),
            table: v.get("table").and_then(Value::as_str).map(String::from),
        },
        _ => View::default(),
    };
    Ok(Shared { model, view })
}

/// Read a fragment (with or without its leading `#`), inflating with miniz_oxide under the
/// [`MAX_DECODED_BYTES`] limit (native callers and tests; the app inflates with the browser's zlib).
pub fn decode(fragment: &str) -> Result<Shared, ShareError> {
    use miniz_oxide::inflate::TINFLStatus;
    let packed = zlib_from_fragment(fragment)?;
    let json = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_DECODED_BYTES).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => ShareError::TooLarge,
        _ => ShareError::Corrupt,
    })?;
    shared_from_json(&json)
}

/// How shareable a link of this length is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkLength {
    /// Short enough for any tool.
    Fine,
    /// Works in browsers; some chat tools and mail clients may cut it.
    Long,
    /// Too long to share as a link: offer the file.
    TooLong,
}

pub fn judge_length(chars: usize) -> LinkLength {
    if chars <= SAFE_LINK_CHARS {
        LinkLength::Fine
    } else if chars <= MAX_SHAREABLE_CHARS {
        LinkLength::Long
    } else {
        LinkLength::TooLong
    }
}

/// Options of an embedded playground.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbedOptions {
    pub read_only: bool,
    /// Initial tab slug.
    pub tab: Option<String>,
    /// Height of the frame in CSS pixels.
    pub height: u32,
}

/// The page address for an embedded view of `fragment`: `<base>?embed=1[&readonly=1][&tab=..]#<fragment>`.
pub fn embed_url(base: &str, fragment: &str, opts: &EmbedOptions) -> String {
    let base = base.split(['?', '#']).next().unwrap_or(base);
    let mut url = format!("{base}?embed=1");
    if opts.read_only {
        url.push_str("&readonly=1");
    }
    if let Some(tab) = &opts.tab {
        url.push_str("&tab=");
        url.extend(tab.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-'));
    }
    url.push('#');
    url.push_str(fragment);
    url
}

/// An `<iframe>` snippet for a host page. The address is escaped for an HTML attribute, so nothing in a
/// base URL can break out of it.
pub fn embed_snippet(base: &str, fragment: &str, opts: &EmbedOptions) -> String {
    let url = embed_url(base, fragment, opts);
    let height = if opts.height == 0 { 480 } else { opts.height.min(4000) };
    format!(
        "<iframe src=\"{}\" width=\"100%\" height=\"{height}\" style=\"border:1px solid #ccc;border-radius:6px\" \
         title=\"Dynamodel model\" loading=\"lazy\"></iframe>",
        escape_attr(&url)
    )
}

/// `s` safe inside HTML text and quoted attribute values.
pub fn escape_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// Append `s` to `out`, escaped for HTML text and quoted attribute values.
pub fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}
