//! The fuzz target's body (`lessons/fuzz`), here so that ordinary tests run it over fixed inputs too.

use alloc::string::ToString;

use crate::check::Check;
use crate::lesson::Lesson;
use crate::message::{render_en, render_tr, Message};

/// Read `text` as a lesson file, as the JSON form, and each of its lines as a check; show it as the app
/// does (`html`) and read it as a page address (`launch`). Nothing may panic;
/// a lesson that reads must survive the trip to JSON and back unchanged, and a check that reads must
/// read the same from the text it is written back as.
pub fn lesson_text(text: &str) {
    #[cfg(feature = "markdown")]
    {
        // Raw HTML is text, and no address with a scheme other than http(s) or mailto is linked.
        let html = crate::html::to_html(text).to_ascii_lowercase();
        for bad in ["<script", "<iframe", "href=\"javascript:", "src=\"javascript:", "href=\"data:", "src=\"data:"] {
            assert!(!html.contains(bad), "{bad} in {html}");
        }
        let _ = crate::launch::parse(text);
    }
    #[cfg(feature = "markdown")]
    match Lesson::from_markdown(text) {
        Ok(lesson) => {
            let again = Lesson::from_json(&lesson.to_json()).expect("a lesson's JSON form reads");
            assert_eq!(again, lesson);
            let _ = lesson.walk(None);
        }
        // The refusal reads in both languages.
        Err(e) => shown(&e.message),
    }
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        if let Ok(lesson) = Lesson::from_json(&v) {
            assert_eq!(Lesson::from_json(&lesson.to_json()).as_ref(), Ok(&lesson));
        }
    }
    for line in text.lines() {
        match Check::parse(line) {
            Ok(c) => {
                let written = c.to_string();
                assert_eq!(Check::parse(&written).as_ref(), Ok(&c), "{written}");
            }
            Err(m) => shown(&m),
        }
    }
}

/// A message shows in English and in Turkish with every argument filled.
fn shown(m: &Message) {
    for text in [render_en(m), render_tr(m)] {
        assert!(!text.is_empty() && text != m.key, "{} has no text", m.key);
    }
}
