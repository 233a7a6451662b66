//! The header's language menu.

use leptos::prelude::*;

use crate::i18n::{t, use_i18n, Locale};

/// A `<select>` of the playground's languages, each named in itself (a learner who cannot read the
/// current language still finds their own).
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(locale) = super::parse(&event_target_value(&ev)) {
            i18n.set_locale(locale);
        }
    };
    view! {
        <label class="lang-switch">
            <span class="lang-switch-label">{t!(i18n, shell.language)}</span>
            <select
                data-testid="lang-switch"
                prop:value=move || super::code(i18n.get_locale())
                on:change=on_change
            >
                <option value="en" selected=move || i18n.get_locale() == Locale::en>"English"</option>
                <option value="tr" selected=move || i18n.get_locale() == Locale::tr>"Türkçe"</option>
            </select>
        </label>
    }
}
