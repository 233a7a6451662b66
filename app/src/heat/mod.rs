//! The Heat tab: a workload replayed against the design by the `sim` crate, shown as partition heat,
//! throttling, burst, per-index load, top keys and monthly cost, with a what-if variant beside it.
//!
//! Pure logic (chart data, colour scale, the editor's form and its checks, variants, cost wording)
//! lives in its own modules and is tested in `app/tests/heat.rs`; [`plot`] draws a chart with plotters;
//! the `*_view` modules and this file are the components ([`HeatTab`] is the tab). Long runs go through
//! [`slices`] so the page stays responsive.

pub mod chart;
mod chart_view;
pub mod colour;
pub mod cost;
pub mod editor;
mod doc_view;
mod editor_view;
pub mod moves;
pub mod plot;
mod results_view;
pub mod saved;
pub mod scenarios;
pub mod slices;
pub mod whatif;
pub mod words;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{t, t_string, td_string, use_i18n, Locale};
use sim::report::Report;

use colour::Theme;
use editor::{FieldErrors, WorkloadForm};
use doc_view::PartitionModelDoc;
use editor_view::{WorkloadEditor, WorkloadSummary};
use results_view::{CostPanel, RunSummary, WhatIfPanel};
use slices::Outcome;
use whatif::{Setup, Variant};

/// A finished run: what ran and what it reported.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    pub setup: Setup,
    pub report: Report,
}

/// What the tab says about the design it simulates.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// A seed scenario's explanation, by the scenario's id.
    Scenario(&'static str),
    /// The workload saved with the person's model, by name.
    Saved { name: String, read_only: bool },
    /// A starting workload built from the person's model.
    Defaults { built: editor::DefaultsWhy, read_only: bool },
}

/// A seed scenario's title in `locale`, by its id.
pub fn scenario_title(id: &str, locale: Locale) -> &'static str {
    match id {
        "sharded-counter" => td_string!(locale, heat.scenario_sharded_counter),
        _ => td_string!(locale, heat.scenario_latest_posts),
    }
}

impl Why {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Why::Scenario("sharded-counter") => td_string!(locale, heat.why_sharded_counter).to_string(),
            Why::Scenario(_) => td_string!(locale, heat.why_latest_posts).to_string(),
            Why::Saved { name, read_only: false } => td_string!(locale, heat.why_saved, name).to_string(),
            Why::Saved { name, read_only: true } => td_string!(locale, heat.why_saved_read_only, name).to_string(),
            Why::Defaults { built, read_only } => {
                let built = built.text(locale);
                if *read_only {
                    td_string!(locale, heat.why_defaults_read_only, built).to_string()
                } else {
                    td_string!(locale, heat.why_defaults, built).to_string()
                }
            }
        }
    }
}

/// What the tab tells about a run or a choice (the simulator's and the model's own reasons inside, as
/// they give them).
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    NotLoaded(whatif::Refusal),
    Cancelled,
    Refused(sim::SimError),
    NotSaved(crate::model::EditError),
    VariantRefused(whatif::Refusal),
    NoGsi,
    NoTables,
    Shards,
}

impl Message {
    pub fn text(&self, locale: Locale) -> String {
        match self {
            Message::NotLoaded(error) => td_string!(locale, heat.msg_not_loaded, error = error.text(locale)).to_string(),
            Message::Cancelled => td_string!(locale, heat.msg_cancelled).to_string(),
            Message::Refused(error) => td_string!(locale, heat.msg_refused, error = error.render(crate::language::words(locale))).to_string(),
            Message::NotSaved(error) => td_string!(locale, heat.msg_not_saved, error = crate::state::words::edit_error_text(locale, error)).to_string(),
            Message::VariantRefused(error) => td_string!(locale, heat.msg_variant, error = error.text(locale)).to_string(),
            Message::NoGsi => td_string!(locale, heat.msg_no_gsi).to_string(),
            Message::NoTables => td_string!(locale, heat.msg_no_tables).to_string(),
            Message::Shards => td_string!(locale, heat.msg_shards).to_string(),
        }
    }
}

