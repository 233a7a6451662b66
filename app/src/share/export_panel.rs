//! The "Export" dialog: the model as a NoSQL Workbench model, a CloudFormation template (YAML or JSON)
//! with a seed script, and its items as DynamoDB JSON or batch-write request files. Each export says
//! what its format cannot hold.

use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml};

use leptos::prelude::*;

use crate::dialog::Dialog;
use super::file_io::file_name;
use crate::download::download;
use crate::i18n::{t, td_string, use_i18n, Locale};
use crate::language::numbers;
use crate::state::{use_app, Modeler};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Workbench,
    CfnYaml,
    CfnJson,
    Seed,
    Items,
    Batches,
}

/// Save `format`'s file(s) for the current model.
fn run(m: Modeler, format: Format) -> Outcome {
    let model = m.state.with_untracked(|s| s.playground.to_model());
    let notes = |n: Vec<formats::workbench::Note>| n.into_iter().map(|n| n.to_string()).collect::<Vec<_>>();
    Ok(match format {
        Format::Workbench => {
            let (doc, n) = formats::workbench::export(&model);
            let name = file_name(&model, ".workbench.json");
            download(&name, "application/json", &serde_json::to_string_pretty(&doc).unwrap_or_default())?;
            (Saved::File(name), notes(n))
        }
        Format::CfnYaml | Format::CfnJson => {
            let (doc, n) = cloudformation(&model).map_err(|e| e.to_string())?;
            let (name, text) = if format == Format::CfnYaml {
                (file_name(&model, ".cfn.yaml"), to_yaml(&doc))
            } else {
                (file_name(&model, ".cfn.json"), serde_json::to_string_pretty(&doc).unwrap_or_default())
            };
            download(&name, if format == Format::CfnYaml { "application/yaml" } else { "application/json" }, &text)?;
            (Saved::File(name), notes(n))
        }
        Format::Seed => {
            let name = file_name(&model, ".seed.sh");
            download(&name, "text/x-shellscript", &seed_script(&model))?;
            (Saved::File(name), Vec::new())
        }
        Format::Items => {
            let name = file_name(&model, ".items.json");
            download(&name, "application/json", &serde_json::to_string_pretty(&items_json(&model)).unwrap_or_default())?;
            (Saved::File(name), Vec::new())
        }
        Format::Batches => {
            let files = batch_files(&model, "");
            for (name, req) in &files {
                download(name, "application/json", &req.to_string())?;
            }
            (Saved::Requests(files.len()), Vec::new())
        }
    })
}

/// What an export saved: one file, or so many batch-write request files.
#[derive(Clone)]
enum Saved {
    File(String),
    Requests(usize),
}

/// What the last export did: the file(s) it saved and what the format left out, or why it failed.
type Outcome = Result<(Saved, Vec<String>), String>;

/// The exports, in the dialog's order: format and test id.
const CHOICES: [(Format, &str); 6] = [
    (Format::Workbench, "export-workbench"),
    (Format::CfnYaml, "export-cfn-yaml"),
    (Format::CfnJson, "export-cfn-json"),
    (Format::Seed, "export-seed"),
    (Format::Items, "export-items"),
    (Format::Batches, "export-batches"),
];

/// A format's button label and what it is for.
fn choice_words(locale: Locale, format: Format) -> (&'static str, &'static str) {
    match format {
        Format::Workbench => (td_string!(locale, share.export_workbench), td_string!(locale, share.export_workbench_hint)),
        Format::CfnYaml => (td_string!(locale, share.export_cfn_yaml), td_string!(locale, share.export_cfn_yaml_hint)),
        Format::CfnJson => (td_string!(locale, share.export_cfn_json), td_string!(locale, share.export_cfn_json_hint)),
        Format::Seed => (td_string!(locale, share.export_seed), td_string!(locale, share.export_seed_hint)),
        Format::Items => (td_string!(locale, share.export_items), td_string!(locale, share.export_items_hint)),
        Format::Batches => (td_string!(locale, share.export_batches), td_string!(locale, share.export_batches_hint)),
    }
}

/// The file an export saved and what its format left out, or why it failed.
#[component]
fn ExportOutcome(outcome: Outcome) -> impl IntoView {
    let i18n = use_i18n();
    match outcome {
        Ok((name, notes)) => {
            let n = notes.len();
            let left_out = (!notes.is_empty()).then(|| {
                view! {
                    <p class="trv-warn">{t!(i18n, share.export_left_out, count = move || numbers::count(i18n.get_locale(), n as u64))}</p>
                    <ul data-testid="export-notes">{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                }
            });
            view! {
                <div class="trv-result" role="status" data-testid="export-result">
                    <p>
                        {match name {
                            Saved::File(name) => t!(i18n, share.export_saved, name = move || name.clone()).into_any(),
                            Saved::Requests(n) => t!(i18n, share.export_saved_requests, count = move || numbers::count(i18n.get_locale(), n as u64)).into_any(),
                        }}
                    </p>
                    {left_out}
                </div>
            }
            .into_any()
        }
        Err(e) => view! { <p class="mdl-error" role="alert" data-testid="export-error">{e}</p> }.into_any(),
    }
}

/// The dialog and its backdrop; Escape or a click on the backdrop closes it.
#[component]
pub fn ExportPanel() -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let (t, m) = (app.travel, app.modeler);
    let result = RwSignal::new(None::<Outcome>);
    let close = Callback::new(move |_| t.panel.set(None));
    let choices = CHOICES
        .into_iter()
        .map(|(format, id)| {
            view! {
                <button type="button" class="mdl-btn" data-testid=id on:click=move |_| result.set(Some(run(m, format)))>
                    {move || choice_words(i18n.get_locale(), format).0}
                </button>
                <span class="mdl-muted">{move || choice_words(i18n.get_locale(), format).1}</span>
            }
        })
        .collect_view();
    view! {
        <Dialog class="trv-export" testid="export-panel" labelled_by="trv-export-title" on_close=close>
            <h2 class="mdl-dialog-title" id="trv-export-title">{t!(i18n, share.export_title)}</h2>
            <div class="trv-choices">{choices}</div>
            {move || result.get().map(|outcome| view! { <ExportOutcome outcome /> })}
            <div class="mdl-row trv-end">
                <button type="button" class="mdl-btn" data-testid="export-close" on:click=move |_| close.run(())>{t!(i18n, common.close)}</button>
            </div>
        </Dialog>
    }
}
