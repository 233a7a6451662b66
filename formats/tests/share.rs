//! Share links: every template survives encode -> decode exactly, with its view; every way a link can
//! be damaged, cut or made hostile is refused with its own error, never a panic.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use engine::model::Model;
use formats::gallery::TEMPLATES;
use formats::share::{
    decode, embed_snippet, embed_url, encode, envelope, fragment_from_zlib, judge_length, shared_from_json, zlib_from_fragment, EmbedOptions, LinkLength, ShareError, View, MAX_DECODED_BYTES,
    MAX_LINK_CHARS, PREFIX,
};

fn view() -> View {
    View { tab: Some("indexes".into()), table: Some("Shop".into()) }
}

fn link_of(json: &[u8]) -> String {
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(json, 6)))
}

#[test]
fn every_template_round_trips_with_its_view() {
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let link = encode(&m, &view());
        assert!(link.starts_with(PREFIX));
        assert!(link.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'), "URL-safe");
        let back = decode(&format!("#{link}")).unwrap_or_else(|e| panic!("{}: {e}", t.slug));
        assert_eq!(back.model, m, "{}", t.slug);
        assert_eq!(back.view, view());
        assert_eq!(encode(&m, &view()), link, "deterministic");
    }
}

/// A zlib stream of one stored (uncompressed) block: what any zlib may write, byte for byte different
/// from miniz_oxide's output.
fn stored_zlib(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut chunks = data.chunks(65_535).peekable();
    if chunks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        let len = chunk.len() as u16;
        out.push(u8::from(chunks.peek().is_none()));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// The app compresses with the browser's zlib and reads links in steps (`envelope`, then
/// `fragment_from_zlib`; `zlib_from_fragment`, then `shared_from_json`): a link from any zlib opens, and
/// the steps give what `encode`/`decode` give.
#[test]
fn links_from_any_zlib_open_and_the_steps_match_encode_and_decode() {
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let json = envelope(&m, &view());
        let link = fragment_from_zlib(&stored_zlib(json.as_bytes()));
        assert_eq!(decode(&link).unwrap(), decode(&encode(&m, &view())).unwrap(), "{}", t.slug);
        let packed = zlib_from_fragment(&encode(&m, &view())).unwrap();
        let inflated = miniz_oxide::inflate::decompress_to_vec_zlib(&packed).unwrap();
        assert_eq!(inflated, json.as_bytes(), "{}", t.slug);
        assert_eq!(shared_from_json(&inflated).unwrap().model, m, "{}", t.slug);
    }
    assert_eq!(shared_from_json(&vec![b' '; MAX_DECODED_BYTES + 1]), Err(ShareError::TooLarge));
}

#[test]
fn a_link_without_a_view_restores_the_default_view() {
    let m = TEMPLATES[0].model().unwrap();
    assert_eq!(decode(&encode(&m, &View::default())).unwrap().view, View::default());
}

#[test]
fn not_a_link_or_a_newer_format() {
    assert_eq!(decode(""), Err(ShareError::NotALink));
    assert_eq!(decode("#section-2"), Err(ShareError::NotALink));
    assert_eq!(decode("#m2.abc"), Err(ShareError::UnknownFormat("m2".into())));
    assert_eq!(decode("#model.abc"), Err(ShareError::NotALink));
}

#[test]
fn every_truncation_is_refused() {
    let m = TEMPLATES[3].model().unwrap();
    let link = encode(&m, &view());
    for cut in 0..link.len() {
        let err = decode(&link[..cut]).expect_err("a cut link never opens");
        assert!(matches!(err, ShareError::NotALink | ShareError::Truncated | ShareError::Corrupt), "cut at {cut}: {err:?}");
    }
    let e = decode(&link[..link.len() - 10]).unwrap_err();
    assert_eq!(e.to_string(), "This share link is damaged or incomplete (was it cut off when it was copied?)");
}

#[test]
fn a_changed_character_is_detected() {
    let m = TEMPLATES[0].model().unwrap();
    let link = encode(&m, &view());
    let mut changed = 0;
    for at in (PREFIX.len()..link.len()).step_by(7) {
        let mut bytes = link.clone().into_bytes();
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        let damaged = String::from_utf8(bytes).unwrap();
        match decode(&damaged) {
            Err(_) => changed += 1,
            // A change in the last character's unused bits decodes to the same bytes.
            Ok(s) => assert_eq!(s.model, m),
        }
    }
    assert!(changed > 10);
}