/// Which design the tab simulates: a seed scenario, or the person's own model.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub title: String,
    pub why: Why,
    pub setup: Setup,
    pub fix: Option<Variant>,
    /// For the person's own model: the name its workload is saved under in the model's `workloads`
    /// (each run stores the workload there, so it travels with the model). Scenarios save nothing.
    pub saved_as: Option<String>,
}

/// The tab's state, owned by [`HeatTab`] (its components get the handles).
#[derive(Clone, Copy)]
pub struct HeatState {
    pub source: RwSignal<Option<Source>>,
    pub form: RwSignal<WorkloadForm>,
    pub errors: RwSignal<FieldErrors>,
    pub result: RwSignal<Option<RunResult>>,
    pub variant: RwSignal<Option<(Variant, RunResult)>>,
    pub progress: RwSignal<Option<(u32, u32)>>,
    pub running: RwSignal<bool>,
    pub cancel: RwSignal<bool>,
    pub message: RwSignal<Option<Message>>,
    pub prices: RwSignal<sim::cost::Prices>,
    /// The page's colour scheme, which the charts follow.
    pub theme: Signal<Theme>,
    /// Where a run of the person's own model saves its workload.
    pub modeler: crate::state::Modeler,
}

fn now() -> u64 {
    js_sys::Date::now() as u64
}

impl HeatState {
    fn load(&self, source: Source) {
        self.form.set(WorkloadForm::from_workload(&source.setup.workload));
        self.errors.set(FieldErrors::new());
        self.result.set(None);
        self.variant.set(None);
        self.message.set(None);
        self.source.set(Some(source));
    }

    /// Run `setup` in slices; on success hand the result to `done`. A cancelled run changes nothing.
    fn run(self, setup: Setup, done: impl FnOnce(RunResult) + 'static) {
        let db = match setup.database(now()) {
            Ok(db) => db,
            Err(e) => {
                self.message.set(Some(Message::NotLoaded(e)));
                return;
            }
        };
        self.running.set(true);
        self.cancel.set(false);
        self.message.set(None);
        self.progress.set(Some((0, setup.workload.duration_seconds)));
        spawn_local(async move {
            let workload = setup.workload.clone();
            // A tab that has gone away cancels its run.
            let cancelled = || self.cancel.try_get_untracked().unwrap_or(true);
            let outcome = slices::run(&db, workload, |d, t| self.progress.set(Some((d, t))), cancelled).await;
            self.running.set(false);
            match outcome {
                Outcome::Done(report) => {
                    self.progress.set(None);
                    done(RunResult { setup, report: *report });
                }
                Outcome::Cancelled => {
                    self.progress.set(None);
                    self.message.set(Some(Message::Cancelled));
                }
                Outcome::Failed(e) => {
                    self.progress.set(None);
                    self.message.set(Some(Message::Refused(e)));
                }
            }
        });
    }

    /// Check the form and run the current design.
    pub fn run_current(self) {
        let Some(source) = self.source.get_untracked() else { return };
        let db = match source.setup.database(now()) {
            Ok(db) => db,
            Err(e) => {
                self.message.set(Some(Message::NotLoaded(e)));
                return;
            }
        };
        let form = self.form.get_untracked();
        match editor::to_workload(&form, &db) {
            Err(errors) => self.errors.set(errors),
            Ok(mut workload) => {
                self.errors.set(FieldErrors::new());
                workload.tables = source.setup.workload.tables.clone();
                let setup = Setup { model: source.setup.model.clone(), workload };
                // A read-only embed runs the workload but keeps the model as it came.
                if let Some(name) = source.saved_as.as_ref().filter(|_| !self.modeler.read_only) {
                    self.save_workload(name, &setup.workload);
                }
                self.run(setup, move |r| {
                    self.variant.set(None);
                    self.result.set(Some(r));
                });
            }
        }
    }

    /// Keep `workload` in the model's `workloads` slot under `name` (undoable like any edit).
    fn save_workload(self, name: &str, workload: &sim::Workload) {
        let m = self.modeler;
        let list = m.state.with_untracked(|s| saved::store(&s.playground.workloads, name, workload));
        if let Err(e) = m.perform(crate::model::playground::Edit::SetWorkloads(list)) {
            self.message.set(Some(Message::NotSaved(e)));
        }
    }

