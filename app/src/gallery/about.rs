//! The open model's own explanation (a template's `description`), kept within reach after the template
//! has opened: a disclosure under the model's name that the learner can close and open again.

use leptos::prelude::*;

use crate::i18n::{t, use_i18n};
use crate::state::use_app;

/// "About this model": the model's description, and the access patterns it was designed for. Nothing
/// when the model has no description. A `<details>`, so it is reached with Tab and opened with Enter
/// or Space; closed by default so the grid keeps its room in a small frame.
#[component]
pub fn ModelAbout() -> impl IntoView {
    let m = use_app().modeler;
    let i18n = use_i18n();
    let about = Memo::new(move |_| {
        m.state.with(|s| {
            let p = &s.playground;
            let patterns: Vec<(String, String)> = p.access_patterns.iter().map(|a| (a.name.clone(), a.description.clone())).collect();
            (p.description.clone(), patterns)
        })
    });
    move || {
        let (description, patterns) = about.get();
        let lang = crate::language::words(i18n.get_locale());
        // A template's own explanation and access patterns, in the page's language.
        let description = formats::gallery_words::description_in(&description, lang).to_string();
        let patterns: Vec<String> = patterns
            .iter()
            .map(|(name, description)| match formats::pattern_words::pattern_in(name, description, lang) {
                (name, "") => name.to_string(),
                (name, description) => format!("{name}: {description}"),
            })
            .collect();
        (!description.trim().is_empty()).then(|| {
            let paragraphs = description.split("\n\n").map(|para| view! { <p>{para.to_string()}</p> }).collect_view();
            let patterns = (!patterns.is_empty()).then(|| {
                view! {
                    <p class="gal-about-sub">{t!(i18n, gallery.about_patterns)}</p>
                    <ul>{patterns.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                }
            });
            view! {
                <details class="gal-about" data-testid="model-about">
                    <summary data-testid="model-about-toggle">{t!(i18n, gallery.about)}</summary>
                    <div class="gal-about-body" data-testid="model-about-text">
                        {paragraphs}
                        {patterns}
                    </div>
                </details>
            }
        })
    }
}