#[test]
fn characters_outside_base64url_are_named() {
    assert_eq!(decode("#m1.abc<script>"), Err(ShareError::BadCharacter { at: 3 }));
    assert_eq!(decode("#m1.ab+c"), Err(ShareError::BadCharacter { at: 2 }));
    assert_eq!(decode("#m1.abcde"), Err(ShareError::Truncated), "5 base64 chars cannot end a group");
}

#[test]
fn a_zip_bomb_is_refused_while_inflating() {
    // 1 KB of link that would inflate to 64 MB.
    let bomb = vec![b' '; 4 * MAX_DECODED_BYTES];
    let link = link_of(&bomb);
    assert!(link.len() < 200_000, "{}", link.len());
    assert_eq!(decode(&link), Err(ShareError::TooLarge));
}

#[test]
fn an_overlong_link_is_refused_unread() {
    let long = format!("{PREFIX}{}", "A".repeat(MAX_LINK_CHARS));
    assert!(matches!(decode(&long), Err(ShareError::TooLong { .. })));
}

#[test]
fn the_payload_must_be_an_envelope_with_a_valid_model() {
    assert!(matches!(decode(&link_of(b"hello")), Err(ShareError::Envelope(_))));
    assert_eq!(decode(&link_of(b"[1]")), Err(ShareError::Envelope("expected an object".into())));
    assert_eq!(decode(&link_of(b"{}")), Err(ShareError::Envelope("no model".into())));
    assert_eq!(decode(&link_of(&[0xff, 0xfe])), Err(ShareError::Corrupt));
    let e = decode(&link_of(br#"{"model":{"version":2,"tables":[{"definition":{},"items":[3]}]}}"#)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The model in this share link is not valid: tables[0].items[0]: expected an item in DynamoDB JSON (an object), found a number"
    );
    // An older model version inside a link migrates like a file.
    let old = decode(&link_of(br#"{"model":{"version":1,"tables":[]}}"#)).unwrap();
    assert_eq!(old.model, Model::new());
}

#[test]
fn link_length_verdicts() {
    assert_eq!(judge_length(1_500), LinkLength::Fine);
    assert_eq!(judge_length(2_000), LinkLength::Fine);
    assert_eq!(judge_length(2_001), LinkLength::Long);
    assert_eq!(judge_length(32_768), LinkLength::Long);
    assert_eq!(judge_length(32_769), LinkLength::TooLong);
}

#[test]
fn embed_snippets_escape_the_address() {
    let opts = EmbedOptions { read_only: true, tab: Some("indexes".into()), height: 600 };
    assert_eq!(
        embed_url("https://example.org/play/?x=1#old", "m1.abc", &opts),
        "https://example.org/play/?embed=1&readonly=1&tab=indexes#m1.abc"
    );
    let s = embed_snippet("https://example.org/\"><script>", "m1.abc", &EmbedOptions::default());
    assert!(s.starts_with("<iframe src=\"https://example.org/&quot;&gt;&lt;script&gt;?embed=1#m1.abc\""), "{s}");
    assert!(!s.contains("<script>"));
    assert!(s.contains("height=\"480\""));
    let tab = embed_url("http://h/", "m1.x", &EmbedOptions { tab: Some("a\"b&c".into()), ..Default::default() });
    assert_eq!(tab, "http://h/?embed=1&tab=abc#m1.x", "a tab slug cannot inject parameters");
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Arbitrary text after the prefix never panics.
        #[test]
        fn any_text_is_answered(s in "\\PC{0,200}") {
            let _ = decode(&s);
            let _ = decode(&format!("{PREFIX}{s}"));
        }

        /// Arbitrary bytes, validly base64url-encoded, never panic and never open as a model unless
        /// they are one.
        #[test]
        fn any_bytes_are_answered(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            let link = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(&bytes));
            let _ = decode(&link);
            let _ = decode(&link_of(&bytes));
        }
    }
}
