//! The languages the playground speaks.

/// A language a [`crate::Catalog`] has a table for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Tr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Tr];

    /// `"tr"` → Turkish, as the app's language codes (`?lang=tr`) name them; an unknown code is `None`.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "tr" => Some(Lang::Tr),
            _ => None,
        }
    }

    /// Like [`Lang::from_code`], English for a code we have no table for.
    pub fn from_code_or_en(code: &str) -> Lang {
        Lang::from_code(code).unwrap_or(Lang::En)
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Tr => "tr",
        }
    }
}
