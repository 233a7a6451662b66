//! Component tests of the lesson panel in headless Chromium: a built-in lesson opened, its checks judged
//! as the model changes, Show solution and Reset step as undoable changes, hints one at a time, Next and
//! Previous, progress in localStorage, the simulator's checks, the picker, a lesson a model carries, and
//! a bad lesson file shown with its line and reason.
#![cfg(target_arch = "wasm32")]

use crate::common;

use std::cell::Cell;
use std::rc::Rc;

use app::lessons::{open_built_in, provide_lessons, LessonPanel, LessonPicker, Lessons, Opening};
use app::state::{use_app, AppState, Incoming};
use common::{click, mount, press, settle, wait_ms, Mounted};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;


fn storage() -> web_sys::Storage {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).expect("localStorage")
}

/// The panel and the picker, as the page mounts them, over a fresh state with nothing saved.
fn page() -> (Mounted, AppState, Lessons) {
    storage().clear().expect("clear");
    let lessons = Rc::new(Cell::new(None));
    let made = lessons.clone();
    let page = mount(move || {
        made.set(Some(provide_lessons(use_app())));
        view! {
            <LessonPanel />
            <LessonPicker />
        }
    });
    let app = page.state();
    (page, app, lessons.get().expect("provided"))
}

/// `(check id, state)` of every check shown.
fn checks(page: &Mounted) -> Vec<(String, String)> {
    let list = page.root().query_selector_all("[data-testid=lesson-check]").expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<web_sys::Element>())
        .map(|e| (e.get_attribute("data-check").unwrap_or_default(), e.get_attribute("data-state").unwrap_or_default()))
        .collect()
}

fn states(page: &Mounted) -> Vec<String> {
    checks(page).into_iter().map(|(_, s)| s).collect()
}

fn model_name(app: AppState) -> String {
    app.modeler.state.with_untracked(|s| s.playground.name.clone())
}

fn has_index(app: AppState, index: &str) -> bool {
    app.modeler.state.with_untracked(|s| s.playground.to_model().tables.iter().any(|t| t.definition.to_string().contains(index)))
}

#[wasm_bindgen_test]
async fn a_lesson_step_is_judged_as_the_model_changes_and_its_solution_is_one_undoable_change() {
    let (page, app, l) = page();
    settle().await;
    assert_eq!(page.count("[data-testid=lesson-panel]"), 0, "no lesson, no panel");

    open_built_in(app, l, "sparse-indexes", Opening::Start(0));
    settle().await;
    assert_eq!(page.text("lesson-title"), "Sparse indexes");
    assert_eq!(page.text("lesson-step-count"), "Step 1 of 4");
    assert_eq!(page.text("lesson-step-title"), "A sparse index of active items");
    assert_eq!(model_name(app), "Multi-level menu: sparse active GSI and by-parent GSI", "the step's template opened at once over an empty model");
    assert!(!has_index(app, "ActiveMenuItems"), "the setup took the index away");
    // The introduction comes before the first step, and the Markdown is HTML.
    assert!(page.by_testid("lesson-introduction").inner_html().contains("<p>"));
    assert!(page.by_testid("lesson-instructions").inner_html().contains("<code>ActiveMenuItems</code>"));
    assert_eq!(
        checks(&page),
        vec![("active-gsi".into(), "fail".into()), ("active-carry-key".into(), "fail".into()), ("inactive-left-out".into(), "pass".into())],
        "goals fail at the start, the kept check holds"
    );
    assert_eq!(page.text("lesson-step-status"), "1 of 3 checks pass");
    assert!(page.text("lesson-checks").contains("TenantMenu has no index ActiveMenuItems."), "{}", page.text("lesson-checks"));

    // Hints, one at a time.
    assert_eq!(page.text("lesson-hint"), "Hint (1 of 2)");
    click(&page.by_testid("lesson-hint")).await;
    assert_eq!(page.count("[data-testid=lesson-hint-text]"), 1);
    click(&page.by_testid("lesson-hint")).await;
    assert_eq!(page.count("[data-testid=lesson-hint-text]"), 2);
    assert_eq!(page.count("[data-testid=lesson-hint]"), 0, "no more hints");

    // Show solution: every check green, and the step is recorded as done.
    click(&page.by_testid("lesson-solution")).await;
    settle().await;
    assert!(has_index(app, "ActiveMenuItems"));
    assert_eq!(states(&page), vec!["pass"; 3]);
    assert_eq!(page.text("lesson-step-status"), "All checks pass: this step is done.");
    let saved = storage().get_item("dynamodel.lesson.sparse-indexes").expect("read").expect("progress saved");
    assert!(saved.contains("\"done\":[\"active-gsi\"]") && saved.contains("[\"active-gsi\",2]"), "{saved}");

    // Undo brings the learner's model back, and the checks follow.
    app.modeler.undo();
    settle().await;
    assert!(!has_index(app, "ActiveMenuItems"));
    assert_eq!(states(&page), vec!["fail", "fail", "pass"]);
    app.modeler.redo();
    settle().await;

    // Next: the step continues from this model; Previous goes back without touching it.
    click(&page.by_testid("lesson-next")).await;
    assert_eq!(page.text("lesson-step-count"), "Step 2 of 4");
    assert_eq!(page.text("lesson-step-title"), "Read only the active items");
    assert!(has_index(app, "ActiveMenuItems"), "continued from the solved step");
    assert_eq!(page.count("[data-testid=lesson-introduction]"), 0);
    assert_eq!(page.count("[data-testid=lesson-hint-text]"), 0, "hints are per step");
    assert_eq!(
        gloo_utils::document().active_element().map(|e| e.id()),
        Some(String::from("lsn-step-title")),
        "focus moves to the new step"
    );
    click(&page.by_testid("lesson-prev")).await;
    assert_eq!(page.text("lesson-step-count"), "Step 1 of 4");
    assert!(has_index(app, "ActiveMenuItems"));
    assert_eq!(page.count("[data-testid=lesson-hint-text]"), 2, "revealed hints are remembered");
    assert!(page.by_testid("lesson-prev").has_attribute("disabled"));
}

