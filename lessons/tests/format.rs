//! The lesson file and its JSON form: the documented example reads and works, bad files are refused
//! with their line and reason, the JSON form carries the same lesson, and check texts read back the
//! same as they are written.

use lessons::check::{Billing, Check, CostMode, IndexKind, KeyAttr, KeyType, Projection, Quantifier};
use lessons::{evaluate_model, render_en, Lesson, Start};
use proptest::prelude::*;
use serde_json::json;

/// The complete example of `docs/lesson-format.md`, exactly as the page shows it.
fn documented_example() -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/lesson-format.md")).unwrap();
    let start = doc.find("````markdown\n").expect("the example") + "````markdown\n".len();
    let end = start + doc[start..].find("\n````\n").expect("its end");
    doc[start..end + 1].to_string()
}

#[test]
fn the_documented_example_reads_and_is_completable() {
    let lesson = Lesson::from_markdown(&documented_example()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((lesson.id.as_str(), lesson.lang.as_str(), lesson.title.as_str()), ("sparse-menu", "en", "Only the active menu items"));
    assert!(lesson.introduction.starts_with("The storefront shows"));
    let ids: Vec<&str> = lesson.steps.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["active-gsi", "query-active"]);
    let first = &lesson.steps[0];
    assert_eq!(first.title, "Build the sparse index");
    assert!(first.instructions.starts_with("Add the GSI `ActiveMenuItems`") && !first.instructions.contains("Hint"));
    assert_eq!(first.hints.len(), 2);
    assert_eq!(first.hints[1], "An item without the index's key attributes is simply not in the index.");
    assert_eq!(first.start, Start::Template("menu".into()));
    assert_eq!(first.setup.len(), 2);
    assert_eq!(first.checks.iter().map(|c| (c.id.as_str(), c.kept)).collect::<Vec<_>>(), [("active-gsi", false), ("inactive-left-out", true), ("active-carry-key", false)]);
    assert_eq!(lesson.steps[1].start, Start::Continue);

    // Walk it: goals fail before each solution, kept checks hold, and everything passes after.
    let mut current = engine::model::Model::default();
    for step in &lesson.steps {
        let start = step.starting_model(&current).unwrap();
        for (c, r) in step.checks.iter().zip(evaluate_model(&step.checks, &start, 0)) {
            assert_eq!(r.passed, c.kept, "{}/{} before: {}", step.id, c.id, render_en(&r.message));
        }
        let end = step.solution_model(&start).unwrap().unwrap();
        for r in evaluate_model(&step.checks, &end, 0) {
            assert!(r.passed, "{}/{} after: {}", step.id, r.id, render_en(&r.message));
        }
        current = end;
    }
}

const GOOD_HEAD: &str = "---\nid: x\nlang: en\ntitle: X\n---\nIntro.\n\n";
const GOOD_STEP: &str = "## One {#one}\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\na: table TenantMenu is keyed PK, SK\n```\n";

