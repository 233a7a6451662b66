//! The Query/Scan builder: controls on the left, the request JSON they write beside them, both editable.

use serde_json::Value;

use super::builder::{error_field, Builder, FieldError, KeyInfo, Operation, SortOp};
use super::save_pattern;
use super::session::{run, use_session, Source};
use crate::state::{use_modeler, Modeler};
use crate::ui::prelude::*;

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Keys of a table (or one of its indexes) of the model.
fn key_info(m: Modeler, table: &str, index: &str) -> Option<KeyInfo> {
    m.state.with_untracked(|s| s.playground.table_index(table).and_then(|i| s.playground.table(i)).map(|t| KeyInfo::of(&t.definition, index)))
}

/// The JSON the builder writes, or its error.
fn request_of(m: Modeler, b: &Builder) -> Result<Value, FieldError> {
    let keys = key_info(m, &b.table, &b.index).unwrap_or_default();
    b.to_request(&keys)
}

/// The builder's state: the controls' values and the JSON they write, with the faults shown beside them.
#[derive(Clone, Copy)]
struct Panel {
    m: Modeler,
    b: RwSignal<Builder>,
    json: RwSignal<String>,
    /// `Some(reason)`: the JSON was edited into something the controls cannot show; it is what runs.
    json_only: RwSignal<Option<String>>,
    json_error: RwSignal<Option<String>>,
    field_error: RwSignal<Option<(String, String)>>,
}

impl Panel {
    /// Controls → JSON.
    fn set(self, f: &dyn Fn(&mut Builder)) {
        self.b.update(|x| {
            f(x);
            x.start_key = None;
        });
        self.json_only.set(None);
        self.json_error.set(None);
        self.field_error.set(None);
        match request_of(self.m, &self.b.get_untracked()) {
            Ok(v) => self.json.set(pretty(&v)),
            Err(e) => self.field_error.set(Some((e.field.to_string(), e.message))),
        }
    }

    /// A text input showing `get` and writing `put` as it is typed in.
    fn input(self, class: &str, testid: &str, get: fn(&Builder) -> String, put: fn(&mut Builder, String)) -> El {
        let b = self.b;
        el("input").class(class).tid(testid).dyn_value(move || b.with(get)).on_input(move |v| self.set(&|x: &mut Builder| put(x, v.clone())))
    }

    /// A choice among the options of `select`, showing `get` and writing `put`.
    fn select(self, testid: &str, select: El, get: fn(&Builder) -> String, put: fn(&mut Builder, String)) -> El {
        let b = self.b;
        select.class("mdl-input").tid(testid).dyn_value(move || b.with(get)).on_change(move |v| self.set(&|x: &mut Builder| put(x, v.clone())))
    }

    /// A checkbox showing `get` and writing `put`.
    fn check(self, testid: &str, label: &str, get: fn(&Builder) -> bool, put: fn(&mut Builder, bool)) -> El {
        let b = self.b;
        el("label")
            .class("q-check")
            .child(el("input").ty("checkbox").tid(testid).dyn_checked(move || b.with(get)).on("change", move |ev| {
                let v = event_target_checked(&ev);
                self.set(&|x: &mut Builder| put(x, v))
            }))
            .text(label)
    }

    /// The fault of `field`, shown where the field is.
    fn err_at(self, field: &'static str) -> View {
        let field_error = self.field_error;
        dynamic(move || field_error.with(|e| e.as_ref().filter(|(f, _)| f == field).map(|(_, msg)| el("p").class("mdl-error").tid(&format!("q-error-{field}")).text(msg))).into())
    }
}

/// `<label class="..">label control</label>`
fn labelled(class: &str, label: &str, control: El) -> El {
    el("label").class(class).text(label).child(control)
}

/// `<option value=v>label</option>`
fn option(value: &str, label: &str) -> El {
    el("option").attr("value", value).text(label)
}