#[wasm_bindgen_test]
async fn reset_step_goes_back_to_the_start_and_undo_brings_the_work_back() {
    let (page, app, l) = page();
    open_built_in(app, l, "sparse-indexes", Opening::Start(0));
    settle().await;
    click(&page.by_testid("lesson-solution")).await;
    assert!(has_index(app, "ActiveMenuItems"));
    click(&page.by_testid("lesson-reset")).await;
    assert!(!has_index(app, "ActiveMenuItems"));
    assert_eq!(states(&page), vec!["fail", "fail", "pass"]);
    app.modeler.undo();
    settle().await;
    assert!(has_index(app, "ActiveMenuItems"), "Undo brings back what Reset replaced");
}

#[wasm_bindgen_test]
async fn the_last_step_finishes_the_lesson_and_progress_resumes_where_it_was_left() {
    let (page, app, l) = page();
    // `?step=4`: the model is the one the first three solutions make.
    open_built_in(app, l, "sparse-indexes", Opening::Start(3));
    settle().await;
    assert_eq!(page.text("lesson-step-count"), "Step 4 of 4");
    assert_eq!(page.text("lesson-next"), "Finish");
    click(&page.by_testid("lesson-solution")).await;
    assert_eq!(states(&page), vec!["pass"; 3]);
    click(&page.by_testid("lesson-next")).await;
    assert!(page.text("lesson-complete").contains("the checks of 1 of 4 steps have passed"), "{}", page.text("lesson-complete"));
    click(&page.by_testid("lesson-back")).await;
    assert_eq!(page.text("lesson-step-count"), "Step 4 of 4");

    // Closed and opened again from the picker: it continues at step 4, keeping the model.
    click(&page.by_testid("lesson-close")).await;
    assert_eq!(page.count("[data-testid=lesson-panel]"), 0);
    l.picker.set(true);
    settle().await;
    assert_eq!(page.count("[data-testid^=lesson-pick-]"), lessons::course::COURSE.len() as u32);
    assert!(page.text("lesson-pick-sparse-indexes").contains("4 steps · 1 done"));
    assert_eq!(page.text("lesson-start-sparse-indexes"), "Continue");
    assert_eq!(page.text("lesson-start-cost"), "Start");
    let before = app.modeler.state.with_untracked(|s| s.playground.to_model());
    click(&page.by_testid("lesson-start-sparse-indexes")).await;
    assert_eq!(page.count("[data-testid=lesson-picker]"), 0);
    assert_eq!(page.text("lesson-step-count"), "Step 4 of 4");
    assert_eq!(app.modeler.state.with_untracked(|s| s.playground.to_model()), before, "continuing keeps the learner's model");
    assert!(app.travel.incoming.with_untracked(Option::is_none));

    // "Start over" forgets the progress and offers step 1's model: there is work, so it asks first.
    l.picker.set(true);
    settle().await;
    click(&page.by_testid("lesson-restart-sparse-indexes")).await;
    assert_eq!(page.text("lesson-step-count"), "Step 1 of 4");
    assert!(app.travel.incoming.with_untracked(|i| i.as_ref().is_some_and(|i| i.origin == app::state::Origin::Lesson(String::from("Sparse indexes")))));
    // Escape closes the picker.
    l.picker.set(true);
    settle().await;
    press(&page.by_testid("lesson-picker"), "Escape").await;
    assert_eq!(page.count("[data-testid=lesson-picker]"), 0);
}

