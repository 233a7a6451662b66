//! The bridge's answers and errors, computed by the engine compiled to wasm, in headless Chromium.
#![cfg(target_arch = "wasm32")]

use app::engine_bridge::{measure_item, sample_report, BridgeError, ItemReport, SampleReport};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn sample_item_is_measured_written_and_read_back_by_the_engine() {
    // 55 B: one 1 KB write block (1 WCU), one 4 KB read block eventually consistent (0.5 RCU).
    let expected = SampleReport {
        item: ItemReport { attributes: 5, size_bytes: 55 },
        put_wcu: String::from("1"),
        get_rcu: String::from("0.5"),
    };
    assert_eq!(sample_report(), Ok(expected));
}

#[wasm_bindgen_test]
fn measures_follow_item_size_rules() {
    // (item, attributes, bytes)
    let cases = [
        (r#"{}"#, 0, 0),
        (r#"{"id":{"S":"abc"}}"#, 1, 5),
        (r#"{"ok":{"BOOL":true},"n":{"NULL":true}}"#, 2, 5),
        (r#"{"m":{"M":{"k":{"S":"v"}}}}"#, 1, 1 + 3 + 1 + 1 + 1),
    ];
    for (json, attributes, size_bytes) in cases {
        assert_eq!(measure_item(json), Ok(ItemReport { attributes, size_bytes }), "{json}");
    }
}

#[wasm_bindgen_test]
fn rejects_text_that_is_not_json() {
    assert!(matches!(measure_item("{pk:"), Err(BridgeError::Json(_))));
}

#[wasm_bindgen_test]
fn rejects_json_that_is_not_an_item_with_the_engines_message() {
    let err = measure_item(r#"{"a":{"SS":[]}}"#).expect_err("an empty set is not a value");
    match err {
        BridgeError::Item(message) => assert!(!message.is_empty()),
        other => panic!("expected an item error, got {other:?}"),
    }
    assert!(matches!(measure_item("[]"), Err(BridgeError::Item(_))));
}
