//! The locale files are complete: every key of every namespace exists in English and Turkish, each
//! with the same `{{ arguments }}`, and no value is empty.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeMap;

use serde_json::Value;
use wasm_bindgen_test::wasm_bindgen_test;


macro_rules! namespaces {
    ($($ns:literal),* $(,)?) => {
        [$(($ns, include_str!(concat!("../locales/en/", $ns, ".json")), include_str!(concat!("../locales/tr/", $ns, ".json")))),*]
    };
}

/// Must list build.rs's `NAMESPACES`: a namespace missing here fails `every_namespace_is_checked`.
const FILES: [(&str, &str, &str); 11] = namespaces!(
    "common", "shell", "modeler", "grid", "query", "heat", "patterns", "share", "gallery", "lessons", "dialog",
);

/// `key.path` → the sorted `{{ argument }}` names of its text.
fn leaves(prefix: &str, v: &Value, out: &mut BTreeMap<String, Vec<String>>) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                leaves(&path, v, out);
            }
        }
        Value::String(text) => {
            assert!(!text.trim().is_empty(), "{prefix} is empty");
            let mut args: Vec<String> = text
                .split("{{")
                .skip(1)
                .filter_map(|rest| rest.split_once("}}").map(|(name, _)| name.trim().to_string()))
                .collect();
            args.sort();
            args.dedup();
            out.insert(prefix.to_string(), args);
        }
        other => panic!("{prefix}: a translation is text, not {other}"),
    }
}

fn parse(ns: &str, lang: &str, text: &str) -> BTreeMap<String, Vec<String>> {
    let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("locales/{lang}/{ns}.json: {e}"));
    let mut out = BTreeMap::new();
    leaves("", &value, &mut out);
    out
}

#[wasm_bindgen_test]
fn english_and_turkish_have_the_same_keys_and_arguments() {
    let mut problems = Vec::new();
    for (ns, en, tr) in FILES {
        let (en, tr) = (parse(ns, "en", en), parse(ns, "tr", tr));
        for key in en.keys().filter(|k| !tr.contains_key(*k)) {
            problems.push(format!("{ns}.{key} is missing from tr"));
        }
        for key in tr.keys().filter(|k| !en.contains_key(*k)) {
            problems.push(format!("{ns}.{key} is missing from en"));
        }
        for (key, args) in &en {
            if let Some(tr_args) = tr.get(key).filter(|a| *a != args) {
                problems.push(format!("{ns}.{key}: en has arguments {args:?}, tr {tr_args:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[wasm_bindgen_test]
fn every_namespace_is_checked() {
    let build = include_str!("../build.rs");
    for (ns, _, _) in FILES {
        assert!(build.contains(&format!("\"{ns}\"")), "{ns} is not a namespace in build.rs");
    }
    let listed = build.split("NAMESPACES: [&str; ").nth(1).and_then(|r| r.split(']').next()).unwrap_or("");
    assert_eq!(listed.trim(), FILES.len().to_string(), "build.rs has namespaces this test does not read");
}