#[wasm_bindgen_test]
async fn the_simulators_checks_run_once_the_model_settles() {
    let (page, app, l) = page();
    // Launch day: the constant key throttles.
    open_built_in(app, l, "hot-partition", Opening::Start(1));
    settle().await;
    assert_eq!(page.text("lesson-step-count"), "Step 2 of 4");
    wait_ms(50).await;
    assert!(states(&page).contains(&String::from("running")), "{:?}", checks(&page));
    // The simulator runs once the model has stayed the same (and the panel is seen).
    let mut waited = 0;
    while states(&page).contains(&String::from("running")) && waited < 5000 {
        wait_ms(100).await;
        waited += 100;
    }
    let launch = checks(&page).into_iter().find(|(id, _)| id == "within-the-ceiling").expect("the workload check");
    assert_eq!(launch.1, "fail");
    assert!(page.text("lesson-checks").contains("“Launch day”"), "{}", page.text("lesson-checks"));
}

#[wasm_bindgen_test]
async fn a_lesson_a_model_carries_opens_its_panel() {
    let (page, app, _l) = page();
    let lesson = lessons::course::COURSE[2].lesson("en").expect("reads");
    let start = lesson.walk(None).expect("walks")[0].0.clone();
    // The model as a trainer shares it: the first step's model, with the lesson (continuing from it).
    let mut carried = lesson.clone();
    carried.steps[0].start = lessons::Start::Continue;
    carried.steps[0].setup.clear();
    let model = lessons::attach(&start, &carried);
    app.offer(Incoming::new(model, Default::default(), app::state::Origin::ShareLink));
    settle().await;
    settle().await;
    assert_eq!(page.text("lesson-title"), "Sparse indexes");
    assert_eq!(states(&page), vec!["fail", "fail", "pass"]);
    click(&page.by_testid("lesson-solution")).await;
    assert_eq!(states(&page), vec!["pass"; 3]);
    click(&page.by_testid("lesson-reset")).await;
    assert_eq!(states(&page), vec!["fail", "fail", "pass"], "Reset goes back to the model that carried the lesson");
}

#[wasm_bindgen_test]
async fn a_bad_lesson_is_shown_with_its_line_or_path_and_reason() {
    let (page, app, l) = page();
    // A lesson file, fetched (a data: address stands in for a trainer's server).
    let text = "---\nid: broken\nlang: en\ntitle: Broken\n---\nIntro.\n\n## One {#one}\n\nDo it.\n\n```start\ntemplate menu\n```\n\n```check\nx: pattern \"P\" is two requests\n```\n";
    let url = format!("data:text/markdown;charset=utf-8,{}", String::from(js_sys::encode_uri_component(text)));
    app::lessons::open_url(app, l, url, None);
    settle().await;
    let mut waited = 0;
    while page.count("[data-testid=lesson-error]") == 0 && waited < 3000 {
        wait_ms(50).await;
        waited += 50;
    }
    assert_eq!(page.text("lesson-error-place"), "Line 17");
    assert!(page.text("lesson-error-reason").starts_with("Expected "), "{}", page.text("lesson-error-reason"));
    assert!(page.text("lesson-error").contains("The lesson at data:text/markdown"), "{}", page.text("lesson-error"));
    assert_eq!(page.count("[data-testid=lesson-title]"), 0, "nothing opened");
    click(&page.by_testid("lesson-error-dismiss")).await;
    assert_eq!(page.count("[data-testid=lesson-panel]"), 0);

    // A model whose `lesson` member is wrong: the path and the reason.
    let mut model = formats::gallery::Template::by_slug("menu").expect("menu").model().expect("reads");
    model.lesson = Some(serde_json::json!({"id": "x", "lang": "en", "title": "X", "steps": [{"id": "a", "title": "A", "instructions": "Do.", "checks": [{"id": "c", "check": "nonsense"}]}]}));
    app.offer(Incoming::new(model, Default::default(), app::state::Origin::File(String::from("model.json"))));
    settle().await;
    settle().await;
    assert!(page.text("lesson-error-place").starts_with("Lesson.steps[0].checks[0]"), "{}", page.text("lesson-error-place"));
    assert!(page.text("lesson-error-reason").contains("A check starts with one of"), "{}", page.text("lesson-error-reason"));

    // An unknown built-in lesson names the ones there are.
    open_built_in(app, l, "no-such-lesson", Opening::Start(0));
    settle().await;
    assert!(page.text("lesson-error-reason").contains("keys-and-collections"), "{}", page.text("lesson-error-reason"));
}

#[wasm_bindgen_test]
async fn lesson_text_is_shown_as_text_not_markup() {
    let (page, app, l) = page();
    let text = "---\nid: safe\nlang: en\ntitle: Safe\n---\nIntro.\n\n## One {#one}\n\nSee [the guide](javascript:alert(1)) and [AWS](https://aws.amazon.com).\n\n```start\ntemplate menu\n```\n";
    let lesson = lessons::Lesson::from_markdown(text).expect("reads");
    app::lessons::open(app, l, lesson, app::lessons::Origin::Model, None, Opening::Start(0));
    settle().await;
    let html = page.by_testid("lesson-instructions").inner_html();
    assert!(!html.contains("javascript"), "{html}");
    assert!(html.contains("href=\"https://aws.amazon.com\"") && html.contains("target=\"_blank\""), "{html}");
    assert_eq!(page.text("lesson-step-status"), "This step has no checks: read it, then go on.");
}
