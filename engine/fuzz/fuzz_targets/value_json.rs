//! Arbitrary bytes -> JSON -> DynamoDB AttributeValue decoder. The decoder must never panic, and
//! whatever it accepts must survive encode -> decode unchanged, with a canonical encoding that is a
//! fixed point. Item decoding and the size/depth accounting run on the same input.
#![no_main]

use engine::value::{item_from_json, item_to_json, value_depth, value_from_json, value_size, value_to_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    if let Ok(value) = value_from_json(&json) {
        let encoded = value_to_json(&value);
        let again = value_from_json(&encoded).expect("an encoded value decodes");
        assert_eq!(again, value, "round trip changed the value");
        assert_eq!(value_to_json(&again), encoded, "canonical encoding is not a fixed point");
        let _ = value_size(&value);
        assert!(value_depth(&value) <= 32, "decoder accepted a value nested deeper than 32 levels");
    }
    if let Ok(item) = item_from_json(&json) {
        let encoded = item_to_json(&item);
        assert_eq!(item_from_json(&encoded).expect("an encoded item decodes"), item);
    }
});
