//! The "Export" dialog: the model as a NoSQL Workbench model, a CloudFormation template (YAML or JSON)
//! with a seed script, and its items as DynamoDB JSON or batch-write request files. Each export says
//! what its format cannot hold.

use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml};

use super::file_io::file_name;
use crate::download::download;
use crate::state::Modeler;
use crate::ui::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Workbench,
    CfnYaml,
    CfnJson,
    Seed,
    Items,
    Batches,
}

fn run(m: Modeler, format: Format) -> Result<(String, Vec<String>), String> {
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

/// One export: its button, and beside it what the format is for.
fn choice(m: Modeler, result: RwSignal<Option<Result<(String, Vec<String>), String>>>, format: Format, id: &str, label: &str, hint: &str) -> View {
    fragment(vec![
        el("button").ty("button").class("mdl-btn").tid(id).on_click(move |_| result.set(Some(run(m, format)))).text(label).into(),
        el("span").class("mdl-muted").text(hint).into(),
    ])
}

/// What the last export did: the file it saved and what the format left out, or why it failed.
fn outcome(r: Result<(String, Vec<String>), String>) -> View {
    match r {
        Ok((name, notes)) => {
            let left_out = (!notes.is_empty()).then(|| {
                fragment(vec![
                    el("p").class("trv-warn").text(&format!("{} thing(s) this format cannot hold were left out:", notes.len())).into(),
                    el("ul").tid("export-notes").children(notes.iter().map(|n| el("li").text(n))).into(),
                ])
            });
            el("div").class("trv-result").attr("role", "status").tid("export-result").child(el("p").text(&format!("Saved {name}."))).child(left_out).into()
        }
        Err(e) => el("p").class("mdl-error").attr("role", "alert").tid("export-error").text(&e).into(),
    }
}

/// The dialog and its backdrop; Escape or a click on the backdrop closes it.
pub fn export_panel() -> View {
    let app = crate::state::use_app();
    let (t, m) = (app.travel, app.modeler);
    let result = RwSignal::new(None::<Result<(String, Vec<String>), String>>);
    let close = move || t.panel.set(None);
    fragment(vec![
        el("div").class("mdl-backdrop").on_click(move |_| close()).into(),
        el("div")
            .class("mdl-dialog trv-export")
            .attr("role", "dialog")
            .attr("aria-modal", "true")
            .attr("aria-labelledby", "trv-export-title")
            .tid("export-panel")
            .on_key("keydown", move |ev| {
                if ev.key() == "Escape" {
                    close()
                }
            })
            .child(el("h2").class("mdl-dialog-title").id("trv-export-title").text("Export the model"))
            .child(el("div").class("trv-choices").children([
                choice(m, result, Format::Workbench, "export-workbench", "NoSQL Workbench", "A model file NoSQL Workbench 3 opens (tables, facets, indexes, items)."),
                choice(m, result, Format::CfnYaml, "export-cfn-yaml", "CloudFormation (YAML)", "The tables on real DynamoDB: aws cloudformation deploy --template-file FILE --stack-name NAME"),
                choice(m, result, Format::CfnJson, "export-cfn-json", "CloudFormation (JSON)", "The same template as JSON."),
                choice(m, result, Format::Seed, "export-seed", "Seed script", "Puts every item with aws dynamodb batch-write-item (ENDPOINT=… for a local server)."),
                choice(m, result, Format::Items, "export-items", "Items (DynamoDB JSON)", "Every table's items, as DynamoDB JSON."),
                choice(m, result, Format::Batches, "export-batches", "batch-write-item files", "One request file per 25 items: aws dynamodb batch-write-item --request-items file://FILE"),
            ]))
            .dyn_child(move || result.get().map(outcome).into())
            .child(el("div").class("mdl-row trv-end").child(el("button").ty("button").class("mdl-btn").tid("export-close").on_click(move |_| close()).text("Close")))
            .into(),
    ])
}