pub fn builder_panel() -> View {
    let m = use_modeler();
    let session = use_session();
    let b = session.builder;
    // Start on the selected table.
    if b.with_untracked(|b| b.table.is_empty()) {
        let name = m.state.with_untracked(|s| m.selected.get_untracked().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        if let Some(name) = name {
            b.update(|b| b.table = name);
        }
    }
    let p = Panel {
        m,
        b,
        json: RwSignal::new(request_of(m, &b.get_untracked()).map(|v| pretty(&v)).unwrap_or_default()),
        json_only: RwSignal::new(None),
        json_error: RwSignal::new(None),
        field_error: RwSignal::new(None),
    };
    let Panel { json, json_only, json_error, field_error, .. } = p;

    // JSON → controls.
    let on_json = move |text: String| {
        json.set(text.clone());
        field_error.set(None);
        match serde_json::from_str::<Value>(&text) {
            Err(e) => {
                json_error.set(Some(format!("SerializationException: the request is not valid JSON ({e})")));
            }
            Ok(v) => {
                json_error.set(None);
                let action = b.with_untracked(|b| b.op.action());
                match Builder::from_request(action, &v, |t, i| key_info(m, t, i)) {
                    Ok(nb) => {
                        b.set(nb);
                        json_only.set(None);
                    }
                    Err(reason) => json_only.set(Some(reason)),
                }
            }
        }
    };

    let tables = move || m.state.with(|s| s.playground.tables().iter().map(|t| t.name().to_string()).collect::<Vec<_>>());
    let indexes = move || {
        let table = b.with(|b| b.table.clone());
        m.state.with(|s| {
            s.playground
                .table_index(&table)
                .and_then(|i| s.playground.table(i))
                .map(|t| crate::model::index_view::indexes(&t.definition).into_iter().map(|i| (i.name.clone(), if i.global { "GSI" } else { "LSI" })).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    // Follow the model: when the builder's table is not (or no longer) in it — the page loaded before an
    // example, a table was renamed or removed — start on the selected table.
    Effect::new(move |_| {
        let names = tables();
        let selected = m.state.with(|s| m.selected.get().and_then(|i| s.playground.table(i)).map(|t| t.name().to_string()));
        let current = b.with_untracked(|b| b.table.clone());
        if !names.contains(&current) {
            if let Some(name) = selected.or_else(|| names.first().cloned()) {
                p.set(&|x: &mut Builder| {
                    x.table = name.clone();
                    x.index.clear();
                });
            }
        }
    });
    let keys = move || b.with(|b| key_info(m, &b.table, &b.index)).unwrap_or_default();
    let is_query = move || b.with(|b| b.op == Operation::Query);

    // The request as the builder holds it ({placeholders} unfilled).
    let current = move || {
        if json_error.with_untracked(|e| e.is_some()) {
            return None;
        }
        if json_only.with_untracked(|j| j.is_some()) {
            let v = serde_json::from_str::<Value>(&json.get_untracked()).ok()?;
            return Some((b.with_untracked(|b| b.op.action()), v));
        }
        match request_of(m, &b.get_untracked()) {
            Ok(v) => Some((b.with_untracked(|b| b.op.action()), v)),
            Err(e) => {
                field_error.set(Some((e.field.to_string(), e.message)));
                None
            }
        }
    };
    let run_now = move || {
        let Some((action, request)) = current() else { return };
        let Some(request) = save_pattern::resolve(action, request) else { return };
        let outcome = run(session, Source::Builder, action, request);
        if let Err(f) = &outcome.result {
            field_error.set(Some((error_field(&f.message).to_string(), format!("{}: {}", f.type_name, f.message))));
        }
    };
    let next_page = move || {
        let lek = session.last.with_untracked(|o| o.as_ref().filter(|o| o.source == Source::Builder).and_then(|o| o.summary.last_evaluated_key.clone()));
        if let Some(k) = lek {
            b.update(|x| x.start_key = Some(k));
            if let Ok(v) = request_of(m, &b.get_untracked()) {
                json.set(pretty(&v));
            }
            run_now();
        }
    };
    let has_next = move || session.last.with(|o| o.as_ref().is_some_and(|o| o.source == Source::Builder && o.summary.last_evaluated_key.is_some()));

    // The sort key's condition: its operator, and one or two values.
    let sort_row = move || {
        el("div")
            .class("q-row")
            .child(
                el("label")
                    .class("q-field")
                    .dyn_text(move || keys().sort.map(|(n, t)| format!("{n} ({t})")).unwrap_or_default())
                    .child(p.select(
                        "q-sort-op",
                        el("select").children(SortOp::ALL.into_iter().map(|o| option(o.slug(), o.label()))),
                        |b| b.sort_op.slug().to_string(),
                        |x, v| x.sort_op = SortOp::from_slug(&v),
                    )),
            )
            .child(show(
                move || b.with(|b| b.sort_op != SortOp::None),
                move || labelled("q-field q-grow", "value", p.input("mdl-input", "q-sk", |b| b.sk.clone(), |x, v| x.sk = v)).into(),
            ))
            .child(show(
                move || b.with(|b| b.sort_op == SortOp::Between),
                move || labelled("q-field q-grow", "and", p.input("mdl-input", "q-sk2", |b| b.sk2.clone(), |x, v| x.sk2 = v)).into(),
            ))
            .into()
    };
    // The key condition, for a Query.
    let key_rows = move || {
        fragment(vec![
            el("div")
                .class("q-row")
                .child(
                    el("label")
                        .class("q-field q-grow")
                        .dyn_text(move || {
                            let k = keys();
                            format!("{} = ({})", k.partition, k.partition_type)
                        })
                        .child(p.input("mdl-input", "q-pk", |b| b.pk.clone(), |x, v| x.pk = v).attr("placeholder", "partition key value")),
                )
                .into(),
            show(move || keys().sort.is_some(), sort_row),
            p.err_at("key"),
        ])
    };
    let segments = move || {
        fragment(vec![
            el("div")
                .class("q-row")
                .child(labelled("q-field", "Segment", p.input("mdl-input q-narrow", "q-segment", |b| b.segment.clone(), |x, v| x.segment = v).attr("inputmode", "numeric")))
                .child(labelled(
                    "q-field",
                    "TotalSegments",
                    p.input("mdl-input q-narrow", "q-total-segments", |b| b.total_segments.clone(), |x, v| x.total_segments = v).attr("inputmode", "numeric"),
                ))
                .into(),
            p.err_at("segment"),
        ])
    };

    super::request_form("q-builder", run_now)
        .child(
            el("div")
                .class("q-controls")
                .child(
                    el("div")
                        .class("q-row")
                        .child(labelled(
                            "q-field",
                            "Operation",
                            p.select(
                                "q-op",
                                el("select").child(option("Query", "Query")).child(option("Scan", "Scan")),
                                |b| b.op.action().to_string(),
                                |x, v| x.op = if v == "Scan" { Operation::Scan } else { Operation::Query },
                            ),
                        ))
                        .child(labelled(
                            "q-field",
                            "Table",
                            p.select(
                                "q-table",
                                el("select").dyn_child(move || tables().iter().map(|t| option(t, t)).collect::<Vec<_>>().into()),
                                |b| b.table.clone(),
                                |x, v| {
                                    x.table = v;
                                    x.index.clear();
                                },
                            ),
                        ))
                        .child(labelled(
                            "q-field",
                            "Index",
                            p.select(
                                "q-index",
                                el("select")
                                    .child(option("", "(table)"))
                                    .dyn_child(move || indexes().into_iter().map(|(n, kind)| option(&n, &format!("{n} ({kind})"))).collect::<Vec<_>>().into()),
                                |b| b.index.clone(),
                                |x, v| x.index = v,
                            ),
                        )),
                )
                .child(p.err_at("index"))
                .child(show(is_query, key_rows))
                .child(labelled("q-field", "Filter expression", p.input("mdl-input mdl-mono", "q-filter", |b| b.filter.clone(), |x, v| x.filter = v).attr("placeholder", "#s = :s")))
                .child(p.err_at("filter"))
                .child(labelled(
                    "q-field",
                    "Projection expression",
                    p.input("mdl-input mdl-mono", "q-projection", |b| b.projection.clone(), |x, v| x.projection = v).attr("placeholder", "PK, SK, #s"),
                ))
                .child(p.err_at("projection"))
                .child(
                    el("div")
                        .class("q-row")
                        .child(labelled(
                            "q-field q-grow",
                            "Attribute names (JSON)",
                            p.input("mdl-input mdl-mono", "q-names", |b| b.names.clone(), |x, v| x.names = v).attr("placeholder", r##"{"#s": "status"}"##),
                        ))
                        .child(labelled(
                            "q-field q-grow",
                            "Attribute values (JSON)",
                            p.input("mdl-input mdl-mono", "q-values", |b| b.values.clone(), |x, v| x.values = v).attr("placeholder", r#"{":s": {"S": "SHIPPED"}}"#),
                        )),
                )
                .child(p.err_at("names"))
                .child(p.err_at("values"))
                .child(
                    el("div")
                        .class("q-row")
                        .child(labelled("q-field", "Limit", p.input("mdl-input q-narrow", "q-limit", |b| b.limit.clone(), |x, v| x.limit = v).attr("inputmode", "numeric")))
                        .child(labelled(
                            "q-field",
                            "Select",
                            p.select(
                                "q-select",
                                el("select").child(option("", "(default)")).children(
                                    ["ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"].into_iter().map(|s| option(s, s)),
                                ),
                                |b| b.select.clone(),
                                |x, v| x.select = v,
                            ),
                        ))
                        .child(show(is_query, move || p.check("q-forward", "ScanIndexForward", |b| b.forward, |x, v| x.forward = v).into()))
                        .child(p.check("q-consistent", "ConsistentRead", |b| b.consistent, |x, v| x.consistent = v)),
                )
                .child(p.err_at("limit"))
                .child(p.err_at("select"))
                .child(p.err_at("consistent"))
                .child(show(move || !is_query(), segments))
                .child(
                    el("div")
                        .class("q-row")
                        .child(el("button").ty("submit").class("mdl-btn mdl-primary").tid("q-run").text("Run"))
                        .child(el("button").ty("button").class("mdl-btn").tid("q-next").dyn_flag("disabled", move || !has_next()).on_click(move |_| next_page()).text("Next page"))
                        .dyn_child(move || b.with(|b| b.start_key.is_some()).then(|| el("span").class("mdl-muted").tid("q-start-key").text("from ExclusiveStartKey")).into()),
                )
                .child(p.err_at("request"))
                .child(save_pattern::pattern_bar(json.into(), Callback::new(move |_| current()))),
        )
        .child(
            super::json_editor(super::JsonEditor { prefix: "q", label: "Request JSON", controls: "The builder", json, json_error, json_only }, on_json),
        )
        .into()
}
