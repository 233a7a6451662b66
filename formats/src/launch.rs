//! What the page was opened with: the query string and fragment of its address, read once at start.
//!
//! `?embed=1` (compact chrome, the visitor's own autosave untouched), `&readonly=1`, `&tab=indexes`,
//! `?template=<slug>` (a gallery template), `?model=<url>` (a model file hosted elsewhere, fetched if its
//! server allows it by CORS), and a share link in the fragment (`#m1.…`). Pure, so every combination is
//! tested natively.

use alloc::string::String;
use alloc::vec::Vec;

/// Where the model to open comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Nothing: the visitor's own autosave.
    Saved,
    /// A share link in the fragment (without `#`).
    Link(String),
    /// A model file to fetch.
    Url(String),
    /// A gallery template by slug.
    Template(String),
}

/// Why a `?model=` address is not fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlRefusal {
    /// Only `http:`, `https:` and addresses relative to the page are fetched.
    Scheme(String),
    TooLong,
}

/// The page's launch options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    pub embed: bool,
    /// Only honoured in embed mode: a trainer's read-only frame.
    pub read_only: bool,
    /// Initial tab slug.
    pub tab: Option<String>,
    /// `?lang=tr` / `?lang=en`: the language for this link or embed (a two-letter code, lower case;
    /// the app ignores a language it does not have).
    pub lang: Option<String>,
    pub source: Source,
    /// A `?model=` address that was refused, and why.
    pub refused_url: Option<UrlRefusal>,
}

/// Longest `?model=` address accepted.
pub const MAX_URL_CHARS: usize = 2048;

fn flag(v: &str) -> bool {
    matches!(v, "1" | "true" | "yes" | "")
}

/// `%41` → `A`, `+` → space; invalid escapes are kept as written.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn check_url(url: &str) -> Result<(), UrlRefusal> {
    if url.len() > MAX_URL_CHARS {
        return Err(UrlRefusal::TooLong);
    }
    let lower = url.trim().to_ascii_lowercase();
    match lower.split_once(':') {
        // `a/b:c` is a relative path with a colon after a slash, not a scheme.
        Some((scheme, _)) if !scheme.contains('/') && !scheme.contains('?') && !scheme.contains('#') => {
            if scheme == "http" || scheme == "https" {
                Ok(())
            } else {
                Err(UrlRefusal::Scheme(String::from(scheme)))
            }
        }
        _ => Ok(()),
    }
}

/// Read `location.search` (with or without `?`) and `location.hash` (with or without `#`).
pub fn parse(search: &str, hash: &str) -> Launch {
    let mut launch = Launch { embed: false, read_only: false, tab: None, lang: None, source: Source::Saved, refused_url: None };
    let mut url = None;
    let mut template = None;
    for pair in search.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v = percent_decode(v);
        match k {
            "embed" => launch.embed = flag(&v),
            "readonly" => launch.read_only = flag(&v),
            // Tab slugs are plain words; which exist is the app's business (unknown ones are ignored there).
            "lang" => launch.lang = Some(v.to_ascii_lowercase()).filter(|l| l.len() == 2 && l.bytes().all(|b| b.is_ascii_lowercase())),
            "tab" => launch.tab = Some(v).filter(|t| !t.is_empty() && t.len() <= 32 && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')),
            "model" => url = Some(v),
            "template" => template = Some(v),
            _ => {}
        }
    }
    launch.read_only &= launch.embed;
    let hash = hash.trim_start_matches('#');
    if hash.starts_with('m') && hash.contains('.') {
        launch.source = Source::Link(String::from(hash));
    } else if let Some(u) = url {
        match check_url(&u) {
            Ok(()) => launch.source = Source::Url(u),
            Err(e) => launch.refused_url = Some(e),
        }
    } else if let Some(t) = template {
        launch.source = Source::Template(t);
    }
    launch
}
