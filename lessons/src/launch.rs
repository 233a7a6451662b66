//! The lesson a page is opened with: `?lesson=<slug>` (a built-in lesson), `?lesson=<url>` (a lesson
//! file hosted elsewhere), and `&step=N` (1-based) or `&step=<step id>`. Read from the query string
//! beside the model's own parameters (`formats::launch`), which it leaves alone.

use alloc::string::String;

use formats::launch::{percent_decode, MAX_URL_CHARS};

use crate::lesson::{valid_id, Lesson};

/// Where the lesson comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonSource {
    /// A lesson of the built-in course, by id (which may not exist: the app says so).
    BuiltIn(String),
    /// A lesson file (Markdown) to fetch.
    Url(String),
}

/// Which step to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepRef {
    /// 1-based, as a trainer counts them.
    Number(usize),
    Id(String),
}

impl StepRef {
    /// The step's index in `lesson`, if it has that step.
    pub fn resolve(&self, lesson: &Lesson) -> Option<usize> {
        match self {
            StepRef::Number(n) => (1..=lesson.steps.len()).contains(n).then(|| n - 1),
            StepRef::Id(id) => lesson.steps.iter().position(|s| &s.id == id),
        }
    }
}

/// The `lesson` and `step` parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonLaunch {
    pub source: LessonSource,
    pub step: Option<StepRef>,
}

/// Why a `?lesson=` address is not fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchRefusal {
    /// Only `http:`, `https:` and addresses relative to the page are fetched.
    Scheme(String),
    TooLong,
}

/// `location.search` (with or without `?`): `None` when it names no lesson.
pub fn parse(search: &str) -> Option<Result<LessonLaunch, LaunchRefusal>> {
    let mut lesson = None;
    let mut step = None;
    for pair in search.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "lesson" => lesson = Some(percent_decode(v)),
            "step" => step = Some(percent_decode(v)),
            _ => {}
        }
    }
    let value = lesson.filter(|l| !l.trim().is_empty())?;
    let step = step.map(|s| match s.trim().parse::<usize>() {
        Ok(n) => StepRef::Number(n),
        Err(_) => StepRef::Id(String::from(s.trim())),
    });
    // An id (`sparse-indexes`) names a built-in lesson; anything else is an address.
    let source = if valid_id(value.trim()) {
        LessonSource::BuiltIn(String::from(value.trim()))
    } else {
        match refusal(&value) {
            Some(r) => return Some(Err(r)),
            None => LessonSource::Url(value),
        }
    };
    Some(Ok(LessonLaunch { source, step }))
}

fn refusal(url: &str) -> Option<LaunchRefusal> {
    if url.len() > MAX_URL_CHARS {
        return Some(LaunchRefusal::TooLong);
    }
    let lower = url.trim().to_ascii_lowercase();
    match lower.split_once(':') {
        // `a/b:c` is a relative path with a colon after a slash, not a scheme.
        Some((scheme, _)) if !scheme.contains(['/', '?', '#']) && scheme != "http" && scheme != "https" => Some(LaunchRefusal::Scheme(String::from(scheme))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn built_in(slug: &str, step: Option<StepRef>) -> Option<Result<LessonLaunch, LaunchRefusal>> {
        Some(Ok(LessonLaunch { source: LessonSource::BuiltIn(slug.to_string()), step }))
    }

    #[test]
    fn parameters() {
        let url = |u: &str, step| Some(Ok(LessonLaunch { source: LessonSource::Url(u.to_string()), step }));
        let cases: &[(&str, Option<Result<LessonLaunch, LaunchRefusal>>)] = &[
            ("", None),
            ("?embed=1&tab=query", None),
            ("?lesson=", None),
            ("?lesson=sparse-indexes", built_in("sparse-indexes", None)),
            ("lesson=cost&step=3", built_in("cost", Some(StepRef::Number(3)))),
            ("?embed=1&lesson=cost&step=query-active&readonly=1", built_in("cost", Some(StepRef::Id("query-active".into())))),
            ("?lesson=no-such-lesson", built_in("no-such-lesson", None)),
            ("?lesson=https%3A%2F%2Fexample.com%2Fl.md&step=2", url("https://example.com/l.md", Some(StepRef::Number(2)))),
            ("?lesson=lessons/sparse.md", url("lessons/sparse.md", None)),
            ("?lesson=Sparse", url("Sparse", None)),
            ("?lesson=a/b:c.md", url("a/b:c.md", None)),
            ("?lesson=javascript:alert(1)", Some(Err(LaunchRefusal::Scheme("javascript".into())))),
            ("?lesson=FILE:///etc/passwd", Some(Err(LaunchRefusal::Scheme("file".into())))),
        ];
        for (search, want) in cases {
            assert_eq!(&parse(search), want, "{search}");
        }
        let long = alloc::format!("?lesson=https://x/{}", "a".repeat(MAX_URL_CHARS));
        assert_eq!(parse(&long), Some(Err(LaunchRefusal::TooLong)));
    }

    #[test]
    fn steps_resolve_by_number_or_id() {
        let lesson = crate::course::COURSE[2].lesson("en").expect("reads");
        let n = lesson.steps.len();
        assert_eq!(StepRef::Number(1).resolve(&lesson), Some(0));
        assert_eq!(StepRef::Number(n).resolve(&lesson), Some(n - 1));
        assert_eq!(StepRef::Number(0).resolve(&lesson), None);
        assert_eq!(StepRef::Number(n + 1).resolve(&lesson), None);
        assert_eq!(StepRef::Id(lesson.steps[1].id.clone()).resolve(&lesson), Some(1));
        assert_eq!(StepRef::Id("nope".into()).resolve(&lesson), None);
    }
}
