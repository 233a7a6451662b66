//! The templates gallery: documented models for every scenario of the project's source material, each a
//! model file (`engine/tests/data/models/gallery/*.json`) embedded in the build.
//!
//! A template's explanation and access patterns live in the model file itself (`description`,
//! `accessPatterns`), so what the gallery shows is exactly what opening the template loads, and a
//! template is tested like any other model file (`formats/tests/gallery.rs` loads each into the engine
//! and runs every access pattern).

use alloc::string::String;
use alloc::vec::Vec;

use engine::model::{Model, ModelError};
use messages::Lang;

/// Where a template belongs in the gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// Worked scenarios: a whole application's table.
    Scenario,
    /// One DynamoDB design pattern each.
    Pattern,
    /// A document-database (MongoDB) schema pattern expressed as a DynamoDB layout.
    Document,
}

impl Category {
    pub const ALL: [Category; 3] = [Category::Scenario, Category::Pattern, Category::Document];

    pub fn label(self) -> &'static str {
        match self {
            Category::Scenario => "Scenarios",
            Category::Pattern => "Design patterns",
            Category::Document => "Document-model patterns as DynamoDB layouts",
        }
    }
}

/// One built-in template.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// Stable identifier (file name, `data-testid`, `?template=` parameter).
    pub slug: &'static str,
    pub category: Category,
    /// The model file.
    pub json: &'static str,
}

macro_rules! template {
    ($slug:literal, $category:ident) => {
        Template {
            slug: $slug,
            category: Category::$category,
            json: include_str!(concat!("../../engine/tests/data/models/gallery/", $slug, ".json")),
        }
    };
}

/// Every template, in gallery order.
pub const TEMPLATES: [Template; 25] = [
    template!("ecommerce", Scenario),
    template!("posts-by-tag", Scenario),
    template!("menu", Scenario),
    template!("saas", Scenario),
    template!("order-lookups", Scenario),
    template!("adjacency-list", Pattern),
    template!("hierarchical-sort-keys", Pattern),
    template!("write-sharding", Pattern),
    template!("time-series", Pattern),
    template!("atomic-counters", Pattern),
    template!("optimistic-locking", Pattern),
    template!("soft-delete", Pattern),
    template!("cursor-pagination", Pattern),
    template!("index-propagation", Pattern),
    template!("vector-search", Pattern),
    template!("tasks-by-assignee-status", Pattern),
    template!("doc-embedding-vs-referencing", Document),
    template!("doc-attribute-pattern", Document),
    template!("doc-bucket-pattern", Document),
    template!("doc-polymorphic", Document),
    template!("doc-hybrid", Document),
    template!("doc-materialised-aggregates", Document),
    template!("doc-extended-reference", Document),
    template!("doc-ecommerce", Document),
    template!("doc-social-media", Document),
];

impl Template {
    pub fn by_slug(slug: &str) -> Option<&'static Template> {
        TEMPLATES.iter().find(|t| t.slug == slug)
    }

    /// The template's model (the files are tested to read, so this fails only in a broken build).
    pub fn model(&self) -> Result<Model, ModelError> {
        Model::from_json_str(self.json)
    }
}

/// What the gallery shows for a template, read once from its model.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub slug: &'static str,
    pub category: Category,
    pub name: String,
    pub description: String,
    pub tables: usize,
    pub items: usize,
    /// Access pattern names, in order.
    pub patterns: Vec<String>,
    /// Lower-cased text searched by [`search`]: name, description, patterns, table, index and entity names,
    /// and the name, description and patterns in every language.
    haystack: String,
}

impl Card {
    pub fn new(t: &Template) -> Result<Card, ModelError> {
        let m = t.model()?;
        let mut haystack = String::new();
        let mut push = |s: &str| {
            haystack.push_str(&fold(s));
            haystack.push('\n');
        };
        push(t.slug);
        push(t.category.label());
        push(&m.name);
        push(&m.description);
        for tr in Lang::ALL.into_iter().filter_map(|l| t.translation(l)) {
            push(tr.name);
            push(tr.description);
        }
        for p in &m.access_patterns {
            push(&p.name);
            push(&p.description);
            for w in Lang::ALL.into_iter().filter_map(|l| crate::pattern_words::template_pattern(&p.name, &p.description, l)) {
                push(w.name);
                push(w.description);
            }
        }
        for table in &m.tables {
            push(table.name().unwrap_or_default());
            for e in &table.entities {
                push(&e.name);
            }
            for field in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
                for ix in table.definition.get(field).and_then(|v| v.as_array()).map(Vec::as_slice).unwrap_or(&[]) {
                    push(ix.get("IndexName").and_then(|v| v.as_str()).unwrap_or_default());
                }
            }
        }
        Ok(Card {
            slug: t.slug,
            category: t.category,
            tables: m.tables.len(),
            items: m.tables.iter().map(|t| t.items.len()).sum(),
            patterns: m.access_patterns.iter().map(|p| p.name.clone()).collect(),
            name: m.name,
            description: m.description,
            haystack,
        })
    }

    /// The template's name in `lang` (English, from the model file, when there is no translation).
    pub fn name_in(&self, lang: Lang) -> &str {
        Template::by_slug(self.slug).and_then(|t| t.translation(lang)).map_or(&self.name, |tr| tr.name)
    }

    /// The template's explanation in `lang`.
    pub fn description_in(&self, lang: Lang) -> &str {
        Template::by_slug(self.slug).and_then(|t| t.translation(lang)).map_or(&self.description, |tr| tr.description)
    }

    /// Every word of `query` occurs somewhere in the card (case-insensitive); an empty query matches.
    pub fn matches(&self, query: &str) -> bool {
        query.split_whitespace().all(|w| self.haystack.contains(&fold(w)))
    }
}

/// Text for case-insensitive search in both languages: lower case, with the Turkish dotted and dotless
/// i (`İ`, `ı`) and the Latin `I` all read as `i`, so "iyimser" finds "İyimser" and "index" finds
/// "INDEX" whatever language the text was written in (a plain `to_lowercase` turns `İ` into `i̇`).
fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'İ' | 'I' | 'ı' => out.push('i'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// Cards for every template (a template that fails to read is left out; the tests make sure none does).
pub fn cards() -> Vec<Card> {
    TEMPLATES.iter().filter_map(|t| Card::new(t).ok()).collect()
}

/// The cards matching `query`, in gallery order.
pub fn search<'a>(cards: &'a [Card], query: &str) -> Vec<&'a Card> {
    cards.iter().filter(|c| c.matches(query)).collect()
}
