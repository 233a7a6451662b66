//! The workspace tabs.

/// The workspace tabs, in display order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tab {
    Items,
    Indexes,
    Query,
    Heat,
    Patterns,
}

impl Tab {
    pub const ALL: [Tab; 5] = [Tab::Items, Tab::Indexes, Tab::Query, Tab::Heat, Tab::Patterns];

    /// The tab's name in the page's language.
    pub fn label(self, locale: crate::i18n::Locale) -> &'static str {
        use crate::i18n::td_string;
        match self {
            Tab::Items => td_string!(locale, shell.tab_items),
            Tab::Indexes => td_string!(locale, shell.tab_indexes),
            Tab::Query => td_string!(locale, shell.tab_query),
            Tab::Heat => td_string!(locale, shell.tab_heat),
            Tab::Patterns => td_string!(locale, shell.tab_patterns),
        }
    }

    /// Stable identifier used in element ids, `data-testid`s, `?tab=` and share links.
    pub fn slug(self) -> &'static str {
        match self {
            Tab::Items => "items",
            Tab::Indexes => "indexes",
            Tab::Query => "query",
            Tab::Heat => "heat",
            Tab::Patterns => "patterns",
        }
    }

    pub fn tab_id(self) -> String {
        format!("tab-{}", self.slug())
    }

    pub fn panel_id(self) -> String {
        format!("panel-{}", self.slug())
    }

    /// The tab with this [`Tab::slug`].
    pub fn from_slug(slug: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.slug() == slug)
    }

    fn index(self) -> usize {
        Tab::ALL.iter().position(|t| *t == self).unwrap_or(0)
    }

    /// The tab a key press moves to, wrapping at both ends; `None` for keys the tab list does not handle.
    pub fn after_key(self, key: &str) -> Option<Tab> {
        let n = Tab::ALL.len();
        let i = self.index();
        let j = match key {
            "ArrowRight" => (i + 1) % n,
            "ArrowLeft" => (i + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return None,
        };
        Some(Tab::ALL[j])
    }
}
