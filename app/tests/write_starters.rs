//! Every write starter of the Query tab runs as given on every template: the request the write form
//! shows for each action, built from the table's items as they are after the actions before it (as a
//! learner clicking through the actions in order gets them), is accepted by the engine. The
//! end-to-end test `query-fixes.spec.ts` walks the same path through the page for a few templates.
#![cfg(target_arch = "wasm32")]

use app::model::Playground;
use app::query::write_request::{first_two, template, WriteForm, WRITE_ACTIONS};
use formats::gallery::TEMPLATES;
use wasm_bindgen_test::wasm_bindgen_test;

const NOW: u64 = 1_767_225_600_000;

#[wasm_bindgen_test]
fn every_starter_of_every_write_action_runs_on_every_template() {
    let mut refused = Vec::new();
    for t in TEMPLATES {
        let model = t.model().expect("a template reads");
        let mut p = Playground::from_model(&model, NOW);
        let Some(table) = p.tables().first().map(|t| t.name().to_string()) else { continue };
        for action in WRITE_ACTIONS {
            let (first, second) = p.table_index(&table).and_then(|i| p.table(i)).map_or((None, None), first_two);
            let request = if matches!(action, "PutItem" | "UpdateItem" | "DeleteItem") {
                WriteForm::starter(action, &table, first.as_ref()).to_request().expect("a starter's fields make a request")
            } else {
                template(action, &table, &first.unwrap_or_default(), second.as_ref())
            };
            let run = p.run_request(action, &request, NOW);
            if let Err(e) = run.explained.result {
                refused.push(format!("{}: {action}: {e:?}\n{request}", t.slug));
            }
        }
    }
    assert!(refused.is_empty(), "refused starters:\n{}", refused.join("\n"));
}
