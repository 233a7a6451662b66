//! Component tests of the modeler in headless Chromium: the sidebar and the Items tab mounted together
//! (and the Indexes tab, and the dialogs), driven with clicks and key presses the way a user would.
#![cfg(target_arch = "wasm32")]

use crate::common;

use app::modeler::{IndexesTab, ItemsTab, ModelerSidebar};
use common::{click, focused, load_model, mount, press, type_into, wait_ms, ECOMMERCE, READINGS};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::HtmlElement;


fn modeler() -> impl IntoView {
    view! {
        <ModelerSidebar/>
        <ItemsTab/>
    }
}

fn row_keys(root: &HtmlElement) -> Vec<String> {
    let rows = root.query_selector_all("[data-testid=grid-row]").expect("selector");
    (0..rows.length())
        .filter_map(|i| rows.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .filter_map(|e| e.get_attribute("data-key"))
        .collect()
}

#[wasm_bindgen_test]
async fn example_loads_edits_with_the_keyboard_and_undoes() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    // The grid follows its measured size, which the browser reports after layout.
    wait_ms(100).await;
    // Item collections in key order, sort keys in DynamoDB order within each.
    assert_eq!(
        row_keys(page.root()),
        [
            "PK=PRODUCT#p9, SK=REVIEW#u2",
            "PK=USER#u1, SK=ORDER#o-001",
            "PK=USER#u1, SK=ORDER#o-002",
            "PK=USER#u1, SK=PROFILE#u1",
            "PK=USER#u2, SK=PROFILE#u2",
        ]
    );
    assert_eq!(page.count("[data-testid=partition-band]"), 3);
    assert!(page.text("grid-summary").starts_with("5 items · 3 item collections"));

    // Arrow down puts the cursor on the first item's partition key; Enter opens the typed editor.
    let grid = page.by_testid("item-grid");
    press(&grid, "ArrowDown").await;
    assert_eq!(page.count("[data-testid=grid-cursor]"), 1);
    press(&grid, "Enter").await;
    let input = page.by_testid("cell-editor-input");
    assert_eq!(js_sys::Reflect::get(&input, &"value".into()).unwrap().as_string().as_deref(), Some("PRODUCT#p9"));

    // An empty key is refused with DynamoDB's error, in place; nothing changes.
    type_into(&input, "").await;
    press(&input, "Enter").await;
    assert!(page.text("cell-editor-error").starts_with("ValidationException"), "{}", page.text("cell-editor-error"));
    assert_eq!(row_keys(page.root())[0], "PK=PRODUCT#p9, SK=REVIEW#u2");

    // A valid key moves the item to its new collection.
    type_into(&input, "PRODUCT#p1").await;
    press(&input, "Enter").await;
    assert_eq!(page.count("[data-testid=cell-editor]"), 0);
    assert_eq!(row_keys(page.root())[0], "PK=PRODUCT#p1, SK=REVIEW#u2");

    // Undo puts it back.
    click(&page.by_testid("undo")).await;
    assert_eq!(row_keys(page.root())[0], "PK=PRODUCT#p9, SK=REVIEW#u2");
    click(&page.by_testid("redo")).await;
    assert_eq!(row_keys(page.root())[0], "PK=PRODUCT#p1, SK=REVIEW#u2");
}

#[wasm_bindgen_test]
async fn values_render_as_text_and_rows_show_size_and_wcu() {
    let page = mount(modeler);
    load_model(&page, READINGS).await;
    // The grid draws the rows in view. With no stylesheet here it grows with its rows, and it draws
    // them all once it has been measured again (a ResizeObserver report, after a frame).
    wait_ms(50).await;
    // Numeric sort key: 0, 5, 999, 1700000000, 1700000060 for device d-1.
    let d1: Vec<String> = row_keys(page.root()).into_iter().filter(|k| k.starts_with("deviceId=d-1,")).collect();
    assert_eq!(d1, ["deviceId=d-1, ts=0", "deviceId=d-1, ts=5", "deviceId=d-1, ts=999", "deviceId=d-1, ts=1700000000", "deviceId=d-1, ts=1700000060"]);
    let sizes = page.root().query_selector_all("[data-testid=item-wcu]").expect("selector");
    assert_eq!(sizes.length(), 9);
    // No element was created from item data: every cell holds text (and the type badge) only.
    assert_eq!(page.count("[data-testid=cell] b, [data-testid=cell] script"), 0);
}

