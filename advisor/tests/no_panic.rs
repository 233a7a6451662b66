//! The fuzz target's body over fixed, hostile inputs: every template cut short at many points and with
//! bytes changed, plus odd placeholders. Nothing panics (the engine and the parsers answer with errors).

use formats::gallery::TEMPLATES;

#[test]
fn truncated_and_altered_templates_never_panic() {
    let seed = include_str!("../fuzz/seeds/pattern/query.json");
    advisor::fuzzing::pattern_text(seed);
    for t in TEMPLATES.iter().take(6) {
        let text = t.json;
        for cut in (0..text.len()).step_by(text.len() / 40 + 1) {
            if text.is_char_boundary(cut) {
                advisor::fuzzing::pattern_text(&text[..cut]);
            }
        }
        for (from, to) in [("\"Query\"", "\"Scan\""), ("\"S\"", "\"N\""), ("#", "{"), ("}", "}}"), ("\"name\"", "\"nome\"")] {
            advisor::fuzzing::pattern_text(&text.replacen(from, to, 3));
        }
    }
    for odd in ["{", "}", "{{", "{}", "{a", "a=b=c, ,=", "{\"TransactItems\": [1]}", "{\"Key\": {\"PK\": {\"S\": \"{x}\"}}}"] {
        advisor::fuzzing::pattern_text(odd);
    }
}
