//! A learner's progress through one lesson, as the browser keeps it: the step they are on, the steps
//! whose checks have all passed, and how many hints each step has revealed.
//!
//! Kept by step id, not position, so a translation (same ids) shares it and a trainer who inserts a
//! step does not shift everyone's progress onto the wrong one. Ids the lesson no longer has are ignored.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::lesson::Lesson;

/// The storage key of a lesson's progress (`dynamodel.lesson.sparse-indexes`).
pub fn storage_key(lesson_id: &str) -> String {
    alloc::format!("dynamodel.lesson.{lesson_id}")
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The id of the step the learner is on.
    pub step: String,
    /// Ids of the steps whose checks have all passed, in the order they were completed.
    pub done: Vec<String>,
    /// Hints revealed, per step id.
    pub hints: Vec<(String, u32)>,
}

impl Progress {
    /// Read a stored progress; anything unreadable is no progress (it is only a convenience).
    pub fn from_json_str(text: &str) -> Progress {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json_string(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The index of the step the learner is on (the first when the id is unknown).
    pub fn step_index(&self, lesson: &Lesson) -> usize {
        lesson.steps.iter().position(|s| s.id == self.step).unwrap_or(0)
    }

    pub fn is_done(&self, step_id: &str) -> bool {
        self.done.iter().any(|d| d == step_id)
    }

    /// Record that every check of `step_id` passed. `true` when that is news.
    pub fn mark_done(&mut self, step_id: &str) -> bool {
        if self.is_done(step_id) {
            return false;
        }
        self.done.push(String::from(step_id));
        true
    }

    /// How many steps of `lesson` are done.
    pub fn done_count(&self, lesson: &Lesson) -> usize {
        lesson.steps.iter().filter(|s| self.is_done(&s.id)).count()
    }

    pub fn hints_shown(&self, step_id: &str) -> u32 {
        self.hints.iter().find(|(id, _)| id == step_id).map_or(0, |(_, n)| *n)
    }

    pub fn set_hints_shown(&mut self, step_id: &str, n: u32) {
        match self.hints.iter_mut().find(|(id, _)| id == step_id) {
            Some(entry) => entry.1 = n,
            None => self.hints.push((String::from(step_id), n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_tolerates_junk() {
        let lesson = crate::course::COURSE[0].lesson("en").expect("reads");
        let second = lesson.steps[1].id.clone();
        let mut p = Progress { step: second.clone(), ..Progress::default() };
        assert!(p.mark_done(&lesson.steps[0].id));
        assert!(!p.mark_done(&lesson.steps[0].id), "once");
        p.mark_done("a-step-since-removed");
        p.set_hints_shown(&second, 1);
        p.set_hints_shown(&second, 2);
        assert_eq!(p.hints_shown(&second), 2);
        assert_eq!(p.hints_shown("other"), 0);
        assert_eq!(p.done_count(&lesson), 1, "ids the lesson lacks do not count");
        assert_eq!(p.step_index(&lesson), 1);
        let again = Progress::from_json_str(&p.to_json_string());
        assert_eq!(again, p);
        for junk in ["", "null", "[1,2]", "{\"step\": 3}", "not json"] {
            assert_eq!(Progress::from_json_str(junk), Progress::default(), "{junk}");
        }
        assert_eq!(Progress::from_json_str("{\"step\": \"gone\"}").step_index(&lesson), 0);
        assert_eq!(storage_key("cost"), "dynamodel.lesson.cost");
    }
}
