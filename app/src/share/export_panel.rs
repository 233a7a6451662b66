//! The "Export" dialog: the model as a NoSQL Workbench model, a CloudFormation template (YAML or JSON)
//! with a seed script, and its items as DynamoDB JSON or batch-write request files. Each export says
//! what its format cannot hold.

use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml};

use leptos::prelude::*;

use crate::dialog::Dialog;
use super::file_io::file_name;
use crate::download::download;
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
            (name, notes(n))
        }
        Format::CfnYaml | Format::CfnJson => {
            let (doc, n) = cloudformation(&model).map_err(|e| e.to_string())?;
            let (name, text) = if format == Format::CfnYaml {
                (file_name(&model, ".cfn.yaml"), to_yaml(&doc))
            } else {
                (file_name(&model, ".cfn.json"), serde_json::to_string_pretty(&doc).unwrap_or_default())
            };
            download(&name, if format == Format::CfnYaml { "application/yaml" } else { "application/json" }, &text)?;
            (name, notes(n))
        }
        Format::Seed => {
            let name = file_name(&model, ".seed.sh");
            download(&name, "text/x-shellscript", &seed_script(&model))?;
            (name, Vec::new())
        }
        Format::Items => {
            let name = file_name(&model, ".items.json");
            download(&name, "application/json", &serde_json::to_string_pretty(&items_json(&model)).unwrap_or_default())?;
            (name, Vec::new())
        }
        Format::Batches => {
            let files = batch_files(&model, "");
            for (name, req) in &files {
                download(name, "application/json", &req.to_string())?;
            }
            (format!("{} request file(s)", files.len()), Vec::new())
        }
    })
}

/// What the last export did: the file(s) it saved and what the format left out, or why it failed.
type Outcome = Result<(String, Vec<String>), String>;

/// The exports, in the dialog's order: format, test id, button label, and what the format is for.
const CHOICES: [(Format, &str, &str, &str); 6] = [
    (Format::Workbench, "export-workbench", "NoSQL Workbench", "A model file NoSQL Workbench 3 opens (tables, facets, indexes, items)."),
    (Format::CfnYaml, "export-cfn-yaml", "CloudFormation (YAML)", "The tables on real DynamoDB: aws cloudformation deploy --template-file FILE --stack-name NAME"),
    (Format::CfnJson, "export-cfn-json", "CloudFormation (JSON)", "The same template as JSON."),
    (Format::Seed, "export-seed", "Seed script", "Puts every item with aws dynamodb batch-write-item (ENDPOINT=… for a local server)."),
    (Format::Items, "export-items", "Items (DynamoDB JSON)", "Every table's items, as DynamoDB JSON."),
    (Format::Batches, "export-batches", "batch-write-item files", "One request file per 25 items: aws dynamodb batch-write-item --request-items file://FILE"),
];

/// The file an export saved and what its format left out, or why it failed.
#[component]
fn ExportOutcome(outcome: Outcome) -> impl IntoView {
    match outcome {
        Ok((name, notes)) => {
            let left_out = (!notes.is_empty()).then(|| {
                view! {
                    <p class="trv-warn">{format!("{} thing(s) this format cannot hold were left out:", notes.len())}</p>
                    <ul data-testid="export-notes">{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                }
            });
            view! {
                <div class="trv-result" role="status" data-testid="export-result">
                    <p>{format!("Saved {name}.")}</p>
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
    let (t, m) = (app.travel, app.modeler);
    let result = RwSignal::new(None::<Outcome>);
    let close = Callback::new(move |_| t.panel.set(None));
    let choices = CHOICES
        .into_iter()
        .map(|(format, id, label, hint)| {
            view! {
                <button type="button" class="mdl-btn" data-testid=id on:click=move |_| result.set(Some(run(m, format)))>{label}</button>
                <span class="mdl-muted">{hint}</span>
            }
        })
        .collect_view();
    view! {
        <Dialog class="trv-export" testid="export-panel" labelled_by="trv-export-title" on_close=close>
            <h2 class="mdl-dialog-title" id="trv-export-title">"Export the model"</h2>
            <div class="trv-choices">{choices}</div>
            {move || result.get().map(|outcome| view! { <ExportOutcome outcome /> })}
            <div class="mdl-row trv-end">
                <button type="button" class="mdl-btn" data-testid="export-close" on:click=move |_| close.run(())>"Close"</button>
            </div>
        </Dialog>
    }
}
