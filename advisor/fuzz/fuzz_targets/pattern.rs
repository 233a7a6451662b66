//! Arbitrary text as a model's access patterns and as the pattern form: reading, substituting and
//! checking them never panics, whatever the input (the engine answers a bad request with its error).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    advisor::fuzzing::pattern_text(text);
});