/// (file, line, what the refusal says).
fn bad_files() -> Vec<(String, u32, &'static str)> {
    vec![
        ("no front matter\n".into(), 1, "A lesson file starts with front matter"),
        ("---\nid: x\n".into(), 1, "The front matter has no closing `---` line."),
        ("---\nid: x\nlevel: easy\n---\n".into(), 3, "Unknown front matter key “level”"),
        ("---\nid: x\nlang: en\n---\n".into(), 1, "The lesson needs “title”."),
        ("---\nid: X Y\nlang: en\ntitle: t\n---\n".into(), 1, "“X Y” is not a valid id"),
        ("---\nid: x\nlang: de\ntitle: t\n---\n".into(), 1, "Unknown language “de” (one of en, tr)."),
        (format!("{GOOD_HEAD}# Title\n"), 8, "The lesson's title goes in the front matter"),
        (GOOD_HEAD.to_string(), 1, "The lesson has no steps"),
        (format!("{GOOD_HEAD}## A step\nText.\n"), 8, "Step “A step” has no id: write its heading as `## A step {#an-id}`."),
        (format!("{GOOD_HEAD}## A step {{#a}}\n\n```start\ntemplate menu\n```\n"), 8, "Step “a” has no instructions."),
        (format!("{GOOD_HEAD}## A step {{#a}}\nText.\n"), 8, "The first step cannot continue"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n## Two {{#one}}\nMore.\n"), 19, "Two steps have the id “one”."),
        (format!("{GOOD_HEAD}```check\na: table T is keyed PK\n```\n"), 8, "A `check` block belongs to a step"),
        (format!("{GOOD_HEAD}### Hint\nEarly.\n"), 8, "A hint belongs to a step"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n```check\nb: table T is keyed PK\n```\n"), 19, "Step “one” has two `check` blocks."),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n- item\n\n  ```solution\n  []\n  ```\n"), 21, "must stand on its own"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n<div>hi</div>\n"), 19, "Raw HTML is not allowed"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\nSome <b>bold</b> text.\n"), 19, "Raw HTML is not allowed"),
        // Check lines: the line of the check itself.
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\na: table T is keyed PK\nb: table T is shaped PK\n```\n"), 17, "Expected one of “keyed”, “billed”, found “shaped”."),
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\n\n# a comment\ntable T is keyed PK\n```\n"), 18, "A check starts with its id and a colon"),
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\na: finding hot-stuff is present\n```\n"), 16, "Unknown advisor rule “hot-stuff”"),
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\n  a: table T is keyed PK\n```\n"), 16, "This line is indented"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n## Two {{#two}}\nMore.\n\n```check\na: table T is keyed PK\n```\n"), 23, "Two checks have the id “a”."),
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\ntemplate nothing-like-it\n```\n\n```check\na: table T is keyed PK\n```\n"), 8, "There is no template “nothing-like-it”."),
        (format!("{GOOD_HEAD}## One {{#one}}\nDo it.\n\n```start\nsomewhere\n```\n"), 12, "A `start` block holds `continue`, `template <name>` or a model file"),
        // JSON in blocks: syntax errors at their line, shape errors with their path.
        (format!("{GOOD_HEAD}{GOOD_STEP}\n```solution\n[\n  {{\"rekey\": \"TenantMenu\"}},\n  {{\"rekey\" \"x\"}}\n]\n```\n"), 22, "expected `:`"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n```solution\n[{{\"rekey\": \"T\"}}, {{\"recolour\": \"T\"}}]\n```\n"), 20, "[1]: unknown variant `recolour`"),
        (format!("{GOOD_HEAD}{GOOD_STEP}\n```setup\n[{{\"gsi\": {{\"table\": \"T\", \"index\": {{}}}}}}]\n```\n"), 20, "Edit 1: a GSI edit's index is the GlobalSecondaryIndexes entry"),
    ]
}

