//! One analysis of the current model: every access pattern checked, the advisor's findings (with the
//! simulator's heat when the Heat tab has results), the coverage line and the Markdown export.
//! Recomputed (as a memo) whenever the model or the heat changes while the tab can be seen.

use advisor::check::{check_all, coverage, PatternCheck};
use advisor::markdown::{export, index_words};
use advisor::{advise, Context, Finding, Heat};
use engine::model::DismissedFinding;

use crate::model::Playground;
use messages::{Arg, Lang, Message};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Analysis {
    pub checks: Vec<PatternCheck>,
    /// Each checked pattern's description, as the model writes it (with its name, what recognises a
    /// template's pattern: `formats::pattern_words`).
    pub descriptions: Vec<String>,
    /// The seeds' index column for each check ("Main table", "GSI1 (sparse)").
    pub index_labels: Vec<::advisor::Message>,
    pub coverage: ::advisor::Message,
    pub markdown: String,
    pub findings: Vec<Finding>,
    pub dismissed: Vec<DismissedFinding>,
}

pub fn analyse(p: &Playground, now: u64, heat: Option<&Heat>) -> Analysis {
    let model = p.to_model();
    let checks = check_all(&model, p.database(), now);
    let findings = advise(&Context::new(&model, &checks, heat));
    Analysis {
        index_labels: checks.iter().map(|c| index_words(&model, c)).collect(),
        coverage: coverage(&checks),
        markdown: export(&model, &checks),
        findings,
        dismissed: p.dismissed_findings.clone(),
        descriptions: model.access_patterns.iter().map(|a| a.description.clone()).collect(),
        checks,
    }
}

impl Analysis {
    /// `message` in `lang`, every access pattern it names (a `pattern` argument) named as the pattern
    /// table names it: a template's own pattern in the page's language (`formats::pattern_words`).
    pub fn say(&self, message: &Message, lang: Lang) -> String {
        ::advisor::render(&self.with_shown_names(message, lang), lang)
    }

    fn with_shown_names(&self, message: &Message, lang: Lang) -> Message {
        let shown = |name: &str| {
            let at = self.checks.iter().position(|c| c.name == name)?;
            let description = self.descriptions.get(at).map(String::as_str).unwrap_or_default();
            formats::pattern_words::template_pattern(name, description, lang).map(|w| w.name)
        };
        let mut out = message.clone();
        for (key, arg) in &mut out.args {
            match arg {
                Arg::Text(name) if *key == "pattern" => {
                    if let Some(s) = shown(name) {
                        *name = s.into();
                    }
                }
                Arg::Message(inner) => **inner = self.with_shown_names(inner, lang),
                _ => {}
            }
        }
        out
    }
}
