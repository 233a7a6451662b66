//! The page-address parser (`?embed=1&model=...#m1...`) never panics, and never lets a non-http(s)
//! address through to be fetched.
#![no_main]

use formats::launch::{parse, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (search, hash) = text.split_once('#').unwrap_or((text, ""));
    let l = parse(search, hash);
    if let Source::Url(u) = &l.source {
        let lower = u.trim().to_ascii_lowercase();
        if let Some((scheme, _)) = lower.split_once(':') {
            if !scheme.contains(['/', '?', '#']) {
                assert!(scheme == "http" || scheme == "https", "{u}");
            }
        }
    }
});
