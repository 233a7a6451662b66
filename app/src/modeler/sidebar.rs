//! The "Model" sidebar: tables, their entities, examples, undo/redo and the banner.

use gloo_events::{EventListener, EventListenerOptions};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use super::dialogs::Dialogs;
use crate::i18n::{t, t_string, use_i18n, Locale};
use crate::language::numbers;
use crate::state::{use_modeler, Dialog, Modeler};

/// The sidebar's examples: a few of the gallery's templates (by slug, `formats::gallery`), opened the
/// way the gallery opens them, so an example is the same model, explanation and access patterns
/// wherever it is picked, and never replaces work without asking.
pub const EXAMPLES: [&str; 3] = ["ecommerce", "menu", "time-series"];

/// An example's name on its button.
fn example_label(locale: Locale, slug: &str) -> &'static str {
    use crate::i18n::td_string;
    match slug {
        "ecommerce" => td_string!(locale, modeler.example_ecommerce),
        "menu" => td_string!(locale, modeler.example_menu),
        _ => td_string!(locale, modeler.example_time_series),
    }
}

/// Ctrl/Cmd+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes — unless the user is typing in a field, where the
/// browser's own text undo applies. Listens on the window while the calling component lives.
fn install_shortcuts(m: Modeler) {
    // Not passive (gloo's default): the shortcut cancels the browser's own handling of the key.
    let options = EventListenerOptions::enable_prevent_default();
    let listener = EventListener::new_with_options(&gloo_utils::window(), "keydown", options, move |ev| {
        let Some(ev) = ev.dyn_ref::<web_sys::KeyboardEvent>() else { return };
        if !(ev.ctrl_key() || ev.meta_key()) {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        match ev.key().as_str() {
            "z" | "Z" if ev.shift_key() => m.redo(),
            "z" => m.undo(),
            "y" => m.redo(),
            _ => return,
        }
        ev.prevent_default();
    });
    let listener = SendWrapper::new(listener);
    on_cleanup(move || drop(listener));
}

/// The sidebar; its children (the model's file, share and template actions) go at its top.
#[component]
pub fn ModelerSidebar(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    // A read-only embed shows no control that changes the model: no undo, no new table, no examples.
    let editing = !m.read_only;
    if editing {
        install_shortcuts(m);
    }
    let tables = Memo::new(move |_| {
        m.state.with(|s| s.playground.tables().iter().map(|t| (t.name().to_string(), t.rows.len(), t.entities.len())).collect::<Vec<_>>())
    });
    let can_undo = Memo::new(move |_| m.state.with(|s| s.history.can_undo()));
    let can_redo = Memo::new(move |_| m.state.with(|s| s.history.can_redo()));
    let app = crate::state::use_app();

    view! {
        <div class="mdl-sidebar" data-testid="model-tables">
            {children.map(|c| c())}
            <Show when=move || editing>
            <div class="mdl-history">
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="undo"
                    title=move || t_string!(i18n, modeler.undo_title)
                    disabled=move || !can_undo.get()
                    on:click=move |_| m.undo()
                >
                    {t!(i18n, modeler.undo)}
                </button>
                <button
                    type="button"
                    class="mdl-btn"
                    data-testid="redo"
                    title=move || t_string!(i18n, modeler.redo_title)
                    disabled=move || !can_redo.get()
                    on:click=move |_| m.redo()
                >
                    {t!(i18n, modeler.redo)}
                </button>
            </div>
            </Show>
            <Show when=move || m.notice.with(Option::is_some)>
                <div
                    class="mdl-notice"
                    class:mdl-notice-error=move || m.notice.with(|n| n.as_ref().is_some_and(|n| n.error))
                    role="alert"
                    data-testid="modeler-notice"
                >
                    <span>{move || m.notice.with(|n| n.as_ref().map(|n| crate::state::notice_text(i18n.get_locale(), &n.text)).unwrap_or_default())}</span>
                    <button type="button" class="mdl-link" aria-label=move || t_string!(i18n, common.dismiss) on:click=move |_| m.notice.set(None)>
                        "×"
                    </button>
                </div>
            </Show>
            <ul class="mdl-table-list" aria-label=move || t_string!(i18n, modeler.tables)>
                <For each=move || tables.get().into_iter().enumerate() key=|row| row.clone() let:row>
                    <TableRow index=row.0 name=row.1.0 rows=row.1.1 entities=row.1.2/>
                </For>
            </ul>
            <Show when=move || tables.with(Vec::is_empty)>
                <div class="mdl-empty" data-testid="no-tables">
                    <p class="mdl-empty-title">{t!(i18n, modeler.no_tables_title)}</p>
                    <p class="mdl-muted">
                        {t!(i18n, modeler.no_tables_help)}
                    </p>
                </div>
            </Show>
            <Show when=move || editing>
            <button type="button" class="mdl-btn mdl-primary" data-testid="new-table" on:click=move |_| m.dialog.set(Some(Dialog::Designer(None)))>
                {t!(i18n, modeler.new_table)}
            </button>
            </Show>
            <SelectedTable/>
            <Show when=move || editing>
            <details class="mdl-examples">
                <summary data-testid="examples">{t!(i18n, modeler.examples)}</summary>
                <p class="mdl-muted">{t!(i18n, modeler.examples_help)}</p>
                {EXAMPLES
                    .iter()
                    .map(|&slug| {
                        view! {
                            <button type="button" class="mdl-btn mdl-block" data-testid=format!("example-{slug}") on:click=move |_| app.offer_template(slug)>
                                {move || example_label(i18n.get_locale(), slug)}
                            </button>
                        }
                    })
                    .collect_view()}
                <button
                    type="button"
                    class="mdl-btn mdl-block"
                    data-testid="examples-gallery"
                    on:click=move |_| {
                        app.travel.gallery.set(crate::state::GalleryState::Open);
                        app.tab.set(crate::state::Tab::Items);
                    }
                >
                    {t!(i18n, modeler.all_templates)}
                </button>
            </details>
            </Show>
            <Dialogs/>
        </div>
    }
}

/// One table of the list: selecting it shows its items.
#[component]
fn TableRow(index: usize, name: String, rows: usize, entities: usize) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let selected = move || m.selected.get() == Some(index);
    view! {
        <li class="mdl-table" class:mdl-selected=selected>
            <button
                type="button"
                class="mdl-table-name"
                data-testid=format!("table-{name}")
                aria-pressed=move || selected().to_string()
                on:click=move |_| m.selected.set(Some(index))
            >
                <span class="mdl-table-title">{name.clone()}</span>
                <span class="mdl-muted">
                    {t!(i18n, modeler.table_row_counts, rows = move || numbers::count(i18n.get_locale(), rows as u64), entities = move || numbers::count(i18n.get_locale(), entities as u64))}
                </span>
            </button>
        </li>
    }
}