#[wasm_bindgen_test]
fn grid_html_escapes_item_data_everywhere_it_appears() {
    let rows = [
        app::model::grid_view::ViewRow { pos: 0, kind: app::model::grid_view::ViewKind::Partition { label: "<b>P</b>".into(), items: 1, bytes: 10, band: 0 } },
        app::model::grid_view::ViewRow {
            pos: 1,
            kind: app::model::grid_view::ViewKind::Item {
                id: Some(7),
                key: "PK=\"<x>\"".into(),
                band: 0,
                cells: vec![("<script>".into(), "a&b".into(), "")],
                size: 10,
                wcu: "1".into(),
                wcu_why: app::model::grid_view::WcuWhy::TableOnly(1),
                error: Some("bad <i>".into()),
            },
        },
    ];
    let html = app::model::grid_html::rows_html(&rows, &["<c>".to_string()], 1..1, true, &|_| true, app::i18n::Locale::en);
    assert!(!html.contains("<b>") && !html.contains("<script>") && !html.contains("<x>") && !html.contains("<i>") && !html.contains("<c>"), "{html}");
    assert!(html.contains("&lt;script&gt;") && html.contains("a&amp;b") && html.contains("data-key=\"PK=&quot;&lt;x&gt;&quot;\""));
    assert!(html.contains(r#"data-id="7""#) && html.contains("mdl-row-error mdl-row-match") && html.contains(r#"data-match="true""#));
}

#[wasm_bindgen_test]
fn a_grid_draws_the_columns_in_view() {
    use app::model::grid_geometry::column_window;
    // A frame not measured yet: every column.
    assert_eq!(column_window(9, 0, 0), 1..9);
    // 926 px at the left edge: column 5 starts at 44 + 5 × 170 = 894, in view; column 6 (1,064) is not.
    assert_eq!(column_window(9, 0, 926), 1..6);
    // Scrolled 600 px: column 2 (384..554) is gone to the left, column 3 (554..724) is still in view.
    assert_eq!(column_window(9, 600, 926), 3..9);
    assert_eq!(column_window(9, 553, 926), 2..9);
    // Fewer columns than the frame holds, or none at all.
    assert_eq!(column_window(2, 0, 926), 1..2);
    assert_eq!(column_window(0, 0, 926), 0..0);
    assert_eq!(column_window(0, 0, 0), 0..0);
}

#[wasm_bindgen_test]
fn the_frozen_columns_follow_the_horizontal_scroll() {
    use app::model::grid_geometry::frozen_offsets;
    // 9 columns make a 1,758 px row: 832 px hidden beyond a 926 px frame.
    assert_eq!(frozen_offsets(9, 0, 926), (0, 832));
    assert_eq!(frozen_offsets(9, 600, 926), (600, 232));
    // Scrolled past the end (an overscroll) or a frame wider than the row: nothing moves further.
    assert_eq!(frozen_offsets(9, 5_000, 926), (832, 0));
    assert_eq!(frozen_offsets(2, 300, 926), (0, 0));
}

#[wasm_bindgen_test]
fn a_row_names_the_grid_column_of_the_first_cell_after_a_gap() {
    let cells = (0..5).map(|c| (format!("v{c}"), format!("v{c}"), "")).collect();
    let row = app::model::grid_view::ViewRow { pos: 0, kind: app::model::grid_view::ViewKind::Item { id: None, key: "k".into(), band: 0, cells, size: 1, wcu: "1".into(), wcu_why: app::model::grid_view::WcuWhy::TableOnly(1), error: None } };
    let columns: Vec<String> = (0..5).map(|c| format!("a{c}")).collect();
    let html = app::model::grid_html::rows_html(std::slice::from_ref(&row), &columns, 3..5, false, &|_| false, app::i18n::Locale::en);
    // The key column, then columns 3 and 4; 1 and 2 are left out, so column 3 says where it goes
    // (grid line 5: the gutter's track, then columns 0, 1, 2).
    assert!(html.contains(r#"data-c="0" data-col="a0""#) && !html.contains(r#"data-c="1""#) && !html.contains(r#"data-c="2""#), "{html}");
    assert!(html.contains(r#"data-c="3" style="grid-column-start:5" data-col="a3""#) && html.contains(r#"data-c="4" data-col="a4""#), "{html}");
    // No gap: no placement.
    let html = app::model::grid_html::rows_html(std::slice::from_ref(&row), &columns, 1..5, false, &|_| false, app::i18n::Locale::en);
    assert!(!html.contains("grid-column-start"), "{html}");
}

#[wasm_bindgen_test]
fn grid_html_read_only_grids_have_no_delete_buttons() {
    let row = app::model::grid_view::ViewRow { pos: 3, kind: app::model::grid_view::ViewKind::Item { id: None, key: "k".into(), band: 1, cells: vec![], size: 1, wcu: "1".into(), wcu_why: app::model::grid_view::WcuWhy::TableOnly(1), error: None } };
    let html = app::model::grid_html::rows_html(&[row], &[], 1..1, false, &|_| false, app::i18n::Locale::en);
    assert!(!html.contains("row-delete") && !html.contains("Delete item"), "{html}");
    assert!(html.contains(r#"data-pos="3" data-band="1" data-match="false""#));
    // The WCU figure carries its breakdown.
    assert!(html.contains(r#"data-testid="item-wcu" title="table 1 WCU (indexes not counted)">1</div>"#), "{html}");
}

#[wasm_bindgen_test]
fn grid_html_reuse_plan_keeps_unchanged_rows_in_order() {
    use app::model::grid_html::reuse_plan;
    let rows = |v: &[(usize, &str)]| v.iter().map(|(p, h)| (*p, h.to_string())).collect::<Vec<_>>();
    // A scroll: rows 3 and 4 stay, 5 and 6 are new.
    assert_eq!(reuse_plan(&rows(&[(1, "a"), (2, "b"), (3, "c"), (4, "d")]), &rows(&[(3, "c"), (4, "d"), (5, "e"), (6, "f")])), vec![Some(2), Some(3), None, None]);
    // An edit: only the changed row is redrawn.
    assert_eq!(reuse_plan(&rows(&[(1, "a"), (2, "b"), (3, "c")]), &rows(&[(1, "a"), (2, "B"), (3, "c")])), vec![Some(0), None, Some(2)]);
    // Nothing drawn yet, or a jump: everything afresh.
    assert_eq!(reuse_plan(&[], &rows(&[(1, "a")])), vec![None]);
    assert_eq!(reuse_plan(&rows(&[(1, "a")]), &rows(&[(90, "z")])), vec![None]);
}

#[wasm_bindgen_test]
async fn the_grid_redraws_only_the_row_an_edit_changed() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    let rows = page.root().query_selector_all("[data-testid=grid-row]").expect("selector");
    assert!(rows.length() > 2);
    let first = rows.item(0).expect("a row");
    let second = rows.item(1).expect("a row");
    // Edit the first row's last attribute through the keyboard: the second row's element is the same one.
    let grid = page.by_testid("item-grid");
    let _ = grid.focus();
    press(&grid, "ArrowDown").await;
    // Past the two key columns to the first attribute that can be removed.
    press(&grid, "ArrowRight").await;
    press(&grid, "ArrowRight").await;
    press(&grid, "Delete").await;
    let after = page.root().query_selector_all("[data-testid=grid-row]").expect("selector");
    assert!(!after.item(0).expect("a row").is_same_node(Some(&first)), "the edited row was not redrawn");
    assert!(after.item(1).expect("a row").is_same_node(Some(&second)), "an unchanged row was redrawn");
}

/// Choose `value` in a `<select>` as a user would (set it, fire `change`).
async fn choose(el: &HtmlElement, value: &str) {
    js_sys::Reflect::set(el, &"value".into(), &value.into()).expect("set value");
    el.dispatch_event(&web_sys::Event::new("change").expect("change event")).expect("dispatch change");
    common::settle().await;
}

/// A page with nothing saved (earlier tests autosave their models).
fn nothing_saved() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
}

fn value_of(el: &HtmlElement) -> String {
    js_sys::Reflect::get(el, &"value".into()).unwrap().as_string().unwrap_or_default()
}

/// Ctrl+`key` on the window, as the undo/redo shortcuts hear it.
async fn shortcut(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(true);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("keyboard event");
    web_sys::window().expect("window").dispatch_event(&ev).expect("dispatch");
    common::settle().await;
}

#[wasm_bindgen_test]
async fn the_designer_checks_as_you_type_and_creates_the_table() {
    nothing_saved();
    let page = mount(modeler);
    assert_eq!(page.count("[data-testid=no-tables]"), 1);
    click(&page.by_testid("new-table")).await;
    assert_eq!(page.count("[data-testid=designer]"), 1);
    // A new table is not judged before it is touched; then CreateTable's own message shows by the name.
    assert!(page.by_testid("error-table-name").hidden());
    type_into(&page.by_testid("table-name"), "x").await;
    assert!(!page.by_testid("error-table-name").hidden());
    assert!(page.text("error-table-name").starts_with("ValidationException"), "{}", page.text("error-table-name"));
    assert!(page.by_testid("designer-save").has_attribute("disabled"));
    type_into(&page.by_testid("table-name"), "Orders").await;
    assert!(page.by_testid("error-table-name").hidden());
    // The keys as drafted, the sort key switchable.
    assert_eq!(value_of(&page.by_testid("pk-name")), "PK");
    assert_eq!(value_of(&page.by_testid("sk-type")), "S");
    click(&page.by_testid("sk-enabled")).await;
    assert_eq!(page.count("[data-testid=sk-name]"), 0);
    click(&page.by_testid("sk-enabled")).await;
    assert_eq!(page.count("[data-testid=sk-name]"), 1);
    // Provisioned capacity asks for units; a GSI can project INCLUDE.
    assert_eq!(page.count("[data-testid=rcu]"), 0);
    choose(&page.by_testid("billing-mode"), "PROVISIONED").await;
    assert_eq!(value_of(&page.by_testid("rcu")), "5");
    click(&page.by_testid("add-gsi")).await;
    assert_eq!(value_of(&page.by_testid("gsi-0-name")), "GSI1");
    assert_eq!(value_of(&page.by_testid("gsi-0-rcu")), "5");
    assert_eq!(page.count("[data-testid=gsi-0-include]"), 0);
    choose(&page.by_testid("gsi-0-projection"), "INCLUDE").await;
    type_into(&page.by_testid("gsi-0-include"), "total").await;
    // A GSI sharing another's name is refused by CreateTable, and the form cannot be applied.
    click(&page.by_testid("add-gsi")).await;
    type_into(&page.by_testid("gsi-1-name"), "GSI1").await;
    assert_eq!(page.count("[data-testid=designer] .mdl-error:not([hidden])"), 1, "{}", page.by_testid("designer").inner_html());
    assert!(page.by_testid("designer-save").has_attribute("disabled"));
    click(&page.by_testid("gsi-1-remove")).await;
    assert_eq!(page.count("[data-testid=gsi-1]"), 0);
    click(&page.by_testid("designer-save")).await;
    assert_eq!(page.count("[data-testid=designer]"), 0, "{}", page.root().inner_html());
    assert_eq!(page.count("[data-testid=table-Orders]"), 1);
    assert_eq!(page.text("grid-table-name"), "Orders");
    assert!(page.text("grid-summary").starts_with("0 items"));
    // Ctrl+Z on the page (not in a field) undoes the new table; Ctrl+Y brings it back.
    shortcut("z").await;
    assert_eq!(page.count("[data-testid=table-Orders]"), 0);
    shortcut("y").await;
    assert_eq!(page.count("[data-testid=table-Orders]"), 1);
    // Its design, reopened, is what was applied.
    click(&page.by_testid("edit-table")).await;
    assert_eq!(value_of(&page.by_testid("billing-mode")), "PROVISIONED");
    assert_eq!(value_of(&page.by_testid("gsi-0-projection")), "INCLUDE");
    assert_eq!(value_of(&page.by_testid("gsi-0-include")), "total");
    click(&page.by_testid("designer-cancel")).await;
    assert_eq!(page.count("[data-testid=designer]"), 0);
}

#[wasm_bindgen_test]
async fn entities_fill_the_keys_of_a_new_item_and_templates_are_checked() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    click(&page.by_testid("add-item-User")).await;
    assert_eq!(page.count("[data-testid=add-item-dialog]"), 1);
    type_into(&page.by_testid("field-userId"), "u9").await;
    type_into(&page.by_testid("field-email"), "u9@example.com").await;
    assert!(page.text("add-item-keys").contains("USER#u9") && page.text("add-item-keys").contains("PROFILE#u9"), "{}", page.text("add-item-keys"));
    click(&page.by_testid("add-item-submit")).await;
    assert_eq!(page.count("[data-testid=add-item-dialog]"), 0);
    wait_ms(50).await;
    assert!(row_keys(page.root()).contains(&"PK=USER#u9, SK=PROFILE#u9".to_string()), "{:?}", row_keys(page.root()));
    assert!(page.text("grid-summary").starts_with("6 items"));

    // A template naming an attribute the entity does not have is refused next to its key.
    click(&page.by_testid("edit-entity-User")).await;
    let pk = page.by_testid("entity-key-PK");
    assert_eq!(value_of(&pk), "USER#{userId}");
    assert_eq!(value_of(&page.by_testid("entity-name")), "User");
    type_into(&pk, "USER#{nobody}").await;
    let errors = page.root().query_selector_all("[data-testid=entity-editor] label span.mdl-error:not([hidden])").unwrap();
    assert_eq!(errors.length(), 1);
    type_into(&pk, "USER#{userId}").await;
    // A new attribute row, typed.
    click(&page.by_testid("entity-add-attr")).await;
    type_into(&page.by_testid("entity-attr-3-name"), "age").await;
    choose(&page.by_testid("entity-attr-3-type"), "N").await;
    assert_eq!(value_of(&page.by_testid("entity-attr-3-type")), "N");
    click(&page.by_testid("entity-save")).await;
    assert_eq!(page.count("[data-testid=entity-editor]"), 0);
    click(&page.by_testid("add-item-User")).await;
    assert_eq!(page.count("[data-testid=field-age]"), 1);
    click(&page.by_testid("add-item-cancel")).await;
}

#[wasm_bindgen_test]
async fn the_cell_editor_changes_a_type_and_removes_an_attribute() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    wait_ms(50).await;
    let grid = page.by_testid("item-grid");
    // The first item (PRODUCT#p9 / REVIEW#u2): its third column is `Type`.
    press(&grid, "ArrowDown").await;
    press(&grid, "ArrowRight").await;
    press(&grid, "ArrowRight").await;
    press(&grid, "Enter").await;
    assert!(page.by_testid("cell-editor").get_attribute("aria-label").is_some_and(|l| l.starts_with("Edit ")));
    let attribute = page.root().query_selector(".mdl-editor-attr").unwrap().unwrap().text_content().unwrap();
    assert_eq!(value_of(&page.by_testid("cell-editor-type")), "S");
    // The text field has the focus, its text selected.
    wait_ms(20).await;
    assert_eq!(focused().map(|f| f.get_attribute("data-testid")), Some(Some("cell-editor-input".to_string())));
    let area: web_sys::HtmlTextAreaElement = page.by_testid("cell-editor-input").unchecked_into();
    assert_eq!((area.selection_start().unwrap(), area.selection_end().unwrap()), (Some(0), Some(area.value().len() as u32)), "{}", area.value());
    assert!(!area.value().is_empty());
    // NULL has no text; BOOL is a choice of two.
    choose(&page.by_testid("cell-editor-type"), "NULL").await;
    assert_eq!(page.text("cell-editor-input"), "NULL has no value.");
    choose(&page.by_testid("cell-editor-type"), "BOOL").await;
    choose(&page.by_testid("cell-editor-input"), "true").await;
    click(&page.by_testid("cell-editor-save")).await;
    assert_eq!(page.count("[data-testid=cell-editor]"), 0);
    let cell = format!("[data-testid=grid-row][data-key=\"PK=PRODUCT#p9, SK=REVIEW#u2\"] [data-col=\"{attribute}\"]");
    assert_eq!(page.root().query_selector(&cell).unwrap().unwrap().get_attribute("data-t").as_deref(), Some("BOOL"));
    // Escape leaves without a change; "Remove attribute" takes it off the item.
    press(&grid, "Enter").await;
    press(&page.by_testid("cell-editor-input"), "Escape").await;
    assert_eq!(page.count("[data-testid=cell-editor]"), 0);
    press(&grid, "Enter").await;
    click(&page.by_testid("cell-editor-remove")).await;
    assert_eq!(page.root().query_selector(&cell).unwrap().unwrap().text_content().as_deref(), Some(""));
    // A key cell's type cannot change and it cannot be removed.
    press(&grid, "Home").await;
    press(&grid, "ArrowLeft").await;
    press(&grid, "ArrowLeft").await;
    press(&grid, "Enter").await;
    assert!(page.by_testid("cell-editor-type").has_attribute("disabled"));
    assert_eq!(page.count("[data-testid=cell-editor-remove]"), 0);
    click(&page.by_testid("cell-editor-cancel")).await;
}

#[wasm_bindgen_test]
async fn the_indexes_tab_shows_each_index_as_the_engine_reads_it() {
    nothing_saved();
    let page = mount(|| {
        view! {
            <ModelerSidebar/>
            <IndexesTab/>
        }
    });
    assert_eq!(page.count("[data-testid=no-indexes]"), 1);
    page.state().tab.set(app::state::Tab::Indexes);
    load_model(&page, ECOMMERCE).await;
    wait_ms(50).await;
    assert_eq!(page.count("[data-testid=index-tab-GSI1]"), 1);
    assert_eq!(page.by_testid("index-tab-GSI1").get_attribute("aria-selected").as_deref(), Some("true"));
    let summary = page.text("index-summary");
    assert!(summary.starts_with("GSI · keys GSI1PK / GSI1SK · projection"), "{summary}");
    // Sparse: the profiles carry no GSI1 keys.
    assert!(summary.contains("of 5 items (sparse"), "{summary}");
    let rows = page.count("[data-testid=index-grid] [data-testid=grid-row]");
    assert!(rows > 0 && rows < 5, "{rows}");
    // Read-only: no delete buttons, Enter opens no editor.
    assert_eq!(page.count("[data-testid=index-grid] [data-testid=row-delete]"), 0);
    let grid = page.by_testid("index-grid");
    press(&grid, "ArrowDown").await;
    press(&grid, "Enter").await;
    assert_eq!(page.count("[data-testid=cell-editor]"), 0);
}

#[wasm_bindgen_test]
async fn a_read_only_grid_of_entries_draws_its_rows_and_says_when_it_has_none() {
    use app::grid::{Grid, GridModel};
    use app::model::layout::{layout, Entry};
    let items: Vec<engine::value::Item> = ["a", "b", "c"]
        .iter()
        .map(|k| engine::value::item_from_json(&serde_json::json!({"id": {"S": k}, "n": {"N": "1"}})).unwrap())
        .collect();
    let page = mount(move || {
        let entries: Vec<Entry<'_, usize>> = items.iter().enumerate().map(|(i, item)| Entry { key: i, item, unstored: false }).collect();
        let laid = layout(entries, "id", &[], &["id"]);
        let full = GridModel::entries(items.clone(), laid, vec!["id".into()], vec!["id".into()]);
        let model = Memo::new(move |_| full.clone());
        let none = Memo::new(|_| GridModel::default());
        view! {
            <Grid model editable=None testid="g"/>
            <Grid model=none editable=None testid="nothing"/>
        }
    });
    wait_ms(50).await;
    let rows: Vec<String> = row_keys(&page.by_testid("g"));
    assert_eq!(rows, ["id=a", "id=b", "id=c"]);
    assert_eq!(page.count("[data-testid=partition-band]"), 3);
    assert_eq!(page.count("[data-testid=row-delete]"), 0);
    assert_eq!(page.count("[data-testid=new-column-name]"), 0, "no column tool on a read-only grid");
    assert_eq!(page.by_testid("g").get_attribute("aria-rowcount").as_deref(), Some("6"));
    assert_eq!(page.count("[data-testid=g-empty]"), 0);
    assert_eq!(page.text("nothing-empty"), "No items here yet.");
    // The keyboard moves a cursor over items only, skipping the collection headers.
    let grid = page.by_testid("g");
    press(&grid, "ArrowDown").await;
    press(&grid, "ArrowDown").await;
    let cursor = page.by_testid("grid-cursor");
    assert_eq!(cursor.style().get_property_value("top").unwrap(), "90px");
}

/// The element with `data-testid` `id` inside `el`.
fn inside(el: &web_sys::Element, id: &str) -> HtmlElement {
    el.query_selector(&format!("[data-testid=\"{id}\"]")).expect("selector").expect(id).unchecked_into()
}

/// Whether keyboard focus is inside the open dialog.
fn focus_in_dialog() -> bool {
    focused().and_then(|f| f.closest("[role=dialog]").ok().flatten()).is_some()
}

#[wasm_bindgen_test]
async fn a_dialog_takes_focus_keeps_tab_inside_closes_on_escape_and_gives_focus_back() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    let opener = page.by_testid("edit-table");
    opener.focus().expect("focus");
    click(&opener).await;
    let dialog = page.root().query_selector("[role=dialog]").expect("selector").expect("the designer is open");
    assert_eq!(focused().and_then(|f| f.get_attribute("data-testid")).as_deref(), Some("table-name"), "focus starts on the first field");

    // Tab from the last control goes round to the first; Shift+Tab from the first to the last.
    let stops = dialog.query_selector_all("input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])").expect("selector");
    let last: HtmlElement = (0..stops.length())
        .rev()
        .filter_map(|i| stops.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .find(|e| e.offset_parent().is_some())
        .expect("a last control");
    last.focus().expect("focus");
    press(&last, "Tab").await;
    assert_eq!(focused().and_then(|f| f.get_attribute("data-testid")).as_deref(), Some("table-name"));
    let shift_tab = web_sys::KeyboardEventInit::new();
    shift_tab.set_key("Tab");
    shift_tab.set_shift_key(true);
    shift_tab.set_bubbles(true);
    shift_tab.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &shift_tab).expect("event");
    inside(&dialog, "table-name").dispatch_event(&ev).expect("dispatch");
    assert!(focused().is_some_and(|f| f.is_same_node(Some(&last))), "Shift+Tab from the first control goes to the last");
    assert!(ev.default_prevented());

    // Escape closes it wherever focus is (here: nowhere in the dialog), and focus goes back to the opener.
    gloo_utils::document().body().expect("body").focus().expect("focus");
    press(&gloo_utils::document().body().expect("body"), "Escape").await;
    assert_eq!(page.count("[role=dialog]"), 0);
    wait_ms(20).await;
    assert!(focused().is_some_and(|f| f.is_same_node(Some(&opener))), "focus is back on Edit design");

    // Every modeler dialog takes focus as it opens.
    for (id, first) in [("new-entity", "entity-name"), ("add-blank-item", "field-PK"), ("new-table", "table-name")] {
        let opener = page.by_testid(id);
        opener.focus().expect("focus");
        click(&opener).await;
        assert!(focus_in_dialog(), "{id} opens a dialog that takes focus");
        assert_eq!(focused().and_then(|f| f.get_attribute("data-testid")).as_deref(), Some(first), "{id}");
        press(&focused().expect("focus"), "Escape").await;
        assert_eq!(page.count("[role=dialog]"), 0, "Escape closes what {id} opened");
    }
}

#[wasm_bindgen_test]
async fn tab_is_left_to_the_browser_in_the_grid() {
    let page = mount(modeler);
    load_model(&page, ECOMMERCE).await;
    wait_ms(100).await;
    let grid = page.by_testid("item-grid");
    press(&grid, "ArrowDown").await;
    let before = page.by_testid("grid-cursor").style().get_property_value("left").unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Tab");
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("event");
    grid.dispatch_event(&ev).expect("dispatch");
    common::settle().await;
    assert!(!ev.default_prevented(), "Tab moves focus out of the grid, as the browser does");
    assert_eq!(page.by_testid("grid-cursor").style().get_property_value("left").unwrap(), before, "the cursor stays");
}

#[wasm_bindgen_test]
fn the_cell_editor_stays_inside_the_frame() {
    use app::model::grid_geometry::{editor_place, editor_width, Frame, ROW_H};
    let frame = Frame { left: 0, top: 0, width: 926, height: 500 };
    // Room everywhere: under its cell, at the cell's left edge.
    assert_eq!(editor_place(214, 30, (340, 150), frame), (214, 60));
    // The rightmost column: moved left until its right edge is 6 px inside the frame.
    assert_eq!(editor_place(724, 30, (340, 150), frame), (926 - 340 - 6, 60));
    // Scrolled sideways: the frame's own left and right edges count.
    assert_eq!(editor_place(1_400, 30, (340, 150), Frame { left: 600, ..frame }), (600 + 926 - 340 - 6, 60));
    // No room below the row (the header covers the frame's first row): it opens above.
    let low = 12 * ROW_H;
    assert_eq!(editor_place(214, low, (340, 150), frame), (214, low - 150));
    // Room neither below nor above: as low as it fits, its top left corner in view.
    let small = Frame { left: 0, top: 0, width: 400, height: 240 };
    assert_eq!(editor_place(214, 30, (340, 190), small), (54, 14));
    // A frame narrower than the editor: it takes the frame's width less its margins.
    assert_eq!(editor_width(1_000), 340);
    assert_eq!(editor_width(300), 288);
    assert_eq!(editor_width(0), 340);
}

#[wasm_bindgen_test]
fn a_header_partly_under_the_key_column_moves_its_name_into_view() {
    use app::model::grid_geometry::header_inset;
    // Not scrolled: nothing hides.
    assert_eq!(header_inset(1, 0), 0);
    // Scrolled 85 px: column 1's first 85 px are under the key column.
    assert_eq!(header_inset(1, 85), 85);
    assert_eq!(header_inset(2, 85), 0);
    // Scrolled 170 px: column 1 is wholly under it, column 2 in view.
    assert_eq!(header_inset(1, 170), 0);
    assert_eq!(header_inset(2, 170), 0);
    assert_eq!(header_inset(2, 250), 80);
    // The key column itself never moves its name.
    assert_eq!(header_inset(0, 85), 0);
}

#[wasm_bindgen_test]
fn a_duplicate_index_name_is_blamed_on_the_index_being_edited() {
    use app::model::design::{Field, IndexDraft, TableDraft};
    let mut d = TableDraft { name: String::from("Shop"), gsis: vec![IndexDraft::new_gsi(1), IndexDraft::new_gsi(2)], ..TableDraft::default() };
    d.partition.name = String::from("PK");
    d.gsis[1].name = d.gsis[0].name.clone();
    let err = d.check_edited(NOW_MS, Some(Field::Gsi(1))).expect_err("two indexes of one name");
    assert!(err.error.message().ends_with("Duplicate index name: GSI1"), "{}", err.error.message());
    assert_eq!(err.field, Field::Gsi(1));
    // The first renamed to the second's name: the first is the one being edited.
    assert_eq!(d.check_edited(NOW_MS, Some(Field::Gsi(0))).expect_err("duplicate").field, Field::Gsi(0));
    // Nothing edited yet (a saved design): the later of the two.
    assert_eq!(d.check(NOW_MS).expect_err("duplicate").field, Field::Gsi(1));
    // An edit elsewhere does not move it onto an index of another name.
    assert_eq!(d.check_edited(NOW_MS, Some(Field::TableName)).expect_err("duplicate").field, Field::Gsi(1));
}

const NOW_MS: u64 = 1_700_000_000_000;

#[wasm_bindgen_test]
fn a_wcu_figure_breaks_down_into_the_table_and_each_index() {
    use app::model::grid_view::{wcu_breakdown, wcu_why_text, WcuBasis};
    use engine::capacity::{Consumed, Factor, Reason, Target};
    let mut c = Consumed::new("Shop");
    c.write(Target::Table, 187, Factor::Standard, Reason::WriteItem { old: None, new: 187 });
    let en = |(wcu, why): (String, app::model::grid_view::WcuWhy)| (wcu, wcu_why_text(app::i18n::Locale::en, &why));
    assert_eq!(en(wcu_breakdown(&c)), (String::from("1"), String::from("table 1 WCU (no index entry)")));
    c.write(Target::GlobalIndex(String::from("GSI1")), 120, Factor::Standard, Reason::IndexPut);
    c.write(Target::LocalIndex(String::from("ByDate")), 2_000, Factor::Standard, Reason::IndexPut);
    assert_eq!(en(wcu_breakdown(&c)), (String::from("4"), String::from("table 1 WCU + GSI GSI1 1 WCU + LSI ByDate 2 WCU = 4 WCU")));
    assert_eq!(WcuBasis::TableAndIndexes.header(app::i18n::Locale::en), "WCU (table + indexes)");
    assert_eq!(WcuBasis::TableAlone.header(app::i18n::Locale::en), "WCU (table alone)");
}
