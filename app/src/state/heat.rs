//! The Heat tab's latest run, as the rest of the playground reads it.
//!
//! Only a run of the person's own model is heat for the advisor: a seed scenario simulates its own
//! tables, so its throttled keys say nothing about this design.

use std::sync::Arc;

use sim::report::Report;

/// What the Heat tab last ran and what the simulator reported.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatRun {
    /// The scenario's or the model's title, for "with the heat of the run of …".
    pub title: String,
    /// A run of the person's own model (not a seed scenario).
    pub own_model: bool,
    pub report: Arc<Report>,
}

impl HeatRun {
    /// The heat the advisor reads: this run's, when it is a run of the model itself.
    pub fn model_heat(&self) -> Option<advisor::Heat> {
        self.own_model.then(|| advisor::Heat::from_report(&self.report))
    }

    /// The line above the advisor's findings saying which heat they read, or why this run's is not read.
    pub fn note(&self) -> String {
        if self.own_model {
            format!("With the heat of the Heat tab's run of “{}” ({} simulated seconds).", self.title, self.report.totals.seconds)
        } else {
            format!(
                "The Heat tab's run of the scenario “{}” simulates the scenario's own tables, so its heat is not read here: run “Use my model” for heat on this design.",
                self.title
            )
        }
    }
}
