//! The built-in course: lessons built from the source documents, as lesson files embedded in the build.
//!
//! Each lesson is `course/NN-slug.md` (English); a translation is a sibling `NN-slug.tr.md` with the same
//! id, step ids, starts, checks and solutions ([`Lesson::same_exercise`]), so progress and checks carry
//! over when the learner switches language.

use crate::lesson::{Lesson, LessonError};

/// One built-in lesson: its files per language.
#[derive(Debug, Clone, Copy)]
pub struct BuiltIn {
    /// The lesson's id (also its file name without the number).
    pub slug: &'static str,
    pub en: &'static str,
    /// The Turkish file, once written.
    pub tr: Option<&'static str>,
}

impl BuiltIn {
    /// The file in `lang`, or the English one when there is no translation.
    pub fn text(&self, lang: &str) -> &'static str {
        match lang {
            "tr" => self.tr.unwrap_or(self.en),
            _ => self.en,
        }
    }

    /// The lesson in `lang` (English when there is no translation).
    pub fn lesson(&self, lang: &str) -> Result<Lesson, LessonError> {
        Lesson::from_markdown(self.text(lang))
    }

    pub fn by_slug(slug: &str) -> Option<&'static BuiltIn> {
        COURSE.iter().find(|b| b.slug == slug)
    }
}

macro_rules! lesson {
    ($file:literal, $slug:literal) => {
        BuiltIn { slug: $slug, en: include_str!(concat!("../course/", $file, ".md")), tr: None }
    };
    ($file:literal, $slug:literal, tr) => {
        BuiltIn {
            slug: $slug,
            en: include_str!(concat!("../course/", $file, ".md")),
            tr: Some(include_str!(concat!("../course/", $file, ".tr.md"))),
        }
    };
}

/// The course, in order.
pub const COURSE: [BuiltIn; 11] = [
    lesson!("01-keys-and-collections", "keys-and-collections", tr),
    lesson!("02-access-patterns-to-keys", "access-patterns-to-keys", tr),
    lesson!("03-sparse-indexes", "sparse-indexes", tr),
    lesson!("04-hot-partition", "hot-partition", tr),
    lesson!("05-multi-tenant-saas", "multi-tenant-saas", tr),
    lesson!("06-many-to-many", "many-to-many", tr),
    lesson!("07-time-series", "time-series", tr),
    lesson!("08-locking-and-transactions", "locking-and-transactions", tr),
    lesson!("09-embedding-ecommerce", "embedding-ecommerce", tr),
    lesson!("10-embedding-social-media", "embedding-social-media", tr),
    lesson!("11-cost", "cost", tr),
];
