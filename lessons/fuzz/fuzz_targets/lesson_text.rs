//! The lesson reader on hostile input: a lesson file, its JSON form, and check lines never panic; a
//! lesson that reads survives the trip to JSON and back, and a check reads back as it is written
//! (`lessons::fuzzing::lesson_text`, which the crate's tests also run over fixed inputs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        lessons::fuzzing::lesson_text(text);
    }
});
