//! Every built-in lesson can be completed by following its own steps: each step starts where the last
//! one ended, its goals fail before its solution and its kept checks hold, and after the solution every
//! check passes.

use lessons::course::{BuiltIn, COURSE};
use lessons::{evaluate_model, render_en, Lesson, Start};

/// The playground's clock when a learner works through the course (the checks read no clock but TTL).
const NOW: u64 = 1_767_225_600_000; // 2026-01-01

fn walk(b: &BuiltIn, lesson: &Lesson) -> Vec<String> {
    let mut problems = Vec::new();
    let mut current = engine::model::Model::default();
    for step in &lesson.steps {
        let at = format!("{}/{}", b.slug, step.id);
        let start = match step.starting_model(&current) {
            Ok(m) => m,
            Err(e) => {
                problems.push(format!("{at}: start: {}", render_en(&e)));
                return problems;
            }
        };
        let before = evaluate_model(&step.checks, &start, NOW);
        for (c, r) in step.checks.iter().zip(&before) {
            if r.passed != c.kept {
                let want = if c.kept { "hold (kept)" } else { "fail" };
                problems.push(format!("{at}: before the solution {} should {want}: {}", c.id, render_en(&r.message)));
            }
        }
        let Some(end) = step.solution_model(&start).unwrap_or_else(|e| panic!("{at}: solution: {}", render_en(&e))) else {
            problems.push(format!("{at}: no solution"));
            return problems;
        };
        for r in evaluate_model(&step.checks, &end, NOW) {
            if !r.passed {
                problems.push(format!("{at}: after the solution {} fails: {}", r.id, render_en(&r.message)));
            }
        }
        current = end;
    }
    problems
}

#[test]
fn every_built_in_lesson_is_completable_by_its_own_solutions() {
    let mut problems = Vec::new();
    for b in &COURSE {
        let lesson = b.lesson("en").unwrap_or_else(|e| panic!("{}: {e}", b.slug));
        assert_eq!(lesson.id, b.slug);
        assert_eq!(lesson.lang, "en");
        assert!((3..=6).contains(&lesson.steps.len()), "{}: {} steps", b.slug, lesson.steps.len());
        assert!(!matches!(lesson.steps[0].start, Start::Continue), "{}: the first step says where it starts", b.slug);
        assert!(!lesson.summary.is_empty() && lesson.introduction.len() > 200, "{}: a summary and an introduction", b.slug);
        for s in &lesson.steps {
            assert!(s.checks.iter().any(|c| !c.kept), "{}/{}: a goal to reach", b.slug, s.id);
            assert!(!s.hints.is_empty(), "{}/{}: a hint", b.slug, s.id);
            assert!(s.solution.is_some(), "{}/{}: a solution", b.slug, s.id);
        }
        problems.extend(walk(b, &lesson));
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_course_has_at_least_ten_lessons() {
    assert!(COURSE.len() >= 10, "{} lessons", COURSE.len());
}

#[test]
fn lesson_ids_are_unique_and_numbered_in_order() {
    for (i, b) in COURSE.iter().enumerate() {
        assert!(COURSE[i + 1..].iter().all(|o| o.slug != b.slug), "{}", b.slug);
        assert!(BuiltIn::by_slug(b.slug).is_some());
    }
}

/// Letters only Turkish words have: a step whose text has none of them was left in English.
const TURKISH_LETTERS: [char; 12] = ['ç', 'ğ', 'ı', 'İ', 'ö', 'ş', 'ü', 'Ç', 'Ğ', 'Ö', 'Ş', 'Ü'];

#[test]
fn every_lesson_has_its_turkish_translation_and_it_is_the_same_exercise() {
    for b in &COURSE {
        let en = b.lesson("en").unwrap_or_else(|e| panic!("{}: {e}", b.slug));
        let tr = b.lesson("tr").unwrap_or_else(|e| panic!("{} (tr): {e}", b.slug));
        assert_eq!((en.lang.as_str(), tr.lang.as_str()), ("en", "tr"), "{}", b.slug);
        en.same_exercise(&tr).unwrap_or_else(|e| panic!("{}: the Turkish file is not the same exercise: {e}", b.slug));
        assert_ne!(tr.title, en.title, "{}: a Turkish title", b.slug);
        assert!(!tr.summary.is_empty() && tr.summary != en.summary, "{}: a Turkish summary", b.slug);
        assert!(tr.introduction.len() > 200 && tr.introduction.contains(TURKISH_LETTERS), "{}: a Turkish introduction", b.slug);
        for (e, t) in en.steps.iter().zip(&tr.steps) {
            let at = format!("{}/{} (tr)", b.slug, t.id);
            assert!(t.title != e.title && t.instructions.contains(TURKISH_LETTERS), "{at}: the step is in Turkish");
            // A hint heading the reader did not take for one would leave the hint in the instructions.
            assert_eq!(t.hints.len(), e.hints.len(), "{at}: as many hints as in English");
            assert!(!t.instructions.lines().any(|l| l.starts_with("### ")), "{at}: a hint heading in the instructions");
            assert!(t.hints.iter().all(|h| h.contains(TURKISH_LETTERS) || h.starts_with('`')), "{at}: the hints are in Turkish");
        }
    }
}

#[test]
fn the_turkish_file_is_the_one_a_turkish_learner_gets() {
    for b in &COURSE {
        assert_eq!(b.text("tr"), b.tr);
        assert_eq!(b.text("en"), b.en);
        // A language the course is not written in gets English.
        assert_eq!(b.text("de"), b.en);
    }
}

#[test]
fn every_lesson_file_is_in_the_course() {
    // A file in `course/` that `COURSE` does not embed (a new lesson, or a translation under a
    // misspelled name) would never reach a learner.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("course");
    let mut files: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    let embedded: Vec<&str> = COURSE.iter().flat_map(|b| [b.en, b.tr]).collect();
    assert_eq!(files.len(), embedded.len(), "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        assert!(embedded.contains(&text.as_str()), "{f} is not in the course");
        let (stem, lang) = match f.strip_suffix(".tr.md") {
            Some(stem) => (stem, "tr"),
            None => (f.strip_suffix(".md").unwrap_or_else(|| panic!("{f}: not a lesson file")), "en"),
        };
        let b = COURSE.iter().find(|b| stem.ends_with(b.slug) && b.text(lang) == text);
        assert!(b.is_some(), "{f}: embedded under another lesson or language");
    }
}

#[test]
fn every_lesson_travels_in_a_model_file() {
    // The JSON form carries the same lesson: a share link opens the same exercise.
    for b in &COURSE {
        for lang in ["en", "tr"] {
            let lesson = b.lesson(lang).unwrap();
            let start = lesson.steps[0].starting_model(&Default::default()).unwrap();
            let carried = lessons::attach(&start, &lesson);
            let text = carried.to_json_string_pretty();
            let back = engine::model::Model::from_json_str(&text).unwrap();
            assert_eq!(Lesson::from_model(&back).unwrap().unwrap(), lesson, "{} ({lang})", b.slug);
        }
    }
}
