//! The playground's language: which one a page starts in, and how numbers read in it.
//!
//! The words themselves are in `app/locales/<lang>/<namespace>.json`, checked at compile time by
//! `leptos_i18n` (the generated [`crate::i18n`] module; components use `t!(i18n, namespace.key)`).
//! A page starts in the language its address names (`?lang=tr`, for a link or an embed), else the one
//! the learner chose before (a cookie), else the browser's (`navigator.languages`).

pub mod numbers;
mod switch;

pub use switch::LanguageSwitch;

use crate::i18n::Locale;

/// The language the page's address asks for (`?lang=tr`), when the playground has it.
pub fn from_address() -> Option<Locale> {
    crate::state::launch().lang.and_then(|code| parse(&code))
}

/// `"tr"` → Turkish. Unknown codes give `None`, so a link in a language we lack opens in the usual one.
pub fn parse(code: &str) -> Option<Locale> {
    match code {
        "en" => Some(Locale::en),
        "tr" => Some(Locale::tr),
        _ => None,
    }
}

/// The language's code, as the crates that carry their own words (lessons, advisor…) take it.
pub fn code(locale: Locale) -> &'static str {
    match locale {
        Locale::en => "en",
        Locale::tr => "tr",
    }
}

/// The language the crates' own messages (the advisor's findings, the simulator's verdicts, capacity
/// explanations, template descriptions) are rendered in.
pub fn words(locale: Locale) -> messages::Lang {
    messages::Lang::from_code_or_en(code(locale))
}
