//! The share-link decoder on hostile input: raw fragments, and valid zlib+base64url wrappings of
//! arbitrary bytes (so the inflater and the model reader are reached, not just the base64 check).
//! Nothing may panic; whatever opens must encode and open again to the same model.
#![no_main]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use formats::share::{decode, encode, PREFIX};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = decode(text);
    }
    let wrapped = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(data, 1)));
    if let Ok(shared) = decode(&wrapped) {
        let again = decode(&encode(&shared.model, &shared.view)).expect("an encoded link opens");
        assert_eq!(again, shared);
    }
    let raw = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(data));
    let _ = decode(&raw);
});