    /// Run `variant` of the last run's setup (the same workload).
    pub fn run_variant(self, variant: Variant) {
        let Some(base) = self.result.get_untracked() else { return };
        match whatif::apply(&base.setup, &variant) {
            Err(e) => self.message.set(Some(Message::VariantRefused(e))),
            Ok(setup) => self.run(setup, move |r| self.variant.set(Some((variant, r)))),
        }
    }
}

/// What the advisor reads of the tab: the current run, with whether it ran the person's own model
/// (`None` when the tab has no results; loading another design clears them).
fn publish(app: crate::state::AppState, source: RwSignal<Option<Source>>, result: RwSignal<Option<RunResult>>) {
    Effect::new(move |_| {
        let run = source.with(|s| {
            result.with(|r| {
                let (s, r) = (s.as_ref()?, r.as_ref()?);
                Some(crate::state::HeatRun { title: s.title.clone(), own_model: s.saved_as.is_some(), report: std::sync::Arc::new(r.report.clone()) })
            })
        });
        app.heat_run.set(run);
    });
}

/// The tab: what to simulate (a seed scenario or the person's own model), the workload editor and Run,
/// and the results with the what-if and the cost under them.
#[component]
pub fn HeatTab() -> impl IntoView {
    let app = crate::state::use_app();
    let i18n = use_i18n();
    let (source, result) = (RwSignal::new(None), RwSignal::new(None));
    publish(app, source, result);
    let modeler = app.modeler;
    let st = HeatState {
        source,
        form: RwSignal::new(WorkloadForm { duration: String::from("60"), seed: String::from("1"), patterns: Vec::new() }),
        errors: RwSignal::new(FieldErrors::new()),
        result,
        variant: RwSignal::new(None),
        progress: RwSignal::new(None),
        running: RwSignal::new(false),
        cancel: RwSignal::new(false),
        message: RwSignal::new(None),
        prices: RwSignal::new(sim::cost::us_east_1()),
        theme: chart_view::colour_scheme(),
        modeler,
    };
    let use_model = move |_| {
        let model = modeler.state.with_untracked(|s| s.playground.to_model());
        if model.tables.is_empty() {
            st.message.set(Some(Message::NoTables));
            return;
        }
        let title = if model.name.is_empty() { t_string!(i18n, heat.your_model).to_string() } else { model.name.clone() };
        let read_only = modeler.read_only;
        let (name, workload, why) = match saved::from_model(&model) {
            Some((name, w)) => {
                let why = Why::Saved { name: name.clone(), read_only };
                (name, w, why)
            }
            None => {
                let w = sim::Workload {
                    seed: 1,
                    duration_seconds: 60,
                    start_unix_seconds: 1_796_083_200,
                    top_keys: 10,
                    per_second: true,
                    tables: Vec::new(),
                    patterns: Vec::new(),
                };
                let why = Why::Defaults { built: editor::defaults_why(&model), read_only };
                (String::from(saved::DEFAULT_NAME), w, why)
            }
        };
        let form = if workload.patterns.is_empty() { editor::defaults(&model) } else { WorkloadForm::from_workload(&workload) };
        st.load(Source { title, why, setup: Setup { model, workload }, fix: None, saved_as: Some(name) });
        st.form.set(form);
    };
    let tables = Signal::derive(move || {
        st.source.with(|s| {
            s.as_ref()
                .map(|s| s.setup.model.tables.iter().filter_map(|t| engine::model::table_name(&t.definition).map(String::from)).collect())
                .unwrap_or_default()
        })
    });
    let running = move || st.running.get();
    let read_only = modeler.read_only;
    let doc_open = RwSignal::new(false);
    // The document is part of the app (it works offline and matches the simulator this page runs):
    // the link opens it in the page, below the paragraph, rather than leaving for a page that needs a
    // network. (`#partition-model` is no share link: those start with `m` and hold a dot.)
    let open_doc = move |_| doc_open.set(true);
    let scenario_buttons = scenarios::all()
        .into_iter()
        .map(|s| {
            let id = s.id;
            let open = move |_| {
                let s = s.clone();
                st.load(Source { title: scenario_title(s.id, i18n.get_locale_untracked()).to_string(), why: Why::Scenario(s.id), setup: s.setup, fix: Some(s.fix), saved_as: None });
            };
            view! {
                <button type="button" class="heat-scenario" data-testid=format!("scenario-{id}") disabled=running on:click=open>
                    {move || scenario_title(id, i18n.get_locale())}
                </button>
            }
        })
        .collect_view();
    let progress = move || {
        st.progress.get().map(|(done, total)| {
            view! {
                <progress data-testid="heat-progress" max=total value=done aria-label=move || t_string!(i18n, heat.progress_label)></progress>
                <span data-testid="heat-progress-text">
                    {move || {
                        let locale = i18n.get_locale();
                        // English has always written these ungrouped ("of 86400"); Turkish groups them.
                        let n = |v: u32| if locale == Locale::en { v.to_string() } else { crate::language::numbers::count(locale, u64::from(v)) };
                        let (done, total) = (n(done), n(total));
                        td_string!(locale, heat.progress, done, total).to_string()
                    }}
                </span>
            }
        })
    };
    let source_card = move || {
        st.source.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <section class="heat-source" data-testid="heat-source">
                        <h3>
                            {
                                let (title, why) = (s.title.clone(), s.why.clone());
                                move || match why {
                                    Why::Scenario(id) => scenario_title(id, i18n.get_locale()).to_string(),
                                    _ => title.clone(),
                                }
                            }
                        </h3>
                        <p class="heat-why">{let why = s.why.clone(); move || why.text(i18n.get_locale())}</p>
                    </section>
                }
            })
        })
    };
    let results = move || {
        st.result.get().map(|r| {
            let variant = move || {
                st.variant.get().map(|(v, vr)| {
                    let title = Signal::derive(move || {
                        let locale = i18n.get_locale();
                        td_string!(locale, heat.variant_title, label = v.label(locale)).to_string()
                    });
                    view! { <RunSummary result=vr side="variant" title prices=st.prices theme=st.theme/> }
                })
            };
            view! {
                <div class="heat-results">
                    <div class="heat-compare">
                        <RunSummary result=r.clone() side="base" title=Signal::derive(move || t_string!(i18n, heat.current_design).to_string()) prices=st.prices theme=st.theme/>
                        {variant}
                    </div>
                    <WhatIfPanel st/>
                    <CostPanel result=r prices=st.prices/>
                </div>
            }
        })
    };
    view! {
        <div class="heat" data-testid="heat-tab">
            <section class="heat-sources" aria-label=move || t_string!(i18n, heat.sources_label)>
                <p class="heat-lead">
                    {t!(i18n, heat.lead, doc = move || view! {
                        <a href="#partition-model" class="heat-doc-link" data-testid="heat-model-doc" on:click=open_doc>
                            {t!(i18n, heat.doc_link)}
                        </a>
                    })}
                </p>
                <PartitionModelDoc open=doc_open/>
                <div class="heat-row">
                    {scenario_buttons}
                    <button type="button" data-testid="heat-use-model" disabled=running on:click=use_model>
                        {t!(i18n, heat.use_model)}
                    </button>
                </div>
            </section>
            {source_card}
            <Show when=move || st.source.with(|s| s.is_some())>
                {if read_only {
                    view! { <WorkloadSummary form=st.form errors=st.errors/> }.into_any()
                } else {
                    view! { <WorkloadEditor form=st.form errors=st.errors tables/> }.into_any()
                }}
                <div class="heat-run">
                    <button type="button" class="primary" data-testid="heat-run" disabled=running on:click=move |_| st.run_current()>
                        {t!(i18n, heat.run)}
                    </button>
                    <button type="button" data-testid="heat-cancel" disabled=move || !running() on:click=move |_| st.cancel.set(true)>
                        {t!(i18n, heat.cancel)}
                    </button>
                    {progress}
                </div>
            </Show>
            {move || {
                let locale = i18n.get_locale();
                st.message.get().map(|m| view! { <p class="heat-message" role="status" data-testid="heat-message">{m.text(locale)}</p> })
            }}
            {results}
        </div>
    }
}
