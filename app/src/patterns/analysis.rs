//! One analysis of the current model: every access pattern checked, the advisor's findings (with the
//! simulator's heat when the Heat tab has results), the coverage line and the Markdown export.
//! Recomputed (as a memo) whenever the model or the heat changes while the tab can be seen.
//!
//! Only a run of the person's own model is heat for the advisor: a seed scenario simulates its own
//! tables, so its throttled keys say nothing about this design ([`model_heat`]).

use advisor::check::{check_all, coverage, PatternCheck};
use advisor::markdown::{export, index_label};
use advisor::{advise, Context, Finding, Heat};
use engine::model::DismissedFinding;

use crate::heat::{RunResult, Source};
use crate::model::Playground;

/// Whether the Heat tab's results come from a run of the person's own model (which keeps its workload
/// in the model, `saved_as`), not from a seed scenario.
fn own_run<'a>(source: Option<&Source>, result: Option<&'a RunResult>) -> Option<&'a RunResult> {
    result.filter(|_| source.is_some_and(|s| s.saved_as.is_some()))
}

/// The heat the advisor reads: the Heat tab's results when they are a run of the model itself.
pub fn model_heat(source: Option<&Source>, result: Option<&RunResult>) -> Option<Heat> {
    own_run(source, result).map(|r| Heat::from_report(&r.report))
}

/// The line above the findings saying which heat they read, or why the Heat tab's results are not read.
pub fn heat_note(source: Option<&Source>, result: Option<&RunResult>) -> Option<String> {
    let (s, r) = (source?, result?);
    Some(match own_run(source, result) {
        Some(_) => format!("With the heat of the Heat tab's run of “{}” ({} simulated seconds).", s.title, r.report.totals.seconds),
        None => format!("The Heat tab's run of the scenario “{}” simulates the scenario's own tables, so its heat is not read here: run “Use my model” for heat on this design.", s.title),
    })
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Analysis {
    pub checks: Vec<PatternCheck>,
    /// The seeds' index column for each check ("Main table", "GSI1 (sparse)").
    pub index_labels: Vec<String>,
    pub coverage: String,
    pub markdown: String,
    pub findings: Vec<Finding>,
    pub dismissed: Vec<DismissedFinding>,
}

pub fn analyse(p: &Playground, now: u64, heat: Option<&Heat>) -> Analysis {
    let model = p.to_model();
    let checks = check_all(&model, p.database(), now);
    let findings = advise(&Context::new(&model, &checks, heat));
    Analysis {
        index_labels: checks.iter().map(|c| index_label(&model, c)).collect(),
        coverage: coverage(&checks),
        markdown: export(&model, &checks),
        findings,
        dismissed: p.dismissed_findings.clone(),
        checks,
    }
}