/// What the selected table panel shows: (table, name, partition key, sort key, entities, design error).
type TableInfo = (usize, String, String, Option<String>, Vec<String>, Option<String>);

/// The selected table's design summary and entity list.
#[component]
fn SelectedTable() -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let info = Memo::new(move |_| -> Option<TableInfo> {
        let sel = m.selected.get()?;
        m.state.with(|s| {
            let t = s.playground.table(sel)?;
            let (pk, sk) = t.key_names();
            let entities: Vec<String> = t.entities.iter().map(|e| e.name.clone()).collect();
            Some((sel, t.name().to_string(), pk.unwrap_or_default(), sk, entities, t.definition_error.clone()))
        })
    });
    move || {
        info.get().map(|(table, name, pk, sk, entities, def_error)| {
            let open = move |d: Dialog| move |_| m.dialog.set(Some(d.clone()));
            // A read-only embed lists the design and its entities with no control that changes them.
            let editing = !m.read_only;
            view! {
                <section class="mdl-panel" data-testid="table-panel" aria-label={ let name = name.clone(); move || t_string!(i18n, modeler.table_panel, name = name.clone()) }>
                    <h3 class="mdl-panel-title">{name.clone()}</h3>
                    <p class="mdl-keys">
                        <span class="mdl-chip" title=move || t_string!(i18n, modeler.partition_key)>{t!(i18n, modeler.chip_partition, name = move || pk.clone())}</span>
                        {sk.map(|sk| view! { <span class="mdl-chip" title=move || t_string!(i18n, modeler.sort_key)>{t!(i18n, modeler.chip_sort, name = move || sk.clone())}</span> })}
                    </p>
                    {def_error.map(|e| view! { <p class="mdl-error" data-testid="definition-error">{e}</p> })}
                    {editing.then(|| view! {
                        <div class="mdl-row">
                            <button type="button" class="mdl-btn" data-testid="edit-table" on:click=open(Dialog::Designer(Some(table)))>
                                {t!(i18n, modeler.edit_design)}
                            </button>
                            <button type="button" class="mdl-btn" data-testid="add-blank-item" on:click=open(Dialog::AddItem { table, entity: None })>
                                {t!(i18n, modeler.add_item_button)}
                            </button>
                        </div>
                    })}
                    <h4 class="mdl-subtitle">{t!(i18n, modeler.entities)}</h4>
                    <ul class="mdl-entity-list">
                        {entities
                            .into_iter()
                            .enumerate()
                            .map(|(i, e)| {
                                view! {
                                    <li class="mdl-entity">
                                        <span class="mdl-entity-name">{e.clone()}</span>
                                        {editing.then(|| view! {
                                            <button
                                                type="button"
                                                class="mdl-link"
                                                data-testid=format!("edit-entity-{e}")
                                                on:click=open(Dialog::Entity { table, entity: Some(i) })
                                            >
                                                {t!(i18n, modeler.edit_entity_link)}
                                            </button>
                                            <button
                                                type="button"
                                                class="mdl-btn mdl-small"
                                                data-testid=format!("add-item-{e}")
                                                on:click=open(Dialog::AddItem { table, entity: Some(i) })
                                            >
                                                {format!("+ {e}")}
                                            </button>
                                        })}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    {editing.then(|| view! {
                        <button type="button" class="mdl-btn" data-testid="new-entity" on:click=open(Dialog::Entity { table, entity: None })>
                            {t!(i18n, modeler.new_entity)}
                        </button>
                    })}
                </section>
            }
        })
    }
}
