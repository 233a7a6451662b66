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

#[test]
fn translations_are_the_same_exercise() {
    for b in &COURSE {
        if let Some(tr) = b.tr {
            let en = Lesson::from_markdown(b.en).unwrap();
            let tr = Lesson::from_markdown(tr).unwrap_or_else(|e| panic!("{} (tr): {e}", b.slug));
            assert_eq!(tr.lang, "tr");
            en.same_exercise(&tr).unwrap_or_else(|e| panic!("{}: {e}", b.slug));
        }
        // Without a translation the English file is what a Turkish learner gets.
        assert_eq!(b.text("tr"), b.tr.unwrap_or(b.en));
    }
}

#[test]
fn every_lesson_travels_in_a_model_file() {
    // The JSON form carries the same lesson: a share link opens the same exercise.
    for b in &COURSE {
        let lesson = b.lesson("en").unwrap();
        let start = lesson.steps[0].starting_model(&Default::default()).unwrap();
        let carried = lessons::attach(&start, &lesson);
        let text = carried.to_json_string_pretty();
        let back = engine::model::Model::from_json_str(&text).unwrap();
        assert_eq!(Lesson::from_model(&back).unwrap().unwrap(), lesson, "{}", b.slug);
    }
}