#[test]
fn bad_lesson_files_are_refused_with_the_line_and_the_reason() {
    let mut wrong = Vec::new();
    for (text, line, says) in bad_files() {
        match Lesson::from_markdown(&text) {
            Ok(_) => wrong.push(format!("accepted:\n{text}")),
            Err(e) => {
                let shown = render_en(&e.message);
                if e.line != Some(line) || !shown.contains(says) {
                    wrong.push(format!("{text}\n  → line {:?}: {shown}\n  expected line {line}: {says}", e.line));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n\n"));
    let good = format!("{GOOD_HEAD}{GOOD_STEP}");
    Lesson::from_markdown(&good).unwrap();
}

#[test]
fn text_around_the_blocks_is_kept_as_written() {
    let text = format!(
        "{GOOD_HEAD}Second paragraph with a [link](https://example.com).\n\n## One {{#one}}\nFirst.\n\n```json\n{{\"a\": 1}}\n```\n\n```start\ntemplate menu\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n### Hint: think\nThe hint.\n\n```check\na: table TenantMenu is keyed PK, SK\n```\n\n### Hint\nAnother.\n\n---\n\nAfter a rule.\n"
    );
    let l = Lesson::from_markdown(&text).unwrap();
    assert_eq!(l.introduction, "Intro.\n\nSecond paragraph with a [link](https://example.com).");
    assert_eq!(l.steps[0].instructions, "First.\n\n```json\n{\"a\": 1}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    assert_eq!(l.steps[0].hints, ["The hint.", "Another.\n\n---\n\nAfter a rule."]);
    // A `## ` inside a code sample is no step.
    let l = Lesson::from_markdown(&format!("{GOOD_HEAD}## One {{#one}}\n```text\n## not a step\n```\n\n```start\ntemplate menu\n```\n")).unwrap();
    assert_eq!(l.steps.len(), 1);
}

#[test]
fn the_json_form_carries_the_same_lesson() {
    let lesson = Lesson::from_markdown(&documented_example()).unwrap();
    let v = lesson.to_json();
    assert_eq!(v["steps"][0]["start"], json!({"template": "menu"}));
    assert!(v["steps"][1].get("start").is_none(), "continue is the default");
    assert_eq!(v["steps"][0]["checks"][1], json!({"id": "inactive-left-out", "check": "no MenuItem item where status = INACTIVE has GSI1PK", "kept": true}));
    assert_eq!(Lesson::from_json(&v).unwrap(), lesson);
    // A first step may continue here: from the model that carries the lesson.
    let mut carried = v.clone();
    carried["steps"][0].as_object_mut().unwrap().remove("start");
    assert_eq!(Lesson::from_json(&carried).unwrap().steps[0].start, Start::Continue);
}

#[test]
fn json_faults_are_named_by_their_path() {
    let lesson = Lesson::from_markdown(&documented_example()).unwrap().to_json();
    let cases: Vec<(serde_json::Value, &str)> = vec![
        (json!({"id": "x", "lang": "en", "title": "t"}), "missing field `steps`"),
        ({ let mut v = lesson.clone(); v["colour"] = json!("red"); v }, "unknown field `colour`"),
        ({ let mut v = lesson.clone(); v["steps"][1]["checks"][0]["check"] = json!("pattern \"x\" is two requests"); v }, "steps[1].checks[0].check: Expected “one request”, found “two”."),
        ({ let mut v = lesson.clone(); v["steps"][0]["solution"][2] = json!({"rekey": 3}); v }, "steps[0].solution[2].rekey: invalid type: integer `3`, expected a string"),
        ({ let mut v = lesson.clone(); v["steps"][0]["start"] = json!({"template": 1}); v }, "steps[0].start: A `start` block holds"),
        ({ let mut v = lesson.clone(); v["steps"][1]["id"] = json!("active-gsi"); v }, "steps[1].id: Two steps have the id “active-gsi”."),
        ({ let mut v = lesson.clone(); v["lang"] = json!("fr"); v }, "lang: Unknown language “fr”"),
    ];
    for (v, says) in cases {
        let e = Lesson::from_json(&v).unwrap_err();
        assert!(e.to_string().contains(says), "{e} — expected {says}");
    }
    // In a model file, the path starts at the member.
    let m = engine::model::Model { lesson: Some(json!({"id": "x", "lang": "en", "title": "t", "steps": [{"id": "a", "title": "A", "instructions": "Do.", "checks": [{"id": "c", "check": "nonsense"}]}]})), ..Default::default() };
    let e = Lesson::from_model(&m).unwrap().unwrap_err();
    assert_eq!(e.to_string(), "lesson.steps[0].checks[0].check: A check starts with one of pattern, request, table, index, gsi, lsi, some, every, no, finding, workload; found “nonsense”.");
    assert!(Lesson::from_model(&engine::model::Model::default()).is_none());
}

#[test]
fn check_texts_are_refused_saying_what_was_expected() {
    let cases = [
        ("pattern \"x\" is one", "Expected “one request”, found the end of the line."),
        ("pattern x takes at most many requests", "Expected a whole number, found “many”."),
        ("pattern \"x\" returns only", "Expected a name, found the end of the line."),
        ("index I on T is keyed A:Q", "Key type “Q” is not one of S, N, B."),
        ("index I on T is keyed A, B, C", "A key has one or two attributes; found 3."),
        ("index I on T is keyed A projecting SOME", "Expected one of “ALL”, “KEYS_ONLY”, “INCLUDE”, found “SOME”."),
        ("workload \"w\" keeps every partition under 120%", "Expected a share of the ceiling from 1% to 100%, found “120%”."),
        ("workload \"w\" costs under 120 a month", "Expected an amount in dollars such as $120 or $99.50, found “120”."),
        ("request Frobnicate {} answers {}", "Unknown operation “Frobnicate”"),
        ("request Query {\"a\": } answers {}", "Expected a JSON object: expected value"),
        ("pattern \"x\" is one request please", "Expected the end of the check, found “please”."),
        ("pattern \"unclosed is one request", "A quoted name is a JSON string"),
    ];
    for (text, says) in cases {
        let e = Check::parse(text).unwrap_err();
        assert!(render_en(&e).contains(says), "{text}: {}", render_en(&e));
    }
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof!["[A-Za-z][A-Za-z0-9_.-]{0,8}", "[A-Za-z ,:'\"{}=#]{1,12}", Just(String::from("on")), Just(String::from("items"))]
}

fn key_attr() -> impl Strategy<Value = KeyAttr> {
    (name(), prop::option::of(prop_oneof![Just(KeyType::S), Just(KeyType::N), Just(KeyType::B)])).prop_map(|(name, key_type)| KeyAttr { name, key_type })
}

fn check() -> impl Strategy<Value = Check> {
    let json_obj = prop_oneof![Just(json!({})), Just(json!({"Count": 2, "Items": [{"SK": {"S": "a b"}}]})), Just(json!({"__type": "ConditionalCheckFailedException"}))];
    prop_oneof![
        (name(), 1u64..20).prop_map(|(pattern, max)| Check::PatternRequests { pattern, max }),
        (name(), prop::collection::vec(name(), 1..3)).prop_map(|(pattern, entities)| Check::PatternReturnsOnly { pattern, entities }),
        (name(), 0u64..1000).prop_map(|(pattern, items)| Check::PatternReadsAtMost { pattern, items }),
        (name(), json_obj.clone()).prop_map(|(pattern, expect)| Check::PatternAnswers { pattern, expect }),
        json_obj.prop_map(|expect| Check::Request { operation: "Query".into(), request: json!({"TableName": "T"}), expect }),
        (name(), prop::collection::vec(key_attr(), 1..3)).prop_map(|(table, keys)| Check::TableKeyed { table, keys }),
        (name(), prop::bool::ANY).prop_map(|(table, p)| Check::TableBilled { table, billing: if p { Billing::Provisioned } else { Billing::OnDemand } }),
        (name(), name()).prop_map(|(table, attribute)| Check::TableTtl { table, attribute }),
        (name(), name(), prop::collection::vec(key_attr(), 1..3), prop::option::of(prop_oneof![Just(Projection::All), Just(Projection::KeysOnly), prop::collection::vec(name(), 1..3).prop_map(Projection::Include)]), 0..3usize)
            .prop_map(|(table, index, keys, projection, k)| Check::Index { kind: [IndexKind::Any, IndexKind::Global, IndexKind::Local][k], table, index, keys, projection }),
        (0..3usize, name(), prop::option::of((name(), name())), name())
            .prop_map(|(q, entity, filter, attribute)| Check::Items { quantifier: [Quantifier::Some, Quantifier::Every, Quantifier::No][q], entity, filter, attribute }),
        (0..13usize, prop::option::of(name()), prop::bool::ANY).prop_map(|(r, target, present)| Check::Finding { rule: advisor::RuleId::ALL[r].id().into(), target, present }),
        name().prop_map(|workload| Check::NoThrottles { workload }),
        (name(), 1u64..=100).prop_map(|(workload, percent)| Check::PartitionsUnder { workload, percent }),
        (name(), 0u64..10_000_000_000, 0..3usize).prop_map(|(workload, micro_usd, m)| Check::CostUnder { workload, micro_usd, mode: [CostMode::AsBilled, CostMode::OnDemand, CostMode::Provisioned][m] }),
    ]
}

proptest! {
    #[test]
    fn a_check_reads_back_as_it_is_written(c in check()) {
        let text = c.to_string();
        prop_assert_eq!(Check::parse(&text).map_err(|e| render_en(&e)), Ok(c), "{}", text);
    }

    #[test]
    fn the_reader_never_panics(text in "\\PC{0,300}") {
        lessons::fuzzing::lesson_text(&text);
        lessons::fuzzing::lesson_text(&format!("{GOOD_HEAD}{GOOD_STEP}{text}"));
        lessons::fuzzing::lesson_text(&format!("{GOOD_HEAD}## S {{#s}}\n{text}\n```check\na: {text}\n```\n"));
    }
}

#[test]
fn the_fuzz_body_holds_on_the_course_and_the_bad_files() {
    for b in &lessons::course::COURSE {
        lessons::fuzzing::lesson_text(b.en);
        lessons::fuzzing::lesson_text(b.tr);
    }
    lessons::fuzzing::lesson_text(&documented_example());
    for (text, _, _) in bad_files() {
        lessons::fuzzing::lesson_text(&text);
    }
}
