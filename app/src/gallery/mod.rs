//! The templates gallery: searchable cards of the built-in models (`formats::gallery`), shown over the
//! workspace on a first visit and whenever the user asks for it.
//!
//! Opening a template goes through the same door as a file or a link (`AppState::offer`), so it never
//! replaces the user's work without asking. Cards render the model's own text as text.

use formats::gallery::{cards, search, Card, Category};
use leptos::prelude::*;

use crate::i18n::{t, t_string, use_i18n};
use crate::language::numbers;
use crate::state::{use_app, GalleryState};

mod about;
pub use about::ModelAbout;

/// One template: its name, size, description, access patterns and an Open button.
#[component]
fn TemplateCard(card: Card) -> impl IntoView {
    let app = use_app();
    let i18n = use_i18n();
    let slug = card.slug;
    let (tables, items, patterns) = (card.tables as u64, card.items as u64, card.patterns.len() as u64);
    let meta = move || {
        let l = i18n.get_locale();
        let (tables, items, patterns) = (numbers::count(l, tables), numbers::count(l, items), numbers::count(l, patterns));
        t_string!(i18n, gallery.card_meta, tables, items, patterns).to_string()
    };
    let lang = move || crate::language::words(i18n.get_locale());
    let (name_card, desc_card) = (card.clone(), card.clone());
    view! {
        <article class="gal-card" data-testid=format!("gallery-card-{slug}") aria-labelledby=format!("gal-{slug}")>
            <h3 class="gal-name" id=format!("gal-{slug}")>{move || name_card.name_in(lang()).to_string()}</h3>
            <p class="gal-meta mdl-muted">{meta}</p>
            <p class="gal-desc" data-testid=format!("gallery-desc-{slug}")>{move || desc_card.description_in(lang()).to_string()}</p>
            <details class="gal-patterns">
                <summary>{t!(i18n, shell.tab_patterns)}</summary>
                <ul>
                    {card
                        .patterns
                        .into_iter()
                        .map(|p| view! { <li>{move || formats::pattern_words::template_pattern_name(slug, &p, lang()).to_string()}</li> })
                        .collect_view()}
                </ul>
            </details>
            <button type="button" class="mdl-btn mdl-primary gal-open" data-testid=format!("gallery-open-{slug}") on:click=move |_| app.offer_template(slug)>
                {t!(i18n, gallery.open)}
            </button>
        </article>
    }
}

/// The open gallery: its header, the search field, the count and a section per category with matches.
/// `all` holds the cards (read from the templates the first time the gallery opens).
#[component]
fn Gallery(query: RwSignal<String>, all: StoredValue<Vec<Card>>) -> impl IntoView {
    let t = use_app().travel;
    let i18n = use_i18n();
    if all.with_value(Vec::is_empty) {
        all.set_value(cards());
    }
    // The slugs of the cards the search keeps, in gallery order.
    let found = Memo::new(move |_| query.with(|q| all.with_value(|all| search(all, q).into_iter().map(|c| (c.slug, c.category)).collect::<Vec<_>>())));
    let first = move || t.gallery.get() == GalleryState::FirstVisit;
    let heading = move |cat: Category| formats::gallery_words::CATALOG.render(&cat.title(), crate::language::words(i18n.get_locale()));
    let section = move |cat: Category| {
        let in_cat = move || found.with(|f| f.iter().filter(|(_, c)| *c == cat).map(|(slug, _)| *slug).collect::<Vec<_>>());
        let cards = move || all.with_value(|all| in_cat().into_iter().filter_map(|slug| all.iter().find(|c| c.slug == slug).cloned()).collect::<Vec<_>>());
        view! {
            <Show when=move || found.with(|f| f.iter().any(|(_, c)| *c == cat))>
                <section class="gal-section" aria-label=move || heading(cat)>
                    <h2 class="gal-section-title">{move || heading(cat)}</h2>
                    <div class="gal-grid">
                        <For each=cards key=|card| card.slug let(card)>
                            <TemplateCard card />
                        </For>
                    </div>
                </section>
            </Show>
        }
    };
    view! {
        <div
            class="gal-overlay"
            data-testid="gallery"
            role="region"
            aria-label=move || t_string!(i18n, share.templates)
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    t.gallery.set(GalleryState::Closed)
                }
            }
        >
            <header class="gal-header">
                <div>
                    <h2 class="gal-title">{t!(i18n, gallery.title)}</h2>
                    <p class="mdl-muted">
                        {t!(i18n, gallery.intro)}
                    </p>
                </div>
                <button type="button" class="mdl-btn" data-testid="gallery-close" on:click=move |_| t.gallery.set(GalleryState::Closed)>
                    {move || if first() { t_string!(i18n, gallery.start_empty) } else { t_string!(i18n, common.close) }}
                </button>
            </header>
            <input
                type="search"
                class="mdl-input gal-search"
                data-testid="gallery-search"
                placeholder=move || t_string!(i18n, gallery.search_placeholder)
                aria-label=move || t_string!(i18n, gallery.search_label)
                autofocus
                bind:value=query
            />
            <p class="mdl-muted" data-testid="gallery-count" role="status">{move || t_string!(i18n, gallery.count, count = numbers::count(i18n.get_locale(), found.with(Vec::len) as u64)).to_string()}</p>
            {Category::ALL.into_iter().map(section).collect_view()}
        </div>
    }
}

/// The gallery, covering the Items panel while it is open. A gallery opened because there was nothing
/// to show steps aside once the model has a table.
#[component]
pub fn GalleryHost() -> impl IntoView {
    let app = use_app();
    let (t, m) = (app.travel, app.modeler);
    let query = RwSignal::new(String::new());
    let all = StoredValue::new(Vec::new());
    let has_tables = Memo::new(move |_| m.state.with(|s| !s.playground.tables().is_empty()));
    Effect::new(move |_| {
        if has_tables.get() && t.gallery.get_untracked() == GalleryState::FirstVisit {
            t.gallery.set(GalleryState::Closed);
        }
    });
    view! {
        <Show when=move || t.gallery.get() != GalleryState::Closed>
            <Gallery query all />
        </Show>
    }
}
