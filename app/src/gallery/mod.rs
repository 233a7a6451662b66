//! The templates gallery: searchable cards of the built-in models (`formats::gallery`), shown over the
//! workspace on a first visit and whenever the user asks for it.
//!
//! Opening a template goes through the same door as a file or a link (`share::incoming::offer`), so it
//! never replaces the user's work without asking. Cards render the model's own text as text.

use formats::gallery::{cards, search, Card, Category, Template};
use leptos::prelude::*;

use crate::modeler::use_modeler;
use crate::share::incoming::{offer, Incoming};
use crate::share::{use_travel, GalleryState};

fn open_template(slug: &'static str) {
    let t = use_travel();
    match Template::by_slug(slug).map(|t| t.model()) {
        Some(Ok(model)) => {
            let name = model.name.clone();
            offer(Incoming::new(model, Default::default(), &format!("the template \"{name}\"")));
        }
        _ => t.error.set(Some(format!("The template {slug} could not be read."))),
    }
}

#[component]
fn TemplateCard(card: Card) -> impl IntoView {
    let slug = card.slug;
    view! {
        <article class="gal-card" data-testid=format!("gallery-card-{slug}") aria-labelledby=format!("gal-{slug}")>
            <h3 class="gal-name" id=format!("gal-{slug}")>{card.name.clone()}</h3>
            <p class="gal-meta mdl-muted">{format!("{} table(s) · {} sample items · {} access patterns", card.tables, card.items, card.patterns.len())}</p>
            <p class="gal-desc">{card.description.clone()}</p>
            <details class="gal-patterns">
                <summary>"Access patterns"</summary>
                <ul>{card.patterns.iter().map(|p| view! { <li>{p.clone()}</li> }).collect_view()}</ul>
            </details>
            <button type="button" class="mdl-btn mdl-primary gal-open" data-testid=format!("gallery-open-{slug}")
                on:click=move |_| open_template(slug)>"Open"</button>
        </article>
    }
}

/// The gallery, covering the workspace while it is open.
#[component]
pub fn GalleryHost() -> impl IntoView {
    let t = use_travel();
    let m = use_modeler();
    let all = StoredValue::new(cards());
    let query = RwSignal::new(String::new());
    // A gallery opened because there was nothing to show steps aside once the model has a table.
    Effect::new(move |_| {
        let has_tables = m.state.with(|s| !s.playground.tables().is_empty());
        if has_tables && t.gallery.get_untracked() == GalleryState::FirstVisit {
            t.gallery.set(GalleryState::Closed);
        }
    });
    let shown = move || t.gallery.get() != GalleryState::Closed;
    let first = move || t.gallery.get() == GalleryState::FirstVisit;
    let sections = move || {
        let q = query.get();
        all.with_value(|all| {
            let found = search(all, &q);
            let count = found.len();
            let views = Category::ALL
                .into_iter()
                .filter_map(|cat| {
                    let cards: Vec<Card> = found.iter().filter(|c| c.category == cat).map(|c| (*c).clone()).collect();
                    (!cards.is_empty()).then(|| {
                        view! {
                            <section class="gal-section" aria-label=cat.label()>
                                <h2 class="gal-section-title">{cat.label()}</h2>
                                <div class="gal-grid">
                                    {cards.into_iter().map(|card| view! { <TemplateCard card=card/> }).collect_view()}
                                </div>
                            </section>
                        }
                    })
                })
                .collect_view();
            (count, views)
        })
    };
    view! {
        <Show when=shown>
            <div class="gal-overlay" data-testid="gallery" role="region" aria-label="Templates"
                on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" { t.gallery.set(GalleryState::Closed) }>
                <header class="gal-header">
                    <div>
                        <h2 class="gal-title">"Start from a template"</h2>
                        <p class="mdl-muted">"Each template is a documented design: why its keys are what they are, sample items that make the point, and its access patterns. Opening one never replaces your work without asking."</p>
                    </div>
                    <button type="button" class="mdl-btn" data-testid="gallery-close"
                        on:click=move |_| t.gallery.set(GalleryState::Closed)>
                        {move || if first() { "Start with an empty model" } else { "Close" }}
                    </button>
                </header>
                <input type="search" class="mdl-input gal-search" data-testid="gallery-search" placeholder="Search: sparse, GSI, counter, tenant…"
                    aria-label="Search templates" autofocus=true prop:value=move || query.get() on:input=move |ev| query.set(event_target_value(&ev))/>
                {move || {
                    let (count, views) = sections();
                    view! {
                        <p class="mdl-muted" data-testid="gallery-count" role="status">{format!("{count} template(s)")}</p>
                        {views}
                    }
                }}
            </div>
        </Show>
    }
}
