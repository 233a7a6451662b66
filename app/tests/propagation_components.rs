//! The index propagation delay in headless Chromium: the setting beside the clock, a GSI Query that
//! misses a fresh write and says so, the write listed as in flight in the Items tab, and the clock's
//! +1 s step that lets it arrive. The sentences themselves come from `app::model::propagation`.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::model::propagation::{clock_time, parse_delay, MAX_DELAY_MS};
use app::modeler::{ItemsTab, ModelerSidebar};
use app::query::QueryTab;
use app::share::ModelActions;
use common::{click, load_model, mount, settle, type_into, Mounted};
use leptos::prelude::*;
use serde_json::json;
use wasm_bindgen_test::wasm_bindgen_test;


async fn page() -> Mounted {
    let page = mount(|| view! { <ModelerSidebar><ModelActions/></ModelerSidebar> <QueryTab/> <ItemsTab/> });
    settle().await;
    let template = formats::gallery::Template::by_slug("index-propagation").expect("the template");
    load_model(&page, template.json).await;
    page
}

async fn console(page: &Mounted, action: &str, body: serde_json::Value) {
    click(&page.by_testid("q-mode-console")).await;
    type_into(&page.by_testid("c-action"), action).await;
    type_into(&page.by_testid("c-body"), &body.to_string()).await;
    click(&page.by_testid("c-run")).await;
}

fn pending_query() -> serde_json::Value {
    json!({"TableName": "Orders", "IndexName": "OrdersByStatus", "KeyConditionExpression": "GSI1PK = :s",
        "ExpressionAttributeValues": {":s": {"S": "STATUS#PENDING"}}})
}

fn new_order() -> serde_json::Value {
    json!({"TableName": "Orders", "Item": {"PK": {"S": "CUSTOMER#dan"}, "SK": {"S": "ORDER#1005"}, "Type": {"S": "ORDER"},
        "orderId": {"S": "1005"}, "customer": {"S": "dan"}, "status": {"S": "PENDING"}, "placedAt": {"S": "2026-03-03T10:00"},
        "total": {"N": "12"}, "GSI1PK": {"S": "STATUS#PENDING"}, "GSI1SK": {"S": "2026-03-03T10:00#1005"}}})
}

fn count_in_body(page: &Mounted) -> u64 {
    let body: serde_json::Value = serde_json::from_str(&page.text("q-body")).expect("a JSON body");
    body["Count"].as_u64().expect("a Count")
}

#[wasm_bindgen_test]
fn the_sentences_name_the_time_to_the_millisecond_and_the_setting_is_bounded() {
    assert_eq!(clock_time(1_700_000_003_042), "22:13:23.042");
    assert_eq!(parse_delay(" 1500 ").map(|l| l.millis()), Ok(1500));
    assert!(parse_delay("-1").is_err());
    assert!(parse_delay("soon").is_err());
    assert!(parse_delay(&(MAX_DELAY_MS + 1).to_string()).is_err());
}

#[wasm_bindgen_test]
async fn a_gsi_query_misses_a_fresh_write_says_so_and_sees_it_after_the_clock_moves() {
    let page = page().await;
    type_into(&page.by_testid("q-propagation-delay"), "1000").await;
    click(&page.by_testid("q-propagation-apply")).await;
    assert_eq!(page.text("q-propagation-current"), "A write reaches the GSIs 1000 ms after it is made.");

    console(&page, "PutItem", new_order()).await;
    console(&page, "Query", pending_query()).await;
    assert_eq!(count_in_body(&page), 2, "the new order has not reached the GSI");
    let note = page.text("q-propagation");
    assert!(note.starts_with("This read of OrdersByStatus missed 1 write still propagating to it (PK=CUSTOMER#dan, SK=ORDER#1005)"), "{note}");
    // The Items tab lists the write in flight, with the time it arrives.
    assert_eq!(page.count("[data-testid=items-in-flight] [data-testid=in-flight-row]"), 1);
    assert!(page.text("items-in-flight").contains("A write of PK=CUSTOMER#dan, SK=ORDER#1005 is propagating: it reaches OrdersByStatus at "));
    // The table itself has it at once.
    console(&page, "GetItem", json!({"TableName": "Orders", "Key": {"PK": {"S": "CUSTOMER#dan"}, "SK": {"S": "ORDER#1005"}}})).await;
    assert!(page.text("q-body").contains("ORDER#1005"));

    click(&page.by_testid("q-clock-second")).await;
    console(&page, "Query", pending_query()).await;
    assert_eq!(count_in_body(&page), 3, "a second later the write has arrived");
    assert_eq!(page.count("[data-testid=q-propagation]"), 0);
    assert_eq!(page.count("[data-testid=items-in-flight]"), 0);
}

#[wasm_bindgen_test]
async fn without_a_delay_the_gsi_sees_the_write_at_once_and_a_bad_delay_is_refused() {
    let page = page().await;
    assert_eq!(page.text("q-propagation-current"), "GSIs are updated with each write.");
    console(&page, "PutItem", new_order()).await;
    console(&page, "Query", pending_query()).await;
    assert_eq!(count_in_body(&page), 3);
    assert_eq!(page.count("[data-testid=q-propagation]"), 0);
    type_into(&page.by_testid("q-propagation-delay"), "soon").await;
    click(&page.by_testid("q-propagation-apply")).await;
    assert_eq!(page.text("q-propagation-error"), "Enter the delay as a whole number of milliseconds (0 turns it off).");
    assert_eq!(page.text("q-propagation-current"), "GSIs are updated with each write.");
}
