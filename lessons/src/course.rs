//! The built-in course: lessons built from the source documents, as lesson files embedded in the build.
//!
//! Each lesson is `course/NN-slug.md` (English) and its Turkish sibling `NN-slug.tr.md`, with the same id,
//! step ids, starts, checks and solutions ([`Lesson::same_exercise`]), so progress and checks carry over
//! when the learner switches language. Both files are embedded, so a lesson without its Turkish file does
//! not build.

use crate::lesson::{Lesson, LessonError};

/// One built-in lesson: its files per language.
#[derive(Debug, Clone, Copy)]
pub struct BuiltIn {
    /// The lesson's id (also its file name without the number).
    pub slug: &'static str,
    pub en: &'static str,
    pub tr: &'static str,
}

impl BuiltIn {
    /// The file in `lang` (`en` or `tr`; English for any other language).
    pub fn text(&self, lang: &str) -> &'static str {
        match lang {
            "tr" => self.tr,
            _ => self.en,
        }
    }

    /// The lesson in `lang` (English for a language the course is not written in).
    pub fn lesson(&self, lang: &str) -> Result<Lesson, LessonError> {
        Lesson::from_markdown(self.text(lang))
    }

    pub fn by_slug(slug: &str) -> Option<&'static BuiltIn> {
        COURSE.iter().find(|b| b.slug == slug)
    }
}

macro_rules! lesson {
    ($file:literal, $slug:literal) => {
        BuiltIn {
            slug: $slug,
            en: include_str!(concat!("../course/", $file, ".md")),
            tr: include_str!(concat!("../course/", $file, ".tr.md")),
        }
    };
}

/// The course, in order.
pub const COURSE: [BuiltIn; 11] = [
    lesson!("01-keys-and-collections", "keys-and-collections"),
    lesson!("02-access-patterns-to-keys", "access-patterns-to-keys"),
    lesson!("03-sparse-indexes", "sparse-indexes"),
    lesson!("04-hot-partition", "hot-partition"),
    lesson!("05-multi-tenant-saas", "multi-tenant-saas"),
    lesson!("06-many-to-many", "many-to-many"),
    lesson!("07-time-series", "time-series"),
    lesson!("08-locking-and-transactions", "locking-and-transactions"),
    lesson!("09-embedding-ecommerce", "embedding-ecommerce"),
    lesson!("10-embedding-social-media", "embedding-social-media"),
    lesson!("11-cost", "cost"),
];
