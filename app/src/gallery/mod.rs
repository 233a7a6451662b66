//! The templates gallery: searchable cards of the built-in models (`formats::gallery`), shown over the
//! workspace on a first visit and whenever the user asks for it.
//!
//! Opening a template goes through the same door as a file or a link (`share::incoming::offer`), so it
//! never replaces the user's work without asking. Cards render the model's own text as text.

use formats::gallery::{cards, search, Card, Category, Template};

use crate::state::{use_app, AppState, GalleryState, Incoming};
use crate::ui::prelude::*;

fn open_template(app: AppState, slug: &'static str) {
    let t = app.travel;
    match Template::by_slug(slug).map(|t| t.model()) {
        Some(Ok(model)) => {
            let name = model.name.clone();
            app.offer(Incoming::new(model, Default::default(), &format!("the template \"{name}\"")));
        }
        _ => t.error.set(Some(format!("The template {slug} could not be read."))),
    }
}

/// One template: its name, size, description, access patterns and an Open button.
fn template_card(app: AppState, card: Card) -> El {
    let slug = card.slug;
    el("article")
        .class("gal-card")
        .tid(&format!("gallery-card-{slug}"))
        .attr("aria-labelledby", &format!("gal-{slug}"))
        .child(el("h3").class("gal-name").id(&format!("gal-{slug}")).text(&card.name))
        .child(el("p").class("gal-meta mdl-muted").text(&format!("{} table(s) · {} sample items · {} access patterns", card.tables, card.items, card.patterns.len())))
        .child(el("p").class("gal-desc").text(&card.description))
        .child(
            el("details")
                .class("gal-patterns")
                .child(el("summary").text("Access patterns"))
                .child(el("ul").children(card.patterns.iter().map(|p| el("li").text(p)))),
        )
        .child(el("button").ty("button").class("mdl-btn mdl-primary gal-open").tid(&format!("gallery-open-{slug}")).on_click(move |_| open_template(app, slug)).text("Open"))
}

/// The templates matching `query`: their count, then a section per category that has any.
fn sections(app: AppState, all: &[Card], query: &str) -> View {
    let found = search(all, query);
    let mut views: Vec<View> = vec![el("p").class("mdl-muted").tid("gallery-count").attr("role", "status").text(&format!("{} template(s)", found.len())).into()];
    for cat in Category::ALL {
        let cards: Vec<Card> = found.iter().filter(|c| c.category == cat).map(|c| (*c).clone()).collect();
        if !cards.is_empty() {
            views.push(
                el("section")
                    .class("gal-section")
                    .attr("aria-label", cat.label())
                    .child(el("h2").class("gal-section-title").text(cat.label()))
                    .child(el("div").class("gal-grid").children(cards.into_iter().map(move |c| template_card(app, c))))
                    .into(),
            );
        }
    }
    fragment(views)
}

/// The gallery, covering the workspace while it is open.
pub fn gallery_host() -> View {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let all = StoredValue::new(cards());
    let query = RwSignal::new(String::new());
    // A gallery opened because there was nothing to show steps aside once the model has a table.
    watch(move || {
        let has_tables = m.state.with(|s| !s.playground.tables().is_empty());
        if has_tables && t.gallery.get_untracked() == GalleryState::FirstVisit {
            t.gallery.set(GalleryState::Closed);
        }
    });
    let shown = move || t.gallery.get() != GalleryState::Closed;
    let first = move || t.gallery.get() == GalleryState::FirstVisit;
    let overlay = move || {
        el("div")
            .class("gal-overlay")
            .tid("gallery")
            .attr("role", "region")
            .attr("aria-label", "Templates")
            .on_key("keydown", move |ev| {
                if ev.key() == "Escape" {
                    t.gallery.set(GalleryState::Closed)
                }
            })
            .child(
                el("header")
                    .class("gal-header")
                    .child(
                        el("div")
                            .child(el("h2").class("gal-title").text("Start from a template"))
                            .child(el("p").class("mdl-muted").text("Each template is a documented design: why its keys are what they are, sample items that make the point, and its access patterns. Opening one never replaces your work without asking.")),
                    )
                    .child(
                        el("button")
                            .ty("button")
                            .class("mdl-btn")
                            .tid("gallery-close")
                            .on_click(move |_| t.gallery.set(GalleryState::Closed))
                            .dyn_text(move || String::from(if first() { "Start with an empty model" } else { "Close" })),
                    ),
            )
            .child(
                el("input")
                    .ty("search")
                    .class("mdl-input gal-search")
                    .tid("gallery-search")
                    .attr("placeholder", "Search: sparse, GSI, counter, tenant…")
                    .attr("aria-label", "Search templates")
                    .flag("autofocus", true)
                    .dyn_value(move || query.get())
                    .on_input(move |v| query.set(v)),
            )
            .dyn_child(move || {
                let q = query.get();
                all.with_value(|all| sections(app, all, &q))
            })
            .into()
    };
    show(shown, overlay)
}
